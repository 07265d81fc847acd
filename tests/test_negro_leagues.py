"""The Negro Leagues (1920-1948) as the tools answer them: truths from the raw tables.

Every truth is computed here from the Lahman parquet tables (tests/conftest_data.py), none of
pipeline/'s code. The rules under test, as the tools state them:
  - major leagues: AL, NL, the 19th-century majors and the seven Negro Leagues MLB recognised
    (NNL, ECL, ANL, EWL, NSL, NN2, NAL); the tables' independent clubs (IND, and the earlier EAS, WES,
    NAC, INT) are in a player's records but not in careers or leaderboards;
  - a team's games for the per-team-game qualification are the most games any of its players played
    for it, since Teams.G counts only the Negro Leagues' standings games (1943 Grays: 34, Gibson 70);
  - the Negro World Series is named beside the World Series, never as one champion for two "Y" rows.
"""

from __future__ import annotations

import json
import math
from collections import defaultdict

import pytest

from baseball import TOOLS
from agent_py.tools import run_call
from conftest_data import baseball_data, n, raw  # noqa: F401  (fixtures)

BY_NAME = {t.name: t for t in TOOLS}
NEGRO = {"NNL", "ECL", "ANL", "EWL", "NSL", "NN2", "NAL"}  # written out here, not read from vocab
INDEPENDENT = {"IND", "EAS", "WES", "NAC", "INT"}


def ok(tool: str, **args) -> dict:
    text, is_error = run_call(BY_NAME, tool, args)
    assert not is_error, text
    return json.loads(text)


def pa(t) -> int:
    return t["AB"] + t["BB"] + t["HBP"] + t["SF"] + t["SH"]


def games_of_teams(raw) -> dict[tuple[str, str], int]:
    games = {(t["yearID"], t["teamID"]): n(t["G"]) for t in raw("Teams")}
    for table in ("Batting", "Pitching"):
        for r in raw(table):
            games[r["yearID"], r["teamID"]] = max(games.get((r["yearID"], r["teamID"]), 0), n(r["G"]))
    return games


def totals(raw, table: str, season: int, leagues: set[str]) -> dict[str, dict[str, int]]:
    games = games_of_teams(raw)
    out: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for r in raw(table):
        if r["yearID"] == str(season) and r["lgID"] in leagues:
            for k in ("AB", "H", "BB", "HBP", "SF", "SH", "HR", "SO", "W", "ER", "IPouts"):
                if k in r:
                    out[r["playerID"]][k] += n(r[k])
            out[r["playerID"]]["teamG"] = max(out[r["playerID"]]["teamG"], games[r["yearID"], r["teamID"]])
    return out


def name_of(raw, pid: str) -> str:
    p = next(p for p in raw("People") if p["playerID"] == pid)
    return f"{p['nameFirst']} {p['nameLast']}"


# ---------------------------------------------------------------- team seasons

@pytest.mark.parametrize("season", [1923, 1929, 1932, 1937, 1943, 1946])
def test_every_negro_league_team_season_is_published(baseball_data, raw, season):
    rows = {r[2]: r for r in json.loads((baseball_data / "teams.json").read_text("utf-8"))["rows"] if r[0] == season}
    truth = [t for t in raw("Teams") if t["yearID"] == str(season) and t["lgID"] in NEGRO]
    assert truth
    for t in truth:
        row = rows[t["teamID"]]
        assert row[1] == t["lgID"] and row[7:9] == [n(t["W"]), n(t["L"])] and row[15] == t["name"]


@pytest.mark.parametrize("said,season", [("Grays", 1943), ("Homestead Grays", 1944), ("Monarchs", 1942),
                                         ("Kansas City Monarchs", 1924), ("Crawfords", 1935),
                                         ("Newark Eagles", 1946), ("Hilldale", 1925), ("Black Barons", 1948),
                                         ("American Giants", 1926), ("Cubans", 1947)])
def test_team_season_through_the_tool(baseball_data, raw, said, season):
    got = ok("team_season", team=said, season=season)
    t = next(t for t in raw("Teams") if t["yearID"] == str(season) and t["teamID"] == got["id"])
    assert said.lower() in t["name"].lower() and t["lgID"] in NEGRO
    assert got["record"] == f"{t['W']}-{t['L']}" and got["league"] == t["lgID"] and got["games"] == n(t["G"])
    assert "standings games" in got["note"]
    nws = [s for s in raw("SeriesPost") if s["yearID"] == str(season) and s["round"] == "NWS"
           and got["id"] in (s["teamIDwinner"], s["teamIDloser"])]
    if nws:
        won = nws[0]["teamIDwinner"] == got["id"]
        assert got["postseason"] == ("won" if won else "lost") + " the Negro World Series"


