"""A fake model provider for the tests: both wire formats, streaming and not.

It listens on 127.0.0.1 (random port), replays scripted replies in the wire
the request came in on (``/v1/chat/completions`` is OpenAI-compatible,
``/v1/messages`` is Anthropic), answers with the providers' real error bodies,
and checks every request it receives with ``wire_check``: the body against the
official SDK types made strict, the tool-call/result pairing, the headers, and
(with ``deepseek=True``) DeepSeek's reasoning_content rule. A request that
breaks a rule is answered with the provider's own 400, as the real one would,
and recorded in ``problems``. Every reply it sends is checked against the SDK
response types too.

Script items (``fake.script(item, ...)``), consumed one per request:
    reply(text="", calls=[(name, args), ...], ...)  a model reply (see ``reply``)
    error(status, retry_after=None)                 the wire's real error body
    {"fault": "hang"}        accept, then never answer (until closed)
    {"fault": "not_json"}    200 with an HTML body
    {"fault": "cut", "after": N}   stream N events, then close the connection (the stream is close-delimited)
    {"fault": "cut_chunk", "after": N}   the same with a chunked stream: its HTTP body ends early
    {"fault": "drop"}        close the connection without answering (a browser sends the request again
                             when that connection was a kept one: see ``keep_alive``)
A reply item may carry "pace": seconds to wait between stream events (to watch an answer stream in).

``GET .../models`` answers with ``models`` (the model list a key can use) in the wire's shape; it is
recorded in ``requests`` like everything else and consumes no script item.

It speaks HTTP/1.1 and keeps connections open between requests, as the providers do (``keep_alive=False``:
every response closes its connection); each POST records which connection carried it (``connection``).
"""

from __future__ import annotations

import itertools
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import wire_check

ALLOW_HEADERS = "authorization, content-type, x-api-key, anthropic-version, anthropic-dangerous-direct-browser-access"


def reply(text: str = "", calls: list | None = None, *, stop: str | None = None, raw_args: dict | None = None,
          usage: tuple[int, int] = (50, 10), reasoning: str | None = None, thinking: str | None = None,
          gemini: bool = False, chunks: int = 3, cached: int = 0, cache_write: int = 0) -> dict:
    """A scripted model reply. calls: [(name, args)]; raw_args: {call index: raw argument text}.

    reasoning: DeepSeek reasoning_content; thinking: an Anthropic thinking block
    (with a signature this fake made: see ``FakeProvider.signatures``); gemini: empty
    tool-call ids, no stream index, and a thought signature in extra_content on each
    call; stop: the normalised stop ("end", "tool_calls", "length", or Anthropic's
    "refusal"), derived from calls when omitted. usage: (all input, output) tokens, of
    which ``cached`` were read from the prompt cache and ``cache_write`` written to it,
    reported in the wire's own fields (OpenAI prompt_tokens_details.cached_tokens,
    DeepSeek prompt_cache_hit/miss_tokens, Anthropic cache_read/creation_input_tokens).
    """
    return {"kind": "reply", "text": text, "calls": list(calls or []), "stop": stop, "raw_args": raw_args or {},
            "usage": usage, "reasoning": reasoning, "thinking": thinking, "gemini": gemini, "chunks": chunks,
            "cached": cached, "cache_write": cache_write}


_OPENAI_ERRORS = {
    401: ("Incorrect API key provided: sk-wrong. You can find your API key at https://platform.openai.com/account/api-keys.",
          "invalid_request_error", "invalid_api_key"),
    403: ("You are not allowed to sample from this model", "invalid_request_error", "model_not_found"),
    429: ("Rate limit reached for gpt-5-mini in organization org-x on requests per min (RPM): Limit 3, Used 3, Requested 1.",
          "requests", "rate_limit_exceeded"),
    500: ("The server had an error while processing your request. Sorry about that!", "server_error", None),
    502: ("Bad gateway.", "server_error", None),
    503: ("The engine is currently overloaded, please try again later.", "server_error", None),
    529: ("The engine is currently overloaded, please try again later.", "server_error", None),
}
_ANTHROPIC_ERRORS = {
    400: ("invalid_request_error", "Invalid request"),
    401: ("authentication_error", "invalid x-api-key"),
    403: ("permission_error", "Your API key does not have permission to use the specified resource."),
    429: ("rate_limit_error", "Number of request tokens has exceeded your per-minute rate limit."),
    500: ("api_error", "Internal server error"),
    502: ("api_error", "Bad gateway"),
    503: ("api_error", "Service unavailable"),
    529: ("overloaded_error", "Overloaded"),
}


