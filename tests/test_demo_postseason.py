"""Demo mode on a season's champions: the World Series, pennants, divisions, every postseason round.

Each phrasing goes through the real loop and is judged by ``demo_truth.check`` (tests/demo_truth.py says how).
"""

from __future__ import annotations

import pytest
from demo_truth import asked, best_in_league, both, case, check, lead, team_best, winners, ws


pytestmark = pytest.mark.usefixtures("published")


POSTSEASON = [
    case("who won the world series in 2021", "season", ws(2021)),
    case("who won the 2022 world series", "season", ws(2022)),
    case("2023 world series", "season", ws(2023)),
    case("who won it all in 2024", "season", ws(2024)),
    case("um so like who won the world series in twenty twenty three", "season", ws(2023)),
    case("who won the world series last year", "season", ws(2025)),
    case("who won the most recent world series", "season", ws(2025), forbid=lambda t: ["career record for wins"]),
    case("who won the wrld series in 2019", "season", ws(2019)),
    case("who won the alcs in 2023", "season", lambda t: list(t.series(2023, "ALCS")[:2])),
    case("who won the nlcs in 2022", "season", lambda t: list(t.series(2022, "NLCS")[:2])),
    case("2024 nlds", "season", lambda t: [t.teams[2024, r["teamIDwinner"]]["name"] for r in t.rounds(2024, "NLDS")]),
    case("who won the ALDS in 2024", "season",
         lambda t: [t.teams[2024, r["teamIDwinner"]]["name"] for r in t.rounds(2024, "ALDS")]),
    case("who won the wild card series in 2022", "season",
         lambda t: [t.teams[2022, r["teamIDwinner"]]["name"] for r in t.rounds(2022, "ALWC") + t.rounds(2022, "NLWC")]),
    case("who won the nl pennant in 2023", "season", lambda t: [t.pennant(2023, "NL")]),
    case("al pennant 2024", "season", lambda t: [t.pennant(2024, "AL")]),
    case("who won the al east in 2023", "season", lambda t: [t.division_winner(2023, "AL", "E")["name"]]),
    case("who won the nl west in 2024", "season", lambda t: [t.division_winner(2024, "NL", "W")["name"]]),
    case("what was the best record in 2022", "season",
         lambda t: [t.best_record(2022)["name"], f"{t.best_record(2022)['W']} wins"]),
    case("who had the best record in 2024", "season", lambda t: [t.best_record(2024)["name"]]),
    case("who won the al wild card in 2021", "season", lambda t: list(t.series(2021, "ALWC")[:2]),
         forbid=lambda t: [f"AL pennant in 2021 went to the {t.pennant(2021, 'AL')}"]),
    case("who won the world series in 2020", "season", ws(2020)),
    case("who won the world series in 1994", "season", lambda t: ["no World Series in 1994", "strike"]),
]


MORE_POSTSEASON = [
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
    # ---- once answered wrong (each a defect mended; kept so it stays mended)
    case("who had the worst record in 2024", (None, "season"), lambda t: [t.worst_record(2024)["name"]]),
    case("which american league team had the best record in 2024", "season", best_in_league(2024, "AL"),
         forbid=lambda t: [f"best record in 2024 belonged to the {t.best_record(2024)['name']}"]),
    case("which team scored the most runs in 2023", "sql", team_best("R", 2023, games=0),  # Teams ranked since 26f
         forbid=lambda t: ["Ronald Acuna"]),
    case("who were the champs in 2023", "season", ws(2023)),
    case("which teams made the playoffs in 2024", "season", lambda t: t.postseason_teams(2024)),
    case("who won the world series in twenty twenty four and who did they beat", "season", ws(2024)),
    case("yankees dodgers world series 2024 who won", ("season", "team_season"), ws(2024)),
]


def league_season(season: int, lg: str, places: int = 2):
    """One league's season, said: its first `places` teams by the standings' rank with their records, its pennant
    winner where the data marks one, and each postseason series it played in, winner first (Teams, SeriesPost)."""
    def pieces(t):
        rows = sorted((r for r in t.raw("Teams") if r["yearID"] == str(season) and r["lgID"] == lg),
                      key=lambda r: (int(r["Rank"]), -int(r["W"])))
        said = [f"the {r['name']} ({r['W']} and {r['L']})" for r in rows[:places]]
        said += [f"pennant went to the {r['name']}" for r in rows if r["LgWin"] == "Y"]
        for s in t.raw("SeriesPost"):
            if s["yearID"] == str(season) and lg in (s["lgIDwinner"], s["lgIDloser"]):
                said.append(f"the {t.team(season, s['teamIDwinner'])['name']} beat the "
                            f"{t.team(season, s['teamIDloser'])['name']} {s['wins']} game{'' if s['wins'] == '1' else 's'} "
                            f"to {s['losses']}")
        return said
    return pieces


LEAGUE_SEASONS = [
    case("East-West League 1932", "season", league_season(1932, "EWL"), {"league": "EWL"},
         forbid=lambda t: ["pennant went", "Yankees"]),
    case("how did the east-west league go in 1932", "season", league_season(1932, "EWL"), {"league": "EWL"}),
    case("Negro National League 1925", "season", league_season(1925, "NNL"), {"league": "NNL"},
         forbid=lambda t: ["Yankees"]),
    case("negro american league 1942", "season", league_season(1942, "NAL"), {"league": "NAL"}),
    case("negro southern league 1932", "season", league_season(1932, "NSL"), {"league": "NSL"}),
    case("american negro league 1929", "season", league_season(1929, "ANL"), {"league": "ANL"}),
    case("eastern colored league 1925", "season", league_season(1925, "ECL"), {"league": "ECL"}),
    case("negro leagues 1932", "season", both(league_season(1932, "EWL"), league_season(1932, "NSL"))),
    case("AL standings 1978", "season", league_season(1978, "AL"), {"league": "AL"}),
    case("what were the nl standings in 1951", "season", league_season(1951, "NL"), {"league": "NL"}),
    case("who led the negro national league in home runs in 1925", "leaders", lead("HR", 1925, "NNL"),
         {"league": "NNL"}),
]


@pytest.mark.parametrize("question,tool,args,expect,forbid,honest", POSTSEASON + MORE_POSTSEASON + LEAGUE_SEASONS)
def test_phrasing(question, tool, args, expect, forbid, honest):
    check(asked(question), question, tool, args, expect, forbid, honest)
