"""Demo mode holds a conversation: follow-ups, pronouns, relative years, "what about X", in the loop and the CLI.

Each conversation is asked turn by turn through the real loop (``run_turn`` with one ``history``
list, the real demo model, the real tools and the published data), as a visitor would in the
page; every answer is checked against facts computed from the raw Lahman tables
(tests/demo_truth.py), and the tool and arguments where they matter. The same conversations go
through the terminal (``python -m agent_py chat --demo --json``, questions on stdin) as a process.

Two rounds of them: the first (issue 10's) follows a team and a player through the years; the second asks for
relative years ('the previous season', 'three years earlier'), pronouns for the last answer's player or team (a
leader, an award winner, a champion, a team's best hitter), fragments that change one thing ('same for the nl',
'now do rbi', 'and at catcher'), tours of a division, comparisons of the last two players, a topic switched and
switched back, and a decline in the middle of a conversation.
"""

from __future__ import annotations

import pytest
from demo_truth import (LAST, ask, bat, body_extreme, beaten_by, best_that_season, chat, cli_session, converse, converse_in_cli, convo,
                        era, lead, managed, managers, more, pit, rec, said_date, says, tool_of, truth, turn, went, won,
                        ws, n)

from baseball.demo import HELP

pytestmark = pytest.mark.usefixtures("published")


# ---------------------------------------------------------------- conversations the demo holds