def error(status: int, retry_after: str | None = None, message: str | None = None) -> dict:
    return {"kind": "error", "status": status, "retry_after": retry_after, "message": message}


def error_body(wire: str, status: int, message: str | None = None) -> dict:
    if wire == "openai":
        msg, etype, code = _OPENAI_ERRORS.get(status, ("Bad request", "invalid_request_error", None))
        return {"error": {"message": message or msg, "type": "invalid_request_error" if message else etype,
                          "param": None, "code": None if message else code}}
    etype, msg = _ANTHROPIC_ERRORS.get(status, ("invalid_request_error", "Bad request"))
    return {"type": "error", "error": {"type": etype, "message": message or msg}, "request_id": "req_011CTest"}


def provider_row(wire: str, base_url: str) -> dict:
    """A provider-table row pointing at the fake (label FakeAI, $1/$2 per million tokens)."""
    return {"id": "fake", "label": "FakeAI", "wire": wire, "base_url": base_url, "key_env": "FAKE_KEY",
            "key_optional": False, "models": [{"id": "test-model", "input": 1.0, "output": 2.0}],
            "hint": "Start the fake server first."}


def posts(fake: "FakeProvider") -> list[dict]:
    """The model requests the fake received (CORS preflights left out)."""
    return [r for r in fake.requests if r["method"] == "POST"]


def tool_results(request: dict) -> list[str]:
    """The tool results in a recorded request body, in order, whatever the wire."""
    body = request["body"]
    if request["wire"] == "openai":
        return [m["content"] for m in body["messages"] if m["role"] == "tool"]
    return [b["content"] for m in body["messages"] if m["role"] == "user" and isinstance(m["content"], list)
            for b in m["content"] if b.get("type") == "tool_result"]


class FakeProvider:
    def __init__(self, *, deepseek: bool = False, cors: bool = True, keep_alive: bool = True):
        self.deepseek = deepseek
        self.cors = cors
        self.keep_alive = keep_alive  # False: every response closes its connection
        self.models = ["gpt-6-luna", "gpt-5-mini", "claude-haiku-5-5", "text-embedding-3-small", "fake-extra-model"]
        self.requests: list[dict] = []
        self.problems: list[str] = []
        self._script: list[dict] = []
        self._lock = threading.Lock()
        self._closing = threading.Event()
        self._ids = itertools.count(1)
        # Thinking blocks are signed for the account that made them: this fake (one account) answers a
        # request carrying a thinking block it did not sign, or signed with other text, with Anthropic's 400.
        self.account = f"{id(self):x}"
        self.signatures: dict[str, str] = {}  # signature -> the thinking text it signs
        handler = type("Handler", (_Handler,), {"fake": self})
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def base_url(self, wire: str) -> str:
        return self.url + ("/v1" if wire == "openai" else "")

    def script(self, *items: dict) -> None:
        with self._lock:
            self._script.extend(items)

    def pending(self) -> int:
        with self._lock:
            return len(self._script)

    def _next(self) -> dict | None:
        with self._lock:
            return self._script.pop(0) if self._script else None

    def close(self) -> None:
        self._closing.set()
        self.server.shutdown()
        self.server.server_close()

    def new_id(self, prefix: str) -> str:
        return f"{prefix}{next(self._ids):04d}"


