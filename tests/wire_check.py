"""Test-only checks that what crosses the wire is what the real providers accept.

The fake provider (``fake_provider.py``) calls these on every request and
every reply it sees. A fake that accepts anything proves nothing, so it holds
requests to the providers' own rules:

1. **Schema.** The official SDK request types
   (``openai ... CompletionCreateParamsNonStreaming`` and ``anthropic ...
   MessageCreateParamsNonStreaming``) describe the body exactly, but used as
   they are, ``pydantic.TypeAdapter`` lets almost anything through:

   * every list in them is annotated ``Iterable[...]``, which pydantic
     validates *lazily*: it wraps the value in a generator and checks nothing
     until someone iterates it, which nobody does. The messages, their
     content blocks and tool calls are all Iterables, so without a rewrite
     nothing inside ``messages`` is checked at all;
   * TypedDicts ignore unknown keys, and lax mode coerces ``"1024"`` to 1024.

   So each type is rebuilt once, recursively: ``Iterable[X]`` becomes
   ``list[X]``, every TypedDict is rebuilt with ``extra="forbid"`` (same keys,
   same Required/NotRequired, same Annotated metadata, Unions and Literals),
   and bodies are validated with ``strict=True``. ``stream`` is removed from
   the type and the body (the NonStreaming type pins it to false; streaming
   is checked the same way otherwise). Union members only a Python caller can
   pass (file handles, bytes, the SDK's lenient response models) are dropped:
   on the wire those are the ``...Param`` shapes.
2. **Provider extensions**, allowed only where they belong: DeepSeek's
   ``reasoning_content`` on OpenAI assistant messages, Gemini's
   ``extra_content`` on OpenAI assistant tool calls. Nothing else extra.
3. **Pairing rules** the types cannot express (tool calls and their results),
   reported with the providers' own 400 texts where they are known, so the
   fake answers exactly as the real API would. These come first in the list
   (the fake answers with the first problem). Also: no ``system`` role in
   Anthropic messages (anthropic 2.16's types allow one; the app must use the
   top-level ``system``) and no ``name`` on OpenAI tool messages (Groq).
4. **DeepSeek thinking mode** (``deepseek=True``): an assistant message with
   tool calls must carry back its ``reasoning_content``.

Headers: only what each API needs; anything else (e.g. ``x-stainless-*``
SDK telemetry) fails CORS preflights at some providers. Replies: the SDK's
response models, so the fake's own answers are real shapes too.

Verified with openai 3.57.0, anthropic 2.16.0, pydantic 2.14.4.
"""

from __future__ import annotations

import collections.abc
import copy
import functools
import json
import os
import types
import typing
from typing import Any, Union

import pydantic
import typing_extensions as te
from anthropic.types import ErrorObject as AnthropicErrorObject
from anthropic.types import Message, RawMessageStreamEvent
from anthropic.types import message_create_params
from openai.types.chat import ChatCompletion, ChatCompletionChunk, completion_create_params
from openai.types.chat.chat_completion_assistant_message_param import ChatCompletionAssistantMessageParam
from openai.types.chat.chat_completion_message_function_tool_call_param import (
    ChatCompletionMessageFunctionToolCallParam,
)
from openai.types.shared import ErrorObject as OpenAIErrorObject

__all__ = ["request_problems", "header_problems", "response_problems", "strict_adapter", "plain_adapter"]

# --- the providers' own 400 texts ------------------------------------------------------------

OPENAI_MISSING_RESULTS = (
    "An assistant message with 'tool_calls' must be followed by tool messages responding to each "
    "'tool_call_id'. The following tool_call_ids did not have response messages: {ids}"
)
OPENAI_ORPHAN_TOOL = (
    "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'."
)
OPENAI_UNKNOWN_TOOL_CALL_ID = "Invalid parameter: 'tool_call_id' of '{id}' not found in 'tool_calls' of previous message."
ANTHROPIC_MISSING_RESULTS = (
    "messages.{i}: `tool_use` ids were found without `tool_result` blocks immediately after: {ids}. "
    "Each `tool_use` block must have a corresponding `tool_result` block in the next message."
)
ANTHROPIC_ORPHAN_RESULT = (
    "messages.{i}.content.{k}: unexpected `tool_use_id` found in `tool_result` blocks: {ids}. "
    "Each `tool_result` block must have a corresponding `tool_use` block in the previous message."
)
ANTHROPIC_SYSTEM_ROLE = (
    'messages: Unexpected role "system". The Messages API accepts a top-level `system` parameter, '
    'not "system" as an input message role.'
)
DEEPSEEK_REASONING = "The `reasoning_content` in the thinking mode must be passed back to the API."

