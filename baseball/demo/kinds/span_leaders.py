"""The leaders of a counting stat over a span of seasons: a decade ('the most home runs in the 90s'), seasons since
one ('since 2000') or between two ('from 2010 to 2019'). The sql tool: each player's major-league total over the span."""

from __future__ import annotations

import re

from ...vocab import LAST_SEASON, LEAGUES, NOT_MAJOR_SQL
from ..phrase import join, label, league_name, number
from ..read import Question, said_besides
from .leaders import role
from .team_leader import COLUMNS, SINGLE

TOOL = "sql"
_SQL = ("SELECT p.nameFirst || ' ' || p.nameLast AS name, SUM(x.{column}) AS value FROM {table} x JOIN People p "
        "ON p.playerID = x.playerID WHERE x.yearID BETWEEN {first} AND {last}{league} AND x.lgID NOT IN " + NOT_MAJOR_SQL
        + " GROUP BY x.playerID ORDER BY value DESC LIMIT 5")


def span(q: Question) -> tuple[int, int] | None:
    """(first, last season) of the span said, within the data."""
    if q.decade is not None:
        return q.decade, min(q.decade + 9, LAST_SEASON)
    since = re.search(r" since (\d{4}) ", q.text)
    if since:
        return int(since.group(1)), LAST_SEASON
    between = re.search(r" (?:from|between) (\d{4}) (?:to|and|through|thru|until) (\d{4}) ", q.text)
    return (int(between.group(1)), int(between.group(2))) if between else None


def stat(q: Question) -> str | None:
    return q.stat or (role(q) or (None,))[0]


# A team's total, or one season's best, over the span: not a player's total (declined as before).
NOT_SUMMED = ("team", "teams", "franchise", "franchises") + SINGLE


def asked(q: Question) -> bool:
    return span(q) is not None and stat(q) in COLUMNS and q.cue("leader") and q.text.count(" decade ") < 2 and not (
        q.player or q.team or q.has(*NOT_SUMMED) or q.cue("single_season") or said_besides(q, "aggregate"))


def args(q: Question) -> dict:
    (first, last), (table, column) = span(q), COLUMNS[stat(q)]
    league = f" AND x.lgID = '{q.league}'" if q.league in LEAGUES else ""
    return {"sql": _SQL.format(table=table, column=column, first=first, last=last, league=league)}


def say(rows: list[dict], q: Question) -> str:
    (first, last), what = span(q), label(stat(q))
    rows = [r for r in rows if r.get("value")]
    if not rows:
        return f"The database has no {what} from {first} to {last}."
    best = [r["name"] for r in rows if r["value"] == rows[0]["value"]]
    rest = [f"{r['name']} ({number(r['value'])})" for r in rows[:4] if r["name"] not in best]
    where = f"in {league_name(q.league)}" if q.league in LEAGUES else "(major leagues only)"
    return (f"From {first} to {last}, {join(best)} had the most {what}, {number(rows[0]['value'])} {where}."
            + (f" Next: {join(rest)}." if rest else ""))
