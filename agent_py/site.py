"""The site's settings (data/site.yaml), as the page's build and the terminal CLI both use them.

A site is its settings plus a tools module (``tools_module``) that exports
``TOOLS`` and, optionally, ``demo_model()``, ``warm()`` and ``FACTS``: values
the site's texts name in braces ("{last_season}"), so a fact of the domain
is written once, in the tools module, and the prompt and page follow it.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from .errors import ConfigError

TEXTS = ("title", "intro", "system_prompt", "credit")  # the settings that may name FACTS


def tools_module(settings: dict) -> ModuleType:
    name = settings.get("tools_module") or ""
    try:
        module = importlib.import_module(name)
        module.TOOLS
    except (ImportError, AttributeError, ValueError) as exc:
        raise ConfigError(f"cannot load the tools module {name!r} (tools_module in site.yaml): {exc}") from None
    return module


def with_facts(settings: dict) -> dict:
    """The settings with the tools module's FACTS filled into its texts."""
    facts = getattr(tools_module(settings), "FACTS", {})
    try:
        return {**settings, **{k: settings[k].format(**facts) for k in TEXTS if isinstance(settings.get(k), str)}}
    except (KeyError, IndexError, ValueError) as exc:
        raise ConfigError(f"site.yaml names a fact the tools module does not have: {exc}") from None
