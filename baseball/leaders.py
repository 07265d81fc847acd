"""The leaders tool: season or career top lists for one stat.

Reads leaders/<STAT>.json, where the pipeline already ranked every season
(per league and for all of MLB) and careers, with ties at the cut kept.
Leaves out career leaders split by league.

    leaders(stat, season=None, league=None, top=3) ->
      {"stat": "HR", "label": "home runs", "season": 2001 | "career", "league": "MLB" | "AL" | ...,
       "rule"?: "qualified: ...", "leaders": [{"rank": 1, "name": "Barry Bonds", "value": 73 | ".350" | "2.10",
       "team"?: "SFN", "years"?: "1986-2007"}, ...], "note"?: "..."}   # ties at the cut are kept; ranks repeat
"""

from __future__ import annotations

from agent_py.tools import Tool
from .common import SEASON_SCHEMA, TOP_SCHEMA, check_season, fit, load, top_count, with_season_note
from .names import resolve_league, resolve_stat
from .vocab import NEGRO_LEAGUE_YEARS, NOT_MAJOR_RULE


def leaders(stat: str = None, season: int = None, league: str = None, top: int = 3) -> str:
    canon = resolve_stat(stat)
    if canon.startswith("error:"):
        return canon
    lg = resolve_league(league, season)
    if lg.startswith("error:"):
        return lg
    if season is not None:
        check_season(season)
    n = top_count(top)
    board = load(f"leaders/{canon}.json")
    result = {"stat": canon, "label": board["label"]}
    if season is None:
        result.update({"season": "career", "league": "MLB"})
        rule, entries, extra = board["rule_career"], board["career"], "years"
        if lg != "MLB":
            result["note"] = "career leaders span all major leagues; the league filter applies to single seasons"
    else:
        by_league = board["season"].get(str(season), {})
        result.update({"season": season, "league": lg})
        rule, extra = board["rule_season"], "team"
        if lg not in by_league and lg != "MLB":
            played = sorted(k for k in by_league if k != "MLB") or ["none recorded"]
            return f"error: no {lg} leaders in {season}; leagues that season: {', '.join(played)}."
        entries = by_league.get(lg, [])
        with_season_note(result, season)
    if canon == "SO":
        result["label"] += "; use stat K for pitchers' strikeouts"
    if canon == "K":
        result["label"] += "; use stat SO for batters' strikeouts"
    if rule:
        result["rule"] = rule
    if season is None or NEGRO_LEAGUE_YEARS[0] <= season <= NEGRO_LEAGUE_YEARS[1]:
        result["counted"] = NOT_MAJOR_RULE
    picked = [e for e in entries if e[0] <= n]
    result["leaders"] = [{"rank": rank, "name": name, "value": value, extra: more}
                         for rank, name, value, more in picked]
    if not picked:
        result["leaders"] = []
        result["note"] = "no player qualified or recorded any" + (f"; {result['note']}" if "note" in result else "")
    return fit(result, "leaders", drop=("rule", "counted"))


TOOL = Tool(
    "leaders",
    "Returns the leaders in one stat for a season or career (rate stats: qualified players only). "
    "Use it for who led or ranks best.",
    {
        "type": "object",
        "properties": {
            "stat": {"type": "string", "description":
                     "A code (HR, AVG, OPS, RBI, SB, ERA, K, W, SV...) or its name."},
            "season": {**SEASON_SCHEMA, "description": "Omit for career leaders."},
            "league": {"type": "string", "description": "AL, NL or MLB (default)."},
            "top": TOP_SCHEMA,
        },
        "required": ["stat"],
    },
    leaders,
)