CONVERSATIONS = [
    convo("issue 10: red sox 1986, the year after, who managed them, the year before, two years later", [
        turn("How did the Red Sox do in 1986?", "team_season", rec(1986, "BOS"), {"season": 1986}),
        turn("and the year after?", "team_season", rec(1987, "BOS"), {"season": 1987}),
        turn("who managed them?", "team_season", managed(1987, "BOS"), {"season": 1987}),
        turn("what about the year before", "team_season", rec(1986, "BOS"), {"season": 1986}),
        turn("two years later?", "team_season", lambda t: [t.record(1988, "BOS"), *t.managers(1988, "BOS")]),
    ]),
    convo("issue 10: pete rose, his hits in 1973, the next season", [
        turn("Tell me about Pete Rose", "player", bat("rosepe01", "H", "hits")),
        turn("how many hits did he have in 1973?", "player", bat("rosepe01", "H", "hits", 1973),
             {"name": "Pete Rose", "season": 1973}),
        turn("and the next season?", "player", bat("rosepe01", "H", "hits", 1974), {"season": 1974}),
    ]),
    convo("issue 10: mets 1986, who managed them, 1987, the yankees", [
        turn("How did the Mets do in 1986?", "team_season", rec(1986, "NYN")),
        turn("who managed them?", "team_season", managed(1986, "NYN")),
        turn("and in 1987", "team_season", rec(1987, "NYN")),
        turn("what about the yankees", "team_season", rec(1987, "NYA")),
    ]),
    convo("issue 10: world series 2016, the year before, the cubs that year", [
        turn("who won the world series in 2016", "season", ws(2016)),
        turn("and the year before?", "season", ws(2015), {"season": 2015}),
        turn("how did the cubs do that year", "team_season", rec(2015, "CHN")),
    ]),
    convo("leaders: al home runs 2022, the nl, rbi, 2023, batting average, the year before", [
        turn("who led the al in home runs in 2022", "leaders", lead("HR", 2022, "AL")),
        turn("what about the nl", "leaders", lead("HR", 2022, "NL"), {"league": "NL"}),
        turn("and rbi?", "leaders", lead("RBI", 2022, "NL"), {"stat": "RBI"}),
        turn("how about 2023", "leaders", lead("RBI", 2023, "NL"), {"season": 2023}),
        turn("what about batting average", "leaders", lead("AVG", 2023, "NL"), {"stat": "AVG"}),
        turn("and the year before", "leaders", lead("AVG", 2022, "NL"), {"season": 2022}),
    ]),
    convo("a player, his home runs in 2019, what about his teammate", [
        turn("tell me about mike trout", "player", bat("troutmi01", "HR", "home runs")),
        turn("how many home runs did he hit in 2019", "player", bat("troutmi01", "HR", "home runs", 2019)),
        turn("what about his teammate shohei ohtani", "player", bat("ohtansh01", "HR", "home runs", 2019)),
    ]),
    convo("yankees 2024, and the dodgers, their best hitter, the year before", [
        turn("how did the yankees do in 2024", "team_season", rec(2024, "NYA")),
        turn("and the dodgers?", "team_season", rec(2024, "LAN")),
        turn("who was their best hitter", "team_season", lambda t: [t.best_hitter(2024, "LAN"), "2024"]),
        turn("how about the year before", "team_season", lambda t: [t.record(2023, "LAN")]),
    ]),
    convo("awards: al mvp 2023, and the nl, the year after", [
        turn("who won the al mvp in 2023", "awards", lambda t: t.award("MVP", 2023, "AL")),
        turn("and the nl?", "awards", lambda t: t.award("MVP", 2023, "NL"), {"league": "NL"}),
        turn("what about the year after", "awards", lambda t: t.award("MVP", 2024, "NL"), {"season": 2024}),
    ]),
    convo("awards: nl cy young 2022, the al, the year after", [
        turn("who won the nl cy young in 2022", "awards", lambda t: t.award("CYA", 2022, "NL")),
        turn("what about the al", "awards", lambda t: t.award("CYA", 2022, "AL")),
        turn("and the year after", "awards", lambda t: t.award("CYA", 2023, "AL")),
    ]),
    convo("judge 2022, the year after, his career", [
        turn("how many home runs did aaron judge hit in 2022", "player", bat("judgeaa01", "HR", "home runs", 2022)),
        turn("and the year after", "player", bat("judgeaa01", "HR", "home runs", 2023)),
        turn("what about his career", "player", bat("judgeaa01", "HR", "home runs"), {"name": "Aaron Judge"}),
    ]),
    convo("namesakes by name: pedro martinez, frank thomas, big papi", [
        turn("tell me about pedro martinez", "player",
             lambda t: [f"{t.pit_total('martipe02', 'SO'):,} strikeouts", "also in the data"]),
        turn("what about frank thomas", "player",
             lambda t: [f"{t.bat_total('thomafr04', 'HR'):,} home runs", "also in the data"]),
        turn("and big papi", "player", bat("ortizda01", "HR", "home runs")),
    ]),
    convo("ken griffey jr, then sr", [
        turn("tell me about ken griffey jr", "player", bat("griffke02", "HR", "home runs")),
        turn("what about ken griffey sr", "player", bat("griffke01", "HR", "home runs")),
    ]),
    convo("yankees 1998: 1999, the next season, two years later, the manager, the mets, their best hitter", [
        turn("how did the yankees do in 1998", "team_season", rec(1998, "NYA")),
        turn("what about 1999", "team_season", rec(1999, "NYA")),
        turn("the next season?", "team_season", rec(2000, "NYA")),
        turn("and two years later", "team_season", rec(2002, "NYA")),
        turn("who managed them that year", "team_season", managed(2002, "NYA")),
        turn("what about the mets", "team_season", managed(2002, "NYN")),
        turn("who was their best hitter", "team_season", lambda t: [t.best_hitter(2002, "NYN"), "2002"]),
    ]),
    convo("world series 1986, the year after, the year before that, 1988", [
        turn("who won the world series in 1986", "season", ws(1986)),
        turn("and the year after", "season", ws(1987)),
        turn("who won it the year before that", "season", ws(1986)),
        turn("what about 1988", "season", ws(1988)),
    ]),
    convo("cubs 2016, the manager, the red sox, same year, 2018, their manager", [
        turn("how did the cubs do in 2016", "team_season", rec(2016, "CHN")),
        turn("who managed them", "team_season", managed(2016, "CHN")),
        turn("what about the red sox", "team_season", managed(2016, "BOS")),
        turn("same year?", "team_season", managed(2016, "BOS")),
        turn("and in 2018", "team_season", managed(2018, "BOS")),
        turn("who was their manager", "team_season", managed(2018, "BOS")),
    ]),
    convo("bonds 2001, 2002, his home runs in 2004, his career, hank aaron, babe ruth", [
        turn("barry bonds 2001", "player", bat("bondsba01", "HR", "home runs", 2001)),
        turn("and 2002", "player", bat("bondsba01", "HR", "home runs", 2002)),
        turn("what about his home runs in 2004", "player", bat("bondsba01", "HR", "home runs", 2004)),
        turn("and his career", "player", bat("bondsba01", "HR", "home runs")),
        turn("what about hank aaron", "player", bat("aaronha01", "HR", "home runs")),
        turn("and babe ruth", "player", bat("ruthba01", "HR", "home runs")),
    ]),
    convo("nl home runs 1998, the al, 1999, the world series that year", [
        turn("who led the nl in home runs in 1998", "leaders", lead("HR", 1998, "NL")),
        turn("what about the al", "leaders", lead("HR", 1998, "AL")),
        turn("and in 1999", "leaders", lead("HR", 1999, "AL")),
        turn("who won the world series that year", "season", ws(1999)),
    ]),
    convo("astros 2022: did they win it, who they beat, their manager, 2021, 2023", [
        turn("how did the astros do in 2022", "team_season", rec(2022, "HOU")),
        turn("did they win the world series", "team_season", lambda t: [t.postseason(2022, "HOU")]),
        turn("who did they beat", "team_season",
             lambda t: [t.series(2022, "ALCS")[1], t.series(2022, "WS")[1]]),
        turn("who was their manager", "team_season", managed(2022, "HOU")),
        turn("how about 2021", "team_season", managed(2021, "HOU")),
        turn("and 2023", "team_season", managed(2023, "HOU")),
    ]),
    convo("orioles 2023, 2024, their manager, their best hitter, the phillies", [
        turn("how did the orioles do in 2023", "team_season", rec(2023, "BAL")),
        turn("what about 2024", "team_season", rec(2024, "BAL")),
        turn("who was their manager", "team_season", managed(2024, "BAL")),
        turn("and their best hitter", "team_season", lambda t: [t.best_hitter(2024, "BAL"), "2024"]),
        turn("what about the phillies", "team_season", lambda t: [t.record(2024, "PHI")]),
    ]),
    convo("trout 2022: rbi, stolen bases, 2023, how old he was then", [
        turn("how many home runs did mike trout hit in 2022", "player", bat("troutmi01", "HR", "home runs", 2022)),
        turn("and rbi?", "player", bat("troutmi01", "RBI", "RBI", 2022)),
        turn("what about stolen bases", "player", bat("troutmi01", "SB", "stolen base", 2022)),
        turn("and in 2023", "player", bat("troutmi01", "SB", "stolen bases", 2023)),
        turn("how old was he then", "player", lambda t: [f"{t.age('troutmi01', 2023)} in the 2023 season"]),
    ]),
    convo("dodgers 2020: best player, manager, the next year, the playoffs", [
        turn("how did the dodgers do in 2020", "team_season", rec(2020, "LAN")),
        turn("who was their best player", "team_season", lambda t: ["2020", t.best_hitter(2020, "LAN")]),
        turn("and who managed them", "team_season", managed(2020, "LAN")),
        turn("how about the next year", "team_season", rec(2021, "LAN")),
        turn("did they make the playoffs", "team_season", lambda t: [t.postseason(2021, "LAN")]),
    ]),
    convo("juan soto: his career, 2024, 2021", [
        turn("tell me about juan soto", "player", bat("sotoju01", "HR", "home runs")),
        turn("and in 2024", "player", bat("sotoju01", "HR", "home runs", 2024)),
        turn("what about 2021", "player", bat("sotoju01", "HR", "home runs", 2021)),
    ]),
    convo("new full questions after follow-ups are read on their own", [
        turn("how did the yankees do in 1961", "team_season", rec(1961, "NYA")),
        turn("who led the league in home runs in 1961", "leaders", lead("HR", 1961)),
        turn("who won the world series in 2004", "season", ws(2004)),
        turn("how many home runs did babe ruth hit", "player", bat("ruthba01", "HR", "home runs")),
        turn("who won the al mvp in 1961", "awards", lambda t: t.award("MVP", 1961, "AL")),
        turn("how did the red sox do in 2004", "team_season", rec(2004, "BOS")),
    ]),
    convo("a player, a world series, the team that year", [
        turn("tell me about barry bonds", "player", bat("bondsba01", "HR", "home runs")),
        turn("who won the world series in 2010", "season", ws(2010)),
        turn("how did the giants do that year", "team_season", rec(2010, "SFN")),
    ]),
    convo("world series 2019, two teams, the projection in between, a manager", [
        turn("who won the world series in 2019", "season", ws(2019)),
        turn("how did the nationals do in 2019", "team_season", rec(2019, "WAS")),
        turn("best bat for 2026", "forecast", lambda t: ["2026", "projection"]),
        turn("how did the astros do in 2019", "team_season", rec(2019, "HOU")),
        turn("who managed them", "team_season", managed(2019, "HOU")),
    ]),
    convo("a world series year: the twins that year, the home run leader then", [
        turn("who won the world series in 1987", "season", ws(1987)),
        turn("how did the twins do that year", "team_season", rec(1987, "MIN")),
    ]),
    convo("world series 2023, the year after", [
        turn("who won the world series in 2023", "season", ws(2023)),
        turn("what about the year after", "season", ws(2024)),
    ]),
    convo("2022 leaders, then a new team question in 2024 words", [
        turn("who led the nl in strikeouts in 2024", "leaders", lead("K", 2024, "NL")),
        turn("and the al", "leaders", lead("K", 2024, "AL")),
        turn("how did the tigers do that year", "team_season", rec(2024, "DET")),
    ]),
    convo("spoken years across a conversation", [
        turn("how did the braves do in twenty twenty one", "team_season", rec(2021, "ATL")),
        turn("and in twenty twenty two", "team_season", rec(2022, "ATL")),
        turn("what about nineteen ninety five", "team_season", rec(1995, "ATL")),
    ]),
    convo("leaders, then 'how about' two players in that season", [
        turn("who led the al in home runs in 2022", "leaders", lead("HR", 2022, "AL")),
        turn("how about mike trout", "player", bat("troutmi01", "HR", "home runs", 2022), {"season": 2022}),
        turn("and shohei ohtani", "player", bat("ohtansh01", "HR", "home runs", 2022), {"season": 2022}),
    ]),
    convo("world series 2022, what about the nl pennant", [
        turn("who won the world series in 2022", "season", ws(2022)),
        turn("what about the nl pennant", "season", lambda t: [t.pennant(2022, "NL")]),
    ]),
    convo("rookies: al 2023, the nl, 2024", [
        turn("who won the al rookie of the year in 2023", "awards", lambda t: t.award("ROY", 2023, "AL")),
        turn("and the nl", "awards", lambda t: t.award("ROY", 2023, "NL")),
        turn("what about 2024", "awards", lambda t: t.award("ROY", 2024, "NL")),
    ]),
    convo("a 2025 team, then its 2026 projections", [
        turn("how did the dodgers do in 2025", "team_season", rec(2025, "LAN")),
        turn("what about their 2026 projections", "forecast", lambda t: ["Los Angeles Dodgers", "2026"]),
    ]),
    convo("stolen base leaders: nl 2023, the al, 2024", [
        turn("who led the nl in stolen bases in 2023", "leaders", lead("SB", 2023, "NL")),
        turn("and the al", "leaders", lead("SB", 2023, "AL")),
        turn("and 2024", "leaders", lead("SB", 2024, "AL")),
    ]),
    convo("a bio by follow-ups: born, died, teams", [
        turn("tell me about roberto clemente", "player", bat("clemero01", "H", "hits")),
        turn("where was he born", "player", lambda t: [said_date(t, "clemero01", "birth"),
                                                       t.people["clemero01"]["birthCity"]]),
        turn("when did he die", "player", lambda t: [said_date(t, "clemero01", "death")]),
        turn("what teams did he play for", "player", lambda t: sorted(t.team_names_of("clemero01"))),
    ]),
    convo("world series 2024, the year after, and the year after that", [
        turn("who won the world series in 2024", "season", ws(2024)),
        turn("what about the year after", "season", ws(2025)),
        turn("and the year after that", (None, "forecast"), lambda t: ["ends with the 2025 season", "no 2026 results"]),
    ]),
    # ------------------------------------------------------------ once wrong, one mended defect each
    convo("a bio question, then 'was he an all star in 1971'", [
        turn("tell me about roberto clemente", "player", bat("clemero01", "H", "hits")),
        turn("where was he born", "player", lambda t: [t.people["clemero01"]["birthCity"]]),
        turn("was he an all star in 1971", "player",
             lambda t: ["was an All-Star in 1971" if any(r["playerID"] == "clemero01" and r["yearID"] == "1971"
                                                         for r in t.raw("AllstarFull")) else "not an All-Star"]),
    ]),
    convo("a season in the conversation, then 'is he in the hall of fame'", [
        turn("tell me about roberto clemente", "player", bat("clemero01", "H", "hits")),
        turn("how many hits did he have in 1971", "player", bat("clemero01", "H", "hits", 1971)),
        turn("is he in the hall of fame", "player",
             lambda t: [f"elected to the Hall of Fame in {t.inducted('clemero01')}"]),
    ]),
    convo("a season in the conversation, then 'when did he retire'", [
        turn("tell me about roberto clemente", "player", bat("clemero01", "H", "hits")),
        turn("how many hits did he have in 1971", "player", bat("clemero01", "H", "hits", 1971)),
        turn("when did he retire", "player",
             lambda t: [str(max(int(r["yearID"]) for r in t.bat["clemero01"]))]),
    ]),
    convo("a two-way player's season, then 'did he pitch that year'", [
        turn("how many home runs did shohei ohtani hit in 2021", "player",
             bat("ohtansh01", "HR", "home runs", 2021)),
        turn("did he pitch that year", "player",
             lambda t: [t.era("ohtansh01", 2021), f"{t.pit_total('ohtansh01', 'SO', 2021)} strikeouts"]),
    ]),
    convo("a two-way player's season, then 'what about his pitching'", [
        turn("how about shohei ohtani in 2022", "player", bat("ohtansh01", "HR", "home runs", 2022)),
        turn("what about his pitching", "player",
             lambda t: [t.era("ohtansh01", 2022), f"{t.pit_total('ohtansh01', 'SO', 2022)} strikeouts"]),
    ]),
    convo("world series 2022, the nl pennant, then 'and the alcs'", [
        turn("who won the world series in 2022", "season", ws(2022)),
        turn("what about the nl pennant", "season", lambda t: [t.pennant(2022, "NL")]),
        turn("and the alcs", "season", lambda t: list(t.series(2022, "ALCS")[:2])),
    ]),
    convo("a player, then 'did he win the world series mvp in 2024'", [
        turn("tell me about freddie freeman", "player", bat("freemfr01", "H", "hits")),
        turn("did he win the world series mvp in 2024", ("awards", "player"),
             lambda t: ["Freddie Freeman", "World Series MVP", "2024"], forbid=lambda t: ["did not win"]),
    ]),
    convo("stolen base leaders, then 'who was the mvp that year'", [
        turn("who led the al in stolen bases in 2024", "leaders", lead("SB", 2024, "AL")),
        turn("who was the mvp that year", "awards", lambda t: t.award("MVP", 2024, "AL")),
    ]),
    convo("a 2023 team, then 'who led the majors in home runs that year'", [
        turn("how did the braves do in 2023", "team_season", rec(2023, "ATL")),
        turn("who led the majors in home runs that year", "leaders", lead("HR", 2023)),
    ]),
    convo("after a season line, 'what teams did he play for' names his teams", [
        turn("Tell me about Pete Rose", "player", bat("rosepe01", "H", "hits")),
        turn("how many hits did he have in 1973?", "player", bat("rosepe01", "H", "hits", 1973)),
        turn("what teams did he play for", "player",
             lambda t: sorted({"Cincinnati Reds", "Philadelphia Phillies", "Montreal Expos"} & t.team_names_of("rosepe01"))),
    ]),
    convo("after a season line, 'which team did he play for that year' names the team", [
        turn("tell me about juan soto", "player", bat("sotoju01", "HR", "home runs")),
        turn("what about 2021", "player", bat("sotoju01", "HR", "home runs", 2021)),
        turn("which team did he play for that year", "player", lambda t: ["Washington Nationals"]),
    ]),
    convo("a teammate named in a season, then 'is he in the hall of fame'", [
        turn("how many home runs did mike trout hit in 2019", "player", bat("troutmi01", "HR", "home runs", 2019)),
        turn("what about shohei ohtani", "player", bat("ohtansh01", "HR", "home runs", 2019)),
        turn("is he in the hall of fame", "player", lambda t: ["Shohei Ohtani", "Hall of Fame"], {"name": "Shohei Ohtani"}),
    ]),
    convo("a season line, then 'did he win the mvp that year'", [
        turn("how many home runs did aaron judge hit in 2022", "player", bat("judgeaa01", "HR", "home runs", 2022)),
        turn("did he win the mvp that year", ("awards", "player"), lambda t: ["Aaron Judge", "MVP", "2022"],
             forbid=lambda t: ["did not win", "never won"]),
    ]),
    convo("awards: mvp, the nl, the year after, and the cy young", [
        turn("who won the al mvp in 2023", "awards", lambda t: t.award("MVP", 2023, "AL")),
        turn("and the nl?", "awards", lambda t: t.award("MVP", 2023, "NL")),
        turn("what about the year after", "awards", lambda t: t.award("MVP", 2024, "NL")),
        turn("and the cy young?", "awards", lambda t: t.award("CYA", 2024, "NL"), {"award": "Cy Young"}),
    ]),
    convo("awards: cy young, the al, the year after, and the mvp", [
        turn("who won the nl cy young in 2022", "awards", lambda t: t.award("CYA", 2022, "NL")),
        turn("what about the al", "awards", lambda t: t.award("CYA", 2022, "AL")),
        turn("and the year after", "awards", lambda t: t.award("CYA", 2023, "AL")),
        turn("and the mvp", "awards", lambda t: t.award("MVP", 2023, "AL"), {"award": "MVP"}),
    ]),
    convo("a team's season, then 'who won the nl mvp that year'", [
        turn("how did the giants do in 2010", "team_season", rec(2010, "SFN")),
        turn("who won the nl mvp that year", "awards", lambda t: t.award("MVP", 2010, "NL")),
    ]),
    convo("world series 2015, then 'who did they beat'", [
        turn("who won the world series in 2015", "season", ws(2015)),
        turn("who did they beat", ("team_season", "season"),
             lambda t: [t.series(2015, "ALCS")[1], t.series(2015, "WS")[1]]),
    ]),
    convo("world series 2023, then 'who did they beat in the alcs'", [
        turn("who won the world series in 2023", "season", ws(2023)),
        turn("who did they beat in the alcs", ("team_season", "season"), lambda t: [t.series(2023, "ALCS")[1]]),
    ]),
    convo("world series 2024, then 'who did they beat in the nlcs'", [
        turn("who won the world series in 2024", "season", ws(2024)),
        turn("who did they beat in the nlcs", ("team_season", "season"), lambda t: [t.series(2024, "NLCS")[1]]),
    ]),
    convo("world series 2024, then 'what was their record'", [
        turn("who won the world series in 2024", "season", ws(2024)),
        turn("what was their record", "team_season", rec(2024, "LAN")),
    ]),
    convo("world series 2023, then 'who managed them'", [
        turn("who won the world series in 2023", "season", ws(2023)),
        turn("who managed them", "team_season", managed(2023, "TEX")),
    ]),
    convo("world series 2016, then 'who was their best hitter'", [
        turn("who won the world series in 2016", "season", ws(2016)),
        turn("who was their best hitter", "team_season", lambda t: ["2016", "Chicago Cubs", t.best_hitter(2016, "CHN")],
             forbid=lambda t: ["projection"]),
    ]),
    convo("world series 2023, then 'how did they do the next year'", [
        turn("who won the world series in 2023", "season", ws(2023)),
        turn("how did they do the next year", "team_season", rec(2024, "TEX"), forbid=lambda t: ["projection"]),
    ]),
    convo("yankees 2024, the dodgers, best hitter, the year before, who won the world series that year", [
        turn("how did the yankees do in 2024", "team_season", rec(2024, "NYA")),
        turn("and the dodgers?", "team_season", rec(2024, "LAN")),
        turn("how about the year before", "team_season", rec(2023, "LAN")),
        turn("who won the world series that year", "season", ws(2023)),
    ]),
    convo("a world series, then 'who managed the winners'", [
        turn("who won the world series in 1999", "season", ws(1999)),
        turn("who managed the winners", "team_season", managed(1999, "NYA")),
    ]),
    convo("a team's season, then 'who led the league in homers then'", [
        turn("who won the world series in 1987", "season", ws(1987)),
        turn("how did the twins do that year", "team_season", rec(1987, "MIN")),
        turn("who led the league in homers then", "leaders", lead("HR", 1987)),
    ]),
    convo("a player's season, then 'who led the nl in home runs that year'", [
        turn("how many home runs did aaron judge hit in 2024", "player", bat("judgeaa01", "HR", "home runs", 2024)),
        turn("who led the nl in home runs that year", "leaders", lead("HR", 2024, "NL")),
    ]),
    convo("two players' 1927 seasons, then 'who won the world series that year'", [
        turn("how many home runs did babe ruth hit in 1927", "player", bat("ruthba01", "HR", "home runs", 1927)),
        turn("and lou gehrig", "player", bat("gehrilo01", "HR", "home runs", 1927)),
        turn("who won the world series that year", "season", ws(1927)),
    ]),
    convo("a team season, then 'how many home runs did judge hit that year'", [
        turn("how did the yankees do in 2022", "team_season", rec(2022, "NYA")),
        turn("how many home runs did judge hit that year", "player", bat("judgeaa01", "HR", "home runs", 2022)),
    ]),
    convo("the home run leader, then 'how many hits did he have that year'", [
        turn("who led the al in home runs in 2022", "leaders", lead("HR", 2022, "AL")),
        turn("how many hits did he have that year", "player", bat("judgeaa01", "H", "hits", 2022)),
    ]),
    convo("the home run leader, then 'tell me about him'", [
        turn("who led the al in home runs in 2022", "leaders", lead("HR", 2022, "AL")),
        turn("tell me about him", "player", bat("judgeaa01", "HR", "home runs")),
    ]),
    convo("the 2001 home run leader, then 'what was his batting average that year'", [
        turn("who hit the most home runs in 2001", "leaders", lead("HR", 2001)),
        turn("what was his batting average that year", "player",
             lambda t: ["Barry Bonds", f"{t.avg('bondsba01', 2001)} batting average"]),
    ]),
    convo("an mvp, then 'how many home runs did he hit that year'", [
        turn("who won the nl mvp in 2024", "awards", lambda t: t.award("MVP", 2024, "NL")),
        turn("how many home runs did he hit that year", "player", bat("ohtansh01", "HR", "home runs", 2024)),
    ]),
    convo("a cy young, then 'how many strikeouts did he have that year'", [
        turn("who won the al cy young in 2024", "awards", lambda t: t.award("CYA", 2024, "AL")),
        turn("how many strikeouts did he have that year", "player",
             lambda t: ["Tarik Skubal", f"{t.pit_total('skubata01', 'SO', 2024)} strikeouts"]),
    ]),
    convo("two players, then 'who had more hits'", [
        turn("tell me about derek jeter", "player", bat("jeterde01", "H", "hits")),
        turn("what about a-rod", "player", bat("rodrial01", "H", "hits")),
        turn("who had more hits", "player",
             lambda t: [f"{t.bat_total('jeterde01', 'H'):,} hits", f"{t.bat_total('rodrial01', 'H'):,} hits",
                        "So Derek Jeter had more hits"]),
    ]),
    convo("griffey jr and sr, then 'who had more home runs'", [
        turn("tell me about ken griffey jr", "player", bat("griffke02", "HR", "home runs")),
        turn("what about ken griffey sr", "player", bat("griffke01", "HR", "home runs")),
        turn("who had more home runs", "player", lambda t: ["So Ken Griffey Jr. had more home runs"]),
    ]),
    convo("a player, then 'tell me a joke'", [
        turn("shohei ohtani 2024", "player", bat("ohtansh01", "HR", "home runs", 2024)),
        turn("tell me a joke", None, lambda t: [HELP]),
    ]),
    convo("a player, then 'who is the tallest player ever'", [
        turn("tell me about mike trout", "player", bat("troutmi01", "HR", "home runs")),
        turn("who is the tallest player ever", "sql", body_extreme("height", True), forbid=lambda t: ["Mike Trout"]),
    ]),
    convo("a player, then 'who won the 2024 presidential election'", [
        turn("tell me about mike trout", "player", bat("troutmi01", "HR", "home runs")),
        turn("who won the 2024 presidential election", None, lambda t: [HELP], forbid=lambda t: ["Mike Trout"]),
    ]),
    convo("'he' with no one to point at", [
        turn("how many home runs did he hit", None, forbid=lambda t: list(t.career_leader("HR"))),
    ]),
    convo("'them' with no one to point at", [
        turn("who managed them", None),
    ]),
]


