"""Seasons 2021-2025, awards, the Hall of Fame through 2026 and the 2026 forecast: truths from the raw tables.

Every truth is computed here from the Lahman parquet tables (tests/conftest_data.py reads them
with pyarrow; none of pipeline/'s code), then checked against the published files and, where a
tool answers the question, through the tool as the agent loop calls it.
"""

from __future__ import annotations

import json
import math
import re
from collections import defaultdict

import pytest

from baseball import TOOLS
from agent_py.tools import run_call
from conftest_data import baseball_data, n, raw  # noqa: F401  (fixtures)
from baseball.vocab import LAST_SEASON

T = LAST_SEASON  # the backtests are on the last season

BY_NAME = {t.name: t for t in TOOLS}
NEW_SEASONS = tuple(range(2021, LAST_SEASON + 1))  # 2021-2025: the seasons since the Databank CSVs ended


def ok(tool: str, **args) -> dict:
    text, is_error = run_call(BY_NAME, tool, args)
    assert not is_error and not text.startswith("error:"), text
    return json.loads(text)


def published(baseball_data, name: str):
    return json.loads((baseball_data / name).read_text("utf-8"))


def full_name(raw, pid: str) -> str:
    p = next(p for p in raw("People") if p["playerID"] == pid)
    return f"{p['nameFirst']} {p['nameLast']}"


# ---------------------------------------------------------------- team records

def test_every_2021_2025_team_season_is_published_as_the_table_says(baseball_data, raw):
    rows = {(r[0], r[2]): r for r in published(baseball_data, "teams.json")["rows"] if r[0] >= 2021}
    truth = [r for r in raw("Teams") if int(r["yearID"]) in NEW_SEASONS]
    assert len(truth) == len(rows) == 30 * len(NEW_SEASONS)
    for t in truth:
        row = rows[int(t["yearID"]), t["teamID"]]
        assert row[7:9] == [int(t["W"]), int(t["L"])] and row[13:16] == [int(t["R"]), int(t["RA"]), t["name"]]


@pytest.mark.parametrize("team,season,team_id", [
    ("Guardians", 2022, "CLE"), ("Cleveland", 2024, "CLE"), ("Indians", 2021, "CLE"), ("A's", 2024, "OAK"),
    ("Oakland Athletics", 2023, "OAK"), ("Dodgers", 2024, "LAN"), ("Rangers", 2023, "TEX"), ("Braves", 2021, "ATL"),
    ("Astros", 2022, "HOU"), ("White Sox", 2024, "CHA"), ("Orioles", 2023, "BAL"), ("Mets", 2024, "NYN"),
])
def test_team_season_2021_2024_through_the_tool(baseball_data, raw, team, season, team_id):
    t = next(r for r in raw("Teams") if r["yearID"] == str(season) and r["teamID"] == team_id)
    got = ok("team_season", team=team, season=season)
    assert got["id"] == team_id and got["team"] == t["name"]
    assert got["record"] == f"{t['W']}-{t['L']}" and (got["runs"], got["runs_allowed"]) == (int(t["R"]), int(t["RA"]))
    ws = next(s for s in raw("SeriesPost") if s["yearID"] == str(season) and s["round"] == "WS")
    assert (got["postseason"] == "won the World Series") == (ws["teamIDwinner"] == team_id)


def test_cleveland_is_one_franchise_named_guardians_from_2022(baseball_data, raw):
    names = {int(r["yearID"]): r["name"] for r in raw("Teams") if r["franchID"] == "CLE"}
    assert names[2021] == "Cleveland Indians" and all(names[y] == "Cleveland Guardians" for y in (2022, 2023, 2024))
    assert published(baseball_data, "teams.json")["franchises"]["CLE"][0] == "Cleveland Guardians"
    text, is_error = run_call(BY_NAME, "team_season", {"team": "Guardians", "season": 2019})
    assert is_error and "Cleveland Indians" in text  # the franchise's name that year


