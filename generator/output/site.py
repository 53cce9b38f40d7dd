"""build/<lang>/ → site/<lang>/: one MkDocs + Material build per language, swapped in whole."""
from __future__ import annotations

import html
import logging
import os
import re
from pathlib import Path
from typing import Any

import yaml
from jinja2 import BytecodeCache, Environment
from markupsafe import escape
from mkdocs.config import load_config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import ConfigurationError
from mkdocs.plugins import BasePlugin, event_priority

from generator.errors import AlmanacError
from generator.facts.catalogs import has_catalog, translations
from generator.facts.direction import direction
from generator.facts.interface_words import Words
from generator.facts.language_codes import language_tag
from generator.facts.languages import Language, Languages, autonyms
from generator.mkdocs_internals import (
    ALTERNATES,
    OWN_ALTERNATES,
    add_plugin,
    lunr_languages,
    material_bundles,
    material_languages,
    mkdocs_build,
    wrap_theme_env,
)
from generator.model import Corpus
from generator.output.render import COMPILED
from generator.output.theme_files import keep_listing
from generator.read.yaml_data import bounded, read_yaml_text
from generator.translatable import N_

SITE_DESCRIPTION = N_("The rules almanac of Blood on the Clocktower and One Night Ultimate "
                      "Werewolf: Daybreak, in %(languages)s. Find a character by typing its "
                      "name in any of them.")
MATERIAL_LANGUAGES = material_languages()
LUNR_LANGUAGES = lunr_languages()
# Languages whose lunr support is not loaded: Thai's and Hindi's load a segmenter too large for a
# phone's first search (wordcut.js, 660 KiB; the almanac's search cuts their words with the
# browser's own), Korean's has only stop words and a trimmer, which the almanac's search does
# without (8 KiB saved).
_NOT_LOADED = frozenset({"th", "hi", "ko"})


def material_language(code: str) -> str:
    """The translation of Material's interface a language takes (its code in either spelling,
    zh_Hans or zh-Hans): its own, else that of its tag less its last subtags (zh for zh-Hans,
    es for es-419, en for en@pirate), else English."""
    parts = language_tag(code).split("-x-")[0].split("-")
    return next(("-".join(parts[:n]) for n in range(len(parts), 0, -1)
                 if "-".join(parts[:n]) in MATERIAL_LANGUAGES), "en")


# The menu's sections, as the catalogs name them: a language without a catalog shows those the
# official tools do not word in English.
# The rules of the game, first in its section after the terms' list.
RULES_PAGE = "rules/game.md"
SECTIONS = (CHARACTERS, SCRIPTS, RULES, ONE_NIGHT, SHEETS) = (
    N_("Characters"), N_("Scripts"), N_("Rules"), N_("One Night"), N_("Sheets"))


def english_sections(navigation: list[Any], lang: str) -> list[str]:
    """The menu's section titles that a language without a catalog shows in English."""
    if has_catalog(lang):
        return []
    return [title for entry in navigation for title, value in entry.items()
            if isinstance(value, list) and title in SECTIONS]


def nav(corpus: Corpus, lang: str, titles: dict[str, str], words: Words = ()) -> list[Any]:
    """The menu: team pages, never characters or roles (their lists are on the home, team and
    One Night pages), so that a page's size does not grow with the corpus: Material renders the
    menu into every page, and navigation.prune renders only the open section of it. titles:
    every page's title, in page order; each entry is named by it. words: the official tools'
    words of UI strings, for a language without a catalog."""
    tr = translations(lang, words)
    # Material prints a section's title as HTML, as it does a page's (front matter titles are
    # escaped when written, output/render.py): a catalog's or the data's word is text.
    def title(message: str) -> str:
        return html.escape(tr.gettext(message), quote=False)

    paths = list(titles)
    teams = [{titles[page]: page} for team in corpus.glossary.teams
             if (page := f"teams/{team.id}.md") in titles]

    def under(prefix: str, but: str | None = None) -> list[Any]:
        return [{titles[p]: p} for p in paths
                if p.startswith(prefix) and not (but and p.startswith(but))]

    sections: list[Any] = [{title("Home"): "index.md"}]
    if teams:
        sections.append({title(CHARACTERS): teams})
    if corpus.scripts:
        sections.append({title(SCRIPTS): under("scripts/")})
    if rules := under("rules/"):
        # The terms' list, then the rules of the game, then each term.
        first = [entry for page in ("rules/index.md", RULES_PAGE) for entry in rules
                 if page in entry.values()]
        sections.append({title(RULES): first + [e for e in rules if e not in first]})
    if under("onuw/"):
        sections.append({title(ONE_NIGHT): under("onuw/", but="onuw/roles/")})
    if under("nightsheets/") or under("scriptsheets/"):
        sections.append({title(SHEETS): under("scriptsheets/") + under("nightsheets/")})
    if "report.md" in paths:  # its summary; its parts, which grow with the corpus, link it
        sections.append({title("Translator's report"): "report.md"})
    return sections


