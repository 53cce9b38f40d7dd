"""`almanac official`: the publisher's data at pinned commits, fetched from a server (here a
local one serving the project's own fixtures, pinned by tests/fixtures/official-release.json),
or taken from the user's folder or archive; each file checked against its sum and swapped in
whole; then read by every command without --official DIR."""
from __future__ import annotations

import argparse
import io
import json
import socket
import tarfile
import threading
import zipfile
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from generator.commands.arguments import official_folder
from generator.errors import AlmanacError
from generator.release import pinned
from generator.release.store import official_home
from tests.conftest import ROOT
from tests.projects import almanac, site_project

FIXTURES = ROOT / "tests" / "fixtures"
MANIFEST = FIXTURES / "official-release.json"
RELEASE = "test-owner/botc-release/" + "1" * 40
TRANSLATIONS = "test-owner/botc-translations/" + "2" * 40
# What the server serves: the manifest's files at <owner>/<repo>/<commit>/<path>.
SERVED = {
    f"/{RELEASE}/resources/data/roles.json": FIXTURES / "official" / "roles.json",
    f"/{RELEASE}/resources/data/jinxes.json": FIXTURES / "official" / "jinxes.json",
    f"/{RELEASE}/resources/data/nightsheet.json": FIXTURES / "official" / "nightsheet.json",
    f"/{TRANSLATIONS}/game/en.json": FIXTURES / "official" / "game.en.json",
    f"/{TRANSLATIONS}/game/ko.json": FIXTURES / "official" / "game.ko.json",
    f"/{TRANSLATIONS}/game/de.json": FIXTURES / "official-languages" / "game.de.json",
    f"/{TRANSLATIONS}/script/de.json": FIXTURES / "official-languages" / "script.de.json",
    f"/{TRANSLATIONS}/app/de.json": FIXTURES / "official-languages" / "app.de.json",
}
NAMES = ["roles.json", "jinxes.json", "nightsheet.json", "game.en.json", "game.ko.json",
         "game.de.json", "script.de.json", "app.de.json"]
ARCHIVES = ("https://github.com/test-owner/botc-release/archive/" + "1" * 40 + ".zip and "
            "https://github.com/test-owner/botc-translations/archive/" + "2" * 40 + ".zip")


class _Server:
    """A local HTTP server of SERVED; `bodies` replaces a path's body, `commits` answers the
    GitHub API's newest commit of a repository, and `asked` holds every path asked."""

    def __init__(self) -> None:
        self.bodies: dict[str, bytes | None] = {}
        self.commits: dict[str, str] = {}
        self.asked: list[str] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 - http.server's name
                server.asked.append(self.path)
                body = server.body(self.path)
                self.send_response(404 if body is None else 200)
                self.send_header("Content-Length", str(len(body or b"")))
                self.end_headers()
                self.wfile.write(body or b"")

            def log_message(self, *args: object) -> None:
                pass

        self.http = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.http.server_address[1]}"

    def body(self, path: str) -> bytes | None:
        if path in self.bodies:
            return self.bodies[path]
        repository = path.removeprefix("/repos/").removesuffix("/commits?per_page=1")
        if repository in self.commits:
            return json.dumps([{"sha": self.commits[repository], "commit": {
                "committer": {"date": "2026-09-30T12:00:00Z"}}}]).encode()
        return SERVED[path].read_bytes() if path in SERVED else None


@pytest.fixture
def server() -> Iterator[_Server]:
    made = _Server()
    thread = threading.Thread(target=made.http.serve_forever, daemon=True)
    thread.start()
    yield made
    made.http.shutdown()
    made.http.server_close()
    thread.join()


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The user's data folder, empty, and the test release pinned in place of the real one."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv(pinned.URL_VARIABLE, raising=False)
    monkeypatch.setattr(pinned, "MANIFEST", MANIFEST)
    return tmp_path / "data"


def _folder(home: Path) -> dict[str, bytes]:
    official = home / "almanac" / "official"
    return {p.name: p.read_bytes() for p in sorted(official.iterdir())}


