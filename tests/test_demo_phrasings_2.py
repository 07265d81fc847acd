"""Demo mode, one question at a time: a second round of phrasings the first round (test_demo_phrasings.py)
does not ask.

New wordings, players, teams and seasons, weighted to 2021-2024 (records, leaders in both leagues, every
postseason round, awards by position, Hall of Fame classes and votes, careers "through 2024", the 2025
projections, the Athletics and the Guardians), sloppy text (typos in team, stat and player words, partial
names, capitals, filler, voice transcripts with spoken numbers, two questions in one) and honest declines
(other competitions, single games and months, decades, counts across seasons, schedules, heights, salaries).

Same conventions as the first round: each phrasing goes through the real loop (``run_turn``) with the real
demo model, tools and published data, and is judged by ``demo_truth.check`` against facts computed from the
raw Lahman tables (tests/demo_truth.py; no pipeline/ or agent_py code). A phrasing the demo gets wrong today
is marked ``xfail(strict=True)`` with what it does wrong: the list is the lead's work queue, and a fix turns
the mark into a failure to remove.
"""

from __future__ import annotations

import json
import re

import pytest
from conftest_data import baseball_data  # noqa: F401  (a fixture)
from demo_truth import published  # noqa: F401  (an autouse fixture)
from demo_truth import LAST
from demo_truth import body, salary
from demo_truth import (BASEBALL_ONLY, NO_DECADES, NO_GAMES, ONE_SEASON, ask, asked, calls_of, career, case, check,
                        did_win, era, fold, hall, lead, names_a_projected_leader, one_season, pit, projected_arms,
                        projected_bats, rec, says, tool_of, truth, won, ws)

from baseball.demo import HELP


# ---------------------------------------------------------------- truths used here (and demo_truth's)


def winners(season, prefix):
    """The winners of every round of a season whose code starts with prefix ('ALDS', 'NLWC')."""
    return lambda t: [t.teams[season, r["teamIDwinner"]]["name"] for r in t.rounds(season, prefix)]


def only(code, season, league, position):
    """What an award-by-position answer must not say: that league's other winners of the award that season."""
    return lambda t: [x for x in t.award(code, season, league) if x not in t.award(code, season, league, position)]


def times(pid, code):
    return lambda t: [t.name(pid), f"{len(t.award_years(pid, code))} times"]


def most(code):
    """Who won the award in the most seasons, and how many."""
    def pieces(t):
        counts = t.award_counts(code)
        top = max(counts.values())
        return [f"{top} times", *(t.name(p) for p, c in counts.items() if c == top)]
    return pieces


def best_in_league(season, league):
    """The league's best record: [team, 'W wins and L losses']."""
    def pieces(t):
        best = max((r for (y, _), r in t.teams.items() if y == season and r["lgID"] == league),
                   key=lambda r: int(r["W"]) / (int(r["W"]) + int(r["L"])))
        return [best["name"], t.record(season, best["teamID"])]
    return pieces


def all_star_run(t):
    """The longest run of All-Star selections still going in the last season (no game was played in 2020, so it
    breaks no run): [name, 'N in a row']."""
    runs = []
    for pid in {r["playerID"] for r in t.raw("AllstarFull") if r["yearID"] == str(LAST)}:
        years, y, length = set(t.all_star_years(pid)), LAST, 0
        while y in years or y == 2020:
            length += y != 2020
            y -= 1
        runs.append((length, t.name(pid)))
    length, name = max(runs)
    return [name, f"{length} in a row"]


def team_stat(season, team_id, *columns):
    """'708 runs', 'allowing 621': a team's totals as said (Teams: R, RA)."""
    return lambda t: [f"{int(t.team(season, team_id)[c]):,}" for c in columns] + [str(season)]


# ---------------------------------------------------------------- teams, 2021-2024, typed the way people type

