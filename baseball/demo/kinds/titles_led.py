"""How many times a player led his league in a counting stat ('how many times did bonds lead the league in home
runs'): the sql tool, his total in each season and league (stints summed) against the league's best that season,
ties counted, major leagues only."""

from __future__ import annotations

from ...vocab import LEAGUES, NOT_MAJOR_SQL
from ..phrase import join, label, league_name, number
from ..read import Question
from .team_leader import COLUMNS

TOOL = "sql"
_SQL = ("WITH s AS (SELECT playerID, yearID, lgID, SUM({column}) AS v FROM {table} WHERE lgID NOT IN " + NOT_MAJOR_SQL
        + " AND (yearID, lgID) IN (SELECT yearID, lgID FROM {table} "
        "WHERE playerID = '{pid}'{league}) GROUP BY playerID, yearID, lgID) "
        "SELECT s.yearID AS year, s.lgID AS league, s.v AS value, (SELECT COUNT(*) FROM s o WHERE o.yearID = s.yearID "
        "AND o.lgID = s.lgID AND o.v = s.v) AS tied FROM s WHERE s.playerID = '{pid}' AND s.v > 0 AND s.v = "
        "(SELECT MAX(o.v) FROM s o WHERE o.yearID = s.yearID AND o.lgID = s.lgID) ORDER BY s.yearID")
HOW_MANY = ("how many times", "how often", "how many seasons", "how many years")
LED = ("lead the", "led the", "leads the", "leading the")  # as said (a follow-up keeps the words, not the cue)


def asked(q: Question) -> bool:
    """'how many times did he lead the league in it', 'how many home run titles did he win'."""
    return bool(q.player and q.stat) and q.year is None and not (q.cue("compare") or q.team) and (
        q.has(*HOW_MANY) and q.has(*LED) or q.has("how many") and q.has("titles", "crowns"))


def args(q: Question) -> dict | None:
    if q.stat not in COLUMNS or not q.player.replace(".", "").isalnum():
        return None
    table, column = COLUMNS[q.stat]
    league = f" AND lgID = '{q.league}'" if q.league in LEAGUES else ""
    return {"sql": _SQL.format(table=table, column=column, pid=q.player, league=league)}


def say(rows: list[dict], q: Question) -> str:
    name, what = q.name or "He", label(q.stat)
    if not rows:
        return f"{name} never led his league in {what} (major leagues, ties counted)."
    said = [f"{r['year']} ({league_name(r['league'])}, {number(r['value'])}{', tied' if int(r['tied']) > 1 else ''})"
            for r in rows]
    return (f"{name} led his league in {what} {len(rows)} time{'s' if len(rows) != 1 else ''} (ties counted): "
            f"{join(said)}.")