def _expected() -> dict[str, bytes]:
    """The fixture bytes by their name in the flat folder."""
    return {pinned.flat_name(path.lstrip("/").split("/", 3)[3]): file.read_bytes()
            for path, file in SERVED.items()}


def _refused_port() -> int:
    """A port of 127.0.0.1 nothing listens on: a connection is refused, as offline."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_the_pinned_release_is_the_reference_copy_s_files_at_their_commits():
    release = pinned.load_release()
    assert [(r.slug, r.commit, r.date) for r in release.repositories] == [
        ("ThePandemoniumInstitute/botc-release", "3d6d930a9e600321f93b2567a2e88948a675bc1e",
         "2026-05-11"),
        ("ThePandemoniumInstitute/botc-translations",
         "a9485e669bcfc83cf7da6b5144e5158ae2587a64", "2026-07-21")]
    assert len(release.files) == 142
    assert len(release.languages()) == 46
    roles = release.file("roles.json")
    assert roles is not None and (roles.path, roles.size) == ("resources/data/roles.json", 101428)
    assert roles.url(pinned.RAW) == (
        "https://raw.githubusercontent.com/ThePandemoniumInstitute/botc-release/"
        "3d6d930a9e600321f93b2567a2e88948a675bc1e/resources/data/roles.json")
    schema = release.file("script-schema.json")
    assert schema is not None and schema.path == "script-schema.json"
    korean = release.file("game.ko.json")
    assert korean is not None and korean.path == "game/ko.json"


def test_fetch_downloads_each_file_checks_its_sum_and_says_so(home, server):
    result = almanac("official", "fetch", "--url", server.url)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    folder = home / "almanac" / "official"
    assert result.stdout.splitlines() == [
        "1/8 roles.json (2 kB)", "2/8 jinxes.json (1 kB)", "3/8 nightsheet.json (1 kB)",
        "4/8 game.en.json (1 kB)", "5/8 game.ko.json (1 kB)", "6/8 game.de.json (1 kB)",
        "7/8 script.de.json (1 kB)", "8/8 app.de.json (1 kB)",
        f"Official data in {folder}: 8 files (6 kB) of test-owner/botc-release at 1111111 and "
        "test-owner/botc-translations at 2222222, 3 languages; every command reads it unless "
        "given --official DIR or --no-official."]
    files = _folder(home)
    stamp = json.loads(files.pop("almanac-release.json"))
    assert files == _expected()
    assert stamp["repositories"] == {"botc-release": "1" * 40, "botc-translations": "2" * 40}
    assert stamp["from"] == server.url
    # Status says what is there; a second fetch asks the server nothing.
    status = almanac("official")
    assert status.returncode == 0, status.stderr
    assert status.stdout.splitlines() == [
        f"Official data in {folder}, fetched {stamp['fetched']} from {server.url}:",
        "  test-owner/botc-release at 1111111: 3 files",
        "  test-owner/botc-translations at 2222222: 5 files",
        "  3 languages: de, en, ko",
        "  every file as pinned (size and SHA-256); every command reads it unless given "
        "--official DIR or --no-official"]
    asked = len(server.asked)
    again = almanac("official", "fetch", "--url", server.url)
    assert (again.returncode, len(server.asked)) == (0, asked)
    assert again.stdout == f"Official data in {folder} is up to date: 8 files (6 kB) of " \
        "test-owner/botc-release at 1111111 and test-owner/botc-translations at 2222222, 3 " \
        "languages.\n"


def test_the_base_url_comes_from_the_environment_too(home, server, monkeypatch):
    monkeypatch.setenv(pinned.URL_VARIABLE, server.url)
    quiet = almanac("official", "fetch", "-q")
    assert (quiet.returncode, quiet.stdout, quiet.stderr) == (0, "", "")
    assert server.asked[0] == f"/{RELEASE}/resources/data/roles.json"
    assert len(_folder(home)) == 9


def test_a_file_of_another_sum_is_refused_by_name_and_nothing_is_written(home, server):
    server.bodies[f"/{TRANSLATIONS}/game/ko.json"] = \
        (FIXTURES / "official" / "game.ko.json").read_bytes().replace("요리사".encode(), b"chef")
    result = almanac("official", "fetch", "--url", server.url)
    assert result.returncode == 2
    assert result.stderr == (f"{server.url}/{TRANSLATIONS}/game/ko.json: error: not the pinned "
                             "game.ko.json (its size or SHA-256 differs): refused; nothing was "
                             "written\n")
    assert not home.exists()


def test_a_refetch_that_fails_leaves_the_copy_there_as_it_was(home, server):
    assert almanac("official", "fetch", "--url", server.url).returncode == 0
    before = _folder(home)
    (home / "almanac" / "official" / "game.de.json").unlink()
    server.bodies[f"/{TRANSLATIONS}/game/de.json"] = b"{}"
    result = almanac("official", "fetch", "--url", server.url)
    assert result.returncode == 2
    assert "not the pinned game.de.json" in result.stderr
    assert _folder(home) == {k: v for k, v in before.items() if k != "game.de.json"}
    assert sorted(p.name for p in (home / "almanac").iterdir()) == ["official"]
    # Only the file missing was asked again.
    assert server.asked[-1] == f"/{TRANSLATIONS}/game/de.json"
    assert len(server.asked) == 9


def test_offline_is_one_line_with_the_way_by_hand_exit_2_and_nothing_written(home):
    port = _refused_port()
    result = almanac("official", "fetch", "--url", f"http://127.0.0.1:{port}")
    assert result.returncode == 2
    assert result.stderr == (
        f"error: cannot reach 127.0.0.1:{port} (Connection refused): nothing was written. Get "
        f"the files by hand ({ARCHIVES}), then run `almanac official fetch --from FILE --from "
        "FILE`\n")
    assert result.stdout == ""
    assert not home.exists()


def test_a_file_the_server_lacks_is_named(home, server):
    server.bodies[f"/{RELEASE}/resources/data/jinxes.json"] = None
    result = almanac("official", "fetch", "--url", server.url)
    assert (result.returncode, result.stderr) == (
        2, f"{server.url}/{RELEASE}/resources/data/jinxes.json: error: the server answered 404 "
           "Not Found\n")
    assert not home.exists()


def test_from_folders_takes_the_files_by_name_and_names_the_others(home, server):
    result = almanac("official", "fetch", "--from", str(FIXTURES / "official"),
                     "--from", str(FIXTURES / "official-languages"))
    assert result.returncode == 0, result.stderr
    assert server.asked == []
    others = FIXTURES / "official-languages"
    assert result.stderr == (
        f"{others / 'app.ja.json'}, {others / 'app.ru.json'}, {others / 'app.zh_Hans.json'}, "
        f"{others / 'game.ja.json'}, {others / 'game.ru.json'} and 4 more: no file of the "
        "pinned release: left out\n")
    files = _folder(home)
    stamp = json.loads(files.pop("almanac-release.json"))
    assert files == _expected()
    assert stamp["from"] == f"{FIXTURES / 'official'}, {others}"


def _archive_members() -> dict[str, bytes]:
    """The files as GitHub's archives of the two repositories lay them out, and one more."""
    members = {}
    for path, file in SERVED.items():
        _, repository, commit, inside = path.lstrip("/").split("/", 3)
        members[f"{repository}-{commit}/{inside}"] = file.read_bytes()
    return members | {"botc-release-1111111111111111111111111111111111111111/README.md": b"hi"}


