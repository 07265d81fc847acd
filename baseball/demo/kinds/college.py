"""Where a player played college baseball (the sql tool, CollegePlaying and Schools)."""

from __future__ import annotations

from ..calls import sql_player
from ..phrase import join
from ..read import Question

TOOL = "sql"


args = sql_player("SELECT s.nameFull, s.city, s.state, MIN(c.yearID) AS first, MAX(c.yearID) AS last "
                      "FROM CollegePlaying c JOIN Schools s ON s.schoolID = c.schoolID WHERE c.playerID = '{pid}' "
                      "GROUP BY s.schoolID ORDER BY first")


def say(rows: list[dict], q: Question) -> str:
    name = q.name or "that player"
    schools = [f"{r['nameFull']} in {r['city']}, {r['state']}" + (
        f" ({r['first']})" if r["first"] == r["last"] else f" ({r['first']} to {r['last']})") for r in rows]
    if not schools:
        return f"The database lists no college for {name}."
    return f"The database lists {name} as playing college baseball at {join(schools)}."
