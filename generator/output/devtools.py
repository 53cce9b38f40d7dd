"""Headless Chromium driven over the DevTools protocol on a pipe, as printing uses it: started
at once, with no Node.js driver between (Playwright's took longer to start than Chromium), it
boots while the caller builds the sheets; any thread may send it commands."""
from __future__ import annotations

import fcntl
import json
import os
import re
import shutil
import signal
import tempfile
import threading
from concurrent.futures import Future
from concurrent.futures import TimeoutError as Timeout
from contextlib import suppress
from typing import Any

from generator.errors import AlmanacError
from generator.files import alive
from generator.output.chromium import FLAGS, cannot_start, chromium_path, unusable

# Playwright's switches for a headless Chromium that matter to a sheet: no scroll bar takes
# width from a sheet measured, the PDFs' colours are the same (their text, fonts and places
# were, with every switch of Playwright's), a tab not in front is not slowed while another
# prints, no field trial changes Chromium from one run to the next, and nothing runs but tabs.
SWITCHES = (
    *FLAGS, "--headless", "--hide-scrollbars", "--force-color-profile=srgb",
    "--disable-renderer-backgrounding", "--disable-background-timer-throttling",
    "--disable-backgrounding-occluded-windows", "--disable-field-trial-config",
    "--disable-dev-shm-usage", "--no-first-run", "--no-default-browser-check",
    "--disable-extensions", "--disable-default-apps",
    "--disable-component-extensions-with-background-pages", "--disable-breakpad",
    "--password-store=basic", "--use-mock-keychain", "--no-service-autorun",
    "--no-startup-window")
# A command unanswered this long means Chromium hangs: an error, not a wait for ever.
_ANSWER_WITHIN = 120.0
# Chromium's profile, `almanac-chromium-<pid>-<random>`: the process it is for, so that a later
# run can tell one a killed run left.
_PROFILE = re.compile(r"almanac-chromium-(\d+)-[^/]*")


