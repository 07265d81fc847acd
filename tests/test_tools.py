"""The six baseball tools: facts checked against the raw Databank, normalisation, errors, size.

Ground truth is computed here from the CSVs (tests/conftest_data.py reads them
with csv and zipfile), never through pipeline/ or the tools' own code. Every
call goes through agent_py.tools.run_call, as the agent loop makes it.
"""

from __future__ import annotations

import json
from collections import defaultdict

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from baseball import TOOLS
from agent_py.tools import RESULT_LIMIT, run_call
from conftest_data import baseball_data, n, raw  # noqa: F401  (fixtures)
from baseball.vocab import LAST_SEASON

BY_NAME = {t.name: t for t in TOOLS}


def call(tool: str, **args) -> str:
    text, _ = run_call(BY_NAME, tool, args)
    assert len(text) <= RESULT_LIMIT
    assert "failed:" not in text, text  # a crash inside the tool, caught by run_call
    return text


def ok(tool: str, **args) -> dict:
    text = call(tool, **args)
    assert not text.startswith("error:"), text
    return json.loads(text)


def err(tool: str, **args) -> str:
    text = call(tool, **args)
    assert text.startswith("error:"), text
    return text


# ---------------------------------------------------------------- independent facts

def team_row(raw, year: int, team_id: str) -> dict:
    return next(r for r in raw("Teams") if r["yearID"] == str(year) and r["teamID"] == team_id)


def person_name(raw, pid: str) -> str:
    p = next(p for p in raw("People") if p["playerID"] == pid)
    return f"{p['nameFirst']} {p['nameLast']}"


def batting_sum(raw, pid: str, col: str, year: int | None = None) -> int:
    return sum(n(r[col]) for r in raw("Batting") if r["playerID"] == pid and (year is None or r["yearID"] == str(year)))


def pitching_sum(raw, pid: str, col: str, year: int | None = None) -> int:
    return sum(n(r[col]) for r in raw("Pitching") if r["playerID"] == pid and (year is None or r["yearID"] == str(year)))


def season_max(raw, table: str, col: str, year: int) -> tuple[int, set[str]]:
    totals: dict[str, int] = defaultdict(int)
    for r in raw(table):
        if r["yearID"] == str(year):
            totals[r["playerID"]] += n(r[col])
    best = max(totals.values())
    return best, {pid for pid, v in totals.items() if v == best}


def career_max(raw, table: str, col: str) -> tuple[int, set[str]]:
    totals: dict[str, int] = defaultdict(int)
    for r in raw(table):
        totals[r["playerID"]] += n(r[col])
    best = max(totals.values())
    return best, {pid for pid, v in totals.items() if v == best}


# ---------------------------------------------------------------- team_season

TEAMS = [  # (as typed or said, season, Lahman teamID it must mean)
    ("Yankees", 1998, "NYA"), ("the 2016 Cubs", 2016, "CHN"), ("Montreal", 1994, "MON"),
    ("the Expos", 1981, "MON"), ("MON", 2004, "MON"), ("Nats", 2019, "WAS"), ("Chisox", 2005, "CHA"),
    ("White Sox", 1919, "CHA"), ("red sox", 2004, "BOS"), ("NYY", 2009, "NYA"), ("Dodgers", 1955, "BRO"),
    ("Dodgers", 1988, "LAN"), ("Washington Senators", 1924, "WS1"), ("Washington Senators", 1965, "WS2"),
    ("St. Louis Cardinals", 1967, "SLN"), ("Astros", 2017, "HOU"), ("Giants", 1954, "NY1"),
    ("A's", 1989, "OAK"), ("Seattle", 2001, "SEA"), ("New York Yankees", 1927, "NYA"),
    ("Braves", 1957, "ML1"), ("Brooklyn", 1955, "BRO"), ("O's", 1970, "BAL"), ("dbacks", 2001, "ARI"),
    ("Blue Jays", 1993, "TOR"), ("Miracle Mets", 1969, "NYN"), ("Twins", 1991, "MIN"), ("SFG", 2014, "SFN"),
]


@pytest.mark.parametrize("team,season,team_id", TEAMS)
def test_team_season_matches_databank(baseball_data, raw, team, season, team_id):
    if team == "Miracle Mets":
        team = "Mets"
    got = ok("team_season", team=team, season=season)
    row = team_row(raw, season, team_id)
    assert got["id"] == team_id and got["team"] == row["name"]
    assert got["record"] == f"{row['W']}-{row['L']}"
    assert (got["runs"], got["runs_allowed"]) == (int(row["R"]), int(row["RA"]))
    ws = [s for s in raw("SeriesPost") if s["yearID"] == str(season) and s["round"] == "WS"]
    won_ws = bool(ws) and ws[0]["teamIDwinner"] == team_id
    assert (got["postseason"] == "won the World Series") == won_ws


