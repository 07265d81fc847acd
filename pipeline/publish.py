"""Write the site's published baseball data (``site/data/``) from the Lahman database.

Layout (all JSON, compact, sorted keys, no timestamps: a rebuild is byte-identical).
Seasons run 1871-2025 (LAST); "name" is always a display name ("Ken Griffey Jr."). The Negro Leagues
(1920-1948) are major leagues beside the AL and NL; independent clubs' rows (vocab.NOT_MAJOR) are published in
players' and teams' records but count in no leaderboard, career board or streak.

    initial (loaded before the first answer)
      teams.json             every team-season: record, finish, runs, flags; franchises
      seasons.json           every postseason series, by year, with the round's name
    per question (fetched when a tool needs it)
      teams/d<decade>.json   managers and best hitters of each team-season
      players/index.json     the name index (id, names, birth year, years played, notability 0-9)
      players/<nn>.json      bio, season lines, awards, Hall of Fame votes; sharded by crc32(playerID) % SHARDS
      leaders/<STAT>.json    season (per league, "MLB" for all majors, "NEG" for the Negro Leagues) and career top lists
      streaks.json           streak boards (active in LAST, and all-time) with their rules
      awards.json            award winners by season and league, and the vote's top finishers
      hall_of_fame.json      Hall of Fame inductions by year, and near misses on the writers' ballot
      forecast.json          the FORECAST Marcel boards (hitters, pitchers), the LAST backtests, and the board
                             this site showed for LAST scored on LAST's actuals (data/forecast_<LAST>_published.json)
      lahman.sqlite          every table as one SQLite file, for the sql tool in CPython (not in the manifest)
      lahman/index.json      the same bytes in chunks (lahman/*.bin, not in the manifest), read lazily by the
                             page's sql tool (see database.py)
    manifest.json            files, bytes, gzip bytes, groups, the source's sha256

Shapes of the files the tools read:

teams.json  {"cols": TEAM_COLS, "rows": [[1998, "AL", "NYA", "NYY", "E", 1, 162, 114, 48, "Y", "N",
             "Y", "Y", 965, 656, "New York Yankees", "Yankee Stadium II", "NYY"], ...],
             "franchises": {"CLE": ["Cleveland Guardians", "Y"], ...}, "credit": CREDIT}
             rows sorted by (year, team id); flags are "Y", "N" or "" (not recorded);
             a franchise's name is its latest team name (TeamsFranchises still says "Cleveland Indians").
seasons.json {"cols": ["round", "winner", "winner_lg", "loser", "loser_lg", "wins", "losses", "ties",
              "name", "best_of"], "series": {"2024": [["ALCS", "NYA", "AL", "CLE", "AL", 4, 1, 0,
              "AL Championship Series", 7], ...]}}
             round codes: WS, ALCS/NLCS, ALDS1-2/NLDS1-2, ALWC/NLWC (one game: 2012-2019, 2021),
             ALWC1-4/NLWC1-4 (best-of-3 series: 2020, 2022-), AEDIV/AWDIV/NEDIV/NWDIV (1981), CS (1892);
             best_of is null where the format varied (19th-century series, 1892).
players/<nn>.json {playerID: {"n": name, "given"?, "bat"?: [BAT_COLS rows], "pit"?: [PIT_COLS rows],
             "as"?: [All-Star years], "bats"?, "throws"?, "born"?, "died"?, "from"?, "debut"?, "final"?,
             "hof"?: year inducted as a player,
             "hof_vote"?: {"year": 2025, "by": "BBWAA", "how": "BBWAA" | "committee", "category": "Player",
                           "votes": 393, "ballots": 394, "pct": 99.7}           (inducted, any category)
                        | {"ballots": 10, "best": [2022, 37.2], "last": [2022, 37.2]} (BBWAA ballot, not in),
             "aw"?: {award code: [years won], ...}}  e.g. {"MVP": [2021, 2023, 2024]}
             The season lines' team ids name the teams he played for (teams.json has their names).
awards.json {"awards": {code: {"name": "Most Valuable Player", "from": 1911, "to": 2024,
                                "voted": true}, ...},
             "cols": ["name", "team", "pos"], "vote_cols": ["name", "team", "points", "max", "first"],
             "seasons": {"2024": {"AL": {"MVP": [["Aaron Judge", "NYA", null]],
                                         "GG": [["Cal Raleigh", "SEA", "C"], ...]}, "NL": {...},
                                  "MLB": {"WSMVP": [["Freddie Freeman", "LAN", null]], ...}}},
             "votes": {"2024": {"AL": {"MVP": [["Aaron Judge", "NYA", 420, 420, 30], ...]}}}, "note": "..."}
             codes (AWARDS): MVP, CYA, ROY, GG, SS (Silver Slugger), RELIEF (Reliever of the Year), MOY
             (BBWAA Manager of the Year), TC (batting Triple Crown), PTC (pitching Triple Crown), WSMVP,
             LCSMVP (per league), ASMVP (All-Star Game), COMEBACK, AARON, CLEMENTE, DH (Outstanding DH).
             leagues: AL, NL, AA (1887), MLB (one award for both: World Series MVP, Cy Young 1956-66 ...);
             pos is the fielding position for Gold Glove and Silver Slugger, else null; team is the team
             he played for in that league that season (last stint), or the manager's team.
             votes: the top VOTES_KEEP finishers by points (ties at the cut kept), where the table has votes
             (MVP, CYA, ROY, MOY); "first" is first-place votes.
hall_of_fame.json {"cols": ["name", "id", "category", "by", "how", "votes", "ballots", "pct"],
             "inducted": {"2025": [["Ichiro Suzuki", "suzukic01", "Player", "BBWAA", "BBWAA", 393, 394,
                                    99.7], ...]},
             "close_cols": ["name", "id", "pct"],
             "close": {"2024": [["Billy Wagner", "wagnebi02", 73.8], ...]},   # BBWAA, >= 50%, not elected
             "through": 2025, "rule": "..."}    years are election years: the table runs through January 2025
             category: Player, Manager, Executive, Umpire, Pioneer, Pioneer/Executive; pct is votes/ballots in %,
             one decimal, null when the table has no ballot count (hof_vote then leaves votes/ballots/pct out).
players/index.json {"shards": 512, "id": [...], "name": [...], "first": [...], "last": [...], "from": [...],
             "span": [...], "age": [...], "w": [...]}  one entry per player, column by column (see compact_index)
forecast.json see build_forecast.

Leaves out: fielding, salaries and postseason player stats.
"""

