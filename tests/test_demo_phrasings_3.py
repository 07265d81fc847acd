"""Demo mode, one question at a time: a third round, of questions as people say them to a voice assistant.

The first two rounds (test_demo_phrasings.py, test_demo_phrasings_2.py) cover the obvious wordings. This round
asks what they do not: long, rambling and self-correcting questions ("who won the, uh, the world series, the
one in twenty twenty two", "the mets, no wait, the yankees"), several questions in one, a team and a player in
one question, comparisons and superlatives, yes/no questions and negations ("didn't the cubs win in 2016?"),
plural and possessive forms, British spellings, abbreviations (w-l, k's, avg, ws, alcs mvp), numbers in odd
forms ("'22", "twenty-two", "2k21", "two seasons ago"), 2021-2024 facts about less famous players and teams,
and questions the data cannot answer, which must get an honest sentence, not a guess.

Same conventions as the earlier rounds: each phrasing goes through the real loop (``run_turn``) with the real
demo model, tools and published data, and is judged by ``demo_truth.check`` against facts computed from the raw
Lahman tables (tests/demo_truth.py; no pipeline/ or agent_py code). Every answer is also checked for what a
listener must never hear (``demo_truth.leaks``: markup, JSON, field names, player or team ids). A phrasing the
demo gets wrong is marked ``xfail(strict=True)`` with what it does wrong (none is, today): a fix turns the mark
into a failure to remove.
"""

from __future__ import annotations

import pytest
from conftest_data import baseball_data  # noqa: F401  (a fixture)
from demo_truth import published  # noqa: F401  (an autouse fixture)
from demo_truth import body
from demo_truth import (BASEBALL_ONLY, NO_DECADES, NO_GAMES, PAST_THE_DATA, asked, case, check, did_win, era, hall,
                        lead, more, one_season, rec, won, ws)


# ---------------------------------------------------------------- truths used here (and demo_truth's)


def both(*parts):
    """Several truths an answer must all say: t -> the pieces of each."""
    return lambda t: [p for part in parts for p in part(t)]


def series(season, rnd):
    """[winner, loser] of the one round so named ('ALCS', 'NLCS', 'WS')."""
    return lambda t: list(t.series(season, rnd)[:2])


def went(season, team_id):
    """How far the team went: 'lost the ALDS', 'did not reach the postseason'."""
    return lambda t: [t.postseason(season, team_id)]


def best(season, team_id):
    return lambda t: [t.best_hitter(season, team_id)]


def managers(season, team_id):
    return lambda t: [*t.managers(season, team_id), str(season)]


def division(season, league, div):
    """The division winner: [team, 'W wins and L losses']."""
    def pieces(t):
        r = t.division_winner(season, league, div)
        return [r["name"], t.record(season, r["teamID"])]
    return pieces


def lines(pid, stat, said, *seasons):
    """A player's total in each of several seasons: ['.272 batting average', '.311 batting average']."""
    def pieces(t):
        if stat == "AVG":
            return [f"{t.avg(pid, s)} batting average" for s in seasons]
        return [f"{t.bat_total(pid, stat, s):,} {said}" for s in seasons]
    return pieces


def for_team(pid, team_id, stat, said):
    """A player's total for one team only (his Batting stints with it): '54 home runs'."""
    return lambda t: [f"{sum(int(r[stat]) for r in t.bat[pid] if r['teamID'] == team_id):,} {said}"]


def finished(season, team_id):
    """'3rd of 5': the team's place in its division (Teams.Rank, and how many teams shared the division)."""
    def pieces(t):
        r = t.team(season, team_id)
        rank = int(r["Rank"])
        size = sum(1 for (y, _), x in t.teams.items() if y == season and (x["lgID"], x["divID"]) == (r["lgID"], r["divID"]))
        suffix = "th" if 10 <= rank % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(rank % 10, "th")
        return [f"{rank}{suffix} of {size}", str(season)]
    return pieces


def others_at(code, season, league, position):
    """That league's other winners of the award that season, at other positions (what the answer must not say)."""
    return lambda t: [x for x in t.award(code, season, league) if x not in t.award(code, season, league, position)]


def gone(pid, season):
    """What 'X in a season he did not play' must say: his name and the span he did play (People/Batting/Pitching)."""
    def pieces(t):
        years = sorted({int(r["yearID"]) for r in t.bat[pid] + t.pit[pid]})
        assert season not in years
        return [t.name(pid), str(years[0]), str(years[-1])]
    return pieces


