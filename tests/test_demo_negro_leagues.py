"""Demo mode on the 2025 season, the 2026 projection, the forecast this site showed, and the Negro Leagues,
asked the way people ask.

Each phrasing goes through the real loop with the real demo model, tools and published data; the answer
is checked against facts computed here from the raw Lahman tables (tests/demo_truth.py and the helpers
below; no pipeline/ code). The Negro Leagues' rules under test: careers count major-league seasons only
(independent clubs' rows left out), a team's games for qualification are the most any of its players
played for it, and the Negro World Series is named beside the World Series, never as the same title.
"""

from __future__ import annotations

import json
import math
from collections import defaultdict

import pytest
from demo_truth import (INDEPENDENT, NEXT, PAST_THE_DATA, ask, asked, calls_of, case, check, lead, projected_arms,
                        projected_bats, rec, truth, won, ws)

pytestmark = pytest.mark.usefixtures("published")

NEGRO = {"NNL", "ECL", "ANL", "EWL", "NSL", "NN2", "NAL"}


def nws(season: int):
    """The Negro World Series of that season, said: [winner, loser, 'W games to L']."""
    def pieces(t):
        r = next(s for s in t.raw("SeriesPost") if s["yearID"] == str(season) and s["round"] == "NWS")
        return [t.teams[season, r["teamIDwinner"]]["name"], t.teams[season, r["teamIDloser"]]["name"],
                f"{r['wins']} games to {r['losses']}", "Negro World Series"]
    return pieces


def career_avg(pid: str):
    """His batting average over major-league seasons only, and his name."""
    def pieces(t):
        rows = [r for r in t.bat[pid] if r["lgID"] not in INDEPENDENT]
        h, ab = sum(int(r["H"] or 0) for r in rows), sum(int(r["AB"] or 0) for r in rows)
        return [t.name(pid), f"{h / ab:.3f}"[1:] + " batting average"]
    return pieces


def career_count(pid: str, table: str, col: str, said: str):
    def pieces(t):
        rows = [r for r in (t.bat if table == "Batting" else t.pit)[pid] if r["lgID"] not in INDEPENDENT]
        return [t.name(pid), f"{sum(int(r[col] or 0) for r in rows):,} {said}"]
    return pieces


def negro_leader(stat: str, season: int, leagues: set[str]):
    """The leader(s) of a counting stat (HR, W) or batting average (qualified: 3.1 PA per team game, a team's
    games being the most any of its players played for it) over the season's rows in those leagues."""
    def pieces(t):
        games = {(t_["yearID"], t_["teamID"]): int(t_["G"] or 0) for t_ in t.raw("Teams")}
        for table in ("Batting", "Pitching"):
            for r in t.raw(table):
                k = (r["yearID"], r["teamID"])
                games[k] = max(games.get(k, 0), int(r["G"] or 0))
        tot = defaultdict(lambda: defaultdict(int))
        for r in t.raw("Pitching" if stat == "W" else "Batting"):
            if r["yearID"] == str(season) and r["lgID"] in leagues:
                for c in ("H", "AB", "HR", "W", "BB", "HBP", "SF", "SH"):
                    if c in r:
                        tot[r["playerID"]][c] += int(r[c] or 0)
                tot[r["playerID"]]["teamG"] = max(tot[r["playerID"]]["teamG"], games[r["yearID"], r["teamID"]])
        if stat == "AVG":
            pool = {p: x["H"] / x["AB"] for p, x in tot.items() if x["AB"] and x["AB"] + x["BB"] + x["HBP"] + x["SF"]
                    + x["SH"] >= math.floor(3.1 * x["teamG"] + 0.5)}
            best = max(pool.values())
            return [f"{best:.3f}"[1:]] + [t.name(p) for p, v in pool.items() if v == best]
        best = max(x[stat] for x in tot.values())
        return [str(best)] + [t.name(p) for p, x in tot.items() if x[stat] == best]
    return pieces


def checked(t) -> list[str]:
    """The 2025 board this site showed (the committed file), scored here: n and the OPS RMSE, as said."""
    from pathlib import Path

    shown = json.loads((Path(__file__).resolve().parent.parent / "data" / "forecast_2025_published.json")
                       .read_text("utf-8"))
    cols = shown["hitters"]["cols"]
    line = defaultdict(lambda: defaultdict(int))
    pg, bg = defaultdict(int), defaultdict(int)
    for r in t.raw("Pitching"):
        pg[r["playerID"], r["yearID"]] += int(r["G"] or 0)
    for r in t.raw("Batting"):
        bg[r["playerID"], r["yearID"]] += int(r["G"] or 0)
        if r["yearID"] in ("2024", "2025"):
            for c in ("AB", "H", "2B", "3B", "HR", "BB", "HBP", "SF", "SH"):
                line[r["playerID"], r["yearID"]][c] += int(r[c] or 0)
    sq = []
    for row in shown["hitters"]["rows"]:
        h = dict(zip(cols, row))
        now, prev = line.get((h["id"], "2025")), line.get((h["id"], "2024"))
        pa = lambda x: x["AB"] + x["BB"] + x["HBP"] + x["SF"] + x["SH"]  # noqa: E731
        if not now or pa(now) < 300 or not prev or pa(prev) < 100 or 2 * pg[h["id"], "2025"] >= bg[h["id"], "2025"]:
            continue
        obp = (now["H"] + now["BB"] + now["HBP"]) / (now["AB"] + now["BB"] + now["HBP"] + now["SF"])
        slg = (now["H"] + now["2B"] + 2 * now["3B"] + 3 * now["HR"]) / now["AB"]
        sq.append((float(h["OPS"]) - obp - slg) ** 2)
    return [f"for {len(sq)} hitters", f"{math.sqrt(sum(sq) / len(sq)):.3f}"[1:], "2025 forecast this site showed"]


