"""Demo mode on questions as people type and say them: spoken numbers and years, rambling and self-correcting
questions, several questions in one, yes/no and negations, plural and possessive forms, British spellings and
abbreviations; and answers that read well aloud.

Each phrasing goes through the real loop and is judged by ``demo_truth.check`` (tests/demo_truth.py says how).
"""

from __future__ import annotations

import re

import pytest
from demo_truth import (LAST, PAST_THE_DATA, ask, asked, best, both, case, check, did_win, division, era,
                        hall, lead, lines, managers, one_season, others_at, rate_leader, rec, series, span_leader, tool_of, went,
                        won, ws)

from baseball.demo import HELP

pytestmark = pytest.mark.usefixtures("published")


SPOKEN = [
    case("nineteen eighty six world series", "season", ws(1986)),
    case("uh how did the mets do in nineteen eighty six", "team_season", rec(1986, "NYN")),
    case("who won the world series in two thousand and four", "season", ws(2004)),
    case("hey um who won the world series in twenty twenty", "season", ws(2020)),
    case("so like how did the dodgers do in twenty twenty four", "team_season", rec(2024, "LAN")),
    case("who led the american league in homers in twenty twenty two", "leaders", lead("HR", 2022, "AL")),
    case("who was the mvp in the national league in twenty twenty three", "awards", won("MVP", 2023, "NL")),
    case("how many home runs did aaron judge hit in twenty twenty two", "player",
         one_season("Aaron", "Judge", 2022, "HR", "home runs")),
    case("who won the cy young in twenty twenty one", "awards", won("CYA", 2021)),
    case("wat was the yankees recrod in 2024", "team_season", rec(2024, "NYA")),
    case("who wun the wrold series in 2021", "season", ws(2021)),
    case("WHO WON THE WORLD SERIES IN 2022", "season", ws(2022)),
    case("how did the astros do in 2022???", "team_season", rec(2022, "HOU")),
    case("i was wondering if you could tell me how the rangers did in 2023", "team_season", rec(2023, "TEX")),
    case("can u tell me who led the nl in strikeouts in 2024 thx", "leaders", lead("K", 2024, "NL")),
    case("ok and who hit the most home runs in the al in 2024", "leaders", lead("HR", 2024, "AL")),
    case("hmm what about the 2023 orioles record", "team_season", rec(2023, "BAL")),
    case("who won it all in oh eight", "season", ws(2008)),
    case("the ninety eight yankees", "team_season", rec(1998, "NYA")),
    case("how did the mets do in 86", "team_season", rec(1986, "NYN")),
    case("2024 ws winner", "season", ws(2024)),
    case("ws 2023", "season", ws(2023)),
    case("who won the world series in twenty oh four", "season", ws(2004)),
    case("who won the world series in the year two thousand", "season", ws(2000)),
    case("how did the red sox do in oh four", "team_season", rec(2004, "BOS")),
    case("who won the world series in nineteen hundred and five", "season", ws(1905)),
    case("how did the yankees do in 2k24", "team_season", rec(2024, "NYA")),
    case("did the mets make the playoffs in twenty twenty four", "team_season",
         lambda t: [t.record(2024, "NYN"), t.postseason(2024, "NYN")]),
    case("who won the ws in 24", "season", ws(2024)),
    case("how did the braves do in '21", "team_season", rec(2021, "ATL")),
    case("who won the 21 world series", "season", ws(2021)),
]


