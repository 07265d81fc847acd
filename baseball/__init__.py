"""The baseball site: its tools, its vocabulary and its demo model.

This is the site's tools module (``tools_module`` in data/site.yaml): the
generic agent finds everything it needs here, by that name only.

    TOOLS         the tools, in the order the model sees them; each lives in its own file
                  (function, JSON Schema, description) and reads the published data
    FACTS         values the site's texts (data/site.yaml) name in braces, e.g. {last_season}
    warm()        loads what a first answer needs, before anyone asks (the page calls it after boot)
    demo_model()  the stand-in model for demo mode: routes a question to the tools

Every tool normalises its inputs (team names across eras, player names,
spoken stat names; see names.py and vocab.py), never raises, and returns
compact JSON text under 1,200 characters, or a string starting ``error:``
that names the parameter and the valid values or candidates.
"""

from __future__ import annotations

from agent_py.tools import Tool
from . import awards, forecast, leaders, player, season, sql, streak_board, team_season
from .vocab import DATA_RELEASE, FIRST_SEASON, FORECAST_SEASON, LAST_SEASON

TOOLS: list[Tool] = [team_season.TOOL, player.TOOL, leaders.TOOL, season.TOOL, awards.TOOL, streak_board.TOOL,
                    forecast.TOOL, sql.TOOL]


FACTS = {"first_season": FIRST_SEASON, "last_season": LAST_SEASON, "next_season": FORECAST_SEASON,
         "release": DATA_RELEASE}


def __getattr__(name: str):
    """EXAMPLES, the demo's example questions (the page's first screen offers them), imported only when
    asked for (by the build): importing the demo here would slow every page's boot."""
    if name == "EXAMPLES":
        from .demo.texts import EXAMPLES

        return EXAMPLES
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def demo_model():
    from .demo import DemoModel

    return DemoModel()


def warm() -> None:
    """Build the indexes a first answer needs (teams, players, the demo's reading), off the critical path."""
    from .demo.route import plan

    plan("How did Babe Ruth and the Yankees do in 1998?")
