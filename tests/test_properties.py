"""The parser never raises on text, and every line stays accounted for, whatever the text."""
from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.facts.languages import load_languages
from generator.parse import parse_text
from generator.read.corpus import Text
from tests.conftest import FILES, MUTATIONS, ROOT, corpus_text, mutated
from tests.lossless import normalised, rebuilt, source_lines

CORPUS = {key: corpus_text(path) for key, path in FILES.items()}
LANGUAGES = load_languages(ROOT / "content" / "languages.yaml")
HEADERS = ["목차", "마을주민", "Townsfolk", "진행 방법", "How to Run", "예시 · 메모", "메모",
           "Examples & Notes", "아직 작성되지 않았습니다.", "Not written yet.", "해설서 · X · 3개 캐릭터",
           "3. 모든 역할의 능력 소개", "#2-B: 태초의 늑대인간", "최소 3명 이상", "- ", '"', "*경비병"]


def assert_accounted(text: Text) -> None:
    pf = parse_text(text, LANGUAGES[text.lang])
    assert normalised(rebuilt(pf)) == source_lines(text.lines)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(st.text(max_size=40), st.sampled_from(HEADERS)), max_size=40),
       st.sampled_from(["ko", "en"]))
def test_arbitrary_text_never_raises_and_is_accounted(lines, lang):
    lines = [line.replace("\n", " ").replace("\r", " ") for line in lines]
    assert_accounted(Text("content/x.txt", lang, tuple(lines)))


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(FILES)), st.randoms(use_true_random=False),
       st.sampled_from(MUTATIONS))
def test_mutated_corpus_never_raises_and_is_accounted(key, rng: random.Random, mutation):
    source = CORPUS[key]
    lines = mutated(source.lines, rng, mutation, max(1, len(source.lines) // 10), HEADERS)
    assert_accounted(Text(source.file, source.lang, lines))
