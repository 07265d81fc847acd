"""The Marcel projection's boards, its backtest, and the published forecast checked (the forecast tool)."""

from __future__ import annotations


from ...names import team_in
from ...vocab import FORECAST_PITCHING, FORECAST_SEASON, FORECAST_STATS, LAST_SEASON
from ..calls import batters_struck_out, team_name
from ..phrase import join, label, number, say_stat, when
from ..read import Question

TOOL = "forecast"


def args(q: Question) -> dict | None:
    arm = q.cue("best_arm", "pitcher") and not q.cue("best_bat")
    stat = "K" if q.stat == "SO" and not batters_struck_out(q) else q.stat or ("ERA" if arm else None)
    if stat and stat not in FORECAST_STATS + FORECAST_PITCHING and not q.cue("best_bat"):
        return None  # "who will win the most games": no projection for that
    args: dict = {"stat": stat} if stat in FORECAST_STATS + FORECAST_PITCHING and stat != "OPS" else {}
    if q.player:  # the boards are the only projection there is; the answer looks for him on them
        return {**args, "top": 10} if args else [{"top": 10}, {"stat": "ERA", "top": 10}]
    if q.top or q.cue("young") or q.league:
        args["top"] = min(q.top or 10, 10)  # the answer picks the youngest, or one league's, from a longer board
    if q.team:
        args["team"] = team_name(q, LAST_SEASON)
    return args


SENTENCES: dict[str, str] = {
    "top": "By the Marcel projection for {season}, the top {who}{team_said} for {label} is {board_top}, projected "
           "for {top_said}{ahead}.",
    "backtest": "Tested on {bt_year}, its typical OPS error was {bt_marcel}, against {bt_repeat} for simply "
                "repeating {bt_prev}.",
    "youngest": "Among the top {count} {who_plural}{team_said} in the Marcel projection for {season}, the youngest is "
                "{young_name}, {young_age}, projected for {young_said}. The top overall is {top_name}, at {top_value}.",
    "mine": "By the Marcel projection for {season}, {mine_name} ranks number {mine_rank} for {label}, projected "
            "for {mine_said}.",
    "not_mine": "{asked_name} is not in the top {count} of the {season} Marcel projection for {label}. The top "
                "is {top_name}, projected at {top_value}.",
    "none": "{if_none}The {season} projection lists no hitters{team_said}.",
    "checked": "The {checked_season} forecast this site showed, checked against the {checked_season} results: for "
               "{hit_n} hitters its typical OPS error was {hit_err}, against {hit_repeat} for repeating "
               "{checked_prev} and {hit_league} for the league average; for {pit_n} pitchers its typical ERA "
               "error was {pit_err}, against {pit_repeat} and {pit_league}. Its biggest misses: {misses:and}.",
}


ORDER: list[tuple[str, tuple[str, ...]]] = [("check", ("checked",)), ("", ("mine|not_mine|youngest|top|none", "backtest"))]


def checked_fields(r: dict) -> dict:
    """forecast(check=true): the shown forecast against the season's results."""
    hit, pit = r.get("hitters_scored"), r.get("pitchers_scored")
    if not hit or not pit:
        return {}
    season = r.get("season")
    said = lambda m, stat: f"{m['name']}, projected for a {m['projected']} {stat} and at {m['actual']}"  # noqa: E731
    misses = [said(m, "OPS") for m in hit["misses"][:2]] + [said(m, "ERA") for m in pit["misses"][:1]]
    return {"checked_season": season, "checked_prev": season - 1 if isinstance(season, int) else None,
            "hit_n": hit["n"], "hit_err": hit["forecast"], "hit_repeat": hit["repeat"], "hit_league": hit["league"],
            "pit_n": pit["n"], "pit_err": pit["forecast"], "pit_repeat": pit["repeat"], "pit_league": pit["league"],
            "misses": misses or None}


def fields(r: dict, q: Question) -> dict:
    if "checked" in r:
        return checked_fields(r)
    stat = str(r.get("stat", "OPS"))
    rows = [x for x in r.get("board", []) if isinstance(x, dict) and x.get("name")]
    if q.league:  # the board has no leagues: keep the asked one's players, by their last team
        rows = [x for x in rows if getattr(team_in(LAST_SEASON, x.get("team")), "lg", None) == q.league][:3]
    top = rows[0] if rows else {}
    mine = next((x for x in rows if q.name and x["name"] == q.name), None)
    young = min((x for x in rows if isinstance(x.get("age"), int)), key=lambda x: x["age"], default=None) \
        if q.cue("young") else None
    plain = not mine and not young and not (q.name and not q.guessed)
    bt = r.get("backtest_figures") or {}
    return {
        "who_plural": "arms" if r.get("group") == "pitchers" else "bats",
        "label": label(stat), "who": ("arm" if r.get("group") == "pitchers" else "bat")
                                     + (f" in the {q.league}" if q.league else ""),
        "preface": (f"The data ends with the {LAST_SEASON} season, so it has no {FORECAST_SEASON} results. "
                    if q.year == FORECAST_SEASON and q.cue("past") and not q.cue("future") else ""),
        "team_said": f" among {r['team_name']} {r.get('group', 'hitters')}" if r.get("team_name") else "",
        "top_name": top.get("name"), "board_top": top.get("name") if plain else None, "top_said": say_stat(stat, top[stat]) if stat in top else None,
        "top_value": number(top.get(stat)) if top else None, "count": len(rows),
        "ahead": ", ahead of " + join([f"{x['name']} at {number(x.get(stat))}" for x in rows[1:]]) if len(rows) > 1 else "",
        "bt_year": bt.get("season") if stat == "OPS" and plain else None, "bt_marcel": bt.get("marcel"),
        "bt_repeat": bt.get("repeat"), "bt_prev": bt.get("previous"),
        "mine_name": mine and mine["name"], "mine_rank": mine and mine.get("rank"),
        "mine_said": mine and say_stat(stat, mine.get(stat)),
        "asked_name": q.name if q.name and not mine and not q.guessed else None,
        "young_name": young and young["name"], "young_age": young and young["age"],
        "young_said": young and say_stat(stat, young.get(stat)),
        "if_none": when(not rows),
    }
