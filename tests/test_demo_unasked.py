"""Demo mode never answers a question it was not asked (issue 26).

Questions other people wrote about the Lahman database, and more of each kind: an everyday word that is also a
surname ('look', 'pounds', 'bell', 'chance'), a stat read with its direction ("highest ERA" is the worst), a
qualifier or an aggregate that no tool here serves ("left-handed", "from Yale", "each year", "how many players"),
a stat or an award the tools do not know, and awards or a team's history across seasons. Each is either answered as
asked, checked against truths computed from the raw tables (tests/demo_truth.py), or declined honestly (the
answer says it can't) without naming what it would have answered in its place: the namesake, the other end of
the board, the latest class. Declines say what the tools here do not serve, never that the data lacks it.

Same conventions as the rounds of phrasings (test_demo_phrasings*.py): the real loop, demo model, tools and data.
"""

from __future__ import annotations

from collections import defaultdict

import pytest
from conftest_data import baseball_data  # noqa: F401  (a fixture)
from demo_truth import published  # noqa: F401  (an autouse fixture)
from demo_truth import asked, body, case, check, converse, fold, lead, n, one_season, rec, salary, turn, won

# ---------------------------------------------------------------- truths used here


def surnamed(*words):
    """Everyone whose surname (or first name) is one of these everyday words: what a misreading would name."""
    def pieces(t):
        found = [t.name(p) for p, r in t.people.items()
                 if fold(r["nameLast"]) in words or fold(r["nameFirst"]) in words]
        return sorted(set(found))
    return pieces


def leaders_of(stat, season):
    """The season's leaders (all tied at the top): what an answer from the board's best end would name."""
    return lambda t: t.leader(stat, season)[1]


def career_top(stat):
    """The career leader in a counting stat (Batting or Pitching): what a career board would name first."""
    return lambda t: [t.career_leader(stat)[0]]


def most(code):
    """Who won the award in the most seasons, and how many (AwardsPlayers)."""
    def pieces(t):
        counts = t.award_counts(code)
        top = max(counts.values())
        return [f"{top} times", *(t.name(p) for p, c in counts.items() if c == top)]
    return pieces


def career_wins(t):
    """The career wins record as said ('511'): what 'the most manager awards' was answered with."""
    return [f"with {t.career_leader('W')[1]}"]


def career_era_best(t):
    """The three best qualified career ERAs (1,000+ innings, as the tools count): what 'highest ERA' must not get."""
    outs, er = defaultdict(int), defaultdict(int)
    for r in t.raw("Pitching"):
        if r["lgID"] in ("AL", "NL", "AA", "UA", "PL", "FL", "NA"):
            outs[r["playerID"]] += n(r["IPouts"])
            er[r["playerID"]] += n(r["ER"])
    pool = {p: 27 * er[p] / outs[p] for p in outs if outs[p] >= 3000}
    return [t.name(p) for p in sorted(pool, key=pool.get)[:3]]


def latest_class(t):
    """The latest Hall of Fame class (HallOfFame, inducted): what a question without a year must not be given."""
    rows = [r for r in t.raw("HallOfFame") if r["inducted"] == "Y"]
    last = max(int(r["yearID"]) for r in rows)
    return sorted({t.name(r["playerID"]) for r in rows if int(r["yearID"]) == last and r["playerID"] in t.people})


def last_season_of(team_id):
    """'The 2025 Boston Red Sox': the team's latest season, what a question about its history must not be given."""
    return lambda t: [f"{max(y for (y, tid) in t.teams if tid == team_id)} "
                      f"{t.teams[max(y for (y, tid) in t.teams if tid == team_id), team_id]['name']}"]


def both(*parts):
    return lambda t: [p for part in parts for p in part(t)]


NOT_THE_DATA = "The data has no"  # the old, false decline: the database has heights, salaries, attendance...

# ---------------------------------------------------------------- the misreadings the issue names

