"""Who played for a team in a season (the sql tool, Appearances): how many, and those with the most games."""

from __future__ import annotations

import re

from ..calls import NAME, team_row
from ..phrase import join
from ..read import Question

TOOL = "sql"
TEMPLATE = ("SELECT " + NAME + ", a.G_all AS games, COUNT(*) OVER () AS players "
            "FROM Appearances a JOIN People p ON p.playerID = a.playerID "
            "WHERE a.yearID = {year} AND a.teamID = '{team}' ORDER BY a.G_all DESC LIMIT 6")
SAID = ("who played for", "who was on", "who were on", "roster", "rosters", "who played on", "players on",
        "players were on", "lineup")


def asked(q: Question) -> bool:
    return q.has(*SAID) and q.year is not None and not (q.player or q.stat or q.award)


def args(q: Question) -> dict | None:
    row = team_row(q, q.year)
    if row is None or not re.fullmatch(r"[A-Z0-9]+", row.id):
        return None
    return {"sql": TEMPLATE.format(year=q.year, team=row.id)}


def say(rows: list[dict], q: Question) -> str:
    row = team_row(q, q.year)
    team = f"the {q.year} {row.name if row else q.team}"
    if not rows:
        return f"The database lists no players for {team}."
    most = join([f"{r['name']} ({r['games']} games)" for r in rows])
    return f"{rows[0]['players']} players played for {team}. Those with the most games: {most}."
