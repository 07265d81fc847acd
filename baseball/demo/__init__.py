"""The demo "model": no network, no language model; the tools still run for real.

``DemoModel`` has the interface of the real model clients, so the loop drives
it unchanged. Given the visitor's question it reads it once (read.py), picks
an intent from a table and makes its calls (route.py, with the arguments its
kind builds: kinds/), and keeps the reading with the calls (in the assistant
message's extras), so that, given the tools' results, it phrases the answer
from the same reading (say.py, with the kind's sentences), and the next
question can follow up on it. A question no tool answers gets a sentence
saying so and the nearest question it can answer; anything else gets the
help text (texts.py). The questions it suggests go out with the answer as
``suggestions``, for the page to offer as buttons.

What it leaves out: it never answers from its own knowledge, never makes a
second round of calls, and never raises, whatever the text.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Callable

from agent_py.conversation import DEMO_LABEL

from . import say
from .kinds import compare
from .read import Question
from .route import plan
from .texts import EXAMPLES, HELP

# The most calls one question makes ('the dodgers and the yankees', 'who won and who was the MVP'): a list
# of five teams in one breath gets the first four, and the answer stays short enough to hear.
MAX_CALLS = 4

__all__ = ["DemoModel", "HELP", "EXAMPLES", "pieces", "route"]


class DemoModel:
    """A model stand-in: routes the question to the tools, then phrases their results."""

    label = DEMO_LABEL

    async def complete(self, system: str, messages: list[dict], tools: list[dict],
                       on_text: Callable[[str], None] | None = None) -> dict:
        last = messages[-1] if messages else {}
        if last.get("role") == "tool":
            text, kept = _phrase(messages)
            return _reply(_stream(text, on_text), extras={"demo": kept} if kept else None)
        question = str(last.get("content") or "") if last.get("role") == "user" else ""
        try:
            found = plan(question, messages[:-1]) if question.strip() else None
        except Exception:  # the demo must always answer: an unreadable question gets the help text
            found = None
        offered = {t.get("name") for t in tools if isinstance(t, dict)}
        if found is None or any(c["name"] not in offered for c in found.calls):
            return _reply(_stream(HELP, on_text), suggestions=EXAMPLES)
        if not found.calls:
            text = say.decline(found.intent, found.question)
            return _reply(_stream(text, on_text), suggestions=re.findall(r'"([^"]+\?)"', text))
        calls = [{"id": f"demo_{len(messages)}_{i}", **c} for i, c in enumerate(found.calls[:MAX_CALLS])]
        each = found.each[:MAX_CALLS]
        kept = {"intent": found.intent, "question": found.question.data(), **({"each": each} if each else {})}
        return _reply("", calls, {"demo": kept})


def _phrase(messages: list[dict]) -> tuple[str, dict | None]:
    """The answer from the latest tool results, with the reading kept beside the calls that made them; and the
    reading to keep with the answer, now knowing the answer's subject (for the next "he" or "they")."""
    try:
        results = messages[-1]["results"]
        kept = messages[-2].get("extras", {}).get("demo", {})
        q, intent = Question(**kept.get("question", {})), kept.get("intent", "")
        if intent == "compare":
            return compare.phrase(results, q), kept
        if kept.get("each"):  # a call per team, year, stat or award named, or per question: each its own reading
            return " ".join(_each(r.get("name", ""), r, q, intent, x) for r, x in zip(results, kept["each"])), kept
        if len(results) > 1:
            return say.several(results[0].get("name", ""), results, q, intent), kept
        tool, result = results[0].get("name", ""), results[0]
        return say.answer(tool, result, q, intent), {"intent": intent, "question": say.about(tool, result, q).data()}
    except Exception:
        return "The tool ran, but I could not read its result, so I have no answer to give.", None


def _each(tool: str, result: dict, q: Question, intent: str, change: dict) -> str:
    """One of several results, answered from the reading that made its call: the plan's, changed by ``change``
    (a slot, or a whole other question's reading and intent)."""
    change = dict(change)
    intent = change.pop("intent", intent)
    q = Question(**change.pop("question")) if "question" in change else q
    return say.answer(tool, result, replace(q, **change), intent)


def _reply(text: str, calls: list[dict] | None = None, extras: dict | None = None,
           suggestions: list[str] | None = None) -> dict:
    reply = {"text": text, "calls": calls or [], "usage": {"input_tokens": 0, "output_tokens": 0},
             "stop": "tool_calls" if calls else "end", "extras": extras or {}}
    if suggestions:
        reply["suggestions"] = suggestions
    return reply


def _stream(text: str, on_text: Callable[[str], None] | None) -> str:
    """Hand the text to on_text sentence by sentence, as a streaming model would."""
    if on_text is not None:
        for piece in pieces(text):
            on_text(piece)
    return text


def pieces(text: str) -> list[str]:
    """Sentence-sized pieces whose concatenation is exactly text."""
    out: list[str] = []
    for part in re.split(r"(?<=[.!?])(\s+)(?=[A-Z0-9\"'])", text):
        if out and (part.isspace() or not part):
            out[-1] += part
        elif part:
            out.append(part)
    return out or [text]


def route(question: str, history: list[dict] | None = None) -> dict | None:
    """The first call the demo would make for the question (None when it would make none). Never raises."""
    try:
        found = plan(question, history)
    except Exception:
        return None
    return found.calls[0] if found and found.calls else None
