"""Demo mode on awards and the Hall of Fame: winners by season, league and position, votes, classes.

Each phrasing goes through the real loop and is judged by ``demo_truth.check`` (tests/demo_truth.py says how).
"""

from __future__ import annotations

import pytest
from demo_truth import asked, case, check, did_win, hall, most, only, times, won


pytestmark = pytest.mark.usefixtures("published")


AWARDS = [
    case("who won the al mvp in 2023", "awards", won("MVP", 2023, "AL"), {"award": "MVP", "league": "AL"}),
    case("who was the nl mvp in 2024", "awards", won("MVP", 2024, "NL")),
    case("2022 al mvp", "awards", won("MVP", 2022, "AL")),
    case("nl mvp 2021", "awards", won("MVP", 2021, "NL")),
    case("who won the cy young in 2023", "awards", won("CYA", 2023)),
    case("al cy young 2022", "awards", won("CYA", 2022, "AL")),
    case("nl cy young award 2024", "awards", won("CYA", 2024, "NL")),
    case("who won the cy young award in the national league in 2021", "awards", won("CYA", 2021, "NL")),
    case("who won rookie of the year in 2023", "awards", won("ROY", 2023)),
    case("nl rookie of the year 2022", "awards", won("ROY", 2022, "NL")),
    case("who was the al rookie of the year in 2021", "awards", won("ROY", 2021, "AL")),
    case("al roy 2024", "awards", won("ROY", 2024, "AL")),
    case("who won the gold glove at shortstop in the al in 2023", "awards", won("GG", 2023, "AL", "SS"),
         forbid=lambda t: [x for x in t.award("GG", 2023, "AL") if x not in t.award("GG", 2023, "AL", "SS")]),
    case("gold glove catcher nl 2022", "awards", won("GG", 2022, "NL", "C"),
         forbid=lambda t: [x for x in t.award("GG", 2022, "NL") if x not in t.award("GG", 2022, "NL", "C")]),
    case("who won the silver slugger at first base in the nl in 2024", "awards", won("SS", 2024, "NL", "1B"),
         forbid=lambda t: [x for x in t.award("SS", 2024, "NL") if x not in t.award("SS", 2024, "NL", "1B")]),
    case("who won the world series mvp in 2024", "awards", won("WSMVP", 2024)),
    case("world series mvp 2022", "awards", won("WSMVP", 2022)),
    case("did shohei ohtani win the mvp in 2023", "awards", did_win("Shohei Ohtani", "MVP", 2023)),
    case("did aaron judge win the mvp in 2022", "awards", did_win("Aaron Judge", "MVP", 2022)),
    case("did aaron judge win the mvp in 2024", "awards", did_win("Aaron Judge", "MVP", 2024)),
    case("did mike trout win the mvp in 2021", "awards", did_win("Mike Trout", "MVP", 2021)),
    case("did gerrit cole win the cy young in 2023", "awards", did_win("Gerrit Cole", "CYA", 2023)),
    case("did jacob degrom win the cy young in 2022", "awards", did_win("Jacob deGrom", "CYA", 2022)),
    case("did corbin carroll win rookie of the year in 2023", "awards", did_win("Corbin Carroll", "ROY", 2023)),
    case("how many mvps did barry bonds win", "player",
         lambda t: [f"{len(t.award_years('bondsba01', 'MVP'))} times"]),
    case("how many mvps has mike trout won", "player",
         lambda t: [f"{len(t.award_years('troutmi01', 'MVP'))} times"]),
    case("how many mvps does shohei ohtani have", "player",
         lambda t: [f"{len(t.award_years('ohtansh01', 'MVP'))} times"]),
    case("how many cy youngs did roger clemens win", "player",
         lambda t: [f"{len(t.award_years('clemero02', 'CYA'))} times"]),
    case("how many cy young awards did clayton kershaw win", "player",
         lambda t: [f"{len(t.award_years('kershcl01', 'CYA'))} times"]),
    case("who has the most mvps", "awards",
         lambda t: [t.name(max(t.award_counts("MVP").items(), key=lambda kv: kv[1])[0]),
                    f"{max(t.award_counts('MVP').values())} times"]),
    case("who won the most cy youngs", "awards",
         lambda t: [t.name(max(t.award_counts("CYA").items(), key=lambda kv: kv[1])[0])]),
]


