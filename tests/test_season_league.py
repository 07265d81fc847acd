"""The season tool with a league: that league's standings, its pennant where the data marks one (else the
standings leader, never an invented pennant), and the series it played (its own playoffs, the World Series or
the Negro World Series). Truths from the raw parquet tables (Teams, SeriesPost), none from pipeline/ or baseball/.
"""

from __future__ import annotations

import json

import pytest

from baseball import TOOLS
from agent_py.tools import run_call
from conftest_data import baseball_data, n, raw  # noqa: F401  (fixtures)

BY_NAME = {t.name: t for t in TOOLS}
NEGRO = ("NNL", "ECL", "ANL", "EWL", "NSL", "NN2", "NAL")  # written out here, not read from vocab
SHOWN = 10  # standings rows the tool promises at most


def season(year: int, league: str) -> dict:
    text, is_error = run_call(BY_NAME, "season", {"season": year, "league": league})
    assert not is_error and not text.startswith("error"), text
    assert len(text) <= 1200, len(text)  # re-sent on every later step: bounded
    return json.loads(text)


def standings(raw, year: int, lg: str) -> list[dict]:
    """The league's teams in the order of the table's rank (no divisions before 1969)."""
    rows = [r for r in raw("Teams") if r["yearID"] == str(year) and r["lgID"] == lg]
    return sorted(rows, key=lambda r: int(r["Rank"]))


def names(raw, year: int) -> dict[str, str]:
    return {r["teamID"]: r["name"] for r in raw("Teams") if r["yearID"] == str(year)}


def series_truth(raw, year: int, lg: str) -> list[tuple[str, str, str]]:
    """(winner's name, loser's name, 'wins-losses[-ties]') of every series the league played in that year."""
    name = names(raw, year)
    return [(name[r["teamIDwinner"]], name[r["teamIDloser"]],
             f"{r['wins']}-{r['losses']}" + (f"-{r['ties']}" if n(r["ties"]) else ""))
            for r in raw("SeriesPost") if r["yearID"] == str(year) and lg in (r["lgIDwinner"], r["lgIDloser"])]


@pytest.mark.parametrize("said,year,lg", [("East-West League", 1932, "EWL"), ("Negro National League", 1925, "NNL"),
                                          ("negro american league", 1942, "NAL"),
                                          ("negro southern league", 1932, "NSL"), ("NN2", 1946, "NN2"),
                                          ("the American League", 2025, "AL"), ("NL", 1880, "NL")])
def test_a_league_season_by_its_spoken_name(baseball_data, raw, said, year, lg):
    got = season(year, said)
    rows = standings(raw, year, lg)
    assert got["league"].startswith(f"{lg} (")
    pennant = [r["name"] for r in rows if r["LgWin"] == "Y"]
    if pennant:
        assert got["pennant"] == pennant[0] and "leader" not in got
    else:  # no pennant in the data: the leader, said as such, never a pennant
        assert "pennant" not in got and got["leader"].startswith(f"{rows[0]['name']} {rows[0]['W']}-{rows[0]['L']}")
    if not any(r["divID"] for r in rows):
        assert got["standings"] == [f"{r['name']} {r['W']}-{r['L']}" for r in rows][:SHOWN]
    for winner, loser, score in series_truth(raw, year, lg):
        assert any(winner in s.split(" beat ")[0] and loser in s.split(" beat ")[1] and s.endswith(f" {score}")
                   for s in got["series"]), (winner, loser, score, got.get("series"))


def test_the_issue_s_examples(baseball_data, raw):
    """As the issue says them, each checked against the raw rows by the test above; here the words."""
    ewl = season(1932, "East-West League")
    assert ewl["standings"][:2] == ["Detroit Wolves 20-5", "Homestead Grays 17-11"] and "pennant" not in ewl
    nnl = season(1925, "Negro National League")
    assert nnl["pennant"] == "Kansas City Monarchs"
    assert "Negro World Series: Hilldale Club (ECL) beat Kansas City Monarchs (NNL) 5-1" in nnl["series"]
    nal = season(1942, "negro american league")
    assert "Negro World Series: Kansas City Monarchs (NAL) beat Homestead Grays (NN2) 4-0" in nal["series"]
    nsl = season(1932, "negro southern league")
    assert nsl["pennant"] == "Chicago American Giants" and nsl["standings"][0] == "Chicago American Giants 33-10"
    assert any(s.endswith("Chicago American Giants beat Nashville Elite Giants 4-3") for s in nsl["series"])


def test_every_negro_league_season(baseball_data, raw):
    seasons = sorted({(int(r["yearID"]), r["lgID"]) for r in raw("Teams") if r["lgID"] in NEGRO})
    assert len(seasons) > 45
    for year, lg in seasons:
        got = season(year, lg)
        rows = standings(raw, year, lg)
        assert got["standings"] == [f"{r['name']} {r['W']}-{r['L']}" for r in rows][:SHOWN], (year, lg)
        assert ("shown" in got) == (len(rows) > SHOWN)
        pennant = [r["name"] for r in rows if r["LgWin"] == "Y"]
        assert got.get("pennant") == (pennant[0] if pennant else None), (year, lg)
        assert len(got.get("series", [])) == len(series_truth(raw, year, lg)), (year, lg)


@pytest.mark.parametrize("year,league,says", [(1925, "NAL", "AL, ECL, NL, NNL"), (1950, "Negro Leagues", "AL, NL"),
                                              (1925, "Pacific Coast League", "Valid: AL, NL")])
def test_a_league_that_did_not_play_that_season_is_an_error_that_names_those_that_did(baseball_data, year, league, says):
    text, _ = run_call(BY_NAME, "season", {"season": year, "league": league})
    assert text.startswith("error") and says in text, text


def test_without_a_league_the_season_is_the_whole_season(baseball_data):
    whole, _ = run_call(BY_NAME, "season", {"season": 1925})
    assert json.loads(whole)["world_series"].startswith("Pittsburgh Pirates")
    assert run_call(BY_NAME, "season", {"season": 1925, "league": "MLB"})[0] == whole