class _Handler(BaseHTTPRequestHandler):
    """HTTP/1.1 with keep-alive, as the providers answer: a connection carries request after request; a
    streamed reply is sent in chunks and ends with the last chunk, not with the close."""
    fake: FakeProvider
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # as servers do: a small write goes out at once, not after the client's ACK

    def log_message(self, *args) -> None:
        pass

    def end_headers(self) -> None:
        if not self.fake.keep_alive and not self.close_connection:
            self.send_header("connection", "close")  # and the server closes it after this response
        super().end_headers()

    def _cors(self) -> None:
        if self.fake.cors:
            self.send_header("access-control-allow-origin", "*")
            self.send_header("access-control-allow-headers", ALLOW_HEADERS)
            self.send_header("access-control-allow-methods", "POST, OPTIONS")
            self.send_header("access-control-expose-headers", "retry-after")

    def do_OPTIONS(self) -> None:  # a browser's CORS preflight
        self.record = {"method": "OPTIONS", "path": self.path, "headers": dict(self.headers.items())}
        self.fake.requests.append(self.record)
        self.send_response(204 if self.fake.cors else 403)
        self._cors()
        self.end_headers()

    def do_GET(self) -> None:  # the model list: GET {base}/models, or /v1/models on the Anthropic wire
        headers = {k.lower(): v for k, v in self.headers.items()}
        self.record = {"method": "GET", "path": self.path, "headers": headers}
        self.fake.requests.append(self.record)
        anthropic = "x-api-key" in headers
        if not self.path.rstrip("/").endswith("/models"):
            return self._send_json(404, error_body("anthropic" if anthropic else "openai", 404, f"Unknown path {self.path}"))
        if anthropic:
            data = [{"type": "model", "id": m, "display_name": m, "created_at": "2026-10-07T00:00:00Z"}
                    for m in self.fake.models]
            return self._send_json(200, {"data": data, "has_more": False, "first_id": data[0]["id"] if data else None,
                                         "last_id": data[-1]["id"] if data else None})
        return self._send_json(200, {"object": "list", "data": [{"id": m, "object": "model", "created": 1790000000,
                                                                 "owned_by": "fake"} for m in self.fake.models]})

    def do_POST(self) -> None:
        wire = "anthropic" if self.path.rstrip("/").endswith("/v1/messages") else "openai"
        raw = self.rfile.read(int(self.headers.get("content-length", 0)))
        headers = {k.lower(): v for k, v in self.headers.items()}
        record = self.record = {"method": "POST", "wire": wire, "path": self.path, "headers": headers, "raw": raw,
                                "connection": self.client_address}  # the client's end: which connection carried it
        try:
            record["body"] = json.loads(raw)
        except ValueError:
            record["body"] = None
        self.fake.requests.append(record)
        if not self.path.rstrip("/").endswith(("/v1/messages", "/v1/chat/completions")):
            return self._send_json(404, error_body(wire, 404, f"Unknown path {self.path}"))
        problems = wire_check.request_problems(wire, raw, deepseek=self.fake.deepseek)
        problems += wire_check.header_problems(wire, headers)
        if wire == "anthropic" and not problems:
            problems += _thinking_problems(self.fake, record["body"])
        if problems:
            self.fake.problems.extend(f"{wire} request {len(self.fake.requests)}: {p}" for p in problems)
            return self._send_json(400, error_body(wire, 400, problems[0]))
        item = self.fake._next()
        if item is None:
            self.fake.problems.append(f"unexpected request {len(self.fake.requests)}: nothing scripted")
            return self._send_json(500, error_body(wire, 500))
        stream = bool(record["body"].get("stream"))
        record["stream"] = stream
        if item.get("kind") == "error":
            extra = {"retry-after": item["retry_after"]} if item.get("retry_after") else {}
            return self._send_json(item["status"], error_body(wire, item["status"], item.get("message")), extra)
        fault = item.get("fault")
        if fault == "hang":
            self.fake._closing.wait(60)
            self.close_connection = True
            return
        if fault == "drop":
            self.close_connection = True
            return
        if fault == "not_json":
            return self._send_raw(200, b"<html><body>Bad Gateway</body></html>", "text/html")
        model = record["body"].get("model", "model")
        events = _render(self.fake, wire, item, model, stream)
        if not stream:
            return self._send_json(200, events)
        # A cut stream is sent as one that ends with the connection (no length, no chunks), as a proxy may
        # send it: cut short, it ends cleanly, and only its events tell that the reply is incomplete.
        # ("cut_chunk" cuts a chunked stream instead: the client's HTTP reader sees the body end early.)
        chunked = fault != "cut"
        self.send_response(200)
        self.send_header("content-type", "text/event-stream")
        self.send_header("cache-control", "no-cache")
        if chunked:
            self.send_header("transfer-encoding", "chunked")
        else:
            self.send_header("connection", "close")
        self._cors()
        self.end_headers()
        limit = item.get("after", len(events)) if fault in ("cut", "cut_chunk") else len(events)
        for n, (name, data) in enumerate(events[:limit]):
            if n and item.get("pace"):
                time.sleep(item["pace"])
            text = data if isinstance(data, str) else json.dumps(data)
            frame = ((f"event: {name}\n" if name else "") + f"data: {text}\n\n").encode()
            self.wfile.write(b"%x\r\n%s\r\n" % (len(frame), frame) if chunked else frame)
        if fault in ("cut", "cut_chunk"):
            self.close_connection = True
        else:
            self.wfile.write(b"0\r\n\r\n")

    def _send_json(self, status: int, body: dict, headers: dict | None = None) -> None:
        self._send_raw(status, json.dumps(body).encode(), "application/json", headers)

    def _send_raw(self, status: int, data: bytes, ctype: str, headers: dict | None = None) -> None:
        self.send_response(status)
        self.send_header("content-type", ctype)
        self.send_header("content-length", str(len(data)))
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self._cors()
        self.end_headers()
        self.wfile.write(data)