def test_the_1943_grays_games_do_not_break_the_qualification(baseball_data, raw):
    grays = next(t for t in raw("Teams") if t["yearID"] == "1943" and t["teamID"] == "HG")
    gibson = [r for r in raw("Batting") if r["playerID"] == "gibsojo99" and r["yearID"] == "1943"]
    assert n(grays["G"]) < sum(n(r["G"]) for r in gibson)  # 34 standings games, 70 played
    got = ok("leaders", stat="batting average", season=1943, league="Negro National League")
    assert got["league"] == "NN2" and "most any of its players played" in got["rule"]
    assert got["leaders"][0]["name"] == "Josh Gibson" or any(e["name"] == "Josh Gibson" for e in got["leaders"])


# ---------------------------------------------------------------- leaders by league and season

@pytest.mark.parametrize("season,league", [(1925, "NNL"), (1925, "ECL"), (1929, "ANL"), (1932, "EWL"),
                                           (1932, "NSL"), (1936, "NN2"), (1943, "NN2"), (1943, "NAL"),
                                           (1947, "NAL")])
def test_league_leaders(baseball_data, raw, season, league):
    bat = totals(raw, "Batting", season, {league})
    pit = totals(raw, "Pitching", season, {league})
    cases = [("HR", bat, lambda t: t["HR"], lambda t: True, False, lambda v: v),
             ("W", pit, lambda t: t["W"], lambda t: True, False, lambda v: v),
             ("AVG", bat, lambda t: t["H"] / t["AB"],
              lambda t: t["AB"] and pa(t) >= math.floor(3.1 * t["teamG"] + 0.5), False, lambda v: f"{v:.3f}"[1:]),
             ("ERA", pit, lambda t: 27 * t["ER"] / t["IPouts"], lambda t: t["IPouts"] >= 3 * t["teamG"] > 0, True,
              lambda v: f"{v:.2f}")]
    for code, pool, value, qualified, low, shown in cases:
        values = {pid: value(t) for pid, t in pool.items() if qualified(t)}
        values = {p: v for p, v in values.items() if low or v > 0}
        if not values:
            continue
        best = (min if low else max)(values.values())
        pids = {p for p, v in values.items() if v == best}
        got = ok("leaders", stat=code, season=season, league=league)
        first = [e for e in got["leaders"] if e["rank"] == 1]
        assert {e["value"] for e in first} == {shown(best)}, (code, first)
        assert {e["name"] for e in first} >= {name_of(raw, p) for p in pids} or len(pids) > len(first), code


def test_the_negro_leagues_together_and_all_majors(baseball_data, raw):
    """NEG pools the season's Negro Leagues; MLB pools every major league of the season, as MLB does."""
    for league, pool_leagues in (("Negro Leagues", NEGRO), ("MLB", NEGRO | {"AL", "NL"})):
        bat = totals(raw, "Batting", 1943, pool_leagues)
        qualified = {p: t["H"] / t["AB"] for p, t in bat.items()
                     if t["AB"] and pa(t) >= math.floor(3.1 * t["teamG"] + 0.5)}
        best = max(qualified, key=qualified.get)
        got = ok("leaders", stat="AVG", season=1943, league=league)
        assert got["leaders"][0]["name"] == name_of(raw, best)
        assert got["leaders"][0]["value"] == f"{qualified[best]:.3f}"[1:]


def test_independent_clubs_count_in_no_leaderboard(baseball_data, raw):
    """1931's Homestead Grays were independent: their hitters are on no 1931 board."""
    ind = {r["playerID"] for r in raw("Batting") if r["yearID"] == "1931" and r["lgID"] == "IND"}
    major = {r["playerID"] for r in raw("Batting") if r["yearID"] == "1931" and r["lgID"] not in INDEPENDENT}
    only_ind = {name_of(raw, p) for p in ind - major}
    board = json.loads((baseball_data / "leaders" / "HR.json").read_text("utf-8"))["season"]["1931"]
    assert "IND" not in board
    assert not only_ind & {e[1] for lg in board.values() for e in lg}


# ---------------------------------------------------------------- bios and careers

@pytest.mark.parametrize("name,pid", [("Josh Gibson", "gibsojo99"), ("Oscar Charleston", "charlos99"),
                                      ("Cool Papa Bell", "bellco99"), ("Buck Leonard", "leonabu99")])
