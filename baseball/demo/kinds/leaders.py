"""League leaders of a stat, a season's or a career's (the leaders tool)."""

from __future__ import annotations


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
    args.update({k: v for k, v in (("league", q.league), ("top", min(q.top or 0, 10) or None)) if v})
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


SENTENCES: dict[str, str] = {
    "career": "{career_first:and} {holds} the career record for {label}, with {top_value}.",
    "season": "{season_first:and} {led} {where} in {label} in {season}, with {top_value}.",
    "next": "{next_word} {rest:and}.",
    "rule": "{if_rule}Only qualified players count for this rate.",
    "none": "{if_none}The data lists no {label} leaders for {season}.",
}


ORDER: list[tuple[str, tuple[str, ...]]] = [("", ("career|season|none", "next", "rule"))]


def fields(r: dict, q: Question) -> dict:
    rows = [x for x in r.get("leaders", []) if isinstance(x, dict) and x.get("name")]
    stat = str(r.get("stat", ""))
    tied = [x["name"] for x in rows if x.get("rank") == 1]
    league = r.get("league") or "MLB"
    career = r.get("season") == "career"
    return {
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
