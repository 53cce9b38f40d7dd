"""The exact inventory of each corpus file."""
import hashlib

from generator.model import PLACEHOLDER, UNTRANSLATED
from tests.conftest import FILES, line_of


def test_000_script_header_note_and_entries(parsed, document):
    pf = parsed["000"]
    assert pf.shape == "script-almanac"
    (script,) = pf.scripts
    assert script.title.text == "로마는 하루아침에 불타지 않았다"
    assert script.author == "Mup"
    assert script.declared_count == 26 == len(pf.entries)
    assert [n.text for n in script.notes] == ["모든 플레이어는 Fiddler가 첫날 제정될 것임을 알고 있습니다."]
    assert [e.name for e in pf.entries] == [
        "귀족", "시계공", "현상금 사냥꾼", "초공감자", "객실 청소부", "꿈꾸는 자", "뱀 조련사",
        "사교 교주", "점쟁이", "처단자", "재봉사", "철학자", "마술사", "건달", "아가씨", "정치인",
        "미치광이", "미망인", "독살범", "남작", "꼭두각시", "보르톡스", "바리스타", "가정교사", "진",
        "바이올린 연주자"]
    record = next(s for s in document["scripts"] if s["id"] == "000")
    assert record["characters"][:3] == ["noble", "clockmaker", "bountyhunter"]
    assert record["characters"][-2:] == ["djinn", "fiddler"]
    assert (record["title"], record["author"], len(record["characters"])) == \
        ("로마는 하루아침에 불타지 않았다", "Mup", 26)


def test_000_note_header_is_not_the_examples_section(parsed):
    # `메모` under the header is the script note; `예시 · 메모` inside entries is examples.
    dreamer = next(e for e in parsed["000"].entries if e.name == "꿈꾸는 자")
    assert len(dreamer.examples) == 1
    assert dreamer.examples[0].line == line_of(FILES["000"], "꿈꾸는 자가 악 플레이어를 선택했다면")


def test_001_has_27_characters_six_unwritten(parsed):
    pf = parsed["001"]
    assert pf.shape == "line-almanac" and len(pf.entries) == 27
    unwritten = [e.name for e in pf.entries if PLACEHOLDER in e.status.values()]
    assert unwritten == ["조사관", "퇴마사", "교수", "열광자", "악마의 대변인", "싸이코패스"]


def test_002_title_and_eleven_identified_characters(parsed, document):
    pf = parsed["002"]
    assert pf.shape == "summaries" and pf.scripts[0].title.text == "습기가 차다"
    record = next(s for s in document["scripts"] if s["id"] == "002")
    assert record["characters"] == [
        "chef", "noble", "savant", "engineer", "philosopher", "soldier", "alchemist", "cannibal",
        "amnesiac", "tealady", "pacifist"]


def test_003_rulebook_inventory(parsed):
    book = parsed["003"].rulebook
    assert len(book.roles) == 11
    assert len(book.wake_order_alone) == 10 and len(book.wake_order_combined) == 21
    assert len(book.artifacts) == 6 and len(book.role_sets) == 5


def test_004_has_30_characters_five_untranslated(parsed):
    pf = parsed["004"]
    assert pf.shape == "line-almanac" and len(pf.entries) == 30
    untranslated = [e.raw_name for e in pf.entries if UNTRANSLATED in e.status.values()]
    assert untranslated == ["Professor1-75", "Farmer1 75 2-75", "Recluse1-75", "Fanggu1 75 3-75",
                            "Deviant1 75 3-75"]


def test_damaged_names_are_repaired_and_reported(document, diagnostics):
    assert entry_names(document, "fanggu", "en") == ("Fang Gu", "Fanggu1 75 3-75")
    assert entry_names(document, "professor", "en") == ("Professor", "Professor1-75")
    damaged = [(d.line, d.message) for d in diagnostics if d.code == "damaged-name"]
    assert (line_of(FILES["004"], "Fanggu1 75 3-75", whole=True),
            "name 'Fanggu1 75 3-75' carries stray characters; read as 'Fang Gu'") in damaged
    assert len(damaged) == 5


def entry_names(document, ident, lang):
    entry = next(c for c in document["characters"] if c["id"] == ident)["entries"][lang]
    return entry["name"], entry.get("raw_name")


def test_no_corpus_line_is_left_unplaced(diagnostics):
    assert [d for d in diagnostics if d.severity == "error"] == []


def test_corpus_files_are_the_shared_corpus_byte_for_byte():
    from tests.conftest import ROOT
    # SHA-256 of each file of the shared corpus, as it was handed over.
    handed_over = {
        "000": "655f27d0ee58c41e5f76c4654f46260342116e32bffd525403d7def854fd055b",
        "001": "7c25ad632f92c864c9fb2cc803a780990379a44e30ee2b47392556ec1e66c162",
        "002": "03dd0d708d8563d36c0de969d66993ed7c98cca3c83c867ada90234a73f357b7",
        "003": "b5b2e41ffd80174e6ef07f6db038def27866627073b129baaece28d55447193b",
        "004": "c576174e6fcf7a47327412a9e00e1696e65811a0a7c536c90a40954560353586",
    }
    assert {key: hashlib.sha256((ROOT / path).read_bytes()).hexdigest()
            for key, path in FILES.items()} == handed_over
