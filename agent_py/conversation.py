"""One conversation with the agent: the site's settings and tools, the provider table, and the message list.

The terminal CLI (cli.py) and the page's worker session (browser.py) are thin adapters over it: each turns
its own input (options and environment, or the page's settings JSON) into ``settings`` and calls ``ask``,
which runs the loop and returns the turn, priced.

    settings: {"provider", "model", "api_key", "base_url", "demo", "stream", "timeout", "key_source"}
    all optional: the site's default provider and its default model, no key, streaming, the site's timeout.

Which model answers: the site's demo model (the tools module's ``demo_model()``) when asked for, when
there is no key and the provider needs one, or when the provider is unknown; otherwise the provider's
client. Settings given when the conversation is made (the terminal's) build one model for all its turns,
so they share its connection; settings given to ``ask`` (the page's, with the key) build a model for that
question only, and the key is not kept.
"""

from __future__ import annotations

import asyncio
from typing import Any, Callable

from .loop import DEFAULT_MAX_STEPS, run_turn
from .providers import default_model
from .site import tools_module

DEMO_LABEL = "Demo mode: no model"


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
        provider = self.provider(settings)
        return bool(settings.get("demo")) or provider is None or not (
            settings.get("api_key") or provider.get("key_optional"))

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

    async def ask(self, question: str, settings: dict | None = None, *, max_steps: int | None = None,
                  on_text: Callable[[str], Any] | None = None, on_event: Callable[[dict], Any] | None = None,
                  cancel: asyncio.Event | None = None) -> dict:
        """Answer one question: the turn (answer, stopped, steps, usage) with its cost (``cost_usd``: each
        request at the price that applied when it was made; None for the demo or an unpriced model), the
        names of those prices, the mode it ran in and whether the demo answered. A turn that fails or is
        cancelled leaves the history as it was."""
        settings = self.settings if settings is None else settings
        model = self.model if settings is self.settings else self.build_model(settings)
        demo = self.uses_demo(settings)
        before = len(getattr(model, "priced", []))
        turn = await run_turn(model, self.tools, self.site.get("system_prompt", ""), self.history, question,
                              max_steps=max_steps or int(self.site.get("max_steps", DEFAULT_MAX_STEPS)),
                              on_text=on_text, on_event=on_event, cancel=cancel)
        priced = hasattr(model, "spent") and not demo
        turn["cost_usd"] = model.spent(since=before) if priced else None
        turn["prices"] = model.prices(since=before) if priced else []
        turn["mode"] = getattr(model, "label", None) or self.describe(settings)
        turn["demo"] = demo
        return turn