TEAMS = [
    case("how did the guardains do in 2023", "team_season", rec(2023, "CLE")),
    case("how did the diamondbaks do in 2023", "team_season",
         lambda t: [t.record(2023, "ARI"), t.postseason(2023, "ARI")]),
    case("how'd the phillies do in 2022", "team_season", lambda t: [t.record(2022, "PHI"), t.postseason(2022, "PHI")]),
    case("record of the 2021 giants", "team_season", rec(2021, "SFN")),
    case("how many games did the a's lose in 2023", "team_season", rec(2023, "OAK")),
    case("how bad were the athletics in 2023", "team_season", rec(2023, "OAK")),
    case("how did the oakland a's do in 2022", "team_season", rec(2022, "OAK")),
    case("how did the mets do in twenty twenty one", "team_season", rec(2021, "NYN")),
    case("reds 2023 record", "team_season", rec(2023, "CIN")),
    case("how many wins did the brewers have in 2023", "team_season", rec(2023, "MIL")),
    case("the 2022 dodgers record", "team_season", rec(2022, "LAN")),
    case("how did the twins do in 2023", "team_season", lambda t: [t.record(2023, "MIN"), t.postseason(2023, "MIN")]),
    case("how did the pirates do in 2021", "team_season", rec(2021, "PIT")),
    case("how did the angels do in 2024", "team_season", rec(2024, "LAA")),
    case("what was the marlins record in 2023", "team_season", rec(2023, "MIA")),
    case("how did the rays do in 2021", "team_season", rec(2021, "TBA")),
    case("how did the red sox do in 2021", "team_season", lambda t: [t.record(2021, "BOS"), t.postseason(2021, "BOS")]),
    case("how did the cleveland indians do in 2021", "team_season", lambda t: [t.record(2021, "CLE"), "Indians"]),
    # the Guardians' name, asked of a season when the team was still the Indians: the franchise's 2021 season
    case("how did the cleveland guardians do in 2021", "team_season",
         lambda t: [t.record(2021, "CLE"), t.team(2021, "CLE")["name"]]),
    case("the 2024 cleveland guardians", "team_season", rec(2024, "CLE")),
    case("detroit tigers 2024", "team_season", lambda t: [t.record(2024, "DET"), t.postseason(2024, "DET")]),
    # the Athletics' next home is not in the data: any name of theirs means the 2024 Oakland club
    case("how did the sacramento athletics do in 2024", "team_season", rec(2024, "OAK")),
    case("whats the a's record in 2024", "team_season", rec(2024, "OAK")),
    case("how did teh yankees do in 2023", "team_season", rec(2023, "NYA")),
    case("how did the yankes do in 2022", "team_season", rec(2022, "NYA")),
    case("how did the dodgres do in 2021", "team_season", rec(2021, "LAN")),
    case("how did the astors do in 2023", "team_season", rec(2023, "HOU")),
    case("how did the carinals do in 2022", "team_season", rec(2022, "SLN")),
    case("how did the philles do in 2024", "team_season", rec(2024, "PHI")),
    case("how did the brewrs do in 2024", "team_season", rec(2024, "MIL")),
    case("yo whats the deal with the 2023 rangers", "team_season",
         lambda t: [t.record(2023, "TEX"), t.postseason(2023, "TEX")]),
    case("the braves 2021 how'd they do", "team_season", rec(2021, "ATL")),
    case("mariners twenty twenty two", "team_season", rec(2022, "SEA")),
    case("padres 24", "team_season", rec(2024, "SDN")),
    case("dodgers 2020 record?", "team_season", rec(2020, "LAN")),
    case("okay google how did the guardians do in twenty twenty four", "team_season", rec(2024, "CLE")),
    case("tell me how the orioles did in twenty twenty three please", "team_season", rec(2023, "BAL")),
    case("how did the mets do in 2024 did they make the playoffs", "team_season",
         lambda t: [t.record(2024, "NYN"), t.postseason(2024, "NYN")]),
    case("what was the dodgers record in 2024 and who managed them", "team_season",
         lambda t: [t.record(2024, "LAN"), *t.managers(2024, "LAN")]),
]

# A team's season beyond its record: managers, best hitters, runs, park, how far it went.
TEAM_DETAILS = [
    case("who managed the guardians in 2022", "team_season", lambda t: [*t.managers(2022, "CLE"), "2022"]),
    case("who was the manager of the royals in 2024", "team_season", lambda t: t.managers(2024, "KCA")),
    case("who managed the white sox in 2024", "team_season", lambda t: t.managers(2024, "CHA")),
    case("who managed the yankees last year", "team_season", lambda t: [*t.managers(2025, "NYA"), "2025"]),
    case("who was the guardians best hitter in 2024", "team_season", lambda t: [t.best_hitter(2024, "CLE")]),
    case("who was the mets best hitter in 2024", "team_season", lambda t: [t.best_hitter(2024, "NYN")]),
    case("best hitter on the 2023 braves", "team_season", lambda t: [t.best_hitter(2023, "ATL")]),
    case("how many runs did the braves score in 2023", "team_season", team_stat(2023, "ATL", "R")),
    case("how many runs did the white sox allow in 2024", "team_season", team_stat(2024, "CHA", "RA")),
    case("what was the guardians run differential in 2024", "team_season", team_stat(2024, "CLE", "R", "RA")),
    case("where did the a's play in 2024", "team_season", lambda t: [t.team(2024, "OAK")["park"]]),
    case("did the padres make the playoffs in 2024", "team_season", lambda t: [t.postseason(2024, "SDN")]),
    case("did the giants make the playoffs in 2023", "team_season", lambda t: [t.postseason(2023, "SFN")]),
    case("how far did the yankees go in 2024", "team_season", lambda t: [t.postseason(2024, "NYA")]),
    case("how far did the phillies get in 2023", "team_season", lambda t: [t.postseason(2023, "PHI")]),
    case("who knocked out the braves in 2023", "team_season",
         lambda t: [t.teams[2023, r["teamIDwinner"]]["name"] for r in t.rounds(2023, "NLDS")
                    if r["teamIDloser"] == "ATL"]),
    case("who eliminated the dodgers in 2022", "team_season",
         lambda t: [t.teams[2022, r["teamIDwinner"]]["name"] for r in t.rounds(2022, "NLDS")
                    if r["teamIDloser"] == "LAN"]),
    case("who did the braves beat in the 2021 world series", "team_season", lambda t: [t.series(2021, "WS")[1]]),
    # a team's leader in one stat: the tool ranks a team's hitters by OPS only, and says so
    case("who led the yankees in home runs in 2024", "team_season",
         lambda t: [t.team_leader(2024, "NYA", "HR")[0], f"{t.team_leader(2024, 'NYA', 'HR')[1]} home runs"]),
    case("who hit the most homers for the dodgers in 2023", "team_season",
         lambda t: [t.team_leader(2023, "LAN", "HR")[0], f"{t.team_leader(2023, 'LAN', 'HR')[1]} home runs"]),
    case("who led the guardians in rbi in 2024", "team_season",
         lambda t: [t.team_leader(2024, "CLE", "RBI")[0], f"{t.team_leader(2024, 'CLE', 'RBI')[1]} RBI"]),
]

# ---------------------------------------------------------------- leaders, 2021-2024, both leagues, more stats

