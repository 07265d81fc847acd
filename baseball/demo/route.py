"""Routing a read question to tool calls: an ordered table of intents, and follow-ups.

``plan(text, history) -> Plan``: the intent that fits, the calls it makes,
and the reading they came from (kept with the calls, so the answer is
phrased from it and the next question can follow up on it).

An intent is a row: the cue groups that must all be present (``words.CUES``),
the slots it needs (year, team, player, rival, stat) and the cues or slots
that rule it out; the first row that fits wins. A row without a tool is a
question no tool answers (texts.DECLINE says why, with the nearest question
that can be answered). A row's arguments come from its kind (kinds/), which
also phrases the result: a new kind is one module there and one row here.

A follow-up ("and the year after?", "who managed them?", "what about the
Mets?") is read against the conversation's last reading: pronouns take its
player or team, relative years count from its season, and a fragment keeps
its subject and changes only what it names. The same merge reads a question
that corrects itself ("the mets, no wait, the yankees") and the second of two
questions in one ("... and who was the MVP?"). Several of one slot joined by
"and" or "or" ("the dodgers and the yankees") make a call each.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Callable

from ..names import resolve_player, resolve_stat, resolve_team
from ..series import titles
from ..vocab import BIRTHPLACES, FORECAST_PITCHING, FORECAST_SEASON, FORECAST_STATS, LAST_SEASON, STATS, key
from .kinds import (age_extreme, allstar, attendance, awards, best_team, body, body_extreme, born, career_club, college,
                    compare, debut_age, first_last, forecast, franchise, leaders, league_season, league_worst,
                    manager_record, most_titles, payroll, player, positions, rookie, roster, salary, salary_board,
                    season, span_leaders, streaks, team_board, team_leader, team_season, titles_led)
from .phrase import MONTHS
from .read import Question, read, to_kin, unknown_word
from .words import CORRECTIONS, EXTREMES, JUDGED, LATEST, RELATIVE_YEARS, TITLE_WON


@dataclass(frozen=True)
class Intent:
    name: str
    tool: str | None  # None: declined (texts.DECLINE[name])
    cues: tuple[str, ...] = ()  # all of these cue groups
    needs: tuple[str, ...] = ()  # these slots are set
    unless: tuple[str, ...] = ()  # none of these cue groups or slots
    args: Callable[[Question], dict | list | None] | None = None  # a list: one call each; None: the row does not fit


@dataclass
class Plan:
    intent: str
    calls: list[dict] = field(default_factory=list)  # [{"name", "args"}]
    question: Question = field(default_factory=Question)
    each: list[dict] = field(default_factory=list)  # per call, what its reading changes (Question.also), if any


# ---------------------------------------------------------------- the intents, in order

INTENTS: tuple[Intent, ...] = (
    # what no tool answers comes first, so it never gets an answer to another question
    Intent("other_sport", None, cues=("other_sport",)),
    # a stat or a game's event the tools do not serve: whoever "he" is, there is no answer ('the most grand slams in
    # his career', 'who has the most ejections')
    Intent("unread", None, needs=("unserved_stat",)),
    Intent("unread", None, needs=("race",)),  # 'who broke the color barrier': not a record that fell
    Intent("born", "sql", needs=("born_on",), args=born.args),  # 'how many players were born in may' (not a game's day)
    Intent("span_leaders", "sql", needs=("span_leaders",), args=span_leaders.args),  # 'the most home runs in the 90s'
    Intent("team_board", "sql", needs=("team_board",), args=team_board.args),  # 'which team hit the most home runs'
    Intent("rookie", "sql", needs=("rookie",), args=rookie.args),  # 'the most home runs by a rookie'
    Intent("picked_left", None, needs=("picked_left",)),  # a place or name the kinds above did not take in: no 'Rico'
    Intent("career_club", "sql", needs=("career_club",), args=career_club.args),  # 'how many have hit 500 home runs'
    Intent("across_seasons", None, needs=("player", "team", "led_count")),  # 'how many times did ruth lead the yankees'
    Intent("not_in_data", None, needs=("team", "born_month")),  # 'how many yankees were born in may'
    Intent("titles_led", "sql", needs=("titles_led",), args=titles_led.args),  # 'how many times did he lead the league'
    Intent("titles_led", None, needs=("titles_led",)),  # a rate's titles need each season's qualifiers
    Intent("game_scores", "season", cues=("game_level", "world_series"), needs=("year",), unless=("player", "team"),
           args=season.args),  # the series, with a word that single games are not in the data
    Intent("game_scores", "season", cues=("game_level", "rounds"), needs=("year",), unless=("player", "team"),
           args=season.args),  # 'the score of the 2021 alcs': the series' score
    Intent("game", None, cues=("game_level",), unless=("seasons_word", "born")),
    Intent("who_is_he", None, needs=("unresolved_player",)),
    Intent("which_player", None, needs=("ambiguous",)),  # 'tell me about Bell': several as well known
    Intent("which_team", None, needs=("unresolved_team",)),
    Intent("judged", None, needs=("judged",), unless=("stat", "player")),  # 'the worst player in baseball'
    # a name that is several teams' that season ('the stars' of 1937): the tool names them and asks which
    Intent("team", "team_season", needs=("ambiguous_team",), args=team_season.args),
    Intent("unknown_player", None, needs=("stranger",)),
    Intent("player_streak", None, cues=("streak",), needs=("player",)),  # 'cal ripken's streak': games in a row
    Intent("decade", None, cues=("decade",)),
    Intent("single_season", None, cues=("single_season",), unless=("year", "player", "award", "team_leader")),
    Intent("sox", None, cues=("sox",), unless=("team",)),
    Intent("future_team", None, cues=("future", "outcome"), unless=("player", "best_bat", "past_year", "award",
                                                                   "players")),
    Intent("future_team", None, needs=("next_year", "team"), unless=("future", "best_bat")),
    Intent("most_titles", "sql", needs=("most_titles",), args=most_titles.args),  # 'who won the most world series'
    Intent("rings", None, cues=("rings",), unless=("year", "team", "award")),
    Intent("across_seasons", None, cues=("from_to_years",)),
    Intent("body_extreme", "sql", needs=("body_extreme",), args=body_extreme.args),  # 'the tallest player ever'
    Intent("not_in_data", None, cues=("height",), unless=("player",)),
    Intent("payroll", "sql", cues=("salary",), needs=("team", "year"), unless=("player",), args=payroll.args),
    Intent("salary_board", "sql", needs=("salary_board",), args=salary_board.args),  # 'the highest paid player in 2016'
    Intent("not_in_data", None, cues=("salary",), unless=("player",)),
    Intent("attendance", "sql", cues=("attendance",), needs=("team", "year"), unless=("player",),
           args=attendance.args),  # a team's season: its attendance and park
    Intent("attendance", "sql", cues=("attendance",), needs=("year",), unless=("team", "player"),
           args=attendance.season_args),  # a season's, over all teams
    Intent("not_in_data", None, cues=("attendance",)),
    Intent("not_in_data", None, cues=("weight",), unless=("player",)),
    Intent("not_in_data", None, needs=("position", "team"), unless=("award", "pitcher")),  # "the Yankees' catcher?"
    Intent("age_extreme", "sql", needs=("year", "age_extreme"), unless=("player", "team", "league", "stat", "position"),
           args=age_extreme.args),  # 'the youngest player in 1990': the age words are all it did not read
    Intent("manager_record", "sql", needs=("player", "manager_record"), unless=("team", "year", "compare", "award"),
           args=manager_record.args),  # 'joe torre's record as a manager': his own, not his playing career
    Intent("franchise", "sql", needs=("team", "franchise"), args=franchise.args),  # titles counted, all-time record
    Intent("first_last", "sql", needs=("first_last",), args=first_last.args),  # 'the last .400 hitter'
    Intent("team_leader", "sql", needs=("team_leader",), unless=("unread",), args=team_leader.args),  # 'for the royals'
    Intent("best_team", "sql", needs=("best_team",), unless=("unread",), args=best_team.args),  # 'which team did ruth'
    Intent("debut_age", "sql", needs=("debut_age",), args=debut_age.args),  # 'how old when he debuted'
    Intent("roster", "sql", needs=("team", "roster"), unless=("unread",), args=roster.args),  # 'who played for'
    Intent("unread", None, needs=("unread",)),  # a phrase the reading does not take in: never answer the rest alone
    Intent("postseason_stat", None, cues=("postseason",), needs=("stat",), unless=("team",)),  # 'most playoff homers'
    Intent("across_seasons", None, cues=("across",), needs=("team",), unless=("year", "player")),
    Intent("across_seasons", None, cues=("career",), needs=("team", "stat"), unless=("year", "player")),
    Intent("across_seasons", None, cues=("across", "world_series"), unless=("year", "player")),
    Intent("ballpark", None, cues=("park",), needs=("odd_word",), unless=("team", "year")),
    Intent("team_total", "sql", needs=("team_total",), args=team_board.one_args),  # 'how many homers did the cubs hit'
    Intent("team_stat", None, needs=("team", "stat"), unless=("leader", "player", "record_stat", "future")),
    # the team itself asked about, or two teams set side by side ('did the yankees lead the league in home runs',
    # 'who had more home runs, the yankees or the dodgers'): a team total no tool serves
    Intent("team_stat", None, needs=("team", "stat", "team_subject"), unless=("player", "record_stat", "future")),
    Intent("team_stat", None, needs=("team", "stat", "teams_also"), unless=("player", "record_stat", "future")),
    # a team's best season or its managers ranked, over all its seasons ('what was the yankees best season')
    Intent("across_seasons", None, cues=("best_season",), needs=("team",), unless=("year", "player")),
    Intent("across_seasons", None, cues=("manager", "leader"), needs=("team",), unless=("year", "player")),
    Intent("reversed", None, needs=("stat", "reversed"), unless=("player",)),  # "the highest ERA": the board's far end
    Intent("award_years", None, needs=("award", "many_years"), unless=("year", "player")),  # "who has been inducted?"
    # what the tools answer
    Intent("league_season", "season", needs=("year", "league_season"), unless=("player", "team", "stat", "award"),
           args=league_season.args),  # 'the negro national league in 1925', 'AL standings 1978'
    Intent("body", "sql", cues=("height",), needs=("player",), unless=("rival",), args=body.args),
    Intent("body", "sql", cues=("weight",), needs=("player",), unless=("rival",), args=body.args),
    Intent("college", "sql", cues=("college",), needs=("player",), unless=("rival",), args=college.args),
    Intent("salary", "sql", cues=("salary",), needs=("player",), unless=("rival",), args=salary.args),
    Intent("positions", "sql", cues=("position",), needs=("player",), unless=("rival", "team", "award", "stat", "unread"),
           args=positions.args),  # 'what positions did pete rose play': games at each
    Intent("allstar", "sql", cues=("allstar",), needs=("player",),
           unless=("year", "rival", "team", "award", "stat", "unread", "streak"), args=allstar.args),  # career count
    Intent("allstar", "sql", cues=("allstar", "leader"), unless=("player", "year", "team", "award", "stat", "unread",
                                                                 "streak"), args=allstar.most_args),  # the most
    Intent("hall_vote", "awards", cues=("hall",), needs=("player", "year"), unless=("other_award",), args=awards.args),
    Intent("award_won", "awards", needs=("award", "player", "year"), unless=("hof",), args=awards.args),
    # the awards tool counts who won most over all positions, and names winners, not their numbers
    Intent("award_position", None, needs=("award", "position"), unless=("year", "player", "hall")),
    Intent("award_stat", None, needs=("award", "award_stat"), unless=("player", "hall")),  # 'how many homers did the mvp hit'
    Intent("award", "awards", needs=("award",), unless=("player",), args=awards.args),
    Intent("check", "forecast", cues=("check",), args=lambda q: {"check": True}),
    Intent("forecast", "forecast", cues=("future",), unless=("year", "past_year"), args=forecast.args),
    Intent("forecast", "forecast", needs=("next_year",), args=forecast.args),
    Intent("best_now", "forecast", cues=("best_bat",), unless=("year", "player", "team", "career"), args=forecast.args),
    Intent("best_now", "forecast", cues=("best_arm",), unless=("year", "player", "team", "career"), args=forecast.args),
    Intent("best_now", "forecast", cues=("young", "players"), unless=("year", "player", "team"), args=forecast.args),
    Intent("streak", "streak_board", cues=("streak",), unless=("player", "team"), args=streaks.args),
    Intent("team_event", "team_season", cues=("world_series",), needs=("team",), args=team_season.args),
    Intent("team_event", "team_season", cues=("postseason",), needs=("team",), args=team_season.args),
    Intent("team", "team_season", cues=("manager",), needs=("team",), args=team_season.args),  # "was it Dusty Baker?": a guess
    Intent("led", "leaders", cues=("title",), needs=("player", "stat", "year"), unless=("award",), args=leaders.title),
    Intent("compare", "player", cues=("compare",), needs=("player", "rival"), args=compare.args),
    Intent("player", "player", needs=("player",), args=player.args),
    # a rate over a team's seasons ('who led the yankees in era'): not the latest season's OPS list
    Intent("across_seasons", None, cues=("leader",), needs=("team", "stat"), unless=("year", "player", "record_stat")),
    Intent("team_leaders", "team_season", cues=("leader",), needs=("team", "stat"), unless=("record_stat",), args=team_season.args),
    Intent("best_record", "season", cues=("best_record",), needs=("year",), unless=("team",), args=season.args),
    Intent("best_record", "season", needs=("year", "team_wins"), unless=("team", "player"), args=season.args),
    Intent("league_worst", "sql", needs=("league_worst",), args=league_worst.args),  # 'last in the AL in 1961'
    Intent("worst_record", "season", cues=("worst_record",), needs=("year",), unless=("team",), args=season.args),
    Intent("single_season", None, cues=("leader",), needs=("stat", "single_season_words"), unless=("year",)),
    Intent("each_league", "leaders", needs=("stat", "both_leagues"), unless=("team", "player"), args=leaders.each_league),
    Intent("team_stat", None, cues=("leader",), needs=("stat", "team_word"), unless=("team", "player")),
    Intent("leaders", "leaders", needs=("stat",), unless=("team",), args=leaders.args),
    Intent("leaders", "leaders", cues=("best_arm",), unless=("team",), args=leaders.args),
    Intent("leaders", "leaders", cues=("best_bat",), needs=("year",), unless=("team",), args=leaders.args),
    Intent("leaders", "leaders", cues=("best_bat", "career"), unless=("team", "player"), args=leaders.args),
    Intent("leaders", "leaders", cues=("closer", "leader"), unless=("team", "player"), args=leaders.args),  # 'the best closer'
    Intent("rounds", "season", cues=("rounds",), needs=("year",), unless=("team",), args=season.args),
    Intent("season", "season", cues=("world_series",), unless=("across",), args=season.args),
    Intent("season", "season", cues=("pennant",), unless=("across",), args=season.args),
    Intent("season", "season", cues=("division",), needs=("year",), args=season.args),
    Intent("season", "season", cues=("wildcard",), needs=("year",), args=season.args),
    Intent("season", "season", cues=("postseason",), needs=("year",), args=season.args),
    Intent("team", "team_season", needs=("team",), unless=("across_no_year",), args=team_season.args),
    Intent("year", "season", needs=("year", "short"), args=season.args),
)

def reversed_order(q: Question) -> bool:
    """Whether an extreme word asks for the other end of the stat's board: the boards rank best first (the most home
    runs, the lowest ERA), so "highest ERA", "fewest home runs" or "worst batting average" is the far end."""
    if q.stat not in STATS:
        return False
    stat = STATS[q.stat]
    board = "down" if stat.kind == "rate2low" else "up"
    bad = "up" if stat.lower_is_better or q.stat == "SO" else "down"
    wanted = {bad if way == "worst" else way for way, phrases in EXTREMES.items() if q.has(*phrases)}
    return bool(wanted - {board})


# An award asked of no season, with words that ask about many seasons: the tools give one season's winners (and,
# for an award but the Hall of Fame, who won it most often).
_MANY_YEARS = ("how many", "each", "every", "all", "list", "ever", "history", "has been", "have been",
               "fewest", "which year", "what year", "which years", "when", "times", "count", "total")


# Slots that are not a field of the reading but follow from it.
_DERIVED: dict[str, Callable[[Question], bool]] = {
    "reversed": reversed_order,
    "unserved_stat": lambda q: q.unread_why == "stat" and not (team_board.asked(q) or span_leaders.asked(q)),
    "ambiguous_team": lambda q: bool(q.team) and q.year is not None
    and " is ambiguous in " in str(resolve_team(q.team, q.year)),
    "race": lambda q: q.unread_why == "race",
    "award_stat": lambda q: bool(q.stat) and q.has("how many", "how much", "what was", "what were"),
    "odd_word": lambda q: q.guessed or any(unknown_word(w) for w in q.words),  # 'ebbets field': no team, no name
    "many_years": lambda q: q.year is None and q.award is not None and not q.has(*LATEST)
    and (q.award == "HOF" or q.has(*_MANY_YEARS) and not q.has("the most", "most often")),
    "next_year": lambda q: q.year == FORECAST_SEASON,
    "judged": lambda q: q.has(*JUDGED),
    "hof": lambda q: q.award == "HOF",
    "other_award": lambda q: q.award not in (None, "HOF"),  # 'how many mvp votes did trout get': not the Hall's
    "age_extreme": lambda q: q.unread_why in (None, "age") and age_extreme.asked(q),
    "manager_record": manager_record.asked,
    "born_on": born.asked,
    "born_month": lambda q: born.when(q) is not None,
    "led_count": lambda q: q.has(*titles_led.HOW_MANY) and q.has(*titles_led.LED),
    "body_extreme": body_extreme.asked,
    "span_leaders": span_leaders.asked,
    "team_board": team_board.asked,
    "team_total": team_board.one_team,
    "rookie": rookie.asked,
    "picked_left": span_leaders.picked_left,
    "career_club": career_club.asked,
    "salary_board": salary_board.asked,
    "titles_led": titles_led.asked,
    "franchise": franchise.asked,
    "most_titles": most_titles.asked,
    "first_last": first_last.asked,
    "team_leader": team_leader.asked,
    "team_subject": lambda q: q.text.startswith(team_leader.NOT_WHO),
    "teams_also": lambda q: any("team" in x for x in q.also),
    "best_team": best_team.asked,
    "roster": roster.asked,
    "debut_age": debut_age.asked,
    "league_worst": league_worst.asked,
    "league_season": league_season.asked,
    "unresolved_player": lambda q: q.refers == "player" and not q.player and not _own_subject(q),
    "unresolved_team": lambda q: q.refers in ("team", "loser") and not q.team and not q.player and not _own_subject(q),
    "past_year": lambda q: q.year is not None and q.year <= LAST_SEASON,
    "short": lambda q: len(q.words) <= 3 or q.has("what happened", "tell me about", "season", "summary", "recap",
                                                   "sum up"),
    "record_stat": lambda q: q.stat in ("W", "L", "R", "G"),
    "team_wins": lambda q: q.stat == "W" and q.has("team", "teams", "club", "clubs"),
    "team_word": lambda q: q.has("team", "teams", "club", "clubs", "which team", "franchise", "franchises"),
    "both_leagues": lambda q: (q.has("al", "american league", "american") and q.has("nl", "national league",
                                                                                   "national")) or q.has("both leagues", "each league"),
    "single_season_words": lambda q: q.has("single season", "one season", "a season", "in a season"),
    "across_no_year": lambda q: q.year is None and q.has("how many", "how often", "number of", "times", "ever"),
}


def _own_subject(q: Question) -> bool:
    """A question with its own subject ("who won in 2024 and who did they beat") needs no earlier one."""
    return q.year is not None or bool(q.award or q.team or q.player)


def _holds(q: Question, name: str) -> bool:
    if name in _DERIVED:
        return _DERIVED[name](q)
    if name in q.__dataclass_fields__:
        return bool(getattr(q, name))
    return q.cue(name)


def match(q: Question) -> Plan | None:
    """The first intent that fits the reading, with its calls."""
    for intent in INTENTS:
        if not (all(q.cue(c) for c in intent.cues) and all(_holds(q, s) for s in intent.needs)
                and not any(_holds(q, s) for s in intent.unless)):
            continue
        if intent.tool is None:
            return Plan(intent.name, [], q)
        args = intent.args(q) if intent.args else {}
        if args is None:
            continue
        if isinstance(args, dict) and "season" in args and q.year is None and intent.tool in ("team_season", "season"):
            q = replace(q, year=args["season"])  # the season the answer is about, for follow-ups
        if isinstance(args, dict) and q.also and intent.name != "compare":  # 'the dodgers and the yankees': one each
            more = [(x, intent.args(replace(q, **x))) for x in q.also]
            more = [(x, a) for x, a in more if isinstance(a, dict) and a != args]
            return Plan(intent.name, [{"name": intent.tool, "args": a} for a in [args] + [a for _, a in more]], q,
                        [{}] + [x for x, _ in more])
        return Plan(intent.name, [{"name": intent.tool, "args": a} for a in (args if isinstance(args, list) else [args])], q)
    return None


# ---------------------------------------------------------------- follow-ups

# Cue groups that make a question a question of its own (not a fragment of the last one).
_OWN = {"check", "negro_ws", "world_series", "pennant", "division", "wildcard", "postseason", "best_record", "rounds", "manager", "park",
        "record", "best_hitter", "leader", "future", "best_bat", "best_arm", "streak", "about", "born", "allstar",
        "died", "hands", "teams", "span", "hall", "age", "best_season", "award", "game_level", "other_sport",
        "across", "single_season", "height", "weight", "salary", "college", "rings"}


def _short(q: Question) -> set[str]:
    """Cue groups a short fragment says without asking a question of its own ('top five', 'and the fewest?', 'what
    about the fewest')."""
    return {"leader"} if len(q.words) <= 3 or q.follow and len(q.words) <= 4 else set()


# Cue groups a fragment does not inherit: 'who led the AL?', then 'how about Trout?' asks for his line, not whether he led.
_ASKED_ONCE = {"title"}
# Cue groups that replace each other in a fragment: 'the last .400 hitter', then 'and the first?'.
_OPPOSITE = {"first": "last", "last": "first"}
# Bio questions are about the career, not the season the conversation was in ("is he in the Hall of Fame?").
_CAREER_CUES = ("born", "died", "hands", "teams", "span", "hall", "best_season")


def plan(text: str, history: list[dict] | None = None) -> Plan | None:
    """What to do about the question, given the conversation so far; None when nothing fits.

    A pronoun ("he", "their", "the winners") takes the last answer's player or team, and a team keeps its
    season; "that year", "the year after" count from the last season. A fragment ("and in 2015?", "what
    about the Mets?", "and the Cy Young?") changes only what it names in the last reading. Any other
    question stands alone, so its subject never leaks from an earlier one. Two questions in one ("who won the
    World Series and who was its MVP?") are planned one after the other, the second following up the first.
    """
    first, *rest = _ANOTHER.split(text, maxsplit=1)
    asks = rest and read(first)
    if asks and (set(asks.cues) & _OWN or asks.award or asks.team or asks.player or asks.stat):
        year = read(rest[0]).year
        one = plan(first + (f" in {year}" if year is not None and asks.year is None else ""), history)
        two = plan(rest[0], [{"role": "assistant", "extras": {"demo": {"question": one.question.data()}}}]) \
            if one and one.calls else None
        if two and two.calls:
            each = [{**x, "intent": two.intent, "question": two.question.data()} for x in two.each or [{}] * len(two.calls)]
            return replace(one, calls=one.calls + two.calls, each=(one.each or [{}] * len(one.calls)) + each)
        second = read(rest[0])
        if one and one.calls and (second.stat or second.award or second.player or second.unread):
            # the second question asks something of its own that has no answer here: the first alone is not it
            return Plan("unread", [], replace(second, unread=" ".join(second.words), unread_why="second"))
    q = corrected(text)
    last = last_reading(history)
    if last is not None:
        q = resolve(q, last)
        if q.year is None and last.year is not None and q.has("the series") and not q.has("world series"):
            q = replace(q, year=last.year)  # "who won the series": the one of the season being talked about
        own = set(q.cues) & _OWN - _short(q)  # "top five", "and the most?" are fragments
        fragment = not own and not q.award and (len(q.words) <= 4 and _changes(q) or q.follow or q.shift is not None)
        if q.follow or fragment or last.rival and q.cue("compare") and not (q.player or q.team):
            found = match(follow_up(last, q))
            if found is not None:
                return found
    return match(q)


# Where a second question starts: 'who won the world series in 2023 and who was the mvp'.
_ANOTHER = re.compile(r",?\s+and\s+(?=(?:who|what|which|how|where|when)\b)", re.IGNORECASE)
# An award that, asked after a series, means that series' own ('who was the MVP?' after the World Series).
_SERIES_AWARD = {("world_series", "MVP"): "WSMVP"}


def corrected(text: str) -> Question:
    """The reading of a question that takes something back: what follows the last correction ("no wait", "i mean")
    replaces what it names, as a follow-up would ("the mets, no wait, the yankees", "in 2021, i mean 2022")."""
    said = [m for phrase in CORRECTIONS
            for m in re.finditer(r"\b" + r"\W+".join(phrase.split()) + r"\b", text, re.IGNORECASE)]
    cut = max(said, key=lambda m: m.start(), default=None)
    before, after = (read(text[:cut.start()]), read(text[cut.end():])) if cut else (None, None)
    return follow_up(before, after) if before and before.words and after.words else read(text)


def _changes(q: Question) -> bool:
    return any(getattr(q, slot) is not None for slot in ("year", "team", "player", "stat", "league", "award", "top",
                                                         "decade")) \
        or q.cue("career", "active") or any(_kind_of_word(w) == "place" for w in q.words)


def resolve(q: Question, last: Question) -> Question:
    """The question with its pronouns and relative years read against the last reading."""
    q = replace(q)
    if q.shift is not None and q.year is None and not _AFTER_TITLE.search(q.text) and last.year is not None:
        q.year = last.year + q.shift
    if q.refers == "player" and not q.player and (last.he or last.player):
        q.player, q.name = (last.he, last.he_name) if last.he else (last.player, last.name)
        if q.kin:
            to_kin(q)  # 'what about his dad?': his career, not the season his son was asked about
        elif q.year is None and last.year is not None and not q.cue("career", "allstar", *_CAREER_CUES) \
                and not q.has("tell me about", "who is", "who was", "how good"):
            q.year = last.year  # "what was his ERA?" after a season's answer: that season
    if q.refers in ("team", "loser") and not q.team and (last.they or last.team):
        q.team, q.franchise = (last.loser, last.loser_franchise) if q.refers == "loser" and last.loser else \
            (last.they, last.they_franchise) if last.they else (last.team, last.franchise)
        if q.year is None and q.shift is None:
            q.year = last.year  # a team is a team-season: "who managed them?"
    if q.shift and q.year is None:  # no season to count from: never the team's latest in its place
        anchor = _title_season(q.franchise, last.year) if _AFTER_TITLE.search(q.text) else None
        if anchor is None:
            said = next((p for p in RELATIVE_YEARS if q.has(p)),
                        f"{abs(q.shift)} years {'later' if q.shift > 0 else 'earlier'}")
            q.unread, q.unread_why = said, "anchor"
        else:
            q.year = anchor + q.shift
    series = next((code for (cue, award), code in _SERIES_AWARD.items() if q.award == award and last.cue(cue)), None)
    if series and not q.league and not last.award:
        q.award = series
    if q.award not in (None, "HOF") and q.year is None and last.year is not None \
            and not q.has("most", "ever", "all time", "history"):
        q.year = last.year  # "who was the World Series MVP?" after that World Series
    return q


# A year counted from a title: 'the year after they won it all', 'the season after they won the world series'.
_AFTER_TITLE = re.compile(rf" (?:{'|'.join(RELATIVE_YEARS)}) (?:\w+ ){{0,2}}(?:{'|'.join(TITLE_WON)}) ")


def _title_season(franchise: str | None, year: int | None) -> int | None:
    """The title season a conversation means by "when they won it all": the franchise's last World Series title in or
    before the season talked about (any, when none is); None when it has none."""
    return next((y for y in reversed(titles(franchise)) if year is None or y <= year), None) if franchise else None


# Cues of the kinds that describe one player (his height, college, salary, positions, All-Star count): "what about
# B?" after one asks it of B, not to compare him with the last player.
_ONE_PLAYER = {"height", "weight", "college", "salary", "position", "allstar"}
# Of those, what no season changes (his height, weight, college): a season said after one asks for that season.
_BIO = {"height", "weight", "college"}


def follow_up(last: Question, q: Question) -> Question:
    """The last reading with what the new question changes: its slots replace the last one's."""
    own_cues = bool(set(q.cues) & _OWN - _short(q)) or bool(q.award)
    text = q.text if own_cues else _swap(last.text, q.words)
    merged = replace(last, text=text, words=text.split(),
                     cues=q.cues if own_cues else sorted(set(last.cues) - _ASKED_ONCE - {_OPPOSITE.get(c) for c in q.cues}
                                                         | set(q.cues)), follow=False,
                     refers=None,
                     shift=None, he=None, he_name=None, they=None, they_franchise=None)
    for slot in ("year", "stat", "league", "top", "award", "position", "decade"):
        if getattr(q, slot) is not None:
            setattr(merged, slot, getattr(q, slot))
    if q.year is not None and q.decade is None and last.decade is not None:  # 'the 90s', then 'what about 2001'
        merged.decade, merged.cues = None, [c for c in merged.cues if c != "decade"]
    elif q.decade is not None:  # a season, then 'and the 80s?'
        merged.year = None
    if q.unread_why in ("anchor", "family"):  # 'and the year after?' with no season to count from: declined
        merged.unread, merged.unread_why = q.unread, q.unread_why
    if q.team and q.team != last.team:  # a new team: the player (and his stat) was about the old one
        merged.team, merged.franchise, merged.player, merged.name, merged.rival = q.team, q.franchise, None, None, None
        merged.stat = q.stat if last.player else merged.stat
    if q.player:
        for slot in ("player", "name", "others", "guessed", "rival", "rival_name"):
            setattr(merged, slot, getattr(q, slot))
        if not q.rival and last.player and last.player != q.player and not set(merged.cues) & _ONE_PLAYER:
            merged.rival, merged.rival_name = last.player, last.name  # "what about A-Rod?": kept for "who had more?"
        merged.team = merged.franchise = None
    if own_cues and not q.stat and not set(q.cues) & _OWN <= {"leader", "career"}:
        merged.stat = None  # "and who managed them?" asks about the manager, not the last stat
    if not q.stat and q.cue("pitcher", "players") and merged.stat in FORECAST_STATS + FORECAST_PITCHING:
        merged.stat = None  # "what about pitchers?" after the hitters' board
    if q.cue("pitcher") and "best_bat" in merged.cues:
        merged.cues = sorted(set(merged.cues) - {"best_bat"} | {"best_arm"})
    if q.year is None and (q.cue("career") or q.has("overall", "ever") or q.kin) or q.cue(*_CAREER_CUES):
        merged.year = None
    elif q.year is not None and not own_cues and set(merged.cues) & _BIO:
        merged.cues = sorted(set(merged.cues) - _BIO)  # 'his weight?', then 'what about 2004?': his 2004 season
    return merged


_MONTH_WORDS = {m.lower() for m in MONTHS}


# 'best' too: 'the best whip in 2022', then 'and the worst?'
_EXTREME_WORDS = {w for words in EXTREMES.values() for w in words if " " not in w} | {"best"}


def _kind_of_word(w: str) -> str | None:
    return "month" if w in _MONTH_WORDS else "mark" if w.isdigit() and len(w) != 4 else \
        "place" if len(w) > 2 and w in BIRTHPLACES else "extreme" if w in _EXTREME_WORDS else None


def _swap(text: str, words: list[str]) -> str:
    """The last question's text with the fragment's month, mark, place or extreme word in place of its own ('born in
    may', then 'and june?'; 'who has 500 home runs', then 'and 600?'; 'born in ohio', then 'and texas?'; 'the fewest
    home runs by a team', then 'and the most?'): kinds whose question reads them from its words."""
    for w in words:
        old = next((x for x in text.split() if _kind_of_word(w) and _kind_of_word(x) == _kind_of_word(w)), None)
        text = text.replace(f" {old} ", f" {w} ", 1) if old else text
    return text


def last_reading(history: list[dict] | None) -> Question | None:
    """The reading kept with the last calls in the conversation (see DemoModel), or one made from the call itself
    when a model made it (a visitor who forgets the key mid-conversation carries on in demo mode)."""
    for message in reversed(history or []):
        kept = (message.get("extras") or {}).get("demo") if message.get("role") == "assistant" else None
        if not kept and not message.get("calls"):
            continue
        try:
            if isinstance(kept, dict) and isinstance(kept.get("question"), dict):
                return Question(**kept["question"])
            return _from_call(message["calls"][-1])
        except (TypeError, KeyError, AttributeError, IndexError):
            return None
    return None


# What a call says a question was about, for a conversation whose last call the demo did not make.
_CALL_CUES = {"team_season": ["record"], "player": ["about"], "leaders": ["leader"], "season": ["world_series"],
              "forecast": ["future"], "streak_board": ["streak"]}
_KIND_CUES = {"player_allstar": ["allstar"], "player_30hr": ["thirty"], "player_300avg": ["three_hundred"],
              "team_postseason": ["postseason"], "team_winning_seasons": ["winning"]}


def _from_call(call: dict) -> Question:
    args = call.get("args") or {}
    season = args.get("season") if isinstance(args.get("season"), int) else None
    q = Question(year=season, cues=_CALL_CUES.get(call.get("name"), []) + _KIND_CUES.get(args.get("kind"), []))
    if args.get("active"):
        q.cues.append("active")
    if isinstance(args.get("team"), str):
        row = resolve_team(args["team"], season if season is not None else LAST_SEASON)
        if not isinstance(row, str):
            q.team, q.franchise = key(row.name), row.franch
    if call.get("name") == "player" and isinstance(args.get("name"), str):
        found = resolve_player(args["name"], season)
        if isinstance(found, tuple):
            q.player, q.name = found[0].id, found[0].name
    if isinstance(args.get("stat"), str):
        q.stat = args["stat"] if "error" not in resolve_stat(args["stat"]) else None
    q.league = args.get("league") if args.get("league") in ("AL", "NL") else None
    q.top = args.get("top") if isinstance(args.get("top"), int) else None
    return q
