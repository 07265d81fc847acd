"""HTTP for the agent: the only module that knows whether it runs in Pyodide.

In Pyodide (the page's worker) a request is one ``agentRequest`` of the
worker (templates/worker.js): an XMLHttpRequest, aborted when the request is
cancelled or times out, its body handed over a piece at a time. In CPython
requests go through ``http.client`` in a worker thread, so the event loop (and
cancellation) keeps running, on connections kept open between requests as a
browser keeps them.

Both sides offer the same small surface:

    resp = await post(url, headers, body, timeout=...)   # -> Response
    resp.status, resp.headers            # headers lower-cased
    await resp.text()                    # the whole body
    await resp.piece()                   # the next piece of it ("" at the end), for streams
    read_text(url_or_path)               # synchronous GET, for the tools' data

Network failures raise ``TransportError`` with ``kind`` "network",
"timeout", "dropped" or (in the browser, when it knows it has no network)
"offline"; HTTP error statuses are returned, not raised: judging them is the
model client's job.
"""

from __future__ import annotations

import json
import sys

IN_PYODIDE = sys.platform == "emscripten"


class TransportError(Exception):
    def __init__(self, kind: str, message: str):
        super().__init__(message)
        self.kind = kind  # "network" | "timeout" | "dropped" (the server closed without answering) | "offline"


class Response:
    """Status, headers and the body as text, whole or piece by piece.

    ``pieces`` is the backend's reader: an async function returning the next
    decoded piece of the body ("" at the end), raising TransportError
    ("timeout") when no data came for the idle timeout.
    """

    def __init__(self, status: int, headers: dict[str, str], pieces, close):
        self.status = status
        self.headers = headers
        self.piece = pieces  # async () -> str
        self._close = close

    async def text(self) -> str:
        parts = []
        try:
            while piece := await self.piece():
                parts.append(piece)
        finally:
            self.close()
        return "".join(parts)

    def close(self) -> None:
        try:
            self._close()
        except Exception:
            pass


if IN_PYODIDE:
    import asyncio

    import js  # type: ignore[import-not-found]
    from pyodide.ffi import JsException, create_once_callable  # type: ignore[import-not-found]

    def _ready_callbacks_as_microtasks(loop: asyncio.AbstractEventLoop) -> None:
        """Run the event loop's ready callbacks as microtasks, not each in a browser task of its own.

        Pyodide's loop schedules every ``call_soon`` as a task (as setTimeout(0) would); a task
        resumed when a request's answer arrived then waits behind the browser's own tasks for that
        request: ~0.8 ms a resume in the page's worker here, ~0.3 ms as a microtask (0.5 ms a loop step,
        in four interleaved runs of 30 turns). Timers (``call_later`` with a delay) stay tasks. Nothing
        in the agent yields in a loop (``sleep(0)``), which would keep the worker from its messages.
        """
        def call_soon(callback, *args, context=None) -> asyncio.Handle:
            handle = asyncio.Handle(callback, args, loop, context=context)

            def run() -> None:
                loop._install_running_loop()  # as Pyodide's own callbacks do: asyncio checks it
                if not handle.cancelled():
                    handle._run()
            js.queueMicrotask(create_once_callable(run))
            return handle

        loop.call_soon = call_soon

    _ready_callbacks_as_microtasks(asyncio.get_event_loop())

    async def post(url: str, headers: dict[str, str], body: bytes, *, timeout: float = 60.0) -> Response:
        """One ``agentRequest`` (worker.js): the request, its timers, abort and reading happen in JS.

        Python crosses into JS once per piece of the body (the status and
        headers come with the first piece), and each answer is one JSON
        string: ``{status?, headers?, text, done}``, or ``{status?, headers?,
        error, phase}`` once the request failed.
        """
        request = js.agentRequest(url, json.dumps(headers), body.decode("utf-8"), int(timeout * 1000))

        async def take() -> dict:
            try:
                return json.loads(await request.next())
            except BaseException:  # cancelled (Stop): the request stops at once
                request.abort()
                raise

        got: dict | None = await take()
        if "status" not in got:
            raise _failed(got, timeout)
        status, heads = got["status"], dict(got["headers"])

        async def pieces() -> str:
            nonlocal got
            if got is None:
                got = await take()
            if "error" in got:
                raise _failed(got, timeout)
            text = got["text"]
            got = {"text": "", "done": True} if got["done"] else None
            return text

        return Response(status, heads, pieces, request.abort)

    def _failed(got: dict, timeout: float) -> TransportError:
        before = got["phase"] == "response"  # no response yet, or the body stopped coming
        if got["error"] == "timeout":
            waited = f"no response within {timeout:g} s" if before else f"no data for {timeout:g} s"
            return TransportError("timeout", waited)
        if got["error"] == "offline":
            return TransportError("offline", "this device has no network connection")
        # The browser says no more than this (a refused connection and a CORS refusal look the same).
        return TransportError("network", "network error" if before else "connection lost: network error")

    def read_text(url: str) -> str:
        # A synchronous XMLHttpRequest: allowed in a Web Worker, where the agent runs.
        # (Not pyodide.http.open_url, which does the same but costs ~90 ms to import.)
        request = js.XMLHttpRequest.new()
        request.open("GET", url, False)
        try:
            request.send()
        except JsException as exc:
            raise OSError(f"could not read {url}: {exc}") from None
        if request.status == 404:
            raise FileNotFoundError(url)
        if request.status != 200:
            raise OSError(f"could not read {url}: HTTP {request.status}")
        return request.responseText