MORE_CONVERSATIONS = [
    convo("ken griffey jr, then his dad: the father, Ken Griffey Sr.", [
        turn("tell me about ken griffey jr", "player", lambda t: ["Ken Griffey Jr."]),
        turn("what about his dad", "player",
             lambda t: ["Ken Griffey Sr.", f"{t.bat_total('griffke01', 'HR'):,} home runs"],
             forbid=lambda t: [f"{t.bat_total('griffke02', 'HR'):,} home runs"]),
    ]),
    convo("a son's season, then his father: the father's career, not that season", [
        turn("vlad guerrero jr home runs 2024", "player", lambda t: [f"{t.bat_total('guerrvl02', 'HR', 2024)} home runs"]),
        turn("what about his father", "player", lambda t: [f"{t.bat_total('guerrvl01', 'HR'):,} home runs"],
             forbid=lambda t: ["did not play"]),
    ]),
    convo("a brother the tools cannot find: an honest decline, not the same player again", [
        turn("tell me about joe dimaggio", "player", lambda t: ["Joe DiMaggio"]),
        turn("and his brother dom", None, lambda t: ["family"], honest=True,
             forbid=lambda t: [f"{t.bat_total('dimagjo01', 'HR'):,} home runs"]),
    ]),
    convo("a father the tools cannot find: an honest decline", [
        turn("tell me about derek jeter", "player", lambda t: ["Derek Jeter"]),
        turn("what about his dad", None, lambda t: ["family"], honest=True,
             forbid=lambda t: [f"{t.bat_total('jeterde01', 'H'):,} hits"]),
    ]),
    convo("guardians 2022, the year before (still the Indians), their managers, 2024, their best hitter", [
        turn("how did the guardians do in 2022", "team_season", rec(2022, "CLE")),
        turn("and the year before", "team_season", lambda t: [t.record(2021, "CLE"), t.team(2021, "CLE")["name"]],
             {"season": 2021}),
        turn("who managed them", "team_season", managers(2021, "CLE")),
        turn("what about 2024", "team_season", lambda t: [t.record(2024, "CLE"), *t.managers(2024, "CLE")]),
        turn("who was their best hitter", "team_season", best_that_season(2024, "CLE")),
    ]),
    convo("world series 2021: who they beat in the nlcs, their manager, the next season", [
        turn("who won the world series in 2021", "season", ws(2021)),
        turn("who did they beat in the nlcs", ("team_season", "season"), lambda t: [t.series(2021, "NLCS")[1]]),
        turn("and who managed them", "team_season", managers(2021, "ATL")),
        turn("how did they do the next season", "team_season", rec(2022, "ATL")),
    ]),
    convo("nl home run leader 2023: how many he hit the year before, his rbi that year, all-star picks", [
        turn("who led the nl in home runs in 2023", "leaders", lead("HR", 2023, "NL")),
        turn("how many did he hit the year before", "player", bat("olsonma02", "HR", "home runs", 2022),
             {"season": 2022}),
        turn("and his rbi that year", "player", bat("olsonma02", "RBI", "RBI", 2022)),
        turn("is he an all star", "sql", lambda t: [f"All-Star {len(t.all_star_years('olsonma02'))} times"]),
    ]),
    convo("corey seager: 2023, the world series mvp that year, the alcs mvp", [
        turn("tell me about corey seager", "player", bat("seageco01", "HR", "home runs")),
        turn("how many home runs did he hit in 2023", "player", bat("seageco01", "HR", "home runs", 2023)),
        turn("did he win the world series mvp that year", ("awards", "player"),
             lambda t: ["Yes", "Corey Seager", "2023"] if "Corey Seager" in t.award("WSMVP", 2023) else ["No"]),
        turn("what about the alcs mvp", "awards", lambda t: ["No", *t.award("ALCSMVP", 2023)]),
    ]),
    convo("al cy young 2024: his era that year, the year before", [
        turn("who won the al cy young in 2024", "awards", won("CYA", 2024, "AL")),
        turn("what was his era that year", "player", era("skubata01", 2024)),
        turn("and the year before", "player", era("skubata01", 2023), {"season": 2023}),
    ]),
    convo("rookies: nl 2024, the al, 2023, his home runs that year", [
        turn("who won the nl rookie of the year in 2024", "awards", won("ROY", 2024, "NL")),
        turn("and the al", "awards", won("ROY", 2024, "AL"), {"league": "AL"}),
        turn("what about 2023", "awards", won("ROY", 2023, "AL"), {"season": 2023}),
        turn("how many home runs did he hit that year", "player", bat("hendegu01", "HR", "home runs", 2023)),
    ]),
    convo("the a's 2023, 2024, their park, the giants' park", [
        turn("how did the a's do in 2023", "team_season", rec(2023, "OAK")),
        turn("and 2024", "team_season", rec(2024, "OAK")),
        turn("where did they play", "team_season", lambda t: [t.team(2024, "OAK")["park"]]),
        turn("and the giants", "team_season", lambda t: [t.team(2024, "SFN")["park"]]),
    ]),
    convo("two mets in 2022: alonso, lindor, who had more", [
        turn("how many home runs did pete alonso hit in 2022", "player", bat("alonspe01", "HR", "home runs", 2022)),
        turn("what about francisco lindor", "player", bat("lindofr01", "HR", "home runs", 2022), {"season": 2022}),
        turn("who had more", "player", more("alonspe01", "lindofr01", "HR", "home runs", 2022)),
    ]),
    convo("two careers: soto, judge, more home runs, more walks", [
        turn("tell me about juan soto", "player", bat("sotoju01", "HR", "home runs")),
        turn("what about aaron judge", "player", bat("judgeaa01", "HR", "home runs")),
        turn("who has more home runs", "player", more("judgeaa01", "sotoju01", "HR", "home runs")),
        turn("and who has more walks", "player", more("judgeaa01", "sotoju01", "BB", "walks")),
    ]),
    convo("stolen bases al 2023, the nl, home runs, 2021, the al", [
        turn("who led the al in stolen bases in 2023", "leaders", lead("SB", 2023, "AL")),
        turn("and in the nl", "leaders", lead("SB", 2023, "NL"), {"league": "NL"}),
        turn("what about home runs", "leaders", lead("HR", 2023, "NL"), {"stat": "HR"}),
        turn("how about 2021", "leaders", lead("HR", 2021, "NL"), {"season": 2021}),
        turn("and the al", "leaders", lead("HR", 2021, "AL"), {"league": "AL"}),
    ]),
    convo("two orioles in 2024: henderson, rutschman, more home runs, the better average", [
        turn("gunnar henderson 2024", "player", bat("hendegu01", "HR", "home runs", 2024)),
        turn("and adley rutschman", "player", bat("rutscad01", "HR", "home runs", 2024)),
        turn("who had more home runs", "player", more("hendegu01", "rutscad01", "HR", "home runs", 2024)),
        turn("who had the better batting average", "player",
             lambda t: [f"{t.avg('hendegu01', 2024)} batting average", f"{t.avg('rutscad01', 2024)} batting average",
                        "So Gunnar Henderson had the higher batting average"]),
    ]),
    convo("world series 2022: their record, best hitter, manager", [
        turn("who won the 2022 world series", "season", ws(2022)),
        turn("what was their record", "team_season", rec(2022, "HOU")),
        turn("who was their best hitter", "team_season", best_that_season(2022, "HOU")),
        turn("who managed them", "team_season", managers(2022, "HOU")),
    ]),
    convo("paul skenes: 2024 strikeouts, rookie of the year", [
        turn("tell me about paul skenes", "player", pit("skenepa01", "K", "strikeouts")),
        turn("how many strikeouts did he have in 2024", "player", pit("skenepa01", "K", "strikeouts", 2024)),
        turn("was he rookie of the year", ("player", "awards"), lambda t: ["Rookie of the Year", "2024"]),
    ]),
    convo("nl mvp 2022: his home runs, his teams, his team in 2024", [
        turn("who won the nl mvp in 2022", "awards", won("MVP", 2022, "NL")),
        turn("how many home runs did he hit that year", "player", bat("goldspa01", "HR", "home runs", 2022)),
        turn("what team did he play for", "player", lambda t: sorted(t.team_names_of("goldspa01"))),
        turn("and in 2024", "player",
             lambda t: [t.teams[2024, r["teamID"]]["name"] for r in t.bat["goldspa01"] if r["yearID"] == "2024"]),
    ]),
    convo("the majors' home run leader 2024, the year before, two years before that", [
        turn("who hit the most home runs in 2024", "leaders", lead("HR", 2024)),
        turn("and the year before", "leaders", lead("HR", 2023), {"season": 2023}),
        turn("and two years before that", "leaders", lead("HR", 2021), {"season": 2021}),
    ]),
    convo("yankees 2023, the mets, the year after, their manager", [
        turn("yankees 2023", "team_season", rec(2023, "NYA")),
        turn("and the mets", "team_season", rec(2023, "NYN")),
        turn("and the year after", "team_season", rec(2024, "NYN")),
        turn("who was their manager", "team_season", managers(2024, "NYN")),
    ]),
    convo("nl cy young 2023, the mvp, rookie of the year, the al", [
        turn("who won the nl cy young in 2023", "awards", won("CYA", 2023, "NL")),
        turn("and the mvp", "awards", won("MVP", 2023, "NL"), {"award": "MVP", "league": "NL"}),
        turn("and rookie of the year", "awards", won("ROY", 2023, "NL")),
        turn("and the al", "awards", won("ROY", 2023, "AL")),
    ]),
    convo("world series 2024, its mvp that year, his hits that year", [
        turn("who won the world series in 2024", "season", ws(2024)),
        turn("who was the world series mvp that year", "awards", won("WSMVP", 2024), {"season": 2024}),
        turn("how many hits did he have that year", "player", bat("freemfr01", "H", "hits", 2024)),
    ]),
    convo("al era leader 2022: his record that year, who he pitched for", [
        turn("who led the al in era in 2022", "leaders", lead("ERA", 2022, "AL")),
        turn("what was his record that year", "player",
             lambda t: [t.won_lost("verlaju01", 2022)]),
        turn("who did he pitch for", "player", lambda t: sorted(t.team_names_of("verlaju01"))),
    ]),
    convo("closers: clase 2024, 2022, hader, more saves", [
        turn("how many saves did emmanuel clase have in 2024", "player", pit("claseem01", "SV", "saves", 2024)),
        turn("and in 2022", "player", pit("claseem01", "SV", "saves", 2022)),
        turn("what about josh hader", "player", pit("haderjo01", "SV", "saves", 2022)),
        turn("who had more saves", "player", more("claseem01", "haderjo01", "SV", "saves", 2022, pitching=True)),
    ]),
    convo("padres 2022, who beat them in the nlcs, the phillies' managers that year", [
        turn("how did the padres do in 2022", "team_season", rec(2022, "SDN")),
        turn("who beat them in the nlcs", "team_season", beaten_by(2022, "NLCS", "SDN")),
        turn("who managed the phillies that year", "team_season", managers(2022, "PHI")),
    ]),
    convo("leaders 2022: home runs, batting average, 2023, the nl", [
        turn("who led the majors in home runs in 2022", "leaders", lead("HR", 2022)),
        turn("and in batting average", "leaders", lead("AVG", 2022), {"stat": "AVG"}),
        turn("and 2023", "leaders", lead("AVG", 2023)),
        turn("and the nl", "leaders", lead("AVG", 2023, "NL")),
    ]),
    convo("bobby witt jr: his hits in 2024, who led the majors in hits that year", [
        turn("tell me about bobby witt jr", "player", bat("wittbo02", "H", "hits")),
        turn("how many hits did he have in 2024", "player", bat("wittbo02", "H", "hits", 2024)),
        turn("who led the majors in hits that year", "leaders", lead("H", 2024), {"stat": "H", "season": 2024}),
    ]),
    convo("judge and ohtani in 2024: more home runs, more stolen bases", [
        turn("how many home runs did aaron judge hit in 2024", "player", bat("judgeaa01", "HR", "home runs", 2024)),
        turn("and shohei ohtani", "player", bat("ohtansh01", "HR", "home runs", 2024)),
        turn("who had more", "player", more("judgeaa01", "ohtansh01", "HR", "home runs", 2024)),
        turn("and who had more stolen bases", "player", more("judgeaa01", "ohtansh01", "SB", "stolen bases", 2024)),
    ]),
    convo("phillies 2023, the previous season, three years earlier", [
        turn("how did the phillies do in 2023", "team_season", rec(2023, "PHI")),
        turn("what about the previous season", "team_season", rec(2022, "PHI"), {"season": 2022}),
        turn("how about three years earlier", "team_season", rec(2019, "PHI"), {"season": 2019}),
    ]),
    convo("al mvp 2022, his home runs that year, the year after", [
        turn("who won the al mvp in 2022", "awards", won("MVP", 2022, "AL")),
        turn("how many home runs did he hit that year", "player", bat("judgeaa01", "HR", "home runs", 2022)),
        turn("what about the year after", "player", bat("judgeaa01", "HR", "home runs", 2023), {"season": 2023}),
    ]),
    convo("tarik skubal: 2024 era, 2023, corbin burnes that year", [
        turn("tell me about tarik skubal", "player", pit("skubata01", "K", "strikeouts")),
        turn("what was his era in 2024", "player", era("skubata01", 2024)),
        turn("what about 2023", "player", era("skubata01", 2023)),
        turn("and corbin burnes", "player", era("burneco01", 2023), {"season": 2023}),
    ]),
    convo("world series 2023, the champions the year before, the braves that year", [
        turn("who won the world series in 2023", "season", ws(2023)),
        turn("how did they do the year before", "team_season",
             lambda t: [t.record(2022, "TEX"), t.postseason(2022, "TEX")]),
        turn("and the braves that year", "team_season", rec(2022, "ATL")),
    ]),
    convo("chicago 2023: the cubs, the white sox, their manager", [
        turn("how did the cubs do in 2023", "team_season", rec(2023, "CHN")),
        turn("what about the white sox", "team_season", rec(2023, "CHA")),
        turn("who was their manager", "team_season", managers(2023, "CHA")),
    ]),
    convo("saves leaders 2024: nl, al, his saves the year before", [
        turn("who led the nl in saves in 2024", "leaders", lead("SV", 2024, "NL")),
        turn("and the al", "leaders", lead("SV", 2024, "AL")),
        turn("how many did he have the year before", "player", pit("claseem01", "SV", "saves", 2023)),
    ]),
    convo("pennants 2024: the al, the nl, who won the series", [
        turn("who won the al pennant in 2024", "season", lambda t: [t.pennant(2024, "AL")]),
        turn("and the nl pennant", "season", lambda t: [t.pennant(2024, "NL")]),
        turn("who won the series", "season", ws(2024)),
    ]),
    convo("a tour of the nl central in 2024", [
        turn("how did the brewers do in 2024", "team_season", rec(2024, "MIL")),
        turn("and the cardinals", "team_season", rec(2024, "SLN")),
        turn("and the reds", "team_season", rec(2024, "CIN")),
        turn("and the pirates", "team_season", rec(2024, "PIT")),
        turn("and the cubs", "team_season", rec(2024, "CHN")),
    ]),
    convo("'same for the nl', 'same question for 2023', 'now do rbi'", [
        turn("who led the al in home runs in 2024", "leaders", lead("HR", 2024, "AL")),
        turn("same for the nl", "leaders", lead("HR", 2024, "NL")),
        turn("same question for 2023", "leaders", lead("HR", 2023, "NL")),
        turn("now do rbi", "leaders", lead("RBI", 2023, "NL"), {"stat": "RBI"}),
    ]),
    convo("the al west in 2022: 'ok now the astros', 'now do the rangers'", [
        turn("how did the mariners do in 2022", "team_season", rec(2022, "SEA")),
        turn("ok now the astros", "team_season", rec(2022, "HOU")),
        turn("now do the rangers", "team_season", rec(2022, "TEX")),
    ]),
    convo("kyle schwarber: 'what about him in 2022', spoken 2023", [
        turn("tell me about kyle schwarber", "player", bat("schwaky01", "HR", "home runs")),
        turn("what about him in 2022", "player", bat("schwaky01", "HR", "home runs", 2022)),
        turn("and in twenty twenty three", "player", bat("schwaky01", "HR", "home runs", 2023)),
    ]),
    convo("nl mvp 2024, 'was he the mvp the year before too'", [
        turn("who won the nl mvp in 2024", "awards", won("MVP", 2024, "NL")),
        turn("was he the mvp the year before too", "awards",
             lambda t: ["Yes", "Shohei Ohtani", "2023"] if "Shohei Ohtani" in t.award("MVP", 2023) else ["No"]),
    ]),
    convo("tigers 2024: run differential, the playoffs, the round they lost", [
        turn("how did the tigers do in 2024", "team_season", rec(2024, "DET")),
        turn("what was their run differential", "team_season",
             lambda t: [f"{t.team(2024, 'DET')['R']} runs", t.team(2024, "DET")["RA"]]),
        turn("were they in the playoffs", "team_season", went(2024, "DET")),
        turn("what round did they lose in", "team_season", went(2024, "DET")),
    ]),
    convo("nlcs 2024, the alcs, who won the whole thing", [
        turn("who won the nlcs in 2024", "season", lambda t: list(t.series(2024, "NLCS")[:2])),
        turn("and the alcs", "season", lambda t: list(t.series(2024, "ALCS")[:2])),
        turn("and who won the whole thing", "season", ws(2024)),
    ]),
    convo("the orioles 2023, the al mvp that year, his home runs, back to the orioles' best hitter", [
        turn("how did the orioles do in 2023", "team_season", rec(2023, "BAL")),
        turn("who won the al mvp that year", "awards", won("MVP", 2023, "AL"), {"season": 2023}),
        turn("how many home runs did he hit that year", "player", bat("ohtansh01", "HR", "home runs", 2023)),
    ]),
    convo("two aces in 2024: wheeler, sale, the lower era", [
        turn("how many strikeouts did zack wheeler have in 2024", "player", pit("wheelza01", "K", "strikeouts", 2024)),
        turn("and chris sale", "player", pit("salech01", "K", "strikeouts", 2024)),
        turn("who had the lower era", "player",
             lambda t: [t.era("wheelza01", 2024), t.era("salech01", 2024), "So Chris Sale had the lower ERA"]),
    ]),
    convo("a decline in the middle: mets 2024, the super bowl that year, the year before", [
        turn("how did the mets do in 2024", "team_season", rec(2024, "NYN")),
        turn("who won the super bowl that year", None, lambda t: ["Major League Baseball only"]),
        turn("and the year before", "team_season", rec(2023, "NYN")),
    ]),
    convo("'last year', then 'the year before that'", [
        turn("how did the yankees do last year", "team_season", rec(2025, "NYA")),
        turn("and the year before that", "team_season", rec(2024, "NYA")),
    ]),
    convo("world series mvp 2023, 'what team was he on'", [
        turn("who won the world series mvp in 2023", "awards", won("WSMVP", 2023)),
        turn("what team was he on", "player", lambda t: ["Texas Rangers"]),
    ]),
    convo("hall of fame classes: 2024, 2023, 2022", [
        turn("who was inducted into the hall of fame in 2024", "awards", lambda t: t.hall_class(2024)),
        turn("and 2023", "awards", lambda t: t.hall_class(2023), {"season": 2023}),
        turn("what about 2022", "awards", lambda t: t.hall_class(2022)),
    ]),
    convo("hall of fame, player by player: helton, andruw jones, billy wagner", [
        turn("is todd helton in the hall of fame", "player",
             lambda t: [f"elected to the Hall of Fame in {t.inducted('heltoto01')}"]),
        turn("what about andruw jones", "player", lambda t: ["Andruw Jones", "no Hall of Fame election"]),
        turn("and billy wagner", "player", lambda t: [f"elected to the Hall of Fame in {t.inducted('wagnebi02')}"]),
    ]),
    convo("spoken years: dodgers twenty twenty three, twenty twenty four, their manager", [
        turn("how did the dodgers do in twenty twenty three", "team_season", rec(2023, "LAN")),
        turn("and in twenty twenty four", "team_season", rec(2024, "LAN")),
        turn("who managed them", "team_season", managers(2024, "LAN")),
    ]),
    convo("gold gloves at shortstop: al 2024, the nl, the year before", [
        turn("who won the al gold glove at shortstop in 2024", "awards", won("GG", 2024, "AL", "SS")),
        turn("and the nl", "awards", won("GG", 2024, "NL", "SS")),
        turn("and the year before", "awards", won("GG", 2023, "NL", "SS"),
             forbid=lambda t: [x for x in t.award("GG", 2023, "NL") if x not in t.award("GG", 2023, "NL", "SS")]),
    ]),
    convo("yankees 2022, judge's home runs that year, the mariners that year", [
        turn("how did the yankees do in 2022", "team_season", rec(2022, "NYA")),
        turn("how many home runs did judge hit that year", "player", bat("judgeaa01", "HR", "home runs", 2022)),
        turn("and the mariners that year", "team_season", rec(2022, "SEA")),
    ]),
    # ------------------------------------------------------------ once wrong, one mended defect each
    convo("orioles 2022, the season after that, 'and the one after that'", [
        turn("how did the orioles do in 2022", "team_season", rec(2022, "BAL")),
        turn("how about the season after that", "team_season", rec(2023, "BAL")),
        turn("and the one after that", "team_season", rec(2024, "BAL"), {"season": 2024}),
    ]),
    convo("world series 2022, then 'what about the team they beat'", [
        turn("who won the 2022 world series", "season", ws(2022)),
        turn("what about the team they beat", "team_season", rec(2022, "PHI")),
    ]),
    convo("paul skenes, then 'what's his projection for 2026'", [
        turn("tell me about paul skenes", "player", pit("skenepa01", "K", "strikeouts")),
        turn("what's his projection for 2026", "forecast", lambda t: ["Paul Skenes", "ERA"],
             forbid=lambda t: ["OPS"]),
    ]),
    convo("rangers 2023, then 'who beat them in 2024' (no postseason that year)", [
        turn("how did the rangers do in 2023", "team_season", rec(2023, "TEX")),
        turn("who beat them in 2024", "team_season", lambda t: [t.record(2024, "TEX"), t.postseason(2024, "TEX")]),
    ]),
    convo("guardians 2024, who they lost to, 'and the year before that' (no postseason)", [
        turn("how did the guardians do in 2024", "team_season", rec(2024, "CLE")),
        turn("who did they lose to", "team_season", beaten_by(2024, "ALCS", "CLE")),
        turn("and the year before that", "team_season", lambda t: [t.record(2023, "CLE"), t.postseason(2023, "CLE")]),
    ]),
    convo("the best record in 2022, then 'who managed them'", [
        turn("who had the best record in 2022", "season", lambda t: [t.best_record(2022)["name"]]),
        turn("who managed them", "team_season", managers(2022, "LAN"), forbid=lambda t: t.managers(2022, "HOU")),
    ]),
    convo("the best record in 2023, then 'how far did they get'", [
        turn("what team had the best record in 2023", "season", lambda t: [t.best_record(2023)["name"]]),
        turn("how far did they get in the playoffs", "team_season", went(2023, "ATL"), forbid=lambda t: ["Texas"]),
    ]),
    convo("dodgers 2024, their best hitter, then 'how many home runs did he hit'", [
        turn("how did the dodgers do in 2024", "team_season", rec(2024, "LAN")),
        turn("who was their best hitter", "team_season", best_that_season(2024, "LAN")),
        turn("how many home runs did he hit", "player", bat("ohtansh01", "HR", "home runs", 2024)),
    ]),
    convo("world series 2024, then 'who was the world series mvp'", [
        turn("who won the world series in 2024", "season", ws(2024)),
        turn("who was the world series mvp", "awards", won("WSMVP", 2024), {"season": 2024}),
    ]),
    convo("world series 2019, then 'uh and the next one'", [
        turn("who won the world series in twenty nineteen", "season", ws(2019)),
        turn("uh and the next one", "season", ws(2020), {"season": 2020}),
    ]),
    convo("world series 2019, then 'and the one before'", [
        turn("who won the world series in 2019", "season", ws(2019)),
        turn("and the one before", "season", ws(2018), {"season": 2018}),
    ]),
    convo("rays 2023, then 'who managed em'", [
        turn("how did the rays do in 2023", "team_season", rec(2023, "TBA")),
        turn("who managed em", "team_season", managers(2023, "TBA")),
    ]),
    convo("strikeout leaders 2024, then 'top five'", [
        turn("who led the majors in strikeouts in 2024", "leaders", lead("K", 2024)),
        turn("top five", "leaders", lead("K", 2024), {"stat": "K", "season": 2024, "top": 5}),
    ]),
    convo("jose ramirez, then 'what teams did he play for'", [
        turn("tell me about jose ramirez", "player", bat("ramirjo01", "HR", "home runs")),
        turn("what teams did he play for", "player", lambda t: sorted(t.team_names_of("ramirjo01"))),
    ]),
    convo("al cy young 2024, then 'what was his era'", [
        turn("who won the al cy young in 2024", "awards", won("CYA", 2024, "AL")),
        turn("what was his era", "player", era("skubata01", 2024), {"season": 2024}),
    ]),
    convo("al mvp 2022, then 'how many home runs did he hit'", [
        turn("who won the al mvp in 2022", "awards", won("MVP", 2022, "AL")),
        turn("how many home runs did he hit", "player", bat("judgeaa01", "HR", "home runs", 2022), {"season": 2022}),
    ]),
    convo("orioles 2023, the al mvp's home runs, then 'and the orioles best hitter that year'", [
        turn("how did the orioles do in 2023", "team_season", rec(2023, "BAL")),
        turn("who won the al mvp that year", "awards", won("MVP", 2023, "AL")),
        turn("how many home runs did he hit that year", "player", bat("ohtansh01", "HR", "home runs", 2023)),
        turn("and the orioles best hitter that year", "team_season", best_that_season(2023, "BAL"),
             forbid=lambda t: ["can't rank all of their players by home runs"]),
    ]),
    convo("silver slugger 1b al 2023, then 'and at catcher'", [
        turn("who won the silver slugger at first base in the al in 2023", "awards", won("SS", 2023, "AL", "1B")),
        turn("and at catcher", "awards", won("SS", 2023, "AL", "C"), forbid=lambda t: t.award("SS", 2023, "AL", "1B")),
    ]),
    convo("best bat for 2026, then 'what about pitchers'", [
        turn("best bat for 2026", "forecast", lambda t: ["2026", "OPS"]),
        turn("what about pitchers", "forecast", lambda t: ["2026", "ERA"], {"stat": "ERA"}),
    ]),
]


