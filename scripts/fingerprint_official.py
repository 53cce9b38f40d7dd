"""Write tests/data/official-fingerprints.txt from the official data in ../shared/reference/botc/:
SHA-256 fingerprints of its texts (abilities, flavors, night reminders, jinxes, edition
descriptions) and of the facts the project keeps from it, so that the tests compare with the
official data without it beside the project and without holding a sentence of it.

Run it after scripts/import_reference.py, from the same data.
Usage: python scripts/fingerprint_official.py [REFERENCE_DIR]
"""
from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tests.fingerprints import FINGERPRINTS, facts_digest, sentence_keys, sha256  # noqa: E402


def read(path: Path):
    return json.loads(path.read_text(encoding="utf-8"))


def official_texts(ref: Path) -> Iterator[tuple[str, str, str, str]]:
    """(id, lang, field, text) for every field of the official data that holds sentences."""
    for role in read(ref / "roles.json"):
        for field in ("ability", "flavor", "firstNightReminder", "otherNightReminder"):
            if role.get(field):
                yield role["id"], "en", field, role[field]
    for pair in read(ref / "jinxes.json"):
        for jinx in pair["jinx"]:
            yield f"{pair['id']}-{jinx['id']}", "en", "jinx", jinx["reason"]
    # Every language's file: the project may hold none of their sentences (en and ko first, the
    # languages whose whole texts the tests compare).
    others = sorted(path.name[len("game."):-len(".json")] for path in ref.glob("game.*.json"))
    for lang in dict.fromkeys(["en", "ko", *others]):
        game = read(ref / f"game.{lang}.json")
        for ident, role in game.get("roles", {}).items():
            for field in ("ability", "flavor", "first", "other"):
                if role.get(field):
                    yield ident, lang, field, role[field]
        for ident, reason in game.get("jinxes", {}).items():
            yield ident, lang, "jinx", reason
        for ident, edition in game.get("editions", {}).items():
            if edition.get("description"):
                yield ident, lang, "description", edition["description"]


def main() -> None:
    ref = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / "shared/reference/botc"
    roles = read(ref / "roles.json")
    korean = read(ref / "game.ko.json")
    sheet = read(ref / "nightsheet.json")
    # The same table and lists the tests build from content/glossary.yaml and night-order.yaml.
    characters = [[role["id"], role["team"],
                   {"en": role["name"], "ko": korean["roles"][role["id"]]["name"]},
                   role.get("reminders", []) + role.get("remindersGlobal", [])] for role in roles]
    night_order = {"first_night": sheet["firstNight"], "other_night": sheet["otherNight"]}
    lines = [f"facts {facts_digest(characters)} characters",
             f"facts {facts_digest(night_order)} night-order"]
    texts: dict[tuple[str, str, str], str] = {}
    sentences: dict[str, str] = {}
    for ident, lang, field, text in official_texts(ref):
        # roles.json comes before game.en.json: its English is the card text the corpus prints.
        if field in ("ability", "flavor") and lang in ("en", "ko"):
            texts.setdefault((ident, lang, field), sha256(text))
        for key in sentence_keys(text):
            sentences.setdefault(sha256(key), f"{ident} {lang} {field}")
    lines += [f"text {digest} {' '.join(label)}" for label, digest in texts.items()]
    lines += [f"sentence {digest} {label}" for digest, label in sentences.items()]
    FINGERPRINTS.parent.mkdir(exist_ok=True)
    FINGERPRINTS.write_text(
        "# SHA-256 fingerprints of the official BotC data (see tests/fingerprints.py).\n"
        "# Written by scripts/fingerprint_official.py; never edit by hand.\n"
        + "\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
