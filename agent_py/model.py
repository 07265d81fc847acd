"""A model client: one provider row + its wire + the transport, with bounded retries.

``complete`` sends one request and returns the internal reply; text deltas go
to ``on_text`` as they stream in. Failures raise ``ProviderError`` with one
message a visitor can act on (what happened, what to do), never the key.
Retries: 429, 500, 502, 503 and 529, at most twice, with exponential backoff
that honours ``retry-after`` up to a few seconds. Nothing is retried once text
has been shown, so an answer is never shown twice. A model row's ``request``
fields (e.g. GPT-6's reasoning_effort) go into every request body, and each
answered request is priced when it is made (``spent()``: peak hours, prompt size).
"""

from __future__ import annotations

import asyncio
import json
import re
from datetime import datetime, timezone
from typing import Callable
from urllib.parse import urlsplit

from . import sse, transport
from .errors import ProviderError
from .providers import LOCAL_HOSTS, bill, default_model, hint_hosts, price
from .wires import WIRES
from .wires.common import MAX_REPLY_DEPTH, too_deep

RETRY_STATUSES = {429, 500, 502, 503, 529}
MAX_RETRIES = 2
MAX_WAIT = 4.0  # seconds, whatever retry-after asks for
BACKOFF = 0.5  # seconds before the first retry (retry_backoff in site.yaml), doubled for the next
# What a browser's fetch says when it fails ("TypeError: Failed to fetch"): no words for a visitor.
BROWSER_ERROR = re.compile(r"^(TypeError|NetworkError|AbortError|DOMException|Error)\b|Failed to fetch|network error",
                           re.I)


