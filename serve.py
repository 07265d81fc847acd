"""Serve the built site on 127.0.0.1 the way a good static host would.

    python serve.py [--dir site] [--port 8000]   (the page's vLLM row expects vLLM on 8001)

- applies the rules in the site's `_headers` file (the CSP as an HTTP header,
  which is what governs the worker's requests; cache rules), so local runs and
  Netlify / Cloudflare Pages behave alike;
- serves the precompressed `.br` / `.gz` copy when the client accepts it,
  with Content-Encoding and the original file's Content-Type;
- knows the MIME types of .mjs and .wasm.

Standard library only. It is a development and test server: no TLS, no
range requests, no directory listings.
"""

from __future__ import annotations

import argparse
import fnmatch
import http.server
import os
import threading
from functools import partial
from pathlib import Path

ENCODINGS = [("br", ".br"), ("gzip", ".gz")]  # preferred first


def parse_headers_file(text: str) -> list[tuple[str, list[tuple[str, str]]]]:
    """Netlify's `_headers` format: a path pattern, then indented `Name: value` lines."""
    rules: list[tuple[str, list[tuple[str, str]]]] = []
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line[0].isspace():
            rules.append((line.strip(), []))
        elif rules and ":" in line:
            name, value = line.strip().split(":", 1)
            rules[-1][1].append((name.strip(), value.strip()))
    return rules


def headers_for(rules: list[tuple[str, list[tuple[str, str]]]], url_path: str) -> dict[str, str]:
    """Later matching rules override earlier ones for the same header name."""
    out: dict[str, str] = {}
    for pattern, headers in rules:
        if fnmatch.fnmatchcase(url_path, pattern):
            out.update(headers)
    return out


def accepted_codings(header: str) -> set[str]:
    """The codings an Accept-Encoding header accepts: listed (or matched by ``*``) with a q above 0."""
    weights: dict[str, float] = {}
    for item in header.split(","):
        coding, *params = [part.strip() for part in item.split(";")]
        q = 1.0
        for param in params:
            name, _, value = param.partition("=")
            if name.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if coding:
            weights[coding.lower()] = q
    star = weights.get("*", 0.0)
    return {c for c, _ in ENCODINGS if weights.get(c, star) > 0}


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".svg": "image/svg+xml",
        ".zip": "application/zip",
    }
    rules: list = []

    def log_message(self, format: str, *args) -> None:  # quiet unless asked
        if os.environ.get("SERVE_LOG"):
            super().log_message(format, *args)

    def end_headers(self) -> None:
        url_path = self.path.split("?", 1)[0]
        if url_path.endswith("/"):
            url_path += "index.html"
        for name, value in headers_for(self.rules, url_path).items():
            self.send_header(name, value)
        super().end_headers()

    def send_head(self):
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        accepted = accepted_codings(self.headers.get("Accept-Encoding", ""))
        for coding, suffix in ENCODINGS:
            packed = path.with_name(path.name + suffix)
            if coding in accepted and path.is_file() and packed.is_file():
                return self._send_file(packed, self.guess_type(str(path)), coding)
        if path.is_file():
            return self._send_file(path, self.guess_type(str(path)), None)
        return super().send_head()  # 404s and the rest

    def list_directory(self, path):
        """No listings: a folder without an index.html is not found."""
        self.send_error(404, "Not found")
        return None

    def _send_file(self, path: Path, content_type: str, coding: str | None):
        f = open(path, "rb")
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(path.stat().st_size))
        self.send_header("Vary", "Accept-Encoding")
        if coding:
            self.send_header("Content-Encoding", coding)
        self.end_headers()
        return f


def make_server(directory: Path, host: str = "127.0.0.1", port: int = 8000) -> http.server.ThreadingHTTPServer:
    """A server for `directory` (not yet serving); port 0 picks a free port."""
    directory = Path(directory).resolve()
    headers_path = directory / "_headers"
    rules = parse_headers_file(headers_path.read_text(encoding="utf-8")) if headers_path.exists() else []
    handler = type("Handler", (SiteHandler,), {"rules": rules})
    server = http.server.ThreadingHTTPServer((host, port), partial(handler, directory=str(directory)))
    server.daemon_threads = True
    return server


def serve_in_thread(directory: Path, port: int = 0) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Start serving in a daemon thread; returns the server and its base URL."""
    server = make_server(directory, port=port)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host, port = server.server_address[:2]
    return server, f"http://{host}:{port}/"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Serve the built site on 127.0.0.1.")
    parser.add_argument("--dir", type=Path, default=Path(__file__).resolve().parent / "site")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args(argv)
    if not (args.dir / "index.html").exists():
        raise SystemExit(f"{args.dir} has no index.html: run `python build.py` first")
    server = make_server(args.dir, port=args.port)
    print(f"serving {args.dir} on http://127.0.0.1:{server.server_address[1]}/ (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
