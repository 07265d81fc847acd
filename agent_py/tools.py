"""Tools: a JSON Schema plus a plain function, and running one call safely.

A tool function takes keyword arguments and returns text for the model, a
JSON-able object (sent as compact JSON), or a ``Result``: the text and the same
facts as ``values`` (fields a program reads: the demo phrases from them, the
page may show them; they stay in the history and are never sent to the model).
It may return a string starting with ``error:`` or raise ``ToolError`` (with a
``code`` and values saying what was wrong) for mistakes the model can fix; any
other exception is caught too. Whatever happens, ``run`` returns an
``Outcome`` with text: a call never goes back to the model without a result. Argument checking covers the JSON Schema subset tools use here
(type, enum, required, properties, minimum, maximum, minLength, maxLength)
and says what was wrong in words the model can act on. A parameter the
schema does not declare is always refused (a tool function takes only its
own), so schemas need not spend tokens on ``additionalProperties``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable

RESULT_LIMIT = 1200  # characters; every result is re-sent on every later step


class ToolError(Exception):
    """A mistake the model can fix; the message goes back to it after 'error: '. ``code`` names the kind of mistake
    and ``values`` its particulars, for programs (the demo says it in its own words)."""

    def __init__(self, message: str, code: str = "invalid", values: dict | None = None):
        super().__init__(message)
        self.code = code
        self.values = values or {}


@dataclass(frozen=True)
class Result:
    """What a tool returns: ``text`` for the model, ``values`` for programs (never sent to the model)."""
    text: str
    values: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Outcome:
    """One call's result: the text the model reads, whether it is an error (and its ``code``), and the values."""
    text: str
    error: bool = False
    values: dict = field(default_factory=dict)
    code: str | None = None


@dataclass(frozen=True)
class Tool:
    name: str
    description: str  # one sentence on what it returns, one on when to use it
    parameters: dict  # JSON Schema of an object
    fn: Callable[..., str] = field(repr=False)

    def schema(self) -> dict:
        return {"name": self.name, "description": self.description, "parameters": self.parameters}


def run_call(tools: dict[str, Tool], name: str, args: Any, note: str | None = None) -> tuple[str, bool]:
    """Run one call; return (text for the model, is_error). Never raises for model mistakes (see ``run``)."""
    out = run(tools, name, args, note)
    return out.text, out.error


def run(tools: dict[str, Tool], name: str, args: Any, note: str | None = None) -> Outcome:
    """Run one call; never raises for model mistakes.

    The checks go from the most useful thing to tell the model to the least: a tool that
    does not exist (fixing its JSON would only earn a second error), then arguments that
    could not be read or were cut off (``note``, from the wire), then the schema, then
    the tool's own complaint. Each error has a code: unknown_tool, unreadable_arguments,
    invalid_argument (values: param and, for a number out of bounds, minimum, maximum, got),
    the tool's own (``ToolError.code``; "error" for an ``error:`` string) or failed.
    """
    tool = tools.get(name)
    if tool is None:
        valid = ", ".join(sorted(tools)) or "(none)"
        return Outcome(f"error: unknown tool '{name}'. Valid tools: {valid}.", True, {"tool": name}, "unknown_tool")
    if note:
        return Outcome(f"error: {note}", True, code="unreadable_arguments")
    args = coerce_args(tool.parameters, args)
    problem = _problem(tool.parameters, args)
    if problem:
        return Outcome(f"error: {problem[0]}", True, problem[1], "invalid_argument")
    try:
        result = tool.fn(**args)
    except ToolError as exc:
        return Outcome(_limit(f"error: {exc}"), True, exc.values, exc.code)
    except Exception as exc:  # a bug in the tool: the model still gets a result
        return Outcome(f"error: tool '{name}' failed: {type(exc).__name__}: {exc}", True, code="failed")
    values = result.values if isinstance(result, Result) else result if isinstance(result, dict) else {}
    text = result.text if isinstance(result, Result) else result
    if not isinstance(text, str):
        text = json.dumps(text, ensure_ascii=False, separators=(",", ":"))
    text = _limit(text)
    error = text.startswith("error:")
    return Outcome(text, error, {} if error else values, "error" if error else None)


def _limit(text: str) -> str:
    return text[: RESULT_LIMIT - 12] + " [truncated]" if len(text) > RESULT_LIMIT else text


