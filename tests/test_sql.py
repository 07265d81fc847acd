"""The sql tool: questions people ask of the Lahman database, each with the SQL a model would write, run
through the tool and checked against truths computed here from the raw parquet tables (tests/conftest_data.py
``raw``, not the pipeline's database); hostile SQL, each refused in bounded time with the database unchanged;
the errors written for the model; the work bound's two sides.
"""

from __future__ import annotations

import hashlib
import json
import math
import time
from collections import Counter, defaultdict

import pytest

from agent_py import data
from agent_py.tools import RESULT_LIMIT, run_call
from baseball import TOOLS
from baseball import sql as sql_tool
from conftest_data import baseball_data, n, raw  # noqa: F401  (fixtures)

BY_NAME = {t.name: t for t in TOOLS}


def ask(statement: str) -> tuple[dict | str, float]:
    """The tool's answer, and the processor time it took: the bound is on work, so a loaded machine (other
    processes on the same cores) must not make a bounded query look unbounded."""
    started = time.process_time()
    text, is_error = run_call(BY_NAME, "sql", {"sql": statement})
    took = time.process_time() - started
    assert len(text) <= RESULT_LIMIT
    return (text if is_error else json.loads(text)), took


def rows(statement: str) -> list[list]:
    got, _ = ask(statement)
    assert isinstance(got, dict), got
    assert "note" not in got or got["note"] == "no rows", got  # every question here fits whole
    return got["rows"]


def same(a, b) -> bool:
    if isinstance(a, float) or isinstance(b, float):
        return math.isclose(float(a), float(b), rel_tol=1e-5)
    return a == b


def top(counts: dict, k: int, reverse: bool = True) -> list[list]:
    """[[key, value], ...]: the k largest (or smallest) values, ties by key, as ORDER BY value, key LIMIT k."""
    ordered = sorted(counts.items(), key=lambda kv: ((-kv[1] if reverse else kv[1]), kv[0]))
    return [[k_, v] for k_, v in ordered[:k]]


def summed(table: list[dict], key, value: str, where=lambda r: True) -> dict:
    out: dict = defaultdict(int)
    for r in table:
        if where(r):
            out[key(r) if callable(key) else r[key]] += n(r[value])
    return dict(out)


def birth(r: dict) -> tuple[int, int, int]:
    return n(r["birthYear"]), n(r["birthMonth"]), n(r["birthDay"])


