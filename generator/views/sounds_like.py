"""An English name written in Hangul as it sounds, as Korean players spell one they have only
heard (Poisoner → 포이조너, one jamo from a player's 포이즈너): English spelling read by a few
rules of thumb into consonants and vowels, then built into syllables as Korean loanwords are (a
consonant with no vowel after it closes the syllable where Korean allows, else takes ㅡ).
Search's one-letter tolerance over jamo absorbs the spellings it does not give exactly.

The rules follow the National Institute of Korean Language's loanword orthography for English
(외래어 표기법, chapter 3, section 1) where players spell as it does: a voiceless stop after a
short vowel closes the syllable (x after one: ㄱ스, Vortox 보톡스); a long a (a, one consonant,
then e: take) is 에이 (Undertaker 언더테이커); a final -er, -or is 어 (Professor 프로페서).
Spellings players keep that no rule gives are data (content/search-words.yaml)."""
from __future__ import annotations

import re

# Spelling → sounds, longest first: consonants as initial jamo, vowels as medial jamo.
_RULES = [
    ("tch", "ㅊ"), ("sch", "ㅅㅋ"), ("ch", "ㅊ"), ("sh", "ㅅㅣ"), ("ph", "ㅍ"), ("th", "ㅅ"),
    ("ck", "ㅋ"), ("qu", "ㅋㅜ"), ("ng", "ㆁ"), ("wh", "ㅇㅜ"), ("ī", "ㅏㅣ"),
    ("ee", "ㅣ"), ("ea", "ㅣ"), ("oo", "ㅜ"), ("ou", "ㅏㅜ"), ("ow", "ㅏㅜ"), ("ai", "ㅔㅣ"),
    ("ay", "ㅔㅣ"), ("oi", "ㅗㅣ"), ("oy", "ㅗㅣ"), ("au", "ㅗ"), ("aw", "ㅗ"), ("ie", "ㅣ"),
    ("er", "ㅓ"), ("ir", "ㅓ"), ("ur", "ㅓ"), ("or", "ㅗ"), ("ar", "ㅏ"),
    ("æ", "ㅐ"), ("a", "ㅏ"), ("e", "ㅔ"), ("i", "ㅣ"), ("o", "ㅗ"), ("u", "ㅓ"), ("y", "ㅣ"),
    ("w", "ㅇㅜ"),
    ("b", "ㅂ"), ("c", "ㅋ"), ("d", "ㄷ"), ("f", "ㅍ"), ("g", "ㄱ"), ("h", "ㅎ"), ("j", "ㅈ"),
    ("k", "ㅋ"), ("l", "ㄹ"), ("m", "ㅁ"), ("n", "ㄴ"), ("p", "ㅍ"), ("r", "ʀ"), ("s", "ㅅ"),
    ("t", "ㅌ"), ("v", "ㅂ"), ("x", "Kㅅ"), ("z", "ㅈ"),
]
# A vowel before r, unless a vowel follows (Baron: ba-ron, Soldier: sol-di-er).
_R_COLOURED = {"er", "ir", "ur", "or", "ar"}
_INITIALS = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ"
_MEDIALS = "ㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ"
_VOWELS = frozenset(_MEDIALS)
_FINALS = ["", *"ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ"]
# A consonant closing a syllable as Korean loanwords write it (Imp 임프: m closes, p does not).
_CLOSING = {"ㄴ": "ㄴ", "ㄹ": "ㄹ", "ㅁ": "ㅁ", "ㆁ": "ㅇ", "K": "ㄱ"}
# Two vowels that make one (ㅗ+ㅏ → ㅘ, ㅜ+ㅓ → ㅝ, ㅣ+ㅓ → ㅕ …), as w- and y- glides are written.
_GLIDES = {(glide[0], glide[1]): glide[2] for glide in (
    "ㅗㅏㅘ", "ㅜㅓㅝ", "ㅜㅗㅝ", "ㅜㅔㅞ", "ㅜㅣㅟ",
    "ㅣㅓㅕ", "ㅣㅏㅑ", "ㅣㅔㅖ", "ㅣㅗㅛ", "ㅣㅜㅠ")}


