"""Fingerprints of the official BotC data: SHA-256 hashes, never the sentences themselves.

scripts/fingerprint_official.py writes tests/data/official-fingerprints.txt from the official
data; the tests hash what the project holds the same way and compare. Each line is
`KIND SHA256 LABEL…`:

- `facts`: the facts the project keeps (glossary table, night order), as canonical JSON;
- `text`: a whole ability or flavor (`text SHA ID LANG FIELD`), as NFC text;
- `sentence`: one sentence of any official text, as its words (see `sentence_keys`).
"""
from __future__ import annotations

import hashlib
import json
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

FINGERPRINTS = Path(__file__).resolve().parent / "data" / "official-fingerprints.txt"
# Shorter sentences are common phrases, not a text anyone copied.
MIN_WORDS, MIN_LETTERS = 3, 10
TOKEN = re.compile(r"\w+|\n|\S")
ENDS = {".", "!", "?", "\n", "。", "！", "？"}  # and the full stops of Chinese and Japanese
# Marks a copied sentence may follow: quotes, keys (YAML, JSON), tags, table cells, emphasis,
# brackets, comments. Not commas: a clause after a comma ends the project's own sentence.
MARKS = set("\"'“”‘’`:=>|*([{#")
# String literals continued on the next line (Python, PO files) are one text.
CONTINUED = re.compile(r"([\"'])[ \t]*\n\s*(?:#~\s*)?\1")


def sha256(text: str) -> str:
    return hashlib.sha256(unicodedata.normalize("NFC", text).encode("utf-8")).hexdigest()


def facts_digest(facts: object) -> str:
    return sha256(json.dumps(facts, ensure_ascii=False, sort_keys=True))


def _sentences(text: str) -> Iterator[tuple[list[str], list[int], str]]:
    """Each sentence as its words (case-folded, marks dropped), the word indexes that follow a
    mark or start it, and its end mark ("" at a line end)."""
    words: list[str] = []
    starts: list[int] = []
    after_mark = True
    for token in TOKEN.findall(unicodedata.normalize("NFC", text)):
        if token in ENDS:
            if words:
                yield words, starts, token.strip()
            words, starts, after_mark = [], [], True
        elif token[0].isalnum() or token[0] == "_":
            if after_mark:
                starts.append(len(words))
            words.append(token.casefold())
            after_mark = False
        elif token in MARKS:
            after_mark = True
    if words:
        yield words, starts, ""


def _key(words: list[str], end: str) -> str:
    return " ".join(words) + end


# Letters of the writing systems that put no spaces between words (Chinese, Japanese, Thai, Lao,
# Khmer, Myanmar): a sentence of them is one or two "words", so its letters alone count.
UNSPACED = re.compile("[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff"
                      "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")


def sentence_keys(text: str) -> Iterator[str]:
    """The official text's sentences long enough to fingerprint."""
    for words, _, end in _sentences(text):
        letters = "".join(words)
        if len(letters) >= MIN_LETTERS and (len(words) >= MIN_WORDS or UNSPACED.search(letters)):
            yield _key(words, end)


def candidate_keys(text: str) -> Iterator[str]:
    """Every way a sentence of the project's text could be a copy: from its start or from any
    mark inside it (a quote, a key) to its end."""
    for words, starts, end in _sentences(CONTINUED.sub("", text)):
        for start in starts:
            yield _key(words[start:], end)


@dataclass(frozen=True)
class Fingerprints:
    facts: dict[str, str]  # name: digest
    texts: dict[tuple[str, str, str], str]  # (id, lang, field): digest
    sentences: dict[str, str]  # digest: "ID LANG FIELD" of the first text holding it


def load_fingerprints(path: Path = FINGERPRINTS) -> Fingerprints:
    facts: dict[str, str] = {}
    texts: dict[tuple[str, str, str], str] = {}
    sentences: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        kind, digest, label = line.split(" ", 2)
        if kind == "facts":
            facts[label] = digest
        elif kind == "text":
            ident, lang, field = label.split()
            texts[(ident, lang, field)] = digest
        elif kind == "sentence":
            sentences[digest] = label
        else:
            raise ValueError(f"{path}: unknown kind in {line!r}")
    return Fingerprints(facts, texts, sentences)
