"""Write generator/release/official_release.json, the publisher's data files that `almanac
official fetch` takes: each repository's pinned commit, and each file's path, size and SHA-256,
computed from a copy of those files (../shared/reference/botc/ lays them flat: roles.json,
game.<code>.json …). Facts about the files, none of their sentences.

Usage: python scripts/pin_official.py REFERENCE_DIR RELEASE_COMMIT RELEASE_DATE \
           TRANSLATIONS_COMMIT TRANSLATIONS_DATE
(commits of 40 hex digits, dates as YYYY-MM-DD; run it when the project moves to newer commits)
"""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = ROOT / "generator" / "release" / "official_release.json"
OWNER = "ThePandemoniumInstitute"
# The files of botc-release the almanac reads, by their path in that repository.
RELEASE_FILES = ("resources/data/roles.json", "resources/data/jinxes.json",
                 "resources/data/nightsheet.json", "script-schema.json")
KINDS = ("game", "script", "app")  # botc-translations: <kind>/<code>.json


def entry(repository: str, path: str, data: bytes) -> dict[str, object]:
    return {"repository": repository, "path": path, "size": len(data),
            "sha256": hashlib.sha256(data).hexdigest()}


def main(argv: list[str]) -> int:
    if len(argv) != 5:
        print(__doc__.split("Usage: ")[1], file=sys.stderr)
        return 2
    reference = Path(argv[0])
    files = [entry("botc-release", path, (reference / path.rsplit("/", 1)[-1]).read_bytes())
             for path in RELEASE_FILES]
    for kind in KINDS:
        for flat in sorted(reference.glob(f"{kind}.*.json")):
            code = flat.name[len(kind) + 1:-len(".json")]
            files.append(entry("botc-translations", f"{kind}/{code}.json", flat.read_bytes()))
    repositories = [
        {"name": "botc-release", "owner": OWNER, "commit": argv[1], "date": argv[2]},
        {"name": "botc-translations", "owner": OWNER, "commit": argv[3], "date": argv[4]}]
    # One repository, one file a line: a move to newer commits reads as a short diff.
    lines = ["{", ' "repositories": [',
             ",\n".join(f"  {json.dumps(r)}" for r in repositories), " ],",
             ' "files": [', ",\n".join(f"  {json.dumps(f)}" for f in files), " ]", "}"]
    MANIFEST.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{MANIFEST.relative_to(ROOT)}: {len(files)} files")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