# ---------------------------------------------------------------- leaders, both leagues

def league_totals(raw, table: str, season: int, league: str) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    team_games = {t["teamID"]: int(t["G"]) for t in raw("Teams") if t["yearID"] == str(season)}
    for r in raw(table):
        if r["yearID"] == str(season) and r["lgID"] == league:
            for k, v in r.items():
                if v.isdigit():
                    out[r["playerID"]][k] += int(v)
            out[r["playerID"]]["teamG"] = max(out[r["playerID"]]["teamG"], team_games[r["teamID"]])
    return out


def leader(totals: dict, value, qualified=lambda t: True, low: bool = False):
    pool = {pid: value(t) for pid, t in totals.items() if qualified(t)}
    best = (min if low else max)(pool.values())
    return best, {pid for pid, v in pool.items() if v == best}


@pytest.mark.parametrize("season", NEW_SEASONS)
@pytest.mark.parametrize("league", ["AL", "NL"])
def test_batting_and_pitching_leaders_2021_2025(baseball_data, raw, season, league):
    bat = league_totals(raw, "Batting", season, league)
    pit = league_totals(raw, "Pitching", season, league)
    pa = lambda t: t["AB"] + t["BB"] + t["HBP"] + t["SF"] + t["SH"]
    cases = [
        ("home runs", "HR", leader(bat, lambda t: t["HR"]), lambda v: v),
        ("hits", "H", leader(bat, lambda t: t["H"]), lambda v: v),
        ("strikeouts", "K", leader(pit, lambda t: t["SO"]), lambda v: v),
        ("wins", "W", leader(pit, lambda t: t["W"]), lambda v: v),
        ("saves", "SV", leader(pit, lambda t: t["SV"]), lambda v: v),
        ("batting average", "AVG", leader(bat, lambda t: t["H"] / t["AB"],
                                          lambda t: t["AB"] and pa(t) >= math.floor(3.1 * t["teamG"] + 0.5)),
         lambda v: f"{v:.3f}"[1:]),
        ("ERA", "ERA", leader(pit, lambda t: 27 * t["ER"] / t["IPouts"], lambda t: t["IPouts"] >= 3 * t["teamG"],
                              low=True), lambda v: f"{v:.2f}"),
    ]
    board = published(baseball_data, "leaders/HR.json")["season"][str(season)][league]
    assert board[0][2] == cases[0][2][0]
    for said, code, (best, pids), shown in cases:
        got = ok("leaders", stat=said, season=season, league=league)
        first = [e for e in got["leaders"] if e["rank"] == 1]
        assert got["stat"] == code and all(e["value"] == shown(best) for e in first), (code, best, first)
        assert sorted(e["name"] for e in first) == sorted(published_name(baseball_data, p) for p in pids), (code, pids)
        assert all(published_name(baseball_data, p).startswith(full_name(raw, p)) for p in pids)


def test_known_2021_2024_leaders(baseball_data):
    """Spot checks a fan knows: Judge's 62 in 2022, Ohtani's 54 in 2024, Skubal and Sale's 2024 strikeouts."""
    top = ok("leaders", stat="HR", season=2022, league="AL")["leaders"][0]
    assert (top["name"], top["value"]) == ("Aaron Judge", 62)
    assert ok("leaders", stat="homers", season=2024, league="NL")["leaders"][0]["value"] == 54
    assert ok("leaders", stat="strikeouts", season=2024, league="AL")["leaders"][0]["name"] == "Tarik Skubal"
    assert ok("leaders", stat="strikeouts", season=2024, league="NL")["leaders"][0]["name"] == "Chris Sale"


# ---------------------------------------------------------------- career totals that moved since 2020

