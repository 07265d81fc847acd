"""The six baseball tools: JSON Schemas, descriptions and the functions behind them.

Every tool reads the published Databank data (``agent_py.data.load_json``),
normalises its own inputs (team names across eras, player names, spoken stat
names) and returns compact JSON text of at most 1,200 characters, or a string
starting ``error:`` that names the parameter and the valid values or
candidates. No tool raises for any input. This module holds only the
registry; each tool lives in its own module.

Result shapes (keys always present unless marked "?"; rates are strings like ".338"):

team_season(team, season) ->
  {"team": "New York Yankees", "id": "NYA", "franchise": "NYY", "season": 1998,
   "league": "AL", "division": "East"?, "record": "114-48", "pct": ".704",
   "finish": "1st of 5 in AL East", "games": 162, "runs": 965, "runs_allowed": 656,
   "postseason": "Won World Series" | "Lost ALCS" | "did not reach the postseason" |
                 "no postseason was played",
   "series": ["beat TEX Texas Rangers 3-0 in ALDS", ...]?,
   "manager": "Joe Torre", "park": "Yankee Stadium II"?,
   "best_hitters": [{"name": "Bernie Williams", "PA": 575, "AVG": ".339", "HR": 26,
                     "RBI": 97, "OPS": ".997"}, ...],   # top 3 by OPS among the team's regulars
   "note"?: "..."}

player(name, season=None) -> career (no season):
  {"name": "Barry Bonds", "id": "bondsba01", "born": "1964-07-24 in Riverside, CA, USA",
   "died"?: "...", "bats": "L", "throws": "L", "years": "1986-2007",
   "teams": ["PIT", "SFN"], "all_star": 14, "seasons": 22,
   "batting"?: {"G", "PA", "AB", "R", "H", "2B", "3B", "HR", "RBI", "SB", "BB", "SO",
                "AVG", "OBP", "SLG", "OPS"},
   "pitching"?: {"G", "GS", "W", "L", "SV", "IP", "SO", "BB", "ERA", "WHIP"},
   "best_season"?: {"HR": [2001, 73]} ...}
  with a season: {"name", "id", "season": 2001, "age": 36, "teams": ["SFN San Francisco Giants"],
   "batting"?: {...same keys...}, "pitching"?: {...}, "all_star": true|false}

leaders(stat, season=None, league=None, top=3) ->
  {"stat": "HR", "label": "home runs", "season": 2001 | "career", "league": "MLB" | "AL" | ...,
   "rule"?: "qualified: 3.1 PA per team game", "leaders": [{"rank": 1, "name": "Barry Bonds",
   "team": "SFN"?, "value": 73 | ".350" | "2.10", "years"?: "1986-2007"}, ...]}
  (ties at the cut are kept; "rank" repeats for ties)

season(season) ->
  {"season": 2016, "world_series": "Chicago Cubs (NL) beat Cleveland Indians (AL) 4-3" |
   "none: ...", "pennants": {"AL": "Cleveland Indians", "NL": "Chicago Cubs"},
   "division_winners": {"AL East": "Boston Red Sox (93-69)", ...}?, "wild_cards": [...]?,
   "best_record": "Chicago Cubs 103-58", "rounds"?: ["ALCS: CLE beat TOR 4-1", ...],
   "note"?: "..."}

streak_board(kind, top=3, active=True) ->
  {"kind": "player_allstar", "active": true, "as_of": 2020, "rule": "...",
   "streaks": [{"rank": 1, "name": "...", "length": 12, "from": 2008, "to": 2019}, ...]}

forecast(stat="OPS", top=3, team=None) ->
  {"season": 2021, "stat": "OPS", "method": "Marcel ...", "note_2020": "...",
   "min_PA": 400, "team"?: "LAN Los Angeles Dodgers",
   "board": [{"rank": 1, "name": "Mike Trout", "team": "LAA", "age": 29, "PA": 596,
              "OPS": ".957", "OBP": ".415", "SLG": ".542", "AVG": ".297", "HR": 36}, ...],
   "backtest": "2019 from 2016-18, n=221 hitters with 300+ PA: OPS RMSE Marcel .081 vs
                repeat-2018 .105 vs league average .112"}
"""

