"""Speed, size and memory as the corpus grows: synthetic almanacs of 45, 181 and 724 characters
made of the corpus's own entries in its own shapes, each parsed and checked, built whole (against
the plain MkDocs builds of the same pages, one after the other), served live and edited, and
searched in Chromium; the corpus itself built the same two ways; a hostile how-to-run step
of 100 KB and 1 MB read and checked; a PO string continued over 25k to 100k lines read, and
import-po's time per message for hostile POs of 1000 and 8000 messages. Figures are ratios
within one run: the machine is noisy.

Usage: .venv/bin/python scripts/benchmark.py [SIZE ...]   (default: 45 181 724)
       .venv/bin/python scripts/benchmark.py --languages [DIR]
       .venv/bin/python scripts/benchmark.py --serve [--official DIR] [--languages CODES]
                                                     [--against CHECKOUT]
The second measures the corpus built in every language of the official data in DIR (`--languages
all`; without DIR, a synthetic folder of 20 languages in the official format): wall time against
the plain MkDocs builds of the same pages, CPU per language against 8 languages, the largest
process, the whole site's size and the largest report page. The third measures `almanac serve`
of the corpus against `almanac build` with the same languages, in turn: when the first language's
home page is served and every language built, against the build (goal ≤ 1.0), and an edit's
update (as serve times it, and until the page shows it); with --against, another checkout (an
earlier commit: `git worktree add DIR COMMIT`, its .venv linked) measured in the same turns.
"""
from __future__ import annotations

import argparse
import gzip
import json
import os
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from generator.checks import run_checks  # noqa: E402
from generator.output.browser import chromium, serve  # noqa: E402
from generator.pipeline import load_corpus  # noqa: E402
from generator.read.corpus import Text, decode  # noqa: E402
from generator.read.po import read_po_bytes  # noqa: E402
from generator.read.script_json import read_script  # noqa: E402