@pytest.mark.parametrize("name,pid,table,col,section,stat", [
    ("Miguel Cabrera", "cabremi01", "Batting", "H", "batting", "H"),
    ("Freddie Freeman", "freemfr01", "Batting", "H", "batting", "H"),
    ("Mike Trout", "troutmi01", "Batting", "HR", "batting", "HR"),
    ("Paul Goldschmidt", "goldspa01", "Batting", "HR", "batting", "HR"),
    ("Justin Verlander", "verlaju01", "Pitching", "SO", "pitching", "SO"),
    ("Clayton Kershaw", "kershcl01", "Pitching", "W", "pitching", "W"),
    ("Max Scherzer", "scherma01", "Pitching", "SO", "pitching", "SO"),
    ("Craig Kimbrel", "kimbrcr01", "Pitching", "SV", "pitching", "SV"),
])
def test_career_totals_include_2021_2025(baseball_data, raw, name, pid, table, col, section, stat):
    rows = [r for r in raw(table) if r["playerID"] == pid]
    total = sum(n(r[col]) for r in rows)
    through_2020 = sum(n(r[col]) for r in rows if int(r["yearID"]) <= 2020)
    assert total > through_2020  # the number moved since the old data ended
    got = ok("player", name=name)
    assert got["id"] == pid and got[section][stat] == total


def test_a_bio_names_the_teams_he_played_for(baseball_data, raw):
    got = ok("player", name="Roberto Clemente")
    teams = {r["teamID"] for r in raw("Batting") if r["playerID"] == "clemero01"}
    assert teams == {"PIT"} and got["teams"] == ["PIT Pittsburgh Pirates"]
    got = ok("player", name="Freddie Freeman")
    assert {"ATL Atlanta Braves", "LAN Los Angeles Dodgers"} <= set(got["teams"])


# ---------------------------------------------------------------- postseason rounds

@pytest.mark.parametrize("season", NEW_SEASONS)
def test_every_round_2021_2025_is_published_with_its_name(baseball_data, raw, season):
    table = published(baseball_data, "seasons.json")
    cols = table["cols"]
    got = [dict(zip(cols, row)) for row in table["series"][str(season)]]
    truth = [r for r in raw("SeriesPost") if r["yearID"] == str(season)]
    assert sorted((s["round"], s["winner"], s["loser"], s["wins"], s["losses"]) for s in got) == sorted(
        (r["round"], r["teamIDwinner"], r["teamIDloser"], int(r["wins"]), int(r["losses"])) for r in truth)
    league = {r["teamID"]: r["lgID"] for r in raw("Teams") if r["yearID"] == str(season)}
    for s in got:
        assert s["winner_lg"] == league[s["winner"]] and s["loser_lg"] == league[s["loser"]]
        base = s["round"].rstrip("1234")
        expect = {"WS": ("World Series", 7), "ALCS": ("AL Championship Series", 7),
                  "NLCS": ("NL Championship Series", 7), "ALDS": ("AL Division Series", 5),
                  "NLDS": ("NL Division Series", 5),
                  "ALWC": ("AL Wild Card Game", 1) if season == 2021 else ("AL Wild Card Series", 3),
                  "NLWC": ("NL Wild Card Game", 1) if season == 2021 else ("NL Wild Card Series", 3)}[base]
        assert (s["name"], s["best_of"]) == expect
        assert max(s["wins"], s["losses"]) == expect[1] // 2 + 1  # the series went to its winning number
    rounds = {s["round"].rstrip("1234") for s in got}
    assert rounds == {"WS", "ALCS", "NLCS", "ALDS", "NLDS", "ALWC", "NLWC"}


@pytest.mark.parametrize("season", NEW_SEASONS)
def test_world_series_2021_2025_through_the_tool(baseball_data, raw, season):
    ws = next(s for s in raw("SeriesPost") if s["yearID"] == str(season) and s["round"] == "WS")
    name = {r["teamID"]: r["name"] for r in raw("Teams") if r["yearID"] == str(season)}
    league = {r["teamID"]: r["lgID"] for r in raw("Teams") if r["yearID"] == str(season)}
    got = ok("season", season=season)
    assert got["world_series"].startswith(f"{name[ws['teamIDwinner']]} ({league[ws['teamIDwinner']]}) beat "
                                          f"{name[ws['teamIDloser']]}")
    assert f"{ws['wins']}-{ws['losses']}" in got["world_series"]
    assert len(got["rounds"]) == len([s for s in raw("SeriesPost") if s["yearID"] == str(season)]) - 1