def _sounds(word: str) -> list[str]:
    word = re.sub(r"u(?=[b-df-hj-np-tv-z]e$)", "oo", word)  # a long u (Recluse: -cluse)
    word = re.sub(r"(?<=[^aeiou])e$", "", word)  # a silent final e (Recluse, Gnome)
    word = word.replace("igh", "ī").replace("wa", "wo")  # Night; Watch
    word = re.sub(r"c(?=[eiy])", "s", word)
    word = re.sub(r"(?<=[aeiouy])s(?=[aeiouy])", "z", word)  # Poisoner: poi-zo-ner
    word = re.sub(r"g(?=[ei])", "j", word)
    word = re.sub(r"([b-df-hj-np-tv-z])\1", r"\1", word)  # doubled consonants sound once
    word = re.sub(r"or$", "er", word)  # a final -or is said as -er (Professor 프로페서)
    word = re.sub(r"(?<=[^aeiou])a(?=[bcdfgjklmnpstvz](?:e|er)$)", "ei", word)  # take, taker
    word = re.sub(r"a(?=[b-df-hj-np-qs-tv-z][b-df-hj-np-tv-z]|[b-df-hj-np-tv-z]$)", "æ",
                  word)  # a short a: Gambler (not before r: Scarlet)
    sounds: list[str] = []
    while word:
        spelling, sound = next((rule for rule in _RULES if word.startswith(rule[0]) and not (
            rule[0] in _R_COLOURED and word[2:3] in tuple("aeiouy"))), (word[0], ""))
        sounds.extend(sound)
        word = word[len(spelling):]
    # An l before a vowel, not first, is written twice (Gambler 갬블러, Teller 텔러); r (ʀ) is ㄹ.
    sounds = [
        extra for i, sound in enumerate(sounds)
        for extra in (["ㄹ", "ㄹ"] if sound == "ㄹ" and 0 < i < len(sounds) - 1 and
                      sounds[i + 1] in _VOWELS
                      else ["ㄹ" if sound == "ʀ" else sound])]
    merged: list[str] = []
    for sound in sounds:  # glides: a vowel into the next
        if merged and (merged[-1], sound) in _GLIDES and \
                (len(merged) < 2 or merged[-2] not in _MEDIALS):
            merged[-1] = _GLIDES[(merged[-1], sound)]
        else:
            merged.append(sound)
    return merged


def _syllable(initial: str, medial: str, final: str = "") -> str:
    return chr(0xAC00 + (_INITIALS.index(initial) * 21 + _MEDIALS.index(medial)) * 28 +
               _FINALS.index(final))


# Spellings Korean players write two ways, each tried (Chef: 체프, 셰프; -man: 맨, 먼).
_EITHER = [(re.compile(r"^ch"), "sh"), (re.compile(r"(?<=.)man$"), "mun")]


def _word(word: str) -> str:
    sounds = _sounds(word) + [""]
    out = []
    i = 0
    while sounds[i]:
        if sounds[i] in _VOWELS:
            initial, medial, i = "ㅇ", sounds[i], i + 1
        elif sounds[i + 1] in _VOWELS:
            initial = {"ㆁ": "ㅇ", "K": "ㅋ"}.get(sounds[i], sounds[i])
            medial, i = sounds[i + 1], i + 2
        else:  # a consonant alone: its own syllable, with ㅡ (ㅣ after ㅈ, ㅊ)
            initial = {"ㆁ": "ㅇ", "K": "ㅋ"}.get(sounds[i], sounds[i])
            medial, i = "ㅣ" if initial in "ㅈㅊ" else "ㅡ", i + 1
        final = ""
        if sounds[i] in _CLOSING and sounds[i + 1] not in _VOWELS:
            final, i = _CLOSING[sounds[i]], i + 1
        elif sounds[i] == "ㅌ" and medial in "ㅔㅐ" and sounds[i + 1] == "":
            final, i = "ㅅ", i + 1  # a t after a short vowel ends the word: Scarlet 스칼렛
        out.append(_syllable(initial, medial, final))
    return "".join(out)


def hangul(name: str) -> str:
    """The name as Korean writes it by sound: each word, then the words run together where
    there are more than one ("Scarlet Woman" → 스칼렛 워맨 스칼렛워맨), each spelling of
    _EITHER too; letters beyond a–z are left out."""
    words = re.findall(r"[a-z]+", name.lower())
    spellings: list[list[str]] = [[]]
    for word in words:
        forms = [word] + [pattern.sub(other, word) for pattern, other in _EITHER
                          if pattern.search(word)]
        spellings = [done + [_word(form)] for done in spellings for form in forms][:4]
    found = [part for spelling in spellings
             for part in (spelling if len(spelling) == 1 else [*spelling, "".join(spelling)])]
    return " ".join(dict.fromkeys(found))
