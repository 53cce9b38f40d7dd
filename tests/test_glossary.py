"""The glossary and night order hold the official facts, and the names the corpus adds."""
import shutil
from collections import Counter

import yaml

from generator.facts.glossary import load_glossary
from generator.facts.languages import load_languages
from generator.facts.night_order import load_night_order
from generator.pipeline import load_facts
from tests.conftest import ROOT, corpus_project
from tests.fingerprints import facts_digest, load_fingerprints

# Fingerprints of the same facts drawn from the official data (scripts/fingerprint_official.py).
OFFICIAL = load_fingerprints()


LANGUAGES = load_languages(ROOT / "content" / "languages.yaml")


def test_every_official_character_with_id_team_and_names():
    glossary = load_glossary(ROOT / "content" / "glossary.yaml", LANGUAGES)
    botc = glossary.game_terms("botc")
    assert len(botc) == 181
    assert Counter(t.team for t in botc) == {
        "townsfolk": 69, "outsider": 23, "minion": 27, "demon": 19, "traveller": 18,
        "fabled": 14, "loric": 11}
    assert (botc[0].id, botc[-1].id) == ("steward", "zenomancer")  # roles.json order
    chef = glossary.by_id("botc", "chef")
    assert (chef.team, chef.names, chef.reminders) == \
        ("townsfolk", {"en": "Chef", "ko": "요리사"}, ())
    imp = glossary.by_id("botc", "imp")
    assert (imp.team, imp.names, [t.label("en") for t in imp.reminders]) == \
        ("demon", {"en": "Imp", "ko": "임프"}, ["Dead"])
    # Ids in order, teams, both names and the English token labels (reminders, then global
    # reminders) are exactly those of roles.json and game.ko.json.
    table = [[t.id, t.team, t.names, [r.label("en") for r in t.reminders]] for t in botc]
    assert facts_digest(table) == OFFICIAL.facts["characters"]


def test_korean_token_labels_come_from_the_official_translation():
    glossary = load_glossary(ROOT / "content" / "glossary.yaml", LANGUAGES)
    noble = glossary.by_id("botc", "noble")
    assert [(t.label("en"), t.label("ko")) for t in noble.reminders] == [("Know", "알아냄")] * 3
    flowergirl = glossary.by_id("botc", "flowergirl")
    assert [(t.label("en"), t.label("ko")) for t in flowergirl.reminders] == [
        ("Demon Voted", "악마가 투표함"), ("Demon Not Voted", "악마가 투표하지 않음")]


def test_the_glossary_holds_facts_only():
    data = yaml.safe_load((ROOT / "content" / "glossary.yaml").read_text(encoding="utf-8"))
    assert all(set(c) <= {"id", "team", "edition", "names", "reminders", "setup", "aliases",
                          "flavor_scripts", "jinxes"} for c in data["botc"])
    # That no official sentence is in it either: test_official_texts.


def test_aliases_the_corpus_uses_and_the_onuw_roles():
    glossary = load_glossary(ROOT / "content" / "glossary.yaml", LANGUAGES)
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
    assert (len(order.first_night), len(order.other_night)) == (80, 99)
    assert order.first_night[:3] == ("dusk", "angel", "buddhist")
    assert order.first_night[-3:] == ("dawn", "leviathan", "vizier")
    assert (order.first_night.index("minioninfo"), order.first_night.index("demoninfo")) == (19, 23)
    assert order.other_night[:2] == ("dusk", "duchess") and "minioninfo" not in order.other_night
    # Both nights are exactly nightsheet.json's firstNight and otherNight.
    assert facts_digest({"first_night": list(order.first_night),
                         "other_night": list(order.other_night)}) == OFFICIAL.facts["night-order"]
    assert len(order.onuw_daybreak) == 10 and len(order.onuw_combined) == 21
    assert order.onuw_combined[16] == ("#9a", "doppelganger")


def test_the_rulebook_wake_order_matches_the_night_order_file(corpus):
    order = load_night_order(ROOT / "content" / "night-order.yaml")
    book = corpus.rulebooks[0]
    assert [s.code for s in book.wake_order_combined] == [code for code, _ in order.onuw_combined]
    assert [s.code for s in book.wake_order_alone] == [code for code, _ in order.onuw_daybreak]


def test_the_editions_titles_are_checked_like_every_field(tmp_path):
    import pytest

    from generator.errors import AlmanacError
    for editions, message in (
        ("[{id: tb, titles: {en: Trouble Brewing, ko: ''}}]",
         "edition 'tb': titles are text, one per language"),
        ("[{id: Trouble Brewing, titles: {en: x}}]",
         "edition 'Trouble Brewing': an id is lower-case letters, digits and hyphens"),
    ):
        path = tmp_path / "glossary.yaml"
        path.write_text(f"editions: {editions}\nbotc: []\n", encoding="utf-8")
        with pytest.raises(AlmanacError) as caught:
            load_glossary(path, LANGUAGES)
        assert caught.value.message == message



def test_the_data_files_are_read_again_once_their_bytes_change_and_not_before(tmp_path):
    content = corpus_project(tmp_path, {}) / "content"
    shutil.copy(ROOT / "content" / "rules.yaml", content / "rules.yaml")
    first = load_facts(content)
    assert load_facts(content) is first
    glossary = content / "glossary.yaml"
    glossary.write_text(glossary.read_text(encoding="utf-8").replace("ko: 요리사\n", "ko: 주방장\n"),
                        encoding="utf-8")
    chefs = [terms.by_id("botc", "chef") for terms in (first[1], load_facts(content)[1])]
    assert [chef.names["ko"] for chef in chefs if chef] == ["요리사", "주방장"]
    (content / "rules.yaml").unlink()  # a data file gone is a change too
    assert load_facts(content)[1].rules.terms == ()
