"""The season tool: a year's champions.

Reads teams.json and seasons.json (both always loaded).

    season(season) ->
      {"season": 2016, "world_series": "Chicago Cubs (NL) beat Cleveland Indians (AL) 4-3" | "none: ...",
       "negro_world_series"?: "Homestead Grays (NN2) beat Birmingham Black Barons (NAL) 4-3-1",  # 1924-27, 1942-48
       "pennants": {"AL": "Cleveland Indians", "NL": "Chicago Cubs"},
       "division_winners": {"AL East": "Boston Red Sox (93-69)", ...}?, "wild_cards": [...]?,
       "best_record": "Chicago Cubs 103-58", "best_by_league"?: {"AL": "Cleveland Indians 94-67", ...},
       "worst_record": "Minnesota Twins 59-103", "rounds"?: ["ALCS: CLE beat TOR 4-1", ...], "note"?: "..."}

    Its values (for the demo and the page, not the model) add the same facts as fields: "ws" and "nws"
    ({winner, winner_league, loser, loser_league, wins, losses, ties}; "ws" only for a modern World Series
    won), "ws_none" (why there was none), "series" (each round: {round, winner, winner_id, loser, loser_id,
    wins, losses}), "best", "worst" and "best_in" ({name, W, L}), "divisions" ({division: {name, W, L}}) and
    "wild" ([{name, league, W, L}]).

    season(season, league) ->  # one league (values: "league_code", "pennant_team" or "leader_team" {name, W, L},
                               # "table" [{name, W, L}] and "series" as above): AL, NL, a Negro League (NNL, ECL, EWL, NAL, ...), spoken names too
      {"season": 1925, "league": "NNL (the Negro National League)",
       "pennant": "Kansas City Monarchs" | "leader": "Detroit Wolves 20-5 (first in the standings; no pennant marked)",
       "standings": ["Kansas City Monarchs 60-23", ...],  # the data's order; by record where there are divisions
       "series"?: ["Negro World Series: Hilldale Club (ECL) beat Kansas City Monarchs (NNL) 5-1", ...]}
"""

from __future__ import annotations

from agent_py.tools import Result, Tool
from .common import SEASON_SCHEMA, check_season, fit, with_season_note
from .names import resolve_league, teams_of
from .series import NO_WORLD_SERIES, round_depth, round_name, score, series_of, team_name
from .vocab import DIVISIONS, LEAGUES, NEGRO_LEAGUES, NEGRO_WORLD_SERIES_NOTE, NOT_MAJOR

STANDINGS_SHOWN = 10  # rows of one league's standings (the most teams a league-season had is 16)


def season(season: int = None, league: str = None) -> str | Result:
    check_season(season)
    lg = resolve_league(league, season)
    if lg.startswith("error"):
        return lg
    if lg != "MLB":
        return _league_season(season, lg)
    rows = [r for r in teams_of(season) if r.lg not in NOT_MAJOR] or teams_of(season)  # independent clubs: not major
    result: dict = {"season": season, "world_series": _world_series(season)}
    values: dict = _world_series_values(season)
    negro = [s for s in series_of(season) if s["round"] == "NWS"]
    if negro:  # its winner is marked a champion in the table too: two champions, never one
        s = negro[0]
        result["negro_world_series"] = (f"{team_name(season, s['winner'])} ({s['winner_lg']}) beat "
                                        f"{team_name(season, s['loser'])} ({s['loser_lg']}) {score(s)}")
        result["note"] = NEGRO_WORLD_SERIES_NOTE
        values["nws"] = _series_values(season, s)
    pennants = {r.lg: r.name for r in rows if r.lgwin == "Y"}
    if pennants:
        result["pennants"] = dict(sorted(pennants.items()))
    divisions = {f"{r.lg} {DIVISIONS.get(r.div, r.div)}": f"{r.name} ({r.W}-{r.L})"
                 for r in rows if r.divwin == "Y" and r.div}
    if divisions:
        result["division_winners"] = dict(sorted(divisions.items()))
    team = lambda r: {"name": r.name, "W": r.W, "L": r.L}  # noqa: E731
    values["divisions"] = {f"{r.lg} {DIVISIONS.get(r.div, r.div)}": team(r) for r in rows if r.divwin == "Y" and r.div}
    wild = [r for r in sorted(rows, key=lambda r: (r.lg, -r.W)) if r.wcwin == "Y"]
    if wild:
        result["wild_cards"] = [f"{r.name} ({r.lg}, {r.W}-{r.L})" for r in wild]
        values["wild"] = [{**team(r), "league": r.lg} for r in wild]
    pct = lambda r: (r.W / max(1, r.W + r.L), r.W)  # noqa: E731
    record = lambda r: f"{r.name} {r.W}-{r.L}"  # noqa: E731
    mlb = [r for r in rows if r.lg not in NEGRO_LEAGUES] or rows  # the Negro Leagues' short seasons: by league only
    result["best_record"] = record(max(mlb, key=pct))
    values["best"], values["worst"] = team(max(mlb, key=pct)), team(min(mlb, key=pct))
    leagues = sorted({r.lg for r in rows})
    if len(leagues) > 1:
        result["best_by_league"] = {lg: record(max((r for r in rows if r.lg == lg), key=pct)) for lg in leagues}
        values["best_in"] = {lg: team(max((r for r in rows if r.lg == lg), key=pct)) for lg in leagues}
    result["worst_record"] = record(min(mlb, key=pct))
    later_first = sorted((s for s in series_of(season) if s["round"] not in ("WS", "NWS")),
                         key=lambda s: -round_depth(s["round"]))
    rounds = [f"{round_name(s['round'], season)}: {s['winner']} beat {s['loser']} {score(s)}" for s in later_first]
    if rounds:
        result["rounds"] = rounds
    values["series"] = [{"round": round_name(s["round"], season), **_series_values(season, s)} for s in later_first]
    return fit(with_season_note(result, season), "rounds", drop=("wild_cards", "best_by_league"),  # early rounds last
               values=values)


