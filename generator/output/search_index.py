"""MkDocs hook: the search index as the almanac's search reads it. Material writes every letter
outside ASCII as a \\uXXXX escape, which makes a Korean index half as large again: it is written
as UTF-8, the offline site's inlined copy too (Material's offline plugin, which runs after this,
copies it as it is). The documents lose the HTML tags the results do not need, the ability a
summary quotes and the sections without text; a page's names that it does not show (front
matter `search_words`) are a field of their own, `words`, found as a title is and never shown
in a result's text. The index
carries the site's synonym table (extra.search_words) to the search, which reads it from the
title field's settings (lunr keeps a field's settings and nothing else of the index's config).
The almanac's search script (the theme's lunr.multi.min.js) is served without its comments,
which are for its readers in the theme and a third of its bytes."""
from __future__ import annotations

import json
import os
import re
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import event_priority
from mkdocs.structure.pages import Page

# The block tags Material keeps in a document's text; its results show the text without them.
_TAGS = re.compile(r"\s*</?(?:p|ul|ol|li)>\s*")
# The ability a section opens with, quoted (an almanac's summary): the page's first document
# holds the ability, which search finds the page by.
_QUOTED_ABILITY = re.compile(r'^(?:"[^"]{20,}"|“[^”]{20,}”)\s*')


# Whole-line comments of the search script: /* … */ blocks and // lines (no code line holds one).
_COMMENTS = re.compile(r"^[ \t]*/\*.*?\*/[ \t]*\n|^[ \t]*//[^\n]*\n", re.S | re.M)
SCRIPT = Path("assets") / "javascripts" / "lunr" / "min" / "lunr.multi.min.js"


def without_comments(script: str) -> str:
    return _COMMENTS.sub("", script)


def _plain(text: str) -> str:
    return _TAGS.sub(" ", text).strip()


# location → the names its page is found by and does not show, for the build under way.
_WORDS: dict[str, str] = {}


def on_pre_build(config: MkDocsConfig) -> None:
    _WORDS.clear()


def on_page_context(context: dict, page: Page, config: MkDocsConfig, nav: object) -> dict:
    if words := page.meta.get("search_words"):
        _WORDS[page.url] = str(words)
    return context


@event_priority(-50)  # after the search plugin has written the index, before the offline plugin
def on_post_build(config: MkDocsConfig) -> None:
    script = Path(config.site_dir) / SCRIPT
    if script.is_file():
        # A new file, not the old one rewritten: another language's site may share its inode.
        written = script.with_name(f".{script.name}.almanac")
        written.write_text(without_comments(script.read_text(encoding="utf-8")),
                           encoding="utf-8")
        os.replace(written, script)
    index = Path(config.site_dir) / "search" / "search_index.json"
    if not index.is_file():
        return
    data = json.loads(index.read_text(encoding="utf-8"))
    docs = []
    for doc in data["docs"]:
        doc["text"] = _plain(doc["text"])
        if "#" in doc["location"]:
            doc["text"] = _QUOTED_ABILITY.sub("", doc["text"])
        # A section with no text would be found by its heading alone ("How to Run"), on every page.
        if doc["text"] or "#" not in doc["location"]:
            docs.append(doc)
        if "#" in doc["location"]:  # a page's boost ranks its pages; its sections rank by text
            doc.pop("boost", None)
        elif doc["location"] in _WORDS:
            doc["words"] = _WORDS[doc["location"]]
    data["docs"] = docs
    data["config"]["fields"]["words"] = {"boost": data["config"]["fields"]["title"]["boost"]}
    words = config.extra.get("search_words")
    if words:
        data["config"]["fields"]["title"]["words"] = words
    index.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")),
                     encoding="utf-8")
