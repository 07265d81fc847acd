"""Marcel, Tom Tango's projection system, for hitters and pitchers; and their backtests.

Marcel in four steps, for a target season T from seasons T-1, T-2, T-3:
  1. weight each season's counts 5/4/3 (component by component: H, 2B, 3B,
     HR, BB, HBP, SF, SH per plate appearance);
  2. regress: add 1,200 (weighted) PA of league-average performance, where the
     league average is that player's own mix of league-seasons, computed from
     component totals of non-pitchers (never an average of averages);
  3. age: rates of good outcomes times 1 + 0.006 per year under 29, or
     1 - 0.003 per year over 29 (age on July 1 of T);
  4. playing time: PA = 0.5 * PA(T-1) + 0.1 * PA(T-2) + 200.

Pitchers, the same way over outs (Tango's pitcher Marcel):
  1. weight each season's counts 3/2/1 (SO, BB, HBP, H, HR per out recorded);
  2. regress: add 134 outs per unit of weight (804 weighted outs) of
     league-average pitching, the league average being the pitcher's own mix
     of league-seasons from all pitchers' component totals;
  3. age: strikeouts per out times the hitters' age factor, the other
     components (hits, walks, hit batters, homers allowed) divided by it;
     ERA is projected from the fielding-independent parts (FIP: homers,
     walks, hit batters, strikeouts) plus the league constant (that mix's
     ERA minus its FIP without constant), never from past ERA: runs allowed
     hang on fielders and sequencing, and a season's ERA is mostly noise;
  4. playing time: outs = 0.5 * outs(T-1) + 0.1 * outs(T-2) + 180 (60 innings)
     for a starter (at least half his games started over the three seasons)
     or + 75 (25 innings) for a reliever.

2020 was a 60-game season. Its real PA (outs) enter the rate weights as they
are (a 60-game sample is less evidence, so it should pull less); for playing
time its PA and outs are scaled by 162/60 so a regular is not projected as a
part-timer. It is used only for targets 2021-2023: neither the 2025 boards
(2022-2024) nor the 2024 backtests (2021-2023) include it.

Leaves out: park factors, positions, and the Marcel reliability column.
Pure functions over database rows; no I/O.
"""

from __future__ import annotations

import math
from collections import defaultdict

from .databank import num

WEIGHTS = (5, 4, 3)
REGRESS_PA = 1200
COMPONENTS = ("H", "2B", "3B", "HR", "BB", "HBP", "SF", "SH")
AGED = ("H", "2B", "3B", "HR", "BB", "HBP")  # good outcomes get the age adjustment
PT_SCALE = {2020: 162 / 60}  # playing-time only; see the module docstring
NOTE_2020 = ("2020 was a 60-game season: its actual PA count in the 5/4/3 rate weights "
             "(less evidence, so less pull), and its PA are scaled by 162/60 for the playing-time projection.")
BACKTEST_MIN_PA, BACKTEST_MIN_PRIOR_PA = 300, 100

PITCH_WEIGHTS = (3, 2, 1)
REGRESS_OUTS = 134 * sum(PITCH_WEIGHTS)  # Tango: 134 outs per unit of weight, 804 weighted outs in all
PITCH_COMPONENTS = ("SO", "BB", "HBP", "H", "HR", "ER")  # per out recorded
PITCH_GOOD = ("SO",)  # times the age factor; the rest are divided by it
FIP_WEIGHTS = {"HR": 13, "BB": 3, "HBP": 3, "SO": -2}  # FIP = (13 HR + 3 (BB + HBP) - 2 K) / IP + league constant
PT_EXTRA_OUTS = {"starter": 180, "reliever": 75}
BACKTEST_MIN_OUTS, BACKTEST_MIN_PRIOR_OUTS = 300, 90  # 100 innings in the target season, 30 the season before
NOTE_2020_PITCHERS = ("2020 was a 60-game season: its actual outs count in the 3/2/1 rate weights, and its outs "
                      "are scaled by 162/60 for the playing-time projection.")

