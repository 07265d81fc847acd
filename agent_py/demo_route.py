"""The demo router: one question (typed or spoken) -> one tool call, or None.

``route(question, history)`` reads the question with the vocabulary in
``demo_words`` (years, teams, stats, leagues), finds player names in the
published player index (accent-insensitive, misspellings tolerated,
namesakes settled by the more notable career), decides the intent with a few
ordered rules, and fills in what a follow-up leaves out ("and in 1999?")
from the last call in the conversation. It returns ``{"name", "args"}`` or
None when the question is not one the tools answer (``route_all`` also
returns two player calls for a comparison; ``explain`` names the kind of
question no tool answers, for demo.DECLINE). It never raises.

It does not phrase answers (``demo.py`` does) and it does not judge whether
the data holds an answer: the tool says so, and the demo relays it.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field

from . import demo_words as W

# ---------------------------------------------------------------- players

# Nicknames people say instead of the name (folded, as tokens) -> the name to look up.
NICKNAMES = {
    "big papi": "David Ortiz", "arod": "Alex Rodriguez", "a rod": "Alex Rodriguez",
    "junior": "Ken Griffey Jr.", "griffey jr": "Ken Griffey Jr.", "griffey junior": "Ken Griffey Jr.",
    "the kid": "Ken Griffey Jr.", "ken griffey jr": "Ken Griffey Jr.",
    "ken griffey junior": "Ken Griffey Jr.", "griffey sr": "Ken Griffey Sr.",
    "griffey senior": "Ken Griffey Sr.", "mr october": "Reggie Jackson",
    "hammerin hank": "Hank Aaron", "hammering hank": "Hank Aaron", "say hey kid": "Willie Mays",
    "splendid splinter": "Ted Williams", "teddy ballgame": "Ted Williams", "yaz": "Carl Yastrzemski",
    "pudge": "Ivan Rodriguez", "big unit": "Randy Johnson", "mr cub": "Ernie Banks",
    "iron horse": "Lou Gehrig", "joltin joe": "Joe DiMaggio", "yankee clipper": "Joe DiMaggio",
    "donnie baseball": "Don Mattingly", "big hurt": "Frank Thomas", "charlie hustle": "Pete Rose",
    "the rocket": "Roger Clemens", "ryan express": "Nolan Ryan", "shoeless joe": "Joe Jackson",
    "king felix": "Felix Hernandez", "miggy": "Miguel Cabrera", "the bambino": "Babe Ruth",
    "sultan of swat": "Babe Ruth", "the babe": "Babe Ruth", "bambino": "Babe Ruth",
    "georgia peach": "Ty Cobb", "mad dog": "Greg Maddux", "the professor": "Greg Maddux",
    "pops": "Willie Stargell", "big mac": "Mark McGwire", "slammin sammy": "Sammy Sosa",
    "tony gwinn": "Tony Gwynn", "mr padre": "Tony Gwynn", "the franchise": "Tom Seaver",
    "tom terrific": "Tom Seaver", "stan the man": "Stan Musial", "the big train": "Walter Johnson",
    "three finger brown": "Mordecai Brown", "catfish": "Catfish Hunter", "dr k": "Dwight Gooden",
    "doc gooden": "Dwight Gooden", "doctor k": "Dwight Gooden", "the wizard": "Ozzie Smith",
    "wizard of oz": "Ozzie Smith", "mr tiger": "Al Kaline", "the natural": "Roy Hobbs",
    "vlad": "Vladimir Guerrero", "vlad jr": "Vladimir Guerrero Jr.", "fernando": "Fernando Valenzuela",
    "mookie": "Mookie Betts", "shohei": "Shohei Ohtani", "ohtani": "Shohei Ohtani",
}


@dataclass
class Person:
    name: str  # what the player tool is asked for
    first: str  # folded tokens
    last: str
    fame: float = 0.0
    years: tuple[int, int] = (0, 0)


@dataclass
class PlayerIndex:
    """Lookup tables over the published player index (built once per process)."""

    people: list[Person]
    by_full: dict[str, list[Person]] = field(default_factory=dict)
    by_last: dict[str, list[Person]] = field(default_factory=dict)
    by_first: dict[str, list[Person]] = field(default_factory=dict)
    famous_last: list[str] = field(default_factory=list)  # fuzzy targets: the best-known sixth
    famous_full: list[str] = field(default_factory=list)
    notable_fame: float = 0.0  # a first name alone ("ichiro") must belong to someone at least this known
    last_was_fuzzy: bool = False  # set by find(): the match was a guess at a misspelling

    def __post_init__(self) -> None:
        for p in self.people:
            self.by_full.setdefault(f"{p.first} {p.last}", []).append(p)
            self.by_last.setdefault(p.last, []).append(p)
            self.by_first.setdefault(p.first, []).append(p)
        for table in (self.by_full, self.by_last, self.by_first):
            for found in table.values():
                found.sort(key=lambda p: -p.fame)
        ranked = sorted(self.people, key=lambda p: -p.fame)
        notable = ranked[: max(1, len(ranked) // 6)]
        self.famous_last = sorted({p.last for p in notable if len(p.last) >= 4})
        self.famous_full = sorted({f"{p.first} {p.last}" for p in notable})
        self.notable_fame = ranked[min(len(ranked) - 1, 1500)].fame if ranked else 0.0

    def find(self, words: list[str], taken: set[int], strict: bool = False) -> tuple[Person, set[int]] | None:
        """strict (a team is named too): a surname alone must be a well-known one ("the 1931 yankees score")."""
        self.last_was_fuzzy = False
        return self._find(words, taken, strict)

    def _find(self, words: list[str], taken: set[int], strict: bool = False) -> tuple[Person, set[int]] | None:
        """The player named in words (not at positions taken by a team): (person, positions)."""
        free = [i for i in range(len(words)) if i not in taken]
        text_at = {i: words[i] for i in free}
        # nicknames, then full names (a suffix like 'jr' may follow), then a surname, then a rare first name
        for n in (3, 2):
            for i in free:
                span = [text_at.get(i + k) for k in range(n)]
                if None in span:
                    continue
                phrase = " ".join(span)
                if phrase in NICKNAMES:
                    hit = self._by_name(NICKNAMES[phrase])
                    if hit:
                        return hit, set(range(i, i + n))
        for i in free:
            if text_at[i] in NICKNAMES and text_at[i] not in W.COMMON:
                hit = self._by_name(NICKNAMES[text_at[i]])
                if hit:
                    return hit, {i}
        for n in (3, 2):
            for i in free:
                span = [text_at.get(i + k) for k in range(n)]
                if None in span:
                    continue
                found = self._full(span)
                if found:
                    return found, set(range(i, i + n))
        cued = not strict and (len(words) <= 2 or any(w in _PLAYER_CUES for w in words)
                               or W.find_stat(words) is not None or any(w.isdigit() for w in words))
        candidates = []
        for i in free:
            w = text_at[i]
            if len(w) >= 3 and _name_like(w):
                key = w if w in self.by_last else w[:-1] if w.endswith("s") and w[:-1] in self.by_last else None
                # a surname alone must be a well-known one, or come with a question about a player
                if key and (cued or self.by_last[key][0].fame >= self.notable_fame):
                    candidates.append((self.by_last[key][0].fame, i, self.by_last[key][0]))
        if candidates:
            _, i, person = max(candidates, key=lambda c: c[0])
            return person, {i}
        for i in free:
            w = text_at[i]
            if _name_like(w) and w in self.by_first and len(w) >= 4:
                top = self.by_first[w]
                if len(top) == 1 or top[0].fame >= 3 * top[1].fame:
                    if top[0].fame >= self.notable_fame:
                        return top[0], {i}
        if cued and (len(words) <= 2 or any(w in _GUESS_CUES for w in words) or W.find_stat(words) is not None
                     or any(w.isdigit() for w in words)):
            return self._fuzzy(words, free)  # a misspelling only where a name is expected
        return None

    def _by_name(self, name: str) -> Person | None:
        words = W.tokens(name)
        suffix = words[-1] if words and words[-1] in ("jr", "sr", "ii", "iii") else None
        core = words[:-1] if suffix else words
        found = self.by_full.get(" ".join(core), [])
        if not found:
            return None
        if suffix == "sr" and len(found) > 1:  # the elder namesake: earlier career
            return min(found, key=lambda p: p.years)
        return found[0]

    def _full(self, span: list[str]) -> Person | None:
        suffix = span[-1] if span[-1] in ("jr", "sr", "junior", "senior") else None
        core = span[:-1] if suffix else span
        if len(core) < 2 or all(w in W.COMMON for w in core) or core[0] in _NOT_FIRST:
            return None
        found = self.by_full.get(" ".join(core))
        if not found and core[-1].endswith("s"):  # spoken possessive: "joe dimaggios 1941"
            found = self.by_full.get(" ".join(core[:-1] + [core[-1][:-1]]))
        if not found:
            return None
        if suffix in ("sr", "senior") and len(found) > 1:
            return min(found, key=lambda p: p.years)
        if suffix in ("jr", "junior") and len(found) > 1:
            return max(found, key=lambda p: p.years)
        return found[0]

    def _fuzzy(self, words: list[str], free: list[int]) -> tuple[Person, set[int]] | None:
        """Misspelt names: 'micky mantel', 'griffy', 'yastremski'."""
        for i in free:
            if i + 1 in free and _name_like(words[i]) and _name_like(words[i + 1]):
                got = difflib.get_close_matches(f"{words[i]} {words[i + 1]}", self.famous_full, n=1, cutoff=0.8)
                if got:
                    self.last_was_fuzzy = True
                    return self.by_full[got[0]][0], {i, i + 1}
        best = None
        for i in free:
            w = words[i]
            if len(w) >= 5 and _name_like(w):
                got = difflib.get_close_matches(w, self.famous_last, n=1, cutoff=0.8)
                if got:
                    score = difflib.SequenceMatcher(None, w, got[0]).ratio()
                    if best is None or score > best[0]:
                        best = (score, i, self.by_last[got[0]][0])
        if best:
            self.last_was_fuzzy = True
            return best[2], {best[1]}
        return None


# Words that start a question, never a name ("who will smith...", "how about...").
_NOT_FIRST = {"who", "what", "how", "when", "where", "which", "did", "does", "was", "is", "the", "a", "an", "and",
              "about", "for", "of", "in", "on", "many", "much", "most", "best", "top", "tell", "me", "give"}

_PLAYER_CUES = {"about", "career", "stats", "numbers", "line", "hit", "hits", "hitting", "pitch", "pitched",
                "pitching", "played", "play", "did", "does", "season", "good", "great", "much", "many",
                "how", "he", "his", "year", "rookie"}


# Words that make a city a team ("how did boston do", "boston's record").
_TEAM_CUES = {"do", "did", "does", "doing", "record", "season", "won", "win", "wins", "play", "played", "team",
              "finish", "finished", "manager", "managed", "roster", "playoffs", "postseason", "lineup", "hitter",
              "hitters", "projections", "projection", "pennant", "series"}


# Cues strong enough to read an unknown word as a misspelt name ("a good pizza place" is not Piazza).
_GUESS_CUES = _PLAYER_CUES - {"good", "great", "much", "many", "how", "did", "does", "he", "his", "play", "year"}


def _name_like(w: str) -> bool:
    return w.isalpha() and w not in W.COMMON and w not in W.TEAM_WORDS and w not in W.STAT_WORDS \
        and w not in _INTENT_WORDS


# ---------------------------------------------------------------- the parse


@dataclass
class Parse:
    words: list[str]
    text: str  # words joined, padded with spaces, for phrase tests
    year: int | None
    team: str | None  # franchise code, era resolved
    team_said: str | None
    player: Person | None
    player_fuzzy: bool
    stat: str | None
    league: str | None
    top: int | None

    said: str = ""  # the words as said, before spelling fixes ("triple crown" stays itself)

    def has(self, *phrases: str) -> bool:
        return any(f" {p} " in self.text or f" {p} " in self.said for p in phrases)


_INTENT_WORDS = {"projection", "projections", "forecast", "predict", "marcel", "streak", "streaks",
                 "consecutive", "pennant", "pennants", "champions", "champion", "leaders", "leader",
                 "series", "world", "record", "allstar", "star", "stars", "active", "career",
                 "postseason", "playoffs", "playoff", "division", "wildcard", "pitcher", "hitter",
                 "batter", "slugger", "bat", "about", "tell", "ever"}


def read(question: str, index: PlayerIndex | None) -> Parse:
    said = W.tokens(question)
    vocab = W.TEAM_WORDS | W.SPELL_STAT_WORDS | _INTENT_WORDS
    words = W.spell(said, vocab)
    team = W.find_team(words)
    if team and team[1] in W.CITY_ONLY and not W.years(words) and not W.find_stat(words) \
            and not _TEAM_CUES & set(words):
        team = None  # "the weather in boston": a city alone is not a team
    if team and words[team[2]:team[2] + team[3]] != said[team[2]:team[2] + team[3]] \
            and not W.years(words) and not W.find_stat(words) \
            and not {"how", "did", "do", "record", "season", "won", "win", "play", "played"} & set(words):
        team = None  # a corrected team word alone ("now a pirate") is too weak to act on
    taken = set(range(team[2], team[2] + team[3])) if team else set()
    team_taken = bool(taken)
    ys = W.years(words, W.team_positions(words))
    year = ys[0] if ys else None
    person, fuzzy = None, False
    if index is not None:
        # number words, years and stat words are never names
        taken |= {i for i, w in enumerate(words) if not w.isalpha()}
        found = index.find(words, taken, strict=team_taken)
        if found:
            person, spots = found
            fuzzy = index.last_was_fuzzy
            if team and spots & set(range(team[2], team[2] + team[3])):
                team = None
    franchise = W.resolve_team(team[0], team[1], year) if team else None
    return Parse(words=words, text=" " + " ".join(words) + " ", year=year, team=franchise,
                 team_said=team[1] if team else None, player=person, player_fuzzy=fuzzy, stat=W.find_stat(words),
                 league=W.find_league(words), top=W.find_top(words), said=" " + " ".join(said) + " ")


# ---------------------------------------------------------------- intents

_FORECAST = ("projection", "projections", "projected", "project", "forecast", "forecasts", "predict",
             "prediction", "predictions", "marcel", "next year", "next season", "this coming season",
             "going to", "gonna", "will", "expected", "expect")
_BEST_BAT = ("best bat", "best hitter", "best batter", "best hitters", "best bats", "top hitter",
             "top hitters", "top bats", "best slugger", "best offensive player", "best offensive",
             "most dangerous hitter", "best player", "best batters", "top batter")
_STREAK = ("streak", "streaks", "consecutive", "in a row", "straight", "running", "years running",
           "seasons running", "playoff run", "postseason run", "active run", "run of", "longest run")
_SEASON = ("world series", "pennant", "pennants", "champion", "champions", "championship", "won it all",
           "win it all", "fall classic", "title", "division", "wildcards", "wildcard", "playoffs",
           "postseason", "best record", "league champion", "champs", "won the al", "won the nl",
           "winner", "winners", "the series", "al east", "al west", "al central", "nl east", "nl west", "nl central",
           "american league east", "american league west", "american league central", "national league east",
           "national league west", "national league central")
_LEADER = ("led", "lead", "leads", "leader", "leaders", "most", "best", "top", "highest", "lowest",
           "fewest", "leading", "record for", "all time", "alltime", "career", "ever", "who had",
           "who hit", "who stole", "who was", "most ever", "king", "title")
_ABOUT = ("tell me about", "who is", "who was", "whos", "how good was", "how good is", "stats for",
          "career", "how did", "how many", "what did", "what was", "line", "numbers")


def _intent(p: Parse) -> dict | None:
    """Ordered rules; the first that fits makes the call."""
    # a guessed name ("micky mantel") yields to a leaders question, but not where none is asked for
    guessed_leaders = p.player_fuzzy and p.has(*_LEADER)
    player_first = (_leaders, _player) if guessed_leaders else (_player, _leaders)
    for rule in (_forecast, _streak, _season_or_team, *player_first, _team, _year_only):
        call = rule(p)
        if call is not None:
            return call
    return None


def _forecast(p: Parse) -> dict | None:
    future = p.year == W.FORECAST_SEASON and not p.has(*_SEASON) or p.has(*_FORECAST) and p.year is None
    best_bat = p.has(*_BEST_BAT) and p.year is None and p.player is None
    if not (future or best_bat):
        return None
    if p.player is not None and not future:
        return None
    if p.player is not None:  # the board is the only projection there is; the phrasing looks for him
        return {"name": "forecast", "args": {"top": 10, **({"stat": p.stat} if p.stat in
                                                          ("OPS", "OBP", "SLG", "AVG", "HR") else {})}}
    args: dict = {}
    stat = p.stat if p.stat in ("OPS", "OBP", "SLG", "AVG", "HR") else None
    if p.stat and stat is None and future and not best_bat:
        return None  # e.g. "who will win the most games": no projection for that
    if stat:
        args["stat"] = stat
    if p.top:
        args["top"] = min(p.top, 10)
    elif p.has(*W.YOUNG):
        args["top"] = 10  # the phrasing picks the youngest from a longer board
    if p.team:
        args["team"] = settle_team(p.team, W.LAST_SEASON)
    return {"name": "forecast", "args": args}


def _streak(p: Parse) -> dict | None:
    if not p.has(*_STREAK):
        return None
    if p.has("all star", "all stars", "allstar", "all star games", "all star selections", "all star teams"):
        kind = "player_allstar"
    elif p.has("30", "avg30", "thirty") and p.stat in ("HR", None):
        kind = "player_30hr"
    elif p.has("avg300", "300", "three hundred", "300 hitter", "300 average") or p.stat == "AVG":
        kind = "player_300avg"
    elif p.has("playoffs", "playoff", "postseason", "post season", "postseasons", "october"):
        kind = "team_postseason"
    elif p.stat == "HR":
        kind = "player_30hr"
    elif p.has("winning", "won", "wins", "winning seasons", "above 500", "over 500", "avg500", "500"):
        kind = "team_winning_seasons"
    else:
        return None
    args: dict = {"kind": kind}
    if p.has("active", "current", "currently", "still", "ongoing", "today", "now", "running streak"):
        args["active"] = True
    else:  # "most consecutive All-Star selections" asks for the record
        args["active"] = False
    if p.top:
        args["top"] = min(p.top, 10)
    return {"name": "streak_board", "args": args}


# Words that name a season's events, not a stat title ("batting champion" is a leaders question).
_EVENTS = ("world series", "pennant", "pennants", "division", "wildcards", "wildcard", "playoffs", "postseason",
           "best record", "fall classic", "won it all", "win it all", "the series", "al east", "al west",
           "al central", "nl east", "nl west", "nl central")


def _season_or_team(p: Parse) -> dict | None:
    if not p.has(*_SEASON) or p.has("batting title", "batting crown", "home run title", "home run crown"):
        return None
    if p.stat is not None and p.team is None and not p.has(*_EVENTS):
        return None  # "national league batting champion 1930", "the home run king in 1998"
    if p.player is not None and not p.player_fuzzy and p.team is None:
        return None
    if p.team is not None:
        if p.year is None and p.has("when", "last time", "first time", "how many", "how often"):
            return None  # "when did the cubs last win the world series": a search over all seasons
        return _team(p)
    if p.year is None:
        if p.has("when", "last time", "how many times", "how often"):
            return None  # "when did..." needs a search no tool does
        return {"name": "season", "args": {"season": W.LAST_SEASON}}
    if not W.FIRST_SEASON <= p.year <= W.LAST_SEASON:
        return {"name": "season", "args": {"season": p.year}}
    return {"name": "season", "args": {"season": p.year}}


def _player(p: Parse) -> dict | None:
    if p.player is None:
        return None
    args: dict = {"name": settle_player(p.player.name, p.year)}
    if p.year is not None:
        args["season"] = p.year
    return {"name": "player", "args": args}


def _leaders(p: Parse) -> dict | None:
    stat = p.stat
    if stat is None:
        if p.has("best pitcher", "best pitchers", "top pitcher", "top pitchers", "best arm", "ace"):
            stat = "ERA"
        elif p.has(*_BEST_BAT):
            stat = "OPS"
        else:
            return None
    if p.team is not None:
        return None  # no tool ranks one team's players: the team's season names its best hitters
    if stat == "W" and p.year is not None and p.has("team", "teams", "club", "clubs"):
        return {"name": "season", "args": {"season": p.year}}  # "which team won the most games": best record
    if stat in ("K", "SO"):
        stat = "SO" if _batters_struck_out(p) else "K"
    args: dict = {"stat": stat}
    if p.year is not None:
        args["season"] = p.year
    if p.league:
        args["league"] = p.league
    if p.top:
        args["top"] = min(p.top, 10)
    if p.year is None and p.has("single season", "one season", "a season", "in a season"):
        return None  # single-season records across years: no tool ranks those
    return {"name": "leaders", "args": args}


def _batters_struck_out(p: Parse) -> bool:
    """'which batter struck out the most' (SO) versus 'who struck out the most batters' (K)."""
    if p.has("struck out the most batters", "struck out the most hitters", "struck out most batters",
             "strike out the most batters", "pitcher", "pitchers", "pitching"):
        return False
    return p.has("batter", "batters", "hitter", "hitters", "struck out the most", "strike out the most",
                 "struck out most", "whiffed the most")


def _team(p: Parse) -> dict | None:
    if p.team is None:
        return None
    if p.year is None and p.has("how many", "how often", "number of", "times", "ever"):
        return None  # a count over all seasons ("how many World Series did the Red Sox win"): no tool has it
    season = p.year if p.year is not None else W.OLD_NAME_LAST_SEASON.get(p.team_said or "", W.LAST_SEASON)
    return {"name": "team_season", "args": {"team": settle_team(p.team, season), "season": season}}


def _year_only(p: Parse) -> dict | None:
    """'1998', 'what happened in 1998', 'the 1998 season': the season summary."""
    if p.year is None or p.year > W.LAST_SEASON:
        return None
    if len(p.words) <= 3 or p.has("what happened", "tell me about", "season", "summary", "recap", "sum up"):
        return {"name": "season", "args": {"season": p.year}}
    return None


def settle_team(franchise: str, season: int) -> str:
    """The team's own name that season, as the tools' resolver reads it ('HOU', 1962 -> "Houston Colt .45's").

    Which words named a team is decided here; the tools' normaliser
    (baseball.names.resolve_team) only confirms the era's name. Without it, the
    nickname we know is passed on and the tool judges it.
    """
    said = W.team_name(franchise, season)
    try:
        from .baseball.names import resolve_team
    except ImportError:
        return said
    for text in (said, franchise):
        try:
            row = resolve_team(text, season)
        except Exception:  # data not reachable: the tool will say so when it runs
            return said
        if not isinstance(row, str) and getattr(row, "franch", franchise) == franchise:
            return row.name
    return said


# ---------------------------------------------------------------- what no tool answers


def unanswerable(p: Parse) -> str | None:
    """The kind of question no tool answers (demo.DECLINE says why and what to ask instead), or None.

    Checked before the intents, so such a question never gets an answer to a
    different question (the 2020 season for "how many titles", a player's
    line for "who won the Cy Young").
    """
    if p.has(*W.AWARD_PHRASES):
        return "award"
    if p.has(*W.HALL_OF_FAME) and p.player is None:
        return "award"
    if p.has(*W.GAME_LEVEL) and not p.has("seasons", "years"):
        return "game"
    if p.has(W.DECADE):
        return "decade"
    if p.year is None and p.has(*W.SINGLE_SEASON) and p.player is None:
        return "single_season"
    if p.has("sox") and p.team is None:
        return "sox"
    future = p.has(*W.FUTURE) or p.year == W.FORECAST_SEASON
    if future and p.player is None and (p.has(*W.PITCHER_WORDS) or p.stat in W.PITCHING_STATS):
        return "future_pitching"
    if future and p.player is None and (p.has(*W.FUTURE_OUTCOMES) or p.year == W.FORECAST_SEASON and
                                        p.team is not None and not p.has(*_FORECAST, *_BEST_BAT)):
        return "future_team"
    if p.year is None and p.player is None and (p.team is not None or p.has(*_SEASON)) \
            and p.has(*W.ACROSS_SEASONS, "when"):
        return "across_seasons"
    if p.has(*W.BALLPARK) and p.team is None and p.player is not None and p.player_fuzzy:
        return "ballpark"  # "who played at ebbets field": no tool searches by park
    return None


# ---------------------------------------------------------------- comparisons

# A comparison needs a joining word and a comparing one ("maris or mantle ... more").
_COMPARE_JOIN = ("or", "vs", "versus", "than", "and", "compare", "compared", "comparing")
_COMPARE_HOW = ("more", "most", "better", "best", "fewer", "higher", "lower", "compare", "compared", "comparing",
                "vs", "versus")


def compared(p: Parse, index: PlayerIndex | None) -> Person | None:
    """A second player, when the question sets two side by side ('did maris or mantle hit more')."""
    if p.player is None or p.player_fuzzy or index is None or len(p.words) > 30 \
            or not p.has(*_COMPARE_JOIN) or not p.has(*_COMPARE_HOW):
        return None
    taken = {i for i, w in enumerate(p.words) if not w.isalpha()}
    first = set()
    for i in range(len(p.words)):  # where the first name was said
        if p.words[i] in (p.player.last.split()[-1], p.player.first) or \
                NICKNAMES.get(p.words[i]) == p.player.name:
            first.add(i)
    found = index.find(p.words, taken | first)
    if found is None or index.last_was_fuzzy or found[0].name == p.player.name:
        return None
    return found[0]


def settle_player(name: str, season: int | None) -> str:
    """The name to hand the player tool; a namesake is settled by the longer career ('Pedro Martinez').

    The tool lists the candidates rather than guess; the demo, like a person
    would, means the one people talk about and passes his id.
    """
    try:
        from .baseball.names import players_table, resolve_player
        if not isinstance(resolve_player(name, season), str):
            return name
        found = players_table()["full"].get(" ".join(W.tokens(name)))
    except Exception:
        return name
    if not found or (season is not None and not any(r.start <= season <= r.end for r in found)):
        return name
    pool = [r for r in found if season is None or r.start <= season <= r.end]
    return max(pool, key=lambda r: (r.end - r.start, -r.start)).id


# ---------------------------------------------------------------- follow-ups

_FOLLOW = ("and", "what about", "how about", "same for", "same", "now", "then", "also", "what of",
           "and in", "and the", "versus", "vs", "compared")


def _last_call(history: list[dict] | None) -> dict | None:
    for message in reversed(history or []):
        if message.get("role") == "assistant" and message.get("calls"):
            call = message["calls"][-1]
            if isinstance(call, dict) and isinstance(call.get("args"), dict):
                return {"name": call.get("name"), "args": dict(call["args"])}
    return None


def _is_follow_up(p: Parse, fresh: dict | None) -> bool:
    starts = p.text.strip()
    cue = any(starts == f or starts.startswith(f + " ") for f in _FOLLOW)
    return cue or fresh is None or len(p.words) <= 3


def _follow_up(p: Parse, last: dict) -> dict | None:
    """Fill what the new question leaves out from the last call."""
    name, args = last["name"], last["args"]
    season = p.year if p.year is not None else args.get("season")
    if p.player is not None:
        out = {"name": p.player.name}
        if season is not None and name in ("player", "team_season", "leaders", "season"):
            out["season"] = season
        return {"name": "player", "args": out}
    if p.team is not None:
        when = season if isinstance(season, int) else W.LAST_SEASON
        team = W.resolve_team(p.team, p.team_said or "", when)
        if name == "forecast":
            return {"name": "forecast", "args": {**args, "team": settle_team(team, W.LAST_SEASON)}}
        return {"name": "team_season", "args": {"team": settle_team(team, when), "season": when}}
    if name == "leaders" and (p.stat or p.year or p.league):
        out = dict(args)
        if p.stat:
            out["stat"] = p.stat
        if p.year is not None:
            out["season"] = p.year
        if p.league:
            out["league"] = p.league
        return {"name": "leaders", "args": out}
    if name == "forecast" and p.stat in ("OPS", "OBP", "SLG", "AVG", "HR"):
        return {"name": "forecast", "args": {**args, "stat": p.stat}}
    if p.year is not None and name in ("player", "team_season", "season"):
        return {"name": name, "args": {**args, "season": p.year}}
    if p.year is not None and name == "leaders":
        return {"name": name, "args": {**args, "season": p.year}}
    if name in ("player", "leaders") and p.has("career", "overall", "all time", "alltime", "lifetime", "ever"):
        return {"name": name, "args": {k: v for k, v in args.items() if k != "season"}}
    if name == "streak_board" and p.has("all time", "alltime", "ever", "history", "active", "current", "still"):
        return {"name": name, "args": {**args, "active": p.has("active", "current", "still")}}
    return None


_THAT_YEAR = ("that year", "that season", "same year", "same season", "then", "that time", "back then")


def _with_context(p: Parse, fresh: dict | None, last: dict | None) -> dict | None:
    """'how did the twins do that year': a season left unsaid comes from the conversation."""
    if fresh is None or last is None or p.year is not None:
        return fresh
    season = last["args"].get("season")
    if not isinstance(season, int):
        return fresh
    if fresh["name"] == "team_season" and (p.has(*_THAT_YEAR) or p.team_said not in W.OLD_NAME_LAST_SEASON):
        return {"name": "team_season", "args": {"team": settle_team(p.team, season), "season": season}}
    if fresh["name"] in ("player", "leaders") and p.has(*_THAT_YEAR):
        return {"name": fresh["name"], "args": {**fresh["args"], "season": season}}
    return fresh


# ---------------------------------------------------------------- entry point


def route(question: str, history: list[dict] | None = None, index: PlayerIndex | None = None) -> dict | None:
    """The one tool call that answers the question, or None. Never raises."""
    calls = route_all(question, history, index)
    return calls[0] if calls else None


def route_all(question: str, history: list[dict] | None = None, index: PlayerIndex | None = None) -> list[dict]:
    """The calls that answer the question: one, or two players side by side, or none."""
    try:
        if not isinstance(question, str) or not question.strip():
            return []
        words = W.tokens(question)
        if index is None and any(_name_like(w) for w in words):
            index = player_index()
        p = read(question, index)
        if unanswerable(p):
            return []
        call = _route(p, history)
        if call is None:
            return []
        other = compared(p, index) if call["name"] in ("player", "leaders") else None
        if other is not None:
            season = {"season": p.year} if p.year is not None else {}
            return [{"name": "player", "args": {"name": settle_player(p.player.name, p.year), **season}},
                    {"name": "player", "args": {"name": settle_player(other.name, p.year), **season}}]
        return [call]
    except Exception:  # the demo must always answer; an unreadable question gets the help text
        return []


def explain(question: str) -> str | None:
    """Which kind of unanswerable question this is (see unanswerable), or None."""
    try:
        words = W.tokens(question)
        index = player_index() if any(_name_like(w) for w in words) else None
        return unanswerable(read(question, index))
    except Exception:
        return None


def _route(p: Parse, history: list[dict] | None) -> dict | None:
    """The question's own call, or a follow-up filled in from the last call."""
    fresh = _intent(p)
    last = _last_call(history)
    if last is not None and _is_follow_up(p, fresh):
        merged = _follow_up(p, last)
        if merged is not None:
            return merged
    return _with_context(p, fresh, last)


