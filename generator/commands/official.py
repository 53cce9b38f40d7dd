"""`almanac official [status|fetch]`: the publisher's data release at the commits the almanac
pins, kept in the user's data folder, which every command then reads without --official DIR."""
from __future__ import annotations

import argparse
import hashlib
import os
import sys
from pathlib import Path

from generator.errors import AlmanacError
from generator.release.download import UnreachableError, download
from generator.release.given import given_files
from generator.release.pinned import RAW, URL_VARIABLE, PinnedFile, Release, load_release
from generator.release.store import (
    discard,
    installed,
    matches,
    official_home,
    staging,
    swap_in,
    write_file,
)
from generator.release.upstream import newest_commit

_SHOWN = 5  # names listed in a line before "and N more"


def run(args: argparse.Namespace) -> int:
    if args.action != "fetch" and (args.sources or args.url):
        raise AlmanacError("--from and --url are options of `almanac official fetch`")
    if args.action == "fetch" and args.check_online:
        raise AlmanacError("--check-online is an option of `almanac official status`")
    release = load_release()
    return fetch(args, release) if args.action == "fetch" else status(args, release)


def status(args: argparse.Namespace, release: Release) -> int:
    """What the data folder holds, from which commits; 1 where it lacks any pinned file."""
    folder = official_home()
    copy = installed(release, folder)
    if copy is None:
        print(f"No official data in {folder}: `almanac official fetch` downloads it "
              f"({_size(release.size)}, {len(release.files)} files), or takes the files you "
              "have with --from DIR|ARCHIVE; until then, commands read it where given "
              "--official DIR.")
        code = 1
    else:
        made = f", fetched {copy.fetched} from {copy.source}" if copy.fetched else \
            ", put there by hand"
        print(f"Official data in {folder}{made}:")
        for repository in release.repositories:
            count = sum(f.repository == repository for f in release.files)
            at = copy.commits.get(repository.name, "")
            note = "" if at == repository.commit else \
                f" (this almanac pins {repository.short}: `almanac official fetch` brings it)"
            print(f"  {repository.slug} at {at[:7] or 'an unknown commit'}{note}: {count} files")
        print(f"  {len(release.languages())} languages: {', '.join(release.languages())}")
        if copy.changed:
            print(f"  {_names(copy.changed)}: missing or changed ({len(copy.changed)} of "
                  f"{len(release.files)} files); `almanac official fetch` puts them back")
        else:
            print("  every file as pinned (size and SHA-256); every command reads it unless "
                  "given --official DIR or --no-official")
        code = 1 if copy.changed else 0
    if args.check_online:
        _check_online(release)
    return code


def _check_online(release: Release) -> None:
    for repository in release.repositories:
        try:
            commit, day = newest_commit(repository)
        except AlmanacError as err:  # no network is no error of the status: one line
            print(f"Newer commits not checked: {err.message}", file=sys.stderr)
            return
        print(f"{repository.slug}: " + (
            f"no commit newer than the pinned {repository.short}" if commit == repository.commit
            else f"newer commits than the pinned {repository.short} ({repository.date}), the "
                 f"newest {commit[:7]} of {day}: a later almanac pins them (--official DIR "
                 "reads any data meanwhile)"))


def fetch(args: argparse.Namespace, release: Release) -> int:
    """Every pinned file, checked against its sum, into a folder swapped in whole: from the
    sources of --from, else downloaded (those already there and whole are kept)."""
    folder = official_home()
    kept = {f.name: data for f in release.files if (data := matches(folder / f.name, f))}
    copy = installed(release, folder)
    if not args.sources and len(kept) == len(release.files) and copy and \
            copy.commits == {r.name: r.commit for r in release.repositories}:
        print(f"Official data in {folder} is up to date: {_summary(release)}.")
        return 0
    if args.sources:
        files = _given(args.sources, release, kept, folder)
        source = ", ".join(str(Path(s).absolute()) for s in args.sources)
    else:
        files, source = dict(kept), args.url or os.environ.get(URL_VARIABLE) or RAW
    wanted = [f for f in release.files if f.name not in files]
    for count, pinned in enumerate(wanted, 1):
        # Held in memory until every file is there: a run cut off writes nothing.
        files[pinned.name] = _download(pinned, source, release)
        print(f"{count}/{len(wanted)} {pinned.name} ({_size(pinned.size)})", flush=True)
    made = staging(folder)
    try:
        for name, data in files.items():
            write_file(made, name, data)
        swap_in(made, folder, release, source)
    except BaseException:
        discard(made)
        raise
    print(f"Official data in {folder}: {_summary(release)}; every command reads it unless "
          "given --official DIR or --no-official.")
    return 0


def _given(sources: list[str], release: Release, kept: dict[str, bytes],
           folder: Path) -> dict[str, bytes]:
    given = given_files(sources, release)
    if given.unknown:
        print(f"{_names(given.unknown)}: no file of the pinned release: left out",
              file=sys.stderr)
    if given.wrong:
        name, where = next(iter(given.wrong.items()))
        more = f" ({len(given.wrong) - 1} more files too)" if len(given.wrong) > 1 else ""
        raise AlmanacError(f"not the pinned {name} (its size or SHA-256 differs){more}: "
                           "refused; nothing was written", where)
    files = {**kept, **given.found}
    missing = [f.name for f in release.files if f.name not in files]
    if missing:
        raise AlmanacError(f"{len(missing)} of the {len(release.files)} pinned files are in "
                           f"neither --from nor {folder}: {_names(missing)}; nothing was written")
    return files


def _download(pinned: PinnedFile, base: str, release: Release) -> bytes:
    url = pinned.url(base)
    try:
        data = download(url, pinned.size)
    except UnreachableError as err:
        hand = " and ".join(r.archive for r in release.repositories)
        froms = " ".join("--from FILE" for _ in release.repositories)
        raise AlmanacError(f"{err.message}: nothing was written. Get the files by hand ({hand}), "
                           f"then run `almanac official fetch {froms}`") from err
    if len(data) != pinned.size or hashlib.sha256(data).hexdigest() != pinned.sha256:
        raise AlmanacError(f"not the pinned {pinned.name} (its size or SHA-256 differs): "
                           "refused; nothing was written", url)
    return data


def _summary(release: Release) -> str:
    commits = " and ".join(f"{r.slug} at {r.short}" for r in release.repositories)
    return (f"{len(release.files)} files ({_size(release.size)}) of {commits}, "
            f"{len(release.languages())} languages")


def _names(names: list[str] | tuple[str, ...]) -> str:
    more = f" and {len(names) - _SHOWN} more" if len(names) > _SHOWN else ""
    return ", ".join(names[:_SHOWN]) + more


def _size(count: int) -> str:
    return f"{count / 1e6:.1f} MB" if count >= 10**6 else f"{max(1, round(count / 1e3))} kB"
