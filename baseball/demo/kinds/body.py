"""A player's height and weight (the sql tool, People)."""

from __future__ import annotations

from ..calls import sql_player
from ..phrase import join
from ..read import Question

TOOL = "sql"


args = sql_player("SELECT nameFirst, nameLast, height, weight FROM People WHERE playerID = '{pid}'")

def say(rows: list[dict], q: Question) -> str:
    r = rows[0] if rows else {}
    height, weight = r.get("height"), r.get("weight")
    said = ([f"{int(height) // 12} feet {int(height) % 12} inches" if int(height) % 12 else f"{int(height) // 12} feet"]
            if height else []) + ([f"{int(weight)} pounds"] if weight else [])
    name = q.name or "that player"
    if not said:
        return f"The database lists no height or weight for {name}."
    return f"The database lists {name} at {join(said)}."