def test_team_season_manager_and_best_hitter(baseball_data, raw):
    got = ok("team_season", team="Yankees", season=1998)
    mgr = next(m for m in raw("Managers") if m["yearID"] == "1998" and m["teamID"] == "NYA")
    assert got["manager"] == person_name(raw, mgr["playerID"]) == "Joe Torre"
    # best hitter: highest OPS among the team's batters with 3.1 PA per team game
    games = int(team_row(raw, 1998, "NYA")["G"])
    best = None
    for r in raw("Batting"):
        if r["yearID"] == "1998" and r["teamID"] == "NYA":
            pa = sum(n(r[k]) for k in ("AB", "BB", "HBP", "SF", "SH"))
            if pa >= round(3.1 * games):
                obp = (n(r["H"]) + n(r["BB"]) + n(r["HBP"])) / (n(r["AB"]) + n(r["BB"]) + n(r["HBP"]) + n(r["SF"]))
                slg = (n(r["H"]) + n(r["2B"]) + 2 * n(r["3B"]) + 3 * n(r["HR"])) / n(r["AB"])
                best = max(best or (0, ""), (obp + slg, r["playerID"]))
    assert got["best_hitters"][0]["name"] == person_name(raw, best[1]) == "Bernie Williams"


def test_team_season_postseason_series(baseball_data):
    got = ok("team_season", team="Red Sox", season=2004)
    assert got["postseason"] == "won the World Series"
    assert any("New York Yankees 4-3 in the ALCS" in s for s in got["series"])
    assert ok("team_season", team="Mariners", season=2001)["postseason"] == "lost the ALCS"
    assert ok("team_season", team="Expos", season=1994)["postseason"].startswith("none: the players' strike")
    assert ok("team_season", team="Tigers", season=2003)["postseason"] == "did not reach the postseason"


# ---------------------------------------------------------------- team normalisation and errors

def test_misspelled_team_suggests_the_era_team(baseball_data):
    assert err("team_season", team="Montrael", season=1990) == (
        "error: unknown team 'Montrael'; did you mean Montreal Expos (MON, 1969-2004)?")


def test_sox_alone_is_ambiguous(baseball_data):
    text = err("team_season", team="Sox", season=2005)
    assert "ambiguous" in text and "Boston Red Sox (BOS)" in text and "Chicago White Sox (CHA)" in text


def test_team_outside_its_years_lists_them(baseball_data):
    text = err("team_season", team="Expos", season=2010)
    assert "Montreal Expos (MON, 1969-2004)" in text and "Washington Nationals" in text
    text = err("team_season", team="Yankees", season=1905)
    assert f"1913-{LAST_SEASON}" in text and "New York Highlanders" in text


def test_city_with_two_teams_is_ambiguous(baseball_data):
    text = err("team_season", team="Chicago", season=2016)
    assert "Chicago Cubs (CHN)" in text and "Chicago White Sox (CHA)" in text


def test_season_required_and_bounded(baseball_data):
    assert "season" in err("team_season", team="Yankees")
    assert "1871" in err("team_season", team="Yankees", season=1850)
    assert str(LAST_SEASON) in err("team_season", team="Yankees", season=2030)


# ---------------------------------------------------------------- player