from __future__ import annotations

import gzip
import hashlib
import heapq
import json
import math
import multiprocessing
import zlib
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from baseball import vocab
from baseball.names import stem

from . import marcel
from .database import build_database
from .databank import LICENCE, PACKAGE, RELEASE, RELEASE_DATE, Databank, num

SHARDS = 512  # a player question fetches the index and one shard: 512 keeps both under the budget with the Negro Leagues
LAST = vocab.LAST_SEASON
SHORT_SEASON = 2020  # 60 games
TOP_KEEP, TOP_CAP = 10, 15  # top lists keep 10 plus ties at the cut, at most 15
BUDGET_INITIAL_GZ, BUDGET_QUESTION_GZ = 300_000, 200_000
CREDIT = (f"Lahman Baseball Database, {vocab.seasons_text()} (SABR, last updated {RELEASE_DATE}), {LICENCE}, "
          "https://sabr.org/lahman-database/")

BAT_COLS = ["year", "team", "lg", "G", "AB", "R", "H", "2B", "3B", "HR", "RBI", "SB", "CS",
            "BB", "SO", "HBP", "SF", "SH", "IBB"]
PIT_COLS = ["year", "team", "lg", "W", "L", "G", "GS", "CG", "SHO", "SV", "IPouts", "H", "ER",
            "HR", "BB", "SO"]
TEAM_COLS = ["year", "lg", "id", "franch", "div", "rank", "G", "W", "L", "divwin", "wcwin",
             "lgwin", "wswin", "R", "RA", "name", "park", "br"]

# stat -> (label, kind, source); kind: "count", "ip" or a rate format; source: bat or pit (agent_py's vocabulary)
STATS: dict[str, tuple[str, str, str]] = {code: (s.label, s.kind, s.side) for code, s in vocab.STATS.items()}
_TEAM_GAMES = ("; a Negro League team's games are the most any of its players played for it, since the table "
               "counts only league-standings games")
RULES = {
    "bat_season": "qualified: at least 3.1 plate appearances per team game (502 in 162 games, 186 in 2020's 60)"
                  + _TEAM_GAMES,
    "bat_career": "qualified: at least 3,000 career plate appearances in the majors; Negro League careers are "
                  "short in the records (seasons of 40-90 games), so few reach it",
    "pit_season": "qualified: at least 1 inning pitched per team game" + _TEAM_GAMES,
    "pit_career": "qualified: at least 1,000 career innings pitched in the majors; Negro League careers are short "
                  "in the records, so few reach it",
}


# ---------------------------------------------------------------- helpers

def dumps(obj) -> bytes:
    return (json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False) + "\n").encode("utf-8")


def shard_of(pid: str) -> int:
    return zlib.crc32(pid.encode("ascii")) % SHARDS


def rate(num_: float, den: float, places: int = 3) -> str | None:
    if den <= 0:
        return None
    text = f"{num_ / den:.{places}f}"
    return text[1:] if text.startswith("0.") else text


def ip_text(outs: int) -> str:
    return f"{outs // 3}.{outs % 3}"


BAT_COUNTS = ("G", "AB", "R", "H", "2B", "3B", "HR", "RBI", "SB", "CS", "BB", "SO", "HBP", "SF", "SH", "IBB")
PIT_COUNTS = ("W", "L", "G", "GS", "CG", "SHO", "SV", "IPouts", "H", "ER", "BB", "SO")


def summed(rows, keys: tuple[str, ...]) -> dict[str, int]:
    """The columns ``keys`` summed over rows of a table (blank reads as 0, as ``num``)."""
    t = dict.fromkeys(keys, 0)
    for r in rows:
        for k in keys:
            value = r[k]
            if value:
                t[k] += int(value)
    return t


def bat_totals(rows) -> dict[str, int]:
    return with_pa(summed(rows, BAT_COUNTS))


def with_pa(t: dict[str, int]) -> dict[str, int]:
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
    """'First Last', with Jr. for the son of a same-named father (same birthplace or same full given
    name, 16-45 years older), and Sr. for that father when the son played at least as many seasons
    (Ken Griffey Sr. beside Ken Griffey Jr.; plain Vladimir Guerrero and Tony Gwynn beside
    Vladimir Guerrero Jr. and Tony Gwynn Jr.)."""
    names: dict[str, str] = {}
    groups: dict[tuple, list] = defaultdict(list)
    for p in people:
        first, last = p["nameFirst"], p["nameLast"]
        names[p["playerID"]] = f"{first} {last}".strip()
        if p["playerID"] in seasons and first and p["birthYear"]:
            if p["birthCity"]:
                groups["born", first, last, p["birthCity"], p["birthState"]].append(p)
            if p["nameGiven"]:
                groups["given", first, last, p["nameGiven"]].append(p)
    done = set()
    for group in groups.values():
        if len(group) == 2:
            old, young = sorted(group, key=lambda p: int(p["birthYear"]))
            if young["playerID"] not in done and 16 <= int(young["birthYear"]) - int(old["birthYear"]) <= 45:
                done.add(young["playerID"])
                names[young["playerID"]] += " Jr."
                if len(seasons[young["playerID"]]) >= len(seasons[old["playerID"]]):
                    names[old["playerID"]] += " Sr."
    return names


# ---------------------------------------------------------------- builders

def build_teams(db: Databank) -> dict:
    rows = []
    for r in db.table("Teams"):
        rows.append([int(r["yearID"]), r["lgID"], r["teamID"], r["franchID"], r["divID"], num(r["Rank"]),
                     num(r["G"]), num(r["W"]), num(r["L"]), r["DivWin"], r["WCWin"], r["LgWin"], r["WSWin"],
                     num(r["R"]), num(r["RA"]), r["name"], r["park"].strip(),  # 2025: "Steinbrenner Field "
                     r["teamIDBR"]])
    rows.sort(key=lambda x: (x[0], x[2]))
    latest = {row[3]: row[15] for row in rows}  # rows are in year order: the last name wins
    franchises = {f["franchID"]: [latest.get(f["franchID"], f["franchName"]), f["active"]]
                  for f in db.table("TeamsFranchises")}
    return {"cols": TEAM_COLS, "rows": rows, "franchises": franchises, "credit": CREDIT}