ISSUE = [
    case("list the players from Yale University", None, forbid=surnamed("yale"), honest=True),
    case("which players weighed more than 220 pounds", None, forbid=surnamed("pounds"), honest=True),
    case("what did the distribution of salaries look like", None, forbid=surnamed("look"), honest=True),
    case("who had the highest ERA ever", None, forbid=career_era_best, honest=True),
    case("who won the most manager awards", None, forbid=career_wins, honest=True),
    case("which player won the most player awards", None, forbid=career_wins, honest=True),
    case("who had the most putouts in 2020", None, forbid=leaders_of("SHO", 2020), honest=True),
    case("what is the best stolen base success rate", None, forbid=career_top("SB"), honest=True),
    case("who had the highest salaries", None, forbid=lambda t: [NOT_THE_DATA], honest=True),
    case("who had the best batting average among players who made the most in salaries in 2010", None,
         forbid=both(leaders_of("AVG", 2010), lambda t: [NOT_THE_DATA]), honest=True),
    case("how many players enter the Hall of Fame each year", None, forbid=latest_class, honest=True),
    case("in which year did the fewest players enter the Hall of Fame", None, forbid=latest_class, honest=True),
    case("who has been inducted into the Hall of Fame", None, forbid=latest_class, honest=True),
    case("how many players are in the hall of fame", None, forbid=latest_class, honest=True),
    case("what is the Red Sox's postseason history", None, forbid=last_season_of("BOS"), honest=True),
    case("what was the attendance of the Yankees in 2010", None, forbid=lambda t: [NOT_THE_DATA], honest=True),
    case("who was the heaviest player ever", None, forbid=lambda t: [NOT_THE_DATA], honest=True),
]

# ---------------------------------------------------------------- everyday words that are also names

EVERYDAY = [
    case("what did the home run leaders look like in 2019", "leaders", lead("HR", 2019), {"stat": "HR"},
         forbid=surnamed("look")),
    case("did the Cubs have a real chance in 2016", "team_season", rec(2016, "CHN"), forbid=surnamed("chance")),
    case("who rang the bell with the most home runs in 2019", "leaders", lead("HR", 2019), forbid=surnamed("bell")),
    case("who led the majors in rbi in 2019 with grace", "leaders", lead("RBI", 2019), forbid=surnamed("grace")),
    case("which pitchers weighed over 250 pounds", None, forbid=surnamed("pounds"), honest=True),
    case("who were the best hitters from Yale", None, forbid=surnamed("yale"), honest=True),
    case("how many players went to Yale", None, forbid=surnamed("yale"), honest=True),
    case("what did the strikeout numbers look like in 2019", "leaders", lead("K", 2019), forbid=surnamed("look")),
    case("who led the majors in hits in 2017 by a wide margin", "leaders", lead("H", 2017),
         forbid=lambda t: ["No, not"]),
    case("who led the nl in home runs in 2019 before the all star break", None, forbid=lambda t: ["No, not"],
         honest=True),
    case("who had the most hits with runners in scoring position in 2019", None, forbid=surnamed("runnels"),
         honest=True),
    # and the same words where the question is plainly about the person
    case("how many home runs did George Bell hit in 1987", "player",
         one_season("George", "Bell", 1987, "HR", "home runs")),
    case("tell me about Cool Papa Bell", "player", lambda t: ["Cool Papa Bell"]),
    case("how many home runs did judge hit in 2022", "player", one_season("Aaron", "Judge", 2022, "HR", "home runs")),
    case("what are trout's career stats", "player", lambda t: ["Mike Trout"]),
]

# ---------------------------------------------------------------- extreme words read with the stat's direction