def test_the_2022_world_series_winner_is_in_the_al(baseball_data, raw):
    """The publication names each side's league from Teams (an older release said NL for Houston in 2022)."""
    row = next(s for s in raw("SeriesPost") if s["yearID"] == "2022" and s["round"] == "WS")
    team = next(t for t in raw("Teams") if t["yearID"] == "2022" and t["teamID"] == row["teamIDwinner"])
    assert row["teamIDwinner"] == "HOU" and team["lgID"] == "AL"
    assert "Houston Astros (AL) beat Philadelphia Phillies (NL) 4-2" == ok("season", season=2022)["world_series"]


# ---------------------------------------------------------------- awards

def award_truth(raw, award_id: str, season: int) -> dict[str, set[str]]:
    out: dict[str, set[str]] = defaultdict(set)
    for r in raw("AwardsPlayers"):
        if r["awardID"] == award_id and r["yearID"] == str(season):
            out[r["lgID"]].add(r["playerID"])
    return out


@pytest.mark.parametrize("season", NEW_SEASONS)
@pytest.mark.parametrize("code,award_id", [("MVP", "Most Valuable Player"), ("CYA", "Cy Young Award"),
                                           ("ROY", "Rookie of the Year"), ("GG", "Gold Glove"),
                                           ("SS", "Silver Slugger")])
def test_awards_by_season_and_league(baseball_data, raw, season, code, award_id):
    awards = published(baseball_data, "awards.json")
    truth = award_truth(raw, award_id, season)
    if code == "SS":  # this release spells a few rows "SIlver Slugger"
        for lg, pids in award_truth(raw, "SIlver Slugger", season).items():
            truth[lg] |= pids
    for lg in ("AL", "NL"):
        got = awards["seasons"][str(season)][lg][code]
        assert len(got) == len(truth[lg]) > 0
        assert sorted(e[0] for e in got) == sorted(
            published_name(baseball_data, pid) for pid in truth[lg])
        if code in ("GG", "SS"):
            assert all(e[2] for e in got)  # the position
        for pid in truth[lg]:  # the player's own page lists it
            assert season in shard(baseball_data, pid)["aw"][code]


def published_name(baseball_data, pid: str) -> str:
    return shard(baseball_data, pid)["n"]


def shard(baseball_data, pid: str) -> dict:
    import zlib

    shards = published(baseball_data, "players/index.json")["shards"]
    return published(baseball_data, f"players/{zlib.crc32(pid.encode()) % shards:02d}.json")[pid]


def test_award_votes_2021_2025_top_finisher_is_the_winner(baseball_data, raw):
    awards = published(baseball_data, "awards.json")
    share = defaultdict(list)
    for r in raw("AwardsSharePlayers"):
        if int(r["yearID"]) in NEW_SEASONS:
            share[r["yearID"], r["lgID"], r["awardID"]].append((int(r["pointsWon"]), r["playerID"], int(r["pointsMax"])))
    codes = {"Most Valuable Player": "MVP", "Cy Young Award": "CYA", "Rookie of the Year": "ROY"}
    assert len(share) == len(NEW_SEASONS) * 2 * 3
    for (year, lg, award), entries in share.items():
        entries.sort(reverse=True)
        got = awards["votes"][year][lg][codes[award]]
        assert got[0][0] == published_name(baseball_data, entries[0][1])
        assert got[0][2:4] == [entries[0][0], entries[0][2]]
        assert [e[2] for e in got] == sorted((e[2] for e in got), reverse=True) and len(got) >= min(5, len(entries))
        assert got[0][0] in [e[0] for e in awards["seasons"][year][lg][codes[award]]]
    assert awards["votes"]["2024"]["NL"]["MVP"][0][:5] == ["Shohei Ohtani", "LAN", 420, 420, 30]