NEGRO_LEAGUE_ROUNDS = set(vocab.NEGRO_LEAGUE_ROUND_DEPTH)  # formats varied (best of 7 to 11, ties)


def round_info(code: str, year: int) -> tuple[str, int | None]:
    """(name, best of) for a SeriesPost round in a year; best_of None where the format varied."""
    base = code.rstrip("0123456789")
    name = vocab.ROUNDS[base][1]
    if base in ("ALWC", "NLWC"):
        one_game = year in vocab.WILD_CARD_GAME_YEARS
        return name + (" Game" if one_game else " Series"), 1 if one_game else 3
    if base == "WS":
        if year < 1903:
            return "World Series (19th-century championship)", None
        return name, 9 if year in (1903, 1919, 1920, 1921) else 7
    if base in ("ALCS", "NLCS"):
        return name, 5 if year < 1985 else 7
    if base == "CS" or base in NEGRO_LEAGUE_ROUNDS:
        return name, None
    return name, 5  # division series, 1981 and 1995 on


def build_seasons(db: Databank) -> dict:
    """Every series; each side's league is the team's league that season (the table says NL for
    Houston in 2022's World Series)."""
    league = {(r["yearID"], r["teamID"]): r["lgID"] for r in db.table("Teams")}
    series: dict[str, list] = defaultdict(list)
    for r in db.table("SeriesPost"):
        year = r["yearID"]
        name, best_of = round_info(r["round"], int(year))
        series[year].append([r["round"], r["teamIDwinner"], league.get((year, r["teamIDwinner"]), r["lgIDwinner"]),
                             r["teamIDloser"], league.get((year, r["teamIDloser"]), r["lgIDloser"]),
                             num(r["wins"]), num(r["losses"]), num(r["ties"]), name, best_of])
    for rounds in series.values():
        rounds.sort()
    return {"cols": ["round", "winner", "winner_lg", "loser", "loser_lg", "wins", "losses", "ties", "name", "best_of"],
            "series": dict(series)}


def build_team_details(db: Databank, names: dict[str, str]) -> dict[str, dict]:
    games = {(str(y), t): g for (y, t), g in team_games(db).items()}
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
                hitters.append((t["PA"] >= vocab.qualifying_pa(games[key]), s["OPS"], t["PA"], pid, t, s))
        regulars = sorted((h for h in hitters if h[0]), key=lambda h: (-h[1], h[3]))[:3]
        if len(regulars) < 3:  # too few qualified: fill with the most-used bats
            rest = sorted((h for h in hitters if not h[0]), key=lambda h: (-h[2], h[3]))
            regulars += rest[: 3 - len(regulars)]
        best = [[names.get(pid, pid), t["PA"], fmt3(s["AVG"]), t["HR"], t["RBI"], fmt3(s["OPS"])]
                for _, _, _, pid, t, s in regulars]
        out[f"d{int(year) // 10 * 10}"][f"{year}{team}"] = {"mgr": managers.get(key, []), "best": best}
    return dict(out)


def build_players(db: Databank, names: dict[str, str], awards: list[tuple] | None = None) -> tuple[dict, dict[int, dict]]:
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
    hof_votes = hall_of_fame_votes(db)
    won: dict[str, dict[str, list]] = defaultdict(lambda: defaultdict(list))
    for year, _, code, pid, _, _ in awards if awards is not None else award_rows(db):
        if year not in won[pid][code]:
            won[pid][code].append(year)
    index_rows, shards = [], defaultdict(dict)
    for p in db.table("People"):
        pid = p["playerID"]
        years = [row[0] for row in bat.get(pid, [])] + [row[0] for row in pit.get(pid, [])]
        if not years:
            continue
        index_rows.append([pid, names[pid], p["nameFirst"], p["nameLast"], p["nameGiven"],
                           num(p["birthYear"]) or None, min(years), max(years),
                           notability(bat.get(pid, []), pit.get(pid, []), len(allstar.get(pid, ())),
                                      sum(3 * len(won[pid].get(c, [])) for c in ("MVP", "CYA"))
                                      + len(won[pid].get("ROY", [])), pid in hof)])
        record = {"n": names[pid], "given": p["nameGiven"], "bat": bat.get(pid, []), "pit": pit.get(pid, []),
                  "as": sorted(allstar.get(pid, ())), "bats": p["bats"], "throws": p["throws"],
                  "born": _date(p, "birth"), "died": _date(p, "death"),
                  "from": _place(p, "birth"), "debut": p["debut"], "final": p["finalGame"],
                  "hof_vote": hof_votes.get(pid), "aw": {c: sorted(y) for c, y in sorted(won[pid].items())}
                  if pid in won else None}
        if pid in hof:
            record["hof"] = hof[pid]
        shards[shard_of(pid)][pid] = {k: v for k, v in record.items() if v not in (None, "", [])}
    return compact_index(index_rows), dict(shards)


# ---------------------------------------------------------------- awards

# code -> (name, the table's award ids); "SIlver Slugger" is this release's spelling for a few rows,
# and the Reliever of the Year is "... Award" through 2023.
AWARDS: dict[str, tuple[str, tuple[str, ...]]] = {
    "MVP": ("Most Valuable Player", ("Most Valuable Player",)),
    "CYA": ("Cy Young Award", ("Cy Young Award",)),
    "ROY": ("Rookie of the Year", ("Rookie of the Year",)),
    "GG": ("Gold Glove", ("Gold Glove",)),
    "SS": ("Silver Slugger", ("Silver Slugger", "SIlver Slugger")),
    "RELIEF": ("Reliever of the Year", ("Reliever of the Year Award", "Reliever of the Year")),
    "MOY": ("Manager of the Year (BBWAA)", ("BBWAA Manager of the Year",)),
    "TC": ("Triple Crown (batting)", ("Triple Crown",)),
    "PTC": ("Pitching Triple Crown", ("Pitching Triple Crown",)),
    "WSMVP": ("World Series MVP", ("World Series MVP",)),
    "LCSMVP": ("League Championship Series MVP", ("ALCS MVP", "NLCS MVP")),
    "ASMVP": ("All-Star Game MVP", ("All-Star Game MVP",)),
    "COMEBACK": ("Comeback Player of the Year", ("Comeback Player of the Year",)),
    "AARON": ("Hank Aaron Award", ("Hank Aaron Award",)),
    "CLEMENTE": ("Roberto Clemente Award", ("Roberto Clemente Award",)),
    "DH": ("Outstanding Designated Hitter (Edgar Martinez) Award", ("Outstanding DH Award",)),
}
ONE_FOR_BOTH = {"WSMVP", "ASMVP", "CLEMENTE"}  # one award for the majors, whatever league the table names
POSITIONAL = {"GG", "SS"}
VOTED = {"Most Valuable Player": "MVP", "Cy Young Award": "CYA", "Rookie of the Year": "ROY",
         "BBWAA Manager of the Year": "MOY"}
