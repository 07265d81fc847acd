"""A player's salaries, by season (the sql tool, Salaries: 1985-2016)."""

from __future__ import annotations

from ...vocab import SALARY_SEASONS
from ...names import team_in
from ..calls import sql_player
from ..phrase import join
from ..read import Question

TOOL = "sql"


args = sql_player("SELECT yearID, teamID, salary FROM Salaries WHERE playerID = '{pid}'{year} ORDER BY yearID")


def say(rows: list[dict], q: Question) -> str:
    name = q.name or "that player"
    first, last = SALARY_SEASONS
    if not rows:
        when = f" in {q.year}" if q.year is not None else ""
        return f"The database has no salary for {name}{when}; its salaries run from {first} to {last}."
    def team(r: dict) -> str:
        row = team_in(int(r["yearID"]), str(r["teamID"]))
        return f"the {row.name}" if row else str(r["teamID"])
    if q.year is not None:
        return f"In {q.year}, {name} was paid ${int(rows[0]['salary']):,} by {join([team(r) for r in rows])}."
    top = max(rows, key=lambda r: int(r["salary"]))
    years = sorted({int(r["yearID"]) for r in rows})
    return (f"The database has {name}'s salary for {len(years)} seasons from {years[0]} to {years[-1]}, the highest "
            f"${int(top['salary']):,} in {top['yearID']} with {team(top)}. Its salaries run from {first} to {last}.")