Line = dict[str, float]  # PA and COMPONENTS, plus "by_lg": {lg: PA}


def plate_appearances(row: dict[str, str]) -> int:
    return sum(num(row[k]) for k in ("AB", "BB", "HBP", "SF", "SH"))


def pitcher_seasons(pitching: tuple[dict, ...], batting: tuple[dict, ...]) -> set[tuple[str, int]]:
    """(playerID, year) where the player pitched in at least half the games he batted in."""
    pg: dict[tuple[str, int], int] = defaultdict(int)
    bg: dict[tuple[str, int], int] = defaultdict(int)
    for r in pitching:
        pg[r["playerID"], int(r["yearID"])] += num(r["G"])
    for r in batting:
        bg[r["playerID"], int(r["yearID"])] += num(r["G"])
    return {key for key, g in pg.items() if g * 2 >= bg.get(key, 0)}


def season_lines(batting: tuple[dict, ...], years: range) -> dict[tuple[str, int], Line]:
    """Per (playerID, year): summed components over stints, and PA by league."""
    lines: dict[tuple[str, int], Line] = {}
    for r in batting:
        year = int(r["yearID"])
        if year not in years:
            continue
        line = lines.setdefault((r["playerID"], year), {"PA": 0, **{c: 0 for c in COMPONENTS}, "by_lg": {}})
        pa = plate_appearances(r)
        line["PA"] += pa
        for c in COMPONENTS:
            line[c] += num(r[c])
        line["by_lg"][r["lgID"]] = line["by_lg"].get(r["lgID"], 0) + pa
    return lines


def league_rates(batting: tuple[dict, ...], pitchers: set, years: range) -> dict[tuple[str, int], dict[str, float]]:
    """Per (league, year) and ("MLB", year): component per PA, from non-pitchers' totals."""
    totals: dict[tuple[str, int], dict[str, int]] = {}
    for r in batting:
        year = int(r["yearID"])
        if year not in years or (r["playerID"], year) in pitchers:
            continue
        for key in ((r["lgID"], year), ("MLB", year)):
            t = totals.setdefault(key, {"PA": 0, **{c: 0 for c in COMPONENTS}})
            t["PA"] += plate_appearances(r)
            for c in COMPONENTS:
                t[c] += num(r[c])
    return {key: {c: t[c] / t["PA"] for c in COMPONENTS} for key, t in totals.items()}


def age_on_july_1(person: dict[str, str], year: int) -> int | None:
    if not person.get("birthYear"):
        return None
    age = year - int(person["birthYear"])
    return age - 1 if person.get("birthMonth") and int(person["birthMonth"]) >= 7 else age


def age_factor(age: int | None) -> float:
    if age is None:
        return 1.0
    return 1 + (29 - age) * (0.006 if age < 29 else 0.003)


def rates_to_slash(rates: dict[str, float]) -> dict[str, float]:
    """AVG/OBP/SLG/OPS from per-PA component rates (PA = AB + BB + HBP + SF + SH)."""
    ab = 1 - rates["BB"] - rates["HBP"] - rates["SF"] - rates["SH"]
    tb = rates["H"] + rates["2B"] + 2 * rates["3B"] + 3 * rates["HR"]
    obp = (rates["H"] + rates["BB"] + rates["HBP"]) / (ab + rates["BB"] + rates["HBP"] + rates["SF"])
    slg = tb / ab
    return {"AVG": rates["H"] / ab, "OBP": obp, "SLG": slg, "OPS": obp + slg}


def line_slash(line: Line) -> dict[str, float]:
    return rates_to_slash({c: line[c] / line["PA"] for c in COMPONENTS})


def league_mix(past: list, components: tuple, unit: str, lg: dict, target: int) -> dict[str, float]:
    """The league average a player is regressed toward: his own mix of league-seasons, each league-season's
    rates weighted by the player's weighted units in it (``past`` as in ``regressed_rates``)."""
    weighted = sum(w * ln[unit] for w, ln in past if ln)
    return {c: sum(w * n * lg[l, target - 1 - i][c] for i, (w, ln) in enumerate(past) if ln
                   for l, n in ln["by_lg"].items()) / weighted for c in components}


