"""The whole pipeline on mutated and hostile corpora: reading, checking and rendering every page
never raise, and every rendered page holds the attacks only as inert text."""
from __future__ import annotations

import random
import re

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.checks import run_checks
from generator.facts.glossary import load_glossary
from generator.facts.languages import load_languages
from generator.facts.night_order import load_night_order
from generator.output.page_kinds import SiteData, site_pages
from generator.output.render import rendered
from generator.pipeline import corpus_of
from generator.read.corpus import Text
from tests.conftest import FILES, MUTATIONS, ROOT, corpus_text, mutated
from tests.hostile import ATTACKS

LANGUAGES = load_languages(ROOT / "content" / "languages.yaml")
GLOSSARY = load_glossary(ROOT / "content" / "glossary.yaml", LANGUAGES)
NIGHT_ORDER = load_night_order(ROOT / "content" / "night-order.yaml")
CORPUS = [corpus_text(path) for path in FILES.values()]
# What an attack leaves behind once it is markup: an element, a link, an attribute list.
LIVE = re.compile(r"<(img|svg|script|b)\b|\]\(javascript:|\{ on|<!--")
FRONT_MATTER = re.compile(r"\A---\n(.*?)\n---\n", re.DOTALL)


def assert_inert_everywhere(texts: list[Text]) -> None:
    corpus = corpus_of(texts, LANGUAGES, GLOSSARY, NIGHT_ORDER, [])
    diagnostics = run_checks(corpus)
    for lang in ("ko", "en"):
        for path, markdown in rendered(corpus, lang, ROOT / "templates",
                                       site_pages(SiteData(corpus, diagnostics), lang)):
            front = FRONT_MATTER.match(markdown)
            assert front, path
            # The body is Markdown and HTML; the title is HTML text only (MkDocs prints it).
            assert LIVE.findall(markdown[front.end():]) == [], path
            title = yaml.safe_load(front.group(1))["title"]
            assert isinstance(title, str) and "<" not in title and ">" not in title, path


def with_attacks(text: Text, chance: random.Random, share: float) -> Text:
    """Some of the file's lines, names and headings among them, carrying an attack at the end."""
    return Text(text.file, text.lang, tuple(
        f"{line} {chance.choice(ATTACKS)}" if line.strip() and chance.random() < share else line
        for line in text.lines))


def test_every_line_of_the_corpus_carrying_an_attack():
    assert_inert_everywhere([with_attacks(text, random.Random(0), 1.0) for text in CORPUS])


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.floats(0.02, 0.5),
       st.sampled_from(MUTATIONS))
def test_mutated_hostile_corpora(seed: int, share: float, mutation: str):
    chance = random.Random(seed)  # one seed, not a stream of draws: the corpus is large
    texts = []
    for text in CORPUS:
        lines = with_attacks(text, chance, share).lines
        texts.append(Text(text.file, text.lang,
                          mutated(lines, chance, mutation, max(1, len(lines) // 20), ATTACKS)))
    assert_inert_everywhere(texts)
