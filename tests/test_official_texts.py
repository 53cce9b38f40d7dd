"""Parsed abilities and flavors of 000, 001 and 004 against the official texts, by fingerprint.

Equal wherever the corpus prints the card text; each difference is listed with its reason.
No official sentence is kept in the project outside the corpus.
"""
from pathlib import Path

from tests.conftest import ROOT, entry_of
from tests.fingerprints import FINGERPRINTS, candidate_keys, load_fingerprints, sha256

OFFICIAL = load_fingerprints()

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
# Where the corpus is meant to quote the cards; every other file of the project must not.
CORPUS = (ROOT / "content" / "ko", ROOT / "content" / "en")
PROJECT = ("README.md", "docs", "mkdocs.yml", "pyproject.toml", "babel.cfg", ".ci", "content",
           "generator", "templates", "scripts", "tests")


def test_abilities_and_flavors_equal_official_texts_but_for_known_differences(document):
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
                if sha256(entry[field]) != OFFICIAL.texts.get((character["id"], lang, field)):
                    differences[(character["id"], lang, field)] = entry[field]
    assert set(differences) == set(KNOWN_DIFFERENCES)
    assert compared == 146


def test_the_reasons_given_are_the_whole_difference(document):
    def card_from_corpus(ident: str, lang: str, field: str, *changes: tuple[str, str]) -> None:
        text = entry_of(document, ident, lang)[field]
        for old, new in changes:
            assert old in text
            text = text.replace(old, new)
        assert sha256(text) == OFFICIAL.texts[(ident, lang, field)], ident

    for ident in ("bountyhunter", "vigormortis", "vortox"):
        card_from_corpus(ident, "ko", "ability", ("마을주민", "주민"))
    card_from_corpus("magician", "ko", "flavor", ("펑!", "*펑!*"))
    card_from_corpus("drunk", "en", "flavor", (" hic ", " *hic* "), (" burp ", " *burp* "))
    card_from_corpus("balloonist", "en", "flavor", (" glint", "  glint"))


def copies(paths: list[Path], quoted: frozenset[str] = frozenset()
           ) -> list[tuple[Path, str, str]]:
    """(file, "ID LANG FIELD" of the official text, the sentence's words) for each sentence of
    the files that is an official sentence, but for the quoted ones."""
    found = []
    for path in paths:
        data = path.read_bytes()
        if b"\0" in data:  # binary: compiled catalogs, fonts
            continue
        for key in candidate_keys(data.decode("utf-8")):
            if key not in quoted and (label := OFFICIAL.sentences.get(sha256(key))) is not None:
                found.append((path, label, key))
    return found


def project_files() -> list[Path]:
    files = []
    for name in PROJECT:
        top = ROOT / name
        for path in sorted(top.rglob("*")) if top.is_dir() else [top]:
            if path.is_file() and "__pycache__" not in path.parts and path != FINGERPRINTS \
                    and not any(path.is_relative_to(c) for c in CORPUS):
                files.append(path)
    return files


def test_no_official_sentence_outside_the_corpus():
    files = project_files()
    assert {ROOT / "content" / "glossary.yaml", ROOT / "templates" / "character.md.j2"} <= set(files)
    # Tests assert exact corpus values, and the corpus prints some card texts: those quotes of
    # the corpus are allowed in tests/, nowhere else.
    corpus = frozenset(key for folder in CORPUS for path in folder.glob("*.txt")
                       for key in candidate_keys(path.read_text(encoding="utf-8")))
    tests = [path for path in files if path.is_relative_to(ROOT / "tests")]
    found = copies([path for path in files if path not in tests]) + copies(tests, corpus)
    assert [(path.relative_to(ROOT).as_posix(), label, words) for path, label, words in found] \
        == []


def test_a_copied_sentence_is_found_wherever_it_sits(document, tmp_path):
    # The corpus prints the Noble's card text; quoted in code, YAML, HTML or Markdown it is a copy.
    ability = entry_of(document, "noble", "ko")["ability"]
    assert sha256(ability) == OFFICIAL.texts[("noble", "ko", "ability")]
    samples = {"a.py": f'TEXT = "{ability}"\n', "b.yaml": f"ability: {ability}\n",
               "c.html": f"<p>{ability}</p>\n", "d.md": f"- **능력**: {ability} 끝.\n",
               # Words before it make one longer sentence of the project's own.
               "e.txt": f"누군가 말하길 {ability}\n",
               "f.txt": ability.replace("악한 팀임을", "선한 팀임을") + "\n"}
    for name, text in samples.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    found = copies(sorted(tmp_path.iterdir()))
    assert [(path.name, label) for path, label, _ in found] == \
        [(name, "noble ko ability") for name in ("a.py", "b.yaml", "c.html", "d.md")]


def test_the_fingerprints_cover_every_languages_file():
    langs = {label.split()[1] for label in OFFICIAL.sentences.values()}
    assert {"en", "ko", "de", "ja", "zh_Hans", "ru", "th", "he", "en@pirate"} <= langs


def test_a_sentence_of_a_script_without_spaces_is_fingerprinted_by_its_letters():
    from tests.fingerprints import sentence_keys
    # Made-up sentences: one "word" of ten letters or more is a sentence in Chinese or Thai.
    assert list(sentence_keys("投毒者选择了一位虚构的客人。")) == ["投毒者选择了一位虚构的客人。"]
    assert len(list(sentence_keys("พ่อครัวชิมซุปทดสอบหนึ่งถ้วย"))) == 1
    # A Chinese text is as many sentences as its full stops make.
    assert len(list(sentence_keys("厨师品尝了测试汤的味道。小恶魔打翻了一口测试锅。"))) == 2
    # Two Latin words stay a common phrase, not a sentence anyone copied.
    assert list(sentence_keys("Nicht betrunken.")) == []