LEADERS = [
    case("who led the american league in batting in 2022", "leaders", lead("AVG", 2022, "AL"), {"stat": "AVG"}),
    case("who had the most hits in 2024", "leaders", lead("H", 2024), {"stat": "H"}),
    case("most hits in the nl in 2023", "leaders", lead("H", 2023, "NL")),
    case("who led the majors in doubles in 2024", "leaders", lead("2B", 2024), {"stat": "2B"}),
    case("who led the al in walks in 2023", "leaders", lead("BB", 2023, "AL"), {"stat": "BB"}),
    case("who led the nl in ops in 2024", "leaders", lead("OPS", 2024, "NL"), {"stat": "OPS"}),
    case("highest ops in the al in 2022", "leaders", lead("OPS", 2022, "AL")),
    case("who led the league in slugging in 2021", "leaders", lead("SLG", 2021), {"stat": "SLG"}),
    case("most triples 2022", "leaders", lead("3B", 2022), {"stat": "3B"}),
    case("who led the al in runs scored in 2024", "leaders", lead("R", 2024, "AL"), {"stat": "R"}),
    case("most strikeouts by a batter in 2023", "leaders", lead("SO", 2023), {"stat": "SO"}),
    case("which hitter struck out the most in 2022", "leaders", lead("SO", 2022), {"stat": "SO"}),
    case("who led the nl in era in 2024", "leaders", lead("ERA", 2024, "NL")),
    case("lowest era in baseball 2023", "leaders", lead("ERA", 2023)),
    case("who had the most wins in 2024", "leaders", lead("W", 2024)),
    case("who won the most games in the nl in 2022", "leaders", lead("W", 2022, "NL"), {"stat": "W"}),
    case("who had the most saves in the al in 2023", "leaders", lead("SV", 2023, "AL")),
    case("whip leader 2024", "leaders", lead("WHIP", 2024), {"stat": "WHIP"}),
    case("who pitched the most innings in 2023", "leaders", lead("IP", 2023), {"stat": "IP"}),
    case("most shutouts 2021", "leaders", lead("SHO", 2021), {"stat": "SHO"}),
    case("who led the league in hr in 2024", "leaders", lead("HR", 2024)),
    case("hr leader 2021 al", "leaders", lead("HR", 2021, "AL")),
    case("homerun leader 2023 national league", "leaders", lead("HR", 2023, "NL")),
    case("top ten home run hitters 2023", "leaders", lead("HR", 2023), {"top": 10}),
    case("give me the 2023 al home run leaders top 5", "leaders", lead("HR", 2023, "AL"), {"top": 5}),
    case("top 3 in stolen bases nl 2024", "leaders", lead("SB", 2024, "NL"), {"top": 3}),
    case("who was the rbi leader in the american league in 2022", "leaders", lead("RBI", 2022, "AL")),
    case("who had the highest batting average in 2024", "leaders", lead("AVG", 2024)),
    case("who won the nl batting title in 2023", "leaders", lead("AVG", 2023, "NL")),
    case("who won the al batting title in 2021", "leaders", lead("AVG", 2021, "AL")),
    case("who led the nl in stolen bases in 2021", "leaders", lead("SB", 2021, "NL")),
    case("most strikeouts in 2022 by a pitcher", "leaders", lead("K", 2022), {"stat": "K"}),
    case("who led the al in strikouts in 2023", "leaders", lead("K", 2023, "AL"), {"stat": "K"}),
    case("who lead the al in home runs 2021", "leaders", lead("HR", 2021, "AL")),
    case("led the nl in rbis 2024", "leaders", lead("RBI", 2024, "NL")),
    case("who had the most ribbies in 2023", "leaders", lead("RBI", 2023)),
    case("who stole the most bases in the al in 2022", "leaders", lead("SB", 2022, "AL")),
    case("who had the most k's in 2021", "leaders", lead("K", 2021)),
    case("al saves leader 2024", "leaders", lead("SV", 2024, "AL")),
    case("best era national league 2021", "leaders", lead("ERA", 2021, "NL")),
    case("who led mlb in wins in 2022", "leaders", lead("W", 2022)),
    case("who led baseball in homers in 2024", "leaders", lead("HR", 2024)),
    case("WHO LED THE NL IN STOLEN BASES IN 2023", "leaders", lead("SB", 2023, "NL")),
    case("so who led the a l in homers in two thousand twenty four", "leaders", lead("HR", 2024, "AL")),
    case("who led the nl in home runs in 2022 lol", "leaders", lead("HR", 2022, "NL")),
    # ---- wrong today
    case("most wins in the american leage in 2023", "leaders", lead("W", 2023, "AL")),
    case("top 3 base stealers 2024", "leaders", lead("SB", 2024)),
    case("who led the nl in hone runs in 2023", "leaders", lead("HR", 2023, "NL"), {"stat": "HR"}),
    case("i want to know who won the nl batting title in 2022 and also the al one", "leaders",
         lead("AVG", 2022, "NL")),
]

# ---------------------------------------------------------------- the postseason, 2021-2024, every round