def test_from_a_zip_and_a_tar_gz_of_the_repositories(home, tmp_path):
    members = _archive_members()
    with zipfile.ZipFile(tmp_path / "release.zip", "w") as archive:
        for name, data in members.items():
            if name.startswith("botc-release-"):
                archive.writestr(name, data)
    with tarfile.open(tmp_path / "translations.tar.gz", "w:gz") as archive:
        for name, data in members.items():
            if name.startswith("botc-translations-"):
                info = tarfile.TarInfo(name)
                info.size = len(data)
                archive.addfile(info, io.BytesIO(data))
    result = almanac("official", "fetch", "--from", str(tmp_path / "release.zip"),
                     "--from", str(tmp_path / "translations.tar.gz"))
    assert result.returncode == 0, result.stderr
    assert result.stderr == (f"{tmp_path / 'release.zip'}:botc-release-{'1' * 40}/README.md: "
                             "no file of the pinned release: left out\n")
    files = _folder(home)
    del files["almanac-release.json"]
    assert files == _expected()


def test_from_a_file_of_another_sum_is_refused_and_nothing_is_written(home, tmp_path):
    given = tmp_path / "given"
    given.mkdir()
    for path, file in SERVED.items():
        (given / pinned.flat_name(path.lstrip("/").split("/", 3)[3])).write_bytes(file.read_bytes())
    (given / "roles.json").write_bytes(b"[]")
    result = almanac("official", "fetch", "--from", str(given))
    assert (result.returncode, result.stderr) == (
        2, f"{given / 'roles.json'}: error: not the pinned roles.json (its size or SHA-256 "
           "differs): refused; nothing was written\n")
    assert not home.exists()
    (given / "roles.json").unlink()
    (given / "app.de.json").unlink()
    result = almanac("official", "fetch", "--from", str(given))
    assert (result.returncode, result.stderr) == (
        2, f"error: 2 of the 8 pinned files are in neither --from nor {official_home()}: "
           "roles.json, app.de.json; nothing was written\n")
    assert not home.exists()
    missing = almanac("official", "fetch", "--from", str(tmp_path / "nowhere"))
    assert (missing.returncode, missing.stderr) == (
        2, f"{tmp_path / 'nowhere'}: error: no such file or folder\n")