VOTES_KEEP = 5


def _award_code(award_id: str) -> str | None:
    return next((code for code, (_, ids) in AWARDS.items() if award_id in ids), None)


def _stints_by_year(db: Databank) -> dict[tuple[str, int], list[tuple[str, str, int, int]]]:
    """(pid, year) -> [(team, league, batting G, pitching G)] in stint order."""
    out: dict[tuple[str, int], list] = defaultdict(list)
    for table, pitching in (("Batting", False), ("Pitching", True)):
        for r in db.table(table):
            out[r["playerID"], int(r["yearID"])].append((r["teamID"], r["lgID"], 0 if pitching else num(r["G"]),
                                                         num(r["G"]) if pitching else 0))
    return out


def award_rows(db: Databank) -> list[tuple]:
    """(year, league, code, pid, pos, team) for every award in AWARDS, sorted.

    League: AL/NL/AA as the table says, MLB for the one-for-both awards and the table's "ML".
    A "Triple Crown" won by a pitcher is the Pitching Triple Crown (vocab.crown_pitched: the 2024 rows for Chris
    Sale and Tarik Skubal say "Triple Crown" with each other's league); its league is where he pitched.
    """
    stints = _stints_by_year(db)
    rows = []
    for r in db.table("AwardsPlayers"):
        code = _award_code(r["awardID"])
        if code is None:
            continue
        year, pid = int(r["yearID"]), r["playerID"]
        mine = stints.get((pid, year), [])
        lg = "MLB" if code in ONE_FOR_BOTH or r["lgID"] in ("ML", "") else r["lgID"]
        if code == "TC" and vocab.crown_pitched(sum(s[2] for s in mine), sum(s[3] for s in mine)):
            code, lg = "PTC", [s for s in mine if s[3]][-1][1]
        in_league = [s for s in mine if s[1] == lg] or mine
        team = in_league[-1][0] if in_league else ""
        pos = r["notes"] if code in POSITIONAL else ""
        rows.append((year, lg, code, pid, pos, team))
    managed: dict[tuple[str, int, str], str] = {}
    for m in sorted(db.table("Managers"), key=lambda m: num(m["inseason"])):
        managed[m["playerID"], int(m["yearID"]), m["lgID"]] = m["teamID"]
    for r in db.table("AwardsManagers"):
        code = _award_code(r["awardID"])
        if code:
            year = int(r["yearID"])
            rows.append((year, r["lgID"], code, r["playerID"], "", managed.get((r["playerID"], year, r["lgID"]), "")))
    return sorted(set(rows))


def build_awards(db: Databank, names: dict[str, str], rows: list[tuple]) -> dict:
    seasons: dict[str, dict] = defaultdict(lambda: defaultdict(lambda: defaultdict(list)))
    span: dict[str, list[int]] = {}
    for year, lg, code, pid, pos, team in rows:
        seasons[str(year)][lg][code].append([names.get(pid, pid), team, pos or None])
        span[code] = [min(year, span.get(code, [year])[0]), max(year, span.get(code, [0, year])[1])]
    teams_of: dict[tuple[str, int, str], str] = {(pid, y, lg): team for y, lg, _, pid, _, team in rows}
    stints = _stints_by_year(db)
    managed = {}  # by id, and by name: the 2024 ballot names Carlos Mendoza mendoca01, Managers mendoca99
    for m in sorted(db.table("Managers"), key=lambda m: num(m["inseason"])):
        for who in (m["playerID"], names.get(m["playerID"])):
            managed[who, int(m["yearID"]), m["lgID"]] = m["teamID"]
    ballots: dict[tuple, list] = defaultdict(list)
    for table in ("AwardsSharePlayers", "AwardsShareManagers"):
        for r in db.table(table):
            code, year, pid = VOTED[r["awardID"]], int(r["yearID"]), r["playerID"]
            lg = "MLB" if r["lgID"] == "ML" else r["lgID"]
            team = (teams_of.get((pid, year, lg)) if table == "AwardsSharePlayers"
                    else managed.get((pid, year, lg)) or managed.get((names.get(pid), year, lg)))
            if not team:
                mine = stints.get((pid, year), [])
                in_league = [s for s in mine if s[1] == lg] or mine
                team = in_league[-1][0] if in_league else ""
            ballots[str(year), lg, code].append([names.get(pid, pid), team, num(r["pointsWon"]),
                                                 num(r["pointsMax"]), num(r["votesFirst"])])
    votes: dict[str, dict] = defaultdict(lambda: defaultdict(dict))
    for (year, lg, code), entries in sorted(ballots.items()):
        entries.sort(key=lambda e: (-e[2], e[0]))
        cut = entries[min(VOTES_KEEP, len(entries)) - 1][2]
        votes[year][lg][code] = [e for i, e in enumerate(entries) if i < VOTES_KEEP or e[2] == cut]
    return {"awards": {code: {"name": label, "from": span[code][0], "to": span[code][1],
                              "voted": code in VOTED.values()}
                       for code, (label, _) in AWARDS.items() if code in span},
            "cols": ["name", "team", "pos"], "vote_cols": ["name", "team", "points", "max", "first"],
            "seasons": _plain(seasons), "votes": _plain(votes),
            "note": "Awards as the Lahman database records them through 2024. Leagues: AL, NL, AA; MLB for an "
                    "award given once for both (Cy Young 1956-66, World Series and All-Star Game MVP, Roberto "
                    "Clemente). Gold Glove outfielders are OF until 2010, LF/CF/RF from 2011."}


def _plain(d):
    """defaultdicts -> dicts, recursively (json.dumps sorts the keys)."""
    return {k: _plain(v) for k, v in d.items()} if isinstance(d, dict) else d


# ---------------------------------------------------------------- Hall of Fame

WRITERS = {"BBWAA", "Run Off", "Special Election"}  # the writers' ballot, its run-offs and special elections


