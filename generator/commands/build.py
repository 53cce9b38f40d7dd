"""`almanac build`: corpus → checks → pages per language → MkDocs sites, swapped in whole."""
from __future__ import annotations

import argparse
import shlex
import shutil
import sys
from pathlib import Path

from mkdocs.exceptions import Abort

from generator.commands.arguments import official_data, official_folder
from generator.commands.assembly import Assembly
from generator.commands.findings import errors_above
from generator.facts.official import OfficialTexts
from generator.files import write_failure
from generator.output.processes import in_processes
from generator.output.publish import build_lock, published, recover, staging_folder, swap_in
from generator.output.render import Docs
from generator.output.shared_assets import link_alike
from generator.output.site import build_site, show_mkdocs_warnings
from generator.pipeline import load_corpus
from generator.release.store import default_official


def run(args: argparse.Namespace) -> int:
    return build(args.root, site_url=args.site_url or "", allow_errors=args.allow_errors,
                 official=official_data(args), offline=args.offline, languages=args.languages,
                 official_dir=official_folder(args), strict=args.strict, command=invoked(),
                 verbose=args.verbose)


def invoked() -> str:
    """This program as the user can type it again: `almanac` where the PATH finds this very
    program, else the path it was started by (`.venv/bin/almanac`, the way scripts/build
    starts it), else the Python module (`python -m generator.cli`)."""
    started = Path(sys.argv[0])
    if started.name != "almanac":
        return f"{shlex.quote(sys.executable)} -m generator.cli"
    found = shutil.which("almanac")
    if found and Path(found).resolve() == started.resolve():
        return "almanac"
    path = started.absolute()
    shown = path.relative_to(Path.cwd()) if path.is_relative_to(Path.cwd()) else path
    return shlex.quote(str(shown))


_UNCHANGED = "; the previous site/ is unchanged"


def _whole(_: str, config: Path, docs: Docs) -> int:
    """MkDocs' whole build of a language, for a site built anew."""
    build_site(config)
    return len(docs.paths)


def build(root: Path, site_url: str = "", *, allow_errors: bool = False,
          official: OfficialTexts | None = None, offline: bool = False,
          languages: str | None = None, official_dir: str = "", strict: bool = False,
          command: str = "almanac", verbose: bool = False) -> int:
    """Build site/ from the corpus. With error findings the previous site/ stays unless
    allow_errors; either way the errors are printed and the exit status is 1. site_url: where
    the site will be served, "" if not known; offline: a site to open from its files;
    languages: `all` or codes (--languages; None: languages.yaml's), official_dir: where the
    official data was read, for the notices of what it holds and is not built; strict: letters
    no installed font has (or fonts that cannot be asked) keep the previous site/ too; command:
    the almanac as the user can type it, for the last line; verbose: warnings listed too."""
    site = published(root / "site")
    assembly = Assembly(root, site_url, official, languages, official_dir, offline, strict,
                        verbose)
    checked = assembly.checked(load_corpus(root))
    assembly.say(checked)
    if checked.errors and not allow_errors:
        print(f"Site not built: {errors_above(checked.errors)}; the previous site/ is "
              "unchanged. Fix them, or pass --allow-errors to build anyway.", file=sys.stderr)
        return 1
    if not assembly.fonts_known():
        print(f"Site not built (--strict): letters cannot be looked up{_UNCHANGED}.",
              file=sys.stderr)
        return 1
    show_mkdocs_warnings()
    with build_lock(root):
        try:
            recover(site)
            staging = staging_folder(site)
        except OSError as err:
            raise write_failure(err, root, _UNCHANGED) from err
        try:
            data = assembly.site_data(checked)
            in_processes(assembly.jobs(data, root / "build", staging, _whole))
            link_alike(staging, list(data.corpus.languages.codes))
            for name, text in assembly.root_pages(checked.corpus):
                (staging / name).write_text(text, encoding="utf-8")
            swap_in(staging, site)
        except Abort as abort:
            print(f"Site not built (the previous site/ is unchanged): {abort}", file=sys.stderr)
            return 1
        except OSError as err:
            raise write_failure(err, root, _UNCHANGED) from err
        finally:
            shutil.rmtree(staging, ignore_errors=True)
    if offline:
        print(f"Site built in {site} to open from its files: {(site / 'index.html').as_uri()}")
        return 1 if checked.errors else 0
    where = "" if root.resolve() == Path.cwd().resolve() else f" --root {shlex.quote(str(root))}"
    # serve builds its own preview: the same options, or it shows other languages and pages.
    kept = str(default_official() or "")  # serve reads it too where not told otherwise
    same = "".join(f" {option} {shlex.quote(value)}" for option, value in
                   (("--official", "" if official_dir == kept else official_dir),
                    ("--languages", languages)) if value)
    same = " --no-official" + same if kept and not official_dir else same
    print(f"Site built in {root / 'site'}. Open it with: {command}{where} serve{same} "
          f"(then {site_url or 'http://127.0.0.1:8000/'})")
    return 1 if checked.errors else 0
