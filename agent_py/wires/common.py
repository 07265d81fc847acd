"""Helpers both wires share: reading tool-call arguments the model sent."""

from __future__ import annotations

import functools
import json
from typing import Any

from ..errors import ProviderError


def parse_args(raw: Any, name: str, truncated: bool = False) -> tuple[dict, str | None]:
    """Arguments as a dict, plus a note for the model when they could not be read.

    "" or None mean {} (no arguments); text that is not a JSON object becomes {}
    and the note says so, so the tool result can tell the model what to fix.
    """
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return {}, None
    if isinstance(raw, dict):
        return raw, None
    try:
        value = json.loads(raw) if isinstance(raw, str) else raw
    except ValueError as exc:
        if truncated:
            return {}, (f"your arguments for '{name}' were cut off by the output token limit; "
                        "call it again with shorter arguments.")
        return {}, (f"your arguments for '{name}' were not valid JSON ({exc.msg} at character {exc.pos}); "
                    "send a JSON object that matches the tool's parameters.")
    if not isinstance(value, dict):
        return {}, f"your arguments for '{name}' must be a JSON object, not {type(value).__name__}."
    return value, None


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
    """value if it is a string, else ""."""
    return value if isinstance(value, str) else ""


def reads_reply(fn):
    """Turn a shape the adapter did not expect into ProviderError("bad_reply") (for the entry points)."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except (AttributeError, KeyError, IndexError, TypeError, ValueError) as exc:
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
