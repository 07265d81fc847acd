"""A stand-in provider that answers each POST with the next scripted (content type, body bytes), then "{}".

Shared by tests/test_bad_input.py and tests/test_hostile_replies.py: what a broken or hostile provider sends
goes out byte for byte, and every request body is kept, parsed as strict UTF-8 JSON as any provider would.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class JunkServer:
    def __init__(self):
        self.queue: list[tuple[str, bytes]] = []
        self.bodies: list[dict] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.0"

            def log_message(self, *args):
                pass

            def do_POST(self):
                sent = self.rfile.read(int(self.headers.get("content-length", 0)))
                server.bodies.append(json.loads(sent))  # strict UTF-8: what any provider would parse
                ctype, body = server.queue.pop(0) if server.queue else ("application/json", b"{}")
                self.send_response(200)
                self.send_header("content-type", ctype)
                self.end_headers()
                self.wfile.write(body)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}"

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
