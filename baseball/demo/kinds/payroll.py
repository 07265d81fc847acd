"""A team's payroll in a season and its highest-paid players (the sql tool, Salaries: 1985-2016)."""

from __future__ import annotations

from ...vocab import SALARY_SEASONS
from ..calls import NAME, team_row
from ..phrase import join
from ..read import Question

TOOL = "sql"
TEMPLATE = ("SELECT " + NAME + ", s.salary, SUM(s.salary) OVER () AS payroll, "
            "COUNT(*) OVER () AS players FROM Salaries s JOIN People p ON p.playerID = s.playerID "
            "WHERE s.yearID = {year} AND s.teamID = '{team}' ORDER BY s.salary DESC LIMIT 3")


def args(q: Question) -> dict | None:
    """The statement for the team and season asked; None (the row does not fit) outside the salary seasons."""
    first, last = SALARY_SEASONS
    row = team_row(q, q.year) if q.year is not None and first <= q.year <= last else None
    return {"sql": TEMPLATE.format(year=q.year, team=row.id)} if row and row.id.isalnum() else None


def say(rows: list[dict], q: Question) -> str:
    row = team_row(q, q.year)
    team = f"the {q.year} {row.name}" if row else "that team"
    if not rows:
        first, last = SALARY_SEASONS
        return f"The database has no salaries for {team}; its salaries run from {first} to {last}."
    top = join([f"{r['name']} (${int(r['salary']):,})" for r in rows])
    total = f"The payroll of {team} was ${int(rows[0]['payroll']):,}, over {rows[0]['players']} players on the books."
    paid = f"The highest paid {'was' if len(rows) == 1 else 'were'} {top}."
    return f"{paid} {total}" if q.has("highest paid", "best paid", "most paid", "top paid", "paid the most") else \
        f"{total} {paid}"
