"""The streak_board tool: the longest consecutive-season streaks, active or all-time.

Reads streaks.json, where the pipeline computed each board and the rule it
used (how 2020, 1994 and years without an All-Star game are treated).

    streak_board(kind, top=3, active=True) ->
      {"kind": "player_allstar", "active": true, "as_of": 2020, "rule": "...",
       "streaks": [{"rank": 1, "name": "...", "length": 12, "from": 2008, "to": 2019, "team"?: "NYA"}, ...]}
"""

from __future__ import annotations

from agent_py.tools import Tool
from .common import TOP_SCHEMA, fit, load, show, top_count
from .vocab import LAST_SEASON, key

KINDS = ("team_winning_seasons", "team_postseason", "player_allstar", "player_30hr", "player_300avg")
SPOKEN = {
    "winning seasons": "team_winning_seasons", "winning": "team_winning_seasons",
    "postseason": "team_postseason", "playoffs": "team_postseason", "playoff appearances": "team_postseason",
    "postseason appearances": "team_postseason", "allstar": "player_allstar", "all star": "player_allstar",
    "all star selections": "player_allstar", "all stars": "player_allstar", "30 hr": "player_30hr",
    "30 homers": "player_30hr", "30 home runs": "player_30hr", "30hr": "player_30hr",
    "300": "player_300avg", "300 avg": "player_300avg", "300 seasons": "player_300avg",
    "300 average": "player_300avg", "hitting 300": "player_300avg",
}


def resolve_kind(kind: object) -> str:
    if isinstance(kind, str):
        k = key(kind[:80])
        if k.replace(" ", "_") in KINDS:
            return k.replace(" ", "_")
        if k in SPOKEN:
            return SPOKEN[k]
    return f"error: parameter 'kind' must be one of {', '.join(KINDS)}; got {show(kind)}."


def streak_board(kind: str = None, top: int = 3, active: bool = True) -> str:
    canon = resolve_kind(kind)
    if canon.startswith("error:"):
        return canon
    if isinstance(active, str):
        active = active.strip().lower() not in ("false", "no", "0", "all", "all-time", "all time")
    active = True if active is None else bool(active)
    n = top_count(top)
    data = load("streaks.json")
    board = data["kinds"][canon]
    rows = [r for r in board["active" if active else "all"] if r[0] <= n]
    team = canon.startswith("team_")
    streaks = []
    for rank, name, length, first, last, team_id in rows:
        item = {"rank": rank, "name": name, "length": length, "from": first, "to": last}
        if team and team_id:
            item["team"] = team_id
        streaks.append(item)
    result = {"kind": canon, "active": active, "as_of": data["as_of"], "rule": board["rule"], "streaks": streaks}
    return fit(result, "streaks")


TOOL = Tool(
    "streak_board",
    "Returns the longest runs of consecutive seasons (winning, postseason, All-Star, 30-HR, .300), "
    f"active in {LAST_SEASON} or all-time. Use it for streaks.",
    {
        "type": "object",
        "properties": {
            "kind": {"type": "string", "enum": list(KINDS)},
            "top": TOP_SCHEMA,
            "active": {"type": "boolean", "description": "Default true; false for all-time."},
        },
        "required": ["kind"],
    },
    streak_board,
)
