"""Corpus → Markdown pages per language (Jinja2 + Babel), into build/<lang>/docs/."""
from __future__ import annotations

import hashlib
import html
import json
import os
import re
from collections.abc import Iterable, Iterator
from contextlib import suppress
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from jinja2 import (
    BytecodeCache,
    Environment,
    FileSystemLoader,
    StrictUndefined,
    nodes,
    pass_context,
)
from jinja2.bccache import Bucket
from jinja2.compiler import CodeGenerator, Frame
from markupsafe import Markup

from generator.facts.catalogs import has_catalog, translations
from generator.facts.interface_words import Words, official_words
from generator.facts.language_codes import native_name
from generator.facts.languages import autonyms, display_name
from generator.model import Corpus
from generator.output.isolation import isolated
from generator.views import labels
from generator.views.characters import other_language
from generator.views.writing import written_in

if TYPE_CHECKING:  # the page kinds import every view: a sheet printed needs none of them
    from generator.output.page_kinds import Page

# HTML's and Markdown's marks as numeric references: one form that stays text in Markdown,
# in raw HTML, in attributes, in YAML front matter and in the titles MkDocs prints unescaped.
_INERT = str.maketrans({mark: f"&#{ord(mark)};" for mark in "&<>\"'\\`*_{}[]()!|#\n\r"})
# Lone surrogates (JSON can carry them; UTF-8 cannot) and control characters other than line
# ends (HTML has no place for them) become the replacement character.
_SURROGATE = re.compile("[\ud800-\udfff\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def inert(value: Any) -> Markup:
    """Every value a template prints: data becomes text, never markup (the environment's
    finalize)."""
    if type(value) is str:  # most values: plain text, often the same (a status, a code)
        return _inert_text(value)
    if hasattr(value, "__html__"):
        return Markup(value)
    return _inert_text(str(value))


@lru_cache(maxsize=65536)
def _inert_text(text: str) -> Markup:
    return Markup(_SURROGATE.sub("\ufffd", text).translate(_INERT))


# A placeholder of a UI string (%(count)d, %(name)s), kept as it is when the rest is made text.
_PLACEHOLDER = re.compile(r"(%\([a-z_]+\)[-#0 +]*\d*(?:\.\d+)?[dsf])")


def _inert_template(text: str) -> Markup:
    """A UI string with variables as text around its placeholders; a lone `%` is text too."""
    return Markup("".join(part if index % 2 else inert(part).replace("%", "%%")
                          for index, part in enumerate(_PLACEHOLDER.split(text))))


# A UI string shown in English on a page in another language.
_ENGLISH = Markup('<span lang="en">%s</span>')


class _LanguageName(str):
    """A language's name in the page's language, which an English sentence of a page without
    a catalog of its own takes in English ("In English", not "In Englisch")."""

    english: str

    @classmethod
    def of(cls, name: str, english: str) -> _LanguageName:
        made = cls(name)
        made.english = english
        return made
_ENGLISH_TAGS = re.compile(r'<span lang="en">|</span>')


def yaml_scalar(text: str, attribute: bool = False) -> Markup:
    """A front-matter title: plain text, even when joined to a UI string (`~` escapes for HTML
    only). MkDocs prints titles unescaped as HTML text (page title, nav, heading) and puts them
    in the search index as they are: HTML's three marks are escaped, nothing more, so "Devil's"
    is still found as written. JSON strings are YAML scalars; ASCII-only, so YAML refuses no
    character. attribute: a value Material prints unescaped into an attribute (the page's
    description), its quotes escaped too."""
    # Markup: the only tags it can hold are the English marks of UI strings (data is escaped).
    plain = Markup(_ENGLISH_TAGS.sub("", text)).unescape() if isinstance(text, Markup) \
        else str(text)
    return Markup(json.dumps(html.escape(_SURROGATE.sub("\ufffd", plain), quote=attribute)))


def _file_lang(corpus: Corpus, file: str) -> str:
    """The language of a corpus file: the folder it lies in."""
    folder = PurePosixPath(file).parent.name
    return folder if corpus.languages.get(folder) else corpus.languages.default.code


def _own_name(corpus: Corpus, code: str) -> str:
    """A language's own name: languages.yaml's where the site has it (a language of a set built
    alone may name another, English, as its texts' source), else CLDR's, else its code."""
    found = corpus.languages.get(code)
    return found.name if found else native_name(code) or code


def _team_lang(corpus: Corpus, team: str, lang: str) -> str:
    """The language a team is named in on lang's pages: lang's, else the first along its
    fallbacks that names it (the Hebrew data has no word for the Townsfolk)."""
    found = corpus.glossary.team(team)
    if found is None or lang in found.labels:
        return lang
    return next((code for code in corpus.languages.others(lang) if code in found.labels), lang)


def _team_label(corpus: Corpus, team: str, lang: str) -> str:
    found = corpus.glossary.team(team)
    return found.label(_team_lang(corpus, team, lang)) if found else team


def _team_singular(corpus: Corpus, team: str, lang: str) -> str:
    found = corpus.glossary.team(team)
    return found.singular(_team_lang(corpus, team, lang)) if found else team


_ENVIRONMENT_CODE = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:16]


