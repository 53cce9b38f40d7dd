"""The live preview's web server: MkDocs' LiveReloadServer, which injects into every page a
script that reloads it once the site has been rebuilt, kept to the static server's guarantees
(127.0.0.1 only, no folder listings, 400 for a NUL in the path), answering only requests made
to this machine by name (421 for any other Host: a page of another site that points its own
name at 127.0.0.1, DNS rebinding, reads nothing)."""
from __future__ import annotations

import re
import traceback
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from mkdocs.livereload import LiveReloadServer

# How often the watched files are looked at, in seconds: an edit shows this much sooner.
POLL = 0.05
# How long after a change a rebuild waits for more (an editor's save is one write or a rename).
SETTLE = 0.05
# The names of this machine a browser may send as Host (with the port or without).
LOCAL_HOSTS = ("127.0.0.1", "localhost", "[::1]")
# The theme's scripts and stylesheets named by a hash of their content (bundle.79ae519e.min.js):
# a page reloaded after an edit takes them from the browser's cache, not from this server again.
_HASHED = re.compile(r"/assets/(?:javascripts|stylesheets)/(?:[\w-]+/)*[\w-]+\.[0-9a-f]{8}"
                     r"\.min\.(?:js|css)\Z")


class LiveServer(LiveReloadServer):
    """Serves `site` on 127.0.0.1:port (bound at once, so a port in use fails before any work);
    `rebuild` runs on every change of a watched path and says whether the site changed."""

    def __init__(self, rebuild: Callable[[], bool], port: int, site: Path,
                 watched: Iterable[Path]) -> None:
        super().__init__(builder=self._rebuild, host="127.0.0.1", port=port, root=str(site),
                         polling_interval=POLL)
        self._update = rebuild
        self.build_delay = SETTLE
        self._not_found = site / "404.html"
        self.error_handler = self._missing
        try:
            self.server_bind()
            self.server_activate()
        except OSError:
            self.server_close()
            raise
        self.url = f"http://127.0.0.1:{self.server_address[1]}/"
        for path in watched:
            self.watch(str(path))
        # Watching from now on: an edit made while the first build runs is not missed.
        self.observer.start()

    def close(self) -> None:
        self.observer.stop()
        self.server_close()

    def run(self) -> None:
        """Serve and rebuild until interrupted (Ctrl-C)."""
        self.serve_thread.start()
        try:
            self._build_loop()
        finally:
            self.shutdown(wait=True)

    def _rebuild(self) -> None:
        try:
            changed = self._update()
        except Exception:  # a bug in one rebuild must not stop the preview of the last good site
            traceback.print_exc()
            changed = False
        if not changed:
            # The server holds pages back while a newer site is wanted: say the one shown is it,
            # so pages are answered again and open ones are not reloaded.
            with self._epoch_cond:
                self._wanted_epoch = self._visible_epoch
                self._epoch_cond.notify_all()

    def _local(self, host: str) -> bool:
        port = str(self.server_address[1])
        return any(host.lower() in (name, f"{name}:{port}") for name in LOCAL_HOSTS)

    def _missing(self, code: int) -> bytes | None:
        """A missing address answered with the site's own page for it, as static hosts do."""
        if code == 404 and self._not_found.is_file():
            return self._not_found.read_bytes()
        return None

    def _serve_request(self, environ: dict[str, Any],
                       start_response: Callable[..., Any]) -> Iterable[bytes] | None:
        if not self._local(environ.get("HTTP_HOST", "")):
            start_response("421 Misdirected Request", [("Content-Type", "text/plain")])
            return [b"421 Misdirected Request: this preview answers only 127.0.0.1, localhost "
                    b"and [::1]"]
        path = environ.get("PATH_INFO", "")
        if "\0" in path:  # no file has such a name
            start_response("400 Bad Request", [("Content-Type", "text/plain")])
            return [b"400 Bad Request"]
        if not _HASHED.search(path):
            return super()._serve_request(environ, start_response)

        def kept(status: str, headers: list[tuple[str, str]], *rest: Any) -> Any:
            if status.startswith("200"):
                headers = [*headers, ("Cache-Control", "max-age=31536000, immutable")]
            return start_response(status, headers, *rest)
        return super()._serve_request(environ, kept)
