"""The forecast tool: next season's Marcel boards, hitters and pitchers, with their published backtests,
and how the forecast this site showed for the last season did against that season's results.

Reads forecast.json (made by pipeline/marcel.py from the last three seasons).
Ranks hitters projected for at least the published minimum PA, pitchers for
the minimum innings. Every result says it is a projection, not a result.

    forecast(stat="OPS", top=3, team=None) ->
      {"season": 2025, "stat": "OPS", "group": "hitters" | "pitchers", "team"?: "LAN Los Angeles Dodgers",
       "board": [{"rank": 1, "name": "Aaron Judge", "team": "NYA", "age": 33, "PA": 599, "OPS": "1.009", "HR": 44},
                 ...],                       # pitchers: {"rank", "name", "team", "age", "IP", "ERA", "K"}
       "note": "2025 is a projection made from data through 2024, not a result.",
       "min_PA" | "min_IP": 400 | 100,
       "backtest": "2024 projected from 2021-2023 for n=253 hitters: OPS RMSE Marcel .083, repeat-2023 .103, ...",
       "method": "Marcel ...", "note_2020"?: "..."}   # how 2020's 60 games count, when they are among the inputs
    forecast(check=True) ->
      {"season": 2025, "checked": "the 2025 forecast this site showed (built from data through 2024), against ...",
       "hitters": "n=256: OPS RMSE shown forecast .075, repeat-2024 .092, league average .090",
       "hitter_misses": ["Kyle Stowers (MIA): projected .655, actual .912", ...], "pitchers": ..., "pitcher_misses": ...,
       "set": "hitters on the shown board with 300+ PA in 2025 and 100+ PA in 2024; pitchers ..."}
"""

from __future__ import annotations

from agent_py.tools import Result, Tool
from .common import TOP_SCHEMA, fit, load, top_count
from .names import resolve_stat, resolve_team
from .vocab import FORECAST_PITCHING, FORECAST_SEASON, FORECAST_STATS, LAST_SEASON


def forecast(stat: str = "OPS", top: int = 3, team: str = None, check: bool = False) -> str | Result:
    if check not in (None, False, "", "false", "False"):
        return _checked(load("forecast.json"))
    canon = resolve_stat(stat if stat not in (None, "") else "OPS", FORECAST_STATS + FORECAST_PITCHING)
    if canon.startswith("error:"):
        return canon
    data = load("forecast.json")
    pitchers = canon in FORECAST_PITCHING
    group = data["pitchers"] if pitchers else data
    rows = [dict(zip(group["cols"], r)) for r in group["rows"]]
    result: dict = {"season": data["season"], "stat": canon, "group": "pitchers" if pitchers else "hitters"}
    values: dict = {"backtest_figures": _backtest_figures(group["backtest"], "ERA" if pitchers else "OPS")}
    if team not in (None, ""):
        row = resolve_team(team, LAST_SEASON)
        if isinstance(row, str):
            return row.replace("error:", f"error: (forecast teams are {LAST_SEASON} teams)", 1)
        rows = [r for r in rows if r["team"] == row.id]
        result["team"] = f"{row.id} {data.get('team_next', {}).get(row.id, row.name)}"
        values["team_name"] = data.get("team_next", {}).get(row.id, row.name).split(" (")[0]
    board = _pitchers(rows, canon, group) if pitchers else _hitters(rows, canon, group)
    result["board"] = board[: top_count(top)]
    if not board:
        least = f"{group['min_IP']}+ innings" if pitchers else f"{group['min_PA']}+ PA"
        result["note_team"] = f"no {result['group'][:-1]} on this team is projected for {least}"
    result["note"] = data["note"]
    result["min_IP" if pitchers else "min_PA"] = group["min_IP" if pitchers else "min_PA"]
    result["backtest"] = _backtest(group["backtest"], "ERA" if pitchers else "OPS", result["group"])
    result["method"] = group["method"]
    first, last = (int(y) for y in data["from"].split("-"))
    if first <= 2020 <= last:  # the 60-game season is in the projection's inputs: say how it counts
        result["note_2020"] = group["note_2020"]
    return fit(result, "board", drop=("note_2020", "method"), values=values)