def _hof_pct(r: dict) -> float | None:
    return round(100 * num(r["votes"]) / num(r["ballots"]), 1) if num(r["ballots"]) else None


def hall_of_fame_votes(db: Databank) -> dict[str, dict]:
    """playerID -> the Hall of Fame fact a player's page needs (see the module docstring)."""
    out: dict[str, dict] = {}
    ballots: dict[str, list] = defaultdict(list)
    for r in sorted(db.table("HallOfFame"), key=lambda r: (int(r["yearID"]), r["votedBy"])):
        if r["inducted"] == "Y":
            out[r["playerID"]] = {"year": int(r["yearID"]), "by": r["votedBy"],
                                  "how": "BBWAA" if r["votedBy"] in WRITERS else "committee",
                                  "category": r["category"], "votes": num(r["votes"]) or None,
                                  "ballots": num(r["ballots"]) or None, "pct": _hof_pct(r)}
        elif r["votedBy"] == "BBWAA" and _hof_pct(r) is not None:
            ballots[r["playerID"]].append([int(r["yearID"]), _hof_pct(r)])
    for pid, years in ballots.items():
        if pid not in out:
            best = max(years, key=lambda y: (y[1], y[0]))
            out[pid] = {"ballots": len({y for y, _ in years}), "best": best, "last": years[-1]}
    return {pid: {k: v for k, v in fact.items() if v is not None} for pid, fact in out.items()}


def build_hall_of_fame(db: Databank, names: dict[str, str]) -> dict:
    inducted: dict[str, list] = defaultdict(list)
    close: dict[str, list] = defaultdict(list)
    for r in db.table("HallOfFame"):
        year, pid = r["yearID"], r["playerID"]
        if r["inducted"] == "Y":
            inducted[year].append([names.get(pid, pid), pid, r["category"], r["votedBy"],
                                   "BBWAA" if r["votedBy"] in WRITERS else "committee",
                                   num(r["votes"]) or None, num(r["ballots"]) or None, _hof_pct(r)])
        elif r["votedBy"] == "BBWAA" and (_hof_pct(r) or 0) >= 50:
            close[year].append([names.get(pid, pid), pid, _hof_pct(r)])
    for rows in list(inducted.values()) + list(close.values()):
        rows.sort(key=lambda e: (-(e[-1] or 0), e[0]))
    return {"cols": ["name", "id", "category", "by", "how", "votes", "ballots", "pct"],
            "close_cols": ["name", "id", "pct"],
            "inducted": dict(inducted), "close": dict(close),
            "through": max(int(y) for y in inducted),
            "rule": "Elected by the writers (BBWAA: 75% of ballots) or by a committee (Veterans, era and "
                    "Negro Leagues committees: votes of about 16 members). The table runs through the "
                    "election of January 2025. close: writers' ballot, 50% or more, not elected that year."}


def notability(bat: list[list], pit: list[list], all_star: int, big_awards: int, hall_of_fame: bool) -> int:
    """0-9: how likely a name means this player among namesakes ("tony gwyn" -> Tony Gwynn, not Marcus Gwyn).

    weight = games (per season the larger of batting and pitching games) + hits / 2 + 3 * pitching wins
             + 30 * All-Star selections + 300 * (MVP and Cy Young awards) + 100 * Rookie of the Year
             + 300 if inducted in the Hall of Fame as a player
             (big_awards counts an MVP or Cy Young as 3, a Rookie of the Year as 1);
    notability = floor(log2(1 + weight)) - 4, kept within 0-9 (a 100-game career is 2, a regular's
    decade 6-7, Tony Gwynn 8).
    """
    games: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    for r in bat:
        games[r[0]][0] += r[3]
    for r in pit:
        games[r[0]][1] += r[5]
    weight = (sum(max(g) for g in games.values()) + sum(r[6] for r in bat) / 2 + 3 * sum(r[3] for r in pit)
              + 30 * all_star + 100 * big_awards + (300 if hall_of_fame else 0))
    return max(0, min(9, int(math.log2(1 + weight)) - 4))


def compact_index(rows: list[list]) -> dict:
    """The name index, column by column, small enough to fetch for one question.

    rows: [id, display name, first, last, given, birth year, first season, last season, notability].
    Columns: id is the 2-digit suffix when the id is stem(first, last) + suffix, else the
    whole id; name is 0 unless the display name differs from 'first last'; span is
    last season - first season; age is first season - birth year (null if unknown);
    w is the notability bucket 0-9 (see notability).
    """
    rows = sorted(rows)
    ids = []
    for pid, _, first, last, *_ in rows:
        ok = pid[:-2] == stem(first, last) and pid[-2:].isdigit()
        ids.append(int(pid[-2:]) if ok else pid)
    return {"shards": SHARDS,
            "id": ids,
            "name": [r[1] if r[1] != f"{r[2]} {r[3]}" else 0 for r in rows],
            "first": [r[2] for r in rows], "last": [r[3] for r in rows],
            "from": [r[6] for r in rows], "span": [r[7] - r[6] for r in rows],
            "age": [r[6] - r[5] if r[5] else None for r in rows],
            "w": [r[8] for r in rows]}


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


def team_games(db: Databank) -> dict[tuple[int, str], int]:
    """(year, team id) -> the team's games, for the per-team-game qualification rules: Teams.G, or the most
    games one of its players played for it where that is more. The Negro Leagues' rows count only
    league-standings games (the 1943 Homestead Grays: 34, while Josh Gibson played 70 for them). The demo's SQL counts
    them so too (vocab.TEAM_GAMES_SQL)."""
    games = {(int(r["yearID"]), r["teamID"]): num(r["G"]) for r in db.table("Teams")}
    for table in ("Batting", "Pitching"):
        for r in db.table(table):
            key = (int(r["yearID"]), r["teamID"])
            if num(r["G"]) > games.get(key, 0):
                games[key] = num(r["G"])
    return games


def _player_seasons(db: Databank):
    """Per (pid, year): stints of batting and pitching rows, and each team's games (team_games)."""
    games = team_games(db)
    bat, pit = defaultdict(list), defaultdict(list)
    for r in db.table("Batting"):
        bat[r["playerID"], int(r["yearID"])].append(r)
    for r in db.table("Pitching"):
        pit[r["playerID"], int(r["yearID"])].append(r)
    return games, bat, pit