# ---------------------------------------------------------------- 2025, and "today" meaning 2026

LATEST = [
    case("who won it all last year", "season", ws(2025)),
    case("who won the 2025 world series", "season", ws(2025)),
    case("who won the world series in 2025", "season", ws(2025)),
    case("how did the dodgers do last season", "team_season", rec(2025, "LAN")),
    case("how did the athletics do in 2025", "team_season", rec(2025, "ATH")),
    case("how did the a's do last year", "team_season", rec(2025, "ATH")),
    case("who led the al in home runs in 2025", "leaders", lead("HR", 2025, "AL")),
    case("who led the nl in home runs last year", "leaders", lead("HR", 2025, "NL")),
    case("who had the best era in the national league in 2025", "leaders", lead("ERA", 2025, "NL")),
    case("who was the 2025 al mvp", "awards", won("MVP", 2025, "AL")),
    case("who won the nl cy young last year", "awards", won("CYA", 2025, "NL")),
    case("who got into the hall of fame in 2026", "awards", lambda t: t.hall_class(2026)),
    case("who's the best bat today", "forecast", lambda t: [str(NEXT), "projection", projected_bats(t)[0]]),
    case("best arm right now", "forecast", lambda t: [str(NEXT)], {"stat": "ERA"}),
    case("who will hit the most home runs next season", "forecast", lambda t: [str(NEXT)], {"stat": "HR"}),
    case("who will win the world series in 2026", None, lambda t: [PAST_THE_DATA]),
    case("how good is your forecast", "forecast", checked, {"check": True}),
    case("how accurate were your projections last year", "forecast", checked, {"check": True}),
    case("how did your projections do", "forecast", checked, {"check": True}),
]


# ---------------------------------------------------------------- the Negro Leagues

NEGRO_LEAGUES = [
    case("how did the Grays do in 1943", "team_season", rec(1943, "HG")),
    case("how did the homestead grays do in 1948", "team_season", rec(1948, "HG")),
    case("how did the kansas city monarchs do in 1942", "team_season", rec(1942, "KCM")),
    case("how did the monarchs do in 1924", "team_season", rec(1924, "KCM")),
    case("pittsburgh crawfords 1935", "team_season", rec(1935, "PC")),
    case("how did the newark eagles do in 1946", "team_season", rec(1946, "NE")),
    case("how did hilldale do in 1925", "team_season", rec(1925, "HIL")),
    case("how did the birmingham black barons do in 1943", "team_season", rec(1943, "BBB")),
    case("Josh Gibson's batting average", "player", career_avg("gibsojo99")),
    case("what was josh gibson's batting average", "player", career_avg("gibsojo99")),
    case("tell me about josh gibson", "player", career_avg("gibsojo99")),
    case("how many home runs did josh gibson hit", "player", career_count("gibsojo99", "Batting", "HR", "home runs")),
    case("oscar charleston", "player", career_avg("charlos99")),
    case("cool papa bell stolen bases", "player", career_count("bellco99", "Batting", "SB", "stolen bases")),
    case("buck leonard career", "player", career_avg("leonabu99")),
    case("how many wins did satchel paige have", "player", career_count("paigesa01", "Pitching", "W", "and")),
    case("satchel paige", "player", lambda t: ["Satchel Paige", "1927 to 1965", "Negro American League", "AL"]),
    case("who won the world series in 1942", "season", lambda t: [*ws(1942)(t), *nws(1942)(t), "separate"]),
    case("who won it all in 1924", "season", lambda t: [*ws(1924)(t), *nws(1924)(t)]),
    case("who won the negro world series in 1943", "season", nws(1943)),
    case("who won the negro league world series in 1946", "season", nws(1946)),
    case("who led the negro leagues in home runs in 1943", "leaders", negro_leader("HR", 1943, NEGRO),
         {"league": "NEG"}),
    case("who led the negro national league in batting in 1943", "leaders", negro_leader("AVG", 1943, {"NN2"})),
    case("who led the negro american league in wins in 1944", "leaders", negro_leader("W", 1944, {"NAL"})),
    case("who led the eastern colored league in home runs in 1925", "leaders", negro_leader("HR", 1925, {"ECL"})),
    case("who won the negro american league pennant in 1942", "season",
         lambda t: [t.pennant(1942, "NAL"), "Negro American League"]),
]


@pytest.mark.parametrize("question,tool,args,expect,forbid,honest", LATEST + NEGRO_LEAGUES)
def test_phrasing(question, tool, args, expect, forbid, honest):
    check(asked(question), question, tool, args, expect, forbid, honest)


def test_two_champions_in_one_answer_are_two_titles():
    """1942: the table marks the Cardinals and the Monarchs as champions; the answer names each with its series."""
    t = truth()
    marked = [r for r in t.raw("Teams") if r["yearID"] == "1942" and r["WSWin"] == "Y"]
    assert len(marked) == 2
    answer = ask("who won the world series in 1942")["answer"]
    ws_part, _, nws_part = answer.partition("Negro World Series")
    assert t.series(1942, "WS")[0] in ws_part and nws(1942)(t)[0] in nws_part
    assert nws(1942)(t)[0] not in ws_part


def test_the_projection_boards_name_a_top_of_the_last_three_seasons():
    t = truth()
    for question, pool in (("who's the best bat today", projected_bats(t, "OPS", 10)),
                           ("best arm right now", projected_arms(t, "ERA", 10))):
        turn = ask(question)
        top = json.loads(calls_of(turn)[0]["result"])["board"][0]["name"]
        assert top in pool and top in turn["answer"], (question, turn["answer"])