MORE_SPOKEN = [
    case("who won the, uh, the world series, the one in twenty twenty two", "season", ws(2022)),
    case("so i was watching a thing the other day and i was wondering how the orioles ended up doing in twenty "
         "twenty three", "team_season", both(rec(2023, "BAL"), went(2023, "BAL"))),
    case("um okay so who uh who won the nl cy young the year twenty twenty three", "awards",
         won("CYA", 2023, "NL"), {"league": "NL"}),
    case("hey so who was like the best hitter on the rangers in 2023 you know the team that won it", "team_season",
         best(2023, "TEX")),
    case("uh so like, i don't know, who had the most hits, in, um, the american league, 2024", "leaders",
         lead("H", 2024, "AL"), {"stat": "H", "league": "AL"}),
    case("what was the record of, what's the team, the guardians, in 2022", "team_season", rec(2022, "CLE")),
    case("i'm trying to remember who won the nl west in 2023, was it the dodgers", "season",
         division(2023, "NL", "W")),
    case("my dad says the phillies won the world series in 2022, is that right", "team_season",
         both(went(2022, "PHI"), lambda t: [t.series(2022, "WS")[0]]), forbid=lambda t: ["won the World Series"]),
    case("my friend and i are arguing about who won the al mvp in 2021, i say ohtani", "awards",
         did_win("Shohei Ohtani", "MVP", 2021)),
    case("so the white sox were really bad in 2024 weren't they, how many did they lose", "team_season",
         rec(2024, "CHA")),
    case("how many homeruns did the guy from the mariners, cal raleigh, hit in 2024", "player",
         one_season("Cal", "Raleigh", 2024, "HR", "home runs")),
    case("alexa, how many home runs did pete alonso hit in twenty twenty three", "player",
         one_season("Pete", "Alonso", 2023, "HR", "home runs")),
    case("hey google what was the cardinals record in twenty twenty two", "team_season", rec(2022, "SLN")),
    case("uh huh ok so um who had the most saves uh in the national league in twenty twenty four", "leaders",
         lead("SV", 2024, "NL")),
    case("who was it that won the world series in twenty twenty, the short season", "season", ws(2020)),
    case("the, uh, the mariners, how'd they do in, um, twenty twenty one", "team_season", rec(2021, "SEA")),
    case("i wanna know about the brewers season in 2023 please and thank you", "team_season",
         both(rec(2023, "MIL"), went(2023, "MIL"))),
    case("okay so um the padres, how did they do, in twenty twenty three", "team_season", rec(2023, "SDN")),
    case("what was the colour of ... never mind, who won the nl pennant in 2021", "season",
         lambda t: [t.pennant(2021, "NL")]),
    case("what was the arsenal... sorry, the atlanta braves record in 2023", "team_season", rec(2023, "ATL")),
    case("how did the mets, no wait, the yankees do in 2023", "team_season", rec(2023, "NYA"),
         forbid=lambda t: [t.record(2023, "NYN")]),
    case("who led the al in, um, home runs, sorry, rbi in 2023", "leaders", lead("RBI", 2023, "AL"),
         {"stat": "RBI"}),
    case("how did the phillies do in 2021, i mean 2022", "team_season", rec(2022, "PHI"),
         forbid=lambda t: [t.record(2021, "PHI")]),
    case("who won the world series in 2022, no sorry, 2021", "season", ws(2021),
         forbid=lambda t: [t.series(2022, "WS")[1]]),
    case("how did the reds do in 2023 actually make that 2024", "team_season", rec(2024, "CIN")),
    case("who won the al cy young in 2023, wait no, the nl one", "awards", won("CYA", 2023, "NL"),
         forbid=lambda t: t.award("CYA", 2023, "AL")),
    case("who led the nl in homers in 2024 or was it 2023, 2023", "leaders", lead("HR", 2023, "NL")),
    case("siri who won the n l m v p in twenty twenty two", "awards", won("MVP", 2022, "NL")),
    case("can you tell me who managed the astros in twenty twenty two i think it was dusty baker right",
         "team_season", managers(2022, "HOU")),
    case("who managed the guardians in 2024, was it stephen vogt", "team_season", managers(2024, "CLE")),
]


SEVERAL = [
    case("who won the al east and the nl east in 2023", "season",
         both(division(2023, "AL", "E"), division(2023, "NL", "E"))),
    case("who won the world series in 2023 and who was the mvp", ("season", "awards"),
         both(ws(2023), won("WSMVP", 2023))),
    case("how did the dodgers and the yankees do in 2024", "team_season", both(rec(2024, "LAN"), rec(2024, "NYA"))),
    case("who led the nl in home runs and rbi in 2023", "leaders", both(lead("HR", 2023, "NL"),
                                                                         lead("RBI", 2023, "NL"))),
    case("who won the al and nl mvp in 2023", "awards", won("MVP", 2023)),
    case("who won the alcs and nlcs in 2022", "season", both(series(2022, "ALCS"), series(2022, "NLCS"))),
    case("who won the world series and who was the world series mvp in 2024", ("season", "awards"),
         both(ws(2024), won("WSMVP", 2024))),
    case("who won the mvp and cy young in the al in 2024", "awards",
         both(won("MVP", 2024, "AL"), won("CYA", 2024, "AL"))),
    case("who led the majors in home runs and stolen bases in 2023", "leaders",
         both(lead("HR", 2023), lead("SB", 2023))),
    case("how did the cubs and the white sox do in 2023", "team_season", both(rec(2023, "CHN"), rec(2023, "CHA"))),
    case("the world series winners in 2021 and 2022", "season",
         both(ws(2021), ws(2022))),
    case("what was judge's batting average in 2019 and 2022", "player", lines("judgeaa01", "AVG", "", 2019, 2022)),
]