from __future__ import annotations

from ..tools import Tool
from .forecast import forecast
from .leaders import leaders
from .players import player
from .streaks import streak_board
from .teams import season, team_season

FIRST_SEASON, LAST_SEASON = 1871, 2024

_SEASON = {"type": "integer", "minimum": FIRST_SEASON, "maximum": LAST_SEASON}
_TOP = {"type": "integer", "minimum": 1, "maximum": 10, "description": "Default 3."}

TOOLS: list[Tool] = [
    Tool(
        "team_season",
        "Returns one team's season: record, finish, runs, postseason, manager, best hitters. "
        "Use it for how a team did in a year.",
        {
            "type": "object",
            "properties": {
                "team": {"type": "string", "maxLength": 200, "description":
                         "Nickname, city, name or code, any era (\"Expos\", \"NYY\")."},
                "season": _SEASON,
            },
            "required": ["team", "season"],
            "additionalProperties": False,
        },
        team_season,
    ),
    Tool(
        "player",
        "Returns a player's bio and career batting/pitching line, or one season's line. "
        "Use it for questions about one player.",
        {
            "type": "object",
            "properties": {
                "name": {"type": "string", "maxLength": 200, "description":
                         "Accents optional; Jr./Sr. or a season tells namesakes apart."},
                "season": {**_SEASON, "description": "Omit for the career."},
            },
            "required": ["name"],
            "additionalProperties": False,
        },
        player,
    ),
    Tool(
        "leaders",
        "Returns the leaders in one stat for a season or career (rate stats: qualified players only). "
        "Use it for who led or ranks best.",
        {
            "type": "object",
            "properties": {
                "stat": {"type": "string", "maxLength": 100, "description":
                         "Batting: HR AVG OBP SLG OPS H R RBI SB BB SO 2B 3B G PA. "
                         "Pitching: W L SV ERA K IP WHIP SHO CG. Spoken forms work."},
                "season": {**_SEASON, "description": "Omit for career leaders."},
                "league": {"type": "string", "maxLength": 40, "description":
                           "AL, NL or MLB (default); also AA, UA, PL, FL, NA."},
                "top": _TOP,
            },
            "required": ["stat"],
            "additionalProperties": False,
        },
        leaders,
    ),
    Tool(
        "season",
        "Returns a season's World Series, pennant, division and wild-card winners, and best record. "
        "Use it for who won in a year.",
        {
            "type": "object",
            "properties": {"season": _SEASON},
            "required": ["season"],
            "additionalProperties": False,
        },
        season,
    ),
    Tool(
        "streak_board",
        "Returns the longest consecutive-season streaks (winning seasons, postseasons, All-Star picks, "
        "30-HR or .300 seasons), active in 2020 or all-time. Use it for streak questions.",
        {
            "type": "object",
            "properties": {
                "kind": {"type": "string", "enum": ["team_winning_seasons", "team_postseason",
                                                    "player_allstar", "player_30hr", "player_300avg"],
},
                "top": _TOP,
                "active": {"type": "boolean", "description": "Default true; false for all-time."},
            },
            "required": ["kind"],
            "additionalProperties": False,
        },
        streak_board,
    ),
    Tool(
        "forecast",
        "Returns 2021 Marcel projections for hitters, optionally for one team, with a 2019 backtest. "
        "Use it for next season or the best bat.",
        {
            "type": "object",
            "properties": {
                "stat": {"type": "string", "maxLength": 60, "description": "OPS (default), OBP, SLG, AVG or HR."},
                "top": _TOP,
                "team": {"type": "string", "maxLength": 200},
            },
            "additionalProperties": False,
        },
        forecast,
    ),
]
