"""Files and answers over HTTP(S): bounded in size and time, each failure one line; a server out
of reach (no network, refused, no such host) told apart, so that the user hears how to get the
files by hand."""
from __future__ import annotations

import http.client
import urllib.error
import urllib.request
from importlib.metadata import version
from urllib.parse import urlsplit

from generator.errors import AlmanacError

TIMEOUT = 30  # seconds without a byte before a download is given up


class UnreachableError(AlmanacError):
    """The server could not be reached at all."""


def download(url: str, limit: int) -> bytes:
    """The body at url, of at most `limit` bytes (one more is read, so a longer one is told)."""
    request = urllib.request.Request(url, headers={"User-Agent": f"almanac/{version('almanac')}"})
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as answer:
            data: bytes = answer.read(limit + 1)
    except urllib.error.HTTPError as err:
        raise AlmanacError(f"the server answered {err.code} {err.reason}", url) from err
    except urllib.error.URLError as err:
        raise UnreachableError(f"cannot reach {urlsplit(url).netloc} ({_reason(err.reason)})",
                          url) from err
    except (http.client.HTTPException, OSError) as err:  # cut off or timed out midway
        raise UnreachableError(f"the download from {urlsplit(url).netloc} broke off "
                          f"({_reason(err)})", url) from err
    return data


def _reason(reason: object) -> str:
    if isinstance(reason, OSError) and reason.strerror:
        return reason.strerror
    return str(reason) or type(reason).__name__