def after_title(franchise: str, upto: int | None = None):
    """The franchise's season after its last World Series title in or before upto (any, without one): its record
    and year said, from SeriesPost's World Series winners (a tied series won by neither) and Teams."""
    def pieces(t):
        titles = [int(r["yearID"]) for r in t.raw("SeriesPost") if r["round"] == "WS" and n(r["wins"]) > n(r["losses"])
                  and t.team(int(r["yearID"]), r["teamIDwinner"])["franchID"] == franchise
                  and (upto is None or int(r["yearID"]) <= upto)]
        year = max(titles) + 1
        team = next(r["teamID"] for (y, _), r in t.teams.items() if y == year and r["franchID"] == franchise)
        return [t.record(year, team), str(year)]
    return pieces


LATEST = lambda t: [f"{LAST} "]  # noqa: E731  (the team's latest season: never the answer to 'the year after')

# "The year after they won it all": the season after the title season in context, or a decline; never the latest.
AFTER_THE_TITLE = [
    convo("cubs' titles counted, then the year after they won it all, and the year before", [
        turn("how many world series have the cubs won", "sql", lambda t: ["3 World Series", "2016"]),
        turn("the year after they won it all", "team_season", after_title("CHC"), {"season": 2017}, forbid=LATEST),
        turn("and the year before", "team_season", rec(2016, "CHN"), {"season": 2016}),
    ]),
    convo("the 2016 cubs, then how they did the year after they won it all", [
        turn("how did the 2016 cubs do", "team_season", rec(2016, "CHN")),
        turn("how did they do the year after they won it all", "team_season", after_title("CHC", 2016),
             {"season": 2017}, forbid=LATEST),
    ]),
    convo("the 1996 yankees, then the year after they won it all: their title before", [
        turn("how did the 1997 yankees do", "team_season", rec(1997, "NYA")),
        turn("what about the year after they won the world series", "team_season", after_title("NYY", 1997),
             {"season": 1997}, forbid=LATEST),
    ]),
    convo("the 1986 world series, then the winners the year after they won it all", [
        turn("who won it all in 1986", "season", ws(1986)),
        turn("the year after they won it all", "team_season", after_title("NYM", 1986), {"season": 1987},
             forbid=LATEST),
    ]),
    convo("a franchise without a title: declined, not its latest season", [
        turn("how many world series have the mariners won", "sql", lambda t: ["0 World Series"]),
        turn("the year after they won it all", None, forbid=LATEST, honest=True),
    ]),
    convo("an all-time record, then 'and the year after?': no season to count from", [
        turn("what is the yankees all time record", "sql", lambda t: ["all-time record"]),
        turn("and the year after?", None, forbid=LATEST, honest=True),
    ]),
]


