"""Demo mode on the Marcel projection: the best bats and arms, a team's or a league's board, a player on it.

Each phrasing goes through the real loop and is judged by ``demo_truth.check`` (tests/demo_truth.py says how).
"""

from __future__ import annotations

import json

import pytest
from demo_truth import (ask, asked, calls_of, case, check, fold, names_a_projected_leader, projected_arms,
                        projected_bats, says, truth)


pytestmark = pytest.mark.usefixtures("published")


FORECASTS = [
    case("ok so whos the best bat today", "forecast",
         lambda t: ["2026", "projection", projected_bats(t)[0]]),
    case("best hitter in baseball right now", "forecast", lambda t: ["2026", projected_bats(t)[0]]),
    case("best arm today", "forecast", lambda t: ["2026"], {"stat": "ERA"}),
    case("whos the best pitcher right now", "forecast", lambda t: ["2026"], {"stat": "ERA"}),
    case("projected era leaders for 2026", "forecast", lambda t: ["2026", "ERA"], {"stat": "ERA"}),
    case("2026 strikeout projections", "forecast", lambda t: ["2026", "strikeouts"], {"stat": "K"}),
    case("who will lead the league in homers in 2026", "forecast", lambda t: ["2026", "home runs"], {"stat": "HR"}),
    case("what is aaron judge projected to hit in 2026", "forecast", lambda t: ["Aaron Judge", "2026"]),
    case("what is paul skenes projected era", "forecast", lambda t: ["Paul Skenes", "ERA"]),
    case("yankees projections 2026", "forecast", lambda t: ["New York Yankees", "2026"]),
    case("who will hit the most homers in 2026 for the dodgers", "forecast", lambda t: ["Los Angeles Dodgers"],
         {"stat": "HR"}),
    case("who is the best young hitter in baseball", "forecast", lambda t: ["youngest", "2026"]),
]


MORE_FORECASTS = [
    case("who will hit the most home runs next season", "forecast", lambda t: ["2026", projected_bats(t, "HR")[0]],
         {"stat": "HR"}),
    case("projected batting average leaders 2026", "forecast", lambda t: ["2026", "batting average"], {"stat": "AVG"}),
    case("who's projected to have the best ops in 2026", "forecast", lambda t: ["2026", projected_bats(t)[0]]),
    case("2026 whip projections", "forecast", lambda t: ["2026", "WHIP"], {"stat": "WHIP"}),
    case("what's juan soto's projection for 2026", "forecast", lambda t: ["Juan Soto", "2026"]),
    case("how many home runs is shohei ohtani projected to hit next year", "forecast",
         lambda t: ["Shohei Ohtani", "2026", "home runs"], {"stat": "HR"}),
    case("projected era for tarik skubal in 2026", "forecast", lambda t: ["Tarik Skubal", "ERA"], {"stat": "ERA"}),
    case("who's the best pitcher going into 2026", "forecast", lambda t: ["2026", projected_arms(t)[0]],
         {"stat": "ERA"}),
    case("top 5 pitchers for 2026", "forecast", lambda t: ["2026", "ERA"], {"stat": "ERA", "top": 5}),
    case("best hitters on the mets for 2026", "forecast", lambda t: ["New York Mets", "2026"]),
    case("dodgers pitching projections 2026", "forecast", lambda t: ["Los Angeles Dodgers", "ERA"], {"stat": "ERA"}),
    case("who will be the best hitter in the al next year", "forecast", lambda t: ["2026", "AL"]),
    case("best nl bat next season", "forecast", lambda t: ["2026", "NL"]),
    case("whos gonna lead the league in ops next year", "forecast", lambda t: ["2026", "OPS"]),
    case("the top 3 projected on base percentage for 2026", "forecast", lambda t: ["on-base percentage"],
         {"stat": "OBP", "top": 3}),
    case("what will the yankees record be in 2026", None, lambda t: ["ends with the 2025 season"]),
    case("who will win the al mvp in 2026", "awards", lambda t: ["2026 is outside", "2025"]),
    # ---- once answered wrong (each a defect mended; kept so it stays mended)
    case("who will strike out the most batters in 2026", "forecast", lambda t: ["2026", "strikeouts"], {"stat": "K"}),
    case("best young pitcher for 2026", "forecast", lambda t: ["2026", "ERA"], {"stat": "ERA"},
         forbid=lambda t: ["bats"]),
    case("will the dodgers repeat in 2026", None, lambda t: ["ends with the 2025 season"]),
    case("where will the athletics play in 2026", None, lambda t: ["2025"]),
]


@pytest.mark.parametrize("question,tool,args,expect,forbid,honest", FORECASTS + MORE_FORECASTS)
def test_phrasing(question, tool, args, expect, forbid, honest):
    check(asked(question), question, tool, args, expect, forbid, honest)


def test_the_projected_tops_come_from_the_best_of_the_last_three_seasons():
    """Each board's leader, named in the answer, must be among the best of the three seasons Marcel weighs
    (computed from the raw tables): a projection that put anyone else first would be wrong."""
    t = truth()
    for question, pool in (("who's the best bat for 2026", projected_bats(t, "OPS", 10)),
                           ("who will hit the most home runs next year", projected_bats(t, "HR", 10)),
                           ("best arm today", projected_arms(t, "ERA", 10)),
                           ("2026 strikeout projections", projected_arms(t, "K", 10))):
        names_a_projected_leader(question, pool)


def _played_2025(t, name: str) -> set[str]:
    """The teams (ids) and leagues a player of that name played for in 2025 (Batting and Pitching)."""
    rows = [r for p in t.by_name[fold(name)] for r in t.bat[p] + t.pit[p] if r["yearID"] == "2025"]
    return {r["teamID"] for r in rows} | {r["lgID"] for r in rows}


def test_a_projection_board_for_a_team_or_league_is_theirs():
    """A team's 2026 board holds only players who played for that team in 2025, and a league's answer names the
    board's best of those who played in that league in 2025 (raw tables); the pitchers' and the home-run boards
    open with the best of 2023-2025."""
    t = truth()
    for question, team in (("best hitters on the mets for 2026", "NYN"), ("dodgers pitching projections 2026", "LAN"),
                           ("yankees pitchers projected for 2026", "NYA")):
        turn = ask(question)
        board = json.loads(calls_of(turn)[0]["result"])["board"]
        assert board and all(team in _played_2025(t, x["name"]) for x in board), (question, board)
        assert says(turn["answer"], board[0]["name"]), (question, turn["answer"])
    for question, league in (("who will be the best hitter in the al next year", "AL"),
                             ("best nl bat next season", "NL")):
        turn = ask(question)
        board = json.loads(calls_of(turn)[0]["result"])["board"]
        top = next(x["name"] for x in board if league in _played_2025(t, x["name"]))
        assert says(turn["answer"], top), (question, turn["answer"], top)
    for question, pool in (("who's the best pitcher going into 2026", projected_arms(t, "ERA", 10)),
                           ("who will hit the most home runs next season", projected_bats(t, "HR", 10))):
        names_a_projected_leader(question, pool)