def questions(raw):  # noqa: C901 - one truth per question
    """(question, SQL, truth) for every question: truth is the rows the SQL must return."""
    B, P, PE = raw("Batting"), raw("Pitching"), raw("People")
    people = {r["playerID"]: r for r in PE}
    S, T, SP = raw("Salaries"), raw("Teams"), raw("SeriesPost")
    H, M, AS, AW = raw("HallOfFame"), raw("Managers"), raw("AllstarFull"), raw("AwardsPlayers")
    F, AP, CP = raw("Fielding"), raw("Appearances"), raw("CollegePlaying")
    BP, PP, PK, HG = raw("BattingPost"), raw("PitchingPost"), raw("Parks"), raw("HomeGames")
    hr_by_year = summed(B, lambda r: (r["playerID"], r["yearID"]), "HR")
    salary_2016 = {r["playerID"]: n(r["salary"]) for r in S if r["yearID"] == "2016"}
    in_2024 = {r["playerID"] for r in AP if r["yearID"] == "2024"}
    ws = [r for r in SP if r["round"] == "WS"]
    hof_players = [r for r in H if r["inducted"] == "Y" and r["category"] == "Player"]
    h_by_year = summed(B, lambda r: (r["playerID"], r["yearID"]), "H")
    ab_by_year = summed(B, lambda r: (r["playerID"], r["yearID"]), "AB")
    sb_by_year = summed(B, lambda r: (r["playerID"], r["yearID"]), "SB")
    pay = summed(S, "teamID", "salary", lambda r: r["yearID"] == "2016")
    avg_2010 = [n(r["salary"]) for r in S if r["yearID"] == "2010"]
    tallest = max(n(r["height"]) for r in PE if r["height"])
    qualified_era = [r for r in P if n(r["IPouts"]) >= 486]
    best_era = min(qualified_era, key=lambda r: (27 * n(r["ER"]) / n(r["IPouts"]), r["playerID"], r["yearID"]))
    worst_era = max((r for r in P if n(r["IPouts"]) >= 300),
                    key=lambda r: (27 * n(r["ER"]) / n(r["IPouts"])))
    youngest = max((people[p] for p in in_2024), key=birth)
    oldest = min((people[p] for p in in_2024 if people[p]["birthYear"]), key=birth)
    pct = max(T, key=lambda r: n(r["W"]) / (n(r["W"]) + n(r["L"])) if n(r["W"]) + n(r["L"]) >= 100 else 0)
    avg = max(((p, y) for (p, y), ab in ab_by_year.items() if ab >= 500),
              key=lambda k: (h_by_year[k] / ab_by_year[k]))
    hof_years = Counter(r["yearID"] for r in hof_players)
    fewest = min(hof_years.values())
    career_hr = summed(B, "playerID", "HR")
    career_h = summed(B, "playerID", "H")
    return [
        ("How many home runs did Babe Ruth hit?", "SELECT SUM(HR) FROM Batting WHERE playerID = 'ruthba01'",
         [[career_hr["ruthba01"]]]),
        ("Who hit the most career home runs?",
         "SELECT playerID, SUM(HR) AS hr FROM Batting GROUP BY playerID ORDER BY hr DESC, playerID LIMIT 5",
         top(career_hr, 5)),
        ("How many players have 3,000 career hits?",
         "SELECT COUNT(*) FROM (SELECT playerID FROM Batting GROUP BY playerID HAVING SUM(H) >= 3000)",
         [[sum(1 for v in career_h.values() if v >= 3000)]]),
        ("Who had the most 40-homer seasons?",
         "SELECT playerID, COUNT(*) AS seasons FROM (SELECT playerID, yearID FROM Batting GROUP BY playerID, yearID "
         "HAVING SUM(HR) >= 40) GROUP BY playerID ORDER BY seasons DESC, playerID LIMIT 3",
         top(Counter(p for (p, y), hr in hr_by_year.items() if hr >= 40), 3)),
        ("Who was the highest-paid player in 2016?",
         "SELECT playerID, salary FROM Salaries WHERE yearID = 2016 ORDER BY salary DESC, playerID LIMIT 3",
         top(salary_2016, 3)),
        ("What is the highest salary in the database?", "SELECT MAX(salary) FROM Salaries",
         [[max(n(r["salary"]) for r in S)]]),
        ("What was the average salary in 2010?", "SELECT AVG(salary) FROM Salaries WHERE yearID = 2010",
         [[sum(avg_2010) / len(avg_2010)]]),
        ("What was the Yankees' payroll in 2005?",
         "SELECT SUM(salary) FROM Salaries WHERE teamID = 'NYA' AND yearID = 2005",
         [[sum(n(r["salary"]) for r in S if r["teamID"] == "NYA" and r["yearID"] == "2005")]]),
        ("Which team had the biggest payroll in 2016?",
         "SELECT teamID, SUM(salary) AS pay FROM Salaries WHERE yearID = 2016 GROUP BY teamID "
         "ORDER BY pay DESC, teamID LIMIT 3", top(pay, 3)),
        ("Which team had the smallest payroll in 2016?",
         "SELECT teamID, SUM(salary) AS pay FROM Salaries WHERE yearID = 2016 GROUP BY teamID "
         "ORDER BY pay, teamID LIMIT 1", top(pay, 1, reverse=False)),
        ("How many seasons of salaries does the database have?",
         "SELECT MIN(yearID), MAX(yearID) FROM Salaries",
         [[min(n(r["yearID"]) for r in S), max(n(r["yearID"]) for r in S)]]),
        ("How tall and heavy was Babe Ruth?", "SELECT height, weight FROM People WHERE playerID = 'ruthba01'",
         [[n(people["ruthba01"]["height"]), n(people["ruthba01"]["weight"])]]),
        ("Where was Babe Ruth born?",
         "SELECT birthCity, birthState, birthCountry FROM People WHERE playerID = 'ruthba01'",
         [[people["ruthba01"][k] for k in ("birthCity", "birthState", "birthCountry")]]),
        ("How many major leaguers were born in Puerto Rico?",
         "SELECT COUNT(*) FROM People WHERE birthCountry = 'P.R.'",
         [[sum(1 for r in PE if r["birthCountry"] == "P.R.")]]),
        ("Which countries besides the USA produced the most players?",
         "SELECT birthCountry, COUNT(*) AS c FROM People WHERE birthCountry <> 'USA' AND birthCountry IS NOT NULL "
         "GROUP BY birthCountry ORDER BY c DESC, birthCountry LIMIT 3",
         top(Counter(r["birthCountry"] for r in PE if r["birthCountry"] not in ("USA", "")), 3)),
        ("How tall was the tallest player ever?", "SELECT MAX(height) FROM People", [[tallest]]),
        ("Who were the tallest players?",
         "SELECT playerID FROM People WHERE height = (SELECT MAX(height) FROM People) ORDER BY playerID",
         [[r["playerID"]] for r in sorted(PE, key=lambda r: r["playerID"]) if n(r["height"]) == tallest]),
        ("What is the lightest weight on record?", "SELECT MIN(weight) FROM People WHERE weight > 0",
         [[min(n(r["weight"]) for r in PE if n(r["weight"]) > 0)]]),
        ("How many players batted left and threw right?",
         "SELECT COUNT(*) FROM People WHERE bats = 'L' AND throws = 'R'",
         [[sum(1 for r in PE if r["bats"] == "L" and r["throws"] == "R")]]),
        ("How many switch hitters are there?", "SELECT COUNT(*) FROM People WHERE bats = 'B'",
         [[sum(1 for r in PE if r["bats"] == "B")]]),
        ("Who was the youngest player in 2024?",
         "SELECT p.playerID FROM People p WHERE p.playerID IN (SELECT playerID FROM Appearances WHERE yearID = 2024) "
         "ORDER BY p.birthYear DESC, p.birthMonth DESC, p.birthDay DESC LIMIT 1", [[youngest["playerID"]]]),
        ("Who was the oldest player in 2024?",
         "SELECT p.playerID FROM People p WHERE p.playerID IN (SELECT playerID FROM Appearances WHERE yearID = 2024) "
         "AND p.birthYear IS NOT NULL ORDER BY p.birthYear, p.birthMonth, p.birthDay LIMIT 1",
         [[oldest["playerID"]]]),
        ("How many players debuted in 2024?", "SELECT COUNT(*) FROM People WHERE debut LIKE '2024%'",
         [[sum(1 for r in PE if r["debut"].startswith("2024"))]]),
        ("How many players were born on the Fourth of July?",
         "SELECT COUNT(*) FROM People WHERE birthMonth = 7 AND birthDay = 4",
         [[sum(1 for r in PE if r["birthMonth"] == "7" and r["birthDay"] == "4")]]),
        ("Which team has won the most World Series?",
         "SELECT teamIDwinner, COUNT(*) AS c FROM SeriesPost WHERE round = 'WS' GROUP BY teamIDwinner "
         "ORDER BY c DESC, teamIDwinner LIMIT 3", top(Counter(r["teamIDwinner"] for r in ws), 3)),
        ("Who won the 2016 World Series?",
         "SELECT teamIDwinner, teamIDloser, wins, losses FROM SeriesPost WHERE round = 'WS' AND yearID = 2016",
         [[r["teamIDwinner"], r["teamIDloser"], n(r["wins"]), n(r["losses"])] for r in ws if r["yearID"] == "2016"]),
        ("Which teams lost the most World Series?",
         "SELECT teamIDloser, COUNT(*) AS c FROM SeriesPost WHERE round = 'WS' GROUP BY teamIDloser "
         "ORDER BY c DESC, teamIDloser LIMIT 3", top(Counter(r["teamIDloser"] for r in ws), 3)),
        ("In which year did the fewest players enter the Hall of Fame?",
         "SELECT yearID, COUNT(*) AS c FROM HallOfFame WHERE inducted = 'Y' AND category = 'Player' "
         "GROUP BY yearID HAVING c = (SELECT MIN(c2) FROM (SELECT COUNT(*) AS c2 FROM HallOfFame WHERE "
         "inducted = 'Y' AND category = 'Player' GROUP BY yearID)) ORDER BY yearID LIMIT 3",
         [[int(y), c] for y, c in sorted(hof_years.items()) if c == fewest][:3]),
        ("How many players are in the Hall of Fame?",
         "SELECT COUNT(DISTINCT playerID) FROM HallOfFame WHERE inducted = 'Y' AND category = 'Player'",
         [[len({r["playerID"] for r in hof_players})]]),
        ("What share of the vote did Derek Jeter get?",
         "SELECT yearID, votes, ballots FROM HallOfFame WHERE playerID = 'jeterde01'",
         [[n(r["yearID"]), n(r["votes"]), n(r["ballots"])] for r in H if r["playerID"] == "jeterde01"]),
        ("Which season drew the biggest crowd for one team?",
         "SELECT yearID, teamID, attendance FROM Teams ORDER BY attendance DESC LIMIT 1",
         [[n(r["yearID"]), r["teamID"], n(r["attendance"])] for r in [max(T, key=lambda r: n(r["attendance"]))]]),
        ("What was the total attendance in 2019?", "SELECT SUM(attendance) FROM Teams WHERE yearID = 2019",
         [[sum(n(r["attendance"]) for r in T if r["yearID"] == "2019")]]),
        ("Which ballpark hosted the most games?",
         "SELECT parkkey, SUM(games) AS g FROM HomeGames GROUP BY parkkey ORDER BY g DESC, parkkey LIMIT 3",
         top(summed(HG, "parkkey", "games"), 3)),
        ("How many ballparks has Chicago had?", "SELECT COUNT(*) FROM Parks WHERE city = 'Chicago'",
         [[sum(1 for r in PK if r["city"] == "Chicago")]]),
        ("What is the name of the park with key NYC21?", "SELECT parkname FROM Parks WHERE parkkey = 'NYC21'",
         [[r["parkname"]] for r in PK if r["parkkey"] == "NYC21"]),
        ("Which colleges produced the most major leaguers?",
         "SELECT schoolID, COUNT(DISTINCT playerID) AS c FROM CollegePlaying GROUP BY schoolID "
         "ORDER BY c DESC, schoolID LIMIT 3",
         top(Counter(s for s, _ in {(r["schoolID"], r["playerID"]) for r in CP}), 3)),
        ("How many players went to Stanford?",
         "SELECT COUNT(DISTINCT playerID) FROM CollegePlaying WHERE schoolID = 'stanford'",
         [[len({r["playerID"] for r in CP if r["schoolID"] == "stanford"})]]),
        ("What is Stanford's full name in the database?",
         "SELECT nameFull, city, state FROM Schools WHERE schoolID = 'stanford'",  # raw: name_full
         [[r["name_full"], r["city"], r["state"]] for r in raw("Schools") if r["schoolID"] == "stanford"]),
        ("Which manager won the most games?",
         "SELECT playerID, SUM(W) AS w FROM Managers GROUP BY playerID ORDER BY w DESC, playerID LIMIT 3",
         top(summed(M, "playerID", "W"), 3)),
        ("Which manager managed the most games?",
         "SELECT playerID, SUM(G) AS g FROM Managers GROUP BY playerID ORDER BY g DESC, playerID LIMIT 1",
         top(summed(M, "playerID", "G"), 1)),
        ("Who managed the 1927 Yankees?",
         "SELECT playerID, W, L FROM Managers WHERE teamID = 'NYA' AND yearID = 1927",
         [[r["playerID"], n(r["W"]), n(r["L"])] for r in M if r["teamID"] == "NYA" and r["yearID"] == "1927"]),
        ("How many player-managers were there?",
         "SELECT COUNT(DISTINCT playerID) FROM Managers WHERE plyrMgr = 'Y'",
         [[len({r["playerID"] for r in M if r["plyrMgr"] == "Y"})]]),
        ("How many All-Star games did Hank Aaron play in?",
         "SELECT COUNT(*) FROM AllstarFull WHERE playerID = 'aaronha01'",
         [[sum(1 for r in AS if r["playerID"] == "aaronha01")]]),
        ("Who was picked for the most All-Star games?",
         "SELECT playerID, COUNT(*) AS c FROM AllstarFull GROUP BY playerID ORDER BY c DESC, playerID LIMIT 3",
         top(Counter(r["playerID"] for r in AS), 3)),
        ("Who won the most Gold Gloves?",
         "SELECT playerID, COUNT(*) AS c FROM AwardsPlayers WHERE awardID = 'Gold Glove' GROUP BY playerID "
         "ORDER BY c DESC, playerID LIMIT 3", top(Counter(r["playerID"] for r in AW if r["awardID"] == "Gold Glove"), 3)),
        ("Who won the MVP in 2000?",
         "SELECT lgID, playerID FROM AwardsPlayers WHERE awardID = 'Most Valuable Player' AND yearID = 2000 "
         "ORDER BY lgID", sorted([r["lgID"], r["playerID"]] for r in AW
                                 if r["awardID"] == "Most Valuable Player" and r["yearID"] == "2000")),
        ("How many Cy Young awards did Roger Clemens win?",
         "SELECT COUNT(*) FROM AwardsPlayers WHERE playerID = 'clemero02' AND awardID = 'Cy Young Award'",
         [[sum(1 for r in AW if r["playerID"] == "clemero02" and r["awardID"] == "Cy Young Award")]]),
        ("Who got the most MVP points in the 2023 AL vote?",
         "SELECT playerID, pointsWon FROM AwardsSharePlayers WHERE awardID = 'Most Valuable Player' AND yearID = 2023 AND lgID = 'AL' "
         "ORDER BY pointsWon DESC LIMIT 1",
         [[r["playerID"], n(r["pointsWon"])] for r in [max((r for r in raw("AwardsSharePlayers") if r["awardID"] == "Most Valuable Player"
                                                        and r["yearID"] == "2023" and r["lgID"] == "AL"),
                                                       key=lambda r: n(r["pointsWon"]))]]),
        ("What is the lowest ERA in a season with 162 innings?",
         "SELECT playerID, yearID, 27.0 * ER / IPouts AS era FROM Pitching WHERE IPouts >= 486 "
         "ORDER BY era, playerID, yearID LIMIT 1",
         [[best_era["playerID"], n(best_era["yearID"]), 27 * n(best_era["ER"]) / n(best_era["IPouts"])]]),
        ("What is the highest ERA ever in a season of 100 innings?",
         "SELECT MAX(27.0 * ER / IPouts) FROM Pitching WHERE IPouts >= 300",
         [[27 * n(worst_era["ER"]) / n(worst_era["IPouts"])]]),
        ("Who struck out the most batters in one season?",
         "SELECT playerID, yearID, SO FROM Pitching ORDER BY SO DESC, playerID, yearID LIMIT 3",
         [[r["playerID"], n(r["yearID"]), n(r["SO"])] for r in
          sorted(P, key=lambda r: (-n(r["SO"]), r["playerID"], n(r["yearID"])))[:3]]),
        ("Who won the most games as a pitcher?",
         "SELECT playerID, SUM(W) AS w FROM Pitching GROUP BY playerID ORDER BY w DESC, playerID LIMIT 3",
         top(summed(P, "playerID", "W"), 3)),
        ("What is the record for saves in a season?", "SELECT MAX(SV) FROM Pitching",
         [[max(n(r["SV"]) for r in P)]]),
        ("Who played the most games at shortstop?",
         "SELECT playerID, SUM(G) AS g FROM Fielding WHERE POS = 'SS' GROUP BY playerID ORDER BY g DESC, playerID LIMIT 3",
         top(summed(F, "playerID", "G", lambda r: r["POS"] == "SS"), 3)),
        ("How many games did Cal Ripken play at shortstop?",
         "SELECT SUM(G) FROM Fielding WHERE playerID = 'ripkeca01' AND POS = 'SS'",
         [[summed(F, "playerID", "G", lambda r: r["POS"] == "SS")["ripkeca01"]]]),
        ("Who made the most errors in one season?",
         "SELECT playerID, yearID, E FROM Fielding ORDER BY E DESC, playerID, yearID LIMIT 1",
         [[r["playerID"], n(r["yearID"]), n(r["E"])] for r in
          sorted(F, key=lambda r: (-n(r["E"]), r["playerID"], n(r["yearID"])))[:1]]),
        ("Who played the most games as a designated hitter?",
         "SELECT playerID, SUM(G_dh) AS g FROM Appearances GROUP BY playerID ORDER BY g DESC, playerID LIMIT 3",
         top(summed(AP, "playerID", "G_dh"), 3)),
        ("Which teams won the most games in a season?",
         "SELECT yearID, teamID, W FROM Teams ORDER BY W DESC, yearID, teamID LIMIT 3",
         [[n(r["yearID"]), r["teamID"], n(r["W"])] for r in
          sorted(T, key=lambda r: (-n(r["W"]), n(r["yearID"]), r["teamID"]))[:3]]),
        ("Which team had the best winning percentage (100+ decisions)?",
         "SELECT yearID, teamID FROM Teams WHERE W + L >= 100 ORDER BY 1.0 * W / (W + L) DESC LIMIT 1",
         [[n(pct["yearID"]), pct["teamID"]]]),
        ("How many teams have won 100 games?", "SELECT COUNT(*) FROM Teams WHERE W >= 100",
         [[sum(1 for r in T if n(r["W"]) >= 100)]]),
        ("Which franchises won the most pennants?",
         "SELECT franchID, COUNT(*) AS c FROM Teams WHERE LgWin = 'Y' GROUP BY franchID ORDER BY c DESC, franchID LIMIT 3",
         top(Counter(r["franchID"] for r in T if r["LgWin"] == "Y"), 3)),
        ("How many franchises are active?", "SELECT COUNT(*) FROM TeamsFranchises WHERE active = 'Y'",
         [[sum(1 for r in raw("TeamsFranchises") if r["active"] == "Y")]]),
        ("How many postseason home runs did Derek Jeter hit?",
         "SELECT SUM(HR) FROM BattingPost WHERE playerID = 'jeterde01'",
         [[summed(BP, "playerID", "HR")["jeterde01"]]]),
        ("Who hit the most postseason home runs?",
         "SELECT playerID, SUM(HR) AS hr FROM BattingPost GROUP BY playerID ORDER BY hr DESC, playerID LIMIT 3",
         top(summed(BP, "playerID", "HR"), 3)),
        ("Who won the most postseason games as a pitcher?",
         "SELECT playerID, SUM(W) AS w FROM PitchingPost GROUP BY playerID ORDER BY w DESC, playerID LIMIT 1",
         top(summed(PP, "playerID", "W"), 1)),
        ("How many home runs were hit in 1998?", "SELECT SUM(HR) FROM Batting WHERE yearID = 1998",
         [[sum(n(r["HR"]) for r in B if r["yearID"] == "1998")]]),
        ("Which season had the most home runs?",
         "SELECT yearID, SUM(HR) AS hr FROM Batting GROUP BY yearID ORDER BY hr DESC LIMIT 1",
         [[int(y), v] for y, v in top(summed(B, "yearID", "HR"), 1)]),
        ("Who had the best batting average in a season with 500 at-bats?",
         "SELECT playerID, yearID FROM Batting GROUP BY playerID, yearID HAVING SUM(AB) >= 500 "
         "ORDER BY 1.0 * SUM(H) / SUM(AB) DESC LIMIT 1", [[avg[0], int(avg[1])]]),
        ("Who stole the most bases in a season?",
         "SELECT playerID, yearID, SUM(SB) AS sb FROM Batting GROUP BY playerID, yearID ORDER BY sb DESC LIMIT 1",
         [[k[0], int(k[1]), v] for k, v in [max(sb_by_year.items(), key=lambda kv: kv[1])]]),
        ("How many teams did Rickey Henderson play for?",
         "SELECT COUNT(DISTINCT teamID) FROM Batting WHERE playerID = 'henderi01'",
         [[len({r["teamID"] for r in B if r["playerID"] == "henderi01"})]]),
        ("Which of the 2016 Cubs was paid most?",
         "SELECT p.nameFirst, p.nameLast, s.salary FROM Salaries s JOIN People p USING (playerID) "
         "WHERE s.teamID = 'CHN' AND s.yearID = 2016 ORDER BY s.salary DESC LIMIT 1",
         [[people[r["playerID"]]["nameFirst"], people[r["playerID"]]["nameLast"], n(r["salary"])]
          for r in [max((r for r in S if r["teamID"] == "CHN" and r["yearID"] == "2016"), key=lambda r: n(r["salary"]))]]),
        ("Which 1998 Yankees hit 20 home runs?",
         "SELECT playerID FROM Batting WHERE teamID = 'NYA' AND yearID = 1998 AND HR >= 20 ORDER BY playerID",
         [[r["playerID"]] for r in sorted(B, key=lambda r: r["playerID"])
          if r["teamID"] == "NYA" and r["yearID"] == "1998" and n(r["HR"]) >= 20]),
        ("How many split seasons are in TeamsHalf for 1981?", "SELECT COUNT(*) FROM TeamsHalf WHERE yearID = 1981",
         [[sum(1 for r in raw("TeamsHalf") if r["yearID"] == "1981")]]),
        ("How many National Association team-seasons are there?", "SELECT COUNT(*) FROM Teams WHERE lgID = 'NA'",
         [[sum(1 for r in T if r["lgID"] == "NA")]]),
    ]


