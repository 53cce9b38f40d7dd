// A One Night narration read aloud with the browser's own voices (Web Speech API): each line
// of the sheet in order, the rulebook's pause after a role wakes with a countdown, play, pause,
// skip and a choice of voice. Nothing is fetched; a no-op on pages without a narration.
(function () {
  "use strict";

  function base(lang) {
    return (lang || "").toLowerCase().split(/[-_]/)[0];
  }

  function setUp(player) {
    var sheet = player.closest(".narration");
    var synth = window.speechSynthesis;
    var lang = player.getAttribute("data-lang");
    var select = player.querySelector("[data-voices]");
    var noVoice = player.querySelector(".narration-no-voice");
    var countdown = player.querySelector(".narration-countdown");
    var seconds = countdown.querySelector("[data-seconds]");
    var buttons = {};
    ["play", "pause", "skip"].forEach(function (name) {
      buttons[name] = player.querySelector('[data-action="' + name + '"]');
    });
    // The steps: each line said, then the seconds it leaves a role to act, if any.
    var steps = [];
    Array.prototype.forEach.call(sheet.querySelectorAll(".narration-line"), function (line) {
      var text = line.textContent.trim().replace(/^[“"]|[”"]$/g, "").trim();
      steps.push({say: text, lang: line.getAttribute("lang") || lang, line: line});
      var pause = parseInt(line.getAttribute("data-pause"), 10) || 0;
      if (pause > 0) {
        steps.push({wait: pause, line: line});
      }
    });
    var at = 0;  // the step to run next
    var left = 0;  // seconds left of a pause that was interrupted
    var playing = false;
    var current = null;  // the utterance being said, so that a cancelled one is ignored
    var timer = null;
    player.hidden = false;

    function voicesFor(code) {
      return synth ? synth.getVoices().filter(function (voice) {
        return base(voice.lang) === base(code);
      }) : [];
    }

    function listVoices() {
      var voices = voicesFor(lang);
      var chosen = select.value;
      select.textContent = "";
      voices.forEach(function (voice) {
        var option = document.createElement("option");
        option.value = voice.name;
        option.textContent = voice.name + " (" + voice.lang + ")";
        option.selected = voice.name === chosen;
        select.appendChild(option);
      });
      var none = voices.length === 0;
      noVoice.hidden = !none;
      select.closest("label").hidden = none;
      buttons.play.disabled = none || playing;
    }

    function voiceFor(code) {
      var named = voicesFor(code).filter(function (voice) {
        return voice.name === select.value;
      });
      return named[0] || voicesFor(code)[0] || null;
    }

    function mark(step) {
      Array.prototype.forEach.call(sheet.querySelectorAll(".narration-current"), function (el) {
        el.classList.remove("narration-current");
      });
      if (step) {
        step.line.classList.add("narration-current");
      }
    }

    function stop() {
      current = null;
      if (timer !== null) {
        clearInterval(timer);
        timer = null;
      }
      if (synth) {
        synth.cancel();
      }
    }

    function controls() {
      buttons.play.disabled = playing || noVoice.hidden === false;
      buttons.pause.disabled = !playing;
      buttons.skip.disabled = !playing;
    }

    function next() {
      at += 1;
      left = 0;
      run();
    }

    function run() {
      if (!playing) {
        return;
      }
      var step = steps[at];
      if (!step) {  // the night is over: ready to read it again
        playing = false;
        at = 0;
        mark(null);
        countdown.hidden = true;
        controls();
        return;
      }
      mark(step);
      if (step.wait) {
        left = left || step.wait;
        seconds.textContent = String(left);
        countdown.hidden = false;
        timer = setInterval(function () {
          left -= 1;
          seconds.textContent = String(left);
          if (left <= 0) {
            clearInterval(timer);
            timer = null;
            countdown.hidden = true;
            next();
          }
        }, 1000);
        return;
      }
      countdown.hidden = true;
      var utterance = new window.SpeechSynthesisUtterance(step.say);
      utterance.lang = step.lang;
      var voice = voiceFor(step.lang);
      if (voice) {
        utterance.voice = voice;
      }
      utterance.onend = utterance.onerror = function () {
        if (current === utterance) {
          current = null;
          next();
        }
      };
      current = utterance;
      synth.speak(utterance);
    }

    buttons.play.addEventListener("click", function () {
      playing = true;
      controls();
      run();
    });
    buttons.pause.addEventListener("click", function () {
      playing = false;
      stop();  // a line is said again from its start; a pause goes on from where it was
      controls();
      buttons.play.focus();
    });
    buttons.skip.addEventListener("click", function () {
      stop();
      countdown.hidden = true;
      next();
    });
    if (synth) {
      if (synth.addEventListener) {
        synth.addEventListener("voiceschanged", listVoices);
      }
      listVoices();
    } else {
      noVoice.hidden = false;
      select.closest("label").hidden = true;
    }
    controls();
  }

  function start() {
    Array.prototype.forEach.call(document.querySelectorAll(".narration-player"), setUp);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