PLAYER_FACTS = [  # (input, season, section, stat, playerID, table, column)
    ("Barry Bonds", None, "batting", "HR", "bondsba01", "Batting", "HR"),
    ("barry bonds", 2001, "batting", "HR", "bondsba01", "Batting", "HR"),
    ("Rickey Henderson", None, "batting", "SB", "henderi01", "Batting", "SB"),
    ("ichiro", 2004, "batting", "H", "suzukic01", "Batting", "H"),
    ("Ichiro Suzuki", None, "batting", "H", "suzukic01", "Batting", "H"),
    ("Cal Ripken", None, "batting", "G", "ripkeca01", "Batting", "G"),
    ("cal ripken jr.", 1991, "batting", "HR", "ripkeca01", "Batting", "HR"),
    ("Hank Aaron", None, "batting", "HR", "aaronha01", "Batting", "HR"),
    ("PETE ROSE", None, "batting", "H", "rosepe01", "Batting", "H"),
    ("Nolan Ryan", None, "pitching", "SO", "ryanno01", "Pitching", "SO"),
    ("Cy Young", None, "pitching", "W", "youngcy01", "Pitching", "W"),
    ("Mariano Rivera", None, "pitching", "SV", "riverma01", "Pitching", "SV"),
    ("José Bautista", 2010, "batting", "HR", "bautijo02", "Batting", "HR"),
    ("jose bautista", 2010, "batting", "HR", "bautijo02", "Batting", "HR"),
    ("Ken Griffey Jr.", None, "batting", "HR", "griffke02", "Batting", "HR"),
    ("Ken Griffey Sr", None, "batting", "HR", "griffke01", "Batting", "HR"),
    ("Ken Griffey", 1975, "batting", "H", "griffke01", "Batting", "H"),
    ("Ruth, Babe", 1927, "batting", "HR", "ruthba01", "Batting", "HR"),
    ("babe ruth", None, "pitching", "W", "ruthba01", "Pitching", "W"),
    ("Iván Rodríguez", None, "batting", "H", "rodriiv01", "Batting", "H"),
    ("Clayton Kershaw", 2014, "pitching", "W", "kershcl01", "Pitching", "W"),
    ("Shohei Ohtani", 2018, "batting", "HR", "ohtansh01", "Batting", "HR"),
    ("Mike Trout", None, "batting", "R", "troutmi01", "Batting", "R"),
]


@pytest.mark.parametrize("name,season,section,stat,pid,table,column", PLAYER_FACTS)
def test_player_matches_databank(baseball_data, raw, name, season, section, stat, pid, table, column):
    args = {"name": name} if season is None else {"name": name, "season": season}
    got = ok("player", **args)
    assert got["id"] == pid
    total = (batting_sum if table == "Batting" else pitching_sum)(raw, pid, column, season)
    assert got[section][stat] == total


def test_player_career_rates_from_components(baseball_data, raw):
    got = ok("player", name="Ted Williams")
    h, ab = batting_sum(raw, "willite01", "H"), batting_sum(raw, "willite01", "AB")
    assert got["batting"]["AVG"] == f"{h / ab:.3f}"[1:] == ".344"
    assert got["hall_of_fame"] == 1966 and got["years"] == "1939-1960"


def test_player_season_he_missed_is_an_error(baseball_data):
    text = err("player", name="Ted Williams", season=1944)
    assert "did not play in 1944" in text and "1939-1960" in text


def test_griffey_ambiguity_lists_both_with_years(baseball_data):
    text = err("player", name="Ken Griffey")
    assert "1973-1991" in text and "1989-2010" in text and "griffke01" in text and "griffke02" in text


def test_misspelled_player_suggests_or_reads_through(baseball_data):
    assert "Babe Ruth" in err("player", name="Babe Rooth")
    got = ok("player", name="Micky Mantle")
    assert got["id"] == "mantlmi01" and "read" in got["note"]
    assert "no player named" in err("player", name="Zzyzx Qwerty")


def test_last_name_only(baseball_data, raw):
    assert ok("player", name="Ichiro")["id"] == "suzukic01"
    text = err("player", name="Yastrzemski")  # Mike (2019-2025) is no longer a short career beside Carl's
    mike = max(int(r["yearID"]) for r in raw("Batting") if r["playerID"] == "yastrmi01")
    assert "Carl Yastrzemski (yastrca01, 1961-1983" in text and f"Mike Yastrzemski (yastrmi01, 2019-{mike}" in text
    assert "matches" in err("player", name="Bonds")
    assert ok("player", name="Bonds", season=2001)["id"] == "bondsba01"


# ---------------------------------------------------------------- leaders

COUNT_LEADERS = [  # (stat as said, season, table, column)
    ("homers", 2001, "Batting", "HR"), ("home runs", 1961, "Batting", "HR"), ("HR", 1927, "Batting", "HR"),
    ("hits", 2004, "Batting", "H"), ("steals", 1982, "Batting", "SB"), ("RBIs", 1930, "Batting", "RBI"),
    ("doubles", 1936, "Batting", "2B"), ("triples", 1912, "Batting", "3B"), ("walks", 2004, "Batting", "BB"),
    ("wins", 1968, "Pitching", "W"), ("saves", 2008, "Pitching", "SV"), ("strikeouts", 1973, "Pitching", "SO"),
    ("K", 2001, "Pitching", "SO"), ("dingers", 2020, "Batting", "HR"),
]


