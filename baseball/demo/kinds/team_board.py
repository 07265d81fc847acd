"""Teams ranked by a season's total (the sql tool, Teams): one season's ('which team hit the most home runs in 2019'),
or the single-season marks over all seasons, or a span's when said so ('most walks by a team in a season', 'fewest
wins by a team ever'), among seasons of 120 games or more (three quarters of the longest schedule, for one season), so
a short schedule is no record. And one team's season total, with its place among that season's teams."""

from __future__ import annotations

import re

from ...names import teams_table
from ...team_season import ordinal  # '2nd', as a team's finish is said
from ...vocab import LEAGUES, NOT_MAJOR_SQL, STATS
from ..calls import batters_struck_out, said_given, team_name, team_row
from ..phrase import join, label, league_name, number, rate_said, say_stat
from ..read import Question
from ..words import ALLOWED, EXTREMES
from .span_leaders import span, untaken, way

TOOL = "sql"
# stat -> its value in Teams, {t} the table's alias (the pitchers' strikeouts are the team's SOA).
COLUMNS = {**{code: "{t}" + column for code, column in (
    ("HR", "HR"), ("H", "H"), ("R", "R"), ("BB", "BB"), ("SO", "SO"), ("2B", '"2B"'), ("3B", '"3B"'), ("SB", "SB"),
    ("W", "W"), ("L", "L"), ("ERA", "ERA"), ("K", "SOA"), ("SV", "SV"), ("SHO", "SHO"), ("CG", "CG"))},
    "AVG": "ROUND(1.0 * {t}H / {t}AB, 3)", **{column: "{t}" + column for column, _, _ in ALLOWED.values()}}
_GIVEN = {column for column, _, _ in ALLOWED.values()}  # a team's pitchers' totals given up
WORDS = ("team", "teams", "club", "clubs")  # a franchise's total over its seasons is another question
_TAKEN = ("in a season", "in one season", "in a single season", "single season")
_SQL = ("SELECT name, yearID AS year, {column} AS value FROM Teams WHERE lgID NOT IN " + NOT_MAJOR_SQL
        + "{where} AND G >= {games} ORDER BY value {way}, yearID LIMIT 5")
MOST_GAMES = 120
# A team asked for by name of its kind, not a person ('who hit the most home runs in a season for a team').
_TEAM_ASKED = ("which team", "what team", "which club", "what club", "which teams", "what teams", "by a team")


# A team's strikeouts are its pitchers' (Teams.SOA) or its batters' (Teams.SO): the answer says whose it ranked.
WHOSE = {"K": "pitchers", "SO": "batters"}


def said(code: str, team: str = "their") -> str:
    """'home runs', 'runs allowed', or 'strikeouts by their pitchers' ('by a team's pitchers')."""
    return f"{label(code)} by {team} {WHOSE[code]}" if code in WHOSE else label(code)


def _given(q: Question) -> bool:
    return bool(said_given(q))


def stat(q: Question) -> str | None:
    return "SO" if q.stat in ("K", "SO") and batters_struck_out(q) else ALLOWED[q.stat][0] if _given(q) else q.stat


def _rate(code: str) -> bool:
    return code in STATS and STATS[code].kind != "count"


def _low(code: str) -> bool:
    return code in _GIVEN or STATS[code].lower_is_better


def asked(q: Question) -> bool:
    return stat(q) in COLUMNS and q.has(*WORDS) and (q.cue("leader") or q.has(*EXTREMES["worst"])) \
        and not (q.team or q.player or q.also or stat(q) in ("W", "L") and q.year is not None) \
        and not q.cue("world_series", "pennant", "rings", "postseason", "division") \
        and not (span(q) and not q.has(*_TAKEN)) and not untaken(q, list(_TAKEN) + said_given(q)) \
        and not (q.has("who", "whos") and not q.has(*_TEAM_ASKED))  # 'who hit the most for a team': a player


# One team's season total and its place among that season's teams ('how many home runs did the mariners hit in 2021',
# 'did the yankees lead the league in home runs in 2019').
_ONE = ("SELECT t.name, {mine} AS value, (SELECT COUNT(*) FROM Teams u WHERE u.yearID = t.yearID AND u.lgID NOT IN "
        + NOT_MAJOR_SQL + "{league} AND {theirs} {better} {mine}) + 1 AS place, (SELECT COUNT(*) FROM Teams u WHERE "
        "u.yearID = t.yearID AND u.lgID NOT IN " + NOT_MAJOR_SQL + "{league}) AS teams FROM Teams t WHERE "
        "t.yearID = {year} AND t.teamID = '{team}'")


