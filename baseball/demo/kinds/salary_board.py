"""The highest-paid players of one season (the sql tool, Salaries: 1985-2016): 'who was the highest paid player in
2016'."""

from __future__ import annotations

from ...names import team_in
from ...vocab import SALARY_SEASONS
from ..calls import NAME
from ..phrase import join
from ..read import Question

TOOL = "sql"
TOP = ("highest paid", "best paid", "biggest salary", "biggest salaries", "highest salary", "highest salaries",
       "top salary", "top salaries", "most money", "largest salary", "paid the most", "made the most")


AVERAGE = ("average salary", "average player salary", "mean salary", "average pay", "typical salary")


def asked(q: Question) -> bool:
    averaged = q.unread_why == "aggregate" and q.has(*AVERAGE)  # 'the average salary': this kind's own aggregate
    return q.year is not None and q.has(*TOP, *AVERAGE) and not (q.player or q.team or q.league or q.position
                                                                 or q.cue("pitcher") or q.unread and not averaged)


def args(q: Question) -> dict:
    if q.has(*AVERAGE):
        return {"sql": f"SELECT CAST(ROUND(AVG(salary)) AS INTEGER) AS average, COUNT(*) AS players FROM Salaries WHERE yearID = {q.year}"}
    return {"sql": "SELECT " + NAME + ", s.teamID, s.salary FROM Salaries s JOIN People p "
                   f"ON p.playerID = s.playerID WHERE s.yearID = {q.year} ORDER BY s.salary DESC LIMIT 4"}


def say(rows: list[dict], q: Question) -> str:
    rows = [r for r in rows if r.get("salary") or r.get("average")]
    if rows and "average" in rows[0]:
        return (f"The average salary in {q.year} in the database was ${int(rows[0]['average']):,}, over "
                f"{int(rows[0]['players']):,} players' salaries.")
    if not rows:
        return f"The database has no salaries for {q.year}; its salaries run from {SALARY_SEASONS[0]} to {SALARY_SEASONS[1]}."
    def said(r: dict) -> str:
        row = team_in(int(q.year), str(r["teamID"]))
        return f"{r['name']} (${int(r['salary']):,}, {row.name if row else r['teamID']})"
    return f"The highest salary in {q.year} in the database: {said(rows[0])}. Next: {join([said(r) for r in rows[1:]])}."