POSTSEASON = [
    case("who won the 2021 alcs", "season", lambda t: list(t.series(2021, "ALCS"))),
    case("who won the nlcs in 2021", "season", lambda t: list(t.series(2021, "NLCS")[:2])),
    case("2023 nlcs winner", "season", lambda t: list(t.series(2023, "NLCS")[:2])),
    case("who won the alds in 2022", "season", winners(2022, "ALDS")),
    case("who played in the 2022 world series", "season", ws(2022)),
    case("who lost the 2023 world series", "season", ws(2023)),
    case("who won the nl wild card game in 2021", "season", lambda t: list(t.series(2021, "NLWC")[:2])),
    case("al wild card 2024", "season", winners(2024, "ALWC")),
    case("nl wild card series 2023", "season", winners(2023, "NLWC")),
    case("who were the wild card teams in 2023", "season", lambda t: t.wild_card_teams(2023)),
    case("who won the nl west in 2022", "season", lambda t: [t.division_winner(2022, "NL", "W")["name"]]),
    case("al central champs 2024", "season", lambda t: [t.division_winner(2024, "AL", "C")["name"]]),
    case("who won the al west in 2021", "season", lambda t: [t.division_winner(2021, "AL", "W")["name"]]),
    case("nl east winner 2024", "season", lambda t: [t.division_winner(2024, "NL", "E")["name"]]),
    case("who won the nl central in 2023", "season", lambda t: [t.division_winner(2023, "NL", "C")["name"]]),
    case("who won the american league pennant in 2022", "season", lambda t: [t.pennant(2022, "AL")]),
    case("nl pennant winner 2021", "season", lambda t: [t.pennant(2021, "NL")]),
    case("did the d-backs win the pennant in 2023", "season", lambda t: [t.pennant(2023, "NL")]),
    case("what team had the best record in 2023", "season",
         lambda t: [t.best_record(2023)["name"], f"{t.best_record(2023)['W']} wins"]),
    case("which team won the most games in 2021", "season", lambda t: [t.best_record(2021)["name"]]),
    case("2022 fall classic", "season", ws(2022)),
    case("um who won the uh world series in twenty twenty two", "season", ws(2022)),
    case("who won the world series in twenty twenty one", "season", ws(2021)),
    case("how many games did the 2024 world series go", "season",
         lambda t: [f"{t.series(2024, 'WS')[2]} games to {t.series(2024, 'WS')[3]}"]),
    case("who won game 4 of the 2023 world series", "season",
         lambda t: ["not single games or their scores", t.series(2023, "WS")[0]]),
    # ---- wrong today
    case("who had the worst record in 2024", (None, "season"), lambda t: [t.worst_record(2024)["name"]]),
    case("which american league team had the best record in 2024", "season", best_in_league(2024, "AL"),
         forbid=lambda t: [f"best record in 2024 belonged to the {t.best_record(2024)['name']}"]),
    case("which team scored the most runs in 2023", None,  # no tool ranks teams by a stat: said plainly
         lambda t: ["rank players by a stat, not teams"], forbid=lambda t: ["Ronald Acuna"]),
    case("who were the champs in 2023", "season", ws(2023)),
    case("which teams made the playoffs in 2024", "season", lambda t: t.postseason_teams(2024)),
    case("who won the world series in twenty twenty four and who did they beat", "season", ws(2024)),
    case("yankees dodgers world series 2024 who won", ("season", "team_season"), ws(2024)),
]

# ---------------------------------------------------------------- awards, 2021-2024: by league, by position

