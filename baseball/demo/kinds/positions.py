"""The positions a player played and his games at each, over his career or a season (the sql tool, Appearances)."""

from __future__ import annotations

from ...vocab import POSITIONS
from ..calls import sql_player
from ..phrase import join
from ..read import Question

TOOL = "sql"
COLUMNS = {"P": "G_p", "C": "G_c", "1B": "G_1b", "2B": "G_2b", "3B": "G_3b", "SS": "G_ss", "LF": "G_lf",
           "CF": "G_cf", "RF": "G_rf", "OF": "G_of", "DH": "G_dh"}
args = sql_player("SELECT SUM(G_all) AS games, " + ", ".join(f'SUM({c}) AS "{p}"' for p, c in COLUMNS.items()) +
                  " FROM Appearances WHERE playerID = '{pid}'{year}")
_FIELDS = ("LF", "CF", "RF")


def say(rows: list[dict], q: Question) -> str:
    r = rows[0] if rows else {}
    name = q.name or "that player"
    when = f" in {q.year}" if q.year is not None else ""
    if not r.get("games"):
        return f"The database lists no games for {name}{when}."
    games = {p: int(r.get(p) or 0) for p in COLUMNS}
    split = sum(games[p] for p in _FIELDS)
    # the outfield as a whole where the data does not split it into left, center and right (or splits only part)
    shown = [p for p in COLUMNS if p != "OF" and games[p]] + (["OF"] if games["OF"] > split else [])
    shown.sort(key=lambda p: -games[p])
    def said(p: str, first: bool) -> str:
        what = POSITIONS[p][0] if p != "OF" else "outfielder (left, center and right not told apart)"
        return f"{games[p]:,}{' game' + ('s' if games[p] != 1 else '') if first else ''} as a{'n' if what[0] in 'aeiou' else ''} {what}"
    if not shown:
        return f"{name} played {int(r['games']):,} games{when} but none in the field (as a hitter or runner only)."
    return (f"In {int(r['games']):,} games{when}, {name} played "
            f"{join([said(p, i == 0) for i, p in enumerate(shown)])}.")
