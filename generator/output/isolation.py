"""Text in another direction than its page's, isolated: every element marked with a language
written the other way (a Latin name on a Hebrew page, a Hebrew one in the language menu of an
English page) gets that direction as its `dir`, so that the bidirectional algorithm lays it out
apart from the text around it; a language CLDR does not know gets dir="auto". Also a MkDocs
hook: every page of a language's site so."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from generator.facts.direction import direction

if TYPE_CHECKING:  # the hook's arguments; the sheets and root pages need no MkDocs
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.pages import Page

# A lang attribute (attribute values are escaped: no quote, no `<` or `>` inside them).
_LANG = re.compile(r'\slang="([^"<>]*)"')
_ROOT = re.compile(r'<html lang="[^"<>]*"')


def isolated(html: str, page_lang: str, languages: tuple[str, ...]) -> str:
    """The page's HTML with its marks of other-direction languages given their `dir` (its root
    keeps its own); unchanged where neither the page nor any of `languages` is written right
    to left."""
    page = direction(page_lang) or "ltr"
    if page == "ltr" and all(direction(code) != "rtl" for code in languages):
        return html
    pieces: list[str] = []
    done = 0
    for mark in _LANG.finditer(html):
        own = direction(mark[1])
        if own == page:
            continue
        tag = html[html.rfind("<", 0, mark.start()):html.find(">", mark.end()) + 1]
        if tag.startswith("<html") or ' dir="' in tag:
            continue
        pieces += (html[done:mark.end()], f' dir="{own or "auto"}"')
        done = mark.end()
    return "".join(pieces) + html[done:]


def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    languages = config.extra["languages"]  # the language menu's: the site's, its own current
    own = next(entry["lang"] for entry in languages if entry["current"])
    # Material gives only <body> the direction, and the root the language of its own interface
    # (English where it has none, as for zh-Hans): the root states the page's, as a sheet's does.
    root = f'<html dir="{direction(own) or "ltr"}" lang="{own}"'
    output = _ROOT.sub(lambda _: root, output, count=1)
    return isolated(output, own, tuple(entry["lang"] for entry in languages))
