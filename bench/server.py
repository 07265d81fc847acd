"""The site's own server (serve.py), counting every byte it sends, plus the bare floor page.

``CountingServer(site_dir)`` serves the built site exactly as ``serve.py``
does (same ``_headers`` rules, same precompressed copies) and records one
``Sent`` per file response: the URL path, the size of the file on disk
(uncompressed), the body bytes actually sent, and the encoding used. It also
serves ``/bench/*`` from ``bench/bare/`` (the bare Pyodide page) and
``/published/<runtime folder>/`` from Pyodide's package as published (the
bare page's runtime: the site's own has a lean standard library, see
build.py), both with the same header rules and compressed copies. What it
leaves out: response header bytes (a few hundred per request) and 304s
(serve.py never sends them).
"""

from __future__ import annotations

import sys
import threading
import time
from dataclasses import dataclass
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402
import serve  # noqa: E402  (the project's server, from the repository root)

BARE_DIR = Path(__file__).resolve().parent / "bare"
PUBLISHED = "published/"  # where the runtime as published is served, beside the site


def published_runtime(into: Path) -> Path:
    """Pyodide's runtime files as published, with the server's compressed copies (made once per machine and
    cached, as the build's are), in ``into`` (once: kept for the next run); returns ``into``."""
    folder = into / build.PYODIDE_DIR
    complete = folder / ".complete"
    if not complete.exists():
        build.vendor_pyodide(build.fetch_pyodide(), into, lean=False)
        for name in build.PYODIDE_FILES:
            blob = (folder / name).read_bytes()
            for suffix, key, compress in build.compressors(name):
                (folder / (name + suffix)).write_bytes(build.compressed(blob, key, compress))
        complete.touch()
    return into


@dataclass(frozen=True)
class Sent:
    path: str      # URL path, no query
    raw: int       # bytes of the file itself (uncompressed)
    sent: int      # body bytes on the wire
    coding: str    # "br", "gzip" or "" (identity)
    at: float      # when the response started, epoch seconds (comparable with the page's timeOrigin)


class CountingServer:
    """Serve ``site_dir`` on 127.0.0.1 in a thread; ``sent`` lists every file response, in order."""

    def __init__(self, site_dir: Path, published: Path | None = None):
        self.site_dir = Path(site_dir)
        self.published = published  # a published_runtime() folder, served under /published/ (the bench's boots)
        self.sent: list[Sent] = []
        self._lock = threading.Lock()
        self.httpd = serve.make_server(self.site_dir, port=0)
        factory = self.httpd.RequestHandlerClass  # functools.partial(Handler, directory=...)
        handler = type("CountingHandler", (_CountingHandler, factory.func), {"owner": self})
        self.httpd.RequestHandlerClass = partial(handler, *factory.args, **factory.keywords)
        self._thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self._thread.start()
        host, port = self.httpd.server_address[:2]
        self.url = f"http://{host}:{port}/"

    def record(self, item: Sent) -> None:
        with self._lock:
            self.sent.append(item)

    def mark(self) -> int:
        """A position in ``sent``; ``since(mark)`` gives what was sent after it."""
        with self._lock:
            return len(self.sent)

    def since(self, mark: int) -> list[Sent]:
        with self._lock:
            return list(self.sent[mark:])

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


class _CountingHandler(serve.SiteHandler):
    owner: CountingServer

    def translate_path(self, path: str) -> str:
        url_path = path.split("?", 1)[0]
        if url_path.startswith("/bench/"):
            return str(BARE_DIR / url_path.removeprefix("/bench/"))
        if url_path.startswith(f"/{PUBLISHED}") and self.owner.published:
            return str(self.owner.published / url_path.removeprefix(f"/{PUBLISHED}"))
        return super().translate_path(path)

    def _send_file(self, path: Path, content_type: str, coding: str | None):
        f = super()._send_file(path, content_type, coding)
        original = path.with_name(path.name.removesuffix(".br").removesuffix(".gz")) if coding else path
        self.owner.record(Sent(self.path.split("?", 1)[0], original.stat().st_size, path.stat().st_size, coding or "",
                               time.time()))
        return f
