"""build/<lang>/ → site/<lang>/: one MkDocs + Material build per language, swapped in whole."""
from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any

import yaml
from mkdocs.commands.build import build as mkdocs_build
from mkdocs.config import load_config

from generator.views import labels
from generator.facts.catalogs import LANGS, translations
from generator.resolve import Corpus

SITE_NAMES = {"ko": "연감", "en": "Almanac"}
# Korean search: split on spaces and also on brackets and punctuation, so `[외지인` finds 외지인.
SEARCH_SEPARATOR = r'[\s\-,:;!=\[\]()"“”‘’\'/.·…?]+'


def nav(corpus: Corpus, lang: str, paths: list[str]) -> list[Any]:
    tr = translations(lang)
    teams = []
    for team, label in labels.TEAMS.items():
        members = [f"characters/{c.id}.md" for c in corpus.characters
                   if c.game == "botc" and c.team == team]
        if members:
            members.sort(key=lambda p: corpus.character("botc", Path(p).stem).name(lang))
            teams.append({tr.gettext(label): [f"teams/{team}.md", *members]})

    def under(prefix: str) -> list[str]:
        return [p for p in paths if p.startswith(prefix)]

    sections: list[Any] = [{tr.gettext("Home"): "index.md"},
                           {tr.gettext("Characters"): teams},
                           {tr.gettext("Scripts"): under("scripts/")}]
    if under("onuw/"):
        roles = under("onuw/roles/")
        main = [p for p in under("onuw/") if p not in roles]
        sections.append({tr.gettext("One Night"): main + roles})
    if under("nightsheets/"):
        sections.append({tr.gettext("Night sheets"): under("nightsheets/")})
    if "report.md" in paths:
        sections.append({tr.gettext("Translator's report"): "report.md"})
    return sections


def write_config(build_dir: Path, lang: str, site_dir: Path, site_url: str,
                 navigation: list[Any], base: Path) -> Path:
    config = {
        "INHERIT": os.path.relpath(base, build_dir),
        "site_name": SITE_NAMES[lang],
        "site_url": f"{site_url.rstrip('/')}/{lang}/",
        "docs_dir": "docs",
        "site_dir": os.path.relpath(site_dir, build_dir),
        "theme": {"language": lang},
        "plugins": [{"search": {"lang": [lang, "en" if lang == "ko" else "ko"],
                                "separator": SEARCH_SEPARATOR}}],
        "nav": navigation,
    }
    path = build_dir / "mkdocs.yml"
    path.write_text(yaml.safe_dump(config, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


REDIRECT = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Almanac · 연감</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<script>
  var langs = navigator.languages || [navigator.language || "en"];
  var korean = langs.some(function (l) { return /^ko\\b/i.test(l); });
  location.replace(korean ? "ko/" : "en/");
</script></head>
<body><p><a href="ko/" hreflang="ko">한국어</a> · <a href="en/" hreflang="en">English</a></p></body>
</html>
"""


def build_sites(configs: dict[str, Path], staging: Path) -> None:
    """Build every language into staging (its folder already made), with the root redirect."""
    for lang in LANGS:
        mkdocs_build(load_config(config_file=str(configs[lang]), strict=True))
    (staging / "index.html").write_text(REDIRECT, encoding="utf-8")


def show_mkdocs_warnings() -> None:
    """MkDocs reports broken links and the like through logging; print its warnings."""
    logger = logging.getLogger("mkdocs")
    logger.setLevel(logging.WARNING)
    if not logger.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("mkdocs %(levelname)s: %(message)s"))
        logger.addHandler(handler)
