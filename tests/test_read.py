import unicodedata

from generator.model import Diagnostic
from generator.read.corpus import Text, decode


def test_bom_dropped_crlf_and_cr_become_lf():
    text = decode("\ufeff마을주민\r\n귀족\r게임\n".encode("utf-8"), "a.txt", "ko")
    assert isinstance(text, Text)
    assert text.lines == ("마을주민", "귀족", "게임", "")


def test_text_is_nfc():
    decomposed = unicodedata.normalize("NFD", "귀족")
    assert len(decomposed) == 5  # 귀 = ᄀ+ᅱ, 족 = ᄌ+ᅩ+ᆨ
    text = decode(decomposed.encode("utf-8"), "a.txt", "ko")
    assert text.lines == ("귀족",)


def test_invalid_bytes_give_error_with_byte_offset_and_line():
    data = "마을주민\n귀족\n".encode() + b"\xff\xfe broken\n"
    offset = len("마을주민\n귀족\n".encode())
    result = decode(data, "content/ko/bad.txt", "ko")
    assert isinstance(result, Diagnostic)
    assert (result.severity, result.code, result.file, result.line) == \
        ("error", "undecodable", "content/ko/bad.txt", 3)
    assert f"byte {offset}" in result.message


def test_an_undecodable_file_is_skipped_and_nothing_else_fails(tmp_path):
    from generator.checks import run_checks
    from generator.pipeline import load_corpus
    from tests.conftest import ROOT, corpus_project
    corpus_project(tmp_path, {
        "ko/001.txt": (ROOT / "content/ko/001_1d042180b4afe951.txt").read_bytes(),
        "ko/999.txt": b"\xc3\x28 not utf-8"})
    corpus = load_corpus(tmp_path)
    found = run_checks(corpus)
    assert [(d.file, d.code) for d in found if d.severity == "error"] == \
        [("content/ko/999.txt", "undecodable")]
    assert len(corpus.parsed) == 1 and len(corpus.parsed[0].entries) == 27
