"""Demo mode on what only the sql tool serves, one player at a time: height, weight, college, salary
(1985-2016), with a statement from a template (the trace shows it), and their follow-ups.

Each phrasing goes through the real loop (``run_turn``) with the real demo model, the real tools and the published
data, and is judged by ``demo_truth.check`` against facts computed from the raw Lahman tables (tests/demo_truth.py;
no pipeline/ or agent_py code): the tool it must reach, the arguments where they matter, what the answer must and
must not say, and for a question no tool here answers, an honest sentence saying so.
"""

from __future__ import annotations

import pytest
from demo_truth import asked, body, case, check, converse, salary, turn


pytestmark = pytest.mark.usefixtures("published")


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