HALL = [
    case("who was inducted into the hall of fame in 2024", "awards", lambda t: t.hall_class(2024)),
    case("hall of fame class of 2023", "awards", lambda t: t.hall_class(2023)),
    case("who got into the hall of fame in 2025", "awards", lambda t: t.hall_class(2025)),
    case("2022 hall of fame inductees", "awards", lambda t: t.hall_class(2022)),
    case("is barry bonds in the hall of fame", "player", hall("bondsba01"), forbid=hall("bondsba01", False)),
    case("is derek jeter in the hall of fame", "player", hall("jeterde01")),
    case("is ichiro a hall of famer", "player", hall("suzukic01")),
    case("is david ortiz in the hall of fame", "player", hall("ortizda01")),
    case("when was ken griffey jr inducted", "player", hall("griffke02")),
    case("is adrian beltre in the hall of fame", "player", hall("beltrad01")),
    case("is pete rose in the hall of fame", "player", hall("rosepe01"), forbid=hall("rosepe01", False)),
    case("is joe mauer a hall of famer", "player", hall("mauerjo01")),
]


MORE_AWARDS = [
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
    case("who was the last player to win the triple crown", "sql",  # (2024's rows are pitching Triple Crowns)
         lambda t: [t.name(max((r for r in t.raw("AwardsPlayers") if r["awardID"] == "Triple Crown"
                                and r["yearID"] < "2024"), key=lambda r: r["yearID"])["playerID"])]),
    # ---- once answered wrong (each a defect mended; kept so it stays mended)
    case("who won the gold glove in center field in the al in 2022", "awards", won("GG", 2022, "AL", "OF")),
    case("gold glove center field nl 2024", "awards", won("GG", 2024, "NL", "CF"), forbid=lambda t: ["Pete Center"]),
    case("did anyone win the triple crown in 2024", "awards", won("TC", 2024)),
    case("who won the hank aaron award in 2023", "awards", won("AARON", 2023), forbid=lambda t: ["Award awards"]),
    case("hey siri who won the cy young in twenty twenty four", "awards", won("CYA", 2024),
         forbid=lambda t: ["Jose Siri"]),
    case("who was the m v p in the american league in twenty twenty one", "awards", won("MVP", 2021, "AL")),
]


LATEST = [
    case("who won the most recent mvp", "awards", lambda t: ["2025", *t.award("MVP", 2025)],
         forbid=lambda t: ["the most", "7 times"]),
    case("who won the last cy young", "awards", lambda t: ["2025", *t.award("CYA", 2025)], forbid=lambda t: ["the most"]),
    case("who won the most world series mvps", "awards", most("WSMVP"), forbid=lambda t: ["Barry Bonds"]),
]


@pytest.mark.parametrize("question,tool,args,expect,forbid,honest", LATEST)
def test_latest_winners_and_most_often(question, tool, args, expect, forbid, honest):
    check(asked(question), question, tool, args, expect, forbid, honest)


MORE_HALL = [
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
    # ---- once answered wrong (each a defect mended; kept so it stays mended)
    case("is joe mauer in the hof", "player", hall("mauerjo01")),
    case("what percentage of the vote did ichiro get", "player", lambda t: [t.hall_vote("suzukic01", 2025)]),
    case("how close did billy wagner come to the hall of fame in 2024", ("awards", "player"),
         lambda t: ["Billy Wagner", t.hall_vote("wagnebi02", 2024)]),
]


def class_count(season: int, players: bool):
    """How many the Hall of Fame inducted that year, said: its players (and everyone) or everyone (HallOfFame)."""
    def pieces(t):
        rows = [r for r in t.raw("HallOfFame") if r["yearID"] == str(season) and r["inducted"] == "Y"]
        ids = {r["playerID"] for r in rows}
        shown = {r["playerID"] for r in rows if r["category"] == "Player"}
        people = f"{len(ids)} {'person' if len(ids) == 1 else 'people'}"
        return [f"{len(shown)} players ({people} in all)" if players else f"{people} were inducted", str(season)]
    return pieces


CLASS_COUNTS = [
    case("how many players were inducted into the hall of fame in 2020", "awards", class_count(2020, True)),
    case("how many people went into the hall of fame in 2019", "awards", class_count(2019, False)),
    case("how many were inducted into the hall of fame in 1939", "awards", class_count(1939, False)),
    case("how many players are in the hall of fame", None, honest=True),
]


@pytest.mark.parametrize("question,tool,args,expect,forbid,honest",
                         AWARDS + HALL + MORE_AWARDS + MORE_HALL + CLASS_COUNTS)
def test_phrasing(question, tool, args, expect, forbid, honest):
    check(asked(question), question, tool, args, expect, forbid, honest)