# --- 1. the SDK request types, made strict ---------------------------------------------------

REQUEST_TYPES = {
    "openai": completion_create_params.CompletionCreateParamsNonStreaming,
    "anthropic": message_create_params.MessageCreateParamsNonStreaming,
}
DROPPED_FIELDS = {
    completion_create_params.CompletionCreateParamsNonStreaming: {"stream"},
    message_create_params.MessageCreateParamsNonStreaming: {"stream"},
}
# 2. Provider extensions, keyed by the SDK TypedDict they may appear on.
EXTENSIONS: dict[type, dict[str, Any]] = {
    ChatCompletionAssistantMessageParam: {"reasoning_content": te.NotRequired[str]},  # DeepSeek
    ChatCompletionMessageFunctionToolCallParam: {"extra_content": te.NotRequired[dict[str, Any]]},  # Gemini
}

_QUALIFIERS = (te.Required, te.NotRequired)


def _split_qualifier(tp: Any) -> tuple[Any, Any]:
    """(Required/NotRequired or None, the type without it), looking inside Annotated too."""
    origin = te.get_origin(tp)
    if origin in _QUALIFIERS:
        return origin, te.get_args(tp)[0]
    if origin is te.Annotated:
        qualifier, inner = _split_qualifier(te.get_args(tp)[0])
        if qualifier is not None:
            return qualifier, te.Annotated[(inner, *tp.__metadata__)]
    return None, tp


_NOT_ON_WIRE = object()  # marks a Union member only a Python caller can pass


def _only_in_python(tp: Any) -> bool:
    """SDK conveniences that never appear in JSON: file handles, paths, bytes, and response
    models (`ThinkingBlock` & co. may be passed back as objects; on the wire they are the
    `...Param` TypedDicts, and as lenient BaseModels they would accept any extra key)."""
    origin = te.get_origin(tp) or tp
    return origin in (typing.IO, os.PathLike, bytes) or (
        isinstance(origin, type) and issubclass(origin, pydantic.BaseModel))


class _Strictifier:
    """Rewrites a type: Iterable -> list, every TypedDict rebuilt with extra keys forbidden,
    Python-only Union members dropped."""

    def __init__(self) -> None:
        self._done: dict[type, type] = {}
        self._building: set[type] = set()

    def __call__(self, tp: Any) -> Any:
        if _only_in_python(tp):
            return _NOT_ON_WIRE
        if te.is_typeddict(tp):
            return self.typeddict(tp)
        origin, args = te.get_origin(tp), te.get_args(tp)
        if origin is None or not args or origin is te.Literal:
            return tp
        if origin is te.Annotated:
            inner = self(args[0])
            return _NOT_ON_WIRE if inner is _NOT_ON_WIRE else te.Annotated[(inner, *tp.__metadata__)]
        new_args = tuple(self(a) for a in args)
        if origin is Union or origin is types.UnionType:
            kept = tuple(a for a in new_args if a is not _NOT_ON_WIRE)
            return Union[kept] if kept else _NOT_ON_WIRE
        if _NOT_ON_WIRE in new_args:
            return _NOT_ON_WIRE
        if origin is collections.abc.Iterable:
            return list[new_args[0]]
        if origin in _QUALIFIERS:
            return origin[new_args[0]]
        return origin[new_args if len(new_args) > 1 else new_args[0]]  # list, dict, Sequence, ...

    def typeddict(self, td: type) -> type:
        if td in self._done:
            return self._done[td]
        if td in self._building:
            raise TypeError(f"recursive TypedDict {td.__qualname__} is not supported")
        self._building.add(td)
        fields = {}
        for name, annotation in te.get_type_hints(td, include_extras=True).items():
            if name in DROPPED_FIELDS.get(td, ()):
                continue
            qualifier, inner = _split_qualifier(annotation)
            # pydantic's own rule: an explicit qualifier wins, else `total` (reflected in __required_keys__)
            required = qualifier is te.Required or (qualifier is None and name in td.__required_keys__)
            strict_inner = self(inner)
            if strict_inner is _NOT_ON_WIRE:
                raise TypeError(f"{td.__qualname__}.{name} has no JSON form")
            fields[name] = (te.Required if required else te.NotRequired)[strict_inner]
        fields.update(EXTENSIONS.get(td, {}))
        strict = te.TypedDict(td.__name__, fields)
        strict.__module__ = td.__module__
        strict.__pydantic_config__ = pydantic.ConfigDict(extra="forbid")
        self._building.discard(td)
        self._done[td] = strict
        return strict


