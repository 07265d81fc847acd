"""Demo mode never answers a question it was not asked (issue 26).

Questions other people wrote about the Lahman database, and more of each kind: an everyday word that is also a
surname ('look', 'pounds', 'bell', 'chance'), a stat read with its direction ("highest ERA" is the worst), a
qualifier or an aggregate that no tool here serves ("left-handed", "from Yale", "each year", "how many players"),
a stat or an award the tools do not know, and awards or a team's history across seasons. Each is either answered as
asked, checked against truths computed from the raw tables (tests/demo_truth.py), or declined honestly (the
answer says it can't) without naming what it would have answered in its place: the namesake, the other end of
the board, the latest class. Declines say what the tools here do not serve, never that the data lacks it.

Each phrasing goes through the real loop and is judged by ``demo_truth.check`` (tests/demo_truth.py says how).
"""

from __future__ import annotations

import pytest
from demo_truth import (BASEBALL_ONLY, LAST, NOT_THE_DATA, NO_DECADES, NO_GAMES, ONE_SEASON, PAST_THE_DATA, asked, body,
                        body_extreme, both, career_club, career_era_best, career_top, career_wins, case, check,
                        converse, fewest, last_season_of, last_title, latest_class, lead, leaders_of, most, n,
                        one_season, picked_count, picked_leader, rate_leader, season_rate_best, rec, rookie_best, salary, single_best, span_leader,
                        surnamed, team_total, turn, won)

from baseball.demo import HELP

pytestmark = pytest.mark.usefixtures("published")


NOT_IN_THE_DATA = [
    case("who won the super bowl in 2021", None, lambda t: [BASEBALL_ONLY]),
    case("who won the nba finals in 2023", None, lambda t: [BASEBALL_ONLY]),
    case("who won the stanley cup in 2022", None, lambda t: [BASEBALL_ONLY]),
    case("who won the nfl mvp in 2023", None, lambda t: [BASEBALL_ONLY]),
    case("who won the world cup in 2022", None, lambda t: [BASEBALL_ONLY]),
    case("who won march madness in 2024", None, lambda t: [BASEBALL_ONLY]),
    case("who pitched a no hitter in 2021", None, lambda t: [NO_GAMES]),
    case("who threw a perfect game in 2012", None, lambda t: [NO_GAMES]),
    case("longest hitting streak in 2023", None, lambda t: [NO_GAMES]),
    case("who hit for the cycle in 2023", None, lambda t: [NO_GAMES]),
    case("how many no hitters were thrown in 2024", None, lambda t: [NO_GAMES]),
    case("what was the score of game 7 of the 2016 world series", "season",
         lambda t: ["not single games or their scores", t.series(2016, "WS")[0]]),
    case("what was the final score of the 2024 world series game 5", "season",
         lambda t: ["not single games or their scores", t.series(2024, "WS")[0]]),
    case("who hit the walk off in game 1 of the 2024 world series", "season",
         lambda t: ["not single games or their scores"]),
    case("who hit the most home runs in the 1990s", "sql", span_leader("Batting", "HR", 1990, 1999)),  # since 26e
    case("best hitter of the 80s", "sql", rate_leader("OPS", 1980, 1989, 3000, False)),  # OPS over the decade since 26f
    case("most wins in the nineties", "sql", span_leader("Pitching", "W", 1990, 1999)),  # summed since 26e
    case("how many world series have the dodgers lost", None, lambda t: [ONE_SEASON]),
    case("when did the rangers first win the world series", None, lambda t: [ONE_SEASON]),
    case("when was the last time the cubs won the world series", "sql",  # answered since issue 26's fifth round
         lambda t: [f"last won the World Series in {last_title(t, 'CHC')}"]),
    case("Did the Expos ever make the World Series?", None, lambda t: [ONE_SEASON]),
    case("have the mariners ever been to the world series", None, lambda t: [ONE_SEASON]),
    case("did the rockies ever reach the playoffs", None, lambda t: [ONE_SEASON]),
    case("who has the most home runs in a single season", "sql", single_best("Batting", "HR")),  # since 26f
    case("who will win the world series in 2026", None, lambda t: [PAST_THE_DATA]),
    case("how will the dodgers do in 2026", None, lambda t: [PAST_THE_DATA]),
    case("how did the yankees do in 2026", None, lambda t: [PAST_THE_DATA]),
    case("who won the mvp in 2026", "awards", lambda t: ["2026 is outside", "2025"]),
    case("mets 2027", "team_season", lambda t: ["2027 is outside", "2025"]),
    case("what was shohei ohtani's salary in 2024", "sql", salary("ohtansh01", 2024)),
    case("who won the world series in 2026", (None, "forecast"), lambda t: [PAST_THE_DATA, "no 2026 results"]),
    case("how many rings does derek jeter have", None, lambda t: [ONE_SEASON],
         forbid=lambda t: ["3,465 hits"]),
    case("how much did aaron judge make in 2024", "sql", salary("judgeaa01", 2024)),
    case("how many home runs has the yankees team hit all time", None, lambda t: [ONE_SEASON]),
    case("who is the tallest player ever", "sql", body_extreme("height", True)),  # ranked since 26e
    case("what's the weather in new york", None, lambda t: [HELP], forbid=lambda t: ["Rudy York"]),
]


