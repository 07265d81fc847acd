"""HTTP for the agent: the only module that knows whether it runs in Pyodide.

In Pyodide (the page's worker) requests go through the browser's ``fetch``,
with an AbortController so a cancelled or timed-out request really stops, and
the body is read as a stream. In CPython they go through ``urllib`` in a
worker thread, so the event loop (and cancellation) keeps running.

Both sides offer the same small surface:

    resp = await post(url, headers, body, timeout=...)   # -> Response
    resp.status, resp.headers            # headers lower-cased
    await resp.read()                    # whole body, bytes
    async for line in resp.lines(): ...  # decoded lines, for SSE
    read_text(url_or_path)               # synchronous GET, for the tools' data

Network failures raise ``TransportError`` with ``kind`` "network",
"timeout", "dropped" or (in the browser, when it knows it has no network)
"offline"; HTTP error statuses are returned, not raised: judging them is the
model client's job.
"""

from __future__ import annotations

import asyncio
import json
import sys
from typing import AsyncIterator

IN_PYODIDE = sys.platform == "emscripten"


class TransportError(Exception):
    def __init__(self, kind: str, message: str):
        super().__init__(message)
        self.kind = kind  # "network" | "timeout" | "dropped" (the server closed without answering) | "offline"


class Response:
    """Status, headers and a body read whole or line by line.

    ``chunks`` is the backend's reader: an async function returning the next
    piece of the body (b"" at the end), raising TransportError("timeout") when
    no data came for the idle timeout.
    """

    def __init__(self, status: int, headers: dict[str, str], chunks, close):
        self.status = status
        self.headers = headers
        self._next = chunks  # async () -> bytes
        self._close = close

    async def read(self) -> bytes:
        parts = []
        while chunk := await self._next():
            parts.append(chunk)
        self.close()
        return b"".join(parts)

    async def lines(self) -> AsyncIterator[str]:
        buffer = b""
        try:
            while chunk := await self._next():
                buffer += chunk
                *complete, buffer = buffer.split(b"\n")
                for raw in complete:
                    yield raw.rstrip(b"\r").decode("utf-8", "replace")
            if buffer:
                yield buffer.rstrip(b"\r").decode("utf-8", "replace")
        finally:
            self.close()

    def close(self) -> None:
        try:
            self._close()
        except Exception:
            pass