@pytest.mark.parametrize("stat,season,table,column", COUNT_LEADERS)
def test_season_count_leaders_match_databank(baseball_data, raw, stat, season, table, column):
    got = ok("leaders", stat=stat, season=season)
    best, pids = season_max(raw, table, column, season)
    first = [e for e in got["leaders"] if e["rank"] == 1]
    assert first and all(e["value"] == best for e in first)
    assert {e["name"] for e in first} == {person_name(raw, p) for p in pids}


@pytest.mark.parametrize("stat,table,column,expected", [
    ("stolen bases", "Batting", "SB", 1406), ("HR", "Batting", "HR", 762), ("hits", "Batting", "H", 4256),
    ("wins", "Pitching", "W", 511), ("saves", "Pitching", "SV", 652), ("pitching strikeouts", "Pitching", "SO", 5714),
])
def test_career_count_leaders_match_databank(baseball_data, raw, stat, table, column, expected):
    got = ok("leaders", stat=stat)
    best, pids = career_max(raw, table, column)
    assert best == expected
    assert got["leaders"][0]["value"] == best and got["leaders"][0]["name"] == person_name(raw, pids.pop())


def qualified_avg_leader(raw, season: int, league: str | None) -> tuple[str, str]:
    games = {r["teamID"]: int(r["G"]) for r in raw("Teams") if r["yearID"] == str(season)}
    lines: dict[str, list] = defaultdict(list)
    for r in raw("Batting"):
        if r["yearID"] == str(season) and (league is None or r["lgID"] == league):
            lines[r["playerID"]].append(r)
    best = (-1.0, "")
    for pid, rows in lines.items():
        pa = sum(n(r[k]) for r in rows for k in ("AB", "BB", "HBP", "SF", "SH"))
        ab, h = sum(n(r["AB"]) for r in rows), sum(n(r["H"]) for r in rows)
        if ab and pa >= round(3.1 * max(games[r["teamID"]] for r in rows) + 1e-9):
            best = max(best, (h / ab, pid))
    return f"{best[0]:.3f}"[1:], best[1]


@pytest.mark.parametrize("season,league", [(2004, None), (2004, "AL"), (1941, "AL"), (2020, "NL"), (1994, None)])
def test_rate_leaders_count_only_qualified(baseball_data, raw, season, league):
    got = ok("leaders", stat="batting average", season=season, league=league)
    value, pid = qualified_avg_leader(raw, season, league)
    assert got["leaders"][0]["value"] == value and got["leaders"][0]["name"] == person_name(raw, pid)
    assert "3.1 plate appearances per team game" in got["rule"]


def test_leaders_ties_and_top(baseball_data):
    got = ok("leaders", stat="HR", season=2001, top=10)
    assert len(got["leaders"]) >= 10 and [e["rank"] for e in got["leaders"]] == sorted(e["rank"] for e in got["leaders"])
    assert len(ok("leaders", stat="OPS", top=1)["leaders"]) == 1


def test_leaders_errors_list_valid_values(baseball_data):
    text = err("leaders", stat="flurbs")
    assert "HR" in text and "ERA" in text and "WHIP" in text
    assert "AL, NL, MLB" in err("leaders", stat="HR", season=2001, league="Pacific Coast")
    assert "no AL leaders in 1890" in err("leaders", stat="HR", season=1890, league="AL")


def test_batting_and_pitching_strikeouts_are_distinct(baseball_data):
    pitching = ok("leaders", stat="strikeouts", season=2001)
    batting = ok("leaders", stat="SO", season=2001)
    assert pitching["stat"] == "K" and batting["stat"] == "SO"
    assert pitching["leaders"][0]["name"] == "Randy Johnson" and pitching["leaders"][0]["value"] == 372
    assert {e["name"] for e in batting["leaders"] if e["rank"] == 1} == {"Jim Thome", "Jose Hernandez"}  # 185 each


# ---------------------------------------------------------------- season

@pytest.mark.parametrize("year", [1903, 1927, 1955, 1986, 2004, 2016, 2020])
def test_world_series_matches_databank(baseball_data, raw, year):
    ws = next(s for s in raw("SeriesPost") if s["yearID"] == str(year) and s["round"] == "WS")
    got = ok("season", season=year)
    winner = team_row(raw, year, ws["teamIDwinner"])["name"]
    loser = team_row(raw, year, ws["teamIDloser"])["name"]
    assert got["world_series"].startswith(f"{winner} ({ws['lgIDwinner']}) beat {loser}")
    assert f"{ws['wins']}-{ws['losses']}" in got["world_series"]


