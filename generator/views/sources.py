"""The site's read-only view of each source file, line by line with anchors, so that every
`file:line` of the report is a link to its text."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from urllib.parse import quote

from generator.read.corpus import Text, decode

_CONTENT = "content/"


@dataclass(frozen=True)
class SourceView:
    file: str  # as findings name it: content/ko/000_….txt
    lang: str | None  # the language of its folder, where it is one
    lines: tuple[tuple[int, str], ...]

    @property
    def page(self) -> str:
        return page_path(self.file)


def page_path(file: str) -> str:
    """content/ko/000.txt → sources/ko/000.txt.md (served at sources/ko/000.txt/)."""
    return f"sources/{file.removeprefix(_CONTENT)}.md"


def source_link(file: str, line: int, shown: frozenset[str]) -> str | None:
    """From the site root to the line, where the site shows the file."""
    if file not in shown:
        return None
    return f"{quote(page_path(file).removesuffix('.md'))}/#L{line}"  # "#", "?" in a name


def source_views(root: Path, files: set[str], languages: tuple[str, ...],
                 texts: tuple[Text, ...]) -> list[SourceView]:
    """Every file under content/ among files (those the tool read: a file it did not read, say
    a private key beside the texts, is a finding, never a page) that can be read as UTF-8
    text, in name order; never a file that a link leads to outside the project. A file among
    `texts` shows as it was read, though it changed since (the page and its parse agree)."""
    views = []
    read = {text.file: text for text in texts}
    for file in sorted(f for f in files if f.startswith(_CONTENT)):
        folder = PurePosixPath(file).parent.name
        lang = folder if folder in languages else None
        text = read.get(file) or _read(root, file, lang)
        if isinstance(text, Text):
            views.append(SourceView(file, lang, tuple(enumerate(text.lines, 1))))
    return views


def _read(root: Path, file: str, lang: str | None) -> Text | None:
    """A data file or store that a finding points at, read again to be shown."""
    path = root / file
    if not path.is_file() or not path.resolve().is_relative_to(root.resolve()):
        return None
    try:
        text = decode(path.read_bytes(), file, lang or "")
    except OSError:
        return None  # `unreadable` reports it
    return text if isinstance(text, Text) else None