AWARDS = [
    case("who was the american league mvp in 2024", "awards", won("MVP", 2024, "AL"), {"league": "AL"}),
    case("who won the nl mvp in twenty twenty two", "awards", won("MVP", 2022, "NL")),
    case("who won the al cy young in 2021", "awards", won("CYA", 2021, "AL")),
    case("cy young winners 2024", "awards", won("CYA", 2024)),
    case("who won the cy young in the american league in 2023", "awards", won("CYA", 2023, "AL"),
         forbid=lambda t: t.award("CYA", 2023, "NL")),
    case("nl roy 2024", "awards", won("ROY", 2024, "NL")),
    case("rookie of the year 2021", "awards", won("ROY", 2021)),
    case("al rookie of the year twenty twenty two", "awards", won("ROY", 2022, "AL")),
    case("who won the gold glove at second base in the nl in 2024", "awards", won("GG", 2024, "NL", "2B"),
         forbid=only("GG", 2024, "NL", "2B")),
    case("gold glove shortstop nl 2021", "awards", won("GG", 2021, "NL", "SS"), forbid=only("GG", 2021, "NL", "SS")),
    case("gold glove third base al 2021", "awards", won("GG", 2021, "AL", "3B"), forbid=only("GG", 2021, "AL", "3B")),
    case("who won the al gold glove in right field in 2024", "awards", won("GG", 2024, "AL", "RF"),
         forbid=only("GG", 2024, "AL", "RF")),
    case("who won the utility gold glove in 2023", "awards", won("GG", 2023, None, "UT")),
    case("silver slugger catcher al 2023", "awards", won("SS", 2023, "AL", "C"), forbid=only("SS", 2023, "AL", "C")),
    case("who won the silver slugger at dh in 2024", "awards", won("SS", 2024, None, "DH")),
    case("silver slugger shortstop 2022 nl", "awards", won("SS", 2022, "NL", "SS"),
         forbid=only("SS", 2022, "NL", "SS")),
    case("silver slugger second base nl 2023", "awards", won("SS", 2023, "NL", "2B"),
         forbid=only("SS", 2023, "NL", "2B")),
    case("silver slugger outfielders al 2024", "awards", won("SS", 2024, "AL", "OF"),
         forbid=only("SS", 2024, "AL", "OF")),
    case("who won the silver slugger for pitchers in the nl in 2021", "awards", won("SS", 2021, "NL", "P"),
         forbid=only("SS", 2021, "NL", "P")),
    case("who was world series mvp in 2021", "awards", won("WSMVP", 2021)),
    case("2023 world series mvp", "awards", won("WSMVP", 2023)),
    case("who won the nlcs mvp in 2024", "awards", won("NLCSMVP", 2024)),
    case("who won the manager of the year in 2024", "awards", won("MOY", 2024)),
    case("al manager of the year 2023", "awards", won("MOY", 2023, "AL")),
    case("who won the reliever of the year in 2022", "awards", won("RELIEF", 2022)),
    case("comeback player of the year 2024", "awards", won("COMEBACK", 2024)),
    case("pitching triple crown 2024", "awards", won("TC", 2024)),
    case("Who Won The AL Cy Young In 2022", "awards", won("CYA", 2022, "AL")),
    case("did ohtani win the mvp in 2024", "awards", did_win("Shohei Ohtani", "MVP", 2024)),
    case("did juan soto win the mvp in 2024", "awards", did_win("Juan Soto", "MVP", 2024)),
    case("did bobby witt jr win the mvp in 2024", "awards", did_win("Bobby Witt Jr.", "MVP", 2024)),
    case("did skubal win the cy young in 2024", "awards", did_win("Tarik Skubal", "CYA", 2024)),
    case("did gerrit cole win the cy young in 2022", "awards", did_win("Gerrit Cole", "CYA", 2022)),
    case("did julio rodriguez win rookie of the year in 2022", "awards", did_win("Julio Rodriguez", "ROY", 2022)),
    case("did paul skenes win rookie of the year", ("player", "awards"),
         lambda t: ["Paul Skenes", *map(str, t.award_years("skenepa01", "ROY"))]),
    case("was ichiro ever an mvp", "player", lambda t: ["Ichiro Suzuki", *map(str, t.award_years("suzukic01", "MVP"))]),
    case("how many cy youngs does justin verlander have", "player", times("verlaju01", "CYA")),
    case("how many mvps does aaron judge have", "player", times("judgeaa01", "MVP")),
    case("how many gold gloves did nolan arenado win", "player", times("arenano01", "GG")),
    case("how many silver sluggers does mookie betts have", "player", times("bettsmo01", "SS")),
    case("who has won the most gold gloves", "awards", most("GG")),
    case("who has the most silver sluggers", "awards", most("SS")),
    case("who was the last player to win the triple crown", "awards",  # (2024's rows are pitching Triple Crowns)
         lambda t: [t.name(max((r for r in t.raw("AwardsPlayers") if r["awardID"] == "Triple Crown"
                                and r["yearID"] < "2024"), key=lambda r: r["yearID"])["playerID"])]),
    # ---- wrong today
    case("who won the gold glove in center field in the al in 2022", "awards", won("GG", 2022, "AL", "OF")),
    case("gold glove center field nl 2024", "awards", won("GG", 2024, "NL", "CF"), forbid=lambda t: ["Pete Center"]),
    case("did anyone win the triple crown in 2024", "awards", won("TC", 2024)),
    case("who won the hank aaron award in 2023", "awards", won("AARON", 2023), forbid=lambda t: ["Award awards"]),
    case("hey siri who won the cy young in twenty twenty four", "awards", won("CYA", 2024),
         forbid=lambda t: ["Jose Siri"]),
    case("who was the m v p in the american league in twenty twenty one", "awards", won("MVP", 2021, "AL")),
]

# ---------------------------------------------------------------- the Hall of Fame: classes, votes, players

HALL = [
    case("who got inducted into cooperstown in 2021", "awards",
         lambda t: ["No one", "2021"] if not t.hall_class(2021) else t.hall_class(2021)),
    case("was anyone elected to the hall of fame in 2021", "awards",
         lambda t: ["No one", "Curt Schilling", t.hall_vote("schilcu01", 2021)]),
    case("who fell short of the hall of fame in 2024", "awards",
         lambda t: ["Billy Wagner", t.hall_vote("wagnebi02", 2024)]),
    case("who made the hall of fame in 2022", "awards",
         lambda t: [*t.hall_class(2022), t.hall_vote("ortizda01", 2022)]),
    case("cooperstown class of 2025", "awards", lambda t: [*t.hall_class(2025), t.hall_vote("suzukic01", 2025)]),
    case("is todd helton in the hall of fame", "player", hall("heltoto01")),
    case("when was scott rolen inducted", "player", hall("rolensc01")),
    case("is fred mcgriff a hall of famer", "player", hall("mcgrifr01")),
    case("did billy wagner make the hall of fame", "player", hall("wagnebi02")),
    case("is alex rodriguez in the hall of fame", "player", hall("rodrial01"), forbid=hall("rodrial01", False)),
    case("is carlos beltran in the hall of fame", "player", hall("beltrca01"), forbid=hall("beltrca01", False)),
    case("is andruw jones in the hall of fame", "player", hall("jonesan01"), forbid=hall("jonesan01", False)),
    case("is clemens in the hall of fame", "player", hall("clemero02"), forbid=hall("clemero02", False)),
    # ---- wrong today
    case("is joe mauer in the hof", "player", hall("mauerjo01")),
    case("what percentage of the vote did ichiro get", "player", lambda t: [t.hall_vote("suzukic01", 2025)]),
    case("how close did billy wagner come to the hall of fame in 2024", ("awards", "player"),
         lambda t: ["Billy Wagner", t.hall_vote("wagnebi02", 2024)]),
]

# ---------------------------------------------------------------- players: active careers, 2021-2024 seasons, typos