class ModelClient:
    def __init__(self, provider: dict, model: str, api_key: str = "", base_url: str | None = None, *,
                 stream: bool = True, timeout: float = 60.0, max_tokens: int = 1024, backoff: float = BACKOFF,
                 sleep: Callable = asyncio.sleep, key_source: str = "the key in Settings"):
        self.provider = provider
        self.key_source = key_source  # where the visitor fixes a rejected key: Settings, or an environment variable
        self.model = model or default_model(provider)
        self.api_key = api_key
        self.base_url = (base_url or provider["base_url"]).rstrip("/")
        self.stream = stream
        self.timeout = timeout
        self.max_tokens = max_tokens
        self.backoff = backoff
        self.sleep = sleep
        self.wire = WIRES[provider["wire"]]
        self.label = f"{provider['label']} · {self.model}"
        row = next((m for m in provider["models"] if m["id"] == self.model), {})
        self.request_fields: dict = row.get("request") or {}
        self.refuses: list[str] = row.get("refuses") or []  # e.g. temperature: Haiku 5.5 rejects the request
        self.priced: list[tuple[dict, datetime]] = []  # (usage, when) of every answered request

    def cost(self, usage: dict) -> float | None:
        """Dollars for ``usage`` as one request made now, or None when the model has no price."""
        return bill(self.provider, self.model, usage)["cost"]

    def bills(self, since: int = 0) -> list[dict]:
        """Each request this client made (from the since-th on), split into cached, written and uncached
        input and output at the prices that applied when it was made (see providers.bill)."""
        return [bill(self.provider, self.model, usage, when) for usage, when in self.priced[since:]]

    def spent(self, since: int = 0) -> float | None:
        """Dollars for the requests this client made (from the since-th on), each at the price that applied
        when it was made (time of day, prompt size, cache); None when any of them has no known price."""
        if price(self.provider, self.model) is None:
            return None
        costs = [b["cost"] for b in self.bills(since)]
        return None if None in costs else sum(costs)

    def prices(self, since: int = 0) -> list[str]:
        """The names of the prices those requests were billed at (e.g. ["off-peak"]), in order, once each."""
        names = [(price(self.provider, self.model, u.get("input_tokens", 0), when) or {}).get("price")
                 for u, when in self.priced[since:]]
        return list(dict.fromkeys(n for n in names if n))

    async def complete(self, system: str, messages: list[dict], tools: list[dict],
                       on_text: Callable[[str], None] | None = None) -> dict:
        path, headers, body = self.wire.request(self.model, system, messages, tools, stream=self.stream,
                                                api_key=self.api_key, max_tokens=self.max_tokens)
        body.update(self.request_fields)
        for field in self.refuses:  # the model rejects the whole request if it carries one
            body.pop(field, None)
        payload = json.dumps(body, ensure_ascii=False).encode("utf-8", "replace")  # a lone surrogate: "?"
        for attempt in range(MAX_RETRIES + 1):
            when = datetime.now(timezone.utc)
            try:
                resp = await transport.post(self.base_url + path, headers, payload, timeout=self.timeout)
            except transport.TransportError as exc:
                raise self._unreachable(exc) from None
            if resp.status == 200:
                reply = await self._read(resp, on_text)
                self.priced.append((reply["usage"], when))
                return reply
            text = await resp.text()
            if resp.status in RETRY_STATUSES and attempt < MAX_RETRIES:
                await self.sleep(self._wait(attempt, resp.headers.get("retry-after")))
                continue
            raise self._failed(resp.status, text)
        raise AssertionError("unreachable")

    def _wait(self, attempt: int, retry_after: str | None) -> float:
        wait = self.backoff * (2 ** attempt)
        try:
            wait = max(wait, float(retry_after)) if retry_after else wait
        except ValueError:
            pass  # an HTTP date: use our own backoff
        return min(wait, MAX_WAIT)

    async def _read(self, resp: transport.Response, on_text) -> dict:
        try:
            ctype = resp.headers.get("content-type", "")
            if self.stream and "json" not in ctype and "html" not in ctype:  # an HTML error page is not a stream
                return await self._read_stream(resp, on_text)
            raw = await resp.text()
            try:
                if too_deep(raw, MAX_REPLY_DEPTH):
                    raise RecursionError
                body = json.loads(raw)
            except RecursionError:
                raise ProviderError("bad_reply", self._say("sent a reply nested too deeply to read. Ask again.")) from None
            except ValueError as exc:
                if not isinstance(exc, json.JSONDecodeError):  # int() past sys.get_int_max_str_digits()
                    raise ProviderError("bad_reply", self._say("sent a number too long to read. Ask again.")) from None
                start = " ".join(raw[:60].split())
                raise ProviderError("bad_reply", self._say(f"sent a reply that is not JSON (it starts: {start}). "
                                                           "Ask again; if it repeats, check the base URL.")) from None
            reply = self._wire(self.wire.parse_reply, body)
            if on_text and reply["text"]:
                on_text(reply["text"])
            return reply
        except transport.TransportError as exc:
            raise self._unreachable(exc, midway=True) from None

    def _wire(self, fn, *args):
        """Call the wire; what it reports about the reply is said as this provider's, with what to do."""
        try:
            return fn(*args)
        except ProviderError as exc:
            raise ProviderError(exc.kind, self._say(_explain(exc)), exc.status) from None

    async def _read_stream(self, resp: transport.Response, on_text) -> dict:
        stream, events, seen = self.wire.Stream(), sse.Events(), 0
        try:
            while not stream.done:  # the wire's last event (message_stop, [DONE]): stop without waiting for the close
                piece = await resp.piece()
                for event, data in events.feed(piece) if piece else events.end():
                    seen += 1
                    delta = self._wire(stream.feed, event, data)
                    if delta and on_text:
                        on_text(delta)
                    if stream.done:
                        break
                if not piece:
                    break
        finally:
            resp.close()
        if not stream.complete() and seen == 0:
            raise ProviderError("bad_reply", self._say("sent no readable events (an empty stream, or not a stream at "
                                                       "all). Ask again; if it repeats, check the base URL."))
        if not stream.complete():
            raise ProviderError("network", self._say("stopped sending in the middle of the answer (the connection "
                                                     "dropped). Ask again."))
        return self._wire(stream.reply)

    def _say(self, what: str) -> str:
        """One line for the visitor: the provider's name, what happened, what to do (never the key)."""
        return self._scrub(" ".join(f"{self.provider['label']} {what}".split()))

    def _scrub(self, text: str) -> str:
        return text.replace(self.api_key, "[key]") if self.api_key and len(self.api_key) >= 4 else text

    def _unreachable(self, exc: transport.TransportError, midway: bool = False) -> ProviderError:
        detail = _detail(exc)
        if exc.kind == "offline":
            return ProviderError("network", self._say(
                f"cannot be reached: {exc}. Ask again once you are online; without a key, demo mode answers "
                "from the data on this device."))
        if exc.kind == "timeout":
            return ProviderError("timeout", self._say(
                f"did not answer in time{detail}. Ask again, or choose another model or provider."))
        if midway or exc.kind == "dropped":
            return ProviderError("network", self._say(f"closed the connection before the answer was complete{detail}. "
                                                      "Ask again."))
        host = urlsplit(self.base_url).hostname or ""
        ours = host in hint_hosts(self.provider)
        hint = f" {self.provider['hint']}" if self.provider.get("hint") and ours else ""  # not another host's advice
        if host in LOCAL_HOSTS:
            return ProviderError("network", self._say(
                f"could not be reached at {self.base_url}{detail}: nothing answered there, or the server does not "
                f"allow requests from web pages (CORS), or the browser did not let this page reach local devices. "
                f"Check that it is running and the base URL; in the browser, allow this site to reach devices on "
                f"your local network (site settings: Local network access).{hint}"))
        return ProviderError("network", self._say(
            f"could not be reached at {self.base_url}{detail}. Check your connection and the base URL; a provider "
            f"that does not allow requests from web pages (CORS) fails the same way.{hint}"))

    def _failed(self, status: int, text: str) -> ProviderError:
        detail = _provider_message(text)
        said = f" It said: {detail}" if detail else ""
        if status == 401:
            kind, what = "auth", f"rejected the API key ({status}). Check {self.key_source} and ask again."
        elif status == 403:
            kind, what = "auth", (f"refused this key access ({status}): it may not be allowed to use this model or "
                                  "API. Check the key's permissions and the model, then ask again.")
        elif status == 429:
            kind, what = "rate_limit", f"is rate limiting this key (429), even after {MAX_RETRIES} retries. Wait a minute and ask again."
        elif status == 529 or "overloaded" in detail.lower():
            kind, what = "overloaded", f"is overloaded right now ({status}). Ask again in a minute."
        elif status >= 500:
            kind, what = "server", f"had a server error ({status}). Ask again in a minute."
        elif status == 404:
            kind, what = "bad_request", f"does not know this address or model ({status}): check the model name and base URL."
        else:
            kind, what = "bad_request", f"refused the request ({status})."
        return ProviderError(kind, self._say(what + said), status)


def _detail(exc: Exception) -> str:
    """The transport's reason in brackets, unless it is only a browser's error name (it says nothing)."""
    text = str(exc).strip()
    return "" if not text or BROWSER_ERROR.search(text) else f" ({text})"


def _explain(exc: ProviderError) -> str:
    if exc.kind == "bad_reply":
        return f"sent a reply this page could not read ({exc}). Ask again."
    if exc.kind == "overloaded":
        return f"is overloaded right now ({exc}). Ask again in a minute."
    return f"reported an error while answering: {exc}. Ask again."


def _provider_message(text: str) -> str:
    """The provider's own words from any of the error bodies the wires use, shortened."""
    try:
        body = json.loads(text)
    except ValueError:
        return text.strip()[:200]
    if isinstance(body, list) and body:  # Gemini's compat endpoint wraps errors in an array
        body = body[0]
    err = body.get("error") if isinstance(body, dict) else None
    if isinstance(err, dict):
        return str(err.get("message", ""))[:300]
    if isinstance(err, str):
        return err[:300]
    return text.strip()[:200]
