"""Words the almanacs use as structure: team lines, section headers, placeholders."""
from __future__ import annotations

import re
import unicodedata

TEAM_WORDS = {
    "ko": {"마을주민": "townsfolk", "외지인": "outsider", "하수인": "minion", "악마": "demon",
           "여행자": "traveller", "전설": "fabled", "로어": "loric"},
    "en": {"Townsfolk": "townsfolk", "Outsider": "outsider", "Minion": "minion", "Demon": "demon",
           "Traveller": "traveller", "Traveler": "traveller", "Fabled": "fabled", "Loric": "loric"},
}
HOW_TO_RUN = {"ko": "진행 방법", "en": "How to Run"}
EXAMPLES = {"ko": "예시 · 메모", "en": "Examples & Notes"}
NOT_WRITTEN_YET = {"ko": "아직 작성되지 않았습니다.", "en": "Not written yet."}
SCRIPT_NOTE = "메모"
SCRIPT_HEADER = re.compile(r"^해설서 · (?P<author>.+?) · (?P<count>\d+)개 캐릭터$")
BULLET = "- "
QUOTES = "\"“”"

_HANGUL = re.compile(r"[\uac00-\ud7a3\u1100-\u11ff\u3130-\u318f]")
_LATIN = re.compile(r"[A-Za-z]")
# A name with stray digits behind it, as in "Professor1-75" or "Fanggu1 75 3-75".
_DAMAGED_NAME = re.compile(r"^(?P<name>.*?[^\W\d_])(?P<damage>\d[\d\s-]*)$")


def hangul_count(text: str) -> int:
    return len(_HANGUL.findall(text))


def latin_count(text: str) -> int:
    return len(_LATIN.findall(text))


def is_other_language(text: str, lang: str) -> bool:
    """Text written mostly in the other language's script: Korean in an English field, or the reverse."""
    hangul, latin = hangul_count(text), latin_count(text)
    return hangul > latin if lang == "en" else latin > hangul


def repair_name(raw: str) -> str:
    match = _DAMAGED_NAME.match(raw)
    return match.group("name").strip() if match else raw.strip()


def writing_systems(text: str) -> set[str]:
    """The scripts of the letters in text, by the first word of their Unicode names (LATIN, HANGUL, …)."""
    systems = set()
    for char in text:
        if unicodedata.category(char).startswith("L"):
            systems.add(unicodedata.name(char, "UNKNOWN").split()[0])
    return systems


_QUOTED_ABILITY = re.compile(r'^["“](?P<quote>[^"”]+)["”]')


def quoted_ability(summary: str) -> str | None:
    """The ability an almanac summary quotes at its start."""
    match = _QUOTED_ABILITY.match(summary)
    return match.group("quote").strip() if match else None