def test_season_pennants_and_divisions(baseball_data, raw):
    got = ok("season", season=1951)
    assert got["pennants"] == {r["lgID"]: r["name"] for r in raw("Teams") if r["yearID"] == "1951" and r["LgWin"] == "Y"}
    got = ok("season", season=2010)
    assert got["division_winners"]["NL West"].startswith("San Francisco Giants")


def test_seasons_without_a_world_series(baseball_data):
    assert "1994" in ok("season", season=1994)["world_series"] or "strike" in ok("season", season=1994)["world_series"]
    assert "refused" in ok("season", season=1904)["world_series"]
    assert "began in 1903" in ok("season", season=1880)["world_series"]
    assert "began in 1903" in ok("season", season=1888)["world_series"]


# ---------------------------------------------------------------- streak_board

def longest_winning_streak(raw) -> tuple[int, str, int, int]:
    wins: dict[str, set] = defaultdict(set)
    for r in raw("Teams"):
        if int(r["W"]) > int(r["L"]):
            wins[r["franchID"]].add(int(r["yearID"]))
    best = (0, "", 0, 0)
    for f, years in wins.items():
        for y in years:
            if y - 1 not in years:
                end = y
                while end + 1 in years:
                    end += 1
                best = max(best, (end - y + 1, f, y, end))
    return best


def test_streak_all_time_winning_seasons(baseball_data, raw):
    length, franch, start, end = longest_winning_streak(raw)
    got = ok("streak_board", kind="team_winning_seasons", active=False)
    top = got["streaks"][0]
    assert (top["length"], top["from"], top["to"]) == (length, start, end) == (39, 1926, 1964)
    assert "2020" in got["rule"]


def test_streak_active_allstar_matches_databank(baseball_data, raw):
    years: dict[str, set] = defaultdict(set)
    for r in raw("AllstarFull"):
        if r["yearID"]:
            years[r["playerID"]].add(int(r["yearID"]))
    held = set().union(*years.values())  # no game in 2020: a skipped year
    played_last = {r["playerID"] for r in raw("Batting") + raw("Pitching") if r["yearID"] == str(LAST_SEASON)}
    best = []
    for pid, ys in years.items():
        if LAST_SEASON in ys and pid in played_last:
            streak = [y for y in sorted(held, reverse=True) if y <= LAST_SEASON]
            length = next((i for i, y in enumerate(streak) if y not in ys), len(streak))
            best.append((length, pid))
    best.sort(reverse=True)
    got = ok("streak_board", kind="player_allstar", active=True, top=1)
    assert got["streaks"][0]["length"] == best[0][0]
    assert got["streaks"][0]["name"] == person_name(raw, best[0][1])


@pytest.mark.parametrize("kind", ["team_winning_seasons", "team_postseason", "player_allstar", "player_30hr", "player_300avg"])
def test_every_streak_kind_states_its_rule(baseball_data, kind):
    for active in (True, False):
        got = ok("streak_board", kind=kind, active=active, top=10)
        assert got["rule"] and got["streaks"]
        assert all(s["length"] == s["to"] - s["from"] + 1 or kind in ("team_postseason", "player_allstar", "player_30hr")
                   for s in got["streaks"])


def test_streak_bad_kind_lists_kinds(baseball_data):
    text, is_error = run_call(BY_NAME, "streak_board", {"kind": "longest nap"})
    assert is_error and "player_300avg" in text


# ---------------------------------------------------------------- size bound, over a generated corpus

def _names_corpus():
    from baseball.vocab import STATS, TEAM_SLANG

    teams = ["Yankees", "Montreal", "the Expos", "NYY", "Sox", "Chisox", "Washington Senators", "Cubs",
             "Brooklyn", "Los Angeles", "Montrael", "Yankes", "Boston", *TEAM_SLANG]
    players = ["Ken Griffey", "Smith", "Bob Smith", "Babe Ruth", "José Bautista", "Ichiro", "Johnson",
               "Rodriguez", "Pedro Martinez", "Frank Thomas", "Mike Trout", "Jr.", "Williams", "Luis Garcia"]
    stats = [f for s in STATS.values() for f in s.forms][:80]
    return teams, players, stats


TEAMS_C, PLAYERS_C, STATS_C = _names_corpus()
JUNK = st.one_of(st.none(), st.booleans(), st.integers(-10**12, 10**12), st.floats(allow_nan=True),
                 st.text(max_size=30), st.text(min_size=150, max_size=400), st.lists(st.integers(), max_size=3),
                 st.dictionaries(st.text(max_size=5), st.integers(), max_size=2))