MORE_NOT_IN_THE_DATA = [
    case("how many touchdowns did patrick mahomes throw in 2023", None, lambda t: [BASEBALL_ONLY]),
    case("who won wimbledon in 2022", None, lambda t: [BASEBALL_ONLY]),
    case("what was the score of the 2023 all star game", None, lambda t: [NO_GAMES]),
    case("who hit a grand slam in the 2024 world series", "season",
         lambda t: ["not single games or their scores", t.series(2024, "WS")[0]]),
    case("most home runs in a single game", None, lambda t: [NO_GAMES]),
    case("which team won the most games in the 2000s", None, lambda t: [NO_DECADES]),
    case("best pitcher of the 2020s", "sql", rate_leader("ERA", 2020, LAST, 1800, True)),  # ERA over them since 26f
    case("who has the most home runs in one season in the 2020s", "sql", single_best("Batting", "HR", 2020, LAST)),
    case("when did cleveland become the guardians", None, lambda t: [ONE_SEASON]),
    case("how tall is aaron judge", "sql", body("judgeaa01")),
    case("how much does aaron judge weigh", "sql", body("judgeaa01")),
    case("what is juan soto's contract", "sql", salary("sotoju01")),
    # ---- once answered wrong (each a defect mended; kept so it stays mended)
    case("who won the world series of poker in 2023", None, lambda t: [BASEBALL_ONLY]),
    case("who won the little league world series in 2023", None, lambda t: [BASEBALL_ONLY],
         forbid=lambda t: [t.series(2023, "WS")[0]]),
    case("who won the college world series in 2024", None, lambda t: [BASEBALL_ONLY],
         forbid=lambda t: [t.series(2024, "WS")[0]]),
    case("who won the 2023 world baseball classic", None, lambda t: [BASEBALL_ONLY]),
    case("how many strikeouts did ohtani have in the wbc", None, lambda t: [BASEBALL_ONLY]),
    case("how many home runs did judge hit in september 2024", (None, "player"), lambda t: [NO_GAMES]),
    case("what time is the yankees game tonight", None, lambda t: [NO_GAMES]),
    case("who will the mets play tomorrow", None, lambda t: [NO_GAMES]),
    case("how many home runs did the dodgers hit from 2021 to 2024", None, lambda t: [ONE_SEASON]),
    case("what year did the guardians change their name", None, lambda t: [ONE_SEASON]),
]