@functools.cache
def strict_adapter(wire: str) -> pydantic.TypeAdapter:
    """The wire's request type made strict (built once; a fraction of a second)."""
    return pydantic.TypeAdapter(_Strictifier()(REQUEST_TYPES[wire]))


@functools.cache
def plain_adapter(wire: str) -> pydantic.TypeAdapter:
    """The SDK request type as shipped: for showing what the strict one adds."""
    return pydantic.TypeAdapter(REQUEST_TYPES[wire])


def _schema_problems(wire: str, body: dict) -> list[str]:
    raw = json.dumps(body).encode()
    try:
        strict_adapter(wire).validate_json(raw, strict=True)
    except pydantic.ValidationError as exc:
        return [_format_error(e) for e in _without_wrong_branches(exc.errors())]
    return []


def _without_wrong_branches(errors: list[dict]) -> list[dict]:
    """Keep the errors of the union member the sender evidently meant.

    pydantic reports a failed union against every member, so a tool message
    with an extra key would also be listed as "not a user message", "not a
    system message", ... Dropped: members whose `role`/`type` literal did not
    match, and members rejected for the value's mere type (``content`` is not
    a ``str``) when a sibling member got further into the value.
    """
    wrong = {e["loc"][:-1] for e in errors if e["type"] == "literal_error" and e["loc"][-1:] in (("role",), ("type",))}
    wrong = {w for w in wrong if w and _is_member_tag(w[-1])}

    def another_member_got_further(w: tuple) -> bool:
        n = len(w) - 1
        return any(e["loc"][:n] == w[:-1] and len(e["loc"]) > n and e["loc"][: n + 1] not in wrong for e in errors)

    dropped = {w for w in wrong if another_member_got_further(w)}
    live = [e for e in errors if not any(e["loc"][: len(w)] == w for w in dropped)]
    kept = [e for e in live if not any(e["loc"][: len(w)] == w for w in wrong)]
    kept += _no_member_matched(live, wrong - dropped)
    return [e for e in kept if not _shallow_mismatch(e, kept)]


def _no_member_matched(errors: list[dict], members: set[tuple]) -> list[dict]:
    """One error per union where no member's `role`/`type` matched: "should be 'a', 'b', ... (got x)"."""
    unions: dict[tuple, dict] = {}
    for e in errors:
        if e["type"] == "literal_error" and e["loc"][:-1] in members:
            loc = e["loc"][:-2] + e["loc"][-1:]  # the member tag left out
            summary = unions.setdefault(loc, {"type": "literal_error", "loc": loc, "input": e["input"], "expected": []})
            summary["expected"].append(e["ctx"]["expected"])
    for summary in unions.values():
        summary["msg"] = "Input should be one of " + ", ".join(summary.pop("expected"))
    return list(unions.values())


_SCALAR_TAGS = {"str", "int", "float", "bool", "none", "list", "dict"}


def _is_member_tag(part: Any) -> bool:
    """pydantic names a union member in `loc` by its class (CamelCase) or schema ("str", "list[...]")."""
    return isinstance(part, str) and (part[:1].isupper() or "[" in part or part in _SCALAR_TAGS)


def _shallow_mismatch(error: dict, errors: list[dict]) -> bool:
    """A union member like `str` or `list[...]` that failed on the value's type, while a sibling member got deeper."""
    *prefix, tag = error["loc"] or ("",)
    if not (isinstance(tag, str) and ("[" in tag or tag in _SCALAR_TAGS) and error["type"].endswith("_type")):
        return False
    n = len(prefix)
    return any(len(o["loc"]) > n + 1 and list(o["loc"][:n]) == prefix and o["loc"][n] != tag for o in errors)


def _format_error(error: dict) -> str:
    # union member tags: "list[union[TextBlockParam,...]]" shortened to "list", bare "union[...]" left out
    parts = [str(part).split("[")[0] for part in error["loc"] if not str(part).startswith("union[")]
    where = ".".join(parts) or "body"
    if error["type"] == "missing":
        return f"{where}: {error['msg']}"
    got = json.dumps(error.get("input"), default=str)
    got = got if len(got) <= 80 else got[:77] + "..."
    return f"{where}: {error['msg']} (got {got})"


# --- 3. pairing rules ------------------------------------------------------------------------