# Issue 26's fifth round: a champion's leader asked with "them" (kept working: a regression guard).
ROUND_26E = [
    convo("the 2016 world series, then who led them in home runs", [
        turn("who won the 2016 world series", "season", ws(2016)),
        turn("who led them in home runs", "sql",
             lambda t: [t.team_leader(2016, "CHN", "HR")[0], f"{t.team_leader(2016, 'CHN', 'HR')[1]} home runs"]),
    ]),
    convo("a career, then how tall is he: his height, not a filter on players", [
        turn("mike trout career stats", "player", lambda t: ["Mike Trout"]),
        turn("how tall is he", "sql", lambda t: ["Mike Trout", f"{int(t.people['troutmi01']['height']) // 12} feet"]),
    ]),
]


@pytest.mark.parametrize("turns", CONVERSATIONS + MORE_CONVERSATIONS + AFTER_THE_TITLE + ROUND_26E)
def test_conversation_in_the_loop(turns):
    converse(turns)


def test_a_follow_up_sees_only_its_own_conversation():
    """Two conversations side by side: 'and the year after?' follows its own, not the other's."""
    t = truth()
    sox: list[dict] = []
    cubs: list[dict] = []
    ask("How did the Red Sox do in 1986?", sox)
    ask("how did the cubs do in 2016", cubs)
    assert says(ask("and the year after?", sox)["answer"], t.record(1987, "BOS"))
    assert says(ask("and the year after?", cubs)["answer"], t.record(2017, "CHN"))
    assert tool_of(ask("and the year after?", [])) is None  # nothing to follow