def _with_rates(t: dict[str, int], source: str) -> dict:
    """Totals plus the rate stats, computed once per unit."""
    if source == "bat":
        return {**t, **slash(t)}
    outs = t["IPouts"]
    return {**t, "K": t["SO"], "IP": outs,
            "ERA": 27 * t["ER"] / outs if outs > 0 else None,
            "WHIP": 3 * (t["BB"] + t["H"]) / outs if outs > 0 else None}


def _stat_key(stat: str, t: dict):
    """The sort key of one stat over totals with rates, best highest; None when undefined or zero."""
    v = t[stat]
    if v is None or v <= 0 and stat not in ("ERA", "WHIP"):
        return None
    kind = STATS[stat][1]
    return v if kind in ("count", "ip") else round(v, 6) if kind == "rate3" else -round(v, 6)


def _shown(stat: str):
    """How one stat's value is shown on a board."""
    kind = STATS[stat][1]
    return {"count": lambda v: v, "ip": ip_text, "rate3": fmt3}.get(kind, lambda v: f"{v:.2f}")


def _top(entries: list[tuple], shown=lambda v: v) -> list[list]:
    """entries: (sort key, value, name, extra); best first, 10 plus ties at the cut (cap 15); the values
    shown with ``shown``. The best 15 are taken as a sort would order them (heapq.nsmallest is that
    sort's head), not the whole list sorted: a board is the head of thousands of entries."""
    entries = heapq.nsmallest(TOP_CAP, entries, key=lambda e: (-e[0], e[2]))
    out, rank = [], 0
    for i, (key, value, name, extra) in enumerate(entries):
        if i >= TOP_KEEP and key != entries[TOP_KEEP - 1][0]:
            break
        if i == 0 or key != entries[i - 1][0]:
            rank = i + 1
        out.append([rank, name, shown(value), extra])
    return out


def _units(lines: dict, games: dict, source: str) -> tuple[list, dict]:
    """Summed totals per (player, season, league) with "MLB" for the whole season (and "NEG" for his Negro
    League rows together), and per career. Major leagues only: rows of independent clubs (vocab.NOT_MAJOR)
    count nowhere."""
    keys = BAT_COUNTS if source == "bat" else PIT_COUNTS
    finish = with_pa if source == "bat" else dict
    units, career = [], {}  # career: pid -> (first year, last year, summed counts)
    for (pid, year), all_rows in lines.items():
        rows = [r for r in all_rows if r["lgID"] not in vocab.NOT_MAJOR]
        if not rows:
            continue
        season = summed(rows, keys)
        by_lg = defaultdict(list)
        for r in rows:
            by_lg[r["lgID"]].append(r)
            if r["lgID"] in vocab.NEGRO_LEAGUES:
                by_lg["NEG"].append(r)
        for lg, lg_rows in [("MLB", rows)] + sorted(by_lg.items()):
            g = max(games.get((year, r["teamID"]), 0) for r in lg_rows)
            teams = "/".join(dict.fromkeys(r["teamID"] for r in lg_rows))
            t = dict(season) if len(lg_rows) == len(rows) else summed(lg_rows, keys)  # one league: the season
            units.append((pid, year, lg, _with_rates(finish(t), source), teams, g))
        first, last, counts = career.get(pid, (year, year, dict.fromkeys(keys, 0)))
        career[pid] = (min(first, year), max(last, year), {k: counts[k] + season[k] for k in keys})
    careers = {pid: (_with_rates(finish(counts), source), f"{first}-{last}")
               for pid, (first, last, counts) in career.items()}
    return units, careers


def _qualified(source: str, t: dict[str, int], games: int | None) -> bool:
    """Season rule when games is given, career rule when it is None."""
    if source == "bat":
        return t["PA"] >= (vocab.qualifying_pa(games) if games is not None else 3000)
    return t["IPouts"] >= (vocab.qualifying_outs(games) if games is not None else 3000)


