"""The front of the pipeline: content/ → read → parse → resolve, as one call."""
from __future__ import annotations

from pathlib import Path

from generator.facts.glossary import Glossary, load_glossary
from generator.facts.languages import Languages, load_languages
from generator.facts.night_order import NightOrder, load_night_order
from generator.model import Diagnostic
from generator.parse import parse_text
from generator.read.corpus import Text, read_corpus
from generator.resolve import Corpus, resolve


def load_corpus(root: Path) -> Corpus:
    content = root / "content"
    languages = load_languages(content / "languages.yaml")
    texts, diagnostics = read_corpus(content, root, languages.codes)
    return corpus_of(texts, languages, load_glossary(content / "glossary.yaml", languages),
                     load_night_order(content / "night-order.yaml"), diagnostics)


def corpus_of(texts: list[Text], languages: Languages, glossary: Glossary,
              night_order: NightOrder, read_diagnostics: list[Diagnostic]) -> Corpus:
    """Texts already read → parsed → resolved."""
    parsed = [parse_text(text, languages[text.lang]) for text in texts]
    return resolve(parsed, languages, glossary, night_order, read_diagnostics)