_INDEX: list[PlayerIndex] = []


def player_index() -> PlayerIndex | None:
    """The published player index, loaded once (None when the data is not built)."""
    if not _INDEX:
        try:
            _INDEX.append(build_index(_load_people()))
        except Exception:
            return None
    return _INDEX[0]


def _load_people() -> list[Person]:
    """The published name index (players/index.json); notability is career length.

    Reads the columnar form (lists under "first", "last", "name", "from", "span")
    and, for older builds, the row form ("cols" + "rows").
    """
    from .data import load_json

    table = load_json("players/index.json")
    if "rows" in table:
        cols = {c: i for i, c in enumerate(table["cols"])}
        rows = [(r[cols["name"]], r[cols["first"]], r[cols["last"]], r[cols["from"]], r[cols["to"]])
                for r in table["rows"]]
    else:
        rows = [(name or f"{first} {last}", first, last, start, start + span) for name, first, last, start, span
                in zip(table["name"], table["first"], table["last"], table["from"], table["span"])]
    people = []
    for name, first, last, start, end in rows:
        start, end = int(start or 0), int(end or 0)
        people.append(Person(str(name).strip(), _name_words(first), _name_words(last), float(end - start + 1),
                             (start, end)))
    return people


def _name_words(text: object) -> str:
    """'O'Neill' -> 'oneill', 'Martínez' -> 'martinez', 'J. D.' -> 'j d' (as question words are read)."""
    return " ".join(re.findall(r"[a-z0-9]+", W.fold(str(text or "")).replace("'", "")))


def build_index(people: list[Person]) -> PlayerIndex:
    return PlayerIndex(people)