def test_status_without_data_and_with_a_file_changed(home, server):
    result = almanac("official", "status")
    assert (result.returncode, result.stdout) == (1, (
        f"No official data in {official_home()}: `almanac official fetch` downloads it (6 kB, 8 "
        "files), or takes the files you have with --from DIR|ARCHIVE; until then, commands read "
        "it where given --official DIR.\n"))
    assert almanac("official", "fetch", "--url", server.url).returncode == 0
    (official_home() / "game.ko.json").write_text("{}", encoding="utf-8")
    (official_home() / "app.de.json").unlink()
    result = almanac("official")
    assert result.returncode == 1
    assert result.stdout.splitlines()[-1] == (
        "  game.ko.json, app.de.json: missing or changed (2 of 8 files); `almanac official "
        "fetch` puts them back")


def test_check_online_tells_newer_commits_and_one_line_offline(home, server, monkeypatch):
    server.commits = {"test-owner/botc-release": "1" * 40, "test-owner/botc-translations": "3" * 40}
    monkeypatch.setenv("ALMANAC_GITHUB_API", server.url)
    result = almanac("official", "--check-online")
    assert result.returncode == 1  # no data yet
    assert result.stdout.splitlines()[1:] == [
        "test-owner/botc-release: no commit newer than the pinned 1111111",
        "test-owner/botc-translations: newer commits than the pinned 2222222 (2026-03-04), the "
        "newest 3333333 of 2026-09-30: a later almanac pins them (--official DIR reads any data "
        "meanwhile)"]
    port = _refused_port()
    monkeypatch.setenv("ALMANAC_GITHUB_API", f"http://127.0.0.1:{port}")
    result = almanac("official", "status", "--check-online")
    assert result.stderr == f"Newer commits not checked: cannot reach 127.0.0.1:{port} " \
        "(Connection refused)\n"
    assert len(result.stdout.splitlines()) == 1


def test_options_of_the_other_action_are_refused(home):
    assert almanac("official", "--from", "x").stderr == \
        "error: --from and --url are options of `almanac official fetch`\n"
    assert almanac("official", "fetch", "--check-online").stderr == \
        "error: --check-online is an option of `almanac official status`\n"
    bad = almanac("official", "fetch", "--url", "file:///etc")
    assert bad.returncode == 2
    assert "a base URL is an http or https address, not 'file:///etc'" in bad.stderr


def test_official_needs_no_project_folder(home, tmp_path):
    result = almanac("--root", str(tmp_path), "official")
    assert result.returncode == 1
    assert result.stdout.startswith("No official data in ")