# ---------------------------------------------------------------- the same conversations from the terminal


CLI_CONVERSATIONS = [c for c in CONVERSATIONS + MORE_CONVERSATIONS if not c.marks]


@pytest.fixture(scope="module")
def in_cli(baseball_data):
    """Every conversation, in one terminal session."""
    return cli_session(CLI_CONVERSATIONS, baseball_data)


@pytest.mark.parametrize("turns", CLI_CONVERSATIONS)
def test_conversation_in_the_cli(turns, in_cli):
    converse_in_cli(turns, in_cli)


def test_cli_chat_reads_like_a_terminal_session(baseball_data):
    """Plain output: each answer on stdout in order, the trace on stderr; blank lines skipped; 'new' starts
    another conversation, where a follow-up has nothing to follow; 'quit' ends it."""
    t = truth()
    done = chat(["How did the Red Sox do in 1986?", "", "and the year after?", "who managed them?", "new",
                 "and the year after?", "quit", "who won the world series in 2016"], baseball_data, json_out=False)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    first, second, third = (out.index(p) for p in (t.record(1986, "BOS"), t.record(1987, "BOS"),
                                                    f"{t.managers(1987, 'BOS')[0]} managed the 1987"))
    assert first < second < third
    assert t.record(1988, "BOS") not in out  # the new conversation's "the year after" follows nothing
    assert "a new conversation" in done.stderr
    assert t.series(2016, "WS")[0] not in out  # after quit nothing is asked
    assert done.stderr.count("team_season(") == 3 and "Traceback" not in done.stderr
