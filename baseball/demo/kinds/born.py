"""Players born in a month, or on a day of the year ('how many players were born in may', 'who was born on july 4'):
the sql tool, People's birthMonth and birthDay, counting those with a major-league appearance."""

from __future__ import annotations

import re

from ...vocab import BIRTHPLACES, NOT_MAJOR_SQL
from ..calls import NAME
from ..phrase import MONTHS, join, number
from ..read import Question, said_besides

TOOL = "sql"
_MONTH = re.compile(r" (?:born|birthday|birthdays) (?:in|on|during) (?:the month of )?(" + "|".join(MONTHS).lower()
                    + r")(?: (\d{1,2})(?:st|nd|rd|th)?)? ")
# Days said by name: phrase -> (month, day).
DAYS = {"christmas": (12, 25), "christmas day": (12, 25), "new years day": (1, 1), "the fourth of july": (7, 4),
        "halloween": (10, 31)}
_SQL = ("SELECT " + NAME + ", p.birthYear AS born, COUNT(*) OVER () AS players "
        "FROM People p JOIN Appearances a ON a.playerID = p.playerID WHERE p.birthMonth = {month}{day} AND a.lgID NOT IN "
        + NOT_MAJOR_SQL + " GROUP BY p.playerID ORDER BY SUM(a.G_all) DESC LIMIT 5")


def when(q: Question) -> tuple[int, int | None] | None:
    day = next((d for name, d in DAYS.items() if q.has(f"born on {name}")), None)
    if day:
        return day
    found = _MONTH.search(q.text)
    if not found or found.group(2) and not 1 <= int(found.group(2)) <= 31:
        return None
    return MONTHS.index(found.group(1).title()) + 1, int(found.group(2)) if found.group(2) else None


def asked(q: Question) -> bool:
    return when(q) is not None and not (q.player or q.team or re.search(r" (1[89]|20)\d\d ", q.text)
                                         or said_besides(q, "aggregate", "qualifier")  # 'february 29' is no season
                                         or any(q.has(p) for p in BIRTHPLACES if len(p) > 2))  # 'may in ohio'


def args(q: Question) -> dict | None:
    month, day = when(q) or (None, None)
    return {"sql": _SQL.format(month=month, day=f" AND p.birthDay = {day}" if day else "")} if month else None


def say(rows: list[dict], q: Question) -> str:
    month, day = when(q)
    on = f"on {MONTHS[month - 1]} {day}" if day else f"in {MONTHS[month - 1]}"
    if not rows:
        return f"The database lists no major-league player born {on}."
    count, named = int(rows[0]["players"]), join([f"{r['name']} ({r['born']})" for r in rows])
    return (f"{number(count)} major-league player{'s' if count != 1 else ''} in the database "
            f"{'were' if count != 1 else 'was'} born {on}. Those with the most games: {named}.")