def _openai_pairing_problems(messages: list[dict]) -> list[str]:
    problems = []
    open_ids: list[str] | None = None  # ids of the assistant tool_calls awaiting answers, in order
    unanswered: list[str] = []

    def close_block() -> None:
        if unanswered:
            problems.append(OPENAI_MISSING_RESULTS.format(ids=", ".join(unanswered)))

    for i, message in enumerate(messages):
        if message.get("role") == "tool":
            if "name" in message:
                problems.append(f"messages.{i}: a tool message has no `name` key (Groq rejects `messages[].name`)")
            call_id = message.get("tool_call_id")
            if open_ids is None:
                problems.append(OPENAI_ORPHAN_TOOL)
            elif call_id not in open_ids:
                problems.append(OPENAI_UNKNOWN_TOOL_CALL_ID.format(id=call_id))
            elif call_id in unanswered:
                unanswered.remove(call_id)
            continue
        close_block()
        calls = message.get("tool_calls") if message.get("role") == "assistant" else None
        open_ids = [c.get("id") for c in calls if isinstance(c, dict)] if calls else None
        unanswered = list(open_ids or [])
    close_block()
    return problems


def _blocks(message: dict, kind: str) -> list[tuple[int, dict]]:
    content = message.get("content")
    if not isinstance(content, list):
        return []
    return [(k, b) for k, b in enumerate(content) if isinstance(b, dict) and b.get("type") == kind]


def _anthropic_pairing_problems(messages: list[dict]) -> list[str]:
    problems = []
    if any(m.get("role") == "system" for m in messages):
        problems.append(ANTHROPIC_SYSTEM_ROLE)
    for i, message in enumerate(messages):
        previous = messages[i - 1] if i else {}
        following = messages[i + 1] if i + 1 < len(messages) else {}
        if message.get("role") == "assistant":
            uses = [b.get("id") for _, b in _blocks(message, "tool_use")]
            answered = {b.get("tool_use_id") for _, b in _blocks(following, "tool_result")}
            if following.get("role") != "user":
                answered = set()
            missing = [u for u in uses if u not in answered]
            if missing:
                problems.append(ANTHROPIC_MISSING_RESULTS.format(i=i, ids=", ".join(missing)))
        results = _blocks(message, "tool_result")
        if not results:
            continue
        if message.get("role") != "user":
            problems.append(f"messages.{i}: `tool_result` blocks belong in a user message")
        offered = {b.get("id") for _, b in _blocks(previous, "tool_use")} if previous.get("role") == "assistant" else set()
        orphans = [(k, b.get("tool_use_id")) for k, b in results if b.get("tool_use_id") not in offered]
        if orphans:
            ids = ", ".join(str(tid) for _, tid in orphans)
            problems.append(ANTHROPIC_ORPHAN_RESULT.format(i=i, k=orphans[0][0], ids=ids))
        if [k for k, _ in results] != list(range(len(results))):
            problems.append(f"messages.{i}: `tool_result` blocks must come first in the message content, "
                            "before any text or other block")
    return problems


# --- 4. DeepSeek thinking mode ---------------------------------------------------------------


def _deepseek_problems(messages: list[dict]) -> list[str]:
    for message in messages:
        if message.get("role") == "assistant" and message.get("tool_calls"):
            if not isinstance(message.get("reasoning_content"), str):
                return [DEEPSEEK_REASONING]
    return []


# --- the request entry point -----------------------------------------------------------------


def request_problems(wire: str, raw_body: bytes, *, deepseek: bool = False) -> list[str]:
    """Problems with a request body on `wire` ("openai" or "anthropic"); [] when it is valid.

    The providers' own 400 texts (pairing, DeepSeek) come first, then schema errors.
    """
    if wire not in REQUEST_TYPES:
        raise ValueError(f"unknown wire {wire!r}")
    try:
        body = json.loads(raw_body)
    except ValueError as exc:
        return [f"body is not valid JSON: {exc}"]
    if not isinstance(body, dict):
        return [f"body must be a JSON object, got {type(body).__name__}"]
    problems = []
    stream = body.pop("stream", None)
    if stream is not None and not isinstance(stream, bool):
        problems.append(f"stream: must be a boolean (got {json.dumps(stream)})")
    messages = body.get("messages")
    if isinstance(messages, list) and all(isinstance(m, dict) for m in messages):  # else the schema says why
        if wire == "openai":
            problems += _openai_pairing_problems(messages)
            if deepseek:
                problems += _deepseek_problems(messages)
        else:
            problems += _anthropic_pairing_problems(messages)
    return problems + _schema_problems(wire, body)


# --- headers ---------------------------------------------------------------------------------

# Set by the HTTP client or the browser, never by the app: not the app's business.
TRANSPORT_HEADERS = {
    "host", "content-length", "connection", "accept-encoding", "user-agent", "accept", "accept-language",
    "keep-alive", "te", "transfer-encoding", "expect", "upgrade", "via", "origin", "referer", "dnt",
    "priority", "cookie", "date",
}
TRANSPORT_PREFIXES = ("sec-", "proxy-")