def regressed_rates(past: list, components: tuple, unit: str, regress: float, lg: dict, target: int) -> dict | None:
    """Marcel's steps 1-2 for hitters (unit "PA") and pitchers (unit "outs"): each component per unit from the
    weighted seasons in ``past`` [(weight, line or None), ...], plus ``regress`` units of league average
    (``league_mix``). None without a unit in those seasons."""
    weighted = sum(w * ln[unit] for w, ln in past if ln)
    if weighted == 0:
        return None
    league = league_mix(past, components, unit, lg, target)
    return {c: (sum(w * ln[c] for w, ln in past if ln) + regress * league[c]) / (weighted + regress)
            for c in components}


def project(pid: str, target: int, lines: dict, lg: dict, person: dict | None) -> dict | None:
    """Marcel for one hitter in season ``target``; None when he has no PA in the three seasons."""
    past = [(w, lines.get((pid, target - 1 - i))) for i, w in enumerate(WEIGHTS)]
    regressed = regressed_rates(past, COMPONENTS, "PA", REGRESS_PA, lg, target)
    if regressed is None:
        return None
    age = age_on_july_1(person or {}, target)
    factor = age_factor(age)
    rates = {c: rate * factor if c in AGED else rate for c, rate in regressed.items()}
    pa_prev = [(ln["PA"] * PT_SCALE.get(target - 1 - i, 1)) if ln else 0 for i, (w, ln) in enumerate(past)]
    pa = 0.5 * pa_prev[0] + 0.1 * pa_prev[1] + 200
    return {"PA": pa, "age": age, "HR": rates["HR"] * pa, **rates_to_slash(rates)}


def rmse(pairs: list[tuple[float, float]]) -> float:
    return math.sqrt(sum((a - b) ** 2 for a, b in pairs) / len(pairs))


def backtest(batting, pitching, people: dict[str, dict], target: int = 2019) -> dict:
    """Project ``target`` from the three seasons before; compare with what happened and two baselines.

    Set: non-pitchers with >= 300 PA in the target season and >= 100 PA the season
    before (so "repeat last season" is a real baseline). Baselines: repeat last
    season's rates; the previous season's MLB non-pitcher average.
    """
    years = range(target - 3, target + 1)
    pitchers = pitcher_seasons(pitching, batting)
    lines = season_lines(batting, years)
    lg = league_rates(batting, pitchers, years)
    league_avg = rates_to_slash(lg["MLB", target - 1])
    errors: dict[str, dict[str, list]] = {m: {s: [] for s in ("OBP", "SLG", "OPS")}
                                          for m in ("marcel", "repeat", "league")}
    n = 0
    for (pid, year), line in sorted(lines.items()):
        prev = lines.get((pid, target - 1))
        if (year != target or line["PA"] < BACKTEST_MIN_PA or (pid, year) in pitchers
                or not prev or prev["PA"] < BACKTEST_MIN_PRIOR_PA):
            continue
        actual = line_slash(line)
        guesses = {"marcel": project(pid, target, lines, lg, people.get(pid)),
                   "repeat": line_slash(prev), "league": league_avg}
        n += 1
        for model, guess in guesses.items():
            for s in ("OBP", "SLG", "OPS"):
                errors[model][s].append((guess[s], actual[s]))
    return {
        "target": target, "from": f"{target - 3}-{target - 1}", "n": n,
        "set": f"non-pitchers with {BACKTEST_MIN_PA}+ PA in {target} and {BACKTEST_MIN_PRIOR_PA}+ PA in {target - 1}",
        "rmse": {model: {s: round(rmse(p), 4) for s, p in stats.items()} for model, stats in errors.items()},
    }


