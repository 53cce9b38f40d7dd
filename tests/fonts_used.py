"""The fonts a PDF embeds, as poppler's pdffonts lists them, and those Chromium sets an element
of a page in."""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

from playwright.sync_api import Page

# A font as pdffonts lists it: name, type, encoding, embedded, subset, unicode, object.
_FONT = re.compile(r"(\S+)\s+(.+?)\s+(\S+)\s+(yes|no)\s+(yes|no)\s+(?:yes|no)\s+\d+\s+\d+")


def pdf_fonts(pdf: Path) -> list[tuple[str, str, str, str]]:
    """Each font of a PDF: name, type, embedded, subset."""
    listing = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True,
                             check=True).stdout.splitlines()[2:]
    return [(m[1], m[2], m[4], m[5]) for line in listing if (m := _FONT.fullmatch(line))]


def families(fonts: list[tuple[str, str, str, str]]) -> set[str]:
    """AAAAAA+NotoSans-Bold → NotoSans: the families of a PDF's fonts, but DejaVu Sans, which
    sets the sheets' marks (◇ ◉) that no letter font has."""
    return {name.partition("+")[2].partition("-")[0] for name, *_ in fonts} - {"DejaVuSans"}


def platform_fonts(page: Page, selector: str) -> list[tuple[str, int]]:
    """The fonts Chromium set the first element of selector in, by PostScript name, with the
    number of glyphs each set (CSS.getPlatformFontsForNode)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument")["root"]["nodeId"]
    node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
    cdp.detach()
    return [(font["postScriptName"], font["glyphCount"]) for font in fonts]
