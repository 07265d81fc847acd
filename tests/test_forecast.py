"""Marcel: the next season's boards, the last season's backtests recomputed here independently from the raw
tables, and the board this site showed for the last season scored against that season's actuals.

The recomputation below is written from the method's description (weights
5/4/3, 1,200 PA of league average from non-pitchers' component totals, age
factor, playing time), not by calling pipeline/marcel.py.
"""

from __future__ import annotations

import json
import math
from collections import defaultdict
from pathlib import Path

import pytest

from baseball import TOOLS
from agent_py.tools import run_call
from conftest_data import baseball_data, n, raw  # noqa: F401  (fixtures)
from pipeline import marcel
from baseball.vocab import FORECAST_SEASON, LAST_SEASON

T = LAST_SEASON  # the backtest's target season: projected from T-3..T-1, scored on T

BY_NAME = {t.name: t for t in TOOLS}
PARTS = ("H", "2B", "3B", "HR", "BB", "HBP", "SF", "SH")


def published(baseball_data) -> dict:
    return json.loads((baseball_data / "forecast.json").read_text("utf-8"))


def test_published_backtest_beats_both_baselines(baseball_data):
    bt = published(baseball_data)["backtest"]
    r = bt["rmse"]
    assert bt["n"] >= 200
    for stat in ("OBP", "SLG", "OPS"):
        assert r["marcel"][stat] < r["repeat"][stat], stat
        assert r["marcel"][stat] < r["league"][stat], stat


def slash(t: dict) -> tuple[float, float, float]:
    ab = t["PA"] - t["BB"] - t["HBP"] - t["SF"] - t["SH"]
    obp = (t["H"] + t["BB"] + t["HBP"]) / (ab + t["BB"] + t["HBP"] + t["SF"])
    slg = (t["H"] + t["2B"] + 2 * t["3B"] + 3 * t["HR"]) / ab
    return obp, slg, obp + slg


@pytest.fixture(scope="module")
def recomputed(raw) -> dict:
    """The backtest on the last season, from scratch."""
    years = (T - 3, T - 2, T - 1, T)
    bat_g, pit_g = defaultdict(int), defaultdict(int)
    for r in raw("Pitching"):
        pit_g[r["playerID"], r["yearID"]] += n(r["G"])
    line = defaultdict(lambda: defaultdict(int))  # (pid, year) -> counts, plus ("PA", lg)
    league = defaultdict(lambda: defaultdict(int))  # (lg, year) -> counts, non-pitchers only
    rows = [r for r in raw("Batting") if int(r["yearID"]) in years]
    for r in rows:
        bat_g[r["playerID"], r["yearID"]] += n(r["G"])
    for r in rows:
        key = (r["playerID"], int(r["yearID"]))
        pa = n(r["AB"]) + n(r["BB"]) + n(r["HBP"]) + n(r["SF"]) + n(r["SH"])
        line[key]["PA"] += pa
        line[key]["lg:" + r["lgID"]] += pa
        for p in PARTS:
            line[key][p] += n(r[p])
        pitcher = 2 * pit_g[r["playerID"], r["yearID"]] >= bat_g[r["playerID"], r["yearID"]] > 0 or (
            pit_g[r["playerID"], r["yearID"]] > 0 and bat_g[r["playerID"], r["yearID"]] == 0)
        if not pitcher:
            for where in (r["lgID"], "MLB"):
                league[where, int(r["yearID"])]["PA"] += pa
                for p in PARTS:
                    league[where, int(r["yearID"])][p] += n(r[p])
    people = {p["playerID"]: p for p in raw("People")}
    errors = {m: {s: [] for s in ("OBP", "SLG", "OPS")} for m in ("marcel", "repeat", "league")}
    lg_avg = slash(league["MLB", T - 1])
    for (pid, year), now in line.items():
        prev = line.get((pid, T - 1))
        pitcher = 2 * pit_g[pid, str(T)] >= bat_g[pid, str(T)]
        if year != T or now["PA"] < 300 or pitcher or not prev or prev["PA"] < 100:
            continue
        past = [(5, line.get((pid, T - 1))), (4, line.get((pid, T - 2))), (3, line.get((pid, T - 3)))]
        past = [(w, y, ln) for (w, ln), y in zip(past, (T - 1, T - 2, T - 3)) if ln]
        wpa = sum(w * ln["PA"] for w, _, ln in past)
        p = people[pid]
        age = T - int(p["birthYear"]) - (1 if int(p["birthMonth"] or 1) >= 7 else 0)
        factor = 1 + (29 - age) * (0.006 if age < 29 else 0.003)
        proj = {}
        for part in PARTS:
            mine = sum(w * ln[part] for w, _, ln in past)
            lg_expected = sum(w * ln[k] * league[k[3:], y][part] / league[k[3:], y]["PA"]
                              for w, y, ln in past for k in ln if k.startswith("lg:"))
            proj[part] = (mine + 1200 * lg_expected / wpa) / (wpa + 1200)
            if part not in ("SF", "SH"):
                proj[part] *= factor
        proj["PA"] = 1.0
        actual = slash(now)
        for model, guess in (("marcel", slash(proj)), ("repeat", slash(prev)), ("league", lg_avg)):
            for i, stat in enumerate(("OBP", "SLG", "OPS")):
                errors[model][stat].append((guess[i] - actual[i]) ** 2)
    return {"n": len(errors["marcel"]["OPS"]),
            "rmse": {m: {s: math.sqrt(sum(v) / len(v)) for s, v in st.items()} for m, st in errors.items()}}


