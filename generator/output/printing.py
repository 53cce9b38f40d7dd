"""Night and narration sheets as standalone HTML, and as PDF printed by headless Chromium."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from markupsafe import Markup

from generator.output.browser import chromium
from generator.output.render import environment
from generator.resolve import Corpus


def standalone_html(templates: Path, lang: str, corpus: Corpus, partial: str, title: str,
                    **context: Any) -> str:
    """A sheet as one self-contained HTML file: its stylesheet inline, nothing to fetch."""
    css = Markup((templates / "assets" / "nightsheet.css").read_text(encoding="utf-8"))
    return environment(templates, lang, corpus).get_template("standalone.html.j2").render(
        css=css, partial=partial, title=title, **context)


def print_pdf(html: str, pdf: Path) -> None:
    """Print with Chromium: A4 from the stylesheet's @page, backgrounds kept, fonts embedded."""
    with chromium() as browser:
        page = browser.new_page()
        page.set_content(html, wait_until="load")
        page.emulate_media(media="print")
        page.pdf(path=str(pdf), prefer_css_page_size=True, print_background=True)
