"""The highest-paid players of one season (the sql tool, Salaries: 1985-2016): 'who was the highest paid player in
2016'."""

from __future__ import annotations

from ...names import team_in
from ...vocab import SALARY_SEASONS
from ..phrase import join
from ..read import Question

TOOL = "sql"
TOP = ("highest paid", "best paid", "biggest salary", "biggest salaries", "highest salary", "highest salaries",
       "top salary", "top salaries", "most money", "largest salary", "paid the most", "made the most")


def asked(q: Question) -> bool:
    return q.year is not None and q.has(*TOP) and not (q.player or q.team or q.unread)


def args(q: Question) -> dict:
    return {"sql": "SELECT p.nameFirst || ' ' || p.nameLast AS name, s.teamID, s.salary FROM Salaries s JOIN People p "
                   f"ON p.playerID = s.playerID WHERE s.yearID = {q.year} ORDER BY s.salary DESC LIMIT 4"}


def say(rows: list[dict], q: Question) -> str:
    if not rows:
        return f"The database has no salaries for {q.year}; its salaries run from {SALARY_SEASONS[0]} to {SALARY_SEASONS[1]}."
    def said(r: dict) -> str:
        row = team_in(int(q.year), str(r["teamID"]))
        return f"{r['name']} (${int(r['salary']):,}, {row.name if row else r['teamID']})"
    return f"The highest salary in {q.year} in the database: {said(rows[0])}. Next: {join([said(r) for r in rows[1:]])}."
