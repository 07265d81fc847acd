"""How old a player was at his debut or his last game (the sql tool, People's birth date, debut and finalGame), and
the seasons the tables hold of his before a listed debut (a Negro Leagues career before the AL or NL, say)."""

from __future__ import annotations

from datetime import date

from ..calls import sql_player
from ..phrase import said_date
from ..read import Question

TOOL = "sql"
args = sql_player("SELECT birthYear, birthMonth, birthDay, debut, finalGame, "
                  "(SELECT MIN(yearID) FROM Appearances a WHERE a.playerID = p.playerID) AS first, "
                  "(SELECT MAX(yearID) FROM Appearances a WHERE a.playerID = p.playerID) AS last "
                  "FROM People p WHERE playerID = '{pid}'")
# The moment asked, as the question says it -> (People's column, as the answer says it, Appearances' bound).
MOMENTS = {"debut": ("debut", "his debut", "first"), "debuted": ("debut", "his debut", "first"),
           "broke in": ("debut", "his debut", "first"), "first game": ("debut", "his debut", "first"),
           "retired": ("finalGame", "his last game", "last"), "retire": ("finalGame", "his last game", "last"),
           "last game": ("finalGame", "his last game", "last"), "final game": ("finalGame", "his last game", "last"),
           "his first season": ("debut", "his debut", "first"), "his last season": ("finalGame", "his last game", "last"),
           "his final season": ("finalGame", "his last game", "last")}


def asked(q: Question) -> bool:
    return bool(q.player) and q.cue("age") and q.has(*MOMENTS) and not (q.rival or q.year is not None) \
        and (not q.unread or q.unread in MOMENTS)  # 'in his last season' is his last game's


def say(rows: list[dict], q: Question) -> str:
    column, said, bound = next(m for phrase, m in MOMENTS.items() if q.has(phrase))
    r = rows[0] if rows else {}
    name = q.name or "He"
    try:
        born = date(int(r["birthYear"]), int(r["birthMonth"]), int(r["birthDay"]))
    except (KeyError, TypeError, ValueError):
        return f"The database has no full birth date for {name}, so I can't say how old he was at {said}."
    if not r.get(column):
        return (f"The database lists no date for {name}'s {said.split(' ', 1)[1]}; born on {said_date(str(born))}, he "
                f"turned {int(r[bound]) - born.year} in {r[bound]}, his {bound} season in the tables.")
    on = date.fromisoformat(str(r[column])[:10])
    age = on.year - born.year - ((on.month, on.day) < (born.month, born.day))
    text = f"{name} was {age} years old at {said}, on {said_date(str(on))} (born {said_date(str(born))})."
    if bound == "first" and r.get("first") and int(r["first"]) < on.year:
        text += (f" The tables also hold seasons of his from {r['first']} on, before that debut (the Negro Leagues, "
                 f"say), when he turned {int(r['first']) - born.year}.")
    return text