_JSON_TYPES = {
    "string": (str,),
    "integer": (int,),
    "number": (int, float),
    "boolean": (bool,),
    "object": (dict,),
    "array": (list,),
    "null": (type(None),),
}


def _type_ok(value: Any, expected: str | list) -> bool:
    names = expected if isinstance(expected, list) else [expected]
    for n in names:
        if n in ("integer", "number") and isinstance(value, bool):
            continue
        if n == "integer" and isinstance(value, float) and value.is_integer():
            return True
        if isinstance(value, _JSON_TYPES.get(n, ())):
            return True
    return False


def _show(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


def coerce_args(schema: dict, args: Any) -> Any:
    """Forgive the harmless slips models make: "2016" or 2016.0 for an integer, "true" for a boolean."""
    if not isinstance(args, dict):
        return args
    props = schema.get("properties", {})
    out = dict(args)
    for key, value in args.items():
        want = props.get(key, {}).get("type")
        wants = want if isinstance(want, list) else [want]
        if "integer" in wants and not isinstance(value, bool):
            if isinstance(value, float) and value.is_integer():
                out[key] = int(value)
            elif isinstance(value, str) and _integer_text(value):
                out[key] = int(value.strip())
        if "boolean" in wants and isinstance(value, str) and value.strip().lower() in ("true", "false"):
            out[key] = value.strip().lower() == "true"
    return out


def _integer_text(value: str) -> bool:
    """ "2016" or "-3", in ASCII digits: isdigit() alone accepts "¹", which int() refuses."""
    digits = value.strip().removeprefix("-")
    return digits.isascii() and digits.isdigit() and len(digits) < 10


def check_args(schema: dict, args: Any) -> str | None:
    """Return one instructive sentence about what is wrong with args, or None."""
    problem = _problem(schema, args)
    return problem[0] if problem else None


def _problem(schema: dict, args: Any) -> tuple[str, dict] | None:
    """What is wrong with args: (the sentence, its values: the parameter and any bounds it broke), or None."""
    if not isinstance(args, dict):
        return f"arguments must be a JSON object, got {_show(args)}.", {}
    props = schema.get("properties", {})
    missing = [k for k in schema.get("required", []) if k not in args or args[k] is None]
    if missing:
        return f"missing required parameter '{missing[0]}' ({_describe(props.get(missing[0], {}))}).", \
            {"param": missing[0], "missing": True}
    extra = [k for k in args if k not in props]
    if extra:
        valid = ", ".join(props) or "none"
        return f"unknown parameter '{extra[0]}'. Valid parameters: {valid}.", {"param": extra[0], "unknown": True}
    for key, value in args.items():
        sub = props.get(key)
        if sub is None or (value is None and key not in schema.get("required", [])):
            continue
        problem = _check_value(sub, value)
        if problem:
            bounds = {k: sub[k] for k in ("minimum", "maximum") if k in sub}
            got = {"got": value} if isinstance(value, (int, float)) and not isinstance(value, bool) else {}
            return f"parameter '{key}' {problem}", {"param": key, **bounds, **got}
    return None


def _describe(sub: dict) -> str:
    if "enum" in sub:
        return "one of " + ", ".join(_show(v) for v in sub["enum"])
    t = sub.get("type", "any value")
    t = " or ".join(t) if isinstance(t, list) else t
    bounds = []
    if "minimum" in sub:
        bounds.append(f">= {sub['minimum']}")
    if "maximum" in sub:
        bounds.append(f"<= {sub['maximum']}")
    return f"{t} {' and '.join(bounds)}".strip()


def _check_value(sub: dict, value: Any) -> str | None:
    if "type" in sub and not _type_ok(value, sub["type"]):
        return f"must be {_describe(sub)}, got {_show(value)}."
    if "enum" in sub and value not in sub["enum"]:
        return f"must be {_describe(sub)}; got {_show(value)}."
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if "minimum" in sub and value < sub["minimum"]:
            return f"must be {_describe(sub)}, got {_show(value)}."
        if "maximum" in sub and value > sub["maximum"]:
            return f"must be {_describe(sub)}, got {_show(value)}."
    if isinstance(value, str):
        if "maxLength" in sub and len(value) > sub["maxLength"]:
            return f"must be at most {sub['maxLength']} characters, got {len(value)}."
        if "minLength" in sub and len(value) < sub["minLength"]:
            return f"must be at least {sub['minLength']} characters."
    return None
