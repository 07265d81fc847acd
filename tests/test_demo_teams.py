"""Demo mode on a team's season: its record and finish, postseason, manager, park, best hitters; a team and a
player in one question.

Each phrasing goes through the real loop and is judged by ``demo_truth.check`` (tests/demo_truth.py says how).
"""

from __future__ import annotations

import pytest
from demo_truth import asked, best, both, case, check, for_team, one_season, rec, team_stat


pytestmark = pytest.mark.usefixtures("published")


TEAMS = [
    case("How did NYY do in 1927?", "team_season", rec(1927, "NYA")),
    case("What was LAD's record in 2020?", "team_season", rec(2020, "LAN")),
    case("NYY 1927", "team_season", rec(1927, "NYA")),
    case("how did BOS do in 2004", "team_season", rec(2004, "BOS")),
    case("the STL 2011 team", "team_season", rec(2011, "SLN")),
    case("how did the SF giants do in 2010", "team_season", rec(2010, "SFN")),
    case("SEA 2022", "team_season", rec(2022, "SEA")),
    case("TB 2023", "team_season", rec(2023, "TBA")),
    case("SD 2022", "team_season", rec(2022, "SDN")),
    case("ATL 2021", "team_season", rec(2021, "ATL")),
    case("how did HOU do in 2022", "team_season", rec(2022, "HOU")),
    case("what was NYM's record in 2024", "team_season", rec(2024, "NYN")),
    case("CHC 2016", "team_season", rec(2016, "CHN")),
    case("how did the expos do in 1994", "team_season", rec(1994, "MON")),
    case("how did the senators do in 1924", "team_season", rec(1924, "WS1")),
    case("how did the washington senators do in 1961", "team_season", rec(1961, "WS2")),
    case("colt 45s 1963", "team_season", rec(1963, "HOU")),
    case("how did the colt .45s do in 1962", "team_season", rec(1962, "HOU")),
    case("how did the brooklyn dodgers do in 1955", "team_season", rec(1955, "BRO")),
    case("how did the milwaukee braves do in 1957", "team_season", rec(1957, "ML1")),
    case("how did the philadelphia athletics do in 1929", "team_season", rec(1929, "PHA")),
    case("how did the seattle pilots do", "team_season", rec(1969, "SE1")),
    case("how did boston do in 2018", "team_season", rec(2018, "BOS")),
    case("st louis 2011", "team_season", rec(2011, "SLN")),
    case("cleveland 2024", "team_season", rec(2024, "CLE")),
    case("how did oakland do in 2024", "team_season", rec(2024, "OAK")),
    case("what was the record of the 1969 miracle mets", "team_season", rec(1969, "NYN")),
    case("how did the bronx bombers do in 2009", "team_season", rec(2009, "NYA")),
    case("the yanks in 2024", "team_season", rec(2024, "NYA")),
    case("how did the tribe do in 2016", "team_season", rec(2016, "CLE")),
    case("how did the halos do in 2022", "team_season", rec(2022, "LAA")),
    case("how'd the o's do in 2023", "team_season", rec(2023, "BAL")),
    case("d-backs 2023", "team_season", rec(2023, "ARI")),
    case("the friars in 2022", "team_season", rec(2022, "SDN")),
    case("the bucs 1979", "team_season", rec(1979, "PIT")),
    case("how did the cubbies do in 2016", "team_season", rec(2016, "CHN")),
    case("how did the nats do in 2024", "team_season", rec(2024, "WAS")),
    case("how did the jays do in 2023", "team_season", rec(2023, "TOR")),
    case("how did the stros do in 2022", "team_season", rec(2022, "HOU")),
    case("how did the redbirds do in 2011", "team_season", rec(2011, "SLN")),
    case("how did the marlins do in 2003", "team_season", rec(2003, "FLO")),
    case("how did the angels do in 2002", "team_season", rec(2002, "ANA")),
    case("how did the kc royals do in 2015", "team_season", rec(2015, "KCA")),
    case("how did the cards do in 2011", "team_season", rec(2011, "SLN")),
    case("cards 2011", "team_season", rec(2011, "SLN")),
    case("how did the guardians do in 2021", "team_season", rec(2021, "CLE")),
    case("how did the indians do in 2022", "team_season", rec(2022, "CLE")),
    case("how did the devil rays do in 2008", "team_season", rec(2008, "TBA")),
    case("how did chicago do in 2016", "team_season", lambda t: ["Chicago White Sox", "Chicago Cubs", "which"],
         forbid=lambda t: [t.record(2016, "CHN"), t.record(2016, "CHA")]),
    case("how did new york do in 1998", "team_season", lambda t: ["New York Yankees", "New York Mets", "which"],
         forbid=lambda t: [t.record(1998, "NYA")]),
]