PLAYERS = [
    case("how many hits does jose altuve have", "player", lambda t: [*career("Jose", "Altuve", "H", "hits")(t),
                                                                     "through 2025"]),
    case("jose altuve career", "player", career("Jose", "Altuve", "H", "hits")),
    case("paul goldschmidt 2022", "player", one_season("Paul", "Goldschmidt", 2022, "HR", "home runs")),
    case("mookie betts 2023 stats", "player", one_season("Mookie", "Betts", 2023, "HR", "home runs")),
    case("how many home runs did kyle schwarber hit in 2022", "player",
         one_season("Kyle", "Schwarber", 2022, "HR", "home runs")),
    case("gunnar henderson 2024", "player", one_season("Gunnar", "Henderson", 2024, "HR", "home runs")),
    case("julio rodriguez 2022", "player", one_season("Julio", "Rodriguez", 2022, "HR", "home runs")),
    case("adley rutschman", "player", career("Adley", "Rutschman", "H", "hits")),
    case("manny machado career home runs", "player", career("Manny", "Machado", "HR", "home runs")),
    case("nolan arenado career", "player", career("Nolan", "Arenado", "HR", "home runs")),
    case("bryce harper career home runs", "player", career("Bryce", "Harper", "HR", "home runs")),
    case("giancarlo stanton home runs", "player", career("Giancarlo", "Stanton", "HR", "home runs")),
    case("how many strikeouts did gerrit cole have in 2023", "player",
         one_season("Gerrit", "Cole", 2023, "K", "strikeouts", pitching=True)),
    case("zack wheeler 2024 era", "player", era("wheelza01", 2024)),
    case("chris sale 2024", "player",
         lambda t: [*era("salech01", 2024)(t), *pit("salech01", "K", "strikeouts", 2024)(t)]),
    case("blake snell 2023 era", "player", era("snellbl01", 2023)),
    case("sandy alcantara 2022", "player", era("alcansa01", 2022)),
    case("how many saves did edwin diaz have in 2022", "player",
         one_season("Edwin", "Diaz", 2022, "SV", "saves", pitching=True)),
    case("devin williams", "player", career("Devin", "Williams", "SV", "saves", pitching=True)),
    case("corbin burnes 2021", "player", era("burneco01", 2021)),
    case("shane bieber career strikeouts", "player", pit("biebesh01", "K", "strikeouts")),
    case("justin verlander 2022 era", "player", era("verlaju01", 2022)),
    case("max scherzer career wins", "player", lambda t: ["Max Scherzer", t.won_lost("scherma01")]),
    case("clayton kershaw career era", "player", era("kershcl01")),
    case("kershaw strikeouts", "player", pit("kershcl01", "K", "strikeouts")),
    case("verlander wins", "player", lambda t: ["Justin Verlander", t.won_lost("verlaju01")]),
    case("vlad guerrero jr home runs 2021", "player", one_season("Vladimir", "Guerrero", 2021, "HR", "home runs")),
    case("ronald acuna jr 2023", "player", one_season("Ronald", "Acuña", 2023, "HR", "home runs")),
    case("shohei otani 2021", "player", one_season("Shohei", "Ohtani", 2021, "HR", "home runs")),
    case("show hey ohtani 2024 home runs", "player", one_season("Shohei", "Ohtani", 2024, "HR", "home runs")),
    case("aaron jugde 2024", "player", one_season("Aaron", "Judge", 2024, "HR", "home runs")),
    case("mike trot home runs", "player", career("Mike", "Trout", "HR", "home runs")),
    case("bobby wit jr 2024", "player", lambda t: ["Bobby Witt Jr.", f"{t.bat_total('wittbo02', 'H', 2024)} hits"]),
    case("witt jr hits 2024", "player", lambda t: ["Bobby Witt Jr.", f"{t.bat_total('wittbo02', 'H', 2024)} hits"]),
    case("yordan alvarez 2022", "player", one_season("Yordan", "Alvarez", 2022, "HR", "home runs")),
    case("corey seager 2023", "player", one_season("Corey", "Seager", 2023, "HR", "home runs")),
    case("marcus semien 2023 hits", "player", one_season("Marcus", "Semien", 2023, "H", "hits")),
    case("salvador perez 2021 home runs", "player", one_season("Salvador", "Perez", 2021, "HR", "home runs")),
    case("luis arraez batting average 2023", "player",
         lambda t: ["Luis Arraez", f"{t.avg(t.pid('Luis', 'Arraez'), 2023)} batting average"]),
    case("spencer strider 2023 wins", "player", lambda t: ["Spencer Strider", t.won_lost("stridsp01", 2023)]),
    case("skenes era", "player", era("skenepa01")),
    case("freddy freeman 2024", "player", one_season("Freddie", "Freeman", 2024, "HR", "home runs")),
    case("jose altuev hits", "player", career("Jose", "Altuve", "H", "hits")),
    case("mookie bets 2024", "player", one_season("Mookie", "Betts", 2024, "HR", "home runs")),
    case("vladimir guerero jr 2024", "player", one_season("Vladimir", "Guerrero", 2024, "HR", "home runs")),
    case("degrom 2021 era", "player", era("degroja01", 2021)),
    case("ohtani era 2022", "player",
         lambda t: [t.era("ohtansh01", 2022), f"{t.bat_total('ohtansh01', 'HR', 2022)} home runs"]),
    case("ohtani pitching 2023", "player",
         lambda t: [t.era("ohtansh01", 2023), f"{t.pit_total('ohtansh01', 'SO', 2023)} strikeouts"]),
    case("elly de la cruz stolen bases 2024", "player", one_season("Elly", "De La Cruz", 2024, "SB", "stolen bases")),
    case("jackson chourio 2024", "player", one_season("Jackson", "Chourio", 2024, "HR", "home runs")),
    case("how many hr did schwarber hit in 2024", "player", one_season("Kyle", "Schwarber", 2024, "HR", "home runs")),
    case("how many stolen basses did acuna have in 2023", "player",
         one_season("Ronald", "Acuña", 2023, "SB", "stolen bases")),
    case("how many strike outs did cole have in 2022", "player",
         one_season("Gerrit", "Cole", 2022, "K", "strikeouts", pitching=True)),
    case("what was skubals era in 2024", "player", era("skubata01", 2024)),
    case("what was the e r a of gerrit cole in twenty twenty three", "player", era("colege01", 2023)),
    case("how many home runs did aaron judge hit in two thousand twenty two", "player",
         one_season("Aaron", "Judge", 2022, "HR", "home runs")),
    case("whats freddie freemans batting average in 2024", "player",
         lambda t: ["Freddie Freeman", f"{t.avg('freemfr01', 2024)} batting average"]),
    case("is mike trout still playing", "player", lambda t: ["Mike Trout", "through 2025"]),
    # ---- wrong today
    case("how many home runs has aaron judge hit through 2024", "player",
         lambda t: ["Aaron Judge", f"{t.bat_total('judgeaa01', 'HR'):,} home runs"], {"name": "Aaron Judge"}),
    case("vladdy jr 2021", "player", one_season("Vladimir", "Guerrero", 2021, "HR", "home runs")),
    case("j rod 2023", "player", one_season("Julio", "Rodriguez", 2023, "HR", "home runs")),
    case("gunnar 2024", "player", one_season("Gunnar", "Henderson", 2024, "HR", "home runs")),
    case("juan sotos 2024", "player", one_season("Juan", "Soto", 2024, "HR", "home runs"),
         forbid=lambda t: ["Houston Astros"]),
    case("fernando tatis 2021 home runs", "player",
         lambda t: ["Fernando Tatis Jr.", f"{t.bat_total('tatisfe02', 'HR', 2021)} home runs"]),
    case("tell me about jose ramirez", "player", lambda t: sorted(t.team_names_of("ramirjo01"))),
]