def test_triple_crowns_2024_are_pitching_ones_in_the_pitchers_leagues(baseball_data, raw):
    rows = [r for r in raw("AwardsPlayers") if r["awardID"] == "Triple Crown" and r["yearID"] == "2024"]
    assert {(r["playerID"], r["lgID"]) for r in rows} == {("salech01", "AL"), ("skubata01", "NL")}  # as the table has it
    season = published(baseball_data, "awards.json")["seasons"]["2024"]
    assert season["AL"]["PTC"] == [["Tarik Skubal", "DET", None]] and season["NL"]["PTC"] == [["Chris Sale", "ATL", None]]
    assert "TC" not in season["AL"] and "TC" not in season["NL"]


# ---------------------------------------------------------------- Hall of Fame

@pytest.mark.parametrize("year", [2022, 2023, 2024, 2025, 2026])
def test_hall_of_fame_inductions_by_year(baseball_data, raw, year):
    truth = {r["playerID"]: r for r in raw("HallOfFame") if r["yearID"] == str(year) and r["inducted"] == "Y"}
    got = published(baseball_data, "hall_of_fame.json")["inducted"][str(year)]
    assert {e[1] for e in got} == set(truth)
    for e in got:
        r = truth[e[1]]
        assert e[2:4] == [r["category"], r["votedBy"]]
        assert e[7] == round(100 * int(r["votes"]) / int(r["ballots"]), 1)


def test_hall_of_fame_per_player(baseball_data, raw):
    ichiro = next(r for r in raw("HallOfFame") if r["playerID"] == "suzukic01" and r["inducted"] == "Y")
    vote = shard(baseball_data, "suzukic01")["hof_vote"]
    assert vote["year"] == int(ichiro["yearID"]) == 2025 and vote["how"] == "BBWAA"
    assert vote["pct"] == round(100 * int(ichiro["votes"]) / int(ichiro["ballots"]), 1) == 99.7
    assert shard(baseball_data, "mcgrifr01")["hof_vote"]["how"] == "committee"
    bonds = [r for r in raw("HallOfFame") if r["playerID"] == "bondsba01" and r["votedBy"] == "BBWAA"]
    best = max(100 * int(r["votes"]) / int(r["ballots"]) for r in bonds)
    assert shard(baseball_data, "bondsba01")["hof_vote"]["best"][1] == round(best, 1) and len(bonds) == 10
    assert ok("player", name="David Ortiz")["hall_of_fame"] == 2022  # through the tool


# ---------------------------------------------------------------- streaks and the 2026 forecast

def test_streaks_are_active_as_of_2025(baseball_data, raw):
    streaks = published(baseball_data, "streaks.json")
    assert streaks["as_of"] == LAST_SEASON == 2025
    for kind in streaks["kinds"].values():
        assert all(row[4] == 2025 for row in kind["active"]) and "2025" in kind["rule"]


def test_the_2026_forecast_says_it_is_a_projection(baseball_data, raw):
    f = published(baseball_data, "forecast.json")
    assert f["season"] == 2026 and f["data_through"] == 2025 and f["from"] == "2023-2025"
    assert f["note"] == "2026 is a projection made from data through 2025, not a result; AL/NL players only."
    names = {r["teamID"]: r["name"] for r in raw("Teams") if r["yearID"] == "2025"}
    assert f["team_next"] == names and f["team_next"]["ATH"] == "Athletics"
    got = ok("forecast")
    assert got["season"] == 2026 and "2025 projected from 2022-2024" in got["backtest"]
    assert "2020" in f["note_2020"] and "2023-2025" in f["note_2020"]
    pitchers = f["pitchers"]
    rows = [dict(zip(pitchers["cols"], r)) for r in pitchers["rows"]]
    best = min((r for r in rows if int(r["IP"].split(".")[0]) >= pitchers["min_IP"]), key=lambda r: float(r["ERA"]))
    assert best["role"] == "starter" and 1.5 < float(best["ERA"]) < 3.5