def _media_type(value: str) -> str:
    return value.split(";")[0].strip().lower()


def _openai_header_problems(headers: dict[str, str]) -> list[str]:
    problems = []
    auth = headers.get("authorization")
    if auth is not None and not (auth.startswith("Bearer ") and auth[len("Bearer "):].strip()):
        problems.append('authorization: must be "Bearer <key>"')
    return problems


def _anthropic_header_problems(headers: dict[str, str]) -> list[str]:
    problems = []
    if not headers.get("x-api-key", "").strip():
        problems.append("x-api-key: missing")
    if headers.get("anthropic-version") != "2023-06-01":
        problems.append(f"anthropic-version: must be 2023-06-01 (got {headers.get('anthropic-version')!r})")
    if headers.get("anthropic-dangerous-direct-browser-access") != "true":
        problems.append("anthropic-dangerous-direct-browser-access: must be \"true\" "
                        f"(got {headers.get('anthropic-dangerous-direct-browser-access')!r})")
    return problems


NEEDED_HEADERS = {
    "openai": ({"authorization", "content-type"}, _openai_header_problems),
    "anthropic": ({"x-api-key", "anthropic-version", "anthropic-dangerous-direct-browser-access", "content-type"},
                  _anthropic_header_problems),
}


def header_problems(wire: str, headers: dict[str, str]) -> list[str]:
    """Problems with request headers: a needed one missing or wrong, or any header the API does not need."""
    allowed, wire_problems = NEEDED_HEADERS[wire]
    headers = {name.lower(): value for name, value in headers.items()}
    problems = wire_problems(headers)
    if _media_type(headers.get("content-type", "")) != "application/json":
        problems.append(f"content-type: must be application/json (got {headers.get('content-type')!r})")
    for name in sorted(headers):
        if name in allowed or name in TRANSPORT_HEADERS or name.startswith(TRANSPORT_PREFIXES):
            continue
        problems.append(f"{name}: header not needed by the {wire} API (extra headers break CORS preflights)")
    return problems


# --- responses -------------------------------------------------------------------------------


class _OpenAIError(pydantic.BaseModel):
    error: OpenAIErrorObject


class _AnthropicError(pydantic.BaseModel):
    type: te.Literal["error"]
    error: AnthropicErrorObject


class _AnthropicPing(pydantic.BaseModel):
    type: te.Literal["ping"]


@functools.cache
def _response_adapter(wire: str, stream: bool, kind: str) -> pydantic.TypeAdapter:
    if kind == "error":
        return pydantic.TypeAdapter(_OpenAIError if wire == "openai" else _AnthropicError)
    if wire == "openai":
        return pydantic.TypeAdapter(ChatCompletionChunk if stream else ChatCompletion)
    if stream:
        return pydantic.TypeAdapter(Union[RawMessageStreamEvent, _AnthropicPing])
    return pydantic.TypeAdapter(Message)


def _with_gemini_indexes(chunk: dict) -> dict:
    """Gemini's documented deviation: stream tool calls come whole and without `index`.

    The SDK type requires `index`; a whole call (id, function name and
    arguments) without one is given its position, anything else is left to fail.
    """
    choices = chunk.get("choices")
    if not isinstance(choices, list):
        return chunk
    chunk = copy.deepcopy(chunk)
    for choice in chunk["choices"]:
        calls = choice.get("delta", {}).get("tool_calls") if isinstance(choice, dict) else None
        for position, call in enumerate(calls if isinstance(calls, list) else []):
            function = call.get("function") if isinstance(call, dict) else None
            if "index" not in call and "id" in call and isinstance(function, dict) and {"name", "arguments"} <= set(function):
                call["index"] = position
    return chunk


def response_problems(wire: str, obj: dict, *, stream: bool) -> list[str]:
    """Problems with a reply body (stream=False) or one stream chunk/event (stream=True).

    Error bodies ({"error": ...} / {"type": "error", ...}, also mid-stream) are
    checked against the wire's error shape; Anthropic `ping` events and Gemini's
    index-less whole tool calls in OpenAI chunks are allowed.
    """
    if wire not in REQUEST_TYPES:
        raise ValueError(f"unknown wire {wire!r}")
    is_error = ("error" in obj and "choices" not in obj) if wire == "openai" else obj.get("type") == "error"
    if wire == "openai" and stream and not is_error:
        obj = _with_gemini_indexes(obj)
    adapter = _response_adapter(wire, stream, "error" if is_error else "reply")
    try:
        adapter.validate_python(obj)
    except pydantic.ValidationError as exc:
        return [_format_error(e) for e in _without_wrong_branches(exc.errors())]
    return []
