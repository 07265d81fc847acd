"""Helpers both wires share: reading tool-call arguments the model sent."""

from __future__ import annotations

import functools
import json
import re
from typing import Any

from ..errors import ProviderError


# Arguments a model may send: past these they come back to it as an error to fix, never into a request.
MAX_ARGS_CHARS = 50_000  # JSON text (every result and call is sent again on every later step)
MAX_ARGS_DEPTH = 32      # nesting of arrays and objects (json.loads raises RecursionError near 1,000)


def parse_args(raw: Any, name: str, truncated: bool = False) -> tuple[dict, str | None]:
    """Arguments as a dict, plus a note for the model when they could not be read.

    "" or None mean {} (no arguments); text that is not a JSON object becomes {}
    and the note says so, so the tool result can tell the model what to fix. So do
    arguments no request could carry back: too long, nested too deep, numbers JSON
    cannot hold (NaN, infinities, integers past Python's 4,300 digits), text that
    is not Unicode (lone surrogates).
    """
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return {}, None
    if isinstance(raw, str) and len(raw) > MAX_ARGS_CHARS:
        return {}, (f"your arguments for '{name}' were {len(raw):,} characters long; "
                    f"send a JSON object of at most {MAX_ARGS_CHARS:,}.")
    try:
        if isinstance(raw, str) and too_deep(raw, MAX_ARGS_DEPTH):
            raise RecursionError  # before json.loads: in Pyodide a deep parse overflows the JS stack first
        value = json.loads(raw, parse_constant=_no_constant) if isinstance(raw, str) else raw
    except (ValueError, RecursionError) as exc:
        if truncated:
            return {}, (f"your arguments for '{name}' were cut off by the output token limit; "
                        "call it again with shorter arguments.")
        if isinstance(exc, RecursionError):
            value = _DEEP
        elif isinstance(exc, json.JSONDecodeError):
            return {}, (f"your arguments for '{name}' were not valid JSON ({exc.msg} at character {exc.pos}); "
                        "send a JSON object that matches the tool's parameters.")
        elif "digits" in str(exc):  # int() past sys.get_int_max_str_digits()
            value = _LONG_INT
        else:  # NaN, Infinity
            return {}, (f"your arguments for '{name}' were not valid JSON ({exc}); "
                        "send a JSON object that matches the tool's parameters.")
    problem = {_DEEP: f"are nested more than {MAX_ARGS_DEPTH} levels deep", _LONG_INT: "hold an integer too long to read"}.get(value) \
        if value in (_DEEP, _LONG_INT) else _unsendable(value)
    if problem:
        return {}, f"your arguments for '{name}' {problem}; send a plain JSON object that matches the tool's parameters."
    if not isinstance(value, dict):
        return {}, f"your arguments for '{name}' must be a JSON object, not {type(value).__name__}."
    return value, None


_DEEP, _LONG_INT = object(), object()
MAX_REPLY_DEPTH = 100  # a whole reply or stream chunk (their own shapes nest under 10)
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"?')


def too_deep(text: str, limit: int) -> bool:
    """Whether JSON text nests arrays and objects more than ``limit`` deep (strings skipped), without parsing it.

    json.loads must not see such text: CPython raises RecursionError near 1,000 levels, and in Pyodide the
    browser's stack can overflow first, which kills the worker.
    """
    if text.count("[") + text.count("{") <= limit:  # the usual case: no scan
        return False
    depth = 0
    for ch in _STRING.sub("", text):
        if ch in "[{":
            depth += 1
            if depth > limit:
                return True
        elif ch in "]}":
            depth -= 1
    return False


def _no_constant(word: str):
    raise ValueError(f"{word} is not a JSON number")


def _unsendable(value: Any) -> str | None:
    """What in already-parsed arguments no JSON request could carry back, or None (walked without recursion)."""
    stack, size = [(value, 1)], 0
    while stack:
        v, depth = stack.pop()
        if isinstance(v, (dict, list)):
            if depth > MAX_ARGS_DEPTH:
                return f"are nested more than {MAX_ARGS_DEPTH} levels deep"
            items = v.items() if isinstance(v, dict) else ((None, x) for x in v)
            for k, x in items:
                if k is not None:
                    if not isinstance(k, str):
                        return "have a key that is not a string"
                    stack.append((k, depth))
                stack.append((x, depth + 1))
            size += len(v) + 1
        elif isinstance(v, str):
            size += len(v)
            if not v.isascii() and not _is_unicode(v):
                return "hold text that is not valid Unicode"
        elif isinstance(v, float) and (v != v or v in (float("inf"), float("-inf"))):
            return "hold a number JSON cannot carry (NaN or infinity)"
        elif isinstance(v, int) and not isinstance(v, bool) and v.bit_length() > 14_000:  # ~4,300 digits
            return "hold an integer too long to read"
        elif v is not None and not isinstance(v, (bool, int, float)):
            return f"hold a value of type {type(v).__name__}"
        if size > MAX_ARGS_CHARS:
            return f"are longer than {MAX_ARGS_CHARS:,} characters"
    return None


def _is_unicode(s: str) -> bool:
    try:
        s.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _count(v: Any) -> int:
    return v if isinstance(v, int) and not isinstance(v, bool) and v >= 0 else 0


def usage(input_tokens: Any, output_tokens: Any, cached: Any = 0, written: Any = 0) -> dict:
    """The internal usage: input_tokens counts ALL the request's input, cached_tokens the part of it
    read from the provider's prompt cache and cache_write_tokens the part written to it."""
    total, read, write = _count(input_tokens), _count(cached), _count(written)
    return {"input_tokens": max(total, read + write), "output_tokens": _count(output_tokens),
            "cached_tokens": read, "cache_write_tokens": write}


# Provider replies are untrusted data: a field of the wrong type must end the turn with a
# clear ProviderError, never an exception from deep inside the adapter.

def obj(value: Any) -> dict:
    """value if it is a JSON object, else {}."""
    return value if isinstance(value, dict) else {}


def text(value: Any) -> str:
    """value if it is a string (a lone surrogate, which no request could carry back, made U+FFFD), else ""."""
    if not isinstance(value, str):
        return ""
    return value if value.isascii() or _is_unicode(value) else value.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


def reads_reply(fn):
    """Turn a shape the adapter did not expect into ProviderError("bad_reply") (for the entry points)."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except (AttributeError, KeyError, IndexError, TypeError, ValueError, RecursionError) as exc:
            raise ProviderError("bad_reply", f"the reply had an unexpected shape ({type(exc).__name__})") from None
    return wrapper


def add_call(calls: list[dict], seen: set[str], raw_id: Any, name: str, raw_args: Any, *,
             truncated: bool, prefix: str) -> dict:
    """Read one tool call into the internal shape and append it to ``calls``.

    A missing or repeated id (Gemini sends "") is replaced by a made-up one, so
    every result can be paired with its call; ``seen`` holds the ids so far.
    """
    args, note = parse_args(raw_args, name, truncated)
    call_id = text(raw_id)
    if not call_id or call_id in seen:
        call_id = f"{prefix}_{len(calls)}_{len(seen)}"
    seen.add(call_id)
    call = {"id": call_id, "name": name, "args": args}
    if note:
        call["note"] = note
    calls.append(call)
    return call