REPEATS = 3
SIZES = (45, 181, 724)
# As a user's Python runs the tool: its modules' bytecode kept once compiled (a sandbox that
# sets PYTHONDONTWRITEBYTECODE compiles the project's own modules, not the installed MkDocs', at
# every start: a fifth of a second more on the almanac's side alone).
ENV = {**{k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"},
       "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(ROOT)}
# The page an author edits: an English sentence of 004, which every size has (round 0).
EDITED = ("characters/steward/", "The Steward knows 1 good player.")
QUERIES = {"ko": "시종", "en": "Steward"}


def measure(function, *args):
    """Best wall time of REPEATS runs, and the peak traced memory of one run."""
    best = float("inf")
    for _ in range(REPEATS):
        start = time.perf_counter()
        result = function(*args)
        best = min(best, time.perf_counter() - start)
    tracemalloc.start()
    function(*args)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return result, best, peak


def synthetic_project(characters: int, into: Path) -> Path:
    """A project of exactly `characters` characters: the rulebook's roles, then the corpus's
    character almanacs (each file, in its shape) round after round, each round's names
    suffixed with its number (" 2") and added to the glossary; the last file is cut after the
    entry that reaches the count."""
    corpus = load_corpus(ROOT)
    shutil.copytree(ROOT / "templates", into / "templates")
    shutil.copy(ROOT / "mkdocs.yml", into / "mkdocs.yml")
    content = into / "content"
    content.mkdir()
    for name in ("languages.yaml", "night-order.yaml"):
        shutil.copy(ROOT / "content" / name, content / name)
    glossary = yaml.safe_load((ROOT / "content" / "glossary.yaml").read_text(encoding="utf-8"))
    terms = {term["id"]: term for term in glossary["botc"]}
    labels = {label for team in glossary["teams"] for label in team["labels"].values()}
    count = 0
    for parsed in corpus.parsed:
        if parsed.rulebook:
            (content / parsed.lang).mkdir(exist_ok=True)
            shutil.copy(ROOT / parsed.file, content / parsed.lang / Path(parsed.file).name)
            count += len(parsed.rulebook.roles)
    almanacs = [parsed for parsed in corpus.parsed if parsed.entries]
    seen: set[str] = set()
    round_ = 0
    while count < characters:
        suffix = f" {round_}" if round_ else ""
        for parsed in almanacs:
            text = decode((ROOT / parsed.file).read_bytes(), parsed.file, parsed.lang)
            assert isinstance(text, Text), parsed.file
            lines = list(text.lines)
            cut = None
            for entry in parsed.entries:
                term = corpus.glossary.lookup("botc", entry.lang, entry.name)
                assert term, entry.name
                ident = f"{term.id}-{round_}" if round_ else term.id
                if ident not in seen:
                    if count == characters:
                        cut = entry.line - 1
                        break
                    seen.add(ident)
                    count += 1
                    if round_:
                        original = terms[term.id]
                        glossary["botc"].append({
                            **original, "id": ident, "jinxes": [],
                            "names": {k: v + suffix for k, v in original["names"].items()},
                            "aliases": {k: [alias + suffix for alias in v]
                                        for k, v in original.get("aliases", {}).items()}})
                if round_:  # the heading line, or the name inside a block almanac's paragraph
                    at = entry.line - 1
                    lines[at] = entry.name + suffix if lines[at].strip() == entry.raw_name \
                        else lines[at].replace(entry.name, entry.name + suffix, 1)
            if cut is not None:
                lines = lines[:cut]
                while lines and (not lines[-1].strip() or lines[-1].strip() in labels):
                    lines.pop()  # no team line without its entry
            target = content / parsed.lang / f"{round_:03d}{Path(parsed.file).name}"
            target.parent.mkdir(exist_ok=True)
            target.write_text("\n".join(lines) + "\n", encoding="utf-8")
            if cut is not None:
                break
        round_ += 1
    (content / "glossary.yaml").write_text(
        yaml.safe_dump(glossary, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return into


def site_build(project: Path) -> tuple[float, float]:
    """`almanac build` in a process of its own: wall seconds and peak resident MiB."""
    start = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "generator.cli", "build"], cwd=project,
                               env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    took = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    assert process.returncode == 0, f"almanac build failed in {project}"
    return took, usage.ru_maxrss / 1024


def plain_mkdocs_builds(project: Path) -> float:
    """The pages `almanac build` wrote (build/<lang>/), built by plain `mkdocs build` processes
    one after the other: wall seconds."""
    start = time.perf_counter()
    for config in sorted((project / "build").glob("*/mkdocs.yml")):
        with tempfile.TemporaryDirectory() as out:
            subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(config),
                            "-d", out], cwd=project, env=ENV, check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def corpus_build_ratio() -> tuple[float, float]:
    """The corpus: the best of REPEATS `almanac build`s and of REPEATS sequential plain MkDocs
    builds of its pages, measured in turn."""
    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp)
        for name in ("content", "templates"):
            shutil.copytree(ROOT / name, project / name)
        shutil.copy(ROOT / "mkdocs.yml", project / "mkdocs.yml")
        almanac, plain = [], []
        for _ in range(REPEATS):
            almanac.append(site_build(project)[0])
            plain.append(plain_mkdocs_builds(project))
        return min(almanac), min(plain)


HOSTILE = (200_000, 2_000_000)  # bytes: large enough to stand out of the corpus's own time


def hostile_checks(size: int) -> float:
    """Reading and checking the corpus with one English how-to-run step of `size` bytes of
    capitals (KNOW KNOW …) and one Korean step of a `size`-byte word: best wall seconds."""
    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp)
        shutil.copytree(ROOT / "content", project / "content")
        steps = (("en/004_*.txt", "How to Run\n", "- " + "KNOW " * (size // 5)),
                 ("ko/001_*.txt", "진행 방법\n", "- " + "가" * (size // 3) + " 끝."))
        for pattern, heading, step in steps:
            file = next((project / "content").glob(pattern))
            text = file.read_text(encoding="utf-8")
            if size:
                text = text.replace(heading, f"{heading}{step}\n", 1)
            file.write_text(text, encoding="utf-8")
        _, took, _ = measure(lambda: run_checks(load_corpus(project)))
        return took


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _line_with(out, text: str) -> str:
    """The next line of a process's output that holds text."""
    line = next((line for line in out if text in line), None)
    assert line is not None, f"the process ended before it said {text!r}"
    return line


def _served(out, url: str) -> tuple[float, float]:
    """When `serve` answers url once it says it serves (its first language built), and when
    it says every language is built (the same where it built them all first), in
    time.perf_counter's seconds."""
    serving = _line_with(out, "Serving the live preview")
    with urllib.request.urlopen(url) as answer:
        assert answer.status == 200
    first = time.perf_counter()
    if " to follow; " in serving:
        _line_with(out, " every language built in ")
    return first, time.perf_counter()


def edit_to_page(project: Path, browser) -> tuple[float, float]:
    """Under `almanac serve`: its first build until it serves, and the median seconds from
    saving an edit to the open page in Chromium showing it."""
    port = _free_port()
    start = time.perf_counter()
    server = subprocess.Popen([sys.executable, "-m", "generator.cli", "serve", "--port",
                               str(port)], cwd=project, env=ENV, text=True,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        assert server.stdout is not None
        first = _served(server.stdout, f"http://127.0.0.1:{port}/ko/")[0] - start
        page = browser.new_page()
        page.goto(f"http://127.0.0.1:{port}/en/{EDITED[0]}", wait_until="load")
        file = next(iter(sorted((project / "content" / "en").glob("000*.txt"))))
        original = file.read_text(encoding="utf-8")
        times = []
        for n in range(REPEATS):
            mark = f"edit {n} of the benchmark"
            start = time.perf_counter()
            with page.expect_navigation(timeout=600_000):  # the server's script reloads it
                file.write_text(original.replace(EDITED[1], f"{EDITED[1][:-1]}, {mark}."),
                                encoding="utf-8")
            page.wait_for_function(f"() => document.body.innerText.includes('{mark}')")
            times.append(time.perf_counter() - start)
        page.close()
        file.write_text(original, encoding="utf-8")
        return first, statistics.median(times)
    finally:
        server.terminate()
        server.wait()


def first_search(site: Path, browser, lang: str) -> float:
    """Seconds from a page's load to the first results of a search typed at once: the search
    worker fetches the whole index and builds lunr's index from it first."""
    with serve(site) as base:
        page = browser.new_page()
        page.goto(f"{base}{lang}/", wait_until="load")
        start = time.perf_counter()
        box = page.locator("input.md-search__input")
        box.fill(QUERIES[lang])  # Hangul typed by Playwright fires no key events
        box.dispatch_event("input")
        box.dispatch_event("keyup")
        page.wait_for_selector(".md-search-result__item", timeout=600_000)
        took = time.perf_counter() - start
        page.close()
    return took


def _kib(path: Path) -> float:
    return path.stat().st_size / 1024


def search_index_sizes(site: Path) -> None:
    """Each language's search index as served (UTF-8), against the JSON Material writes
    (every letter outside ASCII escaped)."""
    for index in sorted(site.glob("*/search/search_index.json")):
        served = index.read_bytes()
        escaped = json.dumps(json.loads(served), separators=(",", ":")).encode("ascii")
        print(f"search index ({index.parts[-3]}): {len(served) / 1024:.0f} KiB, "
              f"{len(gzip.compress(served)) / 1024:.0f} KiB gzipped; escaped "
              f"{len(escaped) / 1024:.0f} KiB, {len(gzip.compress(escaped)) / 1024:.0f} KiB")


@dataclass(frozen=True)
class Figures:
    characters: int
    parse: float  # seconds: read, parse and resolve
    checks: float
    build: float  # `almanac build`, both languages
    plain: float  # plain `mkdocs build` of the same pages, one language after the other
    memory: float  # its peak resident MiB
    page: dict[str, float]  # KiB of the edited character's page, per language
    index: dict[str, float]  # KiB of the search index, per language
    search: dict[str, float]  # seconds to the first search results, per language
    serve: float  # `almanac serve` until it serves (its first language built)
    edit: float  # seconds from an edit saved to the open page showing it

    def row(self) -> str:
        return (f"{self.characters:>5} {self.parse:>6.2f}s {self.checks:>6.2f}s "
                f"{self.build:>6.1f}s {self.build / self.characters * 1000:>6.0f}ms "
                f"{self.memory:>5.0f}Mi {self.page['ko']:>5.1f}/{self.page['en']:>4.1f}Ki "
                f"{self.index['ko']:>6.0f}/{self.index['en']:>5.0f}Ki "
                f"{self.search['ko']:>7.2f}/{self.search['en']:>4.2f}s {self.serve:>8.1f}s "
                f"{self.edit:>8.2f}s")


def figures(size: int, into: Path, browser) -> Figures:
    project = synthetic_project(size, into)
    corpus, parse_s, _ = measure(load_corpus, project)
    assert len(corpus.characters) == size, (size, len(corpus.characters))
    _, check_s, _ = measure(run_checks, corpus)
    build_s, memory = site_build(project)
    plain_s = plain_mkdocs_builds(project)
    site = project / "site"
    langs = ("ko", "en")
    serve_s, edit_s = edit_to_page(project, browser)
    return Figures(size, parse_s, check_s, build_s, plain_s, memory,
                   {lang: _kib(site / lang / EDITED[0] / "index.html") for lang in langs},
                   {lang: _kib(site / lang / "search" / "search_index.json") for lang in langs},
                   {lang: first_search(site, browser, lang) for lang in langs}, serve_s, edit_s)


def _growth(figure: float, row: Figures, base_figure: float, base: Figures) -> float:
    """How much a figure per character grew from one size to another."""
    return (figure / row.characters) / (base_figure / base.characters)


def hostile_script(ids: int) -> list[object]:
    """A script at the size bound's scale: `ids` homebrew characters and as many unknown ids,
    each of which looks for a suggestion among the others."""
    return [{"id": "_meta", "name": "Hostile"},
            *({"id": f"homebrew{i:05d}x", "name": f"H{i}", "team": "townsfolk", "ability": "a"}
              for i in range(ids)),
            *(f"unknown{i:05d}y" for i in range(ids))]


def script_reading(into: Path) -> None:
    """Reading a script file grows linearly with its size (unknown ids once cost
    unknown × known: a 477 KB script took 249 s)."""
    corpus = load_corpus(ROOT)
    known = [term.id for term in corpus.glossary.game_terms("botc")]
    per_kb = []
    for ids in (1000, 4000):
        path = into / f"script-{ids}.json"
        path.write_text(json.dumps(hostile_script(ids)), encoding="utf-8")
        order = corpus.night_order  # as the sheet commands read a script
        _, seconds, _ = measure(read_script, path, known, order.specials,
                                (order.first_night, order.other_night))
        per_kb.append(seconds / (path.stat().st_size / 1000))
        print(f"script of {path.stat().st_size / 1000:.0f} KB ({ids} unknown ids) read in "
              f"{seconds:.2f} s")
    print(f"ratio, script reading time per KB, 4000 against 1000 ids: {per_kb[1] / per_kb[0]:.2f} "
          "(goal ≤ 1.5: linear)")


# Lines of one continued msgstr: `draft.strings[n] += value` once cost 0.26, 1.02 and 8.3 s.
PO_LINES = (25_000, 50_000, 100_000)


def po_reading() -> None:
    """Reading a PO whose one msgstr is continued over many lines grows linearly with them."""
    per_line = []
    for lines in PO_LINES:
        data = ('msgid ""\nmsgstr ""\n"Language: en\\n"\n\nmsgctxt "noble/ability"\n'
                'msgid "a"\nmsgstr ""\n' + '"twelve chars"\n' * lines).encode()
        _, seconds, _ = measure(read_po_bytes, data, "long.po")
        per_line.append(seconds / lines)
        print(f"a msgstr continued over {lines} lines read in {seconds:.3f} s")
    print(f"ratio, PO reading time per line, {PO_LINES[-1]} against {PO_LINES[0]} lines: "
          f"{per_line[-1] / per_line[0]:.2f} (goal ≤ 1.5: linear)")


def _hostile_po(count: int, lang: str, sources: dict[str, str]) -> bytes:
    """A PO of `count` messages that import-po must each look at: a third translated from the
    corpus's sources (the first times), a third of contexts it does not know, a third of msgids
    edited by hand, each context twice in every tenth."""
    contexts = sorted(sources)
    parts = [f'msgid ""\nmsgstr ""\n"Language: {lang}\\n"\n']
    for n in range(count):
        context = contexts[n % len(contexts)]
        msgid = sources[context] if n % 3 == 0 else f"edited {n}"
        if n % 3 == 1:
            context = f"nobody{n}/ability"
        elif n % 10 == 9:
            context = f"twice{n // 20}/ability"
        text = msgid.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
        parts.append(f'\nmsgctxt "{context}"\nmsgid "{text}"\nmsgstr "Translated {n}."\n')
    return "".join(parts).encode()


def import_per_message(into: Path) -> None:
    """import-po's time per message stays the same as the PO grows (no message is compared
    with every other, nor the corpus walked again for each)."""
    from generator.output.publish import build_lock
    from generator.translation.po_import import _sources, import_po
    project = into / "import"
    shutil.copytree(ROOT / "content", project / "content")
    corpus = load_corpus(project)
    sources = _sources(corpus, "en")
    per_message = []
    for count in (1_000, 8_000):
        path = into / f"hostile-{count}.po"
        path.write_bytes(_hostile_po(count, "en", sources))
        store = project / "content/en/translations.po"

        def once(store: Path = store, path: Path = path) -> None:
            store.unlink(missing_ok=True)
            with build_lock(project):
                import_po(project, corpus, path)
        _, seconds, _ = measure(once)
        per_message.append(seconds / count)
        print(f"import-po of {count} messages: {seconds:.2f} s, "
              f"{seconds / count * 1000:.2f} ms a message")
    print(f"ratio, import-po time per message, 8000 against 1000: "
          f"{per_message[1] / per_message[0]:.2f} (goal ≤ 1.5: bounded per message)")


# Twenty codes of the official data's languages, for a synthetic folder of them.
SYNTHETIC_LANGUAGES = ("de", "fr", "ja", "zh_Hans", "ru", "pt_BR", "th", "es", "es_419", "fi",
                       "hu", "nb_NO", "nl", "pl", "sv", "tr", "uk", "vi", "id", "en@pirate")


def synthetic_official(into: Path) -> Path:
    """The official data's shape with made-up texts: roles.json of the glossary's BotC
    characters, a game.<code>.json for each of SYNTHETIC_LANGUAGES naming and describing all."""
    glossary = yaml.safe_load((ROOT / "content" / "glossary.yaml").read_text(encoding="utf-8"))
    roles = [{"id": term["id"], "name": term["names"].get("en", term["id"]), "team": term["team"],
              "edition": "tb", "ability": f"A made-up ability of {term['id']}."}
             for term in glossary["botc"]]
    into.mkdir(parents=True)
    (into / "roles.json").write_text(json.dumps(roles), encoding="utf-8")
    for code in SYNTHETIC_LANGUAGES:
        game = {"roles": {role["id"]: {"name": f"{role['name']} ({code})",
                                       "ability": f"A made-up ability of {role['id']} in {code}."}
                          for role in roles}}
        (into / f"game.{code}.json").write_text(json.dumps(game), encoding="utf-8")
    return into


def _descendants_build(project: Path, *args: str) -> tuple[float, float, float]:
    """`almanac build ARGS` under a Python of its own that waits for it: wall seconds, CPU
    seconds of every process of the build, and the largest one's peak resident MiB (Linux's
    RUSAGE_CHILDREN holds the largest waited-for descendant's)."""
    probe = ("import resource, subprocess, sys, time; start = time.perf_counter(); "
             "code = subprocess.call(sys.argv[1:], stdout=subprocess.DEVNULL, "
             "stderr=subprocess.DEVNULL); took = time.perf_counter() - start; "
             "u = resource.getrusage(resource.RUSAGE_CHILDREN); "
             "print(code, took, u.ru_utime + u.ru_stime, u.ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", probe, sys.executable, "-m", "generator.cli",
                          "build", *args], cwd=project, env=ENV, capture_output=True, text=True,
                         check=True).stdout.split()
    assert out[0] == "0", f"almanac build {' '.join(args)} failed in {project}"
    return float(out[1]), float(out[2]), float(out[3]) / 1024


def _disk_mib(site: Path) -> float:
    """The site's bytes on disk, a file hard-linked from several places counted once."""
    inodes = {p.stat().st_ino: p.stat().st_size for p in site.rglob("*") if p.is_file()}
    return sum(inodes.values()) / 2 ** 20


def all_languages(official: Path | None) -> None:
    """The corpus in every language of the official data, against 8 of them and against the
    plain MkDocs builds of the same pages one after the other."""
    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp) / "project"
        project.mkdir()
        for name in ("content", "templates"):
            shutil.copytree(ROOT / name, project / name)
        shutil.copy(ROOT / "mkdocs.yml", project / "mkdocs.yml")
        data = official or synthetic_official(Path(tmp) / "official")
        wall, cpu, peak = _descendants_build(project, "--official", str(data),
                                             "--languages", "all")
        langs = sorted(p.name for p in (project / "site").iterdir() if p.is_dir())
        size = _disk_mib(project / "site")
        report = max((project / "site" / lang / "report" / "index.html").stat().st_size
                     for lang in langs) / 2 ** 20
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        plain = plain_mkdocs_builds(project)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        plain_cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        eight = ",".join(["ko", "en", *[lang for lang in langs if lang not in ("ko", "en")][:6]])
        _, cpu8, _ = _descendants_build(project, "--official", str(data), "--languages", eight)
    per, per8 = cpu / len(langs), cpu8 / 8
    print(f"every language ({len(langs)}: {', '.join(langs)}): almanac build {wall:.1f}s "
          f"against {plain:.1f}s for the plain MkDocs builds one after the other: "
          f"{wall / plain:.2f} (goal ≤ 0.6); CPU {cpu:.0f}s against {plain_cpu:.0f}s: "
          f"{cpu / plain_cpu:.2f} (the wall times hold only on a quiet machine)")
    print(f"CPU per language {per:.1f}s against {per8:.1f}s at 8 languages: {per / per8:.2f} "
          f"(goal ≤ 1.2); largest process {peak:.0f} MiB (goal ≤ 500); site {size:.0f} MiB on "
          f"disk (goal ≤ 500); largest report page {report:.2f} MiB (goal ≤ 1)")


def _time_build(project: Path, source: Path, args: list[str]) -> tuple[float, float]:
    """`almanac build ARGS` of source's code in project: wall seconds, and the CPU seconds of it
    and its processes."""
    start = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "generator.cli", "build", *args],
                               cwd=project, env={**ENV, "PYTHONPATH": str(source)},
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    assert process.returncode == 0, f"almanac build {' '.join(args)} failed"
    return time.perf_counter() - start, usage.ru_utime + usage.ru_stime


def _cpu(pid: int, children: bool = False) -> float:
    """A process's CPU seconds so far (Linux), with those of the processes it has waited for."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = sum(int(field) for field in fields[11:15 if children else 13])
    return ticks / os.sysconf("SC_CLK_TCK")


def _page_shows(url: str, text: str, timeout: float = 600) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        with urllib.request.urlopen(url) as answer:
            if text in answer.read().decode("utf-8"):
                return
        time.sleep(0.02)
    raise AssertionError(f"{url} never showed {text!r}")


@dataclass(frozen=True)
class Served:
    first: float  # seconds to the first language's home page served
    every: float  # seconds to every language built
    cpu: float  # CPU seconds of serve and its processes until then
    updates: list[float]  # each edit's update, as serve times it
    update_cpu: list[float]  # each update's CPU seconds
    shown: list[float]  # seconds from each save to the page showing the edit


def _time_serve(project: Path, source: Path, args: list[str], first_lang: str) -> Served:
    """`almanac serve ARGS` of source's code in project, its preview built anew, and REPEATS
    edits of an English text, one after the other."""
    shutil.rmtree(project / "build" / "preview", ignore_errors=True)
    port = _free_port()
    url = f"http://127.0.0.1:{port}/"
    start = time.perf_counter()
    server = subprocess.Popen([sys.executable, "-m", "generator.cli", "serve", "--port",
                               str(port), *args], cwd=project, text=True,
                              env={**ENV, "PYTHONPATH": str(source)},
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        assert server.stdout is not None
        first, every = (moment - start for moment in _served(server.stdout,
                                                              f"{url}{first_lang}/"))
        cpu = _cpu(server.pid, children=True)
        updates, update_cpu, shown = [], [], []
        file = next(iter(sorted((project / "content" / "en").glob("004_*.txt"))))
        original = file.read_text(encoding="utf-8")
        for n in range(REPEATS):
            mark = f"edit {n} of the benchmark"
            before = _cpu(server.pid)
            saved = time.perf_counter()
            file.write_text(original.replace(EDITED[1], f"{EDITED[1][:-1]}, {mark}."),
                            encoding="utf-8")
            _page_shows(f"{url}en/{EDITED[0]}", mark)
            shown.append(time.perf_counter() - saved)
            line = _line_with(server.stdout, " preview updated in ")
            update_cpu.append(_cpu(server.pid) - before)
            updates.append(float(line.split(" preview updated in ")[1].split()[0]))
        file.write_text(original, encoding="utf-8")
        return Served(first, every, cpu, updates, update_cpu, shown)
    finally:
        server.terminate()
        server.wait()


def serve_against_build(argv: list[str]) -> None:
    """`almanac serve` against `almanac build` of the corpus with the same languages, in turn
    (twice, the best of each kept): the first language's home page served, every language
    built, and an edit shown, in wall and CPU seconds (the CPU holds on a busy machine, the wall
    does not); with --against, the same of another checkout (an earlier commit) in the same
    turns."""
    parser = argparse.ArgumentParser(prog="benchmark.py --serve")
    parser.add_argument("--official", metavar="DIR")
    parser.add_argument("--languages", metavar="all|CODES")
    parser.add_argument("--against", metavar="CHECKOUT", type=Path)
    options = parser.parse_args(argv)
    args = ["--official", options.official] if options.official else ["--no-official"]
    if options.languages:
        args += ["--languages", options.languages]
    first_lang = options.languages.split(",")[0] \
        if options.languages and options.languages != "all" else \
        load_corpus(ROOT).languages.default.code
    sources = {"this": ROOT, **({"against": options.against.resolve()} if options.against
                                else {})}
    builds: dict[str, list[tuple[float, float]]] = {name: [] for name in sources}
    serves: dict[str, list[Served]] = {name: [] for name in sources}
    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp)
        for name in ("content", "templates"):
            shutil.copytree(ROOT / name, project / name)
        shutil.copy(ROOT / "mkdocs.yml", project / "mkdocs.yml")
        for _ in range(2):
            for name, source in sources.items():
                builds[name].append(_time_build(project, source, args))
                serves[name].append(_time_serve(project, source, args, first_lang))
                print(f"{name}: measured", file=sys.stderr, flush=True)
    figures: dict[str, dict[str, float]] = {}
    for name in sources:
        runs = serves[name]
        figures[name] = {
            "build": min(wall for wall, _ in builds[name]),
            "build CPU": min(cpu for _, cpu in builds[name]),
            "first": min(run.first for run in runs), "every": min(run.every for run in runs),
            "every CPU": min(run.cpu for run in runs),
            "update": statistics.median(t for run in runs for t in run.updates),
            "update CPU": statistics.median(t for run in runs for t in run.update_cpu),
            "shown": statistics.median(t for run in runs for t in run.shown)}
        f = figures[name]
        print(f"{name} ({sources[name]}, {' '.join(args)}): build {f['build']:.1f}s "
              f"({f['build CPU']:.1f}s CPU); serve: {first_lang}/ served after {f['first']:.1f}s "
              f"({f['first'] / f['build']:.2f} of the build), every language after "
              f"{f['every']:.1f}s ({f['every'] / f['build']:.2f}, goal ≤ 1.0; CPU "
              f"{f['every CPU']:.1f}s, {f['every CPU'] / f['build CPU']:.2f}); an edit (median "
              f"of {len(runs) * REPEATS}): updated in {f['update']:.2f}s ({f['update CPU']:.2f}s "
              f"CPU), shown after {f['shown']:.2f}s")
    if options.against:
        ratios = ", ".join(f"{key} {figures['this'][key] / figures['against'][key]:.2f}"
                           for key in figures["this"])
        print(f"this against the other checkout: {ratios} (below 1: faster)")


def main() -> None:
    if sys.argv[1:2] == ["--languages"]:
        all_languages(Path(sys.argv[2]) if len(sys.argv) > 2 else None)
        return
    if sys.argv[1:2] == ["--serve"]:
        serve_against_build(sys.argv[2:])
        return
    sizes = tuple(int(arg) for arg in sys.argv[1:]) or SIZES
    rows = []
    with tempfile.TemporaryDirectory() as tmp, chromium() as browser:
        for size in sizes:
            rows.append(figures(size, Path(tmp) / str(size), browser))
            print(f"{size} characters measured", file=sys.stderr, flush=True)
        print(f"{'chars':>5} {'parse':>7} {'checks':>7} {'build':>7} {'per char':>8} "
              f"{'peak':>7} {'page ko/en':>12} {'index ko/en':>14} {'1st search ko/en':>16} "
              f"{'serve 1st':>9} {'edit→page':>9}")
        for row in rows:
            print(row.row())
        if len(rows) > 1:
            small, middle, large = rows[0], rows[-2], rows[-1]
            langs = ("ko", "en")
            build = _growth(large.build, large, middle.build, middle)
            checks = _growth(large.checks, large, middle.checks, middle)
            page = "/".join(f"{large.page[lang] / small.page[lang]:.2f}" for lang in langs)
            index = "/".join(f"{_growth(large.index[lang], large, small.index[lang], small):.2f}"
                             for lang in langs)
            search = "/".join(f"{large.search[lang] / small.search[lang]:.1f}" for lang in langs)
            print(f"ratios, {large.characters} against {middle.characters} characters: build "
                  f"time per character {build:.2f} (goal ≤ 1.2); checks per character "
                  f"{checks:.2f}; peak memory {large.memory / middle.memory:.2f}")
            print(f"ratios, {large.characters} against {small.characters} characters: "
                  f"character page (ko/en) {page} (goal ≤ 1.1); search index per character "
                  f"(ko/en) {index}; first search (ko/en) {search}")
        for row in rows:
            print(f"{row.characters} characters: an edit shows in {row.edit / row.build:.3f} of "
                  f"a whole build (goal < 0.25)")
        search_index_sizes(Path(tmp) / str(rows[-1].characters) / "site")
        script_reading(Path(tmp))
        po_reading()
        import_per_message(Path(tmp))
    almanac, plain = corpus_build_ratio()
    cores = os.cpu_count()
    print(f"the corpus: almanac build {almanac:.1f}s against {plain:.1f}s for the plain MkDocs "
          f"builds of its pages one after the other: {almanac / plain:.2f} (goal ≤ 0.65 on "
          f"{cores} cores)")
    for row in rows:
        print(f"{row.characters} characters: almanac build {row.build:.1f}s against "
              f"{row.plain:.1f}s: {row.build / row.plain:.2f} (goal ≤ 0.65 on {cores} cores)")
    base, lesser, greater = (hostile_checks(size) for size in (0, *HOSTILE))
    print(f"a hostile how-to-run step read and checked (beyond the corpus's {base:.2f}s): "
          f"{HOSTILE[0] // 1000} KB {lesser - base:.2f}s, {HOSTILE[1] // 1000} KB "
          f"{greater - base:.2f}s: {(greater - base) / (lesser - base):.1f} (linear ≈ 10)")


if __name__ == "__main__":
    main()
