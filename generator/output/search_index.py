"""MkDocs hook: the search index as UTF-8. Material writes every letter outside ASCII as a
\\uXXXX escape, which makes a Korean index half as large again; the documents stay the same."""
from __future__ import annotations

import json
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import event_priority


@event_priority(-100)  # after the search plugin has written the index
def on_post_build(config: MkDocsConfig) -> None:
    index = Path(config.site_dir) / "search" / "search_index.json"
    data = json.loads(index.read_text(encoding="utf-8"))
    index.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")),
                     encoding="utf-8")
