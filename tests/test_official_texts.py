"""Parsed abilities and flavors of 000, 001 and 004 against the official texts.

Equal wherever the corpus prints the card text; each difference is listed with its reason.
"""
import json

from tests.conftest import REFERENCE

# (id, lang, field): why the corpus text is not the official one.
KNOWN_DIFFERENCES = {
    ("bountyhunter", "ko", "ability"): "corpus says 마을주민 where the card says 주민",
    ("vigormortis", "ko", "ability"): "corpus says 마을주민 where the card says 주민",
    ("vortox", "ko", "ability"): "corpus says 마을주민 where the card says 주민",
    ("investigator", "ko", "ability"): "unwritten entry with an unofficial wording (참가자 …)",
    ("exorcist", "ko", "ability"): "unwritten entry with an unofficial wording (어제와 다른 참가자)",
    ("professor", "ko", "ability"): "unwritten entry with an unofficial wording (게임당 한 번)",
    ("zealot", "ko", "ability"): "unwritten entry with an unofficial wording (처형 투표에 손을)",
    ("devilsadvocate", "ko", "ability"): "unwritten entry with an unofficial wording (어제와 다른)",
    ("psychopath", "ko", "ability"): "unwritten entry with an unofficial wording (참가자, 지명자)",
    ("magician", "ko", "flavor"): "official text marks *펑!* as emphasis; the corpus drops the marks",
    ("drunk", "en", "flavor"): "official text marks *hic* and *burp*; the corpus drops the marks",
    ("balloonist", "en", "flavor"): "official text has a double space before 'glint'",
}


def official_texts():
    korean = json.loads((REFERENCE / "game.ko.json").read_text(encoding="utf-8"))["roles"]
    english = {r["id"]: r for r in json.loads((REFERENCE / "roles.json").read_text(encoding="utf-8"))}
    return {"ko": korean, "en": english}


def test_abilities_and_flavors_equal_official_texts_but_for_known_differences(document):
    official = official_texts()
    compared, differences = 0, {}
    for character in document["characters"]:
        if character["game"] != "botc":
            continue
        for lang, entry in character["entries"].items():
            if not any(s["file"].split("/")[-1][:3] in ("000", "001", "004") for s in entry["sources"]):
                continue
            for field in ("ability", "flavor"):
                if entry["status"][field] != "present":
                    continue
                compared += 1
                if entry[field] != official[lang][character["id"]].get(field):
                    differences[(character["id"], lang, field)] = entry[field]
    assert set(differences) == set(KNOWN_DIFFERENCES)
    assert compared == 146


def test_the_reasons_given_are_the_whole_difference(document):
    official = official_texts()

    def pair(ident, lang, field):
        character = next(c for c in document["characters"] if c["id"] == ident)
        return character["entries"][lang][field], official[lang][ident][field]

    for ident in ("bountyhunter", "vigormortis", "vortox"):
        corpus, card = pair(ident, "ko", "ability")
        assert corpus.replace("마을주민", "주민") == card
    for ident, lang in (("magician", "ko"), ("drunk", "en")):
        corpus, card = pair(ident, lang, "flavor")
        assert card.replace("*", "") == corpus
    corpus, card = pair("balloonist", "en", "flavor")
    assert " ".join(card.split()) == corpus
