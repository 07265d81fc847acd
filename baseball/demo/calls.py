"""Building a call's arguments from a reading: the names the tools resolve, and SQL from a template.

Shared by the kinds (kinds/): a player's name as the tools read it (his id for a namesake), a team's own name
in the season asked, which strikeouts a question means, and a statement for the sql tool made from a template,
as a model would write it (the trace shows it).
"""

from __future__ import annotations

import re
from typing import Callable

from ..names import resolve_player, resolve_team
from ..vocab import FIRST_SEASON, LAST_SEASON
from .read import Question
from .words import ALLOWED, UNREAD

# A player named in a template's rows (People as p): his id, by which the answer says the site's name for him
# (say.answer: 'Ken Griffey Jr.', as the other tools name him), and People's first and last name.
NAME = "p.playerID AS pid, p.nameFirst || ' ' || p.nameLast AS name"


def said_given(q: Question) -> list[str]:
    """The words of a total given up that the kinds read ('allowed', 'home runs allowed', 'gave up'), if said: then
    the stat is words.ALLOWED's code ('HRA'), a team's (kinds/team_board.py) or pitchers' (team_leader,
    span_leaders)."""
    return [*UNREAD["allowed"], *(said for _, said, _ in ALLOWED.values())] \
        if q.stat in ALLOWED and q.has(*UNREAD["allowed"]) else []


def batters_struck_out(q: Question) -> bool:
    """'which batter struck out the most' (SO) versus 'who struck out the most batters' (K)."""
    if q.has("struck out the most batters", "struck out the most hitters", "struck out most batters",
             "strike out the most batters") or q.cue("pitcher"):
        return False
    return q.has("batter", "batters", "hitter", "hitters", "struck out the most", "strike out the most",
                 "struck out most", "whiffed the most")


def player_name(pid: str, name: str | None, season: int | None) -> str:
    """The name, as a person would pass it, when the tool reads it as this player; else his id (namesakes)."""
    found = resolve_player(name, season) if name else None
    return name if isinstance(found, tuple) and found[0].id == pid else pid


def team_row(q: Question, season: int):
    """The team's row that season, as the tools resolve it (the franchise's, if the name said is of another era), or
    None."""
    for said in (q.team, (q.franchise or "").lower()):
        if said and FIRST_SEASON <= season <= LAST_SEASON:
            row = resolve_team(said, season)
            if not isinstance(row, str) and (q.franchise is None or row.franch == q.franchise or said == q.team):
                return row
    return None


def team_name(q: Question, season: int) -> str:
    """The team's own name that season, as the tools resolve it (the franchise's, if the name said is of another era)."""
    row = team_row(q, season)
    return row.name if row else q.team or ""


def sql_player(template: str) -> Callable[[Question], dict | None]:
    """Arguments of one player's sql call: the template with his id (from the name index, so only letters, digits
    and dots) and the season asked, if any."""
    def args(q: Question) -> dict | None:
        if not re.fullmatch(r"[a-z0-9.]+", q.player or ""):
            return None
        year = f" AND yearID = {q.year}" if q.year is not None else ""
        return {"sql": template.format(pid=q.player, year=year)}
    return args
