"""What the demo says that does not come from a tool: its help, and why it declines a question.

Data only. Each decline names what the data lacks and offers the nearest
question it can answer; ``{year}``, ``{label}``, ``{league}`` and ``{team}``
are filled from the question (say.decline). ``EXAMPLES`` are offered as
buttons beside the help. ``ERRORS`` say a tool's error in the demo's words (the tools' own are written for a
model and name ids).
"""

from __future__ import annotations

from ..vocab import FIRST_SEASON, FORECAST_SEASON, LAST_SEASON

EXAMPLES = [
    "Who won the World Series in 2016?",
    "How did the 1998 Yankees do?",
    "How did the Homestead Grays do in 1943?",
    f"Who's the best bat for {FORECAST_SEASON}?",
]

HELP = ("I'm in demo mode with no language model, so I can only answer simple questions by sending them to the "
        f"baseball data tools, which cover {FIRST_SEASON} to {LAST_SEASON}: teams' seasons, players' careers and "
        "seasons, league leaders, champions and postseason rounds, awards and the Hall of Fame, streaks of seasons "
        f"and the {FORECAST_SEASON} projection. Try one of these: "
        + " ".join(EXAMPLES))

DECLINE = {
    "who_is_he": "Who do you mean? Ask with the player's name, like \"how many home runs did Babe Ruth hit?\"",
    "which_player": "I can't tell which one you mean: {names}. Ask with his full name, like \"tell me about "
                    "{example}\".",
    "unknown_player": f"I can't find a player by that name in the data ({FIRST_SEASON} to {LAST_SEASON}). Check the "
                      "spelling, or ask with his full name, like \"how many home runs did Babe Ruth hit?\"",
    "which_team": "Which team do you mean? Ask with its name, like \"how did the {team} do in {year}?\"",
    "other_sport": "The data here is Major League Baseball only, so I can't answer that. Try a baseball question, "
                   "like \"who won the World Series in {year}?\"",
    "game_scores": "The data has whole series, not single games or their scores, so I can't say what happened in "
                   "one game.",
    "game": "In demo mode I can't answer that: the tools here serve whole seasons and careers, with nothing game by "
            "game ({events}). With a model key, a language model could try the SQL tool over the whole database. "
            "The tools do track streaks of seasons: try \"most consecutive All-Star selections\" or \"longest "
            "streak of winning seasons\".",
    "player_streak": "In demo mode I can't answer that: the tools here keep a player's seasons and career totals, not "
                     "his games in a row (the Lahman tables hold no game logs, so no consecutive-games or hitting "
                     "streak), and the streak board ranks runs of seasons over all players. Try \"most consecutive "
                     "All-Star selections\".",
    "decade": "Over a decade the tools here rank players by a stat only (like \"most home runs in the 1990s\" or "
              "\"the best ERA of the 2000s\"); the rest they rank one season at a time or over whole careers, not "
              "decades, so I can't answer that. Try "
              "one year, like \"who led the majors in {label} in {year}?\", or \"most career {label}\".",
    "single_season": "Over every season the tools here rank a counting stat's best single seasons (like \"the most "
                     "home runs in a season\"), not a rate's, which needs each season's qualifier, nor this, so I "
                     "can't answer it as a single-season record. Try \"who led the majors in {label} in {year}?\" or "
                     "\"most career {label}\".",
    "titles_led": "In demo mode I can't count the seasons a player led his league in a rate such as {label}, whose "
                  "title needs each season's qualifiers; I count them for a counting stat (home runs, hits, wins, "
                  "saves and the like). Try \"how many times did Barry Bonds lead the league in home runs?\"",
    "sox": "Which Sox: the Red Sox or the White Sox? Ask, say, \"how did the Red Sox do in {year}?\"",
    "future_team": f"The data ends with the {LAST_SEASON} season, and for {FORECAST_SEASON} it projects players "
                   "(hitters and pitchers), not teams or the postseason, so I can't answer that. Try \"who won the "
                   f"World Series in {LAST_SEASON}?\" or \"who's the best bat for {FORECAST_SEASON}?\"",
    "rings": "The tools here count each franchise's World Series titles and pennants, and give series results one "
             "season at a time, but count no player's or manager's titles, nor series lost or played in, so I can't "
             "answer that. Try \"which team has won the most World Series?\" or \"who won the World Series in "
             "{year}?\"",
    "not_in_data": "In demo mode I can look up one player's height, weight, college, salary or positions, a team's "
                   "payroll (1985 to 2016) or attendance in a season, a whole season's attendance or its average "
                   "and highest salaries, and the tallest, shortest, heaviest or lightest players, but not otherwise "
                   "search or rank players or teams by them, so I can't answer that. With a model key the agent can query the whole database. Try \"how tall was "
                   "Babe Ruth?\"",
    "unread": "{unread_why}, and I won't answer a different question in its place. {unread_offer}",
    "reversed": "The tools rank {label} from the best end only ({board_end} first), so I can't list the {asked}. "
                "Try \"who led the majors in {label} in {year}?\"",
    "award_position": "The awards tool counts who won the {award_name} most over all positions, not at one, so I can't "
                      "answer that. Try \"who won the {award_name} at shortstop in the NL in {year}?\"",
    "award_stat": "The awards tool names the {award_name} winners, not their numbers, so I can't answer that in one "
                  "question. Ask \"who won the {award_name} in {year}?\", then about the winner by name.",
    "award_years": "The tools give one season's {award} at a time, so I can't count or list them across the years. "
                   "Ask about one year, like \"{award_example}\"",
    "team_stat": "The tools here give a team's {label} one season at a time and rank teams by a season's total, but "
                 "don't total a team over its seasons, so I can't answer that. Try \"team {label} of the {team} in "
                 "{team_year}\"",
    "across_seasons": "In demo mode I look up one season at a time, so I can't count titles or find the first or "
                      "last time something happened across all seasons. Ask about one year instead, like \"how did "
                      "the {team} do in {year}?\"",
    "postseason_stat": "The tools here keep players' regular-season numbers (seasons, careers and the leaders), not "
                       "their postseason ones, so I can't answer that. With a model key, a language model could try "
                       "the SQL tool over the whole database. Try \"who led the majors in {label} in {year}?\"",
    "picked_left": "I can count players by where they were born or by a name, or rank them by a stat (like \"the most "
                   "home runs by a player born in Puerto Rico\"), but not with the rest of that question, so I can't "
                   "answer it, and I won't answer a different question in its place.",
    "judged": "Who is the worst player is a judgement the tools here don't make, so I can't answer "
              "that. They rank a season's or a career's numbers from either end, among players with enough playing "
              "time: try \"the worst hitter in {year}\" (the lowest OPS) or \"the worst era in {year}\".",
    "ballpark": "The tools can't search by ballpark; they know each team's home park for a season. Try \"where did "
                "the 1955 Dodgers play?\"",
}

