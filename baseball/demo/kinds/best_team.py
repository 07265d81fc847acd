"""The franchise a player had the most of a counting stat for (the sql tool, Batting or Pitching by franchise): 'which
team did babe ruth hit the most home runs for'. Each franchise is named as it was in his last season with it."""

from __future__ import annotations

import re

from ..phrase import join, label, number
from ..read import Question
from .team_leader import COLUMNS

TOOL = "sql"
_BY_FRANCHISE = ("SELECT (SELECT n.name FROM Teams n WHERE n.franchID = g.franchID AND n.yearID = g.last) AS team, "
                 "g.first, g.last, g.value FROM (SELECT t.franchID, MIN(x.yearID) AS first, MAX(x.yearID) AS last, "
                 "SUM(x.{column}) AS value FROM {table} x JOIN Teams t ON t.yearID = x.yearID AND t.teamID = x.teamID "
                 "WHERE x.playerID = '{pid}' GROUP BY t.franchID) g ORDER BY g.value DESC LIMIT 4")


def asked(q: Question) -> bool:
    """'which team did babe ruth hit the most home runs for': a player's stat by franchise."""
    return bool(q.player) and q.stat in COLUMNS and q.has("which team", "what team") and q.has("most") \
        and not (q.team or q.year is not None or q.rival)


def args(q: Question) -> dict | None:
    table, column = COLUMNS[q.stat]
    if not re.fullmatch(r"[a-z0-9.]+", q.player or ""):
        return None
    return {"sql": _BY_FRANCHISE.format(column=column, table=table, pid=q.player)}


def say(rows: list[dict], q: Question) -> str:
    rows = [r for r in rows if r.get("value")]
    if not rows:
        return f"The database has no {label(q.stat)} for {q.name}."
    top = rows[0]
    text = f"{q.name} had the most {label(q.stat)} for the {top['team']}: {number(top['value'])} ({_span(top)})."
    rest = [f"{number(r['value'])} for the {r['team']}" for r in rows[1:]]
    return text + (f" He had {join(rest)}." if rest else "")


def _span(r: dict) -> str:
    return f"in {r['first']}" if r["first"] == r["last"] else f"{r['first']} to {r['last']}"