else:
    import asyncio
    import base64
    import codecs
    import functools
    import http.client
    import os
    import queue as _queue
    import select
    import socket
    import threading
    import time
    import urllib.request
    from urllib.parse import unquote, urlsplit

    class _Threads:
        """Daemon threads for the blocking side of requests, kept for the next one when done
        (starting a thread costs ~0.2 ms, a loop step's largest share in the CLI)."""

        def __init__(self):
            self._jobs: _queue.SimpleQueue = _queue.SimpleQueue()
            self._lock = threading.Lock()
            self._idle = 0

        def run(self, job) -> None:
            with self._lock:
                if self._idle:
                    self._idle -= 1
                    self._jobs.put(job)
                    return
            threading.Thread(target=self._work, args=(job,), daemon=True).start()

        def _work(self, job) -> None:
            while True:
                job()
                with self._lock:
                    self._idle += 1
                job = self._jobs.get()

    _threads = _Threads()

    class _Connections:
        """Connections kept open between requests, per origin, as a browser keeps them: a turn's next
        step reuses one instead of connecting again (over HTTPS that saves a TLS handshake, one or two
        round trips to the provider, every step). One the server has closed meanwhile is not reused, nor
        one idle for longer than IDLE_LIMIT (a connection a network dropped silently would look alive)."""

        def __init__(self):
            self._idle: dict[tuple, list[tuple[http.client.HTTPConnection, float]]] = {}  # with when kept
            self._ending: dict[tuple, int] = {}  # responses their reader closed before their body's end
            self._changed = threading.Condition()

        def take(self, key: tuple) -> http.client.HTTPConnection | None:
            with self._changed:
                # A stream's reader stops at the wire's last event, a moment before the body ends and its
                # connection is kept: the next step's request waits that moment for it.
                self._changed.wait_for(lambda: self._idle.get(key) or not self._ending.get(key), ENDING_WAIT)
                idle = self._idle.get(key, [])
                while idle:
                    conn, kept = idle.pop()
                    fresh = time.monotonic() - kept < IDLE_LIMIT
                    if fresh and conn.sock and not select.select([conn.sock], [], [], 0)[0]:  # readable: closed
                        return conn
                    conn.close()
            return None

        def keep(self, key: tuple, conn: http.client.HTTPConnection) -> None:
            with self._changed:
                self._idle.setdefault(key, []).append((conn, time.monotonic()))
                self._changed.notify_all()

        def ending(self, key: tuple, change: int) -> None:
            with self._changed:
                self._ending[key] = self._ending.get(key, 0) + change
                self._changed.notify_all()

    _connections = _Connections()
    IDLE_LIMIT = 30.0  # seconds a kept connection may wait for its next request
    ENDING_WAIT = 0.05  # seconds a request waits for a closed response's connection to come back
    CLOSE_GRACE = 0.1  # seconds a closed response's body may take to end before its connection is dropped

    PROXY_VARIABLES = ("http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "no_proxy", "NO_PROXY")

    def _route(url: str) -> tuple[tuple, str, dict[str, str]]:
        """The pool's key for url (its origin, and the proxy the environment names for it: HTTPS_PROXY,
        HTTP_PROXY, NO_PROXY, as urllib reads them), the request's target, and headers for the proxy.
        Worked out once per URL and proxy setting: urllib's reading of the environment took ~70 µs."""
        return _route_with(url, tuple(os.environ.get(name) for name in PROXY_VARIABLES))

    @functools.lru_cache(maxsize=64)
    def _route_with(url: str, _proxy_settings: tuple) -> tuple[tuple, str, dict[str, str]]:
        parts = urlsplit(url)
        proxy = None if urllib.request.proxy_bypass(parts.hostname or "") else \
            urllib.request.getproxies().get(parts.scheme)
        via = urlsplit(proxy if "://" in proxy else f"http://{proxy}") if proxy else None
        key = (parts.scheme, parts.hostname, parts.port, via)
        if via and parts.scheme == "http":  # sent to the proxy whole
            return key, url, _proxy_auth(via)
        return key, (parts.path or "/") + (f"?{parts.query}" if parts.query else ""), {}

    def _connect(key: tuple, timeout: float) -> http.client.HTTPConnection:
        """A new connection: direct, or to the proxy (HTTPS in a tunnel through it)."""
        scheme, host, port, via = key
        kind = http.client.HTTPSConnection if scheme == "https" else http.client.HTTPConnection
        if not via:
            return kind(host, port, timeout=timeout)
        conn = kind(via.hostname, via.port, timeout=timeout)
        if scheme == "https":
            conn.set_tunnel(host, port, headers=_proxy_auth(via))
        return conn

    def _proxy_auth(via) -> dict[str, str]:
        if not via.username:
            return {}
        token = base64.b64encode(f"{unquote(via.username)}:{unquote(via.password or '')}".encode()).decode()
        return {"Proxy-Authorization": f"Basic {token}"}

    async def post(url: str, headers: dict[str, str], body: bytes, *, timeout: float = 60.0) -> Response:
        """A daemon thread (kept for later requests) sends it on a kept connection (or a new one) and
        reads and decodes the body into a queue; a connection whose response was read to its end is kept.

        Unlike asyncio.to_thread, a cancelled request does not keep the program
        waiting for its thread at exit, and no thread is started per chunk. The
        socket timeout is the idle timeout: no data for ``timeout`` seconds fails.
        """
        loop = asyncio.get_running_loop()
        opened = loop.create_future()
        queue: asyncio.Queue = asyncio.Queue()
        key, target, extra = _route(url)
        lock = threading.Lock()
        # the connection; its response read to its end; closed early (then not kept); closed by the reader
        state = {"conn": None, "done": False, "aborted": False, "ending": False}

        def hand(fn, *args) -> None:
            if not loop.is_closed():
                loop.call_soon_threadsafe(fn, *args)

        def work() -> None:
            conn = None
            try:
                conn = _connections.take(key)
                if conn:
                    conn.sock.settimeout(timeout)
                else:
                    conn = _connect(key, timeout)
                state["conn"] = conn
                conn.request("POST", target, body=body, headers={**headers, **extra})
                raw = conn.getresponse()
            except BaseException as exc:
                if conn:
                    conn.close()
                hand(_settle, opened, None, _network_error(exc, timeout))
                return
            hand(_settle, opened, raw, None)
            decoder = codecs.getincrementaldecoder("utf-8")("replace")
            while True:
                try:
                    chunk = raw.read1(65536)
                except BaseException as exc:
                    conn.close()
                    hand(queue.put_nowait, _network_error(exc, timeout, reading=True))
                    return
                text = decoder.decode(chunk, final=not chunk)
                if text:
                    hand(queue.put_nowait, text)
                if not chunk:
                    raw.close()  # its end read: the connection can take the next request
                    with lock:
                        state["done"] = True
                        if not state["aborted"] and not raw.will_close:
                            _connections.keep(key, conn)
                        if state["ending"]:
                            _connections.ending(key, -1)
                    hand(queue.put_nowait, "")
                    return

        _threads.run(work)
        raw = await opened

        async def pieces() -> str:
            item = await queue.get()
            if isinstance(item, BaseException):
                raise item
            return item

        def abort() -> None:
            with lock:
                if state["done"]:
                    return
                state["aborted"] = True
                _connections.ending(key, -1)
            try:
                state["conn"].sock.shutdown(socket.SHUT_RDWR)  # the reading thread returns at once
            except (AttributeError, OSError):
                pass  # not connected
            state["conn"].close()

        def close() -> None:
            # The reader is done with it: at the wire's last event, a moment before the body's own end (whose
            # bytes are usually on their way: read, they keep the connection), or on Stop.
            with lock:
                if state["done"] or state["ending"]:
                    return
                state["ending"] = True
                _connections.ending(key, +1)
            loop.call_later(CLOSE_GRACE, abort)

        heads = {k.lower(): v for k, v in raw.headers.items()}
        return Response(raw.status, heads, pieces, close)

    def _settle(future, result, error) -> None:
        if future.cancelled():
            return
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(result)

    def _network_error(exc: BaseException, timeout: float, reading: bool = False) -> BaseException:
        if isinstance(exc, TimeoutError) or "timed out" in str(exc):
            what = f"no data for {timeout:g} s" if reading else f"no response within {timeout:g} s"
            return TransportError("timeout", what)
        if reading:
            return TransportError("network", f"connection lost: {exc}")
        if isinstance(exc, (http.client.RemoteDisconnected, ConnectionResetError)):
            return TransportError("dropped", str(exc))
        if isinstance(exc, (OSError, http.client.HTTPException, ValueError)):  # ssl.SSLError is an OSError
            return TransportError("network", str(exc))
        return exc  # a programming error: let it surface

    def read_text(url: str) -> str:
        if "://" in url:
            with urllib.request.urlopen(url, timeout=30) as resp:
                return resp.read().decode("utf-8")
        with open(url, encoding="utf-8") as f:
            return f.read()