# ---------------------------------------------------------------- long, rambling, self-correcting (said to a phone)

SPOKEN = [
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

# ---------------------------------------------------------------- several questions in one

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

# ---------------------------------------------------------------- a team and a player in one question

TEAM_AND_PLAYER = [
    case("how did judge do for the yankees in 2022", "player",
         both(one_season("Aaron", "Judge", 2022, "HR", "home runs"), lambda t: ["New York Yankees"])),
    case("how did soto do for the padres in 2023", "player", one_season("Juan", "Soto", 2023, "HR", "home runs")),
    case("how many home runs did ohtani hit for the angels in 2023", "player",
         one_season("Shohei", "Ohtani", 2023, "HR", "home runs")),
    case("stats for freddie freeman with the dodgers in 2023", "player",
         one_season("Freddie", "Freeman", 2023, "H", "hits")),
    case("did juan soto play for the yankees in 2024", "player",
         lambda t: ["Juan Soto", *{t.teams[2024, r["teamID"]]["name"] for r in t.bat["sotoju01"]
                                   if r["yearID"] == "2024"}]),
    case("did freddie freeman play for the braves", "player", lambda t: sorted(t.team_names_of("freemfr01"))),
    case("who was the royals best player in 2024", "team_season", best(2024, "KCA")),
    case("how many home runs did ohtani hit for the dodgers", "player",
         for_team("ohtansh01", "LAN", "HR", "home runs")),
]

# ---------------------------------------------------------------- comparisons and superlatives


COMPARISONS = [
    case("who hit more home runs in 2024, judge or ohtani", "player",
         more("judgeaa01", "ohtansh01", "HR", "home runs", 2024)),
    case("who had more strikeouts in 2024 skubal or sale", "player",
         more("skubata01", "salech01", "SO", "strikeouts", 2024, pitching=True)),
    case("who had a better era in 2023 gerrit cole or blake snell", "player",
         lambda t: [t.era("colege01", 2023), t.era("snellbl01", 2023), "So Blake Snell had the lower ERA"]),
    case("did judge hit more home runs than ohtani in 2024", "player",
         more("judgeaa01", "ohtansh01", "HR", "home runs", 2024)),
    case("judge vs ohtani 2024", "player",
         lambda t: [f"{t.bat_total(p, 'HR', 2024)} home runs" for p in ("judgeaa01", "ohtansh01")]),
    case("who was better in 2024 judge or soto", "player",
         lambda t: [f"{t.bat_total(p, 'HR', 2024)} home runs" for p in ("judgeaa01", "sotoju01")]),
    case("who was the best hitter in 2023", "leaders", lead("OPS", 2023)),
    case("who was the best pitcher in 2022", "leaders", lead("ERA", 2022)),
    case("who had the lowest era among qualified pitchers in 2024", "leaders", lead("ERA", 2024)),
    case("what was the highest batting average in the majors in 2022", "leaders", lead("AVG", 2022)),
    case("which team lost the most games in 2024", "season",
         lambda t: [t.worst_record(2024)["name"], t.record(2024, t.worst_record(2024)["teamID"])]),
    case("who was the worst team in 2023", "season", lambda t: [t.worst_record(2023)["name"]]),
    case("did anyone hit 60 home runs in 2022", "leaders", lead("HR", 2022)),
    case("did anyone hit 50 home runs in 2023", "leaders", lead("HR", 2023)),
    case("was 2022 judge better than 2023 ohtani", "player",
         lambda t: [f"{t.bat_total('judgeaa01', 'HR', 2022)} home runs", f"{t.bat_total('ohtansh01', 'HR', 2023)} "
                                                                              "home runs"],
         forbid=lambda t: [f"{t.bat_total('ohtansh01', 'HR', 2022)} home runs"]),
    case("which was better, the 2022 dodgers or the 2022 astros", "team_season",
         both(rec(2022, "LAN"), rec(2022, "HOU"))),
    case("who had more wins in 2023, the braves or the orioles", "team_season",
         both(rec(2023, "ATL"), rec(2023, "BAL"))),
    case("who had the better record in 2024 the yankees or the dodgers", "team_season",
         both(rec(2024, "NYA"), rec(2024, "LAN"))),
    case("who won 20 games in 2023", "leaders", lead("W", 2023)),
]

# ---------------------------------------------------------------- yes/no questions and negations

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

# ---------------------------------------------------------------- plural and possessive forms

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

# ---------------------------------------------------------------- British and other spellings

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

# ---------------------------------------------------------------- abbreviations

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
    case("tigers k leader 2024", ("team_season", "leaders", None), lambda t: ["strikeouts"]),
]

