"""Whether the publisher's repositories have moved past the pinned commits: their newest commit,
asked of the GitHub API."""
from __future__ import annotations

import json
import os

from generator.errors import AlmanacError
from generator.release.download import download
from generator.release.pinned import Repository

API = "https://api.github.com"
API_VARIABLE = "ALMANAC_GITHUB_API"  # another API's address (a test's server)


def newest_commit(repository: Repository) -> tuple[str, str]:
    """(commit, day) of the newest commit of the repository's default branch."""
    base = os.environ.get(API_VARIABLE) or API
    url = f"{base.rstrip('/')}/repos/{repository.slug}/commits?per_page=1"
    try:
        newest = json.loads(download(url, 2**20))[0]
        return str(newest["sha"]), str(newest["commit"]["committer"]["date"])[:10]
    except (ValueError, LookupError, TypeError) as err:
        raise AlmanacError("not the GitHub API's answer of a repository's commits", url) from err
