"""A team's attendance and home park in a season (the sql tool, Teams)."""

from __future__ import annotations

from ..calls import team_row
from ..read import Question

TOOL = "sql"
TEMPLATE = "SELECT name, park, attendance, Ghome AS home_games FROM Teams WHERE yearID = {year} AND teamID = '{team}'"


def args(q: Question) -> dict | None:
    """The statement for the team and season asked; None (the row does not fit) when the team did not play then."""
    row = team_row(q, q.year) if q.year is not None else None
    return {"sql": TEMPLATE.format(year=q.year, team=row.id)} if row and row.id.isalnum() else None


def say(rows: list[dict], q: Question) -> str:
    r = rows[0] if rows else {}
    if not r:
        return f"The database has no season {q.year} for that team."
    team = f"the {q.year} {r['name']}"
    park = f" at {r['park']}" if r.get("park") else ""
    if not r.get("attendance"):
        return f"The database lists no attendance for {team}; they played their home games{park}."
    games = f" over {int(r['home_games'])} home games" if r.get("home_games") else ""
    return f"{team[0].upper()}{team[1:]} drew {int(r['attendance']):,} fans{games}, playing their home games{park}."