STILL_NOT_IN_THE_DATA = [
    case("who hit the most grand slams in 2023", None, lambda t: [NO_GAMES]),
    case("who had the longest hitting streak in 2024", None, lambda t: [NO_GAMES]),
    case("who won game 5 of the 2024 world series", "season",
         lambda t: ["not single games or their scores", t.series(2024, "WS")[0]]),
    case("who won the kbo in 2024", None, lambda t: [BASEBALL_ONLY]),
    case("how tall is shohei ohtani", "sql", body("ohtansh01")),
    case("who won the mvp in 2026", "awards", lambda t: ["2026 is outside", "2025"]),
    case("how did the yankees do in 2030", "team_season", lambda t: ["2030 is outside", "2025"]),
    case("who won the all star game in 2023", None, lambda t: [NO_GAMES]),
    case("who won the japan series in 2023", None, lambda t: [BASEBALL_ONLY]),
    case("who won the 2024 home run derby", None, forbid=lambda t: ["George Derby"], honest=True),
    case("who was the best bowler in 2023", None, lambda t: [BASEBALL_ONLY], forbid=lambda t: ["Grant Bowler"]),
    case("who's the catcher for the yankees", (None, "team_season"), lambda t: ["position"], honest=True),
    case("who played center field for the yankees in 2024", (None, "team_season"), lambda t: ["position"],
         forbid=lambda t: [t.team(2024, "NYA")["park"]], honest=True),
    case("what was the yankees payroll in 2024", (None, "team_season"), lambda t: ["salar"], honest=True),
    case("what was the attendance at yankee stadium in 2024", "sql",  # the Yankees' home attendance
         lambda t: [f"{n(t.team(2024, 'NYA')['attendance']):,}"]),
    case("how many home runs did the yankees hit in 2022", "sql", team_total(2022, "NYA", "HR")),  # Teams since 26f
    case("what was the braves team batting average in 2023", "sql",  # H / AB of Teams since 26f
         lambda t: [f".{round(1000 * n(t.team(2023, 'ATL')['H']) / n(t.team(2023, 'ATL')['AB']))}"]),
    case("how many home runs did zzyzx hit", None, forbid=lambda t: [t.career_leader("HR")[0]], honest=True),
]


@pytest.mark.parametrize("question,tool,args,expect,forbid,honest", NOT_IN_THE_DATA + MORE_NOT_IN_THE_DATA + STILL_NOT_IN_THE_DATA)
def test_phrasing(question, tool, args, expect, forbid, honest):
    check(asked(question), question, tool, args, expect, forbid, honest)


ISSUE = [
    case("list the players from Yale University", None, forbid=surnamed("yale"), honest=True),
    case("which players weighed more than 220 pounds", None, forbid=surnamed("pounds"), honest=True),
    case("what did the distribution of salaries look like", None, forbid=surnamed("look"), honest=True),
    case("who had the highest ERA ever", "sql", rate_leader("ERA", None, None, 3000, False)),  # since 26f
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
    case("what was the attendance of the Yankees in 2010", "sql", lambda t: [f"{n(t.team(2010, 'NYA')['attendance']):,}"],
         forbid=lambda t: [NOT_THE_DATA]),
    case("who was the heaviest player ever", "sql", body_extreme("weight", True), forbid=lambda t: [NOT_THE_DATA]),
]


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


DIRECTION = [
    case("who had the lowest ERA in 2020", "leaders", lead("ERA", 2020), {"stat": "ERA", "season": 2020}),
    case("who had the best ERA in 2019", "leaders", lead("ERA", 2019), {"stat": "ERA", "season": 2019}),
    case("who had the highest batting average in 2022", "leaders", lead("AVG", 2022), {"stat": "AVG"}),
    case("who had the most home runs in 2022", "leaders", lead("HR", 2022), {"stat": "HR"}),
    # the far end of a rate among the season's qualifiers (the sql tool), since 26f
    case("who had the highest ERA in 2019", "sql", rate_leader("ERA", 2019, 2019, 486, False)),
    case("who had the worst ERA in 2020", "sql", rate_leader("ERA", 2020, 2020, 180, False)),
    case("who had the highest WHIP in 2015", "sql", rate_leader("WHIP", 2015, 2015, 486, False)),
    case("who had the fewest home runs in 2020", "sql", fewest("Batting", "HR", 2020, 186)),  # among qualifiers, 26f
    case("who had the lowest batting average in 2021", "sql", rate_leader("AVG", 2021, 2021, 502, True)),
    # the title's rule by each player's team games (four teams played 163 in 2018): the usual schedule's number said
    case("who had the worst batting average in 2018", "sql", lambda t: season_rate_best("AVG", 2018, lowest=True)(t)
         + ["at least 502 plate appearances (3.1 per game of his team)"]),
    case("which pitcher had the fewest strikeouts in 2019", "sql", fewest("Pitching", "SO", 2019, 486)),
    case("who had the lowest on base percentage in 2017", "sql", rate_leader("OBP", 2017, 2017, 502, True)),
]


