"""The team_season and season tools: a team's year, and a year's champions.

Reads teams.json and seasons.json (the initial data) and, for a team's
manager and best hitters, teams/d<decade>.json. Leaves out rosters and
game-by-game results (the Databank has none).
"""

from __future__ import annotations

from .common import fit, load, season_problem
from .names import DIVISIONS, TeamRow, resolve_team, team_in, team_rows

ROUND_NAMES = {"WS": "World Series", "ALCS": "ALCS", "NLCS": "NLCS", "ALDS": "ALDS", "NLDS": "NLDS",
               "ALWC": "AL Wild Card", "NLWC": "NL Wild Card", "AEDIV": "AL East division series",
               "AWDIV": "AL West division series", "NEDIV": "NL East division series",
               "NWDIV": "NL West division series", "CS": "championship series"}
NO_WORLD_SERIES = {
    1904: "none: the NL champion New York Giants refused to play the AL's Boston Americans",
    1994: "none: the players' strike ended the season on August 12 and cancelled the postseason",
}


def round_name(code: str, year: int) -> str:
    base = code.rstrip("0123456789")
    name = ROUND_NAMES.get(base, code)
    if base == "WS" and year < 1903:
        return "19th-century World Series"
    if base in ("ALWC", "NLWC"):
        return name + (" Series" if year == 2020 else " Game")
    return name


def series_of(year: int) -> list[dict]:
    table = load("seasons.json")
    cols = table["cols"]
    return [dict(zip(cols, row)) for row in table["series"].get(str(year), [])]


def team_name(year: int, team_id: str) -> str:
    row = team_in(year, team_id)
    return row.name if row else team_id


def pct(w: int, l: int) -> str:
    if w + l == 0:
        return ".000"
    text = f"{w / (w + l):.3f}"
    return text[1:] if text.startswith("0") else text


def finish(row: TeamRow) -> str:
    peers = [r for r in team_rows() if r.year == row.year and r.lg == row.lg and r.div == row.div]
    where = f"{row.lg} {DIVISIONS.get(row.div, row.div)}" if row.div else row.lg
    return f"{_ordinal(row.rank)} of {len(peers)} in {where}"


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


# ---------------------------------------------------------------- team_season

def team_season(team: str = None, season: int = None) -> str:
    """One team's season; see the package docstring for the result shape."""
    if season is not None:
        problem = season_problem(season)
        if problem:
            return problem
    row = resolve_team(team, season)
    if isinstance(row, str):
        return row
    result = {"team": row.name, "id": row.id, "franchise": row.franch, "season": row.year, "league": row.lg}
    if row.div:
        result["division"] = DIVISIONS.get(row.div, row.div)
    result.update({"record": f"{row.W}-{row.L}", "pct": pct(row.W, row.L), "finish": finish(row),
                   "games": row.G, "runs": row.R, "runs_allowed": row.RA})
    result.update(_postseason(row))
    detail = load(f"teams/d{row.year // 10 * 10}.json").get(f"{row.year}{row.id}", {})
    managers = detail.get("mgr", [])
    if managers:
        result["manager"] = managers[0][0] if len(managers) == 1 else ", ".join(
            f"{n} ({w}-{l})" for n, w, l in managers)
    if row.park:
        result["park"] = row.park
    result["best_hitters"] = [{"name": n, "PA": pa, "AVG": avg, "HR": hr, "RBI": rbi, "OPS": ops}
                              for n, pa, avg, hr, rbi, ops in detail.get("best", [])]
    if row.year == 2020:
        result["note"] = "2020 was a 60-game season."
    return fit(result, "best_hitters", drop=("park", "series"))


def _postseason(row: TeamRow) -> dict:
    year_series = series_of(row.year)
    mine = [s for s in year_series if row.id in (s["winner"], s["loser"])]
    out: dict = {}
    if row.lgwin == "Y":
        out["pennant"] = True
    if row.divwin == "Y":
        out["division_title"] = True
    if row.wcwin == "Y":
        out["wild_card"] = True
    if not year_series:
        out["postseason"] = "no postseason was played" if row.year not in NO_WORLD_SERIES else NO_WORLD_SERIES[row.year]
        return out
    if not mine:
        out["postseason"] = "did not reach the postseason"
        return out
    order = ["WC", "DIV", "DS", "CS", "WS"]
    mine.sort(key=lambda s: next((i for i, k in enumerate(order) if k in s["round"].rstrip("0123456789")), 9))
    lines = []
    for s in mine:
        won = s["winner"] == row.id
        other = s["loser"] if won else s["winner"]
        wins, losses = (s["wins"], s["losses"]) if won else (s["losses"], s["wins"])
        tie = f"-{s['ties']}" if s["ties"] else ""
        lines.append(f"{'beat' if won else 'lost to'} {team_name(row.year, other)} {wins}-{losses}{tie} "
                     f"in the {round_name(s['round'], row.year)}")
    out["series"] = lines
    last = mine[-1]
    name = round_name(last["round"], row.year)
    out["postseason"] = f"won the {name}" if last["winner"] == row.id else f"lost the {name}"
    if last["round"] == "WS" and last["winner"] == row.id and row.year >= 1903:
        out["postseason"] = "won the World Series"
    return out


# ---------------------------------------------------------------- season

def season(season: int = None) -> str:
    """A season's champions; see the package docstring for the result shape."""
    problem = season_problem(season)
    if problem:
        return problem
    rows = [r for r in team_rows() if r.year == season]
    result: dict = {"season": season, "world_series": _world_series(season)}
    pennants = {r.lg: r.name for r in rows if r.lgwin == "Y"}
    if pennants:
        result["pennants"] = dict(sorted(pennants.items()))
    divisions = {f"{r.lg} {DIVISIONS.get(r.div, r.div)}": f"{r.name} ({r.W}-{r.L})"
                 for r in rows if r.divwin == "Y" and r.div}
    if divisions:
        result["division_winners"] = dict(sorted(divisions.items()))
    wild = [f"{r.name} ({r.lg}, {r.W}-{r.L})" for r in sorted(rows, key=lambda r: (r.lg, -r.W)) if r.wcwin == "Y"]
    if wild:
        result["wild_cards"] = wild
    best = max(rows, key=lambda r: (r.W / max(1, r.W + r.L), r.W))
    result["best_record"] = f"{best.name} {best.W}-{best.L}"
    rounds = [f"{round_name(s['round'], season)}: {s['winner']} beat {s['loser']} {s['wins']}-{s['losses']}"
              + (f"-{s['ties']}" if s["ties"] else "") for s in series_of(season) if s["round"] != "WS"]
    if rounds:
        result["rounds"] = rounds
    if season == 2020:
        result["note"] = "2020 was a 60-game season with 16 playoff teams."
    elif season == 1981:
        result["note"] = "1981 was split in two halves by a strike; half-season winners met in division series."
    return fit(result, "rounds", drop=("rounds", "wild_cards"))


def _world_series(year: int) -> str:
    ws = [s for s in series_of(year) if s["round"] == "WS"]
    if year in NO_WORLD_SERIES:
        return NO_WORLD_SERIES[year]
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


__all__ = ["team_season", "season"]