YES_NO = [
    case("didn't the cubs win in 2016?", "team_season", went(2016, "CHN")),
    case("is it true that the rangers won the world series in 2023", "team_season", went(2023, "TEX")),
    case("did the yankees win the world series in 2024?", "team_season",
         both(went(2024, "NYA"), lambda t: [t.series(2024, "WS")[0]]), forbid=lambda t: ["won the World Series"]),
    case("the astros didn't make the playoffs in 2024 right?", "team_season", went(2024, "HOU"),
         forbid=lambda t: ["did not reach the postseason"]),
    case("wasn't judge the mvp in 2022", "awards", did_win("Aaron Judge", "MVP", 2022)),
    case("did the orioles win the al east in 2023", "season", division(2023, "AL", "E")),
    case("was shohei ohtani the mvp in 2021", "awards", did_win("Shohei Ohtani", "MVP", 2021)),
    case("wasn't ohtani the mvp in 2024 too", "awards", did_win("Shohei Ohtani", "MVP", 2024)),
    case("didn't acuna win the mvp in 2023", "awards", did_win("Ronald Acuña", "MVP", 2023)),
    case("is it true that gerrit cole won the cy young in 2023", "awards", did_win("Gerrit Cole", "CYA", 2023)),
    case("isn't adrian beltre in the hall of fame", "player", hall("beltrad01")),
    case("did the white sox lose 121 games in 2024", "team_season", rec(2024, "CHA")),
    case("is it true the dodgers won 111 games in 2022", "team_season", rec(2022, "LAN")),
    case("didn't the diamondbacks make the world series in 2023", "team_season", went(2023, "ARI")),
    case("did the braves beat the astros in 2021", "team_season",
         lambda t: [f"beat the {t.series(2021, 'WS')[1]}", "World Series"]),
    case("did paul skenes make the all star team in 2024", "player",
         lambda t: ["Paul Skenes", "was an All-Star in 2024" if 2024 in t.all_star_years("skenepa01")
                    else "was not an All-Star in 2024"]),
    case("is jacob degrom still pitching", "player",
         lambda t: ["Jacob deGrom", f"through {max(int(r['yearID']) for r in t.pit['degroja01'])}"]),
    case("is it true that bobby witt jr won the batting title in 2024", ("leaders", "player"),
         lambda t: ["Yes", *lead("AVG", 2024, "AL")(t)]),
    case("was joe mauer elected to the hall of fame", "player", hall("mauerjo01")),
    case("what percent did adrian beltre get", "player", lambda t: ["Adrian Beltre", t.hall_vote("beltrad01", 2024)]),
]


FORMS = [
    case("the yankees' record in 2022", "team_season", rec(2022, "NYA")),
    case("judge's home runs in 2022", "player", one_season("Aaron", "Judge", 2022, "HR", "home runs")),
    case("the dodgers's record 2023", "team_season", rec(2023, "LAN")),
    case("the braves's 2021 season", "team_season", both(rec(2021, "ATL"), went(2021, "ATL"))),
    case("mets' 2022 season", "team_season", rec(2022, "NYN")),
    case("the rays' manager in 2023", "team_season", managers(2023, "TBA")),
    case("the astros's best hitter 2022", "team_season", best(2022, "HOU")),
    case("judges stats 2024", "player", one_season("Aaron", "Judge", 2024, "HR", "home runs")),
    case("sotos home runs in 2022", "player", one_season("Juan", "Soto", 2022, "HR", "home runs")),
    case("ohtanis era 2023", "player", era("ohtansh01", 2023)),
    case("skenes's era 2024", "player", era("skenepa01", 2024)),
    case("alonso's career homers", "player", lambda t: ["Pete Alonso", f"{t.bat_total('alonspe01', 'HR'):,} home runs"]),
    case("acunas stolen bases 2023", "player", one_season("Ronald", "Acuña", 2023, "SB", "stolen bases")),
    case("witts batting average 2024", "player", lambda t: ["Bobby Witt Jr.", f"{t.avg('wittbo02', 2024)} batting"]),
    case("who were the 2023 mvps", "awards", won("MVP", 2023)),
    case("cy youngs 2022", "awards", won("CYA", 2022)),
    case("who were the rookies of the year in 2024", "awards", won("ROY", 2024)),
    case("2022's world series", "season", ws(2022)),
    case("the 2021 mvps", "awards", won("MVP", 2021)),
    case("mvp award winner 2024 nl", "awards", won("MVP", 2024, "NL"), forbid=lambda t: ["John Ward"]),
    case("who won the rookie of the year award in the al in 2022", "awards", won("ROY", 2022, "AL"),
         forbid=lambda t: ["John Ward"]),
    case("which player won the silver slugger award at catcher in the nl in 2024", "awards",
         won("SS", 2024, "NL", "C"), forbid=lambda t: ["John Ward"]),
    case("who won the 2024 world series mvp award", "awards", won("WSMVP", 2024), forbid=lambda t: ["John Ward"]),
    case("what awards did ohtani win in 2023", "player",
         lambda t: ["Shohei Ohtani", "MVP"] if "Shohei Ohtani" in t.award("MVP", 2023) else []),
]


