"""Bytes to text: UTF-8 with a dropped BOM, LF line ends, NFC; undecodable files become a
diagnostic."""
from __future__ import annotations

import os
import stat
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from generator.codes import (
    LINKED_OUT,
    NAME_TOO_LONG,
    NOT_READ,
    STORE_UNREADABLE,
    UNDECODABLE,
    UNKNOWN_LANGUAGE,
    UNREADABLE,
)
from generator.errors import AlmanacError
from generator.model import Diagnostic
from generator.read.po import PoFile, PoRefusedError, read_po_bytes


@dataclass(frozen=True)
class Text:
    file: str  # path as shown in diagnostics, relative to the project
    lang: str
    lines: tuple[str, ...]  # line i+1 of the file is lines[i]


def decode(data: bytes, file: str, lang: str) -> Text | Diagnostic:
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        return UNDECODABLE.at(file, data.count(b"\n", 0, err.start) + 1, offset=err.start,
                              reason=err.reason)
    text = unicodedata.normalize("NFC", text.replace("\r\n", "\n").replace("\r", "\n"))
    return Text(file, lang, tuple(text.split("\n")))


def _read(path: Path) -> bytes | str:
    """The file's bytes, or why it cannot be read (a folder, a broken or looping link, …)."""
    try:
        mode = path.stat().st_mode
        if stat.S_ISDIR(mode):
            return "a folder, not a text file"
        if not stat.S_ISREG(mode):
            return "not a regular file"
        return path.read_bytes()
    except OSError as err:
        return err.strerror or str(err)


# The data files beside the language folders; anything else there is not read.
DATA_FILES = ("languages.yaml", "glossary.yaml", "night-order.yaml", "night-steps.yaml",
              "rules.yaml", "search-words.yaml")
# Each language's translation store: a PO file, msgids the source text, msgctxt `id/section`.
STORE = "translations.po"


def store_file(lang: str) -> str:
    return f"content/{lang}/{STORE}"


# The most bytes of a file's name (Linux's file systems): a text's page in the site is named
# after it, the name and `.md` (views/sources.py).
NAME_MAX = 255


def page_name_size(name: str) -> int:
    """The bytes of the name of a text's page in the site."""
    return len(os.fsencode(name)) + len(".md")


def _is_text(path: Path) -> bool:
    return path.suffix.lower() == ".txt" and not path.name.startswith(".")


def _shown(path: Path, root: Path) -> str:
    return path.relative_to(root).as_posix() if path.is_relative_to(root) else path.as_posix()


def _leaves(path: Path, project: Path) -> bool:
    """Whether path is, or lies in, a link to somewhere outside the project."""
    try:
        return not path.resolve().is_relative_to(project)
    except (OSError, RuntimeError):  # a link loop: reading it says so
        return False


def _elsewhere(content: Path) -> list[Path]:
    """Files under content/ that no stage reads: not a text of a language folder, not a data
    file (hidden files, such as .gitkeep, are nobody's business); and links to folders inside
    a language folder, which are not followed."""
    found = []
    for path in sorted(content.rglob("*")):
        relative = path.relative_to(content).parts
        if any(part.startswith(".") for part in relative):
            continue
        if len(relative) > 1 and path.is_symlink() and path.is_dir():
            found.append(path)
            continue
        if not path.is_file():
            continue
        if len(relative) == 1 and relative[0] in DATA_FILES:
            continue
        if len(relative) == 2 and (_is_text(path) or relative[1] == STORE):
            continue
        found.append(path)
    return found


def read_corpus(content: Path, root: Path, langs: tuple[str, ...]
                ) -> tuple[list[Text], list[Diagnostic]]:
    """Every *.txt under content/<lang>/, in name order; what cannot be read, is in a folder
    no language claims, or is a link leading out of the project (whose file a site would
    publish), is a diagnostic."""
    project = root.resolve()
    texts: list[Text] = []
    diagnostics = [NOT_READ.at(_shown(path, root), 1) for path in _elsewhere(content)]
    for lang_dir in sorted(p for p in content.iterdir() if p.is_dir()):
        for path in sorted(p for p in lang_dir.iterdir() if _is_text(p)):
            shown = _shown(path, root)
            if lang_dir.name not in langs:
                diagnostics.append(UNKNOWN_LANGUAGE.at(shown, 1, folder=lang_dir.name,
                                                       codes=tuple(langs)))
                continue
            if _leaves(path, project):
                diagnostics.append(LINKED_OUT.at(shown, 1))
                continue
            data = _read(path)
            if isinstance(data, str):
                diagnostics.append(UNREADABLE.at(shown, 1, reason=data))
                continue
            result = decode(data, shown, lang_dir.name)
            if isinstance(result, Diagnostic):
                diagnostics.append(result)
                continue
            texts.append(result)
            if (size := page_name_size(path.name)) > NAME_MAX:  # read all the same
                diagnostics.append(NAME_TOO_LONG.at(shown, 1, size=size))
    return texts, diagnostics


def read_stores(content: Path, root: Path, langs: tuple[str, ...]
                ) -> tuple[dict[str, PoFile], list[Diagnostic]]:
    """Each language's translation store, where it has one; a store that is not a PO file
    msgfmt would read, or is for another language, is an error finding and not used; one that
    links out of the project is not read, as a text that does."""
    project = root.resolve()
    stores: dict[str, PoFile] = {}
    diagnostics: list[Diagnostic] = []
    for lang in langs:
        path = content / lang / STORE
        if not path.exists() and not path.is_symlink():
            continue
        shown = _shown(path, root)
        if _leaves(path, project):  # as a text that does: its file is not published
            diagnostics.append(LINKED_OUT.at(shown, 1))
            continue
        data = _read(path)
        if isinstance(data, str):
            diagnostics.append(UNREADABLE.at(shown, 1, reason=data))
            continue
        try:
            store = read_po_bytes(data, shown)
        except PoRefusedError as err:
            diagnostics.append(STORE_UNREADABLE.at(shown, err.line or 1, key=err.key,
                                                   **err.params))
            continue
        except AlmanacError as err:
            diagnostics.append(STORE_UNREADABLE.at(shown, err.line or 1, reason=err.message))
            continue
        named = (store.language or lang).replace("-", "_").split("_")[0]
        if named.lower() != lang.lower():  # none: the folder says which
            diagnostics.append(STORE_UNREADABLE.at(
                shown, store.header_line, key="language", language=lang,
                named=store.language or "", code=lang))
            continue
        stores[lang] = store
    return stores, diagnostics
