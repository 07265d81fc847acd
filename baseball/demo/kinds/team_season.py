"""A team's season: its record, finish, postseason, manager, park, best hitters (the team_season tool)."""

from __future__ import annotations


from ..calls import team_name
from ..phrase import games, join, label, league_name, number, say_stat
from ..read import Question, last_season, namesake_teams

TOOL = "team_season"


def args(q: Question) -> dict:
    season = q.year if q.year is not None else last_season(q.team)
    return {"team": team_name(q, season), "season": season}


SENTENCES: dict[str, str] = {
    "record": "The {season} {team} finished with {record_said}, {finish_said}{runs_said}.",
    "record_short": "They finished with {record_said}, {finish_said}.",
    "postseason": "They {postseason}.",
    "postseason_named": "The {season} {team} {postseason}.",
    "no_postseason": "There was no postseason that year: {no_postseason}.",
    "series": "In the postseason, the {season} {team} {series_said:and}.",
    "manager": "{managers:and} managed the {season} {team}.",
    "manager_short": "{managers:and} managed them.",
    "manager_best": "{managers:and} managed them, and their best hitter was {best_name}, with {best_line}.",
    "best": "Their best hitter was {best_name}, with {best_line}.",
    "park": "The {season} {team} played their home games at {park}.",
    "hitters": "{no_rank}By OPS, the best hitters on the {season} {team} were {hitters:and}.",
    "runs": "The {season} {team} scored {runs:n} runs and allowed {runs_allowed:n}.",
}


ORDER: list[tuple[str, tuple[str, ...]]] = [
    ("rounds", ("series|postseason|no_postseason", "record_short")), ("park", ("park", "record_short")),
    ("manager", ("manager", "record_short")), ("team_leaders", ("hitters", "record_short")),
    ("best_hitter", ("hitters", "record_short")), ("runs_asked", ("runs", "record_short")),
    ("world_series", ("postseason_named|no_postseason", "series", "record_short")),
    ("", ("record", "postseason|no_postseason", "manager_best|manager_short|best")),
]


def fields(r: dict, q: Question) -> dict:
    managers = [m["name"] for m in r.get("managers") or []]
    where = league_name(r["in_league"]) + (f" {r['in_division']}" if r.get("in_division") else "")
    hitters = [h for h in r.get("best_hitters") or [] if isinstance(h, dict) and h.get("name")]
    best = hitters[0] if hitters else {}
    stat = q.stat if q.stat in ("HR", "RBI", "AVG", "OPS") else "OPS"
    short = {"OPS": "{} OPS", "AVG": "{} average"}
    also = [t.name for t in namesake_teams(q.team or "", r.get("season")) if t.name != r.get("team")] \
        if isinstance(r.get("season"), int) else []
    return {
        "preface": f"I took that as the {r['team']}; the {join(also)} also played in {r['season']}. " if also else "",
        "runs_said": f", scoring {number(r['runs'])} runs and allowing {number(r['runs_allowed'])}"
                     if q.stat in (None, "R") and r.get("runs") is not None else "",
        "record_said": f"{r['W']} wins and {r['L']} losses",
        "finish_said": f"{r['place']} of {r['of']} in {where}",
        "postseason": r.get("went"),
        "no_postseason": r.get("none"),
        "series_said": [f"{'beat' if x['won'] else 'lost to'} the {x['other']} {games(str(x['wins']), str(x['losses']))} "
                        f"in the {x['round']}" for x in r.get("rounds") or []],
        "managers": managers,
        "best_name": best.get("name"),
        "best_line": join([say_stat("AVG", best["AVG"]) if best.get("AVG") else "",
                           say_stat("HR", best["HR"]) if best.get("HR") is not None else ""]),
        "hitters": [f"{h['name']} ({short.get(stat, '{}').format(h[stat]) if stat in short else say_stat(stat, h[stat])})"
                    for h in hitters if h.get(stat) is not None],
        "no_rank": "" if stat == "OPS" and not q.stat else
                   f"I can't rank all of their players by {label(q.stat or 'OPS')}, only their best hitters by OPS. ",
    }