def test_backtest_recomputed_independently_matches_and_wins(baseball_data, recomputed):
    bt = published(baseball_data)["backtest"]
    assert recomputed["n"] == bt["n"]
    for model in ("marcel", "repeat", "league"):
        for stat in ("OBP", "SLG", "OPS"):
            assert recomputed["rmse"][model][stat] == pytest.approx(bt["rmse"][model][stat], abs=6e-4), (model, stat)
    r = recomputed["rmse"]
    print(f"\n{T} backtest, hitters (n={recomputed['n']}): OPS RMSE Marcel {r['marcel']['OPS']:.4f}, "
          f"repeat {r['repeat']['OPS']:.4f}, league average {r['league']['OPS']:.4f}")
    assert r["marcel"]["OPS"] < r["repeat"]["OPS"] and r["marcel"]["OPS"] < r["league"]["OPS"]


def test_pitchers_backtest_on_the_last_season(baseball_data):
    """Marcel beats both baselines on ERA and on strikeouts per 9 in the last season, and on ERA in every season
    of the published history (so the method is not one fit to the last season)."""
    p = published(baseball_data)["pitchers"]
    bt, r = p["backtest"], p["backtest"]["rmse"]
    print(f"\n{T} backtest, pitchers (n={bt['n']}): ERA RMSE Marcel {r['marcel']['ERA']:.3f}, repeat "
          f"{r['repeat']['ERA']:.3f}, league average {r['league']['ERA']:.3f}; K/9 {r['marcel']['K9']:.3f}, "
          f"{r['repeat']['K9']:.3f}, {r['league']['K9']:.3f}")
    assert bt["target"] == T and bt["from"] == f"{T - 3}-{T - 1}" and bt["n"] >= 80
    for stat in ("ERA", "K9"):
        assert r["marcel"][stat] < r["repeat"][stat] and r["marcel"][stat] < r["league"][stat], stat
    last = [h for h in p["history"] if h[0] == T]
    assert last == [[T, bt["n"], round(r["marcel"]["ERA"], 3), round(r["repeat"]["ERA"], 3),
                     round(r["league"]["ERA"], 3)]]
    print("ERA RMSE by season [target, n, Marcel, repeat, league]:", p["history"])
    assert len(p["history"]) >= 7 and all(m < rep and m < lg for _, _, m, rep, lg in p["history"])
    assert "beat Marcel" not in p["backtest_summary"]


def test_only_al_nl_players_are_projected(baseball_data, raw):
    data = published(baseball_data)
    assert "Only AL and NL players" in data["only"] and "AL/NL players only" in data["note"]
    leagues = {(r["playerID"]): r["lgID"] for r in raw("Batting") if int(r["yearID"]) == T}
    assert {leagues[r[0]] for r in data["rows"]} <= {"AL", "NL"}
    got = json.loads(run_call(BY_NAME, "forecast", {})[0])
    assert got["season"] == FORECAST_SEASON == T + 1 and "AL/NL players only" in got["note"]


