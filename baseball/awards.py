"""The awards tool: who won an award in a season (with the vote), who won it most, and the Hall of Fame.

Reads awards.json and hall_of_fame.json. A player's own awards and Hall of
Fame vote are in the player tool's result. Leaves out awards the Lahman
tables do not record (e.g. the Negro Leagues' and minor leagues').

    awards(award, season) ->
      {"award": "Most Valuable Player", "season": 2023,
       "winners": {"AL": ["Shohei Ohtani (LAA)"], "NL": ["Ronald Acuna (ATL)"]},   # Gold Glove: "SS Anthony Volpe (NYA)"
       "votes"?: {"AL": ["Shohei Ohtani 420 of 420 points (30 first-place votes)", "Corey Seager 264", ...]}}
    awards(award) -> {"award", "most_won": [{"name": "Barry Bonds", "times": 7, "years": "1990-2004"}, ...],
                      "latest": {"season": 2024, "winners": {...}}}
    awards("Hall of Fame", season) ->
      {"award": "Hall of Fame", "season": 2025, "inducted": ["Ichiro Suzuki (writers, 99.7%)", ...],
       "close"?: ["Billy Wagner 73.8%"], "rule": "..."}   # writers' ballot, 50% or more, not elected

    Its values (for the demo and the page, not the model) add the same facts as fields: "winner_list" and
    "latest_list" ({league: [{name, team, position}]}), "vote_list" ({league: [{name, points, most, first}]}),
    "inducted_list" ([{name, category, how, pct}]) and "close_list" ([{name, pct}]).
"""

from __future__ import annotations

from collections import Counter

from agent_py.tools import Tool
from .common import SEASON_SCHEMA, check_season, fit, load, show
from .names import resolve_league, years_text
from .vocab import AWARD_KEYS, AWARDS, HALL_OF_FAME_THROUGH, LAST_SEASON, key

LEAGUE_ORDER = ("AL", "NL", "MLB", "AA")


def awards(award: str = None, season: int = None, league: str = None) -> str:
    code = AWARD_KEYS.get(key(award[:80])) if isinstance(award, str) else None
    if code is None:
        return (f"error: unknown award {show(award)}. Valid: "
                + ", ".join(forms[0] for forms in AWARDS.values()) + ".")
    lg = resolve_league(league, season)
    if lg.startswith("error:"):
        return lg
    if season is not None:
        if code != "HOF" or season != HALL_OF_FAME_THROUGH:
            check_season(season)
    if code == "HOF":
        return _hall(season)
    table = load("awards.json")
    info = table["awards"][code]
    leagues = LEAGUE_ORDER if lg == "MLB" else (lg, "MLB")
    if season is None:
        return _most_won(table, code, info, leagues)
    if not info["from"] <= season <= info["to"]:
        return (f"error: the {info['name']} was given from {info['from']} to {info['to']}, not in {season}; "
                f"ask for a season in that span.")
    result = {"award": info["name"], "season": season, **_winners(table, code, season, leagues)}
    if not result["winners"]:
        result["note"] = f"no {info['name']} recorded for {season}" + ("" if lg == "MLB" else f" in the {lg}")
    return fit(result, None, drop=("votes",), values=_winner_values(table, code, season, leagues))


def _winner_values(table: dict, code: str, season: int, leagues: tuple[str, ...]) -> dict:
    year = table["seasons"].get(str(season), {})
    votes = table["votes"].get(str(season), {})
    return {"winner_list": {lg: [{"name": name, "team": team, "position": pos} for name, team, pos in year[lg][code]]
                            for lg in leagues if code in year.get(lg, {})},
            "vote_list": {lg: [{"name": name, "points": points, "most": most, "first": first}
                               for name, team, points, most, first in votes[lg][code][:3]]
                          for lg in leagues if votes.get(lg, {}).get(code)}}


def _winners(table: dict, code: str, season: int, leagues: tuple[str, ...]) -> dict:
    year = table["seasons"].get(str(season), {})
    winners = {lg: [f"{pos + ' ' if pos else ''}{name} ({team})" for name, team, pos in year[lg][code]]
               for lg in leagues if code in year.get(lg, {})}
    out: dict = {"winners": winners}
    votes = {lg: [f"{name} {points} of {most} points ({first} first-place votes)" if i == 0 else f"{name} {points}"
                  for i, (name, team, points, most, first) in enumerate(rows[:3])]
             for lg, rows in ((lg, table["votes"].get(str(season), {}).get(lg, {}).get(code)) for lg in leagues)
             if rows}
    if votes:
        out["votes"] = votes
    return out


def _most_won(table: dict, code: str, info: dict, leagues: tuple[str, ...]) -> str:
    won: dict[str, list[int]] = {}
    for year, by_lg in table["seasons"].items():
        for lg in leagues:
            for name, _, _ in by_lg.get(lg, {}).get(code, []):
                won.setdefault(name, []).append(int(year))
    counts = Counter({name: len(set(years)) for name, years in won.items()})
    ranked = counts.most_common()
    cut = ranked[min(4, len(ranked) - 1)][1] if ranked else 0
    most = [{"name": name, "times": n, "years": years_text(won[name])} for name, n in ranked if n >= max(cut, 1)][:8]
    last = max((int(y) for y, by in table["seasons"].items() if any(code in by.get(lg, {}) for lg in leagues)),
               default=LAST_SEASON)
    result = {"award": info["name"], "from": info["from"], "most_won": most,
              "latest": {"season": last, **_winners(table, code, last, leagues)}}
    result["latest"].pop("votes", None)
    return fit(result, "most_won", values={"latest_list": _winner_values(table, code, last, leagues)["winner_list"]})


def _hall(season: int | None) -> str:
    table = load("hall_of_fame.json")
    year = season if season is not None else table["through"]
    cols = table["cols"]
    rows = [dict(zip(cols, r)) for r in table["inducted"].get(str(year), [])]

    def how(r: dict) -> str:
        return "writers" if r["how"] == "BBWAA" else f"{r['by']} committee".replace("committee committee", "committee")

    def said(r: dict) -> str:
        what = "" if r["category"] == "Player" else f"{r['category'].lower()}, "
        share = f", {r['pct']}%" if r["pct"] is not None else ""
        return f"{r['name']} ({what}{how(r)}{share})"

    result: dict = {"award": "Hall of Fame", "season": year, "inducted": [said(r) for r in rows]}
    values: dict = {"inducted_list": [{"name": r["name"], "category": r["category"], "how": how(r), "pct": r["pct"]}
                                      for r in rows]}
    close = table["close"].get(str(year), [])
    if close:
        result["close"] = [f"{name} {pct}%" for name, _, pct in close[:4]]
        values["close_list"] = [{"name": name, "pct": pct} for name, _, pct in close[:4]]
    if not rows:
        result["note"] = f"no one was inducted in {year}" if year >= 1936 else "the first class was elected in 1936"
    result["rule"] = table["rule"]
    return fit(result, "inducted", drop=("rule", "close"), values=values)


TOOL = Tool(
    "awards",
    "Returns an award's winners and vote in a season (MVP, Cy Young, Gold Glove...), who won it most, or a Hall of "
    "Fame class. Use it for awards and the Hall of Fame.",
    {
        "type": "object",
        "properties": {
            "award": {"type": "string"},
            "season": {**SEASON_SCHEMA, "description": "Omit for who won it most."},
            "league": {"type": "string"},
        },
        "required": ["award"],
    },
    awards,
)
