"""The tallest, shortest, heaviest or lightest players ('who was the tallest player ever', 'the heaviest player in
2024'): the sql tool, People's height or weight among those with a major-league appearance (that season, if said;
pitchers only, if asked)."""

from __future__ import annotations

from ...vocab import NOT_MAJOR_SQL
from ..calls import NAME
from ..phrase import join
from ..read import Question
from .span_leaders import PLACE  # 'the tallest player from texas': a birthplace this kind does not take in

TOOL = "sql"
# word -> (People's column, the order, the word of the answer)
EXTREMES = {"tallest": ("height", "DESC", "tallest"), "shortest": ("height", "ASC", "shortest"),
            "heaviest": ("weight", "DESC", "heaviest"), "lightest": ("weight", "ASC", "lightest")}
_SQL = ("SELECT " + NAME + ", p.{column} AS value FROM People p WHERE p.{column} > 0 AND "
        "p.playerID IN (SELECT playerID FROM Appearances WHERE lgID NOT IN " + NOT_MAJOR_SQL
        + "{year} GROUP BY playerID{pitched}) "
        "ORDER BY p.{column} {way}, p.nameLast LIMIT 5")


def _which(q: Question) -> tuple[str, str, str] | None:
    return next((v for word, v in EXTREMES.items() if q.has(word)), None)


def asked(q: Question) -> bool:
    return _which(q) is not None and not (q.player or q.team or q.stat or q.unread or q.award or q.league
                                          or q.position not in (None, "P") or q.cue("hall") or PLACE.search(q.text))


def args(q: Question) -> dict:
    column, way, _ = _which(q)
    return {"sql": _SQL.format(column=column, way=way, year=f" AND yearID = {q.year}" if q.year is not None else "",
                               pitched=" HAVING SUM(G_p) > 0" if q.cue("pitcher") else "")}


def _said(column: str, value: int) -> str:
    inches = f" {value % 12} inch{'es' if value % 12 > 1 else ''}" if value % 12 else ""
    return f"{value // 12} feet{inches}" if column == "height" else f"{value} pounds"


def say(rows: list[dict], q: Question) -> str:
    column, _, word = _which(q)
    who = "pitcher" if q.cue("pitcher") else "player"
    when = f"in {q.year}" if q.year is not None else "in the database (major leagues)"
    if not rows:
        return f"The database lists no {column} for a {who} {when}."
    top = [r["name"] for r in rows if r["value"] == rows[0]["value"]]
    rest = [f"{r['name']} ({_said(column, int(r['value']))})" for r in rows[:4] if r["name"] not in top]
    return (f"The {word} {who}{'s' if len(top) > 1 else ''} {when}: {join(top)}, listed at "
            f"{_said(column, int(rows[0]['value']))}." + (f" Next: {join(rest)}." if rest else ""))
