"""League leaders of a stat, a season's or a career's (the leaders tool)."""

from __future__ import annotations

import re

from ...player import league_of
from ...vocab import STATS
from ..calls import batters_struck_out
from ..phrase import label, league_name, number, when
from ..read import Question
from ..words import BEST_BY

TOOL = "leaders"


def role(q: Question) -> tuple[str, str] | None:
    """(stat, role) when a "best" role is asked with no stat ('the best closer': saves), words.BEST_BY."""
    return None if q.stat else next((v for cue, v in BEST_BY.items() if q.cue(cue)), None)


def args(q: Question) -> dict | None:
    stat = q.stat or (role(q) or (None,))[0]
    if stat in ("K", "SO"):
        stat = "SO" if batters_struck_out(q) else "K"
    args = {"stat": stat, **({"season": q.year} if q.year is not None else {})}
    top = min(q.top or 0, 10) or (10 if mark(q) else None)  # a mark: as many as the tool lists, to say who reached it
    args.update({k: v for k, v in (("league", q.league), ("top", top)) if v})
    return args if stat else None


def title(q: Question) -> dict | None:
    """'did Witt win the batting title in 2024': the leaders of his league that season."""
    found = args(q)
    league = league_of(q.player, q.year) if found and q.league is None else None
    return {**found, "league": league} if league in ("AL", "NL") else found


def each_league(q: Question) -> list[dict] | None:
    """'the NL batting title in 2022 and also the AL one': the leaders of each league asked about."""
    found = args(q)
    return [{**found, "league": lg} for lg in ("AL", "NL")] if found else None


def mark(q: Question) -> int | None:
    """The mark a question names beside its stat ('who won 20 games', 'did anyone hit 50 home runs'), which the
    answer must say whether anyone reached: the leaders alone would answer another question."""
    for form in STATS[q.stat].forms if q.stat in STATS else ():
        inside = re.search(r"\b(\d{1,3})\b", form)  # '20 game winners'
        if inside and q.has(form):
            return int(inside.group(1))
        before = re.search(rf" (\d{{1,3}}) {re.escape(form)} ", q.text)  # '50 home runs'
        if before:
            return int(before.group(1))
    return None


SENTENCES: dict[str, str] = {
    "career": "{career_first:and} {holds} the career record for {label}, with {top_value}.",
    "season": "{season_first:and} {led} {where} in {label} in {season}, with {top_value}.",
    "next": "{next_word} {rest:and}.",
    "rule": "{if_rule}Only qualified players count for this rate.",
    "none": "{if_none}The data lists no {label} leaders for {season}.",
    "short": "{if_short}No one reached {mark}.",
    "reached": "{reached:and} reached {mark}.",
    "all": "{if_all}Everyone listed reached {mark}; only the top few are listed, so there may be more.",
}


ORDER: list[tuple[str, tuple[str, ...]]] = [("", ("career|season|none", "next", "rule", "short|reached|all"))]


def fields(r: dict, q: Question) -> dict:
    rows = [x for x in r.get("leaders", []) if isinstance(x, dict) and x.get("name")]
    stat = str(r.get("stat", ""))
    tied = [x["name"] for x in rows if x.get("rank") == 1]
    league = r.get("league") or "MLB"
    career = r.get("season") == "career"
    asked = mark(q) if rows else None
    reached = [x["name"] for x in rows if asked is not None and (x.get("value") or 0) >= asked]
    return {
        "mark": asked, "reached": reached if 0 < len(reached) < len(rows) else None,
        "if_short": when(asked is not None and not reached), "if_all": when(bool(reached) and len(reached) == len(rows)),
        "label": label(stat) if stat in STATS else stat,
        "career_first": tied if career else None, "season_first": tied if not career else None,
        "holds": "share" if len(tied) > 1 else "holds",
        "led": "tied for the lead in" if len(tied) > 1 else "led",
        "where": "the majors" if league == "MLB" else league_name(league),
        "top_value": number(rows[0]["value"]) if rows else None,
        "next_word": "Next come" if career else "Next came",
        "rest": [f"{x['name']} with {number(x.get('value'))}" for x in rows if x.get("rank") != 1] or None,
        "if_rule": when(bool(r.get("rule") and rows)),
        "if_none": when(not rows),
        "preface": f"Taking the best {role(q)[1]} as the {'career ' if career else ''}leader in {label(stat)}: "
                   if role(q) and rows and stat in STATS else
                   ("Yes. " if q.name in tied else f"No, not {q.name}. ") if q.name and q.cue("title") and rows else "",
    }
