"""The youngest or the oldest player in the majors in a season (the sql tool, Appearances and People).

Major leagues only (independent clubs' rows are not), among players whose birth date the database has.
"""

from __future__ import annotations

from ...names import team_in
from ...vocab import NOT_MAJOR_SQL
from ..calls import NAME
from ..phrase import join, said_date
from ..read import Question

TOOL = "sql"
TEMPLATE = ("SELECT " + NAME + ", p.birthYear, p.birthMonth, p.birthDay, "
            "GROUP_CONCAT(DISTINCT a.teamID) AS teams FROM Appearances a JOIN People p ON p.playerID = a.playerID "
            "WHERE a.yearID = {year} AND a.lgID NOT IN " + NOT_MAJOR_SQL + " AND p.birthYear IS NOT NULL "
            "AND p.birthMonth IS NOT NULL AND p.birthDay IS NOT NULL GROUP BY p.playerID "
            "ORDER BY p.birthYear {way}, p.birthMonth {way}, p.birthDay {way} LIMIT 1")
# What asks for one season's youngest or oldest player, and what asks something else ('to debut': a debut season).
SAID = ("youngest player", "oldest player", "youngest major leaguer", "oldest major leaguer", "youngest guy",
        "oldest guy", "youngest man", "oldest man")
NOT_THIS = ("debut", "debuted", "rookie", "first", "ever", "history", "all time", "to play", "to appear", "pitcher",
            "hitter", "batter")


def asked(q: Question) -> bool:
    return q.has(*SAID) and not q.has(*NOT_THIS)


def args(q: Question) -> dict:
    return {"sql": TEMPLATE.format(year=q.year, way="DESC" if q.has("youngest") else "ASC")}


def say(rows: list[dict], q: Question) -> str:
    which = "youngest" if q.has("youngest") else "oldest"
    if not rows:
        return f"The database has no birth dates for the players of {q.year}."
    r = rows[0]
    teams = [getattr(team_in(q.year, t), "name", t) for t in str(r["teams"]).split(",")]
    born = said_date(f"{int(r['birthYear']):04d}-{int(r['birthMonth']):02d}-{int(r['birthDay']):02d}")
    return (f"The {which} player in the majors in {q.year} was {r['name']}, born on {born}, who played for "
            f"{join(['the ' + t for t in teams])}.")
