"""Night and narration sheets as standalone HTML, and as PDF printed by headless Chromium."""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from markupsafe import Markup
from playwright.sync_api import Page

from generator.facts.direction import direction
from generator.facts.interface_words import Words
from generator.files import write_with
from generator.model import Corpus
from generator.output.browser import chromium
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


# The printable area of A4 with the sheets' 7 mm margins, in CSS pixels (96 per inch).
_PAGE_WIDTH, _PAGE_HEIGHT = (210 - 14) / 25.4 * 96, (297 - 14) / 25.4 * 96
# Scales tried, largest first, so a long night still fits one page; below the last, the
# text would be too small to read in the dark, and the sheet runs onto a second page.
# Above 1 Chromium cut the sheet's right edge when tried, so a short sheet keeps its size.
_SCALES = (1.0, 0.95, 0.9, 0.85, 0.8, 0.75, 0.7)


def fitting_scale(page: Page) -> float:
    """The largest scale at which the sheet fits one page: laid out as wide as the page allows
    at that scale, its height times the scale within the page's height."""
    for scale in _SCALES:
        page.set_viewport_size({"width": round(_PAGE_WIDTH / scale), "height": 800})
        height = page.evaluate("document.documentElement.scrollHeight")
        if height * scale <= _PAGE_HEIGHT:
            return scale
    return _SCALES[-1]


@dataclass(frozen=True)
class Printed:
    """A sheet as printed: its PDF's pages, and whether the page printed was the sheet as built
    (its one stylesheet, no element the templates do not make, every row laid out)."""

    pages: int
    as_built: bool


# What no sheet's template makes: data that became one would have been markup, not text.
_AS_BUILT = """() => document.querySelectorAll('style').length === 1 &&
    !document.querySelector('script, link, iframe, frame, object, embed, img, svg, video, audio,'
                            + ' form, input, button, a[href], [style], base, meta[http-equiv]') &&
    [...document.querySelectorAll('[data-id]')].every(row => row.getClientRects().length > 0)"""


def print_pdfs(jobs: list[tuple[str, Path]]) -> list[Printed]:
    """Print each (HTML, PDF path) with one Chromium: A4 from the stylesheet's @page,
    backgrounds kept, fonts embedded, scaled down as far as readable to keep one page. Each
    PDF is written whole, or not at all. Returns each sheet as printed."""
    printed = []
    with chromium() as browser:
        # One page for every sheet, each set in place of the last: a new page for each took
        # longer than the printing (6 sheets: 5.5 s against 2.1 s).
        page = browser.new_page()
        page.emulate_media(media="print")
        for html, pdf in jobs:
            page.set_content(html, wait_until="load")
            as_built = bool(page.evaluate(_AS_BUILT))
            write_with(pdf, partial(_pdf, page, fitting_scale(page)))
            printed.append(Printed(pdf_pages(pdf.read_bytes()), as_built))
        page.close()
    return printed


# A page object of a PDF: `/Type /Page`, not the `/Type /Pages` of the tree above them.
# Chromium writes page objects as plain objects, never inside compressed object streams.
_PAGE = re.compile(rb"/Type\s*/Page(?![A-Za-z])")


def pdf_pages(data: bytes) -> int:
    return len(_PAGE.findall(data))


def _pdf(page: Page, scale: float, target: Path) -> None:
    page.pdf(path=str(target), prefer_css_page_size=True, print_background=True, scale=scale)
