"""Players past a career mark in a counting stat ('how many players have hit 500 home runs', 'the 3000 hit club'):
the sql tool, each player's major-league total, counted, the top of them named."""

from __future__ import annotations

import re

from ...vocab import NOT_MAJOR_SQL
from ..calls import NAME
from ..phrase import join, label, number
from ..read import Question, said_besides, stat_phrases
from .team_leader import COLUMNS

TOOL = "sql"
# Said of a whole career, not of one season ('have hit', 'the club', 'career'); a season's mark is not this kind.
CAREER = (" have ", " has ", " club ", " career ", " lifetime ", " all time ", " ever ")
SEASON = (" season ", " seasons ", " year ", " years ", " in a ", " single ")
_SQL = ("SELECT " + NAME + ", SUM(x.{column}) AS value, COUNT(*) OVER () AS players "
        "FROM {table} x JOIN People p ON p.playerID = x.playerID WHERE x.lgID NOT IN " + NOT_MAJOR_SQL
        + " GROUP BY x.playerID HAVING SUM(x.{column}) >= {mark} "
        "ORDER BY value DESC LIMIT 5")


def marks(q: Question) -> list[tuple[int, str]]:
    """(the mark, the stat) said together ('500 home runs', '3000 hit club'), each, for a stat summed here."""
    found = []
    for number_at in re.finditer(r" (\d{2,5}) ", q.text):
        after = q.text[number_at.end() - 1:].replace(" career ", " ", 1)
        code = next((c for p, c in stat_phrases() if after.startswith(f" {p} ")
                     or p.endswith("s") and after.startswith(f" {p[:-1]} ")), None)  # 'the 3000 hit club'
        found += [(int(number_at.group(1)), code)] if code in COLUMNS else []
    return found


def mark(q: Question) -> tuple[int, str] | None:
    return marks(q)[0] if marks(q) else None


def asked(q: Question) -> bool:
    return len(marks(q)) == 1 and any(w in q.text for w in CAREER) and not any(w in q.text for w in SEASON) \
        and not (q.player or q.team or q.year is not None or q.top or q.cue("streak", "active")  # 'a 30 hr streak'
                 or said_besides(q, "aggregate", "threshold", "total"))


def args(q: Question) -> dict | None:
    n, code = mark(q)
    table, column = COLUMNS[code]
    return {"sql": _SQL.format(table=table, column=column, mark=n)}


def say(rows: list[dict], q: Question) -> str:
    n, code = mark(q)
    said = f"{number(n)} or more career {label(code)} (major leagues only)"
    if not rows:
        return f"No player in the database has {said}."
    count = int(rows[0]["players"])
    top = join([f"{r['name']} ({number(r['value'])})" for r in rows])
    return f"{number(count)} player{'s have' if count != 1 else ' has'} {said}. " + (
        f"The most: {top}." if count > len(rows) else f"{'They are' if count > 1 else 'It is'} {top}.")