def test_tool_shows_board_backtest_and_the_2020_rule(baseball_data):
    text, is_error = run_call(BY_NAME, "forecast", {})
    assert not is_error
    got = json.loads(text)
    bt = published(baseball_data)["backtest"]
    assert f"n={bt['n']}" in got["backtest"] and f"{bt['rmse']['marcel']['OPS']:.3f}" in got["backtest"]
    rule = published(baseball_data)["note_2020"]  # the rule is published; the tool says it when 2020 is an input
    assert "60-game" in rule and "162/60" in rule and published(baseball_data)["from"] == f"{T - 2}-{T}"
    assert "note_2020" not in got and f"{T}/{T - 1}/{T - 2}" in got["method"]
    ops = [float(e["OPS"]) for e in got["board"]]
    assert ops == sorted(ops, reverse=True) and len(ops) == 3
    assert all(e["PA"] >= got["min_PA"] for e in got["board"])
    best = max((r for r in published(baseball_data)["rows"] if r[4] >= 400), key=lambda r: float(r[8]))
    assert got["board"][0]["name"] == best[1]


@pytest.mark.parametrize("stat,team,expect_team", [("HR", "Dodgers", "LAN"), ("on base", "NYY", "NYA"),
                                                   ("batting average", "Montreal", None), ("RBI", None, None)])
def test_tool_stat_and_team_filters(baseball_data, stat, team, expect_team):
    args = {"stat": stat, "top": 5} | ({"team": team} if team else {})
    text, is_error = run_call(BY_NAME, "forecast", args)
    if expect_team is None:
        assert is_error and ("OPS, OBP, SLG, AVG, HR, ERA, K, WHIP" in text or str(T) in text)
        return
    got = json.loads(text)
    assert all(e["team"] == expect_team for e in got["board"]) and len(got["board"]) == 5
    key = got["stat"]
    values = [e[key] if key == "HR" else float(e[key]) for e in got["board"]]
    assert values == sorted(values, reverse=True)


@pytest.mark.parametrize("stat,column,lowest_first", [("ERA", "ERA", True), ("strikeouts", "SO", False),
                                                      ("WHIP", "WHIP", True)])
def test_the_pitchers_board_ranks_the_published_projection(baseball_data, stat, column, lowest_first):
    got = json.loads(run_call(BY_NAME, "forecast", {"stat": stat, "top": 5})[0])
    pitchers = published(baseball_data)["pitchers"]
    cols = pitchers["cols"]
    rows = [dict(zip(cols, r)) for r in pitchers["rows"] if float(dict(zip(cols, r))["IP"]) >= pitchers["min_IP"]]
    value = (lambda r: float(r[column])) if lowest_first else (lambda r: -float(r[column]))
    want = sorted(rows, key=lambda r: (value(r), r["name"]))[:5]
    assert got["group"] == "pitchers" and [e["name"] for e in got["board"]] == [r["name"] for r in want]
    assert got["note"] == f"{T + 1} is a projection made from data through {T}, not a result; AL/NL players only."
    assert got["backtest"].startswith(f"{T} projected from {T - 3}-{T - 1}") and "ERA RMSE" in got["backtest"]


@pytest.mark.parametrize("team", ["Athletics", "A's", "Sacramento", "ATH"])
def test_the_athletics_are_the_2025_team_ath(baseball_data, raw, team):
    ath = next(r for r in raw("Teams") if r["yearID"] == "2025" and r["franchID"] == "OAK")
    got = json.loads(run_call(BY_NAME, "forecast", {"team": team, "top": 3})[0])
    assert got["team"].startswith(ath["teamID"] + " ") and got["board"]
    assert all(e["team"] == ath["teamID"] for e in got["board"])


# ---------------------------------------------------------------- the forecast this site showed, scored

SHOWN = json.loads((Path(__file__).resolve().parent.parent / "data" / f"forecast_{T}_published.json").read_text("utf-8"))


