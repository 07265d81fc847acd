"""Rookie seasons ranked by a counting stat or a rate, or counted past a mark ('the most home runs by a rookie', 'how
many rookies hit 30 home runs', 'the lowest whip among rookies in 2015', 'the best rookie season ever': OPS), a rate
among the seasons qualified for the title (vocab.qualified_sql): the sql tool. The
tables mark no rookie season; the answer states the reading, the rule's at-bats and innings without its days on a
roster: the season a player passed 130 at-bats or 50 innings for the first time, major leagues only."""

from __future__ import annotations

import re

from ...vocab import LEAGUES, NOT_MAJOR_SQL, TEAM_GAMES_SQL, qualified_sql
from ..calls import NAME
from ..phrase import join, label, league_name, number, rate_said
from ..read import Question
from .span_leaders import PA, RATES, untaken, way
from .team_leader import COLUMNS

TOOL = "sql"
_MAJOR = "lgID NOT IN " + NOT_MAJOR_SQL
# Each player's rookie season: at-bats and outs pitched summed over his seasons, the first that passes either limit.
_ROOKIE = ("WITH s AS (SELECT playerID, yearID, SUM(ab) AS ab, SUM(outs) AS outs FROM (SELECT playerID, yearID, "
           "AB AS ab, 0 AS outs FROM Batting WHERE " + _MAJOR + " UNION ALL SELECT playerID, yearID, 0, IPouts FROM "
           "Pitching WHERE " + _MAJOR + ") GROUP BY playerID, yearID), r AS (SELECT playerID, yearID FROM (SELECT "
           "playerID, yearID, ab, outs, SUM(ab) OVER w AS ab_to, SUM(outs) OVER w AS outs_to FROM s WINDOW w AS "
           "(PARTITION BY playerID ORDER BY yearID)) WHERE ab_to - ab <= 130 AND outs_to - outs <= 150 AND "
           "(ab_to > 130 OR outs_to > 150))")
# A rate's seasons are each held to the title's qualifier: a team's games first, then its players' rows (by index).
_SQL = (_ROOKIE + "{games_cte} SELECT " + NAME + ", x.yearID AS year, {value} AS value, COUNT(*) OVER () AS seasons "
        "FROM {games}{table} x {on}JOIN People p ON p.playerID = x.playerID WHERE (x.playerID, x.yearID) IN r AND x."
        + _MAJOR + "{where} GROUP BY x.playerID, x.yearID HAVING {having} ORDER BY value {way}, year LIMIT 5")
READING = ("a rookie season here is the one in which a player passed 130 at-bats or 50 innings for the first time; the "
           "rule's days on a roster are not in the tables")
SAID = ("rookie", "rookies", "rookie season", "rookie seasons", "rookie year", "as a rookie", "by a rookie",
        "rookie record", "how many rookies")
BEST = "OPS"  # 'the best rookie season': the highest OPS among those qualified for the batting title


def stat(q: Question) -> str | None:
    return q.stat if q.stat in COLUMNS or q.stat in RATES else \
        BEST if q.stat is None and q.has("best") and not q.cue("pitcher") else None


def mark(q: Question) -> int | None:
    found = re.search(r" (\d{1,3}) ", q.text)
    return int(found.group(1)) if found else None


def asked(q: Question) -> bool:
    return q.has("rookie", "rookies") and stat(q) is not None and q.position in (None, "P") \
        and not (q.award or q.player or q.team or q.also) \
        and (q.cue("leader") or mark(q) is not None and q.has("how many")) and not untaken(q, list(SAID))


def args(q: Question) -> dict:
    code, where = stat(q), (f" AND x.yearID = {q.year}" if q.year is not None else "") + \
        (f" AND x.lgID = '{q.league}'" if q.league in LEAGUES else "")
    if code in RATES:
        table, rate, counted = RATES[code]
        years = f"yearID = {q.year}" if q.year is not None else "1 = 1"
        return {"sql": _SQL.format(value=rate, table=table, where=where, way=way(q, code),
                                   games_cte=", " + TEAM_GAMES_SQL.format(years=years),
                                   games="team_games g JOIN ", on="ON x.yearID = g.yearID AND x.teamID = g.teamID ",
                                   having=qualified_sql(counted, "MAX(g.G)", table == "Pitching"))}
    table, column = COLUMNS[code]
    least = mark(q) if mark(q) is not None and q.has("how many") else 1
    return {"sql": _SQL.format(value=f"SUM(x.{column})", table=table, where=where, having=f"value >= {least}",
                               way="DESC", games_cte="", games="", on="")}


def say(rows: list[dict], q: Question) -> str:
    code = stat(q)
    when = (f" in {q.year}" if q.year is not None else "") + (f" in {league_name(q.league)}" if q.league in LEAGUES
                                                               else "")
    value = (lambda r: rate_said(code, r["value"])) if code in RATES else (lambda r: number(r["value"]))  # noqa: E731
    seasons = [f"{r['name']} ({value(r)} in {r['year']})" for r in rows[:4]]
    if code in RATES:
        pitching = RATES[code][0] == "Pitching"
        what = (f"The {'lowest' if way(q, code) == 'ASC' else 'highest'} {label(code)} in a rookie season{when}, "
                f"among those qualified for the title ("
                + ("an inning pitched per game of his team, 162 in a 162-game season)" if pitching else
                   "3.1 plate appearances per game of his team, 502 in a 162-game season)"))
    elif mark(q) is not None and q.has("how many"):
        count = int(rows[0]["seasons"]) if rows else 0
        return (f"{number(count)} rookie season{'s' if count != 1 else ''}{when} had {mark(q)} or more {label(code)} "
                f"({READING})." + (f" The most: {join(seasons)}." if seasons else ""))
    else:
        what = f"The most {label(code)} in a rookie season{when}"
    if not rows:
        return f"The database has no rookie season to rank{when} ({READING})."
    top = sum(1 for r in rows[:4] if r["value"] == rows[0]["value"])
    return (f"{what}: {join(seasons[:top])}." + (f" Next: {join(seasons[top:])}." if seasons[top:] else "")
            + f" ({READING[0].upper()}{READING[1:]}.)")