class DevTools:
    """One Chromium, started when made, in a profile of its own that goes with it. Chromium
    reads commands on its fd 3 and answers on its fd 4, each message JSON ended by a NUL."""

    def __init__(self) -> None:
        self.path = chromium_path()
        self._lock = threading.Lock()  # over the commands awaiting answers
        self._writing = threading.Lock()  # over the pipe the commands go down
        self._answers: dict[int, tuple[str, Future[dict[str, Any]]]] = {}
        self._sent = 0
        self._answered = False  # once Chromium answers, it has started
        self._ended: AlmanacError | None = None  # why no command can be answered any more
        self._pid = 0
        self._commands = -1
        self._profile = _profile()
        commands, answers = os.pipe(), os.pipe()
        # Chromium's ends moved above fd 4 first: setting them as its 3 and 4 overwrites neither.
        theirs = [fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 5) for fd in (commands[0], answers[1])]
        try:
            self._pid = os.posix_spawn(self.path, [
                self.path, *SWITCHES, f"--user-data-dir={self._profile}",
                "--remote-debugging-pipe"], os.environ, file_actions=[
                    (os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0),
                    (os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
                    (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0),
                    (os.POSIX_SPAWN_DUP2, theirs[0], 3), (os.POSIX_SPAWN_DUP2, theirs[1], 4)],
                setpgroup=0)  # a process group of its own, to be ended whole
        except OSError as err:
            self._ended = cannot_start(self.path, unusable(self.path) or err.strerror or str(err))
            for fd in (commands[1], answers[0]):
                os.close(fd)
            shutil.rmtree(self._profile, ignore_errors=True)
            return
        finally:
            for fd in (*theirs, commands[0], answers[1]):
                os.close(fd)
        self._commands = commands[1]
        threading.Thread(target=self._read, args=(answers[0], self._pid), daemon=True,
                         name="chromium-answers").start()

    def call(self, method: str, params: dict[str, Any] | None = None,
             session: str | None = None) -> dict[str, Any]:
        """The answer to a command (to a tab: with its session); an AlmanacError where Chromium
        could not start, has ended, hangs or refuses the command."""
        try:
            return self.send(method, params, session).result(_ANSWER_WITHIN)
        except Timeout:
            raise AlmanacError(f"Chromium did not answer {method} within "
                               f"{_ANSWER_WITHIN:.0f} s", self.path) from None

    def send(self, method: str, params: dict[str, Any] | None = None,
             session: str | None = None) -> Future[dict[str, Any]]:
        """A command sent; its answer to come."""
        answer: Future[dict[str, Any]] = Future()
        with self._lock:
            if self._ended:
                answer.set_exception(self._ended)
                return answer
            self._sent += 1
            self._answers[self._sent] = (method, answer)
            message = {"id": self._sent, "method": method, "params": params or {},
                       **({"sessionId": session} if session else {})}
        # ASCII alone (escapes for the rest): no lone surrogate reaches Chromium raw.
        data = json.dumps(message).encode() + b"\0"
        with self._writing:
            try:
                while data and self._commands >= 0:
                    data = data[os.write(self._commands, data):]
            except OSError:  # Chromium has ended: the reader fails the answer, saying how
                pass
        return answer

    def _read(self, fd: int, pid: int) -> None:
        """Hands each answer to its command until Chromium closes its end, then fails those
        left, saying how it ended."""
        message = bytearray()
        try:
            with os.fdopen(fd, "rb", buffering=0) as answers:
                while chunk := answers.read(1 << 20):
                    start = 0
                    while (end := chunk.find(b"\0", start)) >= 0:
                        message += chunk[start:end]
                        self._answer(json.loads(message))
                        message.clear()
                        start = end + 1
                    message += chunk[start:]
        finally:
            how = _how_it_ended(pid)
            with self._writing:
                os.close(self._commands)
                self._commands = -1
            with self._lock:
                self._ended = cannot_start(self.path, f"it ended at once with {how}") \
                    if not self._answered else \
                    AlmanacError(f"Chromium ended while printing ({how})", self.path)
                left, self._answers = self._answers, {}
            for _, answer in left.values():
                answer.set_exception(self._ended)

    def _answer(self, message: dict[str, Any]) -> None:
        with self._lock:
            self._answered = True
            method, answer = self._answers.pop(message.get("id", -1), ("", None))
        if answer is None:  # an event: none is asked for
            return
        if "error" in message:
            answer.set_exception(AlmanacError(
                f"Chromium refused {method}: {message['error'].get('message')}", self.path))
        else:
            answer.set_result(message.get("result", {}))

    def close(self) -> None:
        """Chromium and every process it started killed, and its profile removed: nothing of
        them is kept, and closing it took longer than printing a sheet."""
        if self._pid:
            os.killpg(self._pid, signal.SIGKILL)  # until reaped, its id is no other group's
            os.waitpid(self._pid, 0)
            self._pid = 0
        shutil.rmtree(self._profile, ignore_errors=True)


def _profile() -> str:
    """A new folder for Chromium's profile, in memory where the user has such a folder (their
    runtime folder, else /dev/shm; on a disk, removing the profile's files took longer than
    printing a sheet), else in the temporary folder; the profiles killed runs left go first."""
    parent = next((folder for folder in (os.environ.get("XDG_RUNTIME_DIR", ""), "/dev/shm")
                   if folder and os.path.isdir(folder) and os.access(folder, os.W_OK | os.X_OK)),
                  tempfile.gettempdir())
    with suppress(OSError), os.scandir(parent) as entries:  # a folder one may not list
        for entry in entries:
            left = _PROFILE.fullmatch(entry.name)
            if left and int(left[1]) != os.getpid() and not alive(int(left[1])):
                shutil.rmtree(entry.path, ignore_errors=True)
    return tempfile.mkdtemp(prefix=f"almanac-chromium-{os.getpid()}-", dir=parent)


def _how_it_ended(pid: int) -> str:
    """How the process ended, as `exit status N` or `signal NAME`; it stays to be reaped."""
    try:
        ended = os.waitid(os.P_PID, pid, os.WEXITED | os.WNOWAIT)
    except ChildProcessError:  # reaped already: closed
        return "killed"
    if ended is None or ended.si_code == os.CLD_EXITED:  # None only with WNOHANG
        return f"exit status {ended.si_status if ended else 0}"
    try:
        return f"signal {signal.Signals(ended.si_status).name}"
    except ValueError:
        return f"signal {ended.si_status}"