@pytest.fixture(scope="module")
def pitcher_backtest(raw) -> dict:
    """The pitchers' backtest on the last season (T), from scratch: Tango's pitcher Marcel (3/2/1 per out, 134 outs per
    unit of weight of the league's rates from every pitcher's totals, age factor on strikeouts up and other components
    down), ERA from FIP's parts (13 HR + 3 (BB + HBP) - 2 K per inning) plus the league's ERA minus its FIP parts."""
    comps = ("ER", "SO", "BB", "HBP", "H", "HR")
    fip = lambda x: 3 * (13 * x["HR"] + 3 * (x["BB"] + x["HBP"]) - 2 * x["SO"])  # noqa: E731  (per out)
    line = defaultdict(lambda: defaultdict(int))
    league = defaultdict(lambda: defaultdict(int))
    for r in raw("Pitching"):
        y = int(r["yearID"])
        if T - 3 <= y <= T:
            outs = n(r["IPouts"])
            line[r["playerID"], y]["outs"] += outs
            line[r["playerID"], y]["lg:" + r["lgID"]] += outs
            for c in comps:
                line[r["playerID"], y][c] += n(r[c])
            for where in (r["lgID"], "MLB"):
                league[where, y]["outs"] += outs
                for c in comps:
                    league[where, y][c] += n(r[c])
    people = {p["playerID"]: p for p in raw("People")}
    err = {m: {"ERA": [], "K9": []} for m in ("marcel", "repeat", "league")}
    lg23 = league["MLB", T - 1]
    for (pid, year), now in line.items():
        prev = line.get((pid, T - 1))
        if year != T or now["outs"] < 300 or not prev or prev["outs"] < 90:
            continue
        past = [(w, y, line[pid, y]) for w, y in ((3, T - 1), (2, T - 2), (1, T - 3)) if (pid, y) in line]
        wo = sum(w * ln["outs"] for w, _, ln in past)
        p = people[pid]
        age = T - int(p["birthYear"]) - (1 if int(p["birthMonth"] or 1) >= 7 else 0)
        factor = 1 + (29 - age) * (0.006 if age < 29 else 0.003)
        proj, mix = {}, {}
        for c in comps:
            mine = sum(w * ln[c] for w, _, ln in past)
            mix[c] = sum(w * ln[k] * league[k[3:], y][c] / league[k[3:], y]["outs"]
                         for w, y, ln in past for k in ln if k.startswith("lg:")) / wo
            proj[c] = (mine + 6 * 134 * mix[c]) / (wo + 6 * 134)
            proj[c] = proj[c] * factor if c == "SO" else proj[c] / factor
        actual_era, actual_k9 = 27 * now["ER"] / now["outs"], 27 * now["SO"] / now["outs"]
        for model, era, k9 in (("marcel", fip(proj) + 27 * mix["ER"] - fip(mix), 27 * proj["SO"]),
                               ("repeat", 27 * prev["ER"] / prev["outs"], 27 * prev["SO"] / prev["outs"]),
                               ("league", 27 * lg23["ER"] / lg23["outs"], 27 * lg23["SO"] / lg23["outs"])):
            err[model]["ERA"].append((era - actual_era) ** 2)
            err[model]["K9"].append((k9 - actual_k9) ** 2)
    return {"n": len(err["marcel"]["ERA"]),
            "rmse": {m: {s: math.sqrt(sum(v) / len(v)) for s, v in st.items()} for m, st in err.items()}}


