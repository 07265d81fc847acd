"""The team_season tool: one team's season.

Reads teams.json (always loaded) and, for the manager and best hitters,
teams/d<decade>.json. Leaves out rosters and game-by-game results (the data
has none).

    team_season(team, season) ->
      {"team": "New York Yankees", "id": "NYA", "franchise": "NYY", "season": 1998,
       "league": "AL", "division": "East"?, "record": "114-48", "pct": ".704",
       "finish": "1st of 5 in AL East", "games": 162, "runs": 965, "runs_allowed": 656,
       "pennant"?: true, "division_title"?: true, "wild_card"?: true,
       "postseason": "won the World Series" | "lost the ALCS" | "did not reach the postseason" | ...,
       "series"?: ["beat Texas Rangers 3-0 in the ALDS", ...],
       "manager": "Joe Torre", "park": "Yankee Stadium II"?,
       "best_hitters": [{"name", "PA", "AVG", "HR", "RBI", "OPS"}, ...],  # top 3 by OPS among regulars
       "note"?: "..."}

    Its values (for the demo and the page, not the model) add "W" and "L", the finish as "place" ("1st"), "of",
    "in_league" and "in_division", "managers" ([{name, W, L}]), "went" (how far
    the team went, when there was a postseason), "none" (why there was no postseason, if said) and "rounds"
    ([{round, won, other, wins, losses}], its series from its own side).
"""

from __future__ import annotations

from agent_py.tools import Tool
from .common import SEASON_SCHEMA, check_season, fit, load, with_season_note
from .names import TeamRow, resolve_team, teams_of
from .series import NO_WORLD_SERIES, round_depth, round_name, score, series_of, team_name
from .vocab import DIVISIONS, LEAGUES, NEGRO_GAMES_NOTE, NEGRO_LEAGUES, NOT_MAJOR


def team_season(team: str = None, season: int = None) -> str:
    if season is not None:
        check_season(season)
    row = resolve_team(team, season)
    if isinstance(row, str):
        return row
    result = {"team": row.name, "id": row.id, "franchise": row.franch, "season": row.year, "league": row.lg}
    if row.div:
        result["division"] = DIVISIONS.get(row.div, row.div)
    result.update({"record": f"{row.W}-{row.L}", "pct": pct(row.W, row.L), "finish": finish(row),
                   "games": row.G, "runs": row.R, "runs_allowed": row.RA})
    post, values = _postseason(row)
    result.update(post)
    detail = load(f"teams/d{row.year // 10 * 10}.json").get(f"{row.year}{row.id}", {})
    managers = detail.get("mgr", [])
    values["managers"] = [{"name": n, "W": w, "L": l} for n, w, l in managers]
    values.update({"W": row.W, "L": row.L, "place": ordinal(row.rank), "of": len(_peers(row)), "in_league": row.lg,
                   "in_division": DIVISIONS.get(row.div, row.div) if row.div else None})
    if managers:
        result["manager"] = managers[0][0] if len(managers) == 1 else ", ".join(
            f"{n} ({w}-{l})" for n, w, l in managers)
    if row.park:
        result["park"] = row.park
    result["best_hitters"] = [{"name": n, "PA": pa, "AVG": avg, "HR": hr, "RBI": rbi, "OPS": ops}
                              for n, pa, avg, hr, rbi, ops in detail.get("best", [])]
    if row.lg in NEGRO_LEAGUES or row.lg in NOT_MAJOR:
        result["league_name"] = LEAGUES[row.lg][0].removeprefix("the ")
        result["note"] = NEGRO_GAMES_NOTE if row.lg in NEGRO_LEAGUES else (
            "an independent club's season: in the records, but not major-league (MLB does not count it)")
    return fit(with_season_note(result, row.year), "best_hitters", drop=("park", "series"), values=values)


def pct(w: int, l: int) -> str:
    if w + l == 0:
        return ".000"
    text = f"{w / (w + l):.3f}"
    return text[1:] if text.startswith("0") else text


def finish(row: TeamRow) -> str:
    where = f"{row.lg} {DIVISIONS.get(row.div, row.div)}" if row.div else row.lg
    return f"{ordinal(row.rank)} of {len(_peers(row))} in {where}"


def _peers(row: TeamRow) -> list[TeamRow]:
    return [r for r in teams_of(row.year) if r.lg == row.lg and r.div == row.div]


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _postseason(row: TeamRow) -> tuple[dict, dict]:
    """The postseason's fields for the text, and its values."""
    year_series = series_of(row.year)
    mine = sorted((s for s in year_series if row.id in (s["winner"], s["loser"])), key=lambda s: round_depth(s["round"]))
    out: dict = {}
    for flag, field in (("pennant", row.lgwin), ("division_title", row.divwin), ("wild_card", row.wcwin)):
        if field == "Y":
            out[flag] = True
    if not year_series:
        out["postseason"] = NO_WORLD_SERIES.get(row.year, "no postseason was played")
        return out, {"none": NO_WORLD_SERIES[row.year].split(": ", 1)[1]} if row.year in NO_WORLD_SERIES else {}
    if not mine:
        out["postseason"] = "did not reach the postseason"
        return out, {"went": out["postseason"]}
    lines, rounds = [], []
    for s in mine:
        won = s["winner"] == row.id
        other = s["loser"] if won else s["winner"]
        lines.append(f"{'beat' if won else 'lost to'} {team_name(row.year, other)} {score(s, won)} "
                     f"in the {round_name(s['round'], row.year)}")
        rounds.append({"round": round_name(s["round"], row.year), "won": won, "other": team_name(row.year, other),
                       "wins": s["wins"] if won else s["losses"], "losses": s["losses"] if won else s["wins"]})
    out["series"] = lines
    last = mine[-1]
    out["postseason"] = f"{'won' if last['winner'] == row.id else 'lost'} the {round_name(last['round'], row.year)}"
    return out, {"went": out["postseason"], "rounds": rounds}


TOOL = Tool(
    "team_season",
    "Returns one team's season: record, finish, runs, postseason, manager, best hitters. "
    "Use it for how a team did in a year.",
    {
        "type": "object",
        "properties": {
            "team": {"type": "string", "description":
                     "Nickname, city, name or code, any era (\"Expos\", \"NYY\")."},
            "season": SEASON_SCHEMA,
        },
        "required": ["team", "season"],
    },
    team_season,
)