SPELLINGS = [
    case("which organisation won the 2023 world series", "season", ws(2023)),
    case("who won the world series in 2022 mate", "season", ws(2022)),
    case("which team had the best record in the whole of 2022", "season",
         lambda t: [t.best_record(2022)["name"], t.record(2022, t.best_record(2022)["teamID"])]),
    case("which side won the 2021 world series", "season", ws(2021)),
    case("who was top of the al west in 2022", "season", division(2022, "AL", "W")),
    case("who was the most valuable player in the national league in 2022", "awards", won("MVP", 2022, "NL")),
    case("who won the gold glove in centre field in the al in 2024", "awards", won("GG", 2024, "AL", "CF"),
         forbid=others_at("GG", 2024, "AL", "CF")),
    case("what ground did the athletics play at in 2024", "team_season", lambda t: [t.team(2024, "OAK")["park"]]),
    case("what honours did ohtani win in 2023", "player",
         lambda t: ["MVP"] if "Shohei Ohtani" in t.award("MVP", 2023) else []),
    case("who was the top run scorer in 2024", "leaders", lead("R", 2024), {"stat": "R"}),
    case("which club topped the american league in 2022", "season",
         lambda t: [t.pennant(2022, "AL")]),
    case("whats the favourite team to win in 2026", None, lambda t: [PAST_THE_DATA],
         forbid=lambda t: ["Marcel projection"]),
    case("what was cole's earned run average in 2023", "player", era("colege01", 2023), forbid=lambda t: ["salary"]),
]


ABBREVIATIONS = [
    case("what was the yankees w-l in 2022", "team_season", rec(2022, "NYA")),
    case("yanks 2022 w-l", "team_season", rec(2022, "NYA")),
    case("astros w/l 2021", "team_season", rec(2021, "HOU")),
    case("how many k's did spencer strider have in 2023", "player",
         one_season("Spencer", "Strider", 2023, "K", "strikeouts", pitching=True)),
    case("what was acuna's avg in 2023", "player",
         lambda t: ["Ronald Acuña", f"{t.avg('acunaro01', 2023)} batting average"]),
    case("who won the ws in '21", "season", ws(2021)),
    case("who was the alcs mvp in 2023", "awards", lambda t: t.award("ALCSMVP", 2023)),
    case("nlcs mvp 2022", "awards", lambda t: t.award("NLCSMVP", 2022)),
    case("ws mvp '24", "awards", won("WSMVP", 2024)),
    case("al cya 2023", "awards", won("CYA", 2023, "AL")),
    case("cy young '23 nl", "awards", won("CYA", 2023, "NL")),
    case("mvp 2021 nl", "awards", won("MVP", 2021, "NL")),
    case("hr leader '22", "leaders", lead("HR", 2022), {"stat": "HR", "season": 2022}),
    case("rbi champ 2023 nl", "leaders", lead("RBI", 2023, "NL")),
    case("sb leader al 2024", "leaders", lead("SB", 2024, "AL")),
    case("obp leader 2024", "leaders", lead("OBP", 2024), {"stat": "OBP"}),
    case("whip leader al 2023", "leaders", lead("WHIP", 2023, "AL")),
    case("era leader nl 2023", "leaders", lead("ERA", 2023, "NL")),
    case("avg leader nl 2024", "leaders", lead("AVG", 2024, "NL")),
    case("who had the most k's in the nl in 2024", "leaders", lead("K", 2024, "NL"), {"stat": "K"}),
    case("hr's by pete alonso in 2024", "player", one_season("Pete", "Alonso", 2024, "HR", "home runs")),
    case("sb's by elly de la cruz in 2023", "player", one_season("Elly", "De La Cruz", 2023, "SB", "stolen bases")),
    case("how many rbi's did josh naylor have in 2024", "player", one_season("Josh", "Naylor", 2024, "RBI", "RBI")),
    case("mgr of the yankees 2024", "team_season", managers(2024, "NYA")),
    case("roy 2023 al", "awards", won("ROY", 2023, "AL"), forbid=lambda t: ["Luther Roy"]),
    case("gg ss al 2024", "awards", won("GG", 2024, "AL", "SS"), forbid=others_at("GG", 2024, "AL", "SS")),
    case("tigers k leader 2024", "sql", lambda t: ["Tarik Skubal", f"{t.pit_total('skubata01', 'SO', 2024)} strikeouts"]),
]