def test_bios_and_careers(baseball_data, raw, name, pid):
    rows = [r for r in raw("Batting") if r["playerID"] == pid]
    counted = [r for r in rows if r["lgID"] not in INDEPENDENT]
    t = {k: sum(n(r[k]) for r in counted) for k in ("AB", "H", "HR", "BB", "HBP", "SF", "SH", "G")}
    p = next(p for p in raw("People") if p["playerID"] == pid)
    hof = next(int(h["yearID"]) for h in raw("HallOfFame") if h["playerID"] == pid and h["inducted"] == "Y")
    got = ok("player", name=name)
    assert got["id"] == pid and got["born"].startswith(f"{p['birthYear']}-{int(p['birthMonth']):02d}")
    assert got["hall_of_fame"] == hof
    assert got["batting"]["H"] == t["H"] and got["batting"]["HR"] == t["HR"] and got["batting"]["PA"] == pa(t)
    assert got["batting"]["AVG"] == f"{t['H'] / t['AB']:.3f}"[1:]
    years = sorted({int(r["yearID"]) for r in rows})
    assert got["years"] == f"{years[0]}-{years[-1]}"
    if len(counted) < len(rows):  # independent seasons are named, not summed
        assert "not in these totals" in got["not_counted"]
        assert got["batting"]["H"] < sum(n(r["H"]) for r in rows)


def test_josh_gibsons_batting_average(baseball_data, raw):
    rows = [r for r in raw("Batting") if r["playerID"] == "gibsojo99" and r["lgID"] in NEGRO]
    avg = sum(n(r["H"]) for r in rows) / sum(n(r["AB"]) for r in rows)
    assert ok("player", name="Josh Gibson")["batting"]["AVG"] == f"{avg:.3f}"[1:]
    season = [r for r in rows if r["yearID"] == "1943"]
    assert ok("player", name="Josh Gibson", season=1943)["batting"]["AVG"] == \
        f"{sum(n(r['H']) for r in season) / sum(n(r['AB']) for r in season):.3f}"[1:]


def test_satchel_paiges_span_crosses_the_negro_leagues_and_the_al(baseball_data, raw):
    rows = [r for r in raw("Pitching") if r["playerID"] == "paigesa01"]
    years = sorted({int(r["yearID"]) for r in rows + [r for r in raw("Batting") if r["playerID"] == "paigesa01"]})
    got = ok("player", name="Satchel Paige")
    assert got["years"] == f"{years[0]}-{years[-1]}"
    leagues = {r["lgID"] for r in rows}
    assert {"AL"} < leagues and leagues & NEGRO and all(lg in got["leagues"] for lg in leagues - INDEPENDENT)
    wins = sum(n(r["W"]) for r in rows if r["lgID"] not in INDEPENDENT)
    assert got["pitching"]["W"] == wins
    al = [r for r in rows if r["lgID"] == "AL"]
    assert ok("player", name="Satchel Paige", season=1948)["pitching"]["W"] == \
        sum(n(r["W"]) for r in al if r["yearID"] == "1948")


# ---------------------------------------------------------------- champions

@pytest.mark.parametrize("season", [1924, 1942, 1943, 1946, 1948])
def test_two_champions_are_never_named_as_one(baseball_data, raw, season):
    marked = [t for t in raw("Teams") if t["yearID"] == str(season) and t["WSWin"] == "Y"]
    assert len(marked) == 2  # the table marks the World Series and the Negro World Series winners alike
    ws = next(s for s in raw("SeriesPost") if s["yearID"] == str(season) and s["round"] == "WS")
    nws = next(s for s in raw("SeriesPost") if s["yearID"] == str(season) and s["round"] == "NWS")
    name = {t["teamID"]: t["name"] for t in raw("Teams") if t["yearID"] == str(season)}
    got = ok("season", season=season)
    assert got["world_series"].startswith(name[ws["teamIDwinner"]]) and name[nws["teamIDwinner"]] not in got["world_series"]
    assert got["negro_world_series"].startswith(name[nws["teamIDwinner"]])
    assert "separate from the World Series" in got["note"]


def test_negro_national_league_means_the_one_of_that_season(baseball_data):
    assert ok("leaders", stat="HR", season=1925, league="negro national league")["league"] == "NNL"
    assert ok("leaders", stat="HR", season=1945, league="negro national league")["league"] == "NN2"


def test_all_star_squads_are_not_leagues(baseball_data, raw):
    """AllstarFull's EAS/WES are the East-West game's squads: an All-Star year, not a season in a league."""
    rows = [r for r in raw("AllstarFull") if r["playerID"] == "leonabu99"]
    assert {r["lgID"] for r in rows} & {"EAS", "WES"}
    batting = {r["lgID"] for r in raw("Batting") if r["playerID"] == "leonabu99"}
    got = ok("player", name="Buck Leonard")
    assert got["all_star"] == len({r["yearID"] for r in rows})
    assert "EAS" not in got["leagues"] and "EAS" not in batting and "IND" not in got["leagues"]


def test_boards_say_what_they_count(baseball_data):
    """Career boards and the Negro Leagues' seasons say that only major-league seasons count."""
    for args in ({"stat": "AVG"}, {"stat": "HR", "season": 1943, "league": "NEG"}, {"stat": "W", "season": 1931}):
        got = ok("leaders", **args)
        assert "independent clubs' seasons are not counted" in got["counted"], args
    assert "counted" not in ok("leaders", stat="HR", season=2025)
