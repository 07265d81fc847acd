"""Demo mode holds a conversation: a second round of follow-ups the first round (test_demo_conversations.py)
does not ask.

Relative years ('the previous season', 'three years earlier', 'the one after that', 'the next one'), pronouns
for the last answer's player or team (a leader, an award winner, a champion, a team's best hitter), fragments
that change one thing ('same for the nl', 'now do rbi', 'and at catcher', 'what about pitchers'), tours of a
division, comparisons of the last two players, a topic switched and switched back, a decline in the middle of
a conversation, spoken years, mostly about 2021-2024.

Same conventions as the first round: each conversation is asked turn by turn through the real loop
(``run_turn`` with one ``history``, the real demo model, tools and published data) and each answer is judged
by ``demo_truth.check`` against facts computed from the raw Lahman tables; the conversations it holds today go
through the terminal too (``python -m agent_py chat --demo --json``). A conversation it gets wrong ends at the
turn it gets wrong and is marked ``xfail(strict=True)`` with what it does wrong; the turns before must pass.
"""

from __future__ import annotations


import pytest
from conftest_data import baseball_data  # noqa: F401  (a fixture)
from demo_truth import published  # noqa: F401  (an autouse fixture)
from demo_truth import (bat, cli_session, converse, converse_in_cli, convo, era, lead, more, pit, rec, turn, won, ws)


# ---------------------------------------------------------------- truths used here (and demo_truth's)


def managers(season, team_id):
    return lambda t: [*t.managers(season, team_id), str(season)]


def best(season, team_id):
    return lambda t: [t.best_hitter(season, team_id), str(season)]


def went(season, team_id):
    """How far the team went: 'lost the ALDS', 'did not reach the postseason'."""
    return lambda t: [t.postseason(season, team_id)]


def beaten_by(season, rnd, team_id):
    """The team that beat team_id in a round ('NLCS', 'NLDS'): its name."""
    return lambda t: [t.teams[season, r["teamIDwinner"]]["name"] for r in t.rounds(season, rnd)
                      if r["teamIDloser"] == team_id]


# ---------------------------------------------------------------- conversations the demo holds

CONVERSATIONS = [
    convo("guardians 2022, the year before (still the Indians), their managers, 2024, their best hitter", [
        turn("how did the guardians do in 2022", "team_season", rec(2022, "CLE")),
        turn("and the year before", "team_season", lambda t: [t.record(2021, "CLE"), t.team(2021, "CLE")["name"]],
             {"season": 2021}),
        turn("who managed them", "team_season", managers(2021, "CLE")),
        turn("what about 2024", "team_season", lambda t: [t.record(2024, "CLE"), *t.managers(2024, "CLE")]),
        turn("who was their best hitter", "team_season", best(2024, "CLE")),
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
        turn("is he an all star", "player", lambda t: [f"All-Star {len(t.all_star_years('olsonma02'))} times"]),
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
        turn("who was their best hitter", "team_season", best(2022, "HOU")),
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
    # ------------------------------------------------------------ what it gets wrong today, one defect each
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
        turn("who was their best hitter", "team_season", best(2024, "LAN")),
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
        turn("and the orioles best hitter that year", "team_season", best(2023, "BAL"),
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


@pytest.mark.parametrize("turns", CONVERSATIONS)
def test_conversation_in_the_loop(turns):
    converse(turns)


# ---------------------------------------------------------------- the same conversations from the terminal

CLI_CONVERSATIONS = [c for c in CONVERSATIONS if not c.marks]


@pytest.fixture(scope="module")
def in_cli(baseball_data):
    """Every conversation, in one terminal session."""
    return cli_session(CLI_CONVERSATIONS, baseball_data)


@pytest.mark.parametrize("turns", CLI_CONVERSATIONS)
def test_conversation_in_the_cli(turns, in_cli):
    converse_in_cli(turns, in_cli)
