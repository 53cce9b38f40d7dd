"""The theme's files, the same in every language's site, kept once on disk: MkDocs copies the
theme into each site it builds and cannot share one between sites, so each language's copy of a
file under assets/ that is byte for byte the first language's becomes a hard link to it."""
from __future__ import annotations

import os
from contextlib import suppress
from pathlib import Path


def link_alike(site: Path, langs: list[str]) -> int:
    """Hard-link the alike assets of site/<lang>/ for every lang after the first; the bytes
    saved. A file system without hard links keeps the copies (only larger)."""
    if len(langs) < 2:
        return 0
    first = site / langs[0]
    saved = 0
    for path in sorted(p for p in (first / "assets").rglob("*") if p.is_file()):
        data = path.read_bytes()
        for lang in langs[1:]:
            other = site / lang / path.relative_to(first)
            if not other.is_file() or other.stat().st_size != len(data) or \
                    other.read_bytes() != data:
                continue
            partial = other.with_name(f".{other.name}.almanac-link")
            with suppress(OSError):
                os.link(path, partial)
                os.replace(partial, other)
                saved += len(data)
            partial.unlink(missing_ok=True)
    return saved
