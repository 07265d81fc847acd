"""One league's season: its pennant (or the standings leader where the data marks none), standings and series (the
season tool with a league). A Negro League named with a year, 'the Negro Leagues' (each that season), or the AL or
NL with a standings cue ('AL standings 1978')."""

from __future__ import annotations

from ...names import teams_of
from ...vocab import LEAGUES, NEGRO_LEAGUES
from ..phrase import games, league_name, when
from ..read import Question

TOOL = "season"
STANDINGS_SAID = 5  # teams read out


def asked(q: Question) -> bool:
    return q.league in NEGRO_LEAGUES or q.league == "NEG" or q.league in ("AL", "NL") and q.cue("standings")


def args(q: Question) -> dict | list | None:
    if q.league != "NEG":
        return {"season": q.year, "league": q.league}
    played = [lg for lg in NEGRO_LEAGUES if any(r.lg == lg for r in teams_of(q.year))]
    return [{"season": q.year, "league": lg} for lg in played] or None


SENTENCES: dict[str, str] = {
    "pennant": "The {season} {league_said} pennant went to the {pennant_team}.",
    "leader": "{if_leader}In the {season} {league_said}, the {leader_name} finished first in the standings, at "
              "{leader_W} wins and {leader_L} losses; the data marks no pennant winner.",
    "standings": "The standings: {table_said:and}.",
    "series": "{series_said}",
}
ORDER: list[tuple[str, tuple[str, ...]]] = [("", ("pennant|leader", "standings", "series"))]


def fields(r: dict, q: Question) -> dict:
    leader = r.get("leader_team") or {}
    code = r.get("league_code") or q.league
    said = league_name(code).removeprefix("the ") if code in LEAGUES else str(code)
    return {
        "league_said": said, "if_leader": when(bool(leader)), "leader_name": leader.get("name"),
        "leader_W": leader.get("W"), "leader_L": leader.get("L"),
        "table_said": [f"the {t['name']} ({t['W']} and {t['L']})" for t in (r.get("table") or [])[:STANDINGS_SAID]],
        "series_said": " ".join(f"In the {r.get('season')} {s['round']}, the {s['winner']} beat the {s['loser']} "
                                f"{games(str(s['wins']), str(s['losses']))}." for s in r.get("series") or []) or None,
    }
