"""A sheet as one self-contained HTML file, to save, open offline or print."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from markupsafe import Markup

from generator.facts.direction import direction
from generator.facts.interface_words import Words
from generator.model import Corpus
from generator.output.isolation import isolated
from generator.output.render import environment


def standalone_html(templates: Path, lang: str, corpus: Corpus, partial: str, title: str,
                    words: Words = (), scripts: tuple[str, ...] = (), **context: Any) -> str:
    """A sheet as one self-contained HTML file: its stylesheets and scripts (names under
    templates/assets/) inline, nothing to fetch; in its language's direction, text written the
    other way isolated. words: the official tools' words of UI strings, for a language without
    a catalog."""
    css = Markup("\n".join((templates / "assets" / name).read_text(encoding="utf-8")
                           for name in ("fonts.css", "nightsheet.css")))
    js = Markup("\n".join((templates / "assets" / name).read_text(encoding="utf-8")
                          for name in scripts))
    html = environment(templates, lang, corpus, words=words).get_template(
        "standalone.html.j2").render(css=css, js=js, partial=partial, title=title,
                                     direction=direction(lang) or "ltr", **context)
    return isolated(html, lang, corpus.languages.codes)
