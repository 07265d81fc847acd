"""The page's side of the agent: one visitor's conversation, driven by the worker.

The worker (templates/worker.js) creates one ``Session`` from the site config
and calls ``start`` for each question. Only JSON strings cross the JS/Python
boundary: the settings come in as JSON, text deltas go out as strings, trace
events and the finished turn go out as JSON. The key arrives with each
question and is not kept here. The conversation itself (which model answers,
the loop, the price) is ``conversation.Conversation``, as in the terminal.
Nothing in this module knows about Pyodide or about baseball, so it runs the
same in CPython (the tests).
"""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Any, Callable

from .conversation import DEMO_LABEL, Conversation  # noqa: F401  (DEMO_LABEL: what the page's status line says)


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, default=str)


class Session:
    """The page's conversation, the turn in flight, and the JSON boundary with the worker."""

    def __init__(self, config_json: str):
        from .providers import load_table

        config = json.loads(config_json)
        self.conversation = Conversation(config["site"], load_table(config["providers"]))
        self._cancel: asyncio.Event | None = None
        self._asking: asyncio.Task | None = None

    def mode(self, settings_json: str) -> str:
        """What the status line says for these settings."""
        return self.conversation.describe(json.loads(settings_json))

    async def ask(self, question: str, settings_json: str,
                  on_text: Callable[[str], Any] | None = None,
                  on_event: Callable[[str], Any] | None = None) -> str:
        """Answer one question; returns the turn as JSON (answer, stopped, steps, usage, cost_usd, prices, mode,
        demo) with the conversation's history after it, as JSON text (the page keeps it as it is)."""
        self._cancel = asyncio.Event()
        try:
            turn = await self.conversation.ask(
                question, json.loads(settings_json),
                on_text=(lambda text: on_text(text)) if on_text else None,
                on_event=(lambda event: on_event(_json(event))) if on_event else None,
                cancel=self._cancel)
        finally:
            self._cancel = None
        turn["history"] = self.export_history()  # the page keeps it with the turns, for a reload
        return _json(turn)

    def start(self, question: str, settings_json: str, on_text: Callable[[str], Any], on_event: Callable[[str], Any],
              on_done: Callable[[str | None, str | None], Any]) -> None:
        """``ask`` in a task of its own, for the worker: ``on_done(turn_json, None)`` when it ends, or
        ``on_done(None, message)`` if it failed. (JS awaiting ``ask`` itself costs more turns of the
        worker's event loop at the start and at the end of every question.) Called from JS, with no
        event loop running: the task is the worker's event loop's (Pyodide's)."""
        async def answer() -> None:
            try:
                turn = await self.ask(question, settings_json, on_text, on_event)
            except BaseException as exc:  # a bug: said to the visitor, never left hanging
                on_done(None, str(exc) or type(exc).__name__)
                if not isinstance(exc, Exception):
                    raise
                return
            on_done(turn, None)

        # Started eagerly (Python 3.12+; the worker's is 3.14): the turn runs until its first request is
        # on its way inside this call, not a turn of the event loop later. Kept: asyncio holds tasks weakly.
        eager = {"eager_start": True} if sys.version_info >= (3, 12) else {}
        self._asking = asyncio.Task(answer(), loop=asyncio.get_event_loop(), **eager)

    def warm(self) -> None:
        """Load what a first answer needs (the site module's ``warm()``, if it has one), before anyone asks."""
        warm = getattr(self.conversation.site_module, "warm", None)
        if warm is not None:
            warm()

    def stop(self) -> bool:
        """Cancel the turn in flight (the model request is aborted); False if none."""
        if self._cancel is None:
            return False
        self._cancel.set()
        return True

    def reset(self) -> None:
        self.conversation.history.clear()

    def export_history(self) -> str:
        """The conversation as the model is sent it (questions, answers, tool calls and results), as JSON."""
        return _json(self.conversation.history)

    def restore_history(self, history_json: str) -> int:
        """Continue a conversation ``export_history`` gave (the page keeps it across a reload).

        Returns how many messages were restored. Anything that is not a whole conversation (every
        exchange opened by a question, every tool call answered, the last reply an answer) restores
        nothing, so a request never carries a call without its result.
        """
        try:
            history = json.loads(history_json)
        except (TypeError, ValueError, RecursionError):
            history = None
        self.conversation.history = history if _whole_conversation(history) else []
        return len(self.conversation.history)


def _whole_conversation(history: Any) -> bool:
    """Validated whole: questions and answers are text; every call has a non-empty id unique in its reply, a name and
    object arguments, and the next message answers each call exactly once with text; the last is an answer."""
    if not isinstance(history, list) or not history:
        return False
    open_calls: list | None = None  # the ids of the calls the next message must answer
    for n, m in enumerate(history):
        role = m.get("role") if isinstance(m, dict) else None
        if open_calls is not None:
            results = m.get("results") if role == "tool" else None
            if not isinstance(results, list) or not all(
                    isinstance(r, dict) and isinstance(r.get("content"), str) and isinstance(r.get("name"), str)
                    and isinstance(r.get("error", False), bool) for r in results):
                return False
            if sorted(r.get("id") for r in results) != sorted(open_calls):
                return False
            open_calls = None
        elif role == "user":
            if not isinstance(m.get("content"), str) or (n and history[n - 1].get("role") != "assistant"):
                return False
        elif role == "assistant":
            calls = m.get("calls")
            if n == 0 or not isinstance(m.get("content"), str) or not isinstance(calls, list) \
                    or not isinstance(m.get("extras", {}), dict) or not all(_whole_call(c) for c in calls):
                return False
            ids = [c["id"] for c in calls]
            if len(set(ids)) != len(ids):  # unique within a reply (made-up ids, Gemini's, recur across replies)
                return False
            open_calls = ids or None
        else:  # a tool result no call asked for, or an unknown role
            return False
    last = history[-1]
    return open_calls is None and last.get("role") == "assistant" and not last.get("calls")


def _whole_call(call: Any) -> bool:
    return (isinstance(call, dict) and isinstance(call.get("id"), str) and bool(call["id"])
            and isinstance(call.get("name"), str) and bool(call["name"]) and isinstance(call.get("args"), dict))