DIRECTION = [
    case("who had the lowest ERA in 2020", "leaders", lead("ERA", 2020), {"stat": "ERA", "season": 2020}),
    case("who had the best ERA in 2019", "leaders", lead("ERA", 2019), {"stat": "ERA", "season": 2019}),
    case("who had the highest batting average in 2022", "leaders", lead("AVG", 2022), {"stat": "AVG"}),
    case("who had the most home runs in 2022", "leaders", lead("HR", 2022), {"stat": "HR"}),
    case("who had the highest ERA in 2019", None, forbid=leaders_of("ERA", 2019), honest=True),
    case("who had the worst ERA in 2020", None, forbid=leaders_of("ERA", 2020), honest=True),
    case("who had the highest WHIP in 2015", None, forbid=leaders_of("WHIP", 2015), honest=True),
    case("who had the fewest home runs in 2020", None, forbid=leaders_of("HR", 2020), honest=True),
    case("who had the lowest batting average in 2021", None, forbid=leaders_of("AVG", 2021), honest=True),
    case("who had the worst batting average in 2018", None, forbid=leaders_of("AVG", 2018), honest=True),
    case("which pitcher had the fewest strikeouts in 2019", None, forbid=leaders_of("K", 2019), honest=True),
    case("who had the lowest on base percentage in 2017", None, forbid=leaders_of("OBP", 2017), honest=True),
]

# ---------------------------------------------------------------- qualifiers, aggregates, stats the tools lack

UNSERVED = [
    case("who hit the most home runs among left-handed batters", None, forbid=career_top("HR"), honest=True),
    case("who were the left-handed pitchers with the most wins in 1990", None, forbid=leaders_of("W", 1990),
         honest=True),
    case("which switch hitters had the most hits in 2019", None, forbid=leaders_of("H", 2019), honest=True),
    case("who had the most home runs among rookies in 2019", None, forbid=leaders_of("HR", 2019), honest=True),
    case("which catcher hit the most home runs in 2021", None, forbid=leaders_of("HR", 2021), honest=True),
    case("what was the average of home runs per year", None, forbid=career_top("HR"), honest=True),
    case("how many players hit 40 home runs in 2001", None, forbid=leaders_of("HR", 2001), honest=True),
    case("who had the most home runs each year", None, forbid=career_top("HR"), honest=True),
    case("what was the average batting average in 2019", None, forbid=leaders_of("AVG", 2019), honest=True),
    case("how have strikeouts changed over time", None, forbid=career_top("K"), honest=True),
    case("what is the league average ERA in 2015", None, forbid=leaders_of("ERA", 2015), honest=True),
    case("who had the most assists in 2018", None, forbid=leaders_of("SHO", 2018), honest=True),
    case("how many errors did derek jeter make", None, honest=True),
    case("who hit into the most double plays in 2016", None, honest=True),
    case("who had the most at bats in 2019", None, honest=True),
    case("who had the highest strikeout rate in 2019", None, forbid=leaders_of("K", 2019), honest=True),
    case("who had the most career war", None, forbid=career_top("W"), honest=True),
    case("who was born in Cuba and hit the most home runs", None, forbid=career_top("HR"), honest=True),
    case("which players born after 1990 have the most stolen bases", None, forbid=career_top("SB"), honest=True),
    case("who won the most gold glove awards", "awards", most("GG")),
    case("who has won the most MVP awards", "awards", most("MVP")),
    case("how many MVP awards have been given out", None, honest=True),
    case("which manager has the most wins", None, forbid=career_wins, honest=True),
    case("who won the most games as a manager", None, forbid=career_wins, honest=True),
    case("how many home runs were hit in 2001", None, forbid=leaders_of("HR", 2001), honest=True),
    case("which players have hit 500 home runs", None, forbid=career_top("HR"), honest=True),
    case("who had the most walks in a season", None, forbid=career_top("BB"), honest=True),
    case("who hit the most home runs since 2000", None, forbid=leaders_of("HR", 2000), honest=True),
    case("who hit the most home runs in a season before 1920", None, forbid=leaders_of("HR", 1920), honest=True),
    case("which players hit over 50 home runs in 1998", None, forbid=leaders_of("HR", 1998), honest=True),
    case("who had the most hits in the last 10 years", None, forbid=career_top("H"), honest=True),
    case("how many home runs did Aaron Judge hit as a rookie", None, honest=True),
    case("who was the first player to hit 500 home runs", None, forbid=career_top("HR"), honest=True),
    case("who hit the most doubles in 2019 and how many triples did he have", None, honest=True),
    case("which pitcher had the best ERA at home in 2019", None, forbid=leaders_of("ERA", 2019), honest=True),
    case("who had the most RBIs on the road in 2018", None, forbid=leaders_of("RBI", 2018), honest=True),
    case("who hit the most home runs against lefties in 2019", None, forbid=leaders_of("HR", 2019), honest=True),
    case("who did Nolan Ryan strike out the most", None, forbid=career_top("K"), honest=True),  # not his career
    case("who hit the most home runs off Greg Maddux", None, forbid=career_top("HR"), honest=True),
    # what the same words do not stop: one player or one team, the named award
    case("did the yankees win more than 100 games in 1998", "team_season", rec(1998, "NYA")),
    case("who won the AL rookie of the year in 2019", "awards", won("ROY", 2019, "AL")),
    case("who won the MVP in 2020", "awards", both(won("MVP", 2020, "AL"), won("MVP", 2020, "NL"))),
]