QUESTIONS = 74  # the number of questions() (each is a test of its own below)


@pytest.fixture(scope="module")
def cases(raw):
    return questions(raw)


def test_at_least_sixty_questions(cases):
    assert len(cases) == QUESTIONS >= 60


@pytest.mark.parametrize("i", range(QUESTIONS))
def test_question(cases, i):
    question, statement, truth = cases[i]
    got = rows(statement)
    assert len(got) == len(truth), (question, got, truth)
    for a, b in zip(got, truth):
        assert len(a) == len(b) and all(same(x, y) for x, y in zip(a, b)), (question, got, truth)


def test_results_keep_column_names_and_numbers(baseball_data):
    got, _ = ask("SELECT playerID, yearID AS season, HR, 27.0 * ER / IPouts AS era FROM Pitching "
                 "WHERE playerID = 'koufasa01' AND yearID = 1965")
    assert got["columns"] == ["playerID", "season", "HR", "era"]
    assert isinstance(got["rows"][0][1], int) and isinstance(got["rows"][0][3], float)


def test_a_long_result_says_how_many_rows_were_left_out(raw):
    expected = sum(1 for r in raw("Batting") if r["yearID"] == "2001" and r["teamID"] == "NYA")
    got, _ = ask("SELECT playerID, HR FROM Batting WHERE yearID = 2001 AND teamID = 'NYA'")
    assert got["rows_total"] == expected and len(got["rows"]) < expected
    assert "LIMIT" in got["note"] and str(expected) in got["note"]
    got, _ = ask("SELECT * FROM Batting")
    assert got["rows_total"] == f"more than {sql_tool.MAX_ROWS}"