def board(batting, pitching, people: dict[str, dict], target: int = 2021) -> list[dict]:
    """Projections for every non-pitcher who batted in ``target - 1``, sorted by playerID."""
    years = range(target - 3, target)
    pitchers = pitcher_seasons(pitching, batting)
    lines = season_lines(batting, years)
    lg = league_rates(batting, pitchers, years)
    last_team: dict[str, str] = {}
    for r in batting:  # stints are in order; the last one in target-1 is the current team
        if int(r["yearID"]) == target - 1:
            last_team[r["playerID"]] = r["teamID"]
    out = []
    for pid in sorted(last_team):
        if (pid, target - 1) in pitchers:
            continue
        p = project(pid, target, lines, lg, people.get(pid))
        if p:
            out.append({"id": pid, "team": last_team[pid], **p})
    return out


# ---------------------------------------------------------------- pitchers

PitchLine = dict[str, float]  # outs, G, GS and PITCH_COMPONENTS, plus "by_lg": {lg: outs}


def pitching_lines(pitching: tuple[dict, ...], years: range) -> dict[tuple[str, int], PitchLine]:
    """Per (playerID, year): summed components over stints, and outs by league."""
    lines: dict[tuple[str, int], PitchLine] = {}
    for r in pitching:
        year = int(r["yearID"])
        if year not in years:
            continue
        line = lines.setdefault((r["playerID"], year),
                                {"outs": 0, "G": 0, "GS": 0, **{c: 0 for c in PITCH_COMPONENTS}, "by_lg": {}})
        outs = num(r["IPouts"])
        line["outs"] += outs
        line["G"] += num(r["G"])
        line["GS"] += num(r["GS"])
        for c in PITCH_COMPONENTS:
            line[c] += num(r[c])
        line["by_lg"][r["lgID"]] = line["by_lg"].get(r["lgID"], 0) + outs
    return lines


def pitching_league_rates(pitching: tuple[dict, ...], years: range) -> dict[tuple[str, int], dict[str, float]]:
    """Per (league, year) and ("MLB", year): component per out, from every pitcher's totals."""
    totals: dict[tuple[str, int], dict[str, int]] = {}
    for r in pitching:
        year = int(r["yearID"])
        if year not in years:
            continue
        for key in ((r["lgID"], year), ("MLB", year)):
            t = totals.setdefault(key, {"outs": 0, **{c: 0 for c in PITCH_COMPONENTS}})
            t["outs"] += num(r["IPouts"])
            for c in PITCH_COMPONENTS:
                t[c] += num(r[c])
    return {key: {c: t[c] / t["outs"] for c in PITCH_COMPONENTS} for key, t in totals.items() if t["outs"]}


def era(rates: dict[str, float]) -> float:
    return 27 * rates["ER"]


def whip(rates: dict[str, float]) -> float:
    return 3 * (rates["BB"] + rates["H"])


def fip_core(rates: dict[str, float]) -> float:
    """FIP without its league constant, from rates per out (IP = outs / 3)."""
    return 3 * sum(w * rates[c] for c, w in FIP_WEIGHTS.items())


def pitch_line_rates(line: PitchLine) -> dict[str, float]:
    return {c: line[c] / line["outs"] for c in PITCH_COMPONENTS}


def project_pitcher(pid: str, target: int, lines: dict, lg: dict, person: dict | None) -> dict | None:
    """Marcel for one pitcher in season ``target``; None without outs in the three seasons."""
    past = [(w, lines.get((pid, target - 1 - i))) for i, w in enumerate(PITCH_WEIGHTS)]
    regressed = regressed_rates(past, PITCH_COMPONENTS, "outs", REGRESS_OUTS, lg, target)
    if regressed is None:
        return None
    age = age_on_july_1(person or {}, target)
    factor = age_factor(age)
    rates = {c: rate * factor if c in PITCH_GOOD else rate / factor for c, rate in regressed.items()}
    league = league_mix(past, PITCH_COMPONENTS, "outs", lg, target)
    projected_era = fip_core(rates) + era(league) - fip_core(league)
    games = sum(ln["G"] for _, ln in past if ln)
    role = "starter" if games and 2 * sum(ln["GS"] for _, ln in past if ln) >= games else "reliever"
    prev = [(ln["outs"] * PT_SCALE.get(target - 1 - i, 1)) if ln else 0 for i, (w, ln) in enumerate(past)]
    outs = 0.5 * prev[0] + 0.1 * prev[1] + PT_EXTRA_OUTS[role]
    return {"outs": outs, "age": age, "role": role, "ERA": projected_era, "WHIP": whip(rates),
            "SO": rates["SO"] * outs, "K9": 27 * rates["SO"]}