def one_team(q: Question) -> bool:
    return bool(q.team) and q.year is not None and stat(q) in COLUMNS and stat(q) not in ("W", "L", "R", "RA") \
        and not (q.player or q.cue("future")) and not untaken(q, said_given(q))


def one_args(q: Question) -> dict | None:
    row = team_row(q, q.year)
    if row is None or not re.fullmatch(r"[A-Z0-9]+", row.id):
        return None
    better = "<" if _low(stat(q)) else ">"
    return {"sql": _ONE.format(mine=COLUMNS[stat(q)].format(t="t."), theirs=COLUMNS[stat(q)].format(t="u."),
                               better=better, year=q.year, team=row.id,
                               league=" AND u.lgID = t.lgID" if q.league in LEAGUES else "")}


def one_say(rows: list[dict], q: Question) -> str:
    code = stat(q)
    if not rows or rows[0].get("value") is None:
        return f"The database has no team {said(code)} for the {q.year} {team_name(q, q.year)}."
    r, rate = rows[0], _rate(code)
    low, high = ("lowest", "highest") if rate else ("fewest", "most")
    end, far = (low, high) if _low(code) else (high, low)
    place = "the " + end if r["place"] == 1 else "the " + far if r["place"] == r["teams"] else \
        f"{ordinal(r['place'])} {end}"
    had = say_stat(code, _value(code, r["value"])) if rate else f"{_value(code, r['value'])} {said(code)}"
    teams = f"{q.league} teams" if q.league in LEAGUES else "major-league teams"
    return f"The {q.year} {r['name']} had {had}, {place} of the {r['teams']} {teams} that season."


def _value(code: str, value) -> str:
    """A team's number as said: '2.80' (ERA), '.254' (batting average), '1,654'."""
    return rate_said(code, value) if _rate(code) else number(int(value))


def _seasons(q: Question) -> tuple[int, int] | None:
    return (q.year, q.year) if q.year is not None else span(q)


def games(q: Question) -> int:
    """The fewest games a season counted has: 120, or for one season three quarters of its most games."""
    seasons = _seasons(q)
    if seasons and seasons[0] == seasons[1]:
        return min(MOST_GAMES, int(0.75 * max((r.G for r in teams_table()["rows"] if r.year == seasons[0]), default=0)))
    return MOST_GAMES


def args(q: Question) -> dict:
    seasons = _seasons(q)
    where = f" AND yearID BETWEEN {seasons[0]} AND {seasons[1]}" if seasons else ""
    where += f" AND lgID = '{q.league}'" if q.league in LEAGUES else ""
    return {"sql": _SQL.format(column=COLUMNS[stat(q)].format(t=""), where=where, games=games(q), way=way(q, stat(q)))}


def say(rows: list[dict], q: Question) -> str:
    if q.team:
        return one_say(rows, q)
    code, seasons = stat(q), _seasons(q)
    one = seasons and seasons[0] == seasons[1]
    when = f"in {seasons[0]}" if one else f"in one season from {seasons[0]} to {seasons[1]}" if seasons else \
        "in one season"
    where = f" in {league_name(q.league)}" if q.league in LEAGUES else ""
    short = [r for r in teams_table()["rows"] if seasons and seasons[0] <= r.year <= seasons[1] and r.G < games(q)]
    floor = f" (among teams of {games(q)} games or more)" if not one or short else ""
    low = way(q, code) == "ASC"
    end = ("lowest" if low else "highest") if _rate(code) else "fewest" if low else "most"
    value = lambda r: _value(code, r["value"])  # noqa: E731
    team = lambda r: r["name"] if one else f"{r['year']} {r['name']}"  # noqa: E731
    if not rows:
        return f"The database has no team {said(code)} {when}{where}."
    best = [f"the {team(r)}" for r in rows if r["value"] == rows[0]["value"]]
    rest = [f"the {team(r)} ({value(r)})" for r in rows[len(best):4]]
    what = said(code, "a team's") if code in WHOSE else f"{said(code)} by a team"
    return (f"The {end} {what} {when}{where}{floor}: {join(best)}, {value(rows[0])}."
            + (f" Next: {join(rest)}." if rest else ""))
