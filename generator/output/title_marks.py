"""MkDocs hook: a title in another language than its page's carries that language in Material's
menu, table of contents and header, as it does in <title> (templates/theme/main.html). A page
says so in its front matter: `title_lang`, and `title_name` where only the title's start is in
that language (a script's name before "· First night"); a section of the menu, in the config's
`extra.english_sections`. A heading says so with a lang attribute.
Material prints a `typeset` title as HTML where it would print the plain title."""
from __future__ import annotations

import html
import re
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import Files
from mkdocs.structure.nav import Navigation, Section
from mkdocs.structure.pages import Page
from mkdocs.utils.meta import get_data

_HEADING = re.compile(r"<h([1-6])\s([^>]*)>(.*?)</h\1>", re.S)
_ATTRIBUTE = re.compile(r'(\w+)="([^"]*)"')
_TOPIC = r'(data-md-component="header-topic">\s*<span class="md-ellipsis">\s*)'


def _text(title: str) -> str:
    """A title as HTML text: front matter titles are escaped already (render.py: yaml_scalar);
    escaping again what unescaping gives keeps them so and lets no tag through."""
    return html.escape(html.unescape(title), quote=False)


def marked(title: str, lang: str, name: str | None = None) -> str | None:
    """The title as HTML with its name (the whole title by default) in a span of its language;
    None where the title does not start with the name."""
    text, part = _text(title), _text(name if name is not None else title)
    if not part or not text.startswith(part):
        return None
    return f'<span lang="{html.escape(lang)}">{part}</span>{text[len(part):]}'


def _front_matter(page: Page) -> dict[str, Any]:
    """The page's front matter alone (the menu's pages are not read yet when the menu is made;
    a sheet's Markdown is long)."""
    if not page.file.abs_src_path:
        return {}
    lines = []
    with open(page.file.abs_src_path, encoding="utf-8-sig") as source:
        for number, line in enumerate(source):
            lines.append(line)
            if number and line.rstrip() == "---":
                break
    return get_data("".join(lines))[1]


def on_nav(nav: Navigation, config: MkDocsConfig, files: Files) -> Navigation:
    # Every entry of the menu, in every build (a dirty one reads only the pages it rebuilds).
    english = set(config.extra.get("english_sections", ()))
    for item in nav.items:
        if isinstance(item, Section) and item.title in english:
            item.typeset = {"title": marked(item.title, "en")}  # type: ignore[attr-defined]
    for page in nav.pages:
        meta = _front_matter(page)
        if meta.get("title") and meta.get("title_lang"):
            title = marked(str(meta["title"]), str(meta["title_lang"]), meta.get("title_name"))
            if title:
                page.typeset = {"title": title}  # type: ignore[attr-defined]
    return nav


def on_page_content(html_text: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    # Headings marked with their language: so are their entries in the table of contents.
    anchors = {item.id: item for item in _flatten(page.toc.items)}
    for _, attributes, inner in _HEADING.findall(html_text):
        found = dict(_ATTRIBUTE.findall(attributes))
        item = anchors.get(found.get("id", ""))
        if item is not None and found.get("lang"):
            item.typeset = {"title": f'<span lang="{found["lang"]}">{inner}</span>'}
    return html_text


def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    # The header prints the page's own title from its front matter, plain.
    title, lang = page.meta.get("title"), page.meta.get("title_lang")
    text = marked(str(title), str(lang), page.meta.get("title_name")) if title and lang else None
    if text is None:
        return output
    topic = re.compile(_TOPIC + re.escape(str(title)))
    return topic.sub(lambda match: match.group(1) + text, output, count=1)


def _flatten(items: list[Any]) -> list[Any]:
    return [found for item in items for found in (item, *_flatten(item.children))]