# 2021-2024 seasons of teams, the way people ask about the latest seasons.
TEAMS_2021_2024 = [
    case("how did the rangers do in 2023", "team_season", rec(2023, "TEX")),
    case("how did the guardians do in 2022", "team_season", rec(2022, "CLE")),
    case("what was the orioles record in 2023", "team_season", rec(2023, "BAL")),
    case("how did the A's do in 2024", "team_season", rec(2024, "OAK")),
    case("how did the braves do in 2021", "team_season", rec(2021, "ATL")),
    case("how many games did the dodgers win in 2024", "team_season", rec(2024, "LAN")),
    case("yankees 2024 record", "team_season", rec(2024, "NYA")),
    case("how bad were the white sox in 2024", "team_season", rec(2024, "CHA")),
    case("were the tigers good in 2024", "team_season", rec(2024, "DET")),
    case("what was the mariners record in 2021", "team_season", rec(2021, "SEA")),
    case("how did the padres do in twenty twenty two", "team_season", rec(2022, "SDN")),
    case("the twenty twenty four yankees", "team_season", rec(2024, "NYA")),
    case("how did the giants do in 2021", "team_season", rec(2021, "SFN")),
    case("how did the rockies do in 2023", "team_season", rec(2023, "COL")),
    case("how did the nationals do in 2022", "team_season", rec(2022, "WAS")),
    case("whats the record of the 2023 braves", "team_season", rec(2023, "ATL")),
    case("how did the royals do last year", "team_season", rec(2025, "KCA")),
    case("who managed the rangers in 2023", "team_season", lambda t: t.managers(2023, "TEX")),
    case("who managed the 2024 mets", "team_season", lambda t: t.managers(2024, "NYN")[:1]),
    case("how many runs did the dodgers score in 2024", "team_season",
         lambda t: [f"{int(t.team(2024, 'LAN')['R']):,} runs"]),
    case("did the orioles make the playoffs in 2023", "team_season",
         lambda t: [t.record(2023, "BAL"), t.postseason(2023, "BAL")]),
    case("who did the phillies beat in the 2022 nlcs", "team_season",
         lambda t: [f"beat the {t.series(2022, 'NLCS')[1]} {t.series(2022, 'NLCS')[2]} games to "
                    f"{t.series(2022, 'NLCS')[3]} in the NLCS"]),
    case("who did the dodgers beat in the 2024 world series", "team_season", lambda t: [t.series(2024, "WS")[1]]),
]


MORE_TEAMS = [
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
    # a team's leader in one stat: summed from its players' rows (the sql tool)
    case("who led the yankees in home runs in 2024", "sql",
         lambda t: [t.team_leader(2024, "NYA", "HR")[0], f"{t.team_leader(2024, 'NYA', 'HR')[1]} home runs"]),
    case("who hit the most homers for the dodgers in 2023", "sql",
         lambda t: [t.team_leader(2023, "LAN", "HR")[0], f"{t.team_leader(2023, 'LAN', 'HR')[1]} home runs"]),
    case("who led the guardians in rbi in 2024", "sql",
         lambda t: [t.team_leader(2024, "CLE", "RBI")[0], f"{t.team_leader(2024, 'CLE', 'RBI')[1]} RBI"]),
]


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


# A bare nickname two clubs wore that season: the AL or NL club's, saying the other also played (issue 26).
NAMESAKES = [
    case("1941 red sox", "team_season", lambda t: [t.record(1941, "BOS"), "Boston", t.team(1941, "MRS")["name"]]),
    case("how did the dodgers do in 1934", "team_season",
         lambda t: [t.record(1934, "BRO"), t.team(1934, "ND")["name"]]),
    case("1941 memphis red sox", "team_season", rec(1941, "MRS"), forbid=lambda t: ["Boston"]),
]


@pytest.mark.parametrize("question,tool,args,expect,forbid,honest", TEAMS + TEAMS_2021_2024 + MORE_TEAMS + TEAM_DETAILS + TEAM_AND_PLAYER + NAMESAKES)
def test_phrasing(question, tool, args, expect, forbid, honest):
    check(asked(question), question, tool, args, expect, forbid, honest)
