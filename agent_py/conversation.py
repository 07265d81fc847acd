"""One conversation with the agent: the site's settings and tools, the provider table, and the message list.

The terminal CLI (cli.py) and the page's worker session (browser.py) are thin adapters over it: each turns
its own input (options and environment, or the page's settings JSON) into ``settings`` and calls ``ask``,
which runs the loop and returns the turn, priced.

    settings: {"provider", "model", "api_key", "base_url", "demo", "stream", "timeout", "key_source"}
    all optional: the site's default provider and its default model, no key, streaming, the site's timeout.

Who answers is the conversation's ``account`` (the provider, its address and a digest of the key). Thinking
blocks and signatures are valid only for the account that made them, so an exchange another account answered
is sent on as its question and final answer only (``answers_only``).

Which model answers: the site's demo model (the tools module's ``demo_model()``) when asked for, when
there is no key and the provider needs one, or when the provider is unknown; otherwise the provider's
client. Settings given when the conversation is made (the terminal's) build one model for all its turns,
so they share its connection; settings given to ``ask`` (the page's, with the key) build a model for that
question only, and the key is not kept.
"""

from __future__ import annotations

import asyncio
import hashlib
from typing import Any, Callable

from .loop import DEFAULT_MAX_STEPS, NO_USAGE, as_sent, run_turn
from .providers import default_model, retirement
from .site import tools_module

DEMO_LABEL = "Demo mode: no model"


def uses_demo(settings: dict, provider: dict | None) -> bool:
    """Whether the demo model answers: when asked for, for an unknown provider, or with no key where the
    provider needs one. The page applies this verdict from its config (build.py: demo_without_key)."""
    return bool(settings.get("demo")) or provider is None or not (
        settings.get("api_key") or provider.get("key_optional"))


class Conversation:
    def __init__(self, site: dict, providers: dict[str, dict], settings: dict | None = None):
        self.site = site
        self.providers = providers
        self.site_module = tools_module(site)
        self.tools = list(self.site_module.TOOLS)
        self.history: list[dict] = []  # the messages, as the model is sent them
        self.settings = settings
        self.model = self.build_model(settings) if settings is not None else None

    def provider(self, settings: dict) -> dict | None:
        return self.providers.get(settings.get("provider") or self.site.get("default_provider") or "")

    def uses_demo(self, settings: dict) -> bool:
        return uses_demo(settings, self.provider(settings))

    def model_id(self, settings: dict) -> str:
        return settings.get("model") or default_model(self.provider(settings), self.site)

    def describe(self, settings: dict) -> str:
        """What the page's status line says for these settings."""
        if self.uses_demo(settings):
            return DEMO_LABEL
        return f"{self.provider(settings)['label']}: {self.model_id(settings)}"

    def build_model(self, settings: dict):
        if self.uses_demo(settings):
            return self.site_module.demo_model()
        from .model import BACKOFF, ModelClient

        return ModelClient(self.provider(settings), self.model_id(settings), settings.get("api_key") or "",
                           base_url=settings.get("base_url") or None, stream=settings.get("stream", True),
                           timeout=float(settings.get("timeout") or self.site.get("request_timeout") or 60),
                           backoff=float(self.site.get("retry_backoff", BACKOFF)),
                           key_source=settings.get("key_source") or "the key in Settings")

    def account(self, settings: dict) -> str:
        """Who answers: the provider, its address and which key (a digest of it, never the key itself)."""
        if self.uses_demo(settings):
            return "demo"
        provider = self.provider(settings)
        key = hashlib.sha256((settings.get("api_key") or "").encode()).hexdigest()[:12]
        return f"{provider['id']} {settings.get('base_url') or provider['base_url']} {key}"

    async def ask(self, question: str, settings: dict | None = None, *, max_steps: int | None = None,
                  on_text: Callable[[str], Any] | None = None, on_event: Callable[[dict], Any] | None = None,
                  cancel: asyncio.Event | None = None) -> dict:
        """Answer one question: the turn (answer, stopped, steps, usage) with its cost (``cost_usd``: each
        request at the price that applied when it was made; None for the demo or an unpriced model), the
        names of those prices, each step's ``bill`` (its input cached and uncached, its output, each at its
        price), the mode it ran in and whether the demo answered. A turn that fails or is cancelled leaves
        the history as it was; a retired model is not asked."""
        settings = self.settings if settings is None else settings
        demo = self.uses_demo(settings)
        retired = None if demo else retirement(self.provider(settings), self.model_id(settings))
        if retired:
            return {"answer": retired, "stopped": "error", "steps": [], "usage": dict(NO_USAGE), "cost_usd": None,
                    "prices": [], "mode": self.describe(settings), "demo": False}
        model = self.model if settings is self.settings else self.build_model(settings)
        account = self.account(settings)
        self.history[:] = answers_only(self.history, account)
        before, requests = len(self.history), len(getattr(model, "priced", []))
        turn = await run_turn(model, self.tools, self.site.get("system_prompt", ""), self.history, question,
                              max_steps=max_steps or int(self.site.get("max_steps", DEFAULT_MAX_STEPS)),
                              on_text=on_text, on_event=on_event, cancel=cancel)
        for message in self.history[before:]:
            if message["role"] == "assistant":
                message["by"] = account  # whose thinking blocks and signatures these are
            if message["role"] == "tool":  # values and codes served this turn; what is kept is what was sent
                message["results"] = [as_sent(r) for r in message["results"]]
        priced = hasattr(model, "spent") and not demo
        turn["cost_usd"] = model.spent(since=requests) if priced else None
        turn["prices"] = model.prices(since=requests) if priced else []
        if priced:  # each answered request is one step, in order
            for step, bill in zip(turn["steps"], model.bills(since=requests)):
                step["bill"] = bill
        turn["mode"] = getattr(model, "label", None) or self.describe(settings)
        turn["demo"] = demo
        return turn


def answers_only(history: list[dict], account: str) -> list[dict]:
    """The conversation as ``account`` may be sent it.

    Thinking blocks and thought signatures are valid only for the account that made them, and
    DeepSeek wants its own reasoning_content back with every tool call. So an exchange another
    account (another provider, address or key, or the demo) answered goes on as its question and
    final answer only: its tool calls, results and extras are dropped whole, never cut in part.
    """
    out: list[dict] = []
    starts = [i for i, m in enumerate(history) if m["role"] == "user"] + [len(history)]
    for start, end in zip(starts, starts[1:]):
        exchange = history[start:end]
        answered_by = {m.get("by") for m in exchange if m["role"] == "assistant"}
        if answered_by == {account}:
            out += exchange
        else:
            final = exchange[-1]
            out += [exchange[0], {"role": "assistant", "content": final.get("content") or "", "calls": [],
                                  "extras": {}, "by": account}]
    return out