def test_the_data_folder_follows_xdg(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert official_home() == tmp_path / "almanac" / "official"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/data")  # the spec: ignored
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert official_home() == tmp_path / "home" / ".local" / "share" / "almanac" / "official"


def _args(official: str | None = None, no_official: bool = False) -> argparse.Namespace:
    return argparse.Namespace(official=official, no_official=no_official)


def test_commands_read_the_fetched_folder_unless_told_otherwise(home, server):
    assert official_folder(_args()) == ""
    assert almanac("official", "fetch", "--url", server.url).returncode == 0
    assert official_folder(_args()) == str(official_home())
    assert official_folder(_args("elsewhere")) == "elsewhere"
    assert official_folder(_args(no_official=True)) == ""


def test_a_sheet_has_the_fetched_texts_and_none_with_no_official(home, server, tmp_path):
    script = tmp_path / "script.json"
    script.write_text('["chef"]', encoding="utf-8")
    reminder = "Hand the Chef a spoon marked"
    sheets = {}
    for name, extra in (("before", ()), ("fetched", ()), ("left-out", ("--no-official",))):
        if name == "fetched":
            assert almanac("official", "fetch", "--url", server.url).returncode == 0
        result = almanac("nightsheet", str(script), "--lang", "en", "--html",
                         str(tmp_path / f"{name}.html"), *extra)
        assert result.returncode == 0, result.stderr
        sheets[name] = (tmp_path / f"{name}.html").read_text(encoding="utf-8")
    assert [reminder in sheets[name] for name in ("before", "fetched", "left-out")] == \
        [False, True, False]
    # A copy that lost its roles.json is left out, in one line, not refused.
    (official_home() / "roles.json").unlink()
    lost = almanac("nightsheet", str(script), "--lang", "en", "--html", str(tmp_path / "l.html"))
    assert (lost.returncode, lost.stderr.splitlines()[0]) == (0, (
        f"{official_home()}: no roles.json: the official data is left out (`almanac official "
        "fetch` fetches it again)"))
    both = almanac("nightsheet", str(script), "--html", str(tmp_path / "x.html"), "--official",
                   "x", "--no-official")
    assert both.returncode == 2
    assert "argument --no-official: not allowed with argument --official" in both.stderr


def test_a_build_reads_the_fetched_folder_and_serve_is_told_the_same(home, server, tmp_path):
    project = site_project(tmp_path / "project")
    assert almanac("official", "fetch", "--url", server.url).returncode == 0
    built = almanac("build", root=project)
    assert built.returncode == 0, built.stderr
    assert built.stderr == (f"{official_home()}: the official data has 1 more languages with "
                            "enough for a site (de): --languages all builds them, --languages "
                            "ko,en,de some\n")
    assert built.stdout.splitlines()[-1].endswith(" serve (then http://127.0.0.1:8000/)")
    assert " --official" not in built.stdout.splitlines()[-1]
    left_out = almanac("build", "--no-official", root=project)
    assert left_out.returncode == 0, left_out.stderr
    assert left_out.stderr == ""
    assert left_out.stdout.splitlines()[-1].endswith(
        " serve --no-official (then http://127.0.0.1:8000/)")


@pytest.mark.parametrize("change, said", [
    (lambda m: m["files"][0].update(sha256="abc"),
     "not a pinned release: files: resources/data/roles.json: size or sha256 out of form"),
    (lambda m: m["files"][0].update(path="../roles.json"),
     "not a pinned release: files: path '../roles.json' is no relative path of plain names"),
    (lambda m: m["repositories"][0].update(commit="1111111"),
     "not a pinned release: repositories: botc-release: commit is not 40 hex digits"),
    (lambda m: m["files"].append(dict(m["files"][0])),
     "not a pinned release: two files have one name"),
])
def test_a_manifest_out_of_form_is_one_line_naming_it(tmp_path, change, said):
    manifest = json.loads(MANIFEST.read_text(encoding="utf-8"))
    change(manifest)
    (tmp_path / "release.json").write_text(json.dumps(manifest), encoding="utf-8")
    with pytest.raises(AlmanacError) as raised:
        pinned.load_release(tmp_path / "release.json")
    assert str(raised.value) == f"{tmp_path / 'release.json'}: error: {said}"