# ---------------------------------------------------------------- what people ask that a keyword router might miss

BIO = [
    case("is chris sale left handed", "player", lambda t: ["Chris Sale", "threw left"]),
    case("does shohei ohtani bat left or right", "player", lambda t: ["Shohei Ohtani", "batted left"]),
    case("is freddie freeman a switch hitter", "player", lambda t: ["Freddie Freeman", "batted left"],
         forbid=lambda t: ["switch hitter"]),
    case("where was juan soto born", "player",
         lambda t: [t.people["sotoju01"]["birthCity"], t.people["sotoju01"]["birthYear"]]),
    case("how old was aaron judge in 2022", "player", lambda t: [f"{t.age('judgeaa01', 2022)} in the 2022 season"]),
    case("when did clayton kershaw debut", "player",
         lambda t: [str(min(int(r["yearID"]) for r in t.pit["kershcl01"]))]),
    case("when did albert pujols retire", "player", lambda t: [str(max(int(r["yearID"]) for r in t.bat["pujolal01"]))]),
    case("what team does aaron judge play for", "player", lambda t: sorted(t.team_names_of("judgeaa01"))),
    case("which teams did max scherzer pitch for in 2023", "player",
         lambda t: sorted(t.teams[2023, r["teamID"]]["name"] for r in t.pit["scherma01"] if r["yearID"] == "2023")),
    case("what team did juan soto play for in 2024", "player",
         lambda t: [t.teams[2024, r["teamID"]]["name"] for r in t.bat["sotoju01"] if r["yearID"] == "2024"]),
    case("how many all star games has mike trout been to", "player",
         lambda t: [f"All-Star {len(t.all_star_years('troutmi01'))} times"]),
    case("what was mookie betts best season", "player",
         lambda t: [str(max(t.bat["bettsmo01"], key=lambda r: int(r["HR"]))["yearID"])]),
    case("who has the longest active streak of all star selections", "streak_board", all_star_run,
         {"kind": "player_allstar"}),
    case("which team has the most consecutive winning seasons right now", "streak_board",
         lambda t: [t.active_runs("winning")[0][1], f"{t.active_runs('winning')[0][0]} in a row"],
         {"kind": "team_winning_seasons"}),
    case("who has the longest active playoff streak", "streak_board",
         lambda t: [t.active_runs("postseason")[0][1], f"{t.active_runs('postseason')[0][0]} in a row"],
         {"kind": "team_postseason"}),
]

# ---------------------------------------------------------------- the 2026 projection, hitters and pitchers

