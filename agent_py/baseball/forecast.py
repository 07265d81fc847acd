"""The forecast tool: the Marcel board for hitters for the season after the data, with its published backtest.

Reads forecast.json (projections and the backtest on the last season, made by
pipeline/marcel.py). Ranks hitters projected for at least the published
minimum PA. Leaves out pitchers' projections.

    forecast(stat="OPS", top=3, team=None) ->
      {"season": 2025, "stat": "OPS", "team"?: "LAN Los Angeles Dodgers",
       "board": [{"rank": 1, "name": "Mike Trout", "team": "LAA", "age": 29, "PA": 596, "OPS": ".957", "HR": 36}, ...],
       "min_PA": 400, "backtest": "2024 projected from 2021-2023 for n=... hitters ...: OPS RMSE Marcel .083, ...",
       "method": "Marcel: ...", "note_2020": "..."}
"""

from __future__ import annotations

from ..tools import Tool
from .common import TOP_SCHEMA, fit, load, top_count
from .names import resolve_stat, resolve_team
from .vocab import FORECAST_SEASON, FORECAST_STATS, LAST_SEASON


def forecast(stat: str = "OPS", top: int = 3, team: str = None) -> str:
    canon = resolve_stat(stat if stat not in (None, "") else "OPS", FORECAST_STATS)
    if canon.startswith("error:"):
        return canon
    data = load("forecast.json")
    rows = [dict(zip(data["cols"], r)) for r in data["rows"]]
    result: dict = {"season": data["season"], "stat": canon}
    if team not in (None, ""):
        row = resolve_team(team, LAST_SEASON)
        if isinstance(row, str):
            return row.replace("error:", f"error: (forecast teams are {LAST_SEASON} teams)", 1)
        rows = [r for r in rows if r["team"] == row.id]
        result["team"] = f"{row.id} {row.name}"
    rows = [r for r in rows if r["PA"] >= data["min_PA"]]
    value = (lambda r: r["HR"]) if canon == "HR" else (lambda r: float(r[canon]))
    rows.sort(key=lambda r: (-value(r), r["name"]))
    n = top_count(top)
    board = []
    for i, r in enumerate(rows[:n], start=1):
        item = {"rank": i, "name": r["name"], "team": r["team"], "age": r["age"], "PA": r["PA"], canon: r[canon]}
        for extra in ("OPS", "HR"):
            item.setdefault(extra, r[extra])
        board.append(item)
    result["board"] = board
    if not board:
        result["note"] = f"no hitter on this team is projected for {data['min_PA']}+ PA"
    bt = data["backtest"]
    r = bt["rmse"]
    result["min_PA"] = data["min_PA"]
    result["backtest"] = (f"{bt['target']} projected from {bt['from']} for n={bt['n']} hitters (300+ PA in "
                          f"{bt['target']}): OPS RMSE Marcel {r['marcel']['OPS']:.3f}, repeat-{bt['target'] - 1} "
                          f"{r['repeat']['OPS']:.3f}, league average {r['league']['OPS']:.3f}")
    result["method"] = data["method"]
    result["note_2020"] = data["note_2020"]
    return fit(result, "board", drop=("note_2020", "method"))



TOOL = Tool(
    "forecast",
    f"Returns {FORECAST_SEASON} Marcel projections for hitters, optionally for one team, with a {LAST_SEASON} backtest. "
    "Use it for next season or the best bat.",
    {
        "type": "object",
        "properties": {
            "stat": {"type": "string", "maxLength": 60, "description": "OPS (default), OBP, SLG, AVG or HR."},
            "top": TOP_SCHEMA,
            "team": {"type": "string", "maxLength": 200},
        },
        "additionalProperties": False,
    },
    forecast,
)
