"""A team's leaders in a counting stat the team_season tool does not rank (the sql tool, Batting or Pitching): one
season's ('who led the tigers in wins in 1968'), or, with no season said, the franchise's over all its seasons under
any name ('who stole the most bases for the royals')."""

from __future__ import annotations

import re

from ...vocab import STATS
from ..calls import team_row
from ..phrase import join, label, number, say_stat
from ..read import Question

TOOL = "sql"
# stat -> (table, column) in the release's tables; a rate or innings are not summed here.
COLUMNS = {"HR": ("Batting", "HR"), "H": ("Batting", "H"), "R": ("Batting", "R"), "RBI": ("Batting", "RBI"),
           "SB": ("Batting", "SB"), "BB": ("Batting", "BB"), "SO": ("Batting", "SO"), "2B": ("Batting", '"2B"'),
           "3B": ("Batting", '"3B"'), "W": ("Pitching", "W"), "L": ("Pitching", "L"), "SV": ("Pitching", "SV"),
           "K": ("Pitching", "SO"), "SHO": ("Pitching", "SHO"), "CG": ("Pitching", "CG")}
_NAME = "p.nameFirst || ' ' || p.nameLast AS name"
_LEADERS = ("SELECT " + _NAME + ", SUM(x.{column}) AS value FROM {table} x JOIN People p ON p.playerID = x.playerID "
            "{join}WHERE {where} GROUP BY x.playerID ORDER BY value DESC LIMIT 5")
# Who is asked for: a person, not whether the team itself led ('did the tigers lead the league in wins').
WHO = ("who", "which player", "which pitcher", "which hitter", "what player", "what pitcher", "whos")
# Or the question starts with the ranking ('most walks on the 2001 giants').
STARTS = (" most ", " the most ", " top ", " leader ", " leaders ")


def asked(q: Question) -> bool:
    """A team's leader in a stat this kind sums, of a season or of all its seasons."""
    return bool(q.team) and q.stat in COLUMNS and (q.has(*WHO) or q.text.startswith(STARTS)) and not q.player \
        and not q.also


def args(q: Question) -> dict | None:
    table, column = COLUMNS[q.stat]
    row = team_row(q, q.year) if q.year is not None else None
    if q.year is not None:
        if row is None or not re.fullmatch(r"[A-Z0-9]+", row.id):
            return None
        where, join_ = f"x.yearID = {q.year} AND x.teamID = '{row.id}'", ""
    else:
        if not re.fullmatch(r"[A-Z0-9]+", q.franchise or ""):
            return None
        where, join_ = f"t.franchID = '{q.franchise}'", "JOIN Teams t ON t.yearID = x.yearID AND t.teamID = x.teamID "
    return {"sql": _LEADERS.format(column=column, table=table, join=join_, where=where)}


def say(rows: list[dict], q: Question) -> str:
    rows = [r for r in rows if r.get("value")]
    team = f"the {q.year} {_team(q)}" if q.year is not None else f"the {_team(q)}"
    over = "" if q.year is not None else " over the franchise's history (every season, under any of its names)"
    if not rows:
        return f"The database has no {label(q.stat)} for {team}{over}."
    best = [r for r in rows if r["value"] == rows[0]["value"]]
    rest = [f"{r['name']} ({number(r['value'])})" for r in rows[:4] if r not in best]
    text = f"{join([r['name'] for r in best])} led {team} in {label(q.stat)}{over}, with " \
        f"{say_stat(q.stat, rows[0]['value'])}."
    return text + (f" Next: {join(rest)}." if rest else "")


def _team(q: Question) -> str:
    row = team_row(q, q.year) if q.year is not None else None
    if row is not None:
        return row.name
    from ...names import teams_table
    names = [r.name for r in teams_table()["rows"] if r.franch == q.franchise]
    return names[-1] if names else (q.team or "team").title()

