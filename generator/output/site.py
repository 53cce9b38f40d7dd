"""build/<lang>/ → site/<lang>/: one MkDocs + Material build per language, swapped in whole."""
from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any

import material
import yaml
from mkdocs.commands.build import build as mkdocs_build
from mkdocs.config import load_config

from generator.facts.catalogs import translations
from generator.facts.languages import Language, Languages
from generator.resolve import Corpus

_ASSETS = Path(material.__file__).parent / "templates"
# The languages Material's own interface is translated into, as this install ships them.
MATERIAL_LANGUAGES = frozenset(
    page.stem for page in (_ASSETS / "partials" / "languages").glob("*.html"))
# The languages its search (lunr) has a stemmer for; English is lunr's own.
_LUNR = _ASSETS / "assets" / "javascripts" / "lunr" / "min"
LUNR_LANGUAGES = frozenset(
    {"en"} | {script.name.split(".")[1] for script in _LUNR.glob("lunr.*.min.js")}
    - {"multi", "stemmer"})  # lunr's helpers, no languages


def nav(corpus: Corpus, lang: str, paths: list[str]) -> list[Any]:
    tr = translations(lang)
    teams = []
    for team in corpus.glossary.teams:
        members = [f"characters/{c.id}.md" for c in corpus.characters
                   if c.game == "botc" and c.team == team.id]
        if members:
            names = {c.id: c.name(lang) for c in corpus.characters if c.game == "botc"}
            members.sort(key=lambda p: names[Path(p).stem])
            teams.append({team.label(lang): [f"teams/{team.id}.md", *members]})

    def under(prefix: str) -> list[str]:
        return [p for p in paths if p.startswith(prefix)]

    sections: list[Any] = [{tr.gettext("Home"): "index.md"},
                           {tr.gettext("Characters"): teams},
                           {tr.gettext("Scripts"): under("scripts/")}]
    if under("onuw/"):
        roles = under("onuw/roles/")
        main = [p for p in under("onuw/") if p not in roles]
        sections.append({tr.gettext("One Night"): main + roles})
    if under("nightsheets/") or under("scriptsheets/"):
        sections.append({tr.gettext("Sheets"): under("scriptsheets/") + under("nightsheets/")})
    if "report.md" in paths:
        sections.append({tr.gettext("Translator's report"): "report.md"})
    return sections


def write_config(build_dir: Path, language: Language, languages: Languages, site_dir: Path,
                 site_url: str, navigation: list[Any], base: Path) -> Path:
    # Search in the languages Material's lunr supports (English always); others get its defaults.
    search: dict[str, Any] = {"lang": [code for code in language.search_langs
                                       if code in LUNR_LANGUAGES] or ["en"]}
    if language.search_separator:
        search["separator"] = language.search_separator
    config = {
        "INHERIT": os.path.relpath(base, build_dir),
        "site_name": language.site_name,
        "site_url": f"{site_url.rstrip('/')}/{language.code}/",
        "docs_dir": "docs",
        "site_dir": os.path.relpath(site_dir, build_dir),
        # Material's UI in the language where it has it, else English.
        "theme": {"language": language.code if language.code in MATERIAL_LANGUAGES else "en"},
        "plugins": [{"search": search}],
        "extra": {"alternate": [{"name": other.name, "link": f"/{other.code}/",
                                 "lang": other.code} for other in languages.all]},
        "nav": navigation,
    }
    path = build_dir / "mkdocs.yml"
    path.write_text(yaml.safe_dump(config, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def build_sites(configs: dict[str, Path], staging: Path, redirect: str) -> None:
    """Build every language into staging (its folder already made), with the root redirect."""
    for config in configs.values():
        mkdocs_build(load_config(config_file=str(config), strict=True))
    (staging / "index.html").write_text(redirect, encoding="utf-8")


def show_mkdocs_warnings() -> None:
    """MkDocs reports broken links and the like through logging; print its warnings."""
    logger = logging.getLogger("mkdocs")
    logger.setLevel(logging.WARNING)
    if not logger.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("mkdocs %(levelname)s: %(message)s"))
        logger.addHandler(handler)
