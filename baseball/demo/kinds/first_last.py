"""The first or the last time something happened in the majors (the sql tool): a .400 season (3.1 plate
appearances per team game, the batting title's rule: vocab.qualified_sql), the batting Triple Crown, the pitching
Triple Crown, a counting stat's mark in a season ('the last pitcher to win 30 games').

Each event is a row of ``EVENTS``: the phrases that name it and the statement that finds its seasons, in the order
asked (the last first, or the first first). A .400 season is read in the AL and NL and, apart, in the other major
leagues (the 19th century's and the Negro Leagues of 1920-1948), which the answer names when they go further.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...vocab import CROWN_PITCHED_SQL, NOT_MAJOR_SQL, TEAM_GAMES_SQL, qualified_sql
from ..calls import NAME
from ..phrase import join, label, league_name
from ..read import Question
from .team_leader import COLUMNS

TOOL = "sql"
_MAJOR = "b.lgID NOT IN " + NOT_MAJOR_SQL
_AVG400 = ("WITH " + TEAM_GAMES_SQL.format(years="1 = 1") + ", s AS (SELECT b.playerID, b.yearID, SUM(b.H) AS hits, "
           "SUM(b.AB) AS at_bats, SUM(b.AB + b.BB + COALESCE(b.HBP, 0) + COALESCE(b.SF, 0) + COALESCE(b.SH, 0)) AS "
           "appearances, MAX(g.G) AS games, MAX(b.lgID IN ('AL', 'NL')) AS al_nl, GROUP_CONCAT(DISTINCT b.lgID) AS "
           "leagues FROM team_games g JOIN Batting b ON b.yearID = g.yearID AND b.teamID = g.teamID WHERE " + _MAJOR +
           " GROUP BY b.playerID, b.yearID HAVING " + qualified_sql("appearances", "games", False) + " AND at_bats > 0 "
           "AND 1.0 * hits / at_bats >= 0.4) "
           "SELECT " + NAME + ", s.yearID AS year, ROUND(1.0 * s.hits / s.at_bats, 3) AS avg, "
           "s.al_nl, s.leagues FROM s JOIN People p ON p.playerID = s.playerID "
           "WHERE s.yearID {cmp} (SELECT {agg}(yearID) FROM s WHERE al_nl) ORDER BY s.yearID {way}, avg DESC LIMIT 12")
# A season at or past a mark in a counting stat (stints summed), read as the .400 seasons are.
_MARK = ("WITH s AS (SELECT b.playerID, b.yearID, SUM(b.{column}) AS value, MAX(b.lgID IN ('AL', 'NL')) AS al_nl, "
         "GROUP_CONCAT(DISTINCT b.lgID) AS leagues FROM {table} b WHERE " + _MAJOR + " GROUP BY b.playerID, b.yearID "
         "HAVING value >= {mark}) SELECT " + NAME + ", s.yearID AS year, s.value, s.al_nl, s.leagues FROM s "
         "JOIN People p ON p.playerID = s.playerID WHERE s.yearID {cmp} (SELECT {agg}(yearID) FROM s WHERE al_nl) "
         "ORDER BY s.yearID {way}, s.value DESC LIMIT 12")
# A "Triple Crown" row of a season he pitched is the pitching Triple Crown (vocab.CROWN_PITCHED_SQL).
_PITCHED = "(" + CROWN_PITCHED_SQL.format(award="a") + ")"
_CROWN = ("SELECT " + NAME + ", a.yearID AS year, 1 AS al_nl FROM AwardsPlayers a "
          "JOIN People p ON p.playerID = a.playerID WHERE {award} ORDER BY a.yearID {way} LIMIT 4")


@dataclass(frozen=True)
class Event:
    said: str  # as the answer says it
    phrases: tuple[str, ...]
    template: str


_PITCHING_CROWN = Event("won the pitching Triple Crown",
                       ("pitching triple crown", "pitchers triple crown", "pitcher triple crown"),
                       _CROWN.replace("{award}", "(a.awardID = 'Pitching Triple Crown' OR a.awardID = 'Triple Crown' "
                                                 f"AND {_PITCHED})"))
_BATTING_CROWN = Event("won the batting Triple Crown", ("triple crown",),
                       _CROWN.replace("{award}", f"a.awardID = 'Triple Crown' AND NOT {_PITCHED}"))
# The first whose phrases the question has is the event asked.
EVENTS = (
    Event("hit .400", ("avg400", "400 hitter", "hit 400", "hitting 400", "bat 400", "batted 400", "batting 400",
                       "400 average", "400 season"), _AVG400),
    _PITCHING_CROWN,
    _BATTING_CROWN,
)


def _event(q: Question) -> Event | None:
    found = next((e for e in EVENTS if q.has(*e.phrases)), None)
    return _PITCHING_CROWN if found is _BATTING_CROWN and q.cue("pitcher") else found  # 'the last pitcher to win it'


def _mark(q: Question) -> tuple[str, int] | None:
    """(stat, mark) of 'the last pitcher to win 30 games', 'the first player to steal 100 bases'."""
    found = re.search(r" to \w+ (\d{1,3}) ", q.text)
    code = q.stat if q.stat in COLUMNS else "W" if re.search(r" (?:win|won) \d+ games ", q.text) else None
    return (code, int(found.group(1))) if found and code else None


def asked(q: Question) -> bool:
    """'who was the last .400 hitter', 'the first triple crown winner', 'the last to hit 60 home runs': an event,
    first or last, of no one player, team or season, and nothing else the reading did not take in."""
    return bool(_event(q) or _mark(q)) and q.cue("first", "last") and not (q.player or q.team or q.year is not None) \
        and q.unread_why in (None, "when")


def _first(q: Question) -> bool:
    return q.cue("first") and not q.cue("last")


def args(q: Question) -> dict:
    first = _first(q)
    if not _event(q):
        table, column = COLUMNS[_mark(q)[0]]
        return {"sql": _MARK.format(table=table, column=column, mark=_mark(q)[1], cmp="<=" if first else ">=",
                                    agg="MIN" if first else "MAX", way="ASC" if first else "DESC")}
    return {"sql": _event(q).template.format(cmp="<=" if first else ">=", agg="MIN" if first else "MAX",
                                             way="ASC" if first else "DESC")}


def say(rows: list[dict], q: Question) -> str:
    event, which = _event(q), "first" if _first(q) else "last"
    if event is None:
        code, mark = _mark(q)
        event = Event(f"had {mark} or more {label(code)} in a season", (), "")
    main = [r for r in rows if r["al_nl"]]
    if not main and not _event(q):  # 'the first player to hit 500 home runs': a career's mark, not a season's
        return (f"No player {event.said}, and the tools here can't find who first or last reached a career total, "
                f"so I can't answer that.")
    if not main:
        return f"The database has no season in which a player {event.said}."
    at = [r for r in main if r["year"] == main[0]["year"]]
    said = lambda r: f"{r['name']} ({r['avg']:.3f})".replace("(0.", "(.") if "avg" in r else \
        f"{r['name']} ({r['value']})" if "value" in r else r["name"]  # noqa: E731
    where = " in the AL or NL" if "avg" in at[0] or "value" in at[0] else ""
    players, were = ("player", "was") if len(at) == 1 else ("players", "were")
    text = f"The {which} {players} to have {event.said}{where} {were} {join([said(r) for r in at])}, in {at[0]['year']}."
    beyond = [r for r in rows if not r["al_nl"]]  # the other major leagues: the NA, the AA, the Negro Leagues...
    if beyond:
        year = beyond[0]["year"]
        more = join([said(r) for r in beyond if r["year"] == year][:4])
        leagues = join(sorted({league_name(lg) for r in beyond if r["year"] == year for lg in r["leagues"].split(",")}))
        when = "that season too" if year == at[0]["year"] else \
            f"{'later' if which == 'last' else 'earlier'}, in {year}"
        text += f" In {leagues}, {more} did it {when}."
    if "avg" in at[0]:
        text += " A season counts with at least 3.1 plate appearances per team game, the batting title's rule."
    return text