def career_line(pid: str):
    """What answering with the player's career would say: his career home runs (Batting)."""
    return lambda t: [f"{sum(n(r['HR']) for r in t.bat[pid]):,} home runs"]


def season_best(season: int):
    """What answering with the season's best record would say (Teams)."""
    return lambda t: [max((r for r in t.raw("Teams") if r["yearID"] == str(season)), key=lambda r: int(r["W"]))["name"]]


def team_summary(season: int, team_id: str):
    """What answering with the team's season would say: its record (Teams)."""
    return lambda t: [t.record(season, team_id)]


# The misreadings issue 26 left open: each answered another question before.
STILL_MISREAD = [
    case("how many home runs did Ruth hit at Yankee Stadium", None, lambda t: ["yankee stadium"],
         forbid=career_line("ruthba01"), honest=True),
    case("how many home runs did Ruth hit at Fenway Park", None, forbid=career_line("ruthba01"), honest=True),
    case("who led the AL in batting average the year Ted Williams hit 406", None, forbid=career_line("willite01"),
         honest=True),
    case("the most wins in 2019 for a team with a losing record", None, forbid=season_best(2019), honest=True),
    case("which teams with a winning record missed the playoffs in 2019", None, forbid=season_best(2019), honest=True),
    case("the most home runs in the bush leagues", None, lambda t: ["Major League Baseball only"],
         forbid=career_top("HR"), honest=True),
    case("the wise old man of the 1990 Reds", None, forbid=team_summary(1990, "CIN"), honest=True),
    case("tell me about Bell", None, lambda t: ["which one you mean", *surnamed_alike("Bell")(t)],
         forbid=career_line("bellja01"), honest=True),
    case("who is martinez", None, lambda t: ["which one you mean", "Pedro Martinez", "Edgar Martinez"],
         honest=True),
    case("tell me about robinson", None, lambda t: ["Brooks Robinson", "Frank Robinson"], honest=True),
]


def surnamed_alike(last: str):
    """Players with that surname among the best known: Cool Papa Bell, Buddy Bell, George Bell (People)."""
    return lambda t: [t.name(p) for p in ("bellco99", "bellbu01", "bellge02")]