# ---------------------------------------------------------------- numbers in odd forms

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
    case("the 2020s best hitter", None, lambda t: [NO_DECADES]),
    case("who won the most games in the 2020s", None, lambda t: [NO_DECADES]),
    case("who won the world series in 2k21", "season", ws(2021), forbid=lambda t: [t.series(2024, "WS")[0]]),
    case("how did the yankees do two seasons ago", "team_season", rec(2024, "NYA"),
         forbid=lambda t: ["The 2025 New York Yankees"]),
    case("who won the world series the year before last", "season", ws(2024)),
    case("is judge projected to hit 50 next year", "forecast", lambda t: ["Aaron Judge", "2026"]),
]

# ---------------------------------------------------------------- 2021-2024: less famous players and teams

LESS_FAMOUS = [
    case("how many saves did ryan helsley have in 2024", "player",
         one_season("Ryan", "Helsley", 2024, "SV", "saves", pitching=True)),
    case("mason miller saves 2024", "player", one_season("Mason", "Miller", 2024, "SV", "saves", pitching=True)),
    case("brent rooker 2024", "player", one_season("Brent", "Rooker", 2024, "HR", "home runs")),
    case("lawrence butler 2024", "player", one_season("Lawrence", "Butler", 2024, "HR", "home runs")),
    case("jackson merrill 2024", "player", one_season("Jackson", "Merrill", 2024, "HR", "home runs")),
    case("masyn winn 2024", "player", one_season("Masyn", "Winn", 2024, "H", "hits")),
    case("wyatt langford 2024", "player", one_season("Wyatt", "Langford", 2024, "HR", "home runs")),
    case("colton cowser 2024", "player", one_season("Colton", "Cowser", 2024, "HR", "home runs")),
    case("jarren duran 2024", "player", one_season("Jarren", "Duran", 2024, "H", "hits")),
    case("william contreras 2024", "player", one_season("William", "Contreras", 2024, "HR", "home runs")),
    case("steven kwan 2022", "player", one_season("Steven", "Kwan", 2022, "H", "hits")),
    case("seiya suzuki 2023", "player", one_season("Seiya", "Suzuki", 2023, "HR", "home runs")),
    case("zac gallen wins 2023", "player", lambda t: ["Zac Gallen", t.won_lost(t.pid("Zac", "Gallen"), 2023)]),
    case("kodai senga strikeouts 2023", "player",
         one_season("Kodai", "Senga", 2023, "K", "strikeouts", pitching=True)),
    case("masataka yoshida 2023", "player", one_season("Masataka", "Yoshida", 2023, "HR", "home runs")),
    case("nathaniel lowe 2023", "player", one_season("Nathaniel", "Lowe", 2023, "HR", "home runs")),
    case("brenton doyle 2023", "player", one_season("Brenton", "Doyle", 2023, "SB", "stolen bases")),
    case("ha-seong kim 2023", "player", one_season("Ha-Seong", "Kim", 2023, "SB", "stolen bases")),
    case("tj friedl 2023", "player", one_season("TJ", "Friedl", 2023, "HR", "home runs")),
    case("felix bautista saves 2023", "player", one_season("Felix", "Bautista", 2023, "SV", "saves", pitching=True)),
    case("camilo doval saves 2023", "player", one_season("Camilo", "Doval", 2023, "SV", "saves", pitching=True)),
    case("triston casas 2023", "player", one_season("Triston", "Casas", 2023, "HR", "home runs")),
    case("michael harris ii 2022", "player", one_season("Michael", "Harris", 2022, "HR", "home runs")),
    case("isaac paredes 2023 home runs", "player", one_season("Isaac", "Paredes", 2023, "HR", "home runs")),
    case("how did the kansas city royals do in 2023", "team_season", rec(2023, "KCA")),
    case("how did the colorado rockies do in 2024", "team_season", rec(2024, "COL")),
    case("how did the washington nationals do in 2024", "team_season", rec(2024, "WAS")),
    case("what place did the tigers finish in 2024", "team_season", finished(2024, "DET")),
    case("how many runs did the rockies give up in 2023", "team_season",
         lambda t: [f"{int(t.team(2023, 'COL')['RA']):,}"]),
    case("who was the pirates manager in 2023", "team_season", managers(2023, "PIT")),
    case("who was the nationals best hitter in 2023", "team_season", best(2023, "WAS")),
    case("who knocked out the orioles in 2024", "team_season",
         lambda t: [t.teams[2024, r["teamIDwinner"]]["name"] for r in t.raw("SeriesPost")
                    if r["yearID"] == "2024" and r["teamIDloser"] == "BAL"]),
    case("did the royals make the playoffs in 2024", "team_season", went(2024, "KCA")),
    case("did the diamondbacks make the playoffs in 2024", "team_season", went(2024, "ARI")),
    case("who won the utility gold glove in the nl in 2023", "awards", won("GG", 2023, "NL", "UT")),
    case("who won the al reliever of the year in 2024", "awards", won("RELIEF", 2024, "AL")),
    case("who was the nl manager of the year in 2023", "awards", won("MOY", 2023, "NL")),
    case("who had the most saves in baseball in 2021", "leaders", lead("SV", 2021)),
    case("who had the most doubles in the nl in 2023", "leaders", lead("2B", 2023, "NL")),
    case("who hit the most triples in 2024", "leaders", lead("3B", 2024)),
    case("who had the best obp in the nl in 2023", "leaders", lead("OBP", 2023, "NL")),
    case("who had the most innings pitched in 2022", "leaders", lead("IP", 2022)),
    case("who stole the most bags in 2024", "leaders", lead("SB", 2024)),
    case("cal raleigh home runs 2024", "player", one_season("Cal", "Raleigh", 2024, "HR", "home runs"),
         forbid=lambda t: [t.team(2024, "LAA")["name"]]),
    case("how many hits did luis garcia have in 2023", "player",
         lambda t: ["Luis Garcia", f"{t.bat_total('garcilu04', 'H', 2023)} hits"]),
    case("will smith 2024 home runs", "player", lambda t: ["Will Smith", f"{t.bat_total('smithwi05', 'HR', 2024)} "
                                                                         "home runs"]),
    case("tell me about will smith", "player", lambda t: ["Will Smith"]),
    case("how did the tampa bay devil rays do in 2021", "team_season", rec(2021, "TBA"),
         forbid=lambda t: ["Jason Bay"]),
    case("what division did the brewers win in 2023", "season", division(2023, "NL", "C")),
    case("where do the guardians play", "team_season", lambda t: [t.team(2024, "CLE")["park"]]),
    case("what was the score of the 2021 alcs", "season", series(2021, "ALCS")),
]

