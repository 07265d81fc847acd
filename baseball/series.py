"""Postseason series as the team_season and season tools read them (seasons.json).

Leaves out games: the data has series results, not box scores.
"""

from __future__ import annotations

from .common import load
from .names import team_in, team_rows
from .vocab import NEGRO_LEAGUE_ROUND_DEPTH, ROUNDS, WILD_CARD_GAME_YEARS

NO_WORLD_SERIES = {
    1904: "none: the NL champion New York Giants refused to play the AL's Boston Americans",
    1994: "none: the players' strike ended the season on August 12 and cancelled the postseason",
}
ROUND_ORDER = ("WC", "DIV", "DS", "CS", "WS")  # how far a round is into the postseason, by its code's ending


def round_name(code: str, year: int) -> str:
    base = code.rstrip("0123456789")
    name = ROUNDS[base][0] if base in ROUNDS else code
    if base == "WS" and year < 1903:
        return "19th-century World Series"
    if base in ("ALWC", "NLWC"):
        return name + (" Game" if year in WILD_CARD_GAME_YEARS else " Series")
    return name


def round_depth(code: str) -> int:
    base = code.rstrip("0123456789")
    if base in NEGRO_LEAGUE_ROUND_DEPTH:
        return NEGRO_LEAGUE_ROUND_DEPTH[base]
    return next((i for i, end in enumerate(ROUND_ORDER) if end in base), len(ROUND_ORDER))


def series_of(year: int) -> list[dict]:
    table = load("seasons.json")
    cols = table["cols"]
    return [dict(zip(cols, row)) for row in table["series"].get(str(year), [])]


def titles(franchise: str) -> list[int]:
    """The seasons a franchise won the World Series (the Teams table's WSWin), oldest first."""
    return sorted(r.year for r in team_rows() if r.franch == franchise and r.wswin == "Y")


def team_name(year: int, team_id: str) -> str:
    row = team_in(year, team_id)
    return row.name if row else team_id


def score(s: dict, winner_first: bool = True) -> str:
    """'4-3', or '1-4-1' with a tie; from the winner's side unless told otherwise."""
    wins, losses = (s["wins"], s["losses"]) if winner_first else (s["losses"], s["wins"])
    return f"{wins}-{losses}" + (f"-{s['ties']}" if s["ties"] else "")
