"""The glossary and night order hold the official facts, and the names the corpus adds."""
import json

import yaml

from generator.glossary import load_glossary
from generator.night_order import load_night_order
from tests.conftest import REFERENCE, ROOT

ROLES = json.loads((REFERENCE / "roles.json").read_text(encoding="utf-8"))
KOREAN = json.loads((REFERENCE / "game.ko.json").read_text(encoding="utf-8"))


def test_every_official_character_with_id_team_and_names():
    glossary = load_glossary(ROOT / "content" / "glossary.yaml")
    botc = glossary.game_terms("botc")
    assert [t.id for t in botc] == [r["id"] for r in ROLES]  # 181, ids exactly as roles.json
    assert len(botc) == 181
    for term, role in zip(botc, ROLES, strict=True):
        assert term.team == role["team"]
        assert term.names == {"en": role["name"], "ko": KOREAN["roles"][role["id"]]["name"]}
        assert [t.en for t in term.reminders] == role.get("reminders", []) + \
            role.get("remindersGlobal", [])


def test_korean_token_labels_come_from_the_official_translation():
    glossary = load_glossary(ROOT / "content" / "glossary.yaml")
    noble = glossary.by_id("botc", "noble")
    assert [(t.en, t.ko) for t in noble.reminders] == [("Know", "알아냄")] * 3
    flowergirl = glossary.by_id("botc", "flowergirl")
    assert ("Demon Not Voted", KOREAN["reminders"]["demonnotvoted"]) in \
        [(t.en, t.ko) for t in flowergirl.reminders]


def test_no_sentence_of_the_reference_is_copied():
    data = yaml.safe_load((ROOT / "content" / "glossary.yaml").read_text(encoding="utf-8"))
    text = (ROOT / "content" / "glossary.yaml").read_text(encoding="utf-8")
    for role in ROLES[:40]:
        assert role["ability"] not in text
    assert all(set(c) <= {"id", "team", "edition", "names", "reminders", "setup", "aliases",
                          "flavor_scripts"} for c in data["botc"])


def test_aliases_the_corpus_uses_and_the_onuw_roles():
    glossary = load_glossary(ROOT / "content" / "glossary.yaml")
    assert glossary.lookup("botc", "ko", "조사관").id == "investigator"
    assert glossary.lookup("botc", "ko", "봄댄디").id == "boomdandy"
    assert glossary.lookup("botc", "ko", "뱀조련사").id == "snakecharmer"  # spacing differs
    onuw = glossary.game_terms("onuw")
    daybreak = [t for t in onuw if t.edition == "daybreak"]
    assert len(daybreak) == 11
    assert glossary.lookup("onuw", "ko", "강도").id == "robber"
    assert glossary.lookup("onuw", "ko", "신비한 늑대 인간").id == "mysticwolf"
    assert glossary.by_id("onuw", "witch").names == {"en": "Witch", "ko": "마녀"}
    assert glossary.by_id("botc", "witch").names["ko"] == "마녀"  # same name, other game


def test_night_order_from_the_official_sheet_and_the_rulebook():
    order = load_night_order(ROOT / "content" / "night-order.yaml")
    sheet = json.loads((REFERENCE / "nightsheet.json").read_text(encoding="utf-8"))
    assert list(order.first_night) == sheet["firstNight"]
    assert list(order.other_night) == sheet["otherNight"]
    assert len(order.onuw_daybreak) == 10 and len(order.onuw_combined) == 21
    assert order.onuw_combined[16] == ("#9a", "doppelganger")


def test_the_rulebook_wake_order_matches_the_night_order_file(corpus):
    order = load_night_order(ROOT / "content" / "night-order.yaml")
    book = corpus.rulebooks[0]
    assert [s.code for s in book.wake_order_combined] == [code for code, _ in order.onuw_combined]
    assert [s.code for s in book.wake_order_alone] == [code for code, _ in order.onuw_daybreak]
