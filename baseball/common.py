"""Small helpers every baseball tool shares: reading the data, JSON out, fitting the size bound.

Leaves out anything about teams, players or stats (names.py) and the domain's
facts (vocab.py).
"""

from __future__ import annotations

import json
from typing import Any

from agent_py import data
from agent_py.tools import RESULT_LIMIT, Result, ToolError
from .vocab import DATA_NAME, FIRST_SEASON, LAST_SEASON, SEASON_NOTES

AIM = 900  # characters (about 300 tokens): results aim below this, well under RESULT_LIMIT
# The seasons the data covers are in the system prompt; a season outside them gets the tool's own error.
SEASON_SCHEMA = {"type": "integer"}
TOP_SCHEMA = {"type": "integer", "minimum": 1, "maximum": 10}


def show(value: Any, limit: int = 40) -> str:
    """A value quoted for an error message, cut short."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def dump(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def fit(obj: dict, list_key: str | None = None, drop: tuple[str, ...] = (), values: dict | None = None) -> Result:
    """Compact JSON under AIM for the model: drop optional keys in order, then shorten the list (saying so). Its
    values: what the text kept, with ``values`` (the same facts as fields a program reads, e.g. a series' winner,
    loser, wins and losses) beside it."""
    obj = dict(obj)
    text = dump(obj)
    for k in drop:
        if len(text) <= AIM:
            break
        obj.pop(k, None)
        text = dump(obj)
    items = obj.get(list_key) if list_key else None
    if isinstance(items, list) and len(text) > AIM:
        full = len(items)
        while len(items) > 1 and len(text) > AIM:
            items = items[:-1]
            obj[list_key] = items
            obj["shown"] = f"{len(items)} of {full} (cut to fit)"
            text = dump(obj)
    if len(text) > RESULT_LIMIT:  # last resort; never expected with the data we publish
        text = text[: RESULT_LIMIT - 12] + " [truncated]"
    return Result(text, {**obj, **(values or {})})


def check_season(season: Any, param: str = "season") -> None:
    """Raise an instructive error for a season that is not a year in the data (code invalid_argument, or
    season_outside with the season as got)."""
    if isinstance(season, bool) or not isinstance(season, int):
        raise ToolError(f"parameter '{param}' must be a year (integer) from {FIRST_SEASON} to {LAST_SEASON}, got "
                        f"{show(season)}.", "invalid_argument", {"param": param})
    if not FIRST_SEASON <= season <= LAST_SEASON:
        raise ToolError(f"{param} {season} is outside the data: {DATA_NAME} covers {FIRST_SEASON}-{LAST_SEASON}.",
                        "season_outside", {"param": param, "got": season})


def with_season_note(result: dict, season: Any) -> dict:
    """Add the note every answer about a short or split season carries."""
    if season in SEASON_NOTES:
        result["note"] = SEASON_NOTES[season]
    return result


def top_count(top: Any, default: int = 3) -> int:
    """1-10; anything else falls back to the default or the nearest bound."""
    if top is None or isinstance(top, bool):
        return default
    try:
        n = int(top)
    except (TypeError, ValueError, OverflowError):
        return default
    return max(1, min(10, n))


def load(name: str) -> Any:
    return data.load_json(name)


def memo(builder):
    """Cache a derived structure per data root (tests point the tools at other folders)."""
    store: dict[str, Any] = {}

    def get():
        root = data.root()
        if root not in store:
            store[root] = builder()
        return store[root]

    return get
