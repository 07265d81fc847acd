"""Streaks of consecutive seasons: All-Star selections, 30 home run and .300 seasons, winning seasons (the streak_board tool)."""

from __future__ import annotations


from ...vocab import LAST_SEASON
from ..phrase import when
from ..read import Question

TOOL = "streak_board"


_STREAK_KINDS = (  # (cue groups that must all be present, stat or None, kind)
    (("allstar",), None, "player_allstar"), (("thirty",), "HR", "player_30hr"), (("three_hundred",), None, "player_300avg"),
    ((), "AVG", "player_300avg"), (("postseason",), None, "team_postseason"), ((), "HR", "player_30hr"),
    (("winning",), None, "team_winning_seasons"))


def args(q: Question) -> dict | None:
    for cues, stat, kind in _STREAK_KINDS:
        if all(q.cue(c) for c in cues) and (stat is None or q.stat == stat) and (cues or stat):
            args = {"kind": kind, "active": q.cue("active") and not q.cue("career")}  # "most consecutive": the record
            return {**args, "top": min(q.top, 10)} if q.top else args
    return None


SENTENCES: dict[str, str] = {
    "top": "The longest streak of consecutive {kind_said} {scope} belongs to {top_name}: {top_length} in a row, "
           "from {top_from} to {top_to}.",
    "next": "Next: {rest:and}.",
    "none": "{if_none}The data has no streaks of consecutive {kind_said} {scope}.",
}


ORDER: list[tuple[str, tuple[str, ...]]] = [("", ("top|none", "next"))]


_KIND_SAY = {"team_winning_seasons": "winning seasons", "team_postseason": "postseason trips",
             "player_allstar": "All-Star selections", "player_30hr": "30 home run seasons",
             "player_300avg": ".300 seasons"}


def fields(r: dict, q: Question) -> dict:
    rows = [x for x in r.get("streaks", []) if isinstance(x, dict) and x.get("name")]
    team = str(r.get("kind", "")).startswith("team")
    who = (lambda x: "the " + x["name"]) if team else (lambda x: x["name"])
    top = rows[0] if rows else {}
    return {
        "kind_said": _KIND_SAY.get(str(r.get("kind")), "seasons"),
        "scope": f"still running in {r.get('as_of', LAST_SEASON)}" if r.get("active", True) else "of all time",
        "top_name": who(top) if top else None, "top_length": top.get("length"), "top_from": top.get("from"),
        "top_to": top.get("to"),
        "rest": [f"{who(x)} with {x.get('length')}, from {x.get('from')} to {x.get('to')}" for x in rows[1:3]] or None,
        "if_none": when(not rows),
    }