def test_pitchers_backtest_recomputed_matches(baseball_data, pitcher_backtest):
    """Recomputed from scratch; Marcel beats both baselines (repeat last season, the league average) on ERA and
    on K/9: printed."""
    bt = published(baseball_data, "forecast.json")["pitchers"]["backtest"]
    assert bt["target"] == T and bt["from"] == f"{T - 3}-{T - 1}" and pitcher_backtest["n"] == bt["n"] >= 80
    for model in ("marcel", "repeat", "league"):
        for stat in ("ERA", "K9"):
            assert pitcher_backtest["rmse"][model][stat] == pytest.approx(bt["rmse"][model][stat], abs=6e-4)
    r = pitcher_backtest["rmse"]
    print(f"\npitchers, {T} from {T - 3}-{T - 1}, n={pitcher_backtest['n']}: ERA RMSE Marcel {r['marcel']['ERA']:.3f}, "
          f"repeat-{T - 1} {r['repeat']['ERA']:.3f}, league average {r['league']['ERA']:.3f}; "
          f"K/9 {r['marcel']['K9']:.3f}/{r['repeat']['K9']:.3f}/{r['league']['K9']:.3f}")
    for stat in ("ERA", "K9"):
        assert r["marcel"][stat] < r["repeat"][stat] and r["marcel"][stat] < r["league"][stat], stat


def test_hitters_backtest_beats_both_baselines(baseball_data):
    bt = published(baseball_data, "forecast.json")["backtest"]
    r = bt["rmse"]
    print(f"\nhitters, {T} from {T - 3}-{T - 1}, n={bt['n']}: OPS RMSE Marcel {r['marcel']['OPS']:.4f}, "
          f"repeat-{T - 1} {r['repeat']['OPS']:.4f}, league average {r['league']['OPS']:.4f}")
    assert bt["target"] == T and bt["n"] >= 200
    assert r["marcel"]["OPS"] < r["repeat"]["OPS"] and r["marcel"]["OPS"] < r["league"]["OPS"]


# ---------------------------------------------------------------- the awards tool, against the raw tables

@pytest.mark.parametrize("season", NEW_SEASONS)
@pytest.mark.parametrize("said,award_id", [("MVP", "Most Valuable Player"), ("cy young", "Cy Young Award"),
                                           ("rookie of the year", "Rookie of the Year"), ("gold gloves", "Gold Glove")])
def test_awards_tool_names_each_leagues_winners(baseball_data, raw, season, said, award_id):
    for lg in ("AL", "NL"):
        got = ok("awards", award=said, season=season, league=lg)
        truth = {published_name(baseball_data, pid) for pid in award_truth(raw, award_id, season)[lg]}
        shown = {re.sub(r"^(?:[A-Z0-9]{1,2} )?(.+) \([A-Z0-9]{3}\)$", r"\1", w) for w in got["winners"][lg]}
        assert shown == truth and truth


def test_awards_tool_vote_and_who_won_most(baseball_data, raw):
    got = ok("awards", award="most valuable player", season=2024)
    assert got["votes"]["NL"][0].startswith("Shohei Ohtani 420 of 420 points (30 first-place votes)")
    won: dict[str, int] = defaultdict(int)
    for r in raw("AwardsPlayers"):
        if r["awardID"] == "Most Valuable Player":
            won[r["playerID"]] += 1
    pid = max(won, key=won.get)
    most = ok("awards", award="MVP")["most_won"][0]
    assert most["name"] == published_name(baseball_data, pid) and most["times"] == won[pid] == 7


def test_awards_tool_hall_of_fame_class_and_errors(baseball_data, raw):
    truth = {r["playerID"] for r in raw("HallOfFame") if r["yearID"] == "2025" and r["inducted"] == "Y"}
    got = ok("awards", award="Hall of Fame", season=2025)
    assert {w.split(" (")[0] for w in got["inducted"]} == {published_name(baseball_data, p) for p in truth}
    assert "Ichiro Suzuki (writers, 99.7%)" in got["inducted"]
    text, is_error = run_call(BY_NAME, "awards", {"award": "best mustache", "season": 2024})
    assert is_error and "Valid: MVP, Cy Young, Rookie of the Year" in text
    text, is_error = run_call(BY_NAME, "awards", {"award": "Cy Young", "season": 1950})
    assert is_error and "from 1956" in text


