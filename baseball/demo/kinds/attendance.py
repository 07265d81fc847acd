"""A team's attendance and home park in a season, or a whole season's: its fans in all, a game's average and the
teams that drew the most (the sql tool, Teams)."""

from __future__ import annotations

from ...vocab import NOT_MAJOR_SQL
from ..calls import team_row
from ..phrase import join
from ..read import Question
from ..words import EXTREMES

TOOL = "sql"
TEMPLATE = "SELECT name, park, attendance, Ghome AS home_games FROM Teams WHERE yearID = {year} AND teamID = '{team}'"


def args(q: Question) -> dict | None:
    """The statement for the team and season asked; None (the row does not fit) when the team did not play then."""
    row = team_row(q, q.year) if q.year is not None else None
    return {"sql": TEMPLATE.format(year=q.year, team=row.id)} if row and row.id.isalnum() else None


SEASON = ("SELECT name, attendance, SUM(attendance) OVER () AS total, SUM(Ghome) OVER () AS games FROM Teams WHERE "
          "yearID = {year} AND attendance > 0 AND lgID NOT IN " + NOT_MAJOR_SQL + " "
          "ORDER BY attendance DESC LIMIT 3")


def season_args(q: Question) -> dict | None:
    """A season's attendance over all teams, the most first; None for the other end ('the lowest attendance')."""
    low = q.has(*EXTREMES["down"], *EXTREMES["worst"])
    series = q.cue("world_series", "postseason", "rounds", "pennant")  # a series' crowds are not in the tables
    return {"sql": SEASON.format(year=q.year)} if q.year is not None and not (low or q.league or series) else None


def _season(rows: list[dict], q: Question) -> str:
    if not rows:
        return f"The database lists no attendance for {q.year}."
    total, games = int(rows[0]["total"]), int(rows[0]["games"] or 0)
    average = f", {round(total / games):,} a game on average" if games else ""
    most = join([f"the {r['name']} ({int(r['attendance']):,})" for r in rows])
    return f"In {q.year}, {total:,} fans went to major-league games{average}. The teams that drew the most: {most}."


def say(rows: list[dict], q: Question) -> str:
    if not q.team:
        return _season(rows, q)
    r = rows[0] if rows else {}
    if not r:
        return f"The database has no season {q.year} for that team."
    team = f"the {q.year} {r['name']}"
    park = f" at {r['park']}" if r.get("park") else ""
    if not r.get("attendance"):
        return f"The database lists no attendance for {team}; they played their home games{park}."
    games = f" over {int(r['home_games'])} home games" if r.get("home_games") else ""
    return f"{team[0].upper()}{team[1:]} drew {int(r['attendance']):,} fans{games}, playing their home games{park}."