NUMBERS = [
    case("how did the mariners do in twenty-two", "team_season", rec(2022, "SEA")),
    case("how did the giants do in twenty-twenty-one", "team_season", rec(2021, "SFN")),
    case("who won the world series in two thousand twenty-three", "season", ws(2023)),
    case("who won the world series in two thousand and twenty two", "season", ws(2022)),
    case("how did the rangers do in '23", "team_season", rec(2023, "TEX")),
    case("how did the royals do in 22", "team_season", rec(2022, "KCA")),
    case("how did the cubs do in 22'", "team_season", rec(2022, "CHN")),
    case("how did the padres do in twenty four", "team_season", rec(2024, "SDN")),
    case("who led the al in homers in the '24 season", "leaders", lead("HR", 2024, "AL")),
    case("who won the world series in the year 2021", "season", ws(2021)),
    case("how did the marlins do in twenty twenty-three", "team_season", rec(2023, "MIA")),
    case("the twenty-four padres", "team_season", rec(2024, "SDN")),
    case("who won the world series in 2,022", "season", ws(2022)),
    case("who won the al mvp in twenty-twenty-three", "awards", won("MVP", 2023, "AL")),
    case("the 2020s best hitter", "sql", rate_leader("OPS", 2020, LAST, 1800, False)),  # OPS over the span since 26f
    case("who won the most games in the 2020s", "sql", span_leader("Pitching", "W", 2020, LAST)),  # summed since 26e
    case("who won the world series in 2k21", "season", ws(2021), forbid=lambda t: [t.series(2024, "WS")[0]]),
    case("how did the yankees do two seasons ago", "team_season", rec(2024, "NYA"),
         forbid=lambda t: ["The 2025 New York Yankees"]),
    case("who won the world series the year before last", "season", ws(2024)),
    case("is judge projected to hit 50 next year", "forecast", lambda t: ["Aaron Judge", "2026"]),
]


@pytest.mark.parametrize("question,tool,args,expect,forbid,honest",
                         SPOKEN + MORE_SPOKEN + SEVERAL + YES_NO + FORMS + SPELLINGS + ABBREVIATIONS + NUMBERS)
def test_phrasing(question, tool, args, expect, forbid, honest):
    check(asked(question), question, tool, args, expect, forbid, honest)


# What a voice stumbles on: "a 84 and 57 record", "and 1 other teams", "1 games to 0" (articles and plurals must
# agree), "from 2024 through 2024", "Award awards", two teams run together without "and".
AWKWARD = re.compile(r"\ba (?:8\d*|11|18) and \d+ record\b|\b1 other teams\b|\b1 games\b"
                     r"|\bfrom (\d{4}) (?:through|to) \1\b|\bAward awards\b|playing for the [^,.]+, [A-Z][^,.]+,")


@pytest.mark.parametrize("question", [
    "tell me about babe ruth", "tell me about mike trout", "how many hits did ichiro have in 2004",
    "greg maddux 1995",
    "jacob degrom",
    "how many strikeouts did skubal have in 2024",
    "how many strikeouts did nolan ryan have",
    "who did the dodgers beat in 2021",
    "tell me about ken griffey sr",
    "tell me about gunnar henderson", "how did the a's do in 2024", "who won the al mvp in 2024",
    "how many saves did clase have in 2022", "how did the guardians do in 2024",
    "tell me about paul skenes",
    "josh hader 2022",
])
def test_answers_read_well_aloud(question):
    turn = ask(question)
    assert tool_of(turn) in ("player", "team_season", "awards") and turn["answer"].strip()
    assert not AWKWARD.search(turn["answer"]), turn["answer"]
    assert turn["answer"] != HELP