UNSERVED = [
    case("who hit the most home runs among left-handed batters", "sql",  # picked out by hand since 26f
         picked_leader("Batting", "HR", hand=("bats", "L"))),
    case("who were the left-handed pitchers with the most wins in 1990", "sql",  # picked out by hand since 26f
         picked_leader("Pitching", "W", hand=("throws", "L"), first=1990, last=1990)),
    case("which switch hitters had the most hits in 2019", "sql",
         picked_leader("Batting", "H", hand=("bats", "B"), first=2019, last=2019)),
    case("who had the most home runs among rookies in 2019", "sql", rookie_best("Batting", "HR", season=2019)),  # 26f
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
    case("who was born in Cuba and hit the most home runs", "sql",
         picked_leader("Batting", "HR", place=("birthCountry", "Cuba"))),
    case("which players born after 1990 have the most stolen bases", None, forbid=career_top("SB"), honest=True),
    # a name picked out, with a mark the name-counting kind does not take in: not the career board it reached
    case("players named brown with 100 home runs", None, forbid=career_top("HR"), honest=True),
    # 'named' is no misspelt player's name (it was read as Nick Ahmed: "No: Nick Ahmed did not win the MVP")
    case("who was named mvp in 1990", "awards", won("MVP", 1990), forbid=lambda t: ["Ahmed", "No:"]),
    case("who won the most gold glove awards", "awards", most("GG")),
    case("who has won the most MVP awards", "awards", most("MVP")),
    case("how many MVP awards have been given out", None, honest=True),
    case("which manager has the most wins", None, forbid=career_wins, honest=True),
    case("who won the most games as a manager", None, forbid=career_wins, honest=True),
    case("how many home runs were hit in 2001", None, forbid=leaders_of("HR", 2001), honest=True),
    case("which players have hit 500 home runs", "sql", career_club("Batting", "HR", 500)),  # counted since 26e
    case("who had the most walks in a season", "sql", single_best("Batting", "BB"),
         forbid=lambda t: [f"{t.bat_total('bondsba01', 'BB'):,}"]),  # one season's, not his career total
    case("who hit the most home runs since 2000", "sql", span_leader("Batting", "HR", 2000, LAST),  # summed since 26e
         forbid=leaders_of("HR", 2000)),
    case("who hit the most home runs in a season before 1920", None, forbid=leaders_of("HR", 1920), honest=True),
    case("which players hit over 50 home runs in 1998", None, forbid=leaders_of("HR", 1998), honest=True),
    case("who had the most hits in the last 10 years", None, forbid=career_top("H"), honest=True),
    case("how many home runs did Aaron Judge hit as a rookie", None, honest=True),
    # read as a season's mark since 26g (none reached 500): said so, never the career board
    case("who was the first player to hit 500 home runs", "sql", lambda t: ["career total"], forbid=career_top("HR"),
         honest=True),
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


# "Who do you mean?" (a player lookup) is never the reply to a ranking of a stat the tools do not know.
WHO = "Who do you mean"
NOT_SERVED = "the tools here"
SQL_MAY = "SQL tool"


def unserved(what: str):
    """A decline that names what is not served and that a model key with the SQL tool may try."""
    return lambda t: [NOT_SERVED, what, SQL_MAY]


UNKNOWN_STATS = [
    case("who had the most grand slams in his career", None, unserved("grand slams"), forbid=lambda t: [WHO],
         honest=True),
    case("who hit the most grand slams ever", None, unserved("grand slams"), forbid=lambda t: [WHO], honest=True),
    case("most cycles in his career", None, unserved("cycle"), forbid=lambda t: [WHO], honest=True),
    case("who hit for the cycle the most times", None, unserved("cycle"), forbid=lambda t: [WHO], honest=True),
    case("who threw the most no-hitters in his career", None, unserved("no-hitters"), forbid=lambda t: [WHO],
         honest=True),
    case("which pitcher has the most no hitters", None, unserved("no-hitters"), forbid=lambda t: [WHO], honest=True),
    case("who has the most ejections", None, unserved("ejections"), forbid=lambda t: [WHO], honest=True),
    case("which manager had the most ejections in his career", None, unserved("ejections"),
         forbid=lambda t: [WHO], honest=True),
    case("who had the most walk-offs in his career", None, unserved("walk-offs"), forbid=lambda t: [WHO],
         honest=True),
    case("most walk off home runs all time", None, unserved("walk-offs"), forbid=lambda t: [WHO, *career_top("HR")(t)],
         honest=True),
    case("who had the most immaculate innings in his career", None, unserved("immaculate innings"),
         forbid=lambda t: [WHO], honest=True),
    case("who had the most putouts in his career", None, unserved("putouts"), forbid=lambda t: [WHO], honest=True),
    case("who had the fewest balks in his career", None, unserved("balks"), forbid=lambda t: [WHO], honest=True),
    case("who had the highest babip in his career", None, unserved("babip"), forbid=lambda t: [WHO], honest=True),
    case("who hit the most inside the park home runs", None, unserved("inside the park"),
         forbid=lambda t: [WHO, *career_top("HR")(t)], honest=True),
    case("who has the most bunt singles in his career", None, unserved("bunt singles"), forbid=lambda t: [WHO],
         honest=True),
    case("which pitcher had the lowest spin rate", None, unserved("spin rate"), forbid=lambda t: [WHO], honest=True),
    case("who had the most pickoffs in his career", None, unserved("pickoffs"), forbid=lambda t: [WHO], honest=True),
]
# A count over seasons, a postseason number, a player found by his number: declined, never the career board.
NOT_THE_BOARD = [
    case("who won the most batting titles", None, lambda t: ["batting titles"], honest=True,
         forbid=lambda t: ["Cy Young", "Ty Cobb"]),
    case("who has the most postseason home runs", None, lambda t: ["postseason"], honest=True,
         forbid=lambda t: ["Barry Bonds"]),
    case("who had the most home runs in the 2004 playoffs", None, lambda t: ["postseason"], honest=True,
         forbid=lambda t: ["Adrian Beltre"]),
    case("who hit 73 home runs", None, lambda t: ["73"], honest=True, forbid=lambda t: ["career record"]),
    # a player's run of games in a row is not in the tables the tools read (Lahman keeps seasons)
    case("tell me about Cal Ripken's streak", None, lambda t: ["in a row"], honest=True,
         forbid=lambda t: ["3,184 hits"]),
    case("how old was hank aaron when he hit his last home run", None, lambda t: ["game by game"], honest=True,
         forbid=lambda t: ["born on"]),
]


# Issue 26's fifth sweep (tests/sweeps/demo26e.txt): each answered with another question's answer, or declined for a
# reason that was not the true one, before.
ROUND_26E = [
    # a team's own name is never spelled into another's: 'the stars' of 1937 are three teams, not the Astros
    case("how did the stars do in 1937", "team_season", lambda t: ["Detroit Stars", "Philadelphia Stars",
                                                                    "St. Louis Stars", "Say which one"],
         forbid=lambda t: ["Astros"]),
    # 'hottest' was spelled into 'shortest' (a height ranking); recent form is game by game
    case("who is the hottest hitter in baseball", None, lambda t: [NO_GAMES], honest=True,
         forbid=lambda t: ["height"]),
    # the day a record fell is a game's, not his career line
    case("when did hank aaron break the home run record", None, lambda t: [NO_GAMES], honest=True,
         forbid=lambda t: ["755"]),
    # a count of seasons past a mark is not the career board
    case("which player has the most 30 home run seasons", None, honest=True, forbid=career_top("HR")),
    case("which pitchers won 20 games for the yankees in 1978", None, honest=True,
         forbid=lambda t: [t.record(1978, "NYA")]),
    # 'who holds' is a verb, not the relievers' holds: the single-season record's decline
    case("who holds the single season hits record", "sql", single_best("Batting", "H"),
         forbid=lambda t: ['"holds"']),  # the best single seasons since 26f
    # a place players come from: a filter the tools do not serve (not the help text)
    case("players from california", "sql", picked_count(("birthState", "CA"))),  # People's birthState since 26f
]


@pytest.mark.parametrize("question,tool,args,expect,forbid,honest", ISSUE + EVERYDAY + DIRECTION + UNSERVED
                         + STILL_MISREAD + UNKNOWN_STATS + NOT_THE_BOARD + ROUND_26E)
def test_never_answers_another_question(question, tool, args, expect, forbid, honest):
    check(asked(question), question, tool, args, expect, forbid, honest)


def test_follow_ups_keep_the_guard():
    """A follow-up that adds the other end of a board is declined; one that changes only the year is answered."""
    converse([
        turn("who had the lowest ERA in 2019", "leaders", lead("ERA", 2019), {"stat": "ERA"}),
        turn("and the highest?", ("sql", None), forbid=leaders_of("ERA", 2019)),  # the far end (sql) since 26f
    ])
    converse([
        turn("who had the lowest ERA in 2019", "leaders", lead("ERA", 2019), {"stat": "ERA"}),
        turn("what about 2021?", "leaders", lead("ERA", 2021), {"stat": "ERA", "season": 2021}),
    ])


@pytest.mark.parametrize("question,team", [("homestead grays home runs", "Homestead Grays"),
                                           ("expos stolen bases", "Washington Nationals")])
def test_a_team_totals_decline_suggests_a_season_the_team_played(question, team):
    """The decline of a team's total over its seasons offers one season's total, for a season that team played
    (it offered 'how many batting average did the Stars have in 2021?', a team gone long before, in broken
    English), and the offer is answered."""
    declined = asked(question)
    assert declined["calls"] == [] and "don't total a team over its seasons" in declined["answer"]
    offer = declined["answer"].split('Try "')[1].rstrip('"')
    answered = asked(offer)
    assert answered["calls"] and team in answered["answer"], (offer, answered["answer"])