def test_errors_written_for_the_model(baseball_data):
    tables = sql_tool.tables()
    text, _ = ask("SELECT * FROM Battingg")
    assert text.startswith("error: no such table: Battingg") and all(t in text for t in tables)
    text, _ = ask("SELECT homers FROM Batting WHERE playerID = 'ruthba01'")
    assert "no such column: homers" in text and all(c in text for c in tables["Batting"])
    text, _ = ask("SELECT b.HRR FROM Batting b JOIN People p USING (playerID)")
    assert "HRR" in text and "Columns of Batting" in text and "nameFirst" in text
    text, _ = ask("SELECT playerID FORM Batting")
    assert "syntax error" in text and ">>>Batting" in text
    text, _ = ask("SELECT (1")
    assert text.startswith("error: incomplete input")
    got, _ = ask("PRAGMA table_info(Salaries)")
    assert [r[1] for r in got["rows"]] == tables["Salaries"]


@pytest.fixture(scope="module")
def database_hash(baseball_data):
    path = data.joined(sql_tool.FILE)  # the file the CLI reads: the chunks joined
    return lambda: hashlib.sha256(path.read_bytes()).hexdigest()


HOSTILE = {
    "insert": "INSERT INTO People (playerID) VALUES ('x')",
    "update": "UPDATE Batting SET HR = 999",
    "delete": "DELETE FROM Teams",
    "drop": "DROP TABLE Batting",
    "create": "CREATE TABLE t (x)",
    "attach": "ATTACH DATABASE '/tmp/evil.sqlite' AS evil",
    "vacuum into": "VACUUM INTO '/tmp/copy.sqlite'",
    "writable_schema": "PRAGMA writable_schema = ON",
    "journal pragma": "PRAGMA journal_mode = DELETE",
    "load_extension": "SELECT load_extension('/tmp/evil.so')",
    "several statements": "SELECT 1; DROP TABLE Batting",
    "write after select": "SELECT 1; UPDATE Batting SET HR = 0",
    "commented write": "/* hi */ DELETE FROM Teams",
    "cte write": "WITH x AS (SELECT 1) DELETE FROM Teams",
    "endless recursive CTE": "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT MAX(x) FROM c",
    "cross join of the largest tables": "SELECT COUNT(*) FROM Fielding, Batting, Appearances",
    "cross join sorted": "SELECT * FROM Batting a, Fielding b ORDER BY a.HR + b.E DESC LIMIT 1",
    "gigabyte zeroblob": "SELECT zeroblob(1000000000)",
    "doubling string": "WITH RECURSIVE s(x) AS (SELECT 'xxxxxxxxxx' UNION ALL SELECT x || x FROM s "
                       "WHERE length(x) < 100000000) SELECT MAX(length(x)) FROM s",
    "randomblob": "SELECT randomblob(2000000000)",
    "1 MB statement": "SELECT " + "1+" * 500_000 + "1",
    "invalid UTF-8": "SELECT '\udcff\udcfe'",
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_sql_is_refused_in_bounded_time(name, database_hash):
    before = database_hash()
    text, took = ask(HOSTILE[name])
    assert isinstance(text, str) and text.startswith("error:"), (name, text)
    assert took < 6, (name, took)
    assert len(text) < 400 and "Traceback" not in text
    assert database_hash() == before
    assert not __import__("pathlib").Path("/tmp/evil.sqlite").exists()
    assert not __import__("pathlib").Path("/tmp/copy.sqlite").exists()
    # and the tool still answers afterwards
    assert rows("SELECT COUNT(*) FROM Parks")[0][0] > 100


def test_the_work_bound_lets_heavy_queries_finish(raw):
    """The calibration's other side: a self-join of Batting (every pair of teammates) and a window over every
    player's seasons finish, with the right answers."""
    pairs = Counter((r["teamID"], r["yearID"]) for r in raw("Batting"))
    assert rows("SELECT COUNT(*) FROM Batting a JOIN Batting b USING (teamID, yearID)") == [
        [sum(c * c for c in pairs.values())]]
    best = max(summed(raw("Batting"), "playerID", "HR").values())
    assert rows("SELECT MAX(t) FROM (SELECT SUM(HR) OVER (PARTITION BY playerID ORDER BY yearID, stint) AS t "
                "FROM Batting)") == [[best]]


# What a cold query may cost the page in bytes as sent (the README's targets for `make bench-sql`).
SENT_P50, SENT_P95, LOOKUP_MAX = 100_000, 2_000_000, 50_000


def test_common_queries_read_only_what_they_need(baseball_data):
    """The 30 queries of bench/sql_queries.py, each on a cold connection: every read SQLite makes of the file
    (a VFS that records them), replayed through the page's chunk reader and summed as the chunks' brotli
    copies a server sends (bench/sql_pages.py; its figures match make bench-sql's to the byte). A schema or
    reader change that makes an aggregate read a whole large table again fails here, without a browser."""
    from bench.sql_pages import sent_bytes, summary

    results = sent_bytes(baseball_data / "lahman")
    figures = summary(results)
    report = "\n".join(f"{r['bytes'] / 1e3:8.1f} KB  {r['sql'][:70]}" for r in results)
    assert figures["kb_p50"] * 1e3 <= SENT_P50, report
    assert figures["kb_p95"] * 1e3 <= SENT_P95, report
    assert figures["lookup_kb_max"] * 1e3 < LOOKUP_MAX, report


def test_the_description_names_the_common_tables_by_their_real_names(baseball_data):
    """Every request carries the description, so it names the tables most questions need (each one real);
    an unknown table's error lists them all (test above)."""
    description = BY_NAME["sql"].description
    named = description[description.index("(") + 1:description.index("...)")].split()
    assert len(named) >= 12 and set(named) <= set(sql_tool.tables())
    assert {"People", "Batting", "Pitching", "Teams", "Salaries", "HallOfFame"} <= set(named)


# ---- through the agent: both wires, the fake provider scripted to call the tool with SQL ---------------

def _cli(*args: str, data_dir):
    import os
    import subprocess
    import sys
    from pathlib import Path

    env = {k: v for k, v in os.environ.items() if not k.endswith("_API_KEY")}
    env.update(AGENT_API_KEY="sk-test", AGENT_DATA_DIR=str(data_dir))
    return subprocess.run([sys.executable, "-m", "agent_py", *args], capture_output=True, text=True,
                          cwd=Path(__file__).resolve().parent.parent, env=env, timeout=60)


@pytest.mark.parametrize("provider,wire", [("openai", "openai"), ("anthropic", "anthropic")])
@pytest.mark.parametrize("stream", [True, False])
def test_both_wires_carry_a_sql_call_and_its_rows(fake, baseball_data, raw, provider, wire, stream):
    from fake_provider import posts, reply, tool_results

    statement = "SELECT playerID, salary FROM Salaries WHERE yearID = 2016 ORDER BY salary DESC LIMIT 1"
    fake.script(reply("", [("sql", {"sql": statement})]), reply("Clayton Kershaw, 33 million."))
    args = ["ask", "Who was paid most in 2016?", "--provider", provider, "--base-url", fake.base_url(wire), "--json"]
    done = _cli(*args, *([] if stream else ["--no-stream"]), data_dir=baseball_data)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    top_paid = max((r for r in raw("Salaries") if r["yearID"] == "2016"), key=lambda r: n(r["salary"]))
    call = out["calls"][0]
    assert call["name"] == "sql" and call["args"] == {"sql": statement} and not call["error"]
    assert json.loads(call["result"])["rows"] == [[top_paid["playerID"], n(top_paid["salary"])]]
    second = posts(fake)[1]
    assert tool_results(second) == [call["result"]]  # the rows went back to the model as the tool's result
    assert [t["function"]["name"] if wire == "openai" else t["name"] for t in posts(fake)[0]["body"]["tools"]][-1] == "sql"
    assert out["answer"] == "Clayton Kershaw, 33 million."


def test_the_cli_calls_the_tool_on_the_local_file(baseball_data, raw):
    done = _cli("call", "sql", json.dumps({"sql": "SELECT COUNT(*) AS parks FROM Parks"}), data_dir=baseball_data)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"columns": ["parks"], "rows": [[len(raw("Parks"))]]}


def test_first_request_with_every_tool_fits_in_1000_tokens(baseball_data):
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from bench import questions, tokens

    enc = tokens.encoder()
    count = lambda text: len(enc.encode(text))  # noqa: E731
    assert "sql" in tokens.tool_schemas_json()
    worst = max(tokens.first_request(count, tokens.system_prompt(), q)["total"] for q in questions.QUESTIONS)
    assert worst <= 1000, worst
