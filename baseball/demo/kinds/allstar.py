"""A player's All-Star selections counted over his career (the sql tool, AllstarFull): seasons picked, games when two
were played a year (1959-1962), and the Negro Leagues' East-West games (lgID EAS/WES and the like) counted with them.
With no player, those picked in the most seasons ('who had the most all star selections')."""

from __future__ import annotations

from ..calls import NAME, sql_player
from ..phrase import join
from ..read import Question

TOOL = "sql"
args = sql_player("SELECT yearID, COUNT(*) AS games, GROUP_CONCAT(lgID) AS leagues FROM AllstarFull "
                  "WHERE playerID = '{pid}' GROUP BY yearID ORDER BY yearID")
MAJOR = {"AL", "NL"}
_MOST = ("SELECT " + NAME + ", COUNT(DISTINCT a.yearID) AS seasons, COUNT(*) AS games FROM AllstarFull a JOIN People p "
         "ON p.playerID = a.playerID GROUP BY a.playerID ORDER BY seasons DESC, games DESC LIMIT 6")


def most_args(q: Question) -> dict:
    return {"sql": _MOST}


def say(rows: list[dict], q: Question) -> str:
    if rows and "pid" in rows[0]:  # the board
        top = [r["name"] for r in rows if r["seasons"] == rows[0]["seasons"]]
        rest = [f"{r['name']} ({r['seasons']})" for r in rows[:5] if r["name"] not in top]
        return (f"Picked as an All-Star in the most seasons: {join(top)}, {rows[0]['seasons']}, counting the Negro "
                f"Leagues' East-West games." + (f" Next: {join(rest)}." if rest else ""))
    name = q.name or "He"
    if not rows:
        return f"The database lists no All-Star selection for {name}."
    seasons = len(rows)
    games = sum(int(r["games"]) for r in rows)
    first, last = rows[0]["yearID"], rows[-1]["yearID"]
    negro = sum(1 for r in rows if set(str(r["leagues"]).split(",")) - MAJOR)
    said = (f"{name} was an All-Star {seasons} time{'s' if seasons != 1 else ''}, "
            + (f"in {first}." if seasons == 1 else f"in seasons from {first} to {last}."))
    if games > seasons:
        twice = [str(r["yearID"]) for r in rows if int(r["games"]) > 1]  # 1959-1962, and some East-West years
        said += f" That is {games} All-Star Games in all, as two were played in {join(twice)}."
    if negro:
        said += (f" The count includes {negro} season{'s' if negro != 1 else ''} picked for the Negro Leagues' "
                 f"East-West All-Star Game.")
    return said