# What a game-level question asks about, when it names none of words.GAME_EVENTS.
GAME_EVENTS_DEFAULT = "hitting streaks, no-hitters, single games, scores"

# Why an unread phrase stops the demo (words.UNREAD's kinds): {unread} is the phrase as read.
UNREAD_WHY = {
    "stat": "The tools here don't rank or give \"{unread}\" (the database has more than they serve), so I "
            "can't answer that",
    "aggregate": "\"{unread}\" asks about many players or seasons at once, and the tools here look up one season's "
                 "leaders, one team or one player at a time, so I can't answer that",
    "qualifier": "I don't read \"{unread}\" as a group of players here; I can rank all players in a stat, or "
                 "those born in a place, batting or throwing with one hand, active now or in their rookie seasons, or "
                 "look up one player or team, so I can't answer it",
    "allowed": "The tools here rank the runs, hits, home runs and walks that pitchers or teams gave up (like \"who "
               "allowed the most home runs in 2019\"), and this asks for something else \"{unread}\", so I can't "
               "answer that",
    "school": "The tools here don't serve players' colleges or schools, so I can't answer that",
    "name": "The tools here know no player, team or anything else they serve by \"{unread}\", so I can't answer "
            "that",
    "threshold": "The tools here can't list everyone past a mark (\"{unread}\"); they rank the top few in a stat, "
                 "or look up one player or team, so I can't answer that",
    "when": "The tools here can't find \"{unread}\"; they look up one season or a whole career at a time, so I "
            "can't answer that",
    "total": "\"{unread}\" asks for a total over many players or teams, and the tools here give one player's or one "
             "team's numbers, or the leaders, so I can't answer that",
    "manager": "The tools here give one manager's record, or a team's managers season by season, but don't rank or "
               "search managers, so I can't answer that",
    "rookie": "The tables here don't mark rookie seasons (a rookie is told by his at-bats, innings and days on a "
              "roster before); I can rank rookie seasons by a counting stat, or count those past a mark, reading a "
              "rookie season by its at-bats and innings, like \"the most home runs by a rookie\", or name each "
              "season's Rookies of the Year, but not this",
    "race": "The database doesn't record a player's race or ethnicity, so I can't pick players out by it or say who "
            "was first; I can look up a player by name, or the Negro Leagues' seasons and leaders from 1920 to 1948",
    "split": "The tools here keep whole seasons, not splits like \"{unread}\", so I can't answer that",
    "matchup": "The tools here keep each player's own totals, not whom he faced (\"{unread}\"), so I can't answer "
               "that",
    "age": "The tools here can't pick out players by age (\"{unread}\"); they rank all players in a stat or look up "
           "one player or team, so I can't answer that",
    "anchor": "I can't tell which season \"{unread}\" counts from here (ask with the year), so I can't answer that",
    "family": "The tools here don't link a player to his family (\"{unread}\"); they tell apart only a Jr. and a Sr. "
              "of one name, so I can't answer that",
    "second": "I can answer only part of that, not \"{unread}\", so I can't answer it whole; ask the parts one at a "
              "time",
    "award": "I can't tell which award you mean (the tools here serve {awards}), so I can't answer that",
}
UNREAD_OFFER = ("You can ask, say, \"who led the majors in {label} in {year}?\", or about one player or team by name; "
                "with a model key, a language model could try it with the same tools, the SQL tool over the whole "
                "database among them.")

_OUTSIDE = (f"I couldn't answer that from the data. It covers the seasons {FIRST_SEASON} to {LAST_SEASON}, and {{got}} "
            "is outside them.{later}")
# A tool's error (its code, or code:parameter) -> what to say: fields are the error's values, the reading's name and
# the span he played.
ERRORS = {
    "invalid_argument:season": _OUTSIDE,  # the schema's bounds
    "season_outside": _OUTSIDE,
    "not_that_season": "{name} did not play in {got}; he played {played}.",
    "not_on_team": "{name} never played for the {club}.",
}
