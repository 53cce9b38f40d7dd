"""The narration read aloud (templates/assets/narration.js) in Chromium, with a stubbed
speechSynthesis injected before the page's scripts and Playwright's clock for the pauses."""
from __future__ import annotations

import json

import pytest

from tests.projects import almanac

ROLES = "werewolf,dreamwolf,minion,seer"
# What the stub records: each utterance's text, language and voice, in the order spoken.
STUB = """
window.__spoken = [];
window.SpeechSynthesisUtterance = function (text) { this.text = text; this.lang = "";
  this.voice = null; };
const voices = %s;
Object.defineProperty(window, "speechSynthesis", {configurable: true, value: {
  getVoices: () => voices,
  speak(u) { window.__spoken.push([u.text, u.lang, u.voice && u.voice.name]);
             setTimeout(() => u.onend && u.onend({}), 500); },
  cancel() {}, addEventListener() {}}});
"""
VOICES = [{"name": "Test English", "lang": "en-US"}, {"name": "Other English", "lang": "en-GB"},
          {"name": "Test Korean", "lang": "ko-KR"}]
SPOKEN = {
    "en": ["Everyone, close your eyes.",
           "Werewolves, except the Dream Wolf, wake up. Werewolves, you may look for one another. "
           "Dream Wolf, stick out your thumb to show that you are a werewolf.",
           "If you are the only one with your eyes open, you may look at one of the three cards "
           "in the center of the table.",
           "Dream Wolf, put your thumb away; werewolves, close your eyes.",
           "Dream Wolf, stick out your thumb to show that you are a werewolf.",
           "Everyone, keep your eyes closed, reach out and move your card a little. Everyone, "
           "wake up!"],
    "ko": ["모두 눈을 감으세요.",
           "잠자는 늑대인간을 제외한 나머지 늑대인간만 일어나세요. 늑대인간은 서로를 확인할 수 있습니다. "
           "잠자는 늑대인간은 엄지손가락을 세워 자신이 늑대인간임을 알립니다.",
           "만약 눈을 뜬 사람이 혼자라면 테이블 가운데 3장의 카드 중 하나를 확인할 수 있습니다.",
           "잠자는 늑대인간은 손가락을 내리고, 늑대인간은 눈을 감으세요.",
           "잠자는 늑대인간은 엄지손가락을 세워 자신이 늑대인간임을 알립니다.",
           "모두, 계속 눈을 감은 상태로 여러분의 카드를 조금 움직여주세요. 모두, 일어나세요!"]}


@pytest.fixture(scope="module")
def sheets(tmp_path_factory):
    folder = tmp_path_factory.mktemp("aloud")
    for lang in SPOKEN:
        result = almanac("narration", "--roles", ROLES, "--lang", lang, "--html",
                         str(folder / f"{lang}.html"))
        assert result.returncode == 0, result.stderr
    return folder


def opened(page, sheets, lang, voices):
    fetched = []
    page.on("request", lambda request: fetched.append(request.url))
    page.clock.install()
    page.add_init_script(STUB % json.dumps(voices))
    page.goto((sheets / f"{lang}.html").as_uri())
    assert [url for url in fetched if not url.startswith("file:")] == []  # offline
    return page


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_narration_is_spoken_in_order_with_the_rulebooks_pauses(page, sheets, lang):
    opened(page, sheets, lang, VOICES)
    voices = page.locator("[data-voices] option").all_text_contents()
    assert voices == ({"en": ["Test English (en-US)", "Other English (en-GB)"],
                       "ko": ["Test Korean (ko-KR)"]}[lang])
    if lang == "en":
        page.select_option("[data-voices]", "Other English")
    page.click('[data-action="play"]')
    page.clock.run_for(700)  # each line takes the stub half a second
    assert [text for text, _, _ in page.evaluate("window.__spoken")] == SPOKEN[lang][:2]
    countdown = page.locator(".narration-countdown")
    assert countdown.is_visible() is False  # no pause yet: the lone wolf's rule comes first
    page.clock.run_for(900)
    assert len(page.evaluate("window.__spoken")) == 3 and countdown.is_visible()
    assert page.locator("[data-seconds]").text_content() == "10"
    page.clock.run_for(3000)
    assert page.locator("[data-seconds]").text_content() == "7"
    page.clock.run_for(60_000)
    spoken = page.evaluate("window.__spoken")
    assert [text for text, _, _ in spoken] == SPOKEN[lang]
    voice = {"en": "Other English", "ko": "Test Korean"}[lang]
    assert {(spoken_lang, name) for _, spoken_lang, name in spoken} == {(lang, voice)}
    assert countdown.is_visible() is False
    assert page.locator('[data-action="play"]').is_enabled()


def test_pause_and_skip(page, sheets):
    opened(page, sheets, "en", VOICES)
    page.click('[data-action="play"]')
    page.clock.run_for(1600)  # in the werewolves' pause
    page.click('[data-action="skip"]')  # the pause skipped: the Dream Wolf's closing line
    page.clock.run_for(100)
    assert page.evaluate("window.__spoken.length") == 4
    page.click('[data-action="pause"]')
    page.clock.run_for(60_000)
    assert page.evaluate("window.__spoken.length") == 4  # paused: nothing more
    assert page.locator('[data-action="pause"]').is_disabled()
    page.click('[data-action="play"]')  # the cancelled line again, from its start
    page.clock.run_for(100)
    assert page.evaluate("window.__spoken.map(s => s[0])")[3:] == [SPOKEN["en"][3]] * 2


def test_without_a_voice_it_says_so_and_shows_the_text(page, sheets):
    opened(page, sheets, "en", [{"name": "Test Korean", "lang": "ko-KR"}])
    assert page.locator(".narration-no-voice").text_content() == \
        "This browser has no voice for English: read the lines below aloud yourself."
    assert page.locator(".narration-no-voice").is_visible()
    assert page.locator('[data-action="play"]').is_disabled()
    assert page.locator(".narration-voice").is_hidden()
    assert page.get_by_text(SPOKEN["en"][0]).is_visible()


def test_without_speech_at_all_and_on_a_phone(page, sheets):
    page.set_viewport_size({"width": 390, "height": 800})
    page.add_init_script("delete Window.prototype.speechSynthesis; "
                         "delete window.speechSynthesis;")
    page.goto((sheets / "ko.html").as_uri())
    assert page.evaluate("'speechSynthesis' in window") is False
    assert page.locator(".narration-no-voice").text_content() == \
        "이 브라우저에는 한국어 음성이 없습니다. 아래 대본을 직접 소리 내어 읽으세요."
    assert page.locator(".narration-no-voice").is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    box = page.locator('[data-action="play"]').bounding_box()
    assert box and box["x"] + box["width"] <= 390