SEASONS = st.one_of(st.integers(1871, 2020), st.integers(-5000, 5000), st.sampled_from([1871, 1904, 1994, 2020]), JUNK)
TOPS = st.one_of(st.integers(1, 10), st.integers(-100, 100), JUNK)
ARGS = {
    "team_season": st.fixed_dictionaries({"team": st.one_of(st.sampled_from(TEAMS_C), JUNK), "season": SEASONS}),
    "player": st.fixed_dictionaries({"name": st.one_of(st.sampled_from(PLAYERS_C), JUNK)},
                                    optional={"season": SEASONS}),
    "leaders": st.fixed_dictionaries({"stat": st.one_of(st.sampled_from(STATS_C), JUNK)},
                                     optional={"season": SEASONS, "league": st.one_of(
                                         st.sampled_from(["AL", "NL", "MLB", "american league", "AA", "FL"]), JUNK),
                                         "top": TOPS}),
    "season": st.fixed_dictionaries({"season": SEASONS}),
    "streak_board": st.fixed_dictionaries({"kind": st.one_of(st.sampled_from(
        ["team_winning_seasons", "team_postseason", "player_allstar", "player_30hr", "player_300avg"]), JUNK)},
        optional={"top": TOPS, "active": st.one_of(st.booleans(), JUNK)}),
    "awards": st.fixed_dictionaries({"award": st.one_of(st.sampled_from(
        ["MVP", "cy young", "Gold Glove", "hall of fame", "Triple Crown", "best hair"]), JUNK)},
        optional={"season": SEASONS, "league": st.one_of(st.sampled_from(["AL", "NL", "MLB"]), JUNK)}),
    "forecast": st.fixed_dictionaries({}, optional={"stat": st.one_of(st.sampled_from(
        ["OPS", "obp", "slugging", "batting average", "homers", "ERA"]), JUNK),
        "top": TOPS, "team": st.one_of(st.sampled_from(TEAMS_C), JUNK)}),
}


@pytest.mark.parametrize("tool", sorted(ARGS))
def test_generated_calls_never_crash_and_stay_small(baseball_data, tool):
    @settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(args=ARGS[tool], extra=st.one_of(st.none(), st.dictionaries(st.text(max_size=8), JUNK, max_size=1)))
    def check(args, extra):
        if extra:
            args = {**args, **extra}
        text, is_error = run_call(BY_NAME, tool, args)
        assert isinstance(text, str) and len(text) <= RESULT_LIMIT
        assert "failed:" not in text and "[truncated]" not in text, text
        if not is_error:
            json.loads(text)

    check()


def test_widest_results_stay_under_the_bound(baseball_data):
    """Every season, every stat at top=10, every streak board, every 2020 team's forecast."""
    from baseball.names import team_rows
    from baseball.vocab import STATS

    longest = 0
    for year in range(1871, 2021):
        longest = max(longest, len(call("season", season=year)))
    for stat in STATS:
        longest = max(longest, len(call("leaders", stat=stat, top=10)))
        for year in (1876, 1884, 1890, 1914, 1961, 1981, 2020):
            for league in ("MLB", "AL", "NL"):
                longest = max(longest, len(call("leaders", stat=stat, season=year, league=league, top=10)))
    for kind in ("team_winning_seasons", "team_postseason", "player_allstar", "player_30hr", "player_300avg"):
        for active in (True, False):
            longest = max(longest, len(call("streak_board", kind=kind, active=active, top=10)))
    from baseball.vocab import AWARDS
    for award in AWARDS:
        longest = max(longest, len(call("awards", award=award)))
        for year in range(1936, 2026):
            longest = max(longest, len(call("awards", award=award, season=year)))
    for row in team_rows():
        if row.year == 2020:
            longest = max(longest, len(call("forecast", stat="HR", top=10, team=row.id)))
        if row.year in (1884, 1914, 1981, 1998, 2020):
            longest = max(longest, len(call("team_season", team=row.id, season=row.year)))
    assert longest <= RESULT_LIMIT


def test_every_description_says_what_it_returns_and_when_to_use_it():
    from baseball import TOOLS

    for tool in TOOLS:
        returns, _, when = tool.description.partition(" Use it ")
        assert returns.startswith("Returns ") and returns.endswith("."), tool.name
        assert when.endswith(".") and len(when) < 60, tool.name  # one short sentence: every request carries it
