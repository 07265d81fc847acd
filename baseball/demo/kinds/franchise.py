"""A franchise's all-time record and its championships counted, across all its names (the sql tool: Teams by
franchID; World Series titles from SeriesPost round 'WS', a tied series won by neither; the Negro World Series,
round 'NWS', counted apart)."""

from __future__ import annotations

import re

from ..phrase import pct
from ..read import Question

TOOL = "sql"
# A series won outright (a tied one, as in 1890, is won by neither), of the round named.
WON_OUTRIGHT = "s.round = '{round}' AND s.wins > s.losses"
_WON = ("SELECT COUNT(*) FROM SeriesPost s JOIN Teams w ON w.yearID = s.yearID AND w.teamID = s.teamIDwinner "
        "WHERE " + WON_OUTRIGHT + " AND w.franchID = '{{f}}'")
TEMPLATE = ("SELECT (SELECT name FROM Teams WHERE franchID = '{f}' ORDER BY yearID DESC LIMIT 1) AS name, "
            "MIN(yearID) AS first, MAX(yearID) AS last, COUNT(*) AS seasons, SUM(W) AS wins, SUM(L) AS losses, "
            "SUM(LgWin = 'Y') AS pennants, (" + _WON.format(round="WS") + ") AS titles, (" +
            _WON.format(round="WS").replace("COUNT(*)", "MAX(s.yearID)") + ") AS last_title, (" +
            _WON.format(round="NWS") + ") AS negro_titles FROM Teams WHERE franchID = '{f}'")

_COUNTS = ("how many", "number of", "count")
_WINS = ("won", "win", "wins", "winning", "titles", "championships", "rings", "pennants")
NOT_WON = ("lost", "lose", "losses", "losing", "appear", "appeared", "appearances", "played in", "play in", "been to",
            "been in", "make", "made", "reach", "reached", "go to", "went to", "since", "last", "first", "when")
_ALL_TIME = ("all time record", "all time win loss record", "franchise record", "record all time", "overall record",
             "record in franchise history", "all time wins", "all time")


# When its last World Series title was ('when did the cubs last win it all').
LAST_WON = ("when did", "last time", "what year did", "when was the last", "last won", "last win")


def _last(q: Question) -> bool:
    return q.cue("world_series") and q.has(*LAST_WON) and q.has("last") and q.has("won", "win", "winning")


def asked(q: Question) -> bool:
    """Titles or pennants counted ('how many world series have the red sox won'), or the record over all seasons
    ('the yankees' all-time record'), or its last title: a team, no season, no player, and nothing the kind does not
    read."""
    if not (q.team and q.franchise) or q.year is not None or q.player or q.unread:
        return False
    if _last(q):
        return True
    if q.has(*NOT_WON):
        return False
    counted = q.has(*_COUNTS) and q.has(*_WINS) and (q.cue("world_series", "pennant", "rings", "negro_ws")
                                                       or q.has("championships", "titles"))
    return counted or (q.has(*_ALL_TIME) and q.cue("record") and q.stat in (None, "W", "L"))


def args(q: Question) -> dict | None:
    return {"sql": TEMPLATE.format(f=q.franchise)} if re.fullmatch(r"[A-Z0-9]+", q.franchise or "") else None


def say(rows: list[dict], q: Question) -> str:
    r = rows[0] if rows else {}
    if not r.get("seasons"):
        return "The database has no seasons for that franchise."
    name, wins, losses = r["name"], int(r["wins"]), int(r["losses"])
    titles, pennants, negro = int(r["titles"]), int(r["pennants"]), int(r["negro_titles"])
    won = (f"{titles} World Series" + (f" (the last in {r['last_title']})" if titles else "") +
           f" and {pennants} pennant{'s' if pennants != 1 else ''}")
    if negro or q.cue("negro_ws"):
        won += f", and, counted apart, {negro} Negro World Series"
    span = f"{r['seasons']} seasons from {r['first']} to {r['last']}"
    if _last(q):
        return (f"The {name} last won the World Series in {r['last_title']}, one of {titles} titles in {span}." if titles
                else f"The {name} franchise has never won the World Series, in {span}.")
    record = f"an all-time record of {wins:,}-{losses:,} (a {pct(wins, losses)} winning percentage)"
    if q.has(*_COUNTS):
        return f"The {name} franchise has won {won} in {span}, with {record}."
    return f"The {name} franchise has {record} in {span}, and has won {won}."
