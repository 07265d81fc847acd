"""A manager's own record across his seasons, team by team (the sql tool, Managers)."""

from __future__ import annotations

from ...names import team_in
from ..calls import sql_player
from ..phrase import join, pct
from ..read import Question

TOOL = "sql"
args = sql_player("SELECT teamID, MIN(yearID) AS first, MAX(yearID) AS last, SUM(G) AS games, SUM(W) AS wins, "
                  "SUM(L) AS losses FROM Managers WHERE playerID = '{pid}' GROUP BY teamID ORDER BY first")
SHOWN = 4  # teams named; the rest counted


def asked(q: Question) -> bool:
    """His record as a manager: the manager cue with nothing the kind does not read but the manager words, and no
    stat beyond wins, losses or games."""
    return q.cue("manager") and q.unread_why in (None, "manager") and q.stat in (None, "W", "L", "G")


def say(rows: list[dict], q: Question) -> str:
    name = q.name or "He"
    if not rows:
        return f"The database lists no seasons as a manager for {name}."
    wins, losses = sum(int(r["wins"]) for r in rows), sum(int(r["losses"]) for r in rows)
    first, last = min(int(r["first"]) for r in rows), max(int(r["last"]) for r in rows)
    span = f"in {first}" if first == last else f"from {first} to {last}"
    teams = [f"the {getattr(team_in(int(r['last']), r['teamID']), 'name', r['teamID'])}" for r in rows]
    more = len(teams) - SHOWN
    named = teams[:SHOWN] + ([f"{more} other team{'s' if more > 1 else ''}"] if more > 0 else [])
    return (f"As a manager, {name} won {wins:,} games and lost {losses:,} (a {pct(wins, losses)} record), {span}, with "
            f"{join(named)}.")
