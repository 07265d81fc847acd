"""Two players side by side: the stat asked for each, and who had more (two player calls)."""

from __future__ import annotations

from typing import Any

from ...vocab import STATS
from ..calls import player_name
from ..phrase import join, label, num, relay_error, say_stat, speakable, values
from ..read import Question
from .player import line

TOOL = "player"


def args(q: Question) -> list[dict]:
    season = {"season": q.year} if q.year is not None else {}
    other = {"season": q.rival_year} if q.rival_year is not None else season
    return [{"name": player_name(q.player, q.name, q.year), **season},
            {"name": player_name(q.rival, q.rival_name, q.rival_year or q.year), **other}]


def phrase(results: list[dict], q: Question) -> str:
    """Two players side by side: the asked-for stat for each, and who had more."""
    for result in results:
        if result.get("error"):
            return relay_error(str(result.get("content", "")), q, result.get("code"), result.get("values"))
    rows = [values(r) for r in results]
    stat = "SO" if q.stat == "K" else q.stat
    apart = len({r.get("season") for r in rows}) > 1  # each in his own season
    when = "" if apart else f"In {q.year}, " if q.year is not None else "Over their careers, "
    who = lambda r: f"{r['name']} in {r['season']}" if apart else r["name"]

    def value(r: dict) -> Any:
        sides = ("pitching", "batting") if stat in {"ERA", "W", "L", "SV", "IP", "WHIP", "SHO", "CG", "SO"} \
            else ("batting", "pitching")
        return next(((r.get(s) or {})[stat] for s in sides if stat in (r.get(s) or {})), None)

    found = [value(r) for r in rows] if stat else [None, None]
    if None in found:  # no stat asked (or one has none): each one's own line, and with no stat, the reading said
        said = "" if stat else "Which of them is better is a judgement the tools here don't make; side by side: "
        when = when[0].lower() + when[1:] if said and when else when
        return speakable(said + when + "; ".join(f"{who(r)} had {join(line(r, None)[:3])}" for r in rows) + ".")
    a, b = (num(v) for v in found)
    text = when + " and ".join(f"{who(r)} had {say_stat(stat, v)}" for r, v in zip(rows, found)) + "."
    if a == b:
        return speakable(text + " They were even.")
    low = STATS[stat].lower_is_better
    ahead = rows[0 if (a < b) == low else 1]["name"]
    more = "the lower " if low else "the higher " if STATS[stat].kind == "rate3" else "more "
    return speakable(f"{text} So {ahead} had {more}{label(stat)}.")