class CompiledTemplates(BytecodeCache):
    """Compiled templates kept in memory by name and source: a new environment (one per language
    and build, its globals bound to the corpus) reuses them instead of compiling again, which
    would be most of a live-preview update. With a folder, kept there too, for the next build's
    language processes (compiling is a fifth of rendering a language)."""

    def __init__(self, folder: Path | None = None) -> None:
        self._code: dict[str, bytes] = {}
        self.folder = folder

    def get_cache_key(self, name: str, filename: str | None = None) -> str:
        # What a template compiles to depends on this module's environment (how each filter is
        # called), so a folder kept by another version of it is not taken.
        return super().get_cache_key(f"{_ENVIRONMENT_CODE}:{name}", filename)

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self._code.get(bucket.key)
        if code is None and self.folder:
            with suppress(OSError):
                code = (self.folder / bucket.key).read_bytes()
        if code is not None:
            try:
                bucket.bytecode_from_string(code)  # ignored if the source or Python changed
            except Exception:  # a damaged entry, which Jinja unpickles: compiled anew
                bucket.reset()

    def dump_bytecode(self, bucket: Bucket) -> None:
        self._code[bucket.key] = code = bucket.bytecode_to_string()
        if self.folder:
            with suppress(OSError):  # a cache: a build without it is only slower
                self.folder.mkdir(parents=True, exist_ok=True)
                # Whole or not at all: the other language's process may read it meanwhile.
                partial = self.folder / f".{bucket.key}.{os.getpid()}"
                try:
                    partial.write_bytes(code)
                    os.replace(partial, self.folder / bucket.key)
                finally:
                    partial.unlink(missing_ok=True)


# The site's templates and the theme's (output/site.py), one store for both.
COMPILED = CompiledTemplates()


def keep_compiled(folder: Path) -> None:
    """Keep the compiled templates in folder from now on, and take those it has."""
    COMPILED.folder = folder


def page_link(url: str, directory_urls: bool = True) -> str:
    """A link to a page, written as with directory URLs ("characters/noble/" for
    characters/noble.md, "report/#x", "" for index.md), in the site's form: unchanged, or to the
    page's .html file for a site opened from its files."""
    if directory_urls:
        return url
    path, mark, fragment = url.partition("#")
    path = f"{path.removesuffix('/')}.html" if path else "index.html"
    return path + mark + fragment


class _Compiler(CodeGenerator):
    """Templates whose printed values go through inert alone: it returns markup already, which
    Jinja's escape around it would only copy again (twice: escape, then Markup)."""

    def _output_child_pre(self, node: nodes.Expr, frame: Frame,
                          finalize: CodeGenerator._FinalizeInfo) -> None:
        if finalize.src is None or frame.eval_ctx.volatile or not frame.eval_ctx.autoescape:
            super()._output_child_pre(node, frame, finalize)
            return
        self.write("(")  # in place of "escape(", closed as it would be
        self.write(finalize.src)


class _Environment(Environment):
    code_generator_class = _Compiler


