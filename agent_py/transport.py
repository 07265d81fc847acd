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
"timeout" or "dropped"; HTTP error statuses are returned, not raised: judging them is the
model client's job.
"""

from __future__ import annotations

import asyncio
import sys
from typing import AsyncIterator

IN_PYODIDE = sys.platform == "emscripten"


class TransportError(Exception):
    def __init__(self, kind: str, message: str):
        super().__init__(message)
        self.kind = kind  # "network" | "timeout" | "dropped" (the server closed without answering)


class Response:
    """Status, headers and a body read whole or line by line."""

    def __init__(self, status: int, headers: dict[str, str], chunks, close, idle_timeout: float):
        self.status = status
        self.headers = headers
        self._chunks = chunks  # async () -> bytes ("" at the end)
        self._close = close
        self._idle = idle_timeout

    async def _next(self) -> bytes:
        try:
            return await asyncio.wait_for(self._chunks(), self._idle)
        except asyncio.TimeoutError:
            self.close()
            raise TransportError("timeout", f"no data for {self._idle:g} s") from None

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
    from pyodide.ffi import JsException, to_js  # type: ignore[import-not-found]
    from pyodide.http import open_url  # type: ignore[import-not-found]

    async def post(url: str, headers: dict[str, str], body: bytes, *, timeout: float = 60.0) -> Response:
        controller = js.AbortController.new()
        options = to_js(
            {"method": "POST", "headers": headers, "body": body.decode("utf-8"), "signal": controller.signal},
            dict_converter=js.Object.fromEntries,
        )
        try:
            resp = await asyncio.wait_for(js.fetch(url, options), timeout)
        except asyncio.TimeoutError:
            controller.abort()
            raise TransportError("timeout", f"no response within {timeout:g} s") from None
        except asyncio.CancelledError:
            controller.abort()
            raise
        except JsException as exc:  # the browser says only "TypeError: Failed to fetch" (network or CORS)
            raise TransportError("network", str(exc)) from None
        reader = resp.body.getReader() if resp.body else None

        async def chunks() -> bytes:
            if reader is None:
                return b""
            try:
                part = await reader.read()
            except asyncio.CancelledError:
                controller.abort()
                raise
            except JsException as exc:
                raise TransportError("network", f"connection lost: {exc}") from None
            return b"" if part.done else bytes(part.value.to_py())

        heads = {str(k).lower(): str(v) for k, v in resp.headers.entries()}
        return Response(resp.status, heads, chunks, controller.abort, timeout)

    def read_text(url: str) -> str:
        # A synchronous XMLHttpRequest: allowed in a Web Worker, where the agent runs.
        return open_url(url).getvalue()

else:
    import http.client
    import threading
    import urllib.error
    import urllib.request

    async def _in_thread(fn):
        """Run a blocking call in a daemon thread. Unlike asyncio.to_thread, a cancelled
        request does not keep the program waiting for its thread at exit."""
        loop = asyncio.get_running_loop()
        future = loop.create_future()

        def work():
            try:
                result, error = fn(), None
            except BaseException as exc:  # handed to the awaiting coroutine
                result, error = None, exc
            if not loop.is_closed():
                loop.call_soon_threadsafe(_settle, future, result, error)

        threading.Thread(target=work, daemon=True).start()
        return await future

    def _settle(future, result, error):
        if future.cancelled():
            return
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(result)

    async def post(url: str, headers: dict[str, str], body: bytes, *, timeout: float = 60.0) -> Response:
        request = urllib.request.Request(url, data=body, headers=headers, method="POST")

        def open_():
            try:
                return urllib.request.urlopen(request, timeout=timeout)
            except urllib.error.HTTPError as exc:  # an error status is still a response
                return exc

        try:
            raw = await _in_thread(open_)
        except (TimeoutError, OSError, http.client.HTTPException) as exc:
            reason = getattr(exc, "reason", exc)
            if isinstance(reason, TimeoutError) or "timed out" in str(reason):
                raise TransportError("timeout", f"no response within {timeout:g} s") from None
            if isinstance(reason, (http.client.RemoteDisconnected, ConnectionResetError)):
                raise TransportError("dropped", str(reason)) from None
            raise TransportError("network", str(reason)) from None

        def read_chunk() -> bytes:
            try:
                return raw.read1(65536) if hasattr(raw, "read1") else raw.read(65536)
            except (TimeoutError, OSError) as exc:
                if "timed out" in str(exc) or isinstance(exc, TimeoutError):
                    raise TransportError("timeout", f"no data for {timeout:g} s") from None
                raise TransportError("network", f"connection lost: {exc}") from None
            except Exception as exc:  # http.client.IncompleteRead and friends
                raise TransportError("network", f"connection lost: {exc}") from None

        async def chunks() -> bytes:
            return await _in_thread(read_chunk)

        heads = {k.lower(): v for k, v in raw.headers.items()}
        return Response(raw.status if hasattr(raw, "status") else raw.code, heads, chunks, raw.close, timeout + 5)

    def read_text(url: str) -> str:
        if "://" in url:
            with urllib.request.urlopen(url, timeout=30) as resp:
                return resp.read().decode("utf-8")
        with open(url, encoding="utf-8") as f:
            return f.read()