def write_config(build_dir: Path, language: Language, languages: Languages, site_dir: Path,
                 site_url: str, navigation: list[Any], base: Path, offline: bool = False,
                 words: dict[str, tuple[tuple[str, ...], ...]] | None = None) -> Path:
    """site_url: "" where it is not known (no canonical links, a sitemap of paths); offline: a
    site that works opened from its files (Material's offline plugin, pages as .html files, the
    search worker run through the theme's own copy of iframe-worker, never a CDN's); words: the
    search's synonyms by language."""
    bounded(read_yaml_text(base), base)  # MkDocs' loader would recurse past the stack
    words = words or {}
    # Search in the languages Material's lunr supports, and English (names are found in it too);
    # never two alike, but always two: Material loads its multi-language script, which carries the
    # almanac's search (templates/theme/assets/javascripts/lunr/min/lunr.multi.min.js), for two.
    # lunr names a language by its primary subtag (zh for zh-Hans and zh_Hans).
    langs = [code for code in dict.fromkeys(
                 [re.split(r"[-_@]", code)[0] for code in (*language.search_langs, "en")])
             if code in LUNR_LANGUAGES and code not in _NOT_LOADED]
    # A title counts 10 times its page's text (Material's 1000 let a name that holds a common
    # word, "악마의 변호사", outrank the character whose ability has every word of the query).
    # No stop words taken out of the index ("either" tells the Fortune Teller's ability): the
    # search leaves out of a query those that tell nothing.
    search: dict[str, Any] = {"lang": langs if len(langs) > 1 else ["en", "en"],
                              "fields": {"title": {"boost": 10}}, "pipeline": []}
    if language.search_separator:
        search["separator"] = language.search_separator
    config = {
        "INHERIT": os.path.relpath(base, build_dir),
        "site_name": language.site_name,
        # Every page's meta description but a character's (its ability); printed unescaped.
        "site_description": html.escape(translations(language.code).gettext(SITE_DESCRIPTION) % {
            "languages": autonyms(languages, language.code)}),
        "site_url": f"{site_url.rstrip('/')}/{language.code}/" if site_url else None,
        "docs_dir": "docs",
        "site_dir": os.path.relpath(site_dir, build_dir),
        # Material's UI in the language where it has it, else English; the direction CLDR gives
        # the language, whichever UI that is.
        "theme": {"language": material_language(language.code),
                  "direction": direction(language.code) or "ltr",
                  "custom_dir": os.path.relpath(base.parent / "templates" / "theme", build_dir)},
        "plugins": [{"search": search}, *(["offline"] if offline else [])],
        "use_directory_urls": not offline,
        # Korean stemming and typo tolerance are in the theme (its lunr.multi); the hooks write
        # the index as UTF-8, mark titles in another language in the menu and header, and
        # isolate text written the other way than the page.
        "hooks": [str(Path(__file__).with_name(hook))
                  for hook in ("search_index.py", "title_marks.py", "isolation.py")],
        # The language menu (templates/theme/partials/alternate.html) links each page to its
        # counterpart by a relative URL. `alternate` only switches Material's menu on: as a list
        # it would also have Material's script send readers by a sitemap of the site_url.
        "extra": {"alternate": True, "lang_tag": language.code,
                  # the root of every language's site, for absolute hreflang links
                  "site_root": f"{site_url.rstrip('/')}/" if site_url else "",
                  # marked lang="en" in the menu (output/title_marks.py)
                  "english_sections": english_sections(navigation, language.code),
                  # The synonym table (content/rules.yaml) of the search's languages; the
                  # search_index hook hands it to the search with the index.
                  "search_words": [list(group) for code in dict.fromkeys(
                                       [language.code, *language.search_langs, "en"])
                                   for group in words.get(code, ())],
                  "languages": [{"name": other.name, "lang": other.code,
                                 "current": other.code == language.code}
                                for other in languages.all],
                  **({"polyfills": ["assets/javascripts/iframe-worker/shim.js"]}
                     if offline else {})},
        "nav": navigation,
    }
    path = build_dir / "mkdocs.yml"
    path.write_text(yaml.safe_dump(config, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def site_config(config: Path, strict: bool = False) -> MkDocsConfig:
    """A language's MkDocs config, with the project's mkdocs.yml it inherits; an error in
    either is one line at its file and line, never a traceback."""
    try:
        loaded = load_config(config_file=str(config), strict=strict)
    except ConfigurationError as err:
        text = " ".join(str(err).split())
        places = re.findall(r'in "([^"]+)", line (\d+)', text)
        where = f"{places[-1][0]}:{places[-1][1]}" if places else str(config)
        raise AlmanacError(re.sub(r'\s*in "[^"]+", line \d+, column \d+', "", text),
                           where) from err
    # MkDocs' templates print the site's name unescaped (Material's title, header and menu):
    # as Markup it is text there, and `| e` leaves it as it is.
    loaded["site_name"] = escape(loaded["site_name"])
    return loaded


class ThemeOnce(BasePlugin):
    """What MkDocs redoes from the theme at every build, though the theme stays the same: the
    compilation of its templates (a seventh of a build), kept in `cache`, and the list of its
    files (theme_files), kept in `folder` where one is given. Every language's build, the next
    build and every update of the preview take them."""

    def __init__(self, cache: BytecodeCache, folder: Path | None) -> None:
        self.cache, self.folder = cache, folder

    # Before the search plugin's: it renders the theme's language templates in its own.
    @event_priority(100)
    def on_config(self, config: MkDocsConfig) -> None:
        wrap_theme_env(config, self._keep)

    def _keep(self, env: Environment) -> None:
        env.bytecode_cache = self.cache
        if self.folder:
            keep_listing(env, self.folder)


class OwnAlternates(BasePlugin):
    """Material's script made to leave the hreflang links alone: it takes every alternate link
    for the root of a language's site and fetches sitemap.xml beside it, to keep a reader on the
    same page when switching languages; the hreflang links name each page's counterparts, so that
    was a sitemap.xml asked for beside every page (a 404 served, errors offline), and the
    language menu's links already lead to the same page."""

    def on_post_build(self, config: MkDocsConfig) -> None:
        for bundle in material_bundles(Path(config["site_dir"])):
            code = bundle.read_text(encoding="utf-8")
            if OWN_ALTERNATES in code:  # a dirty build keeps the copy it made before
                continue
            if ALTERNATES not in code:
                raise AlmanacError("Material's script no longer selects its alternate links as "
                                   f"this build expects ({ALTERNATES}): its pages would fetch "
                                   "a sitemap.xml beside each page; see OwnAlternates",
                                   str(bundle))
            bundle.write_text(code.replace(ALTERNATES, OWN_ALTERNATES), encoding="utf-8")


def with_own_plugins(config: MkDocsConfig, theme_once: ThemeOnce) -> MkDocsConfig:
    """A loaded config with the project's plugins, which no entry point names."""
    add_plugin(config, "almanac/theme-once", theme_once)
    add_plugin(config, "almanac/own-alternates", OwnAlternates())
    return config


def build_site(config: Path) -> None:
    """A language's whole site, where its config says, a warning stopping the build (MkDocs'
    strict), without Material's page for missing addresses, whose links hold only from the
    site_url's path: the root's serves."""
    loaded = with_own_plugins(site_config(config, strict=True),
                              ThemeOnce(COMPILED, COMPILED.folder))
    mkdocs_build(loaded)
    (Path(loaded["site_dir"]) / "404.html").unlink(missing_ok=True)


def show_mkdocs_warnings() -> None:
    """MkDocs reports broken links and the like through logging; print its warnings."""
    logger = logging.getLogger("mkdocs")
    logger.setLevel(logging.WARNING)
    if not logger.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("mkdocs %(levelname)s: %(message)s"))
        logger.addHandler(handler)