def _series_values(year: int, s: dict) -> dict:
    return {"winner": team_name(year, s["winner"]), "winner_id": s["winner"], "winner_league": s["winner_lg"],
            "loser": team_name(year, s["loser"]), "loser_id": s["loser"], "loser_league": s["loser_lg"],
            "wins": s["wins"], "losses": s["losses"], "ties": s["ties"]}


def _world_series_values(year: int) -> dict:
    """{"ws": the series} for a modern World Series won, else {"ws_none": why there was none} ("" if unsaid)."""
    ws = [s for s in series_of(year) if s["round"] == "WS"]
    if year in NO_WORLD_SERIES or year < 1903 or not ws:
        said = _world_series(year)
        return {"ws_none": said.split(":", 1)[1].strip() if ":" in said else ""}
    return {"ws": _series_values(year, ws[0])} if ws[0]["wins"] > ws[0]["losses"] else {}


def _league_season(year: int, lg: str) -> str | Result:
    """One league's season: its pennant (or, where the data marks none, the standings leader), standings and
    series (its own playoffs, and the World Series or Negro World Series it played in)."""
    rows = [r for r in teams_of(year) if r.lg == lg]
    if not rows:
        played = sorted({r.lg for r in teams_of(year)})
        return f"error: league {lg} has no teams in {year}; name one of that season's leagues: {', '.join(played)}."
    pct = lambda r: (-r.W / max(1, r.W + r.L), -r.W)  # noqa: E731
    ordered = sorted(rows, key=pct) if any(r.div for r in rows) else sorted(rows, key=lambda r: (r.rank, pct(r)))
    result: dict = {"season": year, "league": f"{lg} ({LEAGUES[lg][0]})"}
    team = lambda r: {"name": r.name, "W": r.W, "L": r.L}  # noqa: E731
    values: dict = {"league_code": lg, "table": [team(r) for r in ordered[:STANDINGS_SHOWN]]}
    pennant = [r.name for r in rows if r.lgwin == "Y"]
    if pennant:
        result["pennant"] = values["pennant_team"] = pennant[0]
    else:
        first = ordered[0]
        result["leader"] = f"{first.name} {first.W}-{first.L} (first in the standings; no pennant marked)"
        values["leader_team"] = team(first)
    result["standings"] = [f"{r.name} {r.W}-{r.L}" for r in ordered[:STANDINGS_SHOWN]]
    if len(rows) > STANDINGS_SHOWN:
        result["shown"] = f"{STANDINGS_SHOWN} of {len(rows)} teams"
    mine = sorted((s for s in series_of(year) if lg in (s["winner_lg"], s["loser_lg"])),
                  key=lambda s: -round_depth(s["round"]))
    series = []
    for s in mine:
        both = s["winner_lg"] != s["loser_lg"]  # the World Series, the Negro World Series: say each league
        side = lambda team, its_lg: team_name(year, team) + (f" ({its_lg})" if both else "")  # noqa: E731
        series.append(f"{round_name(s['round'], year)}: {side(s['winner'], s['winner_lg'])} beat "
                      f"{side(s['loser'], s['loser_lg'])} {score(s)}")
    if series:
        result["series"] = series
    values["series"] = [{"round": round_name(s["round"], year), **_series_values(year, s)} for s in mine]
    return fit(with_season_note(result, year), "series", values=values)


def _world_series(year: int) -> str:
    if year in NO_WORLD_SERIES:
        return NO_WORLD_SERIES[year]
    ws = [s for s in series_of(year) if s["round"] == "WS"]
    if not ws:
        return "none: the modern World Series began in 1903" if year < 1903 else "none recorded"
    s = ws[0]
    tie = f" with {s['ties']} tie{'s' if s['ties'] > 1 else ''}" if s["ties"] else ""
    verb = "beat" if s["wins"] > s["losses"] else "tied with"
    text = (f"{team_name(year, s['winner'])} ({s['winner_lg']}) {verb} {team_name(year, s['loser'])} "
            f"({s['loser_lg']}) {s['wins']}-{s['losses']}{tie}")
    if year < 1903:
        return f"none in the modern sense (it began in 1903); the {year} 19th-century championship series: {text}"
    return text


TOOL = Tool(
    "season",
    "Returns a season's World Series, pennants, division winners, playoffs and best record, or league standings. "
    "Use it for who won a year or league.",
    {"type": "object", "properties": {"season": SEASON_SCHEMA, "league": {"type": "string"}}, "required": ["season"]},
    season,
)
