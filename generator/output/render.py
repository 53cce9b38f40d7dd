"""Corpus → Markdown pages per language (Jinja2 + Babel), into build/<lang>/docs/."""
from __future__ import annotations

import html
import json
import re
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup

from generator.facts.catalogs import translations
from generator.facts.languages import display_name
from generator.facts.official import OfficialTexts
from generator.resolve import Corpus
from generator.views import labels
from generator.views.characters import (
    character_view,
    other_language,
    script_view,
    team_views,
)
from generator.views.onuw import artifact_views, role_set_views, role_views, rulebook, wake_rows

# HTML's and Markdown's marks as numeric references: one form that stays text in Markdown,
# in raw HTML, in attributes, in YAML front matter and in the titles MkDocs prints unescaped.
_INERT = str.maketrans({mark: f"&#{ord(mark)};" for mark in "&<>\"'\\`*_{}[]()!|#\n\r"})
# Lone surrogates (JSON can carry them; UTF-8 cannot) and control characters other than line
# ends (HTML has no place for them) become the replacement character.
_SURROGATE = re.compile("[\ud800-\udfff\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def inert(value: Any) -> Markup:
    """Every value a template prints: data becomes text, never markup (the environment's
    finalize)."""
    if hasattr(value, "__html__"):
        return Markup(value)
    return Markup(_SURROGATE.sub("\ufffd", str(value)).translate(_INERT))


def yaml_scalar(text: str) -> Markup:
    """A front-matter title: plain text, even when joined to a UI string (`~` escapes for HTML
    only). MkDocs prints titles unescaped as HTML text (page title, nav, heading) and puts them
    in the search index as they are: HTML's three marks are escaped, nothing more, so "Devil's"
    is still found as written. JSON strings are YAML scalars; ASCII-only, so YAML refuses no
    character."""
    plain = text.unescape() if isinstance(text, Markup) else str(text)
    return Markup(json.dumps(html.escape(_SURROGATE.sub("\ufffd", plain), quote=False)))


@dataclass(frozen=True)
class Page:
    path: str  # relative to docs/, e.g. "characters/noble.md"
    template: str
    context: dict[str, Any]


def _file_lang(corpus: Corpus, file: str) -> str:
    """The language of a corpus file: the folder it lies in."""
    folder = PurePosixPath(file).parent.name
    return folder if corpus.languages.get(folder) else corpus.languages.default.code


def _team_label(corpus: Corpus, team: str, lang: str) -> str:
    found = corpus.glossary.team(team)
    return found.label(lang) if found else team


def environment(templates: Path, lang: str, corpus: Corpus) -> Environment:
    env = Environment(loader=FileSystemLoader(templates), autoescape=True, finalize=inert,
                      undefined=StrictUndefined,
                      trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
    tr = translations(lang)

    def gettext(message: str, **variables: Any) -> Markup:
        # Jinja's own would escape the variables for HTML only, not for Markdown.
        return Markup(tr.gettext(message)) % {k: inert(v) for k, v in variables.items()}
    env.globals.update(_=gettext, gettext=gettext)
    env.filters.update(yaml=yaml_scalar)
    env.globals.update(
        lang=lang, other_lang=other_language(corpus, lang),
        languages=corpus.languages.all,
        # "Korean" on an English page; the name languages.yaml gives where Babel has none.
        language_name=lambda code: display_name(code, lang) or corpus.languages[code].name,
        team_name=lambda team: _team_label(corpus, team, lang),
        section_title=lambda key: tr.gettext(labels.SECTIONS[key]),
        status_name=lambda key: tr.gettext(labels.STATUSES[key]),
        file_lang=lambda file: _file_lang(corpus, file))
    return env


def _root(path: str) -> str:
    """From a page's source file to the docs root, for Markdown links (MkDocs resolves those)."""
    return "../" * path.count("/")


def _html_root(path: str) -> str:
    """From a page's URL to the site root, for links in raw HTML: with directory URLs,
    characters/noble.md is served at characters/noble/, one level deeper than its file."""
    depth = path.count("/") + (0 if path.endswith("index.md") else 1)
    return "../" * depth


def pages(corpus: Corpus, lang: str, extra: list[Page],
          official: OfficialTexts | None = None) -> Iterator[Page]:
    teams = team_views(corpus, lang)
    scripts = [script_view(corpus, s, lang) for s in corpus.scripts]
    extra_paths = {p.path for p in extra}
    book = rulebook(corpus)
    yield Page("index.md", "home.md.j2", {"teams": teams, "scripts": scripts,
                                          "onuw": book is not None})
    for team in teams:
        yield Page(f"teams/{team.team}.md", "team.md.j2", {"team": team})
    for character in corpus.characters:
        if character.game == "botc":
            yield Page(f"characters/{character.id}.md", "character.md.j2",
                       {"c": character_view(corpus, character, lang, official)})
    yield Page("scripts/index.md", "scripts.md.j2", {"scripts": scripts})
    for script in scripts:
        yield Page(f"scripts/{script.id}.md", "script.md.j2",
                   {"s": script, "sheets": f"nightsheets/{script.id}-first.md" in extra_paths})
    if book:
        roles = role_views(corpus, lang)
        yield Page("onuw/index.md", "onuw/index.md.j2", {"roles": roles})
        for role in roles:
            yield Page(f"onuw/roles/{role.id}.md", "onuw/role.md.j2", {"r": role})
        yield Page("onuw/wake-order.md", "onuw/wake-order.md.j2", {
            "daybreak": wake_rows(corpus, book.wake_order_alone, lang),
            "combined": wake_rows(corpus, book.wake_order_combined, lang)})
        yield Page("onuw/artifacts.md", "onuw/artifacts.md.j2",
                   {"artifacts": artifact_views(corpus, lang)})
        yield Page("onuw/role-sets.md", "onuw/role-sets.md.j2",
                   {"sets": role_set_views(corpus, lang),
                    "narration": "nightsheets/onuw-set-1.md" in extra_paths})
    yield from extra


def rendered(corpus: Corpus, lang: str, templates: Path, extra: list[Page],
             official: OfficialTexts | None = None) -> Iterator[tuple[str, str]]:
    """(path, Markdown) of every page of one language, in order."""
    env = environment(templates, lang, corpus)
    for page in pages(corpus, lang, extra, official):
        yield page.path, env.get_template(page.template).render(
            root=_root(page.path), html_root=_html_root(page.path), **page.context)


def redirect_page(corpus: Corpus, templates: Path) -> str:
    """The site's root: sends the browser to the language it asks for, else the default."""
    env = environment(templates, corpus.languages.default.code, corpus)
    return env.get_template("redirect.html.j2").render(languages=corpus.languages.all)


def render_docs(corpus: Corpus, lang: str, templates: Path, docs: Path,
                extra: list[Page], official: OfficialTexts | None = None) -> list[str]:
    """Write every page of one language; return their paths in order."""
    if docs.exists():
        shutil.rmtree(docs)
    written = []
    for path, text in rendered(corpus, lang, templates, extra, official):
        target = docs / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        written.append(path)
    assets = docs / "assets"
    shutil.copytree(templates / "assets", assets, dirs_exist_ok=True)
    return written