def _thinking_problems(fake: FakeProvider, body: dict) -> list[str]:
    """Anthropic's rule: a thinking block must come back exactly as it was sent, to the account that made it."""
    problems = []
    for n, message in enumerate(body.get("messages") or []):
        for block in message.get("content") if isinstance(message.get("content"), list) else []:
            if isinstance(block, dict) and block.get("type") == "thinking":
                if fake.signatures.get(block.get("signature")) != block.get("thinking"):
                    problems.append(f"messages.{n}.content: Invalid `signature` in `thinking` block")
    return problems


def _split(text: str, n: int) -> list[str]:
    if not text:
        return []
    size = max(1, -(-len(text) // n))
    return [text[i:i + size] for i in range(0, len(text), size)]


def _render(fake: FakeProvider, wire: str, item: dict, model: str, stream: bool):
    """The item as the wire's whole response (dict) or list of (event, data) stream frames."""
    out = (_openai if wire == "openai" else _anthropic)(fake, item, model, stream)
    frames = out if stream else [(None, out)]
    for _, data in frames:
        if isinstance(data, dict):
            problems = wire_check.response_problems(wire, data, stream=stream)
            fake.problems.extend(f"fake's own {wire} response: {p}" for p in problems)
    return out


def _stop_of(item: dict) -> str:
    return item["stop"] or ("tool_calls" if item["calls"] else "end")


def _openai(fake: FakeProvider, item: dict, model: str, stream: bool):
    finish = {"end": "stop", "tool_calls": "tool_calls", "length": "length"}[_stop_of(item)]
    calls = []
    for i, (name, args) in enumerate(item["calls"]):
        raw = item["raw_args"].get(i, json.dumps(args))
        call = {"id": "" if item["gemini"] else fake.new_id("call_"), "type": "function",
                "function": {"name": name, "arguments": raw}}
        if item["gemini"]:
            call["extra_content"] = {"google": {"thought_signature": f"sig-{name}-{i}"}}
        calls.append(call)
    u_in, u_out = item["usage"]
    usage = {"prompt_tokens": u_in, "completion_tokens": u_out, "total_tokens": u_in + u_out}
    if fake.deepseek:  # DeepSeek's own fields (its prompt_tokens is their sum)
        usage.update(prompt_cache_hit_tokens=item["cached"], prompt_cache_miss_tokens=u_in - item["cached"])
    elif item["cached"]:
        usage["prompt_tokens_details"] = {"cached_tokens": item["cached"], "audio_tokens": 0}
    cid = fake.new_id("chatcmpl-")
    if not stream:
        message = {"role": "assistant", "content": item["text"] or None}
        if calls:
            message["tool_calls"] = calls
        if item["reasoning"] is not None:
            message["reasoning_content"] = item["reasoning"]
        return {"id": cid, "object": "chat.completion", "created": 1764680000, "model": model,
                "choices": [{"index": 0, "message": message, "finish_reason": finish, "logprobs": None}],
                "usage": usage}

    def chunk(delta: dict, finish_reason=None, **extra) -> tuple[None, dict]:
        return None, {"id": cid, "object": "chat.completion.chunk", "created": 1764680000, "model": model,
                      "choices": [{"index": 0, "delta": delta, "finish_reason": finish_reason, "logprobs": None}], **extra}

    frames = [chunk({"role": "assistant", "content": ""})]
    if item["reasoning"] is not None:
        frames += [chunk({"reasoning_content": piece}) for piece in _split(item["reasoning"], 2)]
    frames += [chunk({"content": piece}) for piece in _split(item["text"], item["chunks"])]
    for i, call in enumerate(calls):
        if item["gemini"]:  # each call whole, no index
            frames.append(chunk({"tool_calls": [call]}))
            continue
        head = {"index": i, "id": call["id"], "type": "function", "function": {"name": call["function"]["name"], "arguments": ""}}
        frames.append(chunk({"tool_calls": [head]}))
        frames += [chunk({"tool_calls": [{"index": i, "function": {"arguments": frag}}]})
                   for frag in _split(call["function"]["arguments"], 3)]
    frames.append(chunk({}, finish))
    frames.append((None, {"id": cid, "object": "chat.completion.chunk", "created": 1764680000, "model": model,
                          "choices": [], "usage": usage}))
    frames.append((None, "[DONE]"))
    return frames


def _anthropic(fake: FakeProvider, item: dict, model: str, stream: bool):
    stop = {"end": "end_turn", "tool_calls": "tool_use", "length": "max_tokens", "refusal": "refusal"}[_stop_of(item)]
    blocks: list[dict] = []
    if item["thinking"] is not None:
        signature = f"EqQBCgIYAhIM{fake.account}{fake.new_id('s')}"
        fake.signatures[signature] = item["thinking"]
        blocks.append({"type": "thinking", "thinking": item["thinking"], "signature": signature})
    if item["text"]:
        blocks.append({"type": "text", "text": item["text"]})
    raws = []
    for i, (name, args) in enumerate(item["calls"]):
        raw = item["raw_args"].get(i, json.dumps(args))
        raws.append(raw)
        try:
            parsed = json.loads(raw) if raw.strip() else {}
        except (ValueError, RecursionError):  # raw arguments built to break a parser
            parsed = {}
        blocks.append({"type": "tool_use", "id": fake.new_id("toolu_01"), "name": name,
                       "input": parsed if isinstance(parsed, dict) else {}})
    u_in, u_out = item["usage"]
    # Anthropic's input_tokens leaves out what was read from or written to the cache
    counts = {"input_tokens": u_in - item["cached"] - item["cache_write"],
              "cache_creation_input_tokens": item["cache_write"], "cache_read_input_tokens": item["cached"]}
    mid = fake.new_id("msg_01")
    if not stream:
        return {"id": mid, "type": "message", "role": "assistant", "model": model, "content": blocks,
                "stop_reason": stop, "stop_sequence": None,
                "usage": {**counts, "output_tokens": u_out}}
    frames = [("message_start", {"type": "message_start", "message": {
        "id": mid, "type": "message", "role": "assistant", "model": model, "content": [], "stop_reason": None,
        "stop_sequence": None, "usage": {**counts, "output_tokens": 1}}}),
        ("ping", {"type": "ping"})]
    call_no = 0
    for index, b in enumerate(blocks):
        if b["type"] == "text":
            start, deltas = {"type": "text", "text": ""}, [{"type": "text_delta", "text": p} for p in _split(b["text"], item["chunks"])]
        elif b["type"] == "thinking":
            start = {"type": "thinking", "thinking": "", "signature": ""}
            deltas = [{"type": "thinking_delta", "thinking": p} for p in _split(b["thinking"], 2)]
            deltas.append({"type": "signature_delta", "signature": b["signature"]})
        else:
            start = {"type": "tool_use", "id": b["id"], "name": b["name"], "input": {}}
            deltas = [{"type": "input_json_delta", "partial_json": p} for p in [""] + _split(raws[call_no], 3)]
            call_no += 1
        frames.append(("content_block_start", {"type": "content_block_start", "index": index, "content_block": start}))
        frames += [("content_block_delta", {"type": "content_block_delta", "index": index, "delta": d}) for d in deltas]
        frames.append(("content_block_stop", {"type": "content_block_stop", "index": index}))
    frames.append(("message_delta", {"type": "message_delta", "delta": {"stop_reason": stop, "stop_sequence": None},
                                     "usage": {"output_tokens": u_out}}))
    frames.append(("message_stop", {"type": "message_stop"}))
    return frames


if __name__ == "__main__":  # a manual server for trying the page against: python tests/fake_provider.py
    fake = FakeProvider()
    fake.script(*[reply("Hello from the fake provider.")] * 100)
    print(fake.url, flush=True)
    while True:
        time.sleep(3600)