# ---------------------------------------------------------------- what the data cannot answer: said plainly

NOT_IN_THE_DATA = [
    case("who hit the most grand slams in 2023", None, lambda t: [NO_GAMES]),
    case("who had the longest hitting streak in 2024", None, lambda t: [NO_GAMES]),
    case("who won game 5 of the 2024 world series", "season",
         lambda t: ["not single games or their scores", t.series(2024, "WS")[0]]),
    case("who won the kbo in 2024", None, lambda t: [BASEBALL_ONLY]),
    case("how tall is shohei ohtani", "sql", body("ohtansh01")),
    case("what position does bobby witt jr play", "player", lambda t: ["don't give a player's position"],
         honest=True),
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
    case("what was the attendance at yankee stadium in 2024", (None, "team_season"), lambda t: ["attendance"],
         honest=True),
    case("how many home runs did the yankees hit in 2022", (None, "team_season"), lambda t: ["home runs"],
         honest=True),
    case("what was the braves team batting average in 2023", (None, "team_season"), lambda t: ["batting average"],
         honest=True),
    case("how many home runs did zzyzx hit", None, forbid=lambda t: [t.career_leader("HR")[0]], honest=True),
]

# ---------------------------------------------------------------- a season a player did not play: no ids

NOT_PLAYING = [
    case("how many home runs did mike trout hit in 2010", "player", gone("troutmi01", 2010)),
    case("did albert pujols play in 2023", "player", gone("pujolal01", 2023)),
    case("paul skenes 2023", "player", gone("skenepa01", 2023)),
    case("how did buster posey do in 2022", "player", gone("poseybu01", 2022)),
]


@pytest.mark.parametrize("question,tool,args,expect,forbid,honest",
                         SPOKEN + SEVERAL + TEAM_AND_PLAYER + COMPARISONS + YES_NO + FORMS + SPELLINGS
                         + ABBREVIATIONS + NUMBERS + LESS_FAMOUS + NOT_IN_THE_DATA + NOT_PLAYING)
def test_phrasing(question, tool, args, expect, forbid, honest):
    check(asked(question), question, tool, args, expect, forbid, honest)