def _checked(data: dict) -> str | Result:
    """The last season's forecast as this site showed it, scored on that season's results."""
    scored = data.get("scored")
    if not scored:
        return (f"error: no earlier forecast of this site is kept to check; the {data['season']} projection's "
                f"backtest: {_backtest(data['backtest'], 'OPS', 'hitters')}")
    season = scored["season"]
    result = {"season": season, "checked": f"the {season} forecast this site showed, against the {season} results"}
    values: dict = {}
    for group, stat, digits in (("hitters", "OPS", 3), ("pitchers", "ERA", 2)):
        g = scored[group]
        r = g["rmse"]
        x = lambda v: f"{v:.{digits}f}".removeprefix("0" if digits == 3 else "")  # noqa: E731  (.075, 1.04)
        result[group] = (f"n={g['n']}: {stat} RMSE shown forecast {x(r['forecast'][stat])}, repeat-{season - 1} "
                         f"{x(r['repeat'][stat])}, league average {x(r['league'][stat])}")
        result[group[:-1] + "_misses"] = [f"{name} ({team}): projected {proj}, actual {actual}"
                                          for name, team, proj, actual in g["misses"][:3]]
        values[group + "_scored"] = {"n": g["n"], "stat": stat, "forecast": x(r["forecast"][stat]),
                                     "repeat": x(r["repeat"][stat]), "league": x(r["league"][stat]),
                                     "misses": [{"name": name, "team": team, "projected": proj, "actual": actual}
                                                for name, team, proj, actual in g["misses"][:3]]}
    k9 = scored["pitchers"]["rmse"]
    result["pitchers"] += f"; K/9 {k9['forecast']['K9']:.2f}, {k9['repeat']['K9']:.2f}, {k9['league']['K9']:.2f}"
    result["set"] = f"{scored['hitters']['set']}; {scored['pitchers']['set']}"
    return fit(result, "hitter_misses", values=values)


def _hitters(rows: list[dict], stat: str, group: dict) -> list[dict]:
    rows = [r for r in rows if r["PA"] >= group["min_PA"]]
    rows.sort(key=lambda r: (-(r["HR"] if stat == "HR" else float(r[stat])), r["name"]))
    return [{"rank": i, "name": r["name"], "team": r["team"], "age": r["age"], "PA": r["PA"], stat: r[stat],
             **{k: r[k] for k in ("OPS", "HR") if k != stat}} for i, r in enumerate(rows, start=1)]


def _pitchers(rows: list[dict], stat: str, group: dict) -> list[dict]:
    rows = [r for r in rows if float(r["IP"]) >= group["min_IP"]]
    rows.sort(key=lambda r: (-r["SO"] if stat == "K" else float(r[stat]), r["name"]))
    return [{"rank": i, "name": r["name"], "team": r["team"], "age": r["age"], "IP": r["IP"], "ERA": r["ERA"],
             "K": r["SO"], **({"WHIP": r["WHIP"]} if stat == "WHIP" else {})} for i, r in enumerate(rows, start=1)]


def _backtest_figures(bt: dict, stat: str) -> dict:
    """The backtest's figures as said: its season, Marcel's RMSE and repeating the season before's."""
    digits = 3 if stat == "OPS" else 2
    return {"season": bt["target"], "stat": stat, "marcel": f"{bt['rmse']['marcel'][stat]:.{digits}f}",
            "repeat": f"{bt['rmse']['repeat'][stat]:.{digits}f}", "previous": bt["target"] - 1}


def _backtest(bt: dict, stat: str, group: str) -> str:
    r = bt["rmse"]
    digits = 3 if stat == "OPS" else 2
    return (f"{bt['target']} projected from {bt['from']} for n={bt['n']} {group}: {stat} RMSE Marcel "
            f"{r['marcel'][stat]:.{digits}f}, repeat-{bt['target'] - 1} {r['repeat'][stat]:.{digits}f}, "
            f"league average {r['league'][stat]:.{digits}f}")


TOOL = Tool(
    "forecast",
    f"Returns {FORECAST_SEASON} Marcel projections, or with check how {LAST_SEASON}'s did. "
    "Use it for next season or the best bat or arm.",
    {
        "type": "object",
        "properties": {
            "stat": {"type": "string", "description": "OPS (default), OBP, SLG, AVG, HR, ERA, K or WHIP."},
            "top": TOP_SCHEMA,
            "team": {"type": "string"},
            "check": {"type": "boolean"},
        },
    },
    forecast,
)