def environment(templates: Path, lang: str, corpus: Corpus,
                directory_urls: bool = True, words: Words = ()) -> Environment:
    """words: the official tools' words of UI strings, for a language without a catalog."""
    env = _Environment(loader=FileSystemLoader(templates), autoescape=True, finalize=inert,
                       undefined=StrictUndefined, bytecode_cache=COMPILED,
                       trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
    tr = translations(lang, words)
    plain: dict[str, Markup] = {}  # the UI strings without variables, each translated once
    # A language without a catalog shows the strings no official word is given for in English,
    # said so for readers and screen readers (attributes take them `| striptags`).
    worded = getattr(tr, "worded", None)

    def marked(message: str, text: Markup) -> Markup:
        return text if worded is None or worded(message) else _ENGLISH % text

    def gettext(message: str, **variables: Any) -> Markup:
        # A catalog's words and the official tools' are data like any other: text, never markup.
        if not variables:
            found = plain.get(message)
            if found is None:
                plain[message] = found = marked(message, inert(tr.gettext(message)))
            return found
        # Jinja's own would escape the variables for HTML only, not for Markdown.
        english = worded is not None and not worded(message)
        values = {k: inert(v.english if english and isinstance(v, _LanguageName) else v)
                  for k, v in variables.items()}
        try:
            return marked(message, _inert_template(tr.gettext(message)) % values)
        except (KeyError, ValueError, TypeError):  # a translation whose placeholders are not
            return _inert_template(message) % values  # the string's: the string itself
    env.globals.update(_=gettext, gettext=gettext,
                       # A title in English on such a page says so (front matter title_lang).
                       in_english=lambda message: worded is not None and not worded(message))
    # pass_context: Jinja would otherwise apply the filter to a constant ("" | link) when it
    # compiles, and the compiled template is kept for builds of the other kind of site.
    env.filters.update(yaml=yaml_scalar,
                       link=pass_context(lambda _, url: page_link(url, directory_urls)))
    env.globals.update(
        lang=lang, other_lang=other_language(corpus, lang),
        catalogued=has_catalog(lang),  # its own UI strings: else the pages word less in sentences
        languages=corpus.languages.all,
        # Each name marked with its language: 한국어 is Korean on an English page.
        site_languages=Markup(autonyms(corpus.languages, lang, lambda language: str(
            Markup('<span lang="{}">{}</span>').format(language.code, language.name)))),
        # "Korean" on an English page; the name languages.yaml gives where Babel has none.
        language_name=lambda code: _LanguageName.of(
            display_name(code, lang) or _own_name(corpus, code),
            display_name(code, "en") or _own_name(corpus, code)),
        team_name=lambda team: _team_label(corpus, team, lang),
        team_singular=lambda team: _team_singular(corpus, team, lang),
        team_lang=lambda team: _team_lang(corpus, team, lang),
        section_title=lambda key: tr.gettext(labels.SECTIONS[key]),
        section_label=lambda key: labels.SECTIONS[key],
        status_name=lambda key: tr.gettext(labels.STATUSES[key]),
        severity_name=lambda key: tr.gettext(labels.SEVERITIES[key]),
        file_lang=lambda file: _file_lang(corpus, file),
        # A line's language: its letters', where they tell, else its file's.
        text_lang=lambda text, file: written_in(corpus.languages, text) or _file_lang(corpus, file))
    return env


def _root(path: str) -> str:
    """From a page's source file to the docs root, for Markdown links (MkDocs resolves those)."""
    return "../" * path.count("/")


def _html_root(path: str, directory_urls: bool = True) -> str:
    """From a page's URL to the site root, for links in raw HTML: with directory URLs,
    characters/noble.md is served at characters/noble/, one level deeper than its file."""
    deeper = directory_urls and not path.endswith("index.md")
    return "../" * (path.count("/") + deeper)


# The Markdown of each (language, page path) with the page it was rendered from: a page that
# compares equal (template and view data) is not rendered again. Valid while the templates and
# the data files (which the environment's globals read) stay as they were.
Known = dict[tuple[str, str], tuple["Page", str]]


def rendered(corpus: Corpus, lang: str, templates: Path, pages: Iterable[Page],
             known: Known | None = None,
             directory_urls: bool = True) -> Iterator[tuple[str, str]]:
    """(path, Markdown) of each page of one language (output/page_kinds.py's site_pages), in
    order."""
    env = environment(templates, lang, corpus, directory_urls,
                      official_words(corpus.official, lang))
    for page in pages:
        before = known.get((lang, page.path)) if known is not None else None
        if before is not None and before[0] == page:
            yield page.path, before[1]
            continue
        text = env.get_template(page.template).render(
            root=_root(page.path), html_root=_html_root(page.path, directory_urls),
            **page.context)
        if known is not None:
            known[(lang, page.path)] = (page, text)
        yield page.path, text


def _fonts(templates: Path) -> Markup:
    """The stylesheet of each writing system's font, inline in a page outside every language's
    site (which names each language in its own letters)."""
    return Markup((templates / "assets" / "fonts.css").read_text(encoding="utf-8"))


def redirect_page(corpus: Corpus, templates: Path, directory_urls: bool = True) -> str:
    """The site's root: sends the browser to the language it asks for; a browser in none of the
    site's languages to English, the game's own language (most of its players read it), where
    the site has it, else to the default."""
    env = environment(templates, corpus.languages.default.code, corpus, directory_urls)
    unmatched = (corpus.languages.get("en") or corpus.languages.default).code
    return isolated(env.get_template("redirect.html.j2").render(
        languages=corpus.languages.all, unmatched=unmatched, fonts=_fonts(templates)),
        corpus.languages.default.code, corpus.languages.codes)


@dataclass(frozen=True)
class NotFound:
    """The missing-page page in one language."""

    lang: str
    title: str
    text: str
    home: str


def not_found_page(corpus: Corpus, templates: Path, site_url: str,
                   directory_urls: bool = True) -> str:
    """The site's root 404.html, which static hosts and `serve` answer for a missing address: in
    every language, the reader's first; its links from the site's root (the path of site_url)."""
    env = environment(templates, corpus.languages.default.code, corpus, directory_urls)
    texts = []
    # In each language with an interface catalog: another's would be the English words marked
    # as that language; every language's home is linked below, by its own name.
    written = [language for language in corpus.languages.all if has_catalog(language.code)] \
        or [corpus.languages.default]
    for language in written:
        tr = translations(language.code)
        texts.append(NotFound(language.code, tr.gettext("Page not found"),
                              tr.gettext("There is no page at this address."),
                              tr.gettext("Go to the home page of %(site)s") % {
                                  "site": language.site_name}))
    # Opened from its files, a site has no missing addresses, nor a root to name.
    base = "" if not directory_urls else \
        urlsplit(site_url).path.rstrip("/") + "/" if site_url else "/"
    others = [language for language in corpus.languages.all if language not in written]
    return isolated(env.get_template("not-found.html.j2").render(pages=texts, base=base,
                                                                 others=others,
                                                                 fonts=_fonts(templates)),
                    corpus.languages.default.code, corpus.languages.codes)


@dataclass(frozen=True)
class Docs:
    """A language's docs/ folder as render_docs left it."""

    paths: tuple[str, ...]  # every page, in order
    changed: frozenset[str]  # files written or removed, relative to docs/
    # Every page's title as its front matter gives it: the menu names its pages by these, so
    # that a dirty build, which reads only the pages it rebuilds, still names every entry.
    titles: dict[str, str] = field(default_factory=dict, hash=False)


def render_docs(corpus: Corpus, lang: str, templates: Path, docs: Path,
                pages: Iterable[Page],
                known: Known | None = None, directory_urls: bool = True) -> Docs:
    """Bring docs/ to every page of one language and the assets. A file is written only when
    its bytes differ, so that MkDocs' dirty build (which goes by modification times) rebuilds
    only those; files no longer made are removed."""
    from mkdocs.utils.meta import get_data  # here: the sheets, which render too, need no MkDocs
    texts = dict(rendered(corpus, lang, templates, pages, known, directory_urls))
    titles = {path: str(get_data(text)[1].get("title", "")) for path, text in texts.items()}
    files = {path: text.encode("utf-8") for path, text in texts.items()}
    paths = tuple(files)
    assets = templates / "assets"
    files.update({f"assets/{p.relative_to(assets).as_posix()}": p.read_bytes()
                  for p in sorted(assets.rglob("*")) if p.is_file()})
    changed = set()
    for path, data in files.items():
        target = docs / path
        if not target.is_file() or target.read_bytes() != data:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
            changed.add(path)
    for stale in [p for p in docs.rglob("*")
                  if p.is_file() and p.relative_to(docs).as_posix() not in files]:
        stale.unlink()
        changed.add(stale.relative_to(docs).as_posix())
    return Docs(paths, frozenset(changed), titles)