@pytest.mark.parametrize("question,tool,args,expect,forbid,honest", ISSUE + EVERYDAY + DIRECTION + UNSERVED)
def test_never_answers_another_question(question, tool, args, expect, forbid, honest):
    check(asked(question), question, tool, args, expect, forbid, honest)


def test_follow_ups_keep_the_guard():
    """A follow-up that adds the other end of a board is declined; one that changes only the year is answered."""
    converse([
        turn("who had the lowest ERA in 2019", "leaders", lead("ERA", 2019), {"stat": "ERA"}),
        turn("and the highest?", None, forbid=leaders_of("ERA", 2019), honest=True),
    ])
    converse([
        turn("who had the lowest ERA in 2019", "leaders", lead("ERA", 2019), {"stat": "ERA"}),
        turn("what about 2021?", "leaders", lead("ERA", 2021), {"stat": "ERA", "season": 2021}),
    ])


# ---------------------------------------------------------------- what the sql tool answers of one player (issue-25's tool)


def college(pid):
    """The schools a player played college baseball at (CollegePlaying, Schools)."""
    def pieces(t):
        ids = {r["schoolID"] for r in t.raw("CollegePlaying") if r["playerID"] == pid}
        return [t.name(pid)] + sorted(r["name_full"] for r in t.raw("Schools") if r["schoolID"] in ids)
    return pieces


SQL = [
    case("how tall was Babe Ruth", "sql", body("ruthba01")),
    case("how much did babe ruth weigh", "sql", body("ruthba01")),
    case("what's randy johnson's height", "sql", body("johnsra05")),
    case("what college did Lou Gehrig go to", "sql", college("gehrilo01")),
    case("where did gerrit cole go to college", "sql", college("colege01")),
    case("how much did Alex Rodriguez earn in 2005", "sql", salary("rodrial01", 2005)),
    case("what was derek jeter's salary in 2010", "sql", salary("jeterde01", 2010)),
    case("what was shohei ohtani's salary in 2024", "sql", salary("ohtansh01", 2024)),
]


@pytest.mark.parametrize("question,tool,args,expect,forbid,honest", SQL)
def test_one_players_bio_and_salary_through_sql(question, tool, args, expect, forbid, honest):
    check(asked(question), question, tool, args, expect, forbid, honest)


def test_sql_follow_ups():
    """'and his weight?', 'what about 2010?': the same player, the same kind, what the follow-up changes."""
    converse([
        turn("how tall was Babe Ruth", "sql", body("ruthba01")),
        turn("and his weight?", "sql", body("ruthba01")),
    ])
    converse([
        turn("how much did Alex Rodriguez make in 2005", "sql", salary("rodrial01", 2005)),
        turn("what about 2010?", "sql", salary("rodrial01", 2010)),
    ])


def test_salary_seasons_are_the_tables():
    """The seasons the demo says salaries cover are the Salaries table's."""
    from baseball.vocab import SALARY_SEASONS
    from demo_truth import truth

    years = [int(r["yearID"]) for r in truth().raw("Salaries")]
    assert SALARY_SEASONS == (min(years), max(years))