def test_player_tool_lists_his_awards_and_hall_of_fame_vote(baseball_data, raw):
    got = ok("player", name="Barry Bonds")
    assert got["awards"]["MVP"].startswith("7: ") and "2004" in got["awards"]["MVP"]
    assert got["hof_vote"].startswith("not elected: best 66.0%") and "hall_of_fame" not in got
    season = ok("player", name="Shohei Ohtani", season=2024)
    assert "MVP" in season["awards"]


# ---------------------------------------------------------------- 2025 and the 2026 Hall of Fame class

def test_careers_that_moved_in_2025(baseball_data, raw):
    """The 2025 season's five home-run leaders and five strikeout leaders: careers summed through 2025."""
    for table, col, section, stat in (("Batting", "HR", "batting", "HR"), ("Pitching", "SO", "pitching", "SO")):
        season = defaultdict(int)
        for r in raw(table):
            if r["yearID"] == "2025":
                season[r["playerID"]] += n(r[col])
        for pid in sorted(season, key=lambda p: -season[p])[:5]:
            rows = [r for r in raw(table) if r["playerID"] == pid]
            got = ok("player", name=pid)
            assert got["id"] == pid and got[section][stat] == sum(n(r[col]) for r in rows) > season[pid]
            assert got["years"].endswith("-2025") and got["totals"] == "through 2025"


def test_the_2026_hall_of_fame_class(baseball_data, raw):
    truth = {r["playerID"] for r in raw("HallOfFame") if r["yearID"] == "2026" and r["inducted"] == "Y"}
    assert truth
    got = ok("awards", award="Hall of Fame", season=2026)
    assert {w.split(" (")[0] for w in got["inducted"]} == {published_name(baseball_data, p) for p in truth}


def test_a_season_after_2025_is_refused_saying_where_the_data_ends(baseball_data):
    for tool, args in (("season", {"season": 2026}), ("team_season", {"team": "Dodgers", "season": 2026}),
                       ("leaders", {"stat": "HR", "season": 2026})):
        text, is_error = run_call(BY_NAME, tool, args)
        assert is_error and "1871-2025" in text, (tool, text)


def test_the_2025_world_series_and_pennants(baseball_data, raw):
    ws = next(s for s in raw("SeriesPost") if s["yearID"] == "2025" and s["round"] == "WS")
    names = {t["teamID"]: t["name"] for t in raw("Teams") if t["yearID"] == "2025"}
    got = ok("season", season=2025)
    assert got["world_series"].startswith(f"{names[ws['teamIDwinner']]} ({ws['lgIDwinner']}) beat "
                                          f"{names[ws['teamIDloser']]} ({ws['lgIDloser']}) {ws['wins']}-{ws['losses']}")
    pennants = {t["lgID"]: t["name"] for t in raw("Teams") if t["yearID"] == "2025" and t["LgWin"] == "Y"}
    assert got["pennants"] == pennants and "negro_world_series" not in got


def test_2025_parks_and_the_athletics_new_home(baseball_data, raw):
    """Every 2025 team's park as the table names it (without the stray space of "Steinbrenner Field ")."""
    for t in (t for t in raw("Teams") if t["yearID"] == "2025"):
        got = ok("team_season", team=t["teamID"], season=2025)
        assert got["id"] == t["teamID"] and got["park"] == t["park"].strip() and got["team"] == t["name"]
    ath = ok("team_season", team="Athletics", season=2025)
    assert ath["id"] == "ATH" and ath["franchise"] == "OAK" and ath["park"] == "Sutter Health Park"
