"""The worst record in one league's season, the last place ('who finished last in the AL in 1961'): the sql tool over
Teams (the season tool's standings for a league read out its top teams only)."""

from __future__ import annotations

from ..phrase import join, league_name
from ..read import Question

TOOL = "sql"
TEMPLATE = ("SELECT name, W, L FROM Teams WHERE yearID = {year} AND lgID = '{league}' "
            "AND 1.0 * W / (W + L) = (SELECT MIN(1.0 * W / (W + L)) FROM Teams WHERE yearID = {year} "
            "AND lgID = '{league}') ORDER BY name")


def asked(q: Question) -> bool:
    return q.league in ("AL", "NL") and q.cue("worst_record") and q.year is not None and not (q.team or q.player)


def args(q: Question) -> dict:
    return {"sql": TEMPLATE.format(year=q.year, league=q.league)}


def say(rows: list[dict], q: Question) -> str:
    league = league_name(q.league).removeprefix("the ")
    if not rows:
        return f"The database has no {league} standings for {q.year}."
    return (f"The worst record in the {q.year} {league} belonged to the {join([r['name'] for r in rows])}, at "
            f"{rows[0]['W']} wins and {rows[0]['L']} losses{', tied for last' if len(rows) > 1 else ''}.")
