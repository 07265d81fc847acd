"""The agent loop: ask the model, run every tool call it makes, repeat.

Internal shapes (the same for every wire; see wires/):

    message  {"role": "user", "content": str}
             {"role": "assistant", "content": str, "calls": [call], "extras": {wire: ...}}
             {"role": "tool", "results": [{"id", "name", "content", "error", "values"?, "code"?}]}
                                      # values: the tool's fields, for the demo within the turn; never sent
                                      # code: an error's kind (tools.run)
    call     {"id": str, "name": str, "args": dict, "note"?: str}
    reply    {"text": str, "calls": [call], "usage": {"input_tokens", "output_tokens", "cached_tokens",
              "cache_write_tokens"},     # input_tokens counts all input; the cached parts are within it
              "stop": "end" | "tool_calls" | "length" | "refusal", "extras": {...},
              "suggestions"?: [str]}   # questions to offer the visitor (the demo's help)

A model is anything with ``async complete(system, messages, tools, on_text=None)``
returning a reply, and raising ``ProviderError`` when the provider fails.

What the loop guarantees: every call in an assistant message is followed by
a result for it; the conversation passed in is extended only with whole,
valid steps, and is left as it was when the turn fails or is cancelled, so
the visitor can ask again. Only the most recent whole exchanges that fit a
token budget are sent (``trim_history``), so long conversations stay cheap.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any, Callable

from .errors import ProviderError
from .tools import Outcome, Tool, run

DEFAULT_MAX_STEPS = 6
NO_USAGE = {"input_tokens": 0, "output_tokens": 0, "cached_tokens": 0, "cache_write_tokens": 0}
DEFAULT_HISTORY_BUDGET = 6000  # estimated tokens of earlier exchanges sent with each request


async def run_turn(model: Any, tools: list[Tool], system: str, history: list[dict], question: str, *,
                   max_steps: int = DEFAULT_MAX_STEPS, on_text: Callable[[str], None] | None = None,
                   on_event: Callable[[dict], None] | None = None, cancel: asyncio.Event | None = None,
                   history_budget: int = DEFAULT_HISTORY_BUDGET) -> dict:
    """Answer one question. Returns the turn: answer, why it stopped, and a trace of every step."""
    if max_steps < 1:
        raise ValueError("max_steps must be at least 1")
    earlier = trim_history(history, history_budget)
    by_name, schemas = {t.name: t for t in tools}, [t.schema() for t in tools]
    new: list[dict] = [{"role": "user", "content": question}]
    turn: dict = {"answer": "", "stopped": "answer", "steps": [], "usage": dict(NO_USAGE)}
    emit = on_event or (lambda event: None)
    watcher = _stop_on(cancel)
    try:
        for step_no in range(1, max_steps + 1):
            emit({"type": "step", "step": step_no})
            started = time.perf_counter()
            try:
                reply = await model.complete(system, earlier + new, schemas, on_text=on_text)
            except ProviderError as exc:
                return _end(turn, "error", str(exc), emit)
            except asyncio.CancelledError:
                if cancel is None or not cancel.is_set():
                    raise  # not the visitor's Stop
                asyncio.current_task().uncancel()  # the Stop is taken back here: the turn ends "cancelled"
                return _end(turn, "cancelled", "Stopped.", emit)
            step = _record_reply(turn, reply, step_no, started, emit)
            assistant = {"role": "assistant", "content": reply["text"], "calls": reply["calls"],
                         "extras": reply.get("extras", {})}
            if reply["stop"] == "refusal":  # declined (Anthropic's stop_reason "refusal"): said as such, and
                # not kept: the declined exchange is not sent again, so the next question starts clean
                said = reply["text"].strip()
                return _end(turn, "refusal", (said + "\n\n" if said else "") + REFUSAL, emit)
            if not reply["calls"]:
                history.extend(new + [assistant])
                turn["suggestions"] = reply.get("suggestions", [])
                return _end(turn, "answer", _final_text(turn, reply), emit)
            results = _run_calls(by_name, reply["calls"], step, step_no, cancel, emit)
            new += [assistant, {"role": "tool", "results": results}]
            if cancel is not None and cancel.is_set():
                return _end(turn, "cancelled", "Stopped.", emit)
    finally:
        if watcher is not None:
            watcher.cancel()
    answer = (f"I stopped after {max_steps} steps without reaching an answer. "
              "Try asking something narrower, or ask again to let me continue.")
    history.extend(new + [{"role": "assistant", "content": answer, "calls": [], "extras": {}}])
    return _end(turn, "step_cap", answer, emit)


REFUSAL = ("(The model declined to answer this question: its provider's safety policy stopped it. "
           "The question is not kept in the conversation; ask something else, or ask it another way.)")


def _record_reply(turn: dict, reply: dict, step_no: int, started: float, emit) -> dict:
    """Add the model's reply to the turn's trace and usage; returns the step, for its calls."""
    step = {"text": reply["text"], "calls": [], "usage": reply["usage"], "stop": reply["stop"],
            "ms": round((time.perf_counter() - started) * 1000, 1)}
    turn["steps"].append(step)
    for key in turn["usage"]:
        turn["usage"][key] += reply["usage"].get(key, 0)
    emit({"type": "reply", "step": step_no, "text": reply["text"], "usage": reply["usage"], "stop": reply["stop"]})
    return step


def _run_calls(by_name: dict[str, Tool], calls: list[dict], step: dict, step_no: int,
               cancel: asyncio.Event | None, emit) -> list[dict]:
    """Run every call, in order; each gets a result, even one left when the visitor cancels."""
    results = []
    for call in calls:
        t0 = time.perf_counter()
        if cancel is not None and cancel.is_set():
            out = Outcome("error: cancelled by the user before this call ran.", True, code="cancelled")
        else:
            out = run(by_name, call["name"], call["args"], call.get("note"))
        record = {"id": call["id"], "name": call["name"], "args": call["args"], "result": out.text,
                  "error": out.error, "ms": round((time.perf_counter() - t0) * 1000, 2)}
        step["calls"].append(record)
        emit({"type": "call", "step": step_no, **record})
        results.append({"id": call["id"], "name": call["name"], "content": out.text, "error": out.error,
                        **({"values": out.values} if out.values else {}), **({"code": out.code} if out.code else {})})
    return results


def _final_text(turn: dict, reply: dict) -> str:
    answer = reply["text"].strip() or "(The model returned an empty answer.)"
    if reply["stop"] == "length":
        turn["truncated"] = True
        answer += "\n\n(The answer was cut off by the model's output limit.)"
    return answer


UNSENT = ("values", "code")  # a result's fields for programs (the demo phrases from them), never sent


def as_sent(result: dict) -> dict:
    """A tool result as the model is sent it: without the fields only programs read."""
    return {k: v for k, v in result.items() if k not in UNSENT}


def estimate_tokens(message: dict) -> int:
    """A rough count (4 characters a token) of what is sent (a result's values are not), enough to keep requests
    inside a budget."""
    if message.get("role") == "tool":
        message = {**message, "results": [as_sent(r) for r in message.get("results") or [] if isinstance(r, dict)]}
    return len(json.dumps(message, ensure_ascii=False)) // 4 + 4


def trim_history(history: list[dict], budget: int) -> list[dict]:
    """The most recent whole exchanges that fit in ``budget`` estimated tokens.

    An exchange is a visitor's question and everything up to the next one, so a
    tool call and its result are always kept or dropped together. Older
    exchanges go first; the conversation itself is not changed.
    """
    starts = [i for i, m in enumerate(history) if m["role"] == "user"]
    kept_from, used = len(history), 0
    for start in reversed(starts):
        size = sum(estimate_tokens(m) for m in history[start:kept_from])
        if used + size > budget:
            break
        kept_from, used = start, used + size
    return history[kept_from:]


def _stop_on(cancel: asyncio.Event | None) -> asyncio.Task | None:
    """Cancel the running task (and so the model request it awaits) as soon as ``cancel`` is set.

    One watching task for the whole turn: racing the request against the event at every step costs two
    tasks and a wait per step, each several turns of the page's event loop.
    """
    if cancel is None:
        return None
    turn_task = asyncio.current_task()

    async def watch() -> None:
        await cancel.wait()
        turn_task.cancel()

    return asyncio.ensure_future(watch())


def _end(turn: dict, stopped: str, answer: str, emit) -> dict:
    turn["stopped"] = stopped
    turn["answer"] = answer
    emit({"type": "end", "stopped": stopped, "answer": answer})
    return turn