def pitcher_backtest(pitching, people: dict[str, dict], target: int) -> dict:
    """Project pitchers' ERA for ``target`` from the three seasons before; compare with two baselines.

    Set: pitchers with >= 300 outs (100 innings) in the target season and >= 90 outs (30 innings)
    the season before. Baselines: repeat last season's ERA; the previous season's MLB ERA.
    Also strikeouts per nine innings (K9), the same way.
    """
    years = range(target - 3, target + 1)
    lines = pitching_lines(pitching, years)
    lg = pitching_league_rates(pitching, years)
    league_rates = lg["MLB", target - 1]
    errors: dict[str, dict[str, list]] = {m: {"ERA": [], "K9": []} for m in ("marcel", "repeat", "league")}
    for (pid, year), line in sorted(lines.items()):
        prev = lines.get((pid, target - 1))
        if year != target or line["outs"] < BACKTEST_MIN_OUTS or not prev or prev["outs"] < BACKTEST_MIN_PRIOR_OUTS:
            continue
        actual = pitch_line_rates(line)
        guesses = {"marcel": project_pitcher(pid, target, lines, lg, people.get(pid)),
                   "repeat": pitch_line_rates(prev), "league": league_rates}
        for model, guess in guesses.items():
            g_era = guess["ERA"] if model == "marcel" else era(guess)
            g_k9 = guess["K9"] if model == "marcel" else 27 * guess["SO"]
            errors[model]["ERA"].append((g_era, era(actual)))
            errors[model]["K9"].append((g_k9, 27 * actual["SO"]))
    n = len(errors["marcel"]["ERA"])
    return {
        "target": target, "from": f"{target - 3}-{target - 1}", "n": n,
        "set": f"pitchers with {BACKTEST_MIN_OUTS // 3}+ innings in {target} and {BACKTEST_MIN_PRIOR_OUTS // 3}+ "
               f"innings in {target - 1}",
        "rmse": {model: {s: round(rmse(p), 4) for s, p in stats.items()} for model, stats in errors.items()},
    }


def pitcher_board(pitching, people: dict[str, dict], target: int) -> list[dict]:
    """Projections for every pitcher who pitched in ``target - 1``, sorted by playerID."""
    years = range(target - 3, target)
    lines = pitching_lines(pitching, years)
    lg = pitching_league_rates(pitching, years)
    last_team: dict[str, str] = {}
    for r in pitching:  # stints are in order; the last one in target-1 is the current team
        if int(r["yearID"]) == target - 1:
            last_team[r["playerID"]] = r["teamID"]
    out = []
    for pid in sorted(last_team):
        p = project_pitcher(pid, target, lines, lg, people.get(pid))
        if p:
            out.append({"id": pid, "team": last_team[pid], **p})
    return out


MISSES_KEEP = 5


