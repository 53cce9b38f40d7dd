"""The front of the pipeline: content/ → read → parse → resolve, as one call."""
from __future__ import annotations

from pathlib import Path

from .glossary import load_glossary
from .night_order import load_night_order
from .parse import parse_text
from .read import read_corpus
from .resolve import Corpus, resolve


def load_corpus(root: Path) -> Corpus:
    content = root / "content"
    texts, diagnostics = read_corpus(content, root)
    parsed = [parse_text(text) for text in texts]
    return resolve(parsed, load_glossary(content / "glossary.yaml"),
                   load_night_order(content / "night-order.yaml"), diagnostics)