if IN_PYODIDE:
    import js  # type: ignore[import-not-found]
    from pyodide.ffi import JsException, create_proxy  # type: ignore[import-not-found]

    async def post(url: str, headers: dict[str, str], body: bytes, *, timeout: float = 60.0) -> Response:
        """``fetch`` with one AbortController for cancel, close and both timeouts.

        Kept cheap per step and per chunk: the options and the response headers
        cross the JS/Python boundary as one JSON string each, and the timeouts
        are plain JS timers (set and cleared), not asyncio timers, which in
        Pyodide leave a 60 s JS timer and a proxy behind for every chunk.
        """
        controller = js.AbortController.new()
        init = js.JSON.parse(json.dumps({"method": "POST", "headers": headers}))
        init.body = body.decode("utf-8")
        init.signal = controller.signal
        state = {"timer": None, "fired": False, "closed": False}

        def on_timeout() -> None:
            state["timer"] = None
            state["fired"] = True
            controller.abort()

        fire = create_proxy(on_timeout)
        ms = int(timeout * 1000)

        def arm() -> None:
            state["timer"] = js.setTimeout(fire, ms)

        def disarm() -> None:
            if state["timer"] is not None:
                js.clearTimeout(state["timer"])
                state["timer"] = None

        def close() -> None:
            if state["closed"]:
                return
            state["closed"] = True
            disarm()
            controller.abort()
            fire.destroy()

        arm()
        try:
            resp = await js.fetch(url, init)
        except asyncio.CancelledError:
            close()
            raise
        except JsException as exc:  # the browser says only "TypeError: Failed to fetch" (network or CORS)
            fired = state["fired"]
            close()
            if fired:
                raise TransportError("timeout", f"no response within {timeout:g} s") from None
            if not js.navigator.onLine:
                raise TransportError("offline", "this device has no network connection") from None
            raise TransportError("network", str(exc)) from None
        finally:
            disarm()
        reader = resp.body.getReader() if resp.body else None

        async def chunks() -> bytes:
            if reader is None or state["closed"]:
                return b""
            arm()  # the idle timeout: no data for `timeout` seconds aborts the request
            try:
                part = await reader.read()
            except asyncio.CancelledError:
                close()
                raise
            except JsException as exc:
                fired = state["fired"]
                close()
                if fired:
                    raise TransportError("timeout", f"no data for {timeout:g} s") from None
                raise TransportError("network", f"connection lost: {exc}") from None
            finally:
                disarm()
            return b"" if part.done else part.value.to_bytes()

        heads = {k.lower(): v for k, v in json.loads(js.JSON.stringify(js.Array.from_(resp.headers)))}
        return Response(resp.status, heads, chunks, close)

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
    import http.client
    import queue as _queue
    import threading
    import urllib.error
    import urllib.request

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

    async def post(url: str, headers: dict[str, str], body: bytes, *, timeout: float = 60.0) -> Response:
        """A daemon thread (kept for later requests) opens it and reads the body into a queue.

        Unlike asyncio.to_thread, a cancelled request does not keep the program
        waiting for its thread at exit, and no thread is started per chunk. The
        socket timeout is the idle timeout: no data for ``timeout`` seconds fails.
        """
        loop = asyncio.get_running_loop()
        opened = loop.create_future()
        queue: asyncio.Queue = asyncio.Queue()
        request = urllib.request.Request(url, data=body, headers=headers, method="POST")
        state = {"raw": None, "closed": False}

        def hand(fn, *args) -> None:
            if not loop.is_closed():
                loop.call_soon_threadsafe(fn, *args)

        def work() -> None:
            try:
                raw = urllib.request.urlopen(request, timeout=timeout)
            except urllib.error.HTTPError as exc:  # an error status is still a response
                raw = exc
            except BaseException as exc:
                hand(_settle, opened, None, _network_error(exc, timeout))
                return
            state["raw"] = raw
            hand(_settle, opened, raw, None)
            while not state["closed"]:
                try:
                    chunk = raw.read1(65536) if hasattr(raw, "read1") else raw.read(65536)
                except BaseException as exc:
                    hand(queue.put_nowait, _network_error(exc, timeout, reading=True))
                    return
                hand(queue.put_nowait, chunk)
                if not chunk:
                    return

        _threads.run(work)
        raw = await opened

        async def chunks() -> bytes:
            item = await queue.get()
            if isinstance(item, BaseException):
                raise item
            return item

        def close() -> None:
            state["closed"] = True
            raw.close()

        heads = {k.lower(): v for k, v in raw.headers.items()}
        return Response(getattr(raw, "status", None) or raw.code, heads, chunks, close)

    def _settle(future, result, error) -> None:
        if future.cancelled():
            return
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(result)

    def _network_error(exc: BaseException, timeout: float, reading: bool = False) -> BaseException:
        reason = getattr(exc, "reason", exc)
        if isinstance(reason, TimeoutError) or "timed out" in str(reason):
            what = f"no data for {timeout:g} s" if reading else f"no response within {timeout:g} s"
            return TransportError("timeout", what)
        if reading:
            return TransportError("network", f"connection lost: {reason}")
        if isinstance(reason, (http.client.RemoteDisconnected, ConnectionResetError)):
            return TransportError("dropped", str(reason))
        if isinstance(reason, (OSError, http.client.HTTPException, ValueError)):
            return TransportError("network", str(reason))
        return exc  # a programming error: let it surface

    def read_text(url: str) -> str:
        if "://" in url:
            with urllib.request.urlopen(url, timeout=30) as resp:
                return resp.read().decode("utf-8")
        with open(url, encoding="utf-8") as f:
            return f.read()