def score_published(published: dict, batting, pitching) -> dict:
    """How the forecast a site really showed did, against the season's actuals.

    ``published``: the boards as shown (data/forecast_<season>_published.json): hitters' OBP/SLG/OPS
    and pitchers' ERA/K9 as the page printed them (rounded). The sets and both baselines are the
    backtests' (``backtest``, ``pitcher_backtest``): players on the shown board with 300+ PA (100+
    innings) in the season and 100+ PA (30+ innings) the season before; repeat last season's rates;
    the season before's MLB average. Misses: the MISSES_KEEP largest errors in OPS (ERA),
    [name, team shown, projected, actual].
    """
    target = published["season"]
    years = range(target - 1, target + 1)
    out = {"season": target, "shown": published["shown"]}

    hit = [dict(zip(published["hitters"]["cols"], r)) for r in published["hitters"]["rows"]]
    pitchers = pitcher_seasons(pitching, batting)
    lines = season_lines(batting, years)
    league_avg = rates_to_slash(league_rates(batting, pitchers, years)["MLB", target - 1])
    errors = {m: {s: [] for s in ("OBP", "SLG", "OPS")} for m in ("forecast", "repeat", "league")}
    misses = []
    for p in hit:
        line, prev = lines.get((p["id"], target)), lines.get((p["id"], target - 1))
        if (not line or line["PA"] < BACKTEST_MIN_PA or (p["id"], target) in pitchers
                or not prev or prev["PA"] < BACKTEST_MIN_PRIOR_PA):
            continue
        actual = line_slash(line)
        guesses = {"forecast": {s: float(p[s]) for s in ("OBP", "SLG", "OPS")},
                   "repeat": line_slash(prev), "league": league_avg}
        for model, guess in guesses.items():
            for s in ("OBP", "SLG", "OPS"):
                errors[model][s].append((guess[s], actual[s]))
        misses.append((-abs(float(p["OPS"]) - actual["OPS"]), p["name"], p["team"], p["OPS"],
                       f"{actual['OPS']:.3f}".lstrip("0")))
    out["hitters"] = {
        "n": len(misses), "stat": "OPS",
        "set": f"hitters on the shown board with {BACKTEST_MIN_PA}+ PA in {target} and "
               f"{BACKTEST_MIN_PRIOR_PA}+ PA in {target - 1}",
        "rmse": {m: {s: round(rmse(v), 4) for s, v in st.items()} for m, st in errors.items()},
        "misses": [list(m[1:]) for m in sorted(misses)[:MISSES_KEEP]]}

    pit = [dict(zip(published["pitchers"]["cols"], r)) for r in published["pitchers"]["rows"]]
    plines = pitching_lines(pitching, years)
    lg_pitch = pitching_league_rates(pitching, years)["MLB", target - 1]
    perrors = {m: {"ERA": [], "K9": []} for m in ("forecast", "repeat", "league")}
    pmisses = []
    for p in pit:
        line, prev = plines.get((p["id"], target)), plines.get((p["id"], target - 1))
        if not line or line["outs"] < BACKTEST_MIN_OUTS or not prev or prev["outs"] < BACKTEST_MIN_PRIOR_OUTS:
            continue
        actual = pitch_line_rates(line)
        guesses = {"forecast": (float(p["ERA"]), float(p["K9"])),
                   "repeat": (era(pitch_line_rates(prev)), 27 * pitch_line_rates(prev)["SO"]),
                   "league": (era(lg_pitch), 27 * lg_pitch["SO"])}
        for model, (g_era, g_k9) in guesses.items():
            perrors[model]["ERA"].append((g_era, era(actual)))
            perrors[model]["K9"].append((g_k9, 27 * actual["SO"]))
        pmisses.append((-abs(float(p["ERA"]) - era(actual)), p["name"], p["team"], p["ERA"], f"{era(actual):.2f}"))
    out["pitchers"] = {
        "n": len(pmisses), "stat": "ERA",
        "set": f"pitchers on the shown board with {BACKTEST_MIN_OUTS // 3}+ innings in {target} and "
               f"{BACKTEST_MIN_PRIOR_OUTS // 3}+ innings in {target - 1}",
        "rmse": {m: {s: round(rmse(v), 4) for s, v in st.items()} for m, st in perrors.items()},
        "misses": [list(m[1:]) for m in sorted(pmisses)[:MISSES_KEEP]]}
    return out