FORECASTS = [
    case("who will hit the most home runs next season", "forecast", lambda t: ["2026", projected_bats(t, "HR")[0]],
         {"stat": "HR"}),
    case("projected batting average leaders 2026", "forecast", lambda t: ["2026", "batting average"], {"stat": "AVG"}),
    case("who's projected to have the best ops in 2026", "forecast", lambda t: ["2026", projected_bats(t)[0]]),
    case("2026 whip projections", "forecast", lambda t: ["2026", "WHIP"], {"stat": "WHIP"}),
    case("what's juan soto's projection for 2026", "forecast", lambda t: ["Juan Soto", "2026"]),
    case("how many home runs is shohei ohtani projected to hit next year", "forecast",
         lambda t: ["Shohei Ohtani", "2026", "home runs"], {"stat": "HR"}),
    case("projected era for tarik skubal in 2026", "forecast", lambda t: ["Tarik Skubal", "ERA"], {"stat": "ERA"}),
    case("who's the best pitcher going into 2026", "forecast", lambda t: ["2026", projected_arms(t)[0]],
         {"stat": "ERA"}),
    case("top 5 pitchers for 2026", "forecast", lambda t: ["2026", "ERA"], {"stat": "ERA", "top": 5}),
    case("best hitters on the mets for 2026", "forecast", lambda t: ["New York Mets", "2026"]),
    case("dodgers pitching projections 2026", "forecast", lambda t: ["Los Angeles Dodgers", "ERA"], {"stat": "ERA"}),
    case("who will be the best hitter in the al next year", "forecast", lambda t: ["2026", "AL"]),
    case("best nl bat next season", "forecast", lambda t: ["2026", "NL"]),
    case("whos gonna lead the league in ops next year", "forecast", lambda t: ["2026", "OPS"]),
    case("the top 3 projected on base percentage for 2026", "forecast", lambda t: ["on-base percentage"],
         {"stat": "OBP", "top": 3}),
    case("what will the yankees record be in 2026", None, lambda t: ["ends with the 2025 season"]),
    case("who will win the al mvp in 2026", "awards", lambda t: ["2026 is outside", "2025"]),
    # ---- wrong today
    case("who will strike out the most batters in 2026", "forecast", lambda t: ["2026", "strikeouts"], {"stat": "K"}),
    case("best young pitcher for 2026", "forecast", lambda t: ["2026", "ERA"], {"stat": "ERA"},
         forbid=lambda t: ["bats"]),
    case("will the dodgers repeat in 2026", None, lambda t: ["ends with the 2025 season"]),
    case("where will the athletics play in 2026", None, lambda t: ["2025"]),
]


def _played_2025(t, name: str) -> set[str]:
    """The teams (ids) and leagues a player of that name played for in 2025 (Batting and Pitching)."""
    rows = [r for p in t.by_name[fold(name)] for r in t.bat[p] + t.pit[p] if r["yearID"] == "2025"]
    return {r["teamID"] for r in rows} | {r["lgID"] for r in rows}


def test_a_projection_board_for_a_team_or_league_is_theirs():
    """A team's 2026 board holds only players who played for that team in 2025, and a league's answer names the
    board's best of those who played in that league in 2025 (raw tables); the pitchers' and the home-run boards
    open with the best of 2023-2025."""
    t = truth()
    for question, team in (("best hitters on the mets for 2026", "NYN"), ("dodgers pitching projections 2026", "LAN"),
                           ("yankees pitchers projected for 2026", "NYA")):
        turn = ask(question)
        board = json.loads(calls_of(turn)[0]["result"])["board"]
        assert board and all(team in _played_2025(t, x["name"]) for x in board), (question, board)
        assert says(turn["answer"], board[0]["name"]), (question, turn["answer"])
    for question, league in (("who will be the best hitter in the al next year", "AL"),
                             ("best nl bat next season", "NL")):
        turn = ask(question)
        board = json.loads(calls_of(turn)[0]["result"])["board"]
        top = next(x["name"] for x in board if league in _played_2025(t, x["name"]))
        assert says(turn["answer"], top), (question, turn["answer"], top)
    for question, pool in (("who's the best pitcher going into 2026", projected_arms(t, "ERA", 10)),
                           ("who will hit the most home runs next season", projected_bats(t, "HR", 10))):
        names_a_projected_leader(question, pool)


# ---------------------------------------------------------------- what the data is not: an honest sentence


NOT_IN_THE_DATA = [
    case("how many touchdowns did patrick mahomes throw in 2023", None, lambda t: [BASEBALL_ONLY]),
    case("who won wimbledon in 2022", None, lambda t: [BASEBALL_ONLY]),
    case("what was the score of the 2023 all star game", None, lambda t: [NO_GAMES]),
    case("who hit a grand slam in the 2024 world series", "season",
         lambda t: ["not single games or their scores", t.series(2024, "WS")[0]]),
    case("most home runs in a single game", None, lambda t: [NO_GAMES]),
    case("which team won the most games in the 2000s", None, lambda t: [NO_DECADES]),
    case("best pitcher of the 2020s", None, lambda t: [NO_DECADES]),
    case("who has the most home runs in one season in the 2020s", None, lambda t: [NO_DECADES]),
    case("when did cleveland become the guardians", None, lambda t: [ONE_SEASON]),
    case("how tall is aaron judge", "sql", body("judgeaa01")),
    case("how much does aaron judge weigh", "sql", body("judgeaa01")),
    case("what is juan soto's contract", "sql", salary("sotoju01")),
    # ---- wrong today
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
    case("how many world series titles do the yankees have", None, lambda t: [ONE_SEASON],
         forbid=lambda t: ["his rings", "each player's"]),
    case("how many home runs did the dodgers hit from 2021 to 2024", None, lambda t: [ONE_SEASON]),
    case("what year did the guardians change their name", None, lambda t: [ONE_SEASON]),
]


@pytest.mark.parametrize("question,tool,args,expect,forbid,honest",
                         TEAMS + TEAM_DETAILS + LEADERS + POSTSEASON + AWARDS + HALL + PLAYERS + BIO + FORECASTS
                         + NOT_IN_THE_DATA)
def test_phrasing(question, tool, args, expect, forbid, honest):
    check(asked(question), question, tool, args, expect, forbid, honest)


# ---------------------------------------------------------------- answers that read well aloud

# What a voice stumbles on: 'from 2024 through 2024', 'Award awards', two teams run together without 'and'.
AWKWARD = re.compile(r"\bfrom (\d{4}) (?:through|to) \1\b|\bAward awards\b|playing for the [^,.]+, [A-Z][^,.]+,")


@pytest.mark.parametrize("question", [
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