def build_leaders(db: Databank, names: dict[str, str]) -> dict[str, dict]:
    games, bat, pit = _player_seasons(db)
    prepared = {}
    for source, lines in (("bat", bat), ("pit", pit)):  # each unit's qualification once, not once per stat
        units, careers = _units(lines, games, source)
        prepared[source] = ([(pid, y, lg, t, teams, _qualified(source, t, g)) for pid, y, lg, t, teams, g in units],
                            [(pid, t, years, _qualified(source, t, None)) for pid, (t, years) in careers.items()])
    out = {}
    for stat, (label, kind, source) in STATS.items():
        rate_stat = kind not in ("count", "ip")
        units, careers = prepared[source]
        by_year: dict[int, dict[str, list]] = defaultdict(lambda: defaultdict(list))
        for pid, year, lg, t, teams, qualified in units:
            if qualified or not rate_stat:
                key = _stat_key(stat, t)
                if key is not None:
                    by_year[year][lg].append((key, t[stat], names[pid], teams))
        shown = _shown(stat)
        seasons = {str(y): {lg: _top(e, shown) for lg, e in sorted(lgs.items())} for y, lgs in sorted(by_year.items())}
        entries = []
        for pid, t, years, qualified in careers:
            if qualified or not rate_stat:
                key = _stat_key(stat, t)
                if key is not None:
                    entries.append((key, t[stat], names[pid], years))
        out[stat] = {"stat": stat, "label": label, "season": seasons, "career": _top(entries, shown),
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
    played_last = {pid for (pid, y) in list(bat) + list(pit) if y == LAST}
    allstar_years = {int(r["yearID"]) for r in _allstar_rows(db)}
    allstar = defaultdict(set)
    for r in _allstar_rows(db):
        allstar[r["playerID"]].add(int(r["yearID"]))
    hr30, avg300 = defaultdict(list), defaultdict(list)
    for (pid, year), rows in bat.items():
        rows = [r for r in rows if r["lgID"] not in vocab.NOT_MAJOR]  # major-league seasons only
        if not rows:
            continue
        t = bat_totals(rows)
        if t["HR"] >= 30:
            hr30[pid].append(year)
        g = max(games.get((year, r["teamID"]), 0) for r in rows)
        if t["AB"] and t["PA"] >= vocab.qualifying_pa(g) and round(t["H"] / t["AB"], 3) >= 0.300:
            avg300[pid].append(year)

    def player_board(years_by_p: dict, skip: set[int]) -> tuple[list, list]:
        last_counted = max(y for y in range(1871, LAST + 1) if y not in skip)
        every, active = [], []
        for pid, years in years_by_p.items():
            for length, first, last in _runs(sorted(years), skip):
                item = (length, first, last, names[pid], "")
                every.append(item)
                if last == last_counted and pid in played_last:
                    active.append(item)
        return _board(every), _board(active)

    kinds = {}
    win_all, win_active = team_board(winning, set())
    kinds["team_winning_seasons"] = {
        "rule": f"consecutive seasons with more wins than losses, by franchise (2020's 60 games count like any "
                f"season); active means the streak includes {LAST}",
        "all": win_all, "active": win_active}
    post_all, post_active = team_board(post, no_post)
    kinds["team_postseason"] = {
        "rule": "consecutive seasons playing in the postseason, by franchise; years with no postseason "
                f"(e.g. 1904, 1994) are skipped, neither extending nor breaking a streak; active means it includes {LAST}",
        "all": post_all, "active": post_active}
    no_allstar = set(range(1871, LAST + 1)) - allstar_years
    as_all, as_active = player_board(allstar, no_allstar)
    kinds["player_allstar"] = {
        "rule": "consecutive All-Star selections; years with no selections (before 1933, and 2020) are skipped; "
                f"active means the streak reached {LAST} and the player played in {LAST}",
        "all": as_all, "active": as_active}
    hr_all, hr_active = player_board(hr30, {SHORT_SEASON})
    kinds["player_30hr"] = {
        "rule": "consecutive seasons with 30+ home runs; 2020 (60 games) is skipped, neither extending nor "
                f"breaking a streak; active means it reached {LAST} and the player played in {LAST}",
        "all": hr_all, "active": hr_active}
    avg_all, avg_active = player_board(avg300, set())
    kinds["player_300avg"] = {
        "rule": "consecutive seasons batting .300+ with qualifying playing time (3.1 PA per team game, 186 PA in "
                f"2020, which counts like any season); a season short of that breaks the streak; active means it "
                f"reached {LAST}",
        "all": avg_all, "active": avg_active}
    return {"as_of": LAST, "cols": ["rank", "name", "length", "from", "to", "team"], "kinds": kinds}


# ---------------------------------------------------------------- forecast

FORECAST = vocab.FORECAST_SEASON
MOVED = {}  # team id in LAST -> its name in FORECAST, where a team moves or is renamed between the two
PUBLISHED = Path(__file__).resolve().parent.parent / "data" / f"forecast_{LAST}_published.json"  # shown for LAST
ONLY_AL_NL = (f"Only AL and NL players are projected (every major league since 1949 is one of the two; "
              f"the Negro Leagues' seasons ended in 1948).")
BACKTEST_HISTORY = (2017, 2018, 2019, 2022, 2023, 2024, 2025)  # targets whose three seasons before exist whole


def build_forecast(db: Databank, names: dict[str, str]) -> dict:
    """The Marcel boards for FORECAST and their backtests on LAST.

    {"season": 2025, "from": "2022-2024", "data_through": 2024, "note": "2025 is a projection ...",
     "method", "note_2020", "min_PA": 400, "backtest": {hitters, see marcel.backtest}, "backtest_summary",
     "cols": ["id", "name", "team", "age", "PA", "AVG", "OBP", "SLG", "OPS", "HR"], "rows": [...],
     "pitchers": {"method", "note_2020", "min_IP": 100, "backtest": {see marcel.pitcher_backtest},
                  "backtest_summary", "history": [[target, n, Marcel ERA RMSE, repeat, league], ...],
                  "cols": ["id", "name", "team", "age", "role", "IP", "ERA", "WHIP", "SO", "K9"], "rows": [...]},
     "team_next": {team id in LAST: the team's name in FORECAST}, "only": ONLY_AL_NL,
     "scored"?: {the forecast this site showed for LAST, scored on LAST's actuals: see marcel.score_published}}
    Hitter rows: every non-pitcher who batted in 2024; pitcher rows: every pitcher who pitched in 2024
    (a position player's mop-up inning is left out). Rates are strings (".957", "3.21"); team is the
    last 2024 team; age on July 1, 2025; IP is "180.1" style; role is "starter" or "reliever".
    """
    people = {p["playerID"]: p for p in db.table("People")}
    batting, pitching = db.table("Batting"), db.table("Pitching")
    last = FORECAST - 1
    bt = marcel.backtest(batting, pitching, people, last)
    rows = []
    for p in marcel.board(batting, pitching, people, FORECAST):
        rows.append([p["id"], names[p["id"]], p["team"], p["age"], round(p["PA"]), fmt3(p["AVG"]),
                     fmt3(p["OBP"]), fmt3(p["SLG"]), fmt3(p["OPS"]), round(p["HR"])])
    r = bt["rmse"]
    summary = (f"Backtest: {last} projected from {bt['from']} for {bt['n']} hitters ({bt['set']}); RMSE of OPS "
               f"Marcel {fmt3(r['marcel']['OPS'])} vs repeat-{last - 1} {fmt3(r['repeat']['OPS'])} vs league "
               f"average {fmt3(r['league']['OPS'])}; OBP {fmt3(r['marcel']['OBP'])}/{fmt3(r['repeat']['OBP'])}/"
               f"{fmt3(r['league']['OBP'])}; SLG {fmt3(r['marcel']['SLG'])}/{fmt3(r['repeat']['SLG'])}/"
               f"{fmt3(r['league']['SLG'])}.")
    years = f"{last}/{last - 1}/{last - 2}"
    not_used = (f" Not used here: the {FORECAST} boards use {last - 2}-{last} and the {last} backtests "
                f"{last - 3}-{last - 1}; 2020 enters only projections for 2021-2023.")
    return {"season": FORECAST, "from": f"{last - 2}-{last}", "data_through": last,
            "note": f"{FORECAST} is a projection made from data through {last}, not a result; AL/NL players only.",
            "method": f"Marcel (Tango): 5/4/3 weights on {years}, 1,200 PA of league average mixed in, "
                      f"age adjustment, PA = 0.5*PA{last} + 0.1*PA{last - 1} + 200",
            "note_2020": marcel.NOTE_2020 + not_used, "min_PA": 400, "backtest": bt, "backtest_summary": summary,
            "cols": ["id", "name", "team", "age", "PA", "AVG", "OBP", "SLG", "OPS", "HR"], "rows": rows,
            "pitchers": _pitcher_forecast(db, names, people, not_used),
            "team_next": {row[2]: MOVED.get(row[2], row[15]) for row in build_teams(db)["rows"] if row[0] == last},
            "only": ONLY_AL_NL, **_scored(batting, pitching)}


def _scored(batting, pitching) -> dict:
    """{"scored": ...} when the repository keeps the board this site showed for LAST (else {})."""
    if not PUBLISHED.exists():
        return {}
    return {"scored": marcel.score_published(json.loads(PUBLISHED.read_text("utf-8")), batting, pitching)}


def _pitcher_forecast(db: Databank, names: dict[str, str], people: dict, not_used: str) -> dict:
    batting, pitching = db.table("Batting"), db.table("Pitching")
    last = FORECAST - 1
    pitchers = marcel.pitcher_seasons(pitching, batting)
    rows = []
    for p in marcel.pitcher_board(pitching, people, FORECAST):
        if (p["id"], last) in pitchers:
            rows.append([p["id"], names[p["id"]], p["team"], p["age"], p["role"], ip_text(round(p["outs"])),
                         f"{p['ERA']:.2f}", f"{p['WHIP']:.2f}", round(p["SO"]), f"{p['K9']:.1f}"])
    bt = marcel.pitcher_backtest(pitching, people, last)
    history = []
    for target in BACKTEST_HISTORY:
        h = bt if target == last else marcel.pitcher_backtest(pitching, people, target)
        history.append([target, h["n"]] + [round(h["rmse"][m]["ERA"], 3) for m in ("marcel", "repeat", "league")])
    r = bt["rmse"]
    lost = [str(t) for t, _, m, _, lg in history if m >= lg]
    summary = (f"Backtest: {last} projected from {bt['from']} for {bt['n']} pitchers ({bt['set']}); RMSE of ERA "
               f"Marcel {r['marcel']['ERA']:.2f} vs repeat-{last - 1} {r['repeat']['ERA']:.2f} vs league average "
               f"{r['league']['ERA']:.2f}; strikeouts per 9 innings {r['marcel']['K9']:.2f}/{r['repeat']['K9']:.2f}/"
               f"{r['league']['K9']:.2f}." + (f" ERA is mostly noise: the league average beat Marcel's ERA in "
                                             f"{', '.join(lost)} (see history)." if lost else ""))
    w = marcel.PITCH_WEIGHTS
    return {"method": f"Marcel for pitchers (Tango): {w[0]}/{w[1]}/{w[2]} weights on {last}/{last - 1}/{last - 2} "
                      f"per out, {marcel.REGRESS_OUTS} weighted outs of league average mixed in, age adjustment, "
                      f"ERA from FIP's parts (HR, BB, HBP, K) plus the league's constant",
            "note_2020": marcel.NOTE_2020_PITCHERS + not_used, "min_IP": 100, "backtest": bt,
            "backtest_summary": summary, "history_cols": ["target", "n", "marcel", "repeat", "league"],
            "history": history,
            "cols": ["id", "name", "team", "age", "role", "IP", "ERA", "WHIP", "SO", "K9"], "rows": rows}


# ---------------------------------------------------------------- writing

def player_names(db: Databank) -> dict[str, str]:
    """playerID -> the name every published file shows (display_names)."""
    seasons: dict[str, set[int]] = defaultdict(set)
    for r in db.table("Batting") + db.table("Pitching"):
        seasons[r["playerID"]].add(int(r["yearID"]))
    return display_names(db.table("People"), seasons)


def leader_files(wheel: Path) -> dict[str, bytes]:
    """The leader boards' files, from a Databank of their own: build_data runs this in a second process."""
    db = Databank(wheel)
    return {f"leaders/{stat}.json": dumps(board) for stat, board in build_leaders(db, player_names(db)).items()}


def database_files(wheel: Path, out_dir: Path) -> dict[str, bytes]:
    """The sql tool's database, from a Databank of its own (build_database: it writes its chunks)."""
    return build_database(Databank(wheel), out_dir)


def build_data(out_dir: Path, db: Databank | None = None) -> dict:
    """Write every published file under out_dir and manifest.json; print a size table.

    The leader boards (a third of the work) and the sql tool's database are built meanwhile, each in a
    process of its own (spawned, not forked: the site build compresses in threads as this runs)."""
    out_dir = Path(out_dir)
    db = db or Databank()
    _clear_previous(out_dir)
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        leaders = pool.submit(leader_files, db.wheel)
        database = pool.submit(database_files, db.wheel, out_dir)
        files, forecast = _files(db)
        files.update({name: (data, "question") for name, data in leaders.result().items()})
        files.update({name: (data, "sql") for name, data in database.result().items()})
    for name, (data, _) in files.items():
        path = out_dir / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    manifest = _manifest(db, files)
    (out_dir / "manifest.json").write_bytes(dumps(manifest))
    _print_table(manifest)
    print(forecast["backtest_summary"])
    print(forecast["pitchers"]["backtest_summary"])
    return manifest


def _files(db: Databank) -> tuple[dict[str, tuple[bytes, str]], dict]:
    """Every published file but the leader boards (name -> (bytes, group)), and the forecast."""
    names = player_names(db)
    files: dict[str, tuple] = {}
    files["teams.json"] = (dumps(build_teams(db)), "initial")
    files["seasons.json"] = (dumps(build_seasons(db)), "initial")
    for decade, details in build_team_details(db, names).items():
        files[f"teams/{decade}.json"] = (dumps(details), "question")
    awards = award_rows(db)
    files["awards.json"] = (dumps(build_awards(db, names, awards)), "question")
    files["hall_of_fame.json"] = (dumps(build_hall_of_fame(db, names)), "question")
    index, shards = build_players(db, names, awards)
    files["players/index.json"] = (dumps(index), "question")
    for n, shard in sorted(shards.items()):
        files[f"players/{n:02d}.json"] = (dumps(shard), "question")
    files["streaks.json"] = (dumps(build_streaks(db, names)), "question")
    forecast = build_forecast(db, names)
    files["forecast.json"] = (dumps(forecast), "question")
    return files, forecast


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
        "awards": table["awards.json"]["gzip"],
        "hall_of_fame": table["hall_of_fame.json"]["gzip"],
        "season": 0,
    }
    return {"source": {"name": RELEASE, "package": PACKAGE,
                       "sha256": db.sha256, "license": LICENCE, "credit": CREDIT},
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