@pytest.fixture(scope="module")
def shown_scored(raw) -> dict:
    """The board shown for T, scored from scratch on T's raw rows: hitters with 300+ PA in T and 100+ in T-1
    (not pitchers), OPS against repeat-T-1 and the T-1 non-pitcher MLB average; biggest misses."""
    bat, pit_g, bat_g = defaultdict(lambda: defaultdict(int)), defaultdict(int), defaultdict(int)
    for r in raw("Pitching"):
        pit_g[r["playerID"], r["yearID"]] += n(r["G"])
    for r in raw("Batting"):
        bat_g[r["playerID"], r["yearID"]] += n(r["G"])
    for r in raw("Batting"):
        if r["yearID"] in (str(T - 1), str(T)):
            pa = n(r["AB"]) + n(r["BB"]) + n(r["HBP"]) + n(r["SF"]) + n(r["SH"])
            who = 2 * pit_g[r["playerID"], r["yearID"]] >= bat_g[r["playerID"], r["yearID"]]
            for k in ((r["playerID"], r["yearID"]),) + ((("MLB", r["yearID"]),) if not who else ()):
                bat[k]["PA"] += pa
                for part in PARTS:
                    bat[k][part] += n(r[part])
    lg = slash(bat["MLB", str(T - 1)])[2]
    cols = SHOWN["hitters"]["cols"]
    sq = defaultdict(list)
    misses = []
    for row in SHOWN["hitters"]["rows"]:
        h = dict(zip(cols, row))
        now, prev = bat.get((h["id"], str(T))), bat.get((h["id"], str(T - 1)))
        pitcher = 2 * pit_g[h["id"], str(T)] >= bat_g[h["id"], str(T)]
        if not now or now["PA"] < 300 or pitcher or not prev or prev["PA"] < 100:
            continue
        actual = slash(now)[2]
        for model, guess in (("forecast", float(h["OPS"])), ("repeat", slash(prev)[2]), ("league", lg)):
            sq[model].append((guess - actual) ** 2)
        misses.append((abs(float(h["OPS"]) - actual), h["name"]))
    return {"n": len(sq["forecast"]), "rmse": {m: math.sqrt(sum(v) / len(v)) for m, v in sq.items()},
            "misses": [name for _, name in sorted(misses, reverse=True)[:5]]}


def test_the_shown_forecast_is_scored_on_the_actuals(baseball_data, shown_scored):
    scored = published(baseball_data)["scored"]
    h = scored["hitters"]
    assert scored["season"] == T and h["n"] == shown_scored["n"] >= 200
    for model in ("forecast", "repeat", "league"):
        assert h["rmse"][model]["OPS"] == pytest.approx(shown_scored["rmse"][model], abs=6e-4), model
    assert [m[0] for m in h["misses"]] == shown_scored["misses"]
    r = shown_scored["rmse"]
    print(f"\nthe {T} forecast this site showed (n={h['n']}): OPS RMSE {r['forecast']:.4f}, repeat-{T - 1} "
          f"{r['repeat']:.4f}, league average {r['league']:.4f}; misses {', '.join(shown_scored['misses'])}")
    assert r["forecast"] < r["repeat"] and r["forecast"] < r["league"]


def test_how_good_is_your_forecast_answers_from_the_shown_board(baseball_data, shown_scored):
    text, is_error = run_call(BY_NAME, "forecast", {"check": True})
    assert not is_error
    got = json.loads(text)
    assert got["season"] == T and "showed" in got["checked"]
    assert f"n={shown_scored['n']}" in got["hitters"] and f"{shown_scored['rmse']['forecast']:.3f}".lstrip("0") in got["hitters"]
    assert got["hitter_misses"][0].startswith(shown_scored["misses"][0])
    assert "ERA RMSE" in got["pitchers"] and len(got["pitcher_misses"]) == 3 and "300+ PA" in got["set"]


def test_marcel_pieces():
    assert marcel.age_factor(25) == pytest.approx(1.024)
    assert marcel.age_factor(33) == pytest.approx(0.988)
    assert marcel.age_factor(29) == 1.0
    # a hitter exactly at league average for three years, aged 29, projects to league average
    lg_rates = {"H": 0.22, "2B": 0.045, "3B": 0.005, "HR": 0.03, "BB": 0.08, "HBP": 0.01, "SF": 0.008, "SH": 0.004}
    lines, lg = {}, {}
    for year in (2016, 2017, 2018):
        lines["x", year] = {"PA": 600, **{c: v * 600 for c, v in lg_rates.items()}, "by_lg": {"AL": 600}}
        lg["AL", year] = lg_rates
    got = marcel.project("x", 2019, lines, lg, {"birthYear": "1990", "birthMonth": "3"})
    want = marcel.rates_to_slash(lg_rates)
    assert got["OPS"] == pytest.approx(want["OPS"]) and got["PA"] == pytest.approx(0.5 * 600 + 0.1 * 600 + 200)
    # 2020's PA are scaled to 162 games for playing time only
    for year in (2018, 2019, 2020):
        lines["x", year] = {"PA": 200 if year == 2020 else 600, **{c: v * (200 if year == 2020 else 600)
                            for c, v in lg_rates.items()}, "by_lg": {"AL": 200 if year == 2020 else 600}}
        lg["AL", year] = lg_rates
    got = marcel.project("x", 2021, lines, lg, {"birthYear": "1992", "birthMonth": "3"})
    assert got["PA"] == pytest.approx(0.5 * 200 * 162 / 60 + 0.1 * 600 + 200)
