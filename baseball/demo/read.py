"""Reading a question once: its words, years, team, player, stat, league and cues.

``read(text) -> Question``. Spoken numbers become digits ("nineteen
eighty six" -> 1986, "oh eight" -> '08), misspelt team and stat words are
corrected, team names and codes are found with the tools' own team index
(any era), and players with the tools' player index (namesakes and
misspellings settled by who people mean: the index's notability weight).
The result is plain data, kept with the call it leads to, so the answer is
phrased from the same reading and a follow-up can build on it.

It does not decide what to do (route.py) and never raises.
"""

from __future__ import annotations

import difflib
import itertools
import re
from dataclasses import asdict, dataclass, field, replace

from ..common import memo
from ..names import (SUFFIX_WORDS, Context, namesakes, player_in_words, players_table, relative, resolve_team,
                     side_of, split_name, teams_table)
from ..vocab import (AWARD_KEYS, AWARDS, FIRST_SEASON, FORECAST_SEASON, LAST_SEASON, LEAGUES, NEGRO_LEAGUES,
                     PLAYER_NICKNAMES, POSITIONS, STAT_KEYS, STATS, TEAM_SLANG, fold, key)
from .words import (COMMON, CUES, EXTREME_ENDS, EXTREME_HOW, EXTREMES, FOLLOW_STARTS, PRONOUNS, REFERENCES,
                    RELATIVE_UNITS, RELATIVE_YEARS, RELATIVES, SEASONS_BACK, UNREAD, UNREAD_NOT)


@dataclass
class Question:
    text: str = " "  # the words joined and padded with spaces, for phrase tests
    words: list[str] = field(default_factory=list)
    year: int | None = None
    shift: int | None = None  # a year relative to the conversation's ('the year after' = +1, 'that year' = 0)
    team: str | None = None  # what the team was called, as the tools' team index knows it ('expos', 'nyy')
    franchise: str | None = None
    player: str | None = None  # the player's id
    name: str | None = None  # and name
    others: list[str] = field(default_factory=list)  # namesakes people might have meant ('Ken Griffey Sr. (1973-1991)')
    guessed: bool = False  # the player was read from a misspelling
    ambiguous: list[str] = field(default_factory=list)  # a surname alone that names several as well known ('bell')
    stranger: bool = False  # a word where a name goes that is no player's, team's or word of the game ('did zzyzx hit')
    rival: str | None = None  # a second player's id, when two are set side by side
    rival_name: str | None = None
    rival_year: int | None = None  # his own season, when each has one ('2022 judge or 2023 ohtani')
    stat: str | None = None
    award: str | None = None  # an award's code (vocab.AWARDS), "HOF" for the Hall of Fame
    position: str | None = None  # a fielding position's code (vocab.POSITIONS), for Gold Gloves
    league: str | None = None
    top: int | None = None
    refers: str | None = None  # 'player' (he, his) or 'team' (they, their): the conversation's last one
    he: str | None = None  # the player the answer was about ("who led in 2022?" -> Aaron Judge), for "he" next
    he_name: str | None = None
    they: str | None = None  # the team the answer was about (a World Series' winner), for "they" next
    they_franchise: str | None = None
    loser: str | None = None  # and the team it beat, for "the team they beat"
    loser_franchise: str | None = None
    also: list[dict] = field(default_factory=list)  # more of a slot, one call each: [{"year": 2022}] ('2021 and 2022')
    unread: str | None = None  # a phrase that changes what is asked and that this reading does not take in
    unread_why: str | None = None  # its kind (words.UNREAD): 'stat', 'aggregate', 'qualifier', 'school', 'award'
    follow: bool = False  # starts like a follow-up ("and in 2015?", "what about the mets?")
    kin: str | None = None  # a relative of the player asked about ('his dad': 'sr', 'his brother'), words.RELATIVES
    decade: int | None = None  # the first season of a decade said ('the 90s', 'the nineteen eighties': 1980)
    cues: list[str] = field(default_factory=list)

    def has(self, *phrases: str) -> bool:
        return any(f" {p} " in self.text for p in phrases)

    def cue(self, *groups: str) -> bool:
        return any(g in self.cues for g in groups)

    def data(self) -> dict:
        return asdict(self)


def read(text: str) -> Question:
    said = words(text)
    vocabulary = _team_words() | _stat_words() | _spelling_cue_words() | _award_words()
    ws = _spell(said, vocabulary)
    q = Question(text=" " + " ".join(ws) + " ", words=ws)
    q.cues = sorted(g for g, phrases in CUES.items() if q.has(*phrases))
    q.stat = _stat(q)
    q.position = next((code for code, forms in POSITIONS.items() if q.has(*forms)), None)
    q.league = _league(q)
    q.award = _award(q)
    q.also = [{"stat": c} for c in _also(q, stat_phrases(), q.stat)] + \
        [{"award": c} for c in _also(q, _award_phrases(), q.award)]
    if q.award and q.award != "HOF":
        q.cues = sorted(set(q.cues) | {"award"})
    q.top = _top(ws)
    q.follow = any(q.text.startswith(f" {f} ") for f in FOLLOW_STARTS)
    q.refers = next((what for phrase, what in REFERENCES.items() if q.has(phrase)), None) or \
        next((PRONOUNS[w] for w in ws if w in PRONOUNS), None)
    team_at = _find_team(q, said, _codes_in_capitals(text))
    years_found = _years(ws, team_at)
    q.year = years_found[0] if years_found else None
    q.also += [{"year": y} for y in _joined(ws, [(i, i + 1, y) for i, w in enumerate(ws) for y in _years([w], set())
                                                  if len(w) == 4 or w.startswith("'")], q.year)]
    if len(set(years_found)) > 1 and q.has("from", "between", "to", "through"):
        q.cues = sorted(set(q.cues) | {"from_to_years"})  # "from 2021 to 2024": a total across seasons
    elif q.year is not None and re.search(rf" (through|thru|up to|as of|until) {q.year} ", q.text):
        q.year, q.cues = None, sorted(set(q.cues) | {"career"})  # "through 2024": the career so far
    back = _back(q)
    q.shift = _shift(q) if back is None else None
    if q.shift is not None:  # "the next season" counts from the conversation; it is not the forecast
        q.cues = [c for c in q.cues if c != "future"]
    if q.team:
        q.franchise = _franchise(q.team, q.year)
    q.also = [{**x, "franchise": _franchise(x["team"], q.year)} if "team" in x else x for x in q.also]
    named = _find_player(q, team_at | _award_at(q) | _phrase_at(q.words, POSITIONS.get(q.position, ())), str(text))
    if named:  # a name's words are not cues: 'will smith' is not the future
        rest = " " + " ".join(w for i, w in enumerate(q.words) if i not in named) + " "
        q.cues = [c for c in q.cues if c not in CUES or any(f" {p} " in rest for p in CUES[c])]
    if re.fullmatch(r" where (?:is|was|s|are|were) .+ from ", q.text):  # 'where was roberto clemente from'
        q.cues = sorted(set(q.cues) | {"born"})
    if q.rival:  # two players read side by side are compared, whatever joins them
        q.cues = sorted(set(q.cues) | {"compare"})
    q.unread_why, q.unread = _unread(q, named, team_at | _award_at(q), str(text)) or (None, None)
    q.decade = _decade(str(text)) if q.cue("decade") else None
    q.stranger = not (q.player or q.team) and bool(q.stat) and any(
        ws[i - 1] in ("did", "does", "has", "had", "is", "was") and unknown_word(w) for i, w in enumerate(ws) if i)
    # 'his dad', "griffey jr's dad": a relative of the player named or meant ('my dad says' is no one's)
    q.kin = next((RELATIVES[w] or w for i, w in enumerate(ws) if w in RELATIVES and i
                  and (ws[i - 1] in ("his", "s") or i - 1 in named)), None)
    if q.player and q.kin:
        to_kin(q)
    if q.year is None and not (q.refers or q.cue("career")) and back is not None:  # 'how is judge doing this season'
        q.year = LAST_SEASON - back
        q.franchise = _franchise(q.team, q.year) if q.team else None
    return q


def said_besides(q: Question, *kinds: str) -> bool:
    """Whether the question says a phrase of words.UNREAD of a kind other than these: a kind that takes in one
    aggregate ('since 2000', 'how many players') must not drop another filter ('by a lefty', 'active')."""
    return any(q.has(*phrases) for why, phrases in UNREAD.items() if why not in kinds)


def to_kin(q: Question) -> None:
    """The player's relative in his place ('ken griffey jr's dad': Ken Griffey Sr.); a relative the tables cannot
    tell apart is a phrase this reading does not take in."""
    kin = relative(q.player, q.kin) if q.kin in ("sr", "jr") else None
    if kin is None:
        q.unread_why, q.unread = "family", next(w for w in q.words if w in RELATIVES)
    else:
        q.player, q.name, q.others = kin.id, kin.name, []


# Kinds of unread phrase that a question about one player or one team answers all the same ("did the Yankees win
# more than 100 games?", "does he bat left handed?": the answer says the number, or the bio has it).
_ONE_SUBJECT_READS = {"qualifier", "rookie", "threshold", "total"}
# How many of one Hall of Fame class: its answer counts the class.
_CLASS_COUNTS = {"how many players", "how many people", "number of players", "number of people"}
# What 'among' may say that the boards already are: 'among qualified pitchers', 'among all hitters'.
_AMONG_ALL = {"qualified", "all", "pitchers", "hitters", "batters", "players", "starters", "major", "mlb", "the"}


def _unread(q: Question, named: set[int], places: set[int], raw: str) -> tuple[str, str] | None:
    """(kind, phrase): the first phrase of words.UNREAD said outside the player's name that this reading does not
    take in, or a name written in capitals that it took for no player, team or award ('the hitters from Yale');
    None when the reading accounts for the whole question."""
    rest = " " + " ".join(w for i, w in enumerate(q.words) if i not in named | places) + " "
    # a name read from a misspelling may be a word the reading missed; "he" is the conversation's player ('how tall is he')
    sure = q.player and not q.guessed or q.refers == "player" and not q.player
    if q.position not in (None, "P") and not (q.award or sure or q.team):  # 'which catcher hit the most home runs'
        return "qualifier", next((f for f in POSITIONS[q.position] if f" {f} " in rest), q.position.lower())
    for why, phrases in UNREAD.items():
        if why in _ONE_SUBJECT_READS and (sure or q.team and why == "threshold" or q.player and why == "total"):
            continue  # 'did the Yankees win more than 100 games', 'does he bat left handed'
        if why == "school" and sure:
            continue  # 'what college did Jeter go to': his bio (the sql tool)
        if why == "manager" and (q.team or q.award == "MOY" or not q.stat):
            continue  # 'who managed the 1927 Yankees' is their season; 'manager of the year' an award
        if why == "when" and (q.award == "ROY" or q.award and q.has("last player to", "last to", "last pitcher to")) \
                or why == "allowed" and q.team:
            continue  # 'the last player to win the Triple Crown': the award's latest; a team's runs allowed: its season
        if why == "age" and (sure or q.year == FORECAST_SEASON or q.year is None and q.cue("best_bat", "best_arm",
                                                                                            "players", "future")):
            continue  # 'how old is he', 'the best young hitters' (the projection picks the youngest)
        if why == "award" and (q.award or q.cue("honors") and q.player):
            continue  # 'what awards did Ohtani win': his honors
        for phrase in phrases:
            if f" {phrase} " not in rest or why == "rookie" and q.award == "ROY" \
                    or q.has(*UNREAD_NOT.get(phrase, ())):
                continue
            if phrase in _CLASS_COUNTS and q.award == "HOF" and q.year is not None:
                continue  # 'how many players were inducted in 2020': the class, counted
            after = rest.split(f" {phrase} ", 1)[1].split()
            if phrase == "among" and after and after[0] in _AMONG_ALL and not (
                    len(after) > 1 and after[1] in ("with", "who", "whose", "that", "from", "born", "under", "over")):
                continue
            return why, " ".join([phrase, *after[:1]]) if phrase == "among" else phrase  # 'among catchers'
    ranked = _ranked_unknown(q, rest)
    if ranked:
        return "stat", ranked
    bound = re.search(r" (over|under|above|below|past|exceeding) (\d+) ", rest)  # 'over 50 home runs'
    if bound and not (sure or q.team) and not (bound.group(2) == "500" and q.cue("streak", "winning")) \
            and not (len(bound.group(2)) == 4 and bound.group(1) in ("over", "past")):
        return "threshold", f"{bound.group(1)} {bound.group(2)}"
    place = re.search(r" (?:players|pitchers|hitters|guys|anyone|anybody) from (\w+) ", q.text)  # 'players from ohio'
    if place and not (sure or q.team):
        return "qualifier", f"from {place.group(1)}"
    many = re.search(r" (?:(?:which|what) (?:player|pitcher|hitter|batter|team|guy)(s?) .*?|who \w+ )(\d+) ", q.text)
    if many and not sure and len(many.group(2)) != 4 and not q.cue("streak") and (many.group(1) or not any(
            many.group(2) in p.split() and q.has(p) for p, _ in stat_phrases())):  # 'who won 20 games' is a stat
        return "threshold", many.group(2)  # 'which players have hit 500 home runs', 'who hit 73': all of them
    span = re.search(r" (before|after|prior to|pre|post|since) (1[89]\d\d|20\d\d)s? ", q.text)  # 'before 1920'
    if span:
        return "aggregate", f"{span.group(1)} {span.group(2)}"
    park = re.search(r" (?:at|in) (?:the )?(?:\w+ ){0,2}(?:stadium|field|park|grounds|ballpark|dome) ", q.text)
    if park and q.stat:  # 'how many home runs did Ruth hit at Yankee Stadium': a split by park
        return "split", park.group(0).strip()
    event = re.search(r" the (?:year|season) (?!after|before|that|in)(?:\w+ ){1,3}(?:hit|won|had|was|did|went|set|broke|"
                      r"batted|led|made|threw|pitched) ", q.text)
    if event and q.year is None:  # 'the year Ted Williams hit 406': a season named by an event
        return "when", event.group(0).strip()
    if not (q.stat or q.award or q.team or q.position or q.year is not None or q.player
            or q.cue("best_bat", "best_arm", "players", "leader")):
        return None  # 'the weather in Paris': no baseball question here to misanswer (the help text says what is)
    capitals = {key(c): c for c in re.findall(r"(?<=[\w,;:] )([A-Z][a-z]{2,})\b", raw[:2000])}
    for i, w in enumerate(q.words):
        if w in capitals and i not in named | places and _name_like(w) and w not in _LEAGUE_WORDS \
                and w not in _award_words() and w not in PLAYER_NICKNAMES and w not in _cities():
            return "name", capitals[w]
    return None


_EXTREME_WORDS = {w for phrases in EXTREMES.values() for w in phrases if " " not in w}


def _ranked_unknown(q: Question, rest: str) -> str | None:
    """What an extreme word ranks ('the most ejections', 'the fewest cycles in his career') when the reading found no
    stat or award there and a word of it is none the demo knows: a stat the tools do not serve, never a name to look
    up. A game's events (grand slams, no-hitters) are the game_level cue's, declined as such."""
    if q.stat or q.award or q.cue("game_level"):
        return None
    ws = rest.split()
    for i, w in enumerate(ws[:-1]):
        if w not in _EXTREME_WORDS or ws[i + 1] in EXTREME_HOW:
            continue
        ranked = list(itertools.takewhile(lambda x: x not in EXTREME_ENDS, ws[i + 1:i + 4]))
        if any(x.isalpha() and x not in COMMON and not _known_word(x) for x in ranked):
            return " ".join(ranked)
    return None


def _known_word(w: str) -> bool:
    """A word of a stat, award, cue, team or position the demo reads."""
    return any(w in known or w.rstrip("s") in known for known in (
        _stat_phrase_words(), _award_words(), _all_cue_words(), _team_words(), _position_words()))


@memo
def _all_cue_words() -> set[str]:
    return {w for ps in CUES.values() for p in ps for w in p.split()}


@memo
def _position_words() -> set[str]:
    return {w for forms in POSITIONS.values() for f in forms for w in f.split()}


# ---------------------------------------------------------------- words and numbers

_SPELLED = {"a's": "athletics", "o's": "orioles", "m's": "mariners", "d-backs": "diamondbacks", "k's": "strikeouts",
            "a-rod": "arod", "e.r.a.": "era", "e.r.a": "era", "r.b.i.": "rbi", "r.b.i": "rbi", "a.l.": "al",
            "n.l.": "nl", "o.p.s.": "ops", "colt .45s": "colt 45s", "colt .45's": "colt 45s", "all-star": "all star",
            "all-stars": "all stars", "allstar": "all star", "allstars": "all stars", "home-run": "home run",
            "home-runs": "home runs", "homeruns": "home runs", "homerun": "home run", "homers": "home runs",
            "homer": "home run", "on-base": "on base", "rbis": "rbi", "ribbies": "rbi", "w-l": "record",
            "ws": "world series", "forty fives": "45s", "forty five s": "45s", "colt forty five": "colt 45",
            "wild cards": "wildcards", "wild card": "wildcard", "wild-card": "wildcard", "wild-cards": "wildcards",
            "how'd": "how did", "who's": "who is", "what's": "what is", "j-rod": "jrod", "earned run average": "era",
            "centre": "center", "honours": "honors", "honour": "honor", "favourite": "favorite",
            # 'the most recent' is the latest, not a ranking ('won the most' would read as pitching wins)
            "most recent": "latest", "most recently": "latest",
            "hom run": "home run", "hom runs": "home runs", "wrld": "world", "wold series": "world series"}
_LETTERS = sorted(("mvp", "era", "rbi", "ops", "obp", "whip", "roy", "hr", "al", "nl", "alcs", "nlcs", "alds", "nlds"),
                  key=len, reverse=True)  # abbreviations said letter by letter
_DECADE_WORDS = {"twenties", "thirties", "forties", "fifties", "sixties", "seventies", "eighties", "nineties",
                 "aughts", "decade", "decades"}
_UNITS = {w: i for i, w in enumerate("zero one two three four five six seven eight nine".split())}
_TEENS = {w: i + 10 for i, w in enumerate(
    "ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split())}
_TENS = {w: (i + 2) * 10 for i, w in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split())}
_NUMBER_WORDS = set(_UNITS) | set(_TEENS) | set(_TENS) | {"hundred", "thousand", "oh", "and", "a"}
_YEAR_BEFORE = {"in", "of", "the", "from", "for", "during", "season", "since", "year", "back", "those", "that"}


def words(text: str) -> list[str]:
    """Words and numbers of a question, folded, with spoken numbers and years made into digits."""
    text = fold(str(text)).replace("\u2019", "'").replace("\u2018", "'").replace("`", "'")[:2000]
    for spelled, plain in _SPELLED.items():
        text = re.sub(r"(?<![\w.'-])" + re.escape(spelled) + r"(?![\w'-])", plain, text)
    text = re.sub(r"(?<![\w.])\.(\d{3})\b", r"avg\1", text)  # ".300" -> avg300
    text = re.sub(r"(\d),(\d{3})\b", r"\1\2", text)  # "1,406" -> 1406
    text = re.sub(r"\b2k(\d\d)\b", r"20\1", text)  # "2k21" -> 2021
    text = re.sub(r"^\W*(hey siri|ok google|okay google|hey google|alexa|siri)\b", " ", text)  # said to a phone
    text = re.sub(r"\b[a-z](?: [a-z]\b)+", _letters, text)  # "n l m v p"
    raw = re.findall(r"'\d\d\b|[a-z0-9]+(?:'[a-z]+)?", text)
    ws = [w if w.startswith("'") else re.sub(r"'s$", "", w).replace("'", "") for w in raw]
    ws = ["decade" if re.fullmatch(r"(\d\d)?\d0s", w) or w in _DECADE_WORDS else w for w in ws]  # the 1980s
    return _numbers(ws)


def _decade(text: str) -> int | None:
    """The first season of the decade said ('the 1980s', "the '90s", 'the nineties': 1980, 1990), or None. Two digits
    mean the 1900s but for the 2000s and 2010s ('the 00s', 'the 10s')."""
    said = re.search(r"\b(1[89]|20)?(\d)0'?s\b", fold(text)) or re.search(
        r"\b(" + "|".join(w for w in _DECADE_WORDS if w.endswith("ies")) + r")\b", fold(text))
    if said is None:
        return None
    if said.re.groups == 1:
        return 1900 + 10 * (2 + sorted(_TENS, key=_TENS.get).index(said.group(1).replace("ies", "y")))
    tens = int(said.group(2))
    return int(said.group(1)) * 100 + 10 * tens if said.group(1) else (2000 if tens < 2 else 1900) + 10 * tens


def _letters(m: re.Match) -> str:
    """'n l m v p' -> 'nl mvp': letters said one by one, when they spell abbreviations end to end."""
    run, out = m.group(0).replace(" ", ""), []
    while run:
        w = next((w for w in _LETTERS if run.startswith(w)), None)
        if w is None:
            return m.group(0)
        out, run = out + [w], run[len(w):]
    return " ".join(out)


def _small(ws: list[str], i: int) -> tuple[int | None, int]:
    """A number 0-99 spelled at ws[i:]: (value, words used)."""
    w = ws[i] if i < len(ws) else ""
    nxt = ws[i + 1] if i + 1 < len(ws) else ""
    if w.isdigit() and len(w) <= 2:
        return int(w), 1
    if w in _TEENS:
        return _TEENS[w], 1
    if w in _TENS:
        return (_TENS[w] + _UNITS[nxt], 2) if _UNITS.get(nxt, 0) > 0 else (_TENS[w], 1)
    return (_UNITS[w], 1) if w in _UNITS else (None, 0)


def _spoken(ws: list[str], i: int) -> tuple[int | None, int]:
    """The longest spelled number at ws[i:], years included: (value, words used)."""
    w = ws[i]
    if w not in _NUMBER_WORDS or w in ("oh", "and", "a"):
        return None, 0
    at = lambda j: ws[j] if j < len(ws) else ""
    if w in _UNITS and at(i + 1) == "thousand":  # "two thousand (and) sixteen"
        j = i + 2 + (at(i + 2) == "and")
        rest, used = _small(ws, j) if at(j) in _NUMBER_WORDS else (None, 0)
        return (_UNITS[w] * 1000 + rest, j + used - i) if rest is not None else (_UNITS[w] * 1000, 2)
    first, used = _small(ws, i)
    j = i + used
    if first in range(10, 21) and used == 1:  # "nineteen ninety eight", "nineteen oh five", "nineteen hundred"
        if at(j) == "hundred":
            k = j + 1 + (at(j + 1) == "and")
            rest, more = _small(ws, k) if at(k) in _NUMBER_WORDS else (None, 0)
            return (first * 100 + rest, k + more - i) if rest is not None else (first * 100, j + 1 - i)
        if at(j) == "oh" and at(j + 1) in _UNITS:
            return first * 100 + _UNITS[at(j + 1)], j + 2 - i
        if at(j) in _TEENS or at(j) in _TENS:
            rest, more = _small(ws, j)
            return first * 100 + rest, j + more - i
    if used == 1 and first < 10 and at(j) == "hundred":  # "three hundred" (a .300 average)
        rest, more = _small(ws, j + 1) if at(j + 1) in _NUMBER_WORDS else (None, 0)
        return first * 100 + (rest or 0), j + 1 + more - i
    return first, used


def _numbers(ws: list[str]) -> list[str]:
    out, i = [], 0
    while i < len(ws):
        if ws[i] == "oh" and i + 1 < len(ws) and ws[i + 1] in _UNITS and i and ws[i - 1] in _YEAR_BEFORE:
            out.append(f"'0{_UNITS[ws[i + 1]]}")  # "in oh eight" -> '08
            i += 2
            continue
        if any(" ".join(ws[i:i + n]) in PLAYER_NICKNAMES for n in (2, 3)):  # 'three finger brown' is no 3
            out.append(ws[i])
            i += 1
            continue
        value, used = _spoken(ws, i)
        out.append(ws[i] if value is None else str(value))
        i += used or 1
    return out


def _years(ws: list[str], team_at: set[int]) -> list[int]:
    """Seasons named: 2016, '98, 'the 98 yankees', 'in 04'; a lone two-digit number that counts nothing."""
    found = []
    for i, w in enumerate(ws):
        before = ws[i - 1] if i else ""
        if w.startswith("'") and w[1:].isdigit():
            found.append(_century(int(w[1:])))
        elif w.isdigit() and len(w) == 4 and 1000 <= int(w) <= 2999:
            found.append(int(w))
        elif w.isdigit() and len(w) == 2 and (before in _YEAR_BEFORE and not _counts(ws, i) or i + 1 in team_at):
            found.append(_century(int(w)))
    if not found:  # "world series 86"
        for i, w in enumerate(ws):
            before = ws[i - 1] if i else ""
            if w.isdigit() and len(w) == 2 and before not in _COUNT_BEFORE and not _counts(ws, i):
                return [_century(int(w))]
    return found


# words before a number that make it a count, not a season ('hit 50', 'over 30')
_COUNT_BEFORE = {"top", "over", "under", "than", "least", "game", "hit", "hits", "win", "won", "lose", "lost", "steal",
                 "stole", "save", "saved", "reach", "reached"}


def _century(two: int) -> int:
    return 2000 + two if two <= (LAST_SEASON + 1) % 100 else 1900 + two


def _counts(ws: list[str], i: int) -> bool:
    """'the 30 home run streak', 'the 3 best': a count, not a year."""
    nxt = ws[i + 1] if i + 1 < len(ws) else ""
    return nxt in {"home", "hr", "best", "most", "top", "players", "teams", "games", "wins", "straight",
                   "consecutive", "seasons", "years", "steals", "hits", "rbi", "saves", "stolen", "strikeouts",
                   "doubles", "triples", "walks", "runs", "losses", "win", "innings", "percent", "times", "in",
                   "and", "or", "to", "later", "earlier", "after", "before", "ago"}


def _back(q: Question) -> int | None:
    """'last season' -> 0, 'two seasons ago' -> 1: seasons before the last one in the data."""
    m = re.search(r" (\d{1,2}) (?:years|seasons) ago ", q.text)
    # 'his last season' is his final one (words.UNREAD's 'when'), not the data's last
    return int(m.group(1)) - 1 if m else next((back for phrase, back in SEASONS_BACK.items()
                                               if q.has(phrase) and not q.has(f"his {phrase}", f"her {phrase}")), None)


def _shift(q: Question) -> int | None:
    """'the year after' -> +1, '2 years later' -> +2, 'that year' -> 0 (relative to the conversation)."""
    for phrase, shift in RELATIVE_YEARS.items():
        if q.has(phrase, phrase.replace("one", "1")):  # numbers are digits by now: "the 1 before"
            return shift
    m = re.search(r" (\d{1,2}) (?:years|seasons) (later|after|afterward|earlier|before|prior) ", q.text)
    if m:
        return int(m.group(1)) * RELATIVE_UNITS[m.group(2)]
    if (q.follow or q.refers) and q.year is None and q.has("next year", "next season"):
        return 1
    if q.year is None and q.cue("that_year"):
        return 0
    return None


# ---------------------------------------------------------------- spelling

def _spell(ws: list[str], vocabulary: set[str]) -> list[str]:
    """Correct likely misspellings of team, stat and cue words ('yankess' -> 'yankees'), never a surname."""
    out = []
    names = players_table()
    teams = teams_table()["aliases"]  # a team's own name is never another's misspelling ('stars' is not 'astros')
    vocabulary = vocabulary | _BASEBALL_WORDS
    for i, w in enumerate(ws):
        nxt = ws[i + 1] if i + 1 < len(ws) else ""
        if len(w) == 4 and nxt in ("run", "runs") and w != "home" and difflib.SequenceMatcher(None, w, "home").ratio() >= 0.75:
            w = "home"  # "hone runs"
        elif len(w) >= 5 and w.isalpha() and w not in COMMON and w not in vocabulary and w not in _UNSERVED_WORDS \
                and w not in names["last"] and w not in names["first"] and w[:-1] not in names["last"] \
                and w not in teams:
            match = difflib.get_close_matches(w, vocabulary, n=1, cutoff=0.8)
            w = match[0] if match and abs(len(match[0]) - len(w)) <= 1 else w
        out.append(w)
    return out


# Words of stats the tools do not serve, never corrected into one they do ('putouts' is not 'shutouts').
_UNSERVED_WORDS = {w for phrase in UNREAD["stat"] for w in phrase.split()}

# Everyday baseball words a question misspells ("leage"), beside the team, stat, cue and award words.
_BASEBALL_WORDS = {"league", "american", "national", "season", "series", "world", "record", "pennant", "playoffs",
                   "baseball", "homers", "strikeouts", "average", "pitcher", "pitchers", "hitters", "manager"}


@memo
def _team_words() -> set[str]:
    """Single words that name modern teams: the spelling targets ('yankess' -> 'yankees')."""
    aliases = teams_table()["aliases"]
    rows = teams_table()["rows"]
    return {k for k, found in aliases.items() if " " not in k and len(k) >= 4 and k.isalpha()
            and max(rows[i].year for i in found) >= 1950 and k not in COMMON}


def _stat_words() -> set[str]:
    return {form for s in STATS.values() for form in s.forms if " " not in form and len(form) >= 5} - _SLANG_STATS


@memo
def _stat_phrase_words() -> set[str]:
    """Words of the stats' names ('plate' of 'plate appearances'): never a misspelt name."""
    return {w for s in STATS.values() for form in s.forms for w in key(form).split()}


def _cue_words() -> set[str]:
    return {w for ps in CUES.values() for p in ps for w in p.split() if len(w) >= 5 and w.isalpha()}


def _spelling_cue_words() -> set[str]:
    """Cue words long enough to correct ('projectoins'); shorter ones are too near names ('jetter' is not 'better')."""
    return {w for w in _cue_words() if len(w) >= 7}


def _award_words() -> set[str]:
    return {w for forms in AWARDS.values() for f in forms for w in key(f).split() if len(w) >= 5 and w.isalpha()}


# slang too close to everyday words to be a spelling target ("states" is not "taters")
_SLANG_STATS = {"taters", "jacks", "bombs", "swiped", "stole", "steal", "whiffs", "fanned", "stealing", "victories"}

# ---------------------------------------------------------------- stats, leagues, top N

# Stat forms that are everyday words in a sentence: only the tool takes them alone ("so", "h", "runs").
_NOT_A_STAT_HERE = {"h", "r", "g", "w", "l", "k", "so", "sv", "pa", "ip", "games", "steal", "stole", "save",
                    "innings", "average", "bags", "strikeouts"}


@memo
def stat_phrases() -> list[tuple[str, str]]:
    """(phrase, stat) longest first; 'strikeouts' alone means the pitchers' (route.py decides K or SO)."""
    pairs = {(form, s.code) for s in STATS.values() for form in s.forms if form not in _NOT_A_STAT_HERE}
    pairs |= {("strikeouts", "K"), ("innings", "IP"), ("average", "AVG"), ("steal", "SB"), ("stole", "SB")}
    return sorted(pairs, key=lambda p: (-len(p[0].split()), -len(p[0]), p[1]))


def _stat(q: Question) -> str | None:
    for phrase, code in stat_phrases():
        if q.has(key(phrase)):
            if code == "W" and q.has("wins") and q.cue("record") and not q.cue("leader"):
                continue  # "how many wins did the cubs have": the team's record
            return code
    letter = next((STAT_KEYS[w] for w in _NOT_A_STAT_HERE if q.has(f"{w} leader", f"{w} leaders")), None)
    if letter:  # "k leader": a letter beside 'leader' is the stat
        return letter
    if q.has("runs"):
        return "R"
    if q.has("batting") and q.has("title", "titles", "champ", "champion", "crown", "crowns"):
        return "AVG"
    return None


# Award forms that are everyday words or names in a sentence ("roy" is Roy Campanella, "cy" Cy Young the man).
_NOT_AN_AWARD_HERE = {"roy", "cy", "gg", "fireman", "relief man", "hof", "inducted", "induction", "cooperstown",
                      "most valuable", "series mvp", "best rookie", "best dh"}


@memo
def _award_phrases() -> list[tuple[str, str]]:
    pairs = {(key(form), code) for code, forms in AWARDS.items() for form in forms if form not in _NOT_AN_AWARD_HERE}
    return sorted(pairs, key=lambda p: (-len(p[0].split()), -len(p[0])))


# Words before an award's name that make it the man it is named for ('how many games did cy young win').
_PERSON_AHEAD = ("did", "does", "has", "had", "is", "was", "about", "didnt", "doesnt", "hasnt", "isnt", "wasnt", "whos")


def _award(q: Question) -> str | None:
    found = next((code for phrase, code in _award_phrases() if q.has(phrase) and not (
        phrase in players_table()["full"] and q.has(*(f"{w} {phrase}" for w in _PERSON_AHEAD)))), None)
    if q.cue("hall") and not (found and not q.has(*(p for p in CUES["hall"] if "vote" not in p))):
        return "HOF"  # 'how many votes did jeter get' is his Hall vote; 'how many mvp votes' the MVP's
    ws = q.words
    return found or next((AWARD_KEYS[w] for i, w in enumerate(ws) if w in _SHORT_AWARDS and q.league
                          and " ".join(ws[i:i + 2]) not in players_table()["full"]), None)


# Short award names that are awards beside a league ('roy 2023 al', 'gg ss al'), unless a name goes on ('roy halladay').
_SHORT_AWARDS = ("roy", "gg")


def _award_at(q: Question) -> set[int]:
    """Word positions an award's name takes ('cy young', 'hall of fame'): never a player's name."""
    return _phrase_at(q.words, [p for p, code in _award_phrases() if code == q.award]
                      + [w for w in _SHORT_AWARDS if AWARD_KEYS[w] == q.award]
                      + (list(CUES["hall"]) if q.award == "HOF" else []))


def _phrase_at(ws: list[str], phrases) -> set[int]:
    """The word positions the phrases take in ws."""
    at: set[int] = set()
    for phrase in phrases:
        n = len(phrase.split())
        at |= {i + k for i in range(len(ws) - n + 1) if " ".join(ws[i:i + n]) == phrase for k in range(n)}
    return at


_NEGRO_LEAGUE_PHRASES = [(code, tuple(f for f in LEAGUES[code][1:] if " " in f)) for code in ("NEG",) + NEGRO_LEAGUES]


def _league(q: Question) -> str | None:
    """The league named; none when both are ('the al and nl mvp'). A Negro League's name ('the negro national
    league') is that league, never the NL inside it; NNL is the tools' word for either Negro National League."""
    negro = [code for code, phrases in _NEGRO_LEAGUE_PHRASES if phrases and q.has(*phrases)]
    if negro:
        return "NEG" if "NEG" in negro and len(negro) == 1 else next(c for c in negro if c != "NEG")
    said = [code for code, phrases in (("AL", ("american league", "al", "junior circuit", "alcs", "alds")),
                                       ("NL", ("national league", "nl", "senior circuit", "nlcs", "nlds")))
            if q.has(*phrases)]
    return said[0] if len(said) == 1 else None


def _also(q: Question, phrases: list[tuple[str, str]], first: str | None) -> list[str]:
    """Values joined to the first ('home runs and rbi', 'the mvp and cy young'): phrases at places no longer one took."""
    taken, spans = set(), []
    for phrase, code in phrases:
        at = _phrase_at(q.words, [key(phrase)])
        if at and not at & taken:
            taken, spans = taken | at, spans + [(min(at), max(at) + 1, code)]
    return _joined(q.words, spans, first)


def _joined(ws: list[str], spans: list[tuple], first) -> list:
    """Of the values at spans (start, end, value), the others joined to the first by 'and', 'or', 'vs' with only
    articles and seasons between ('the 2022 dodgers or the 2022 astros'), in the order said."""
    spans = sorted(spans)
    k = next((k for k, s in enumerate(spans) if s[2] == first), None)
    if k is None:
        return []

    def linked(a: tuple, b: tuple) -> bool:
        gap = ws[a[1]:b[0]]
        return bool(set(gap) & _JOINS) and all(w in _LINKS or w.isdigit() or w.startswith("'") for w in gap)
    right = next((j for j in range(k, len(spans) - 1) if not linked(spans[j], spans[j + 1])), len(spans) - 1)
    left = next((j for j in range(k, 0, -1) if not linked(spans[j - 1], spans[j])), 0)
    return list(dict.fromkeys(s[2] for s in spans[left:right + 1] if s[2] != first))


_JOINS = {"and", "or", "vs", "versus"}
_LINKS = _JOINS | {"the", "in", "also", "both"}


def _top(ws: list[str]) -> int | None:
    """'top 5', 'the 10 best', 'five leaders': how many rows were asked for."""
    for i, w in enumerate(ws):
        nxt = ws[i + 1] if i + 1 < len(ws) else ""
        if w == "top" and nxt.isdigit() and 1 <= int(nxt) <= 25:
            return int(nxt)
        if w.isdigit() and 1 <= int(w) <= 25 and nxt in ("best", "leaders", "players", "teams", "top", "most",
                                                          "highest", "biggest", "hitters", "pitchers", "guys"):
            return int(w)
    return None


# ---------------------------------------------------------------- teams

_TEAM_CUES = ("do", "did", "does", "doing", "record", "season", "won", "win", "wins", "play", "played", "team",
              "finish", "finished", "manager", "managed", "roster", "playoffs", "postseason", "lineup", "hitter",
              "hitters", "projections", "projection", "pennant", "series")


def _codes_in_capitals(text: str) -> set[str]:
    """Team codes written in capitals ('NYY', "LAD's"): read as codes even where they spell a word."""
    return {c.lower() for c in re.findall(r"\b([A-Z][A-Z0-9]{1,2})(?:'s)?\b", str(text)[:2000])}


def _find_team(q: Question, said: list[str], capitals: set[str]) -> set[int]:
    """Set q.team to the team phrase the question names; returns the word positions team and place names take
    (a city alone is not a team, but not a player's name either: 'the weather in new york' is not Rudy York)."""
    aliases = teams_table()["aliases"]
    ws = q.words
    found = []  # (weak, start, length, alias)
    for length in (3, 2, 1):
        for i in range(len(ws) - length + 1):
            phrase = " ".join(ws[i:i + length])
            alias = TEAM_SLANG.get(phrase, phrase)
            if alias not in aliases or alias == "sox" or any(s <= i < s + n or i <= s < i + length for _, s, n, _ in found):
                continue
            code = length == 1 and (len(phrase) <= 3 or phrase.isalnum() and not phrase.isalpha())
            if code and phrase not in capitals and (phrase in COMMON or phrase in _LEAGUE_WORDS or len(phrase) < 3
                                                    or last_season(alias) < 1950
                                                    or " ".join(ws[i:i + 2]) in players_table()["full"]):
                continue  # 'was', 'al', 'lou', 'cal raleigh': words, old codes or names, unless written as codes
            if length == 1 and phrase in COMMON and phrase not in _team_words() and not code \
                    and phrase not in TEAM_SLANG:
                continue  # 'stars', 'blues', 'grays': everyday words before they are 19th-century teams
            corrected = ws[i:i + length] != said[i:i + length]
            weak = _is_city(alias) or corrected or phrase in COMMON or code and phrase not in capitals
            found.append((weak, i, length, alias))
    strong = [f for f in found if not f[0]]
    pick = min(strong or found, key=lambda f: f[1]) if found else None
    if pick is None:
        return set()
    weak, start, length, alias = pick
    at = set(range(start, start + length)) | {i for _, s, n, a in found if s + n == start and _is_city(a)
                                             for i in range(s, start)}  # 'tampa bay devil rays'
    if weak and not (_years(ws, set()) or q.stat or any(w in _TEAM_CUES for w in ws)):
        return at if _is_city(alias) else set()  # "the weather in boston", "now a pirate": not a team
    q.team = alias
    others = _joined(ws, [(s, s + n, a) for _, s, n, a in strong], alias)  # 'the dodgers and the yankees'
    others = [a for a in others if _franchise(a, None) != _franchise(alias, None)]
    q.also += [{"team": other} for other in others]
    return at | {i for _, s, n, a in strong if a in others for i in range(s, s + n)}


_LEAGUE_WORDS = {"al", "nl", "aa", "ua", "pl", "fl", "na"}


@memo
def _cities() -> set[str]:
    return {key(split_name(r.name)[0]) for r in teams_table()["rows"]}


def _is_city(alias: str) -> bool:
    return alias in _cities() or TEAM_SLANG.get(alias) in _cities()


def _franchise(alias: str, year: int | None) -> str | None:
    """The franchise the team phrase means in that year (or its latest), as the tools resolve it; a name
    of another era means its franchise ('the Indians' in 2023 are the Guardians)."""
    row = resolve_team(alias, year if year is not None and FIRST_SEASON <= year <= LAST_SEASON else last_season(alias))
    if not isinstance(row, str):
        return row.franch
    table = teams_table()
    franchises = {table["rows"][i].franch for i in table["aliases"].get(alias, ())}
    if len(franchises) > 1 and year is not None:  # 'the 1941 red sox': Boston's, when one of them is AL or NL's
        franchises = {r.franch for r in namesake_teams(alias, year) if r.lg in ("AL", "NL")}
    return franchises.pop() if len(franchises) == 1 else None


def namesake_teams(alias: str, year: int) -> list:
    """The teams a nickname names in one season ('red sox' in 1941: Boston's and Memphis's)."""
    table = teams_table()
    return sorted({table["rows"][i] for i in table["aliases"].get(alias, ()) if table["rows"][i].year == year},
                  key=lambda r: r.lg not in ("AL", "NL"))


def last_season(alias: str) -> int:
    """With no year said, a team means its latest season in the data ('the Expos' -> 2004)."""
    table = teams_table()
    return max((table["rows"][i].year for i in table["aliases"].get(alias, ())), default=LAST_SEASON)


# ---------------------------------------------------------------- players (names.player_in_words: the one matcher)

_PLAYER_CUES = {"about", "career", "stats", "numbers", "line", "hit", "hits", "hitting", "pitch", "pitched",
                "pitching", "played", "play", "did", "does", "season", "good", "great", "much", "many", "how", "he",
                "his", "year", "rookie", "total"}
# cues strong enough to read an unknown word as a misspelt name ("a good pizza place" is not Piazza)
_GUESS_CUES = _PLAYER_CUES - {"good", "great", "much", "many", "how", "did", "does", "he", "his", "play", "year"}
_ORDINARY = frozenset(COMMON)


def _name_like(w: str) -> bool:
    return w.isalpha() and w not in COMMON and w not in _team_words() and w not in _stat_words() \
        and w not in _cue_words()


def unknown_word(w: str) -> bool:
    """A word no player, team, stat or award has, nor everyday English."""
    table = players_table()
    return len(w) >= 3 and _name_like(w) and not any(w in known for known in (
        table["last"], table["first"], STAT_KEYS, AWARD_KEYS, teams_table()["aliases"]))


def _find_player(q: Question, team_at: set[int], raw: str = "") -> set[int]:
    """Set q.player (and q.rival for 'maris or mantle'): the players the question names; returns the word positions
    their names take."""
    taken = team_at | {i for i, w in enumerate(q.words) if not w.isalpha()}
    first = player_in_words(q.words, taken, _context(q, raw, strict=bool(q.team)))
    if first is None:
        return set()
    ref, spots = first.ref, first.at
    q.player, q.name, q.guessed, q.ambiguous = ref.id, ref.name, first.guessed, first.ambiguous
    q.others = [] if set(q.words) & set(SUFFIX_WORDS) else [r.label() for r in namesakes(ref)]
    # 'koufax or gibson': two names and a joining word alone are a comparison too
    compared = q.cue("compare") or len(q.words) <= 4 and q.has("or")
    if q.cue("join") and compared and not first.guessed and len(q.words) <= 30:
        # the second name is read on the first one's side of the game, unless the question names a side
        side = _side(q) or side_of(ref, q.year)
        second = player_in_words(q.words, taken | spots, replace(_context(q, raw, strict=False), side=side,
                                                                  era=(ref.start, ref.end)))
        if second is not None and not _side(q):  # and the first on the second one's ('gibson or seaver')
            again = player_in_words(q.words, taken | second.at, replace(
                _context(q, raw, strict=False), side=side_of(second.ref, q.year), era=(second.ref.start, second.ref.end)))
            if again is not None and again.at == spots and not again.guessed:
                ref = again.ref
                q.player, q.name = ref.id, ref.name
        if second is not None and not second.guessed and second.ref.id != ref.id:
            q.rival, q.rival_name = second.ref.id, second.ref.name
            years = {i: int(w) for i, w in enumerate(q.words) if w.isdigit() and len(w) == 4}
            own = [next((years[i] for i in sorted(years, reverse=True) if i < min(at)), None) for at in (spots, second.at)]
            if None not in own and own[0] != own[1]:  # each said with his own season
                q.year, q.rival_year = own
            if min(second.at) < min(spots):  # said first, so answered first
                q.player, q.name, q.rival, q.rival_name = q.rival, q.rival_name, q.player, q.name
                q.year, q.rival_year = (q.rival_year, q.year) if q.rival_year else (q.year, None)
            return spots | second.at
    return spots


def _context(q: Question, raw: str, strict: bool) -> Context:
    """What the question says around a name, for the matcher (names.Context)."""
    ws = q.words
    said = len(ws) <= 2 or bool(q.stat) or q.year is not None
    return Context(year=q.year, side=_side(q),
                   cued=not strict and (said or any(w in _PLAYER_CUES for w in ws)),
                   guess=said or any(w in _GUESS_CUES for w in ws),
                   which=q.year is None and not (q.stat or q.team or q.cue("future"))
                   and q.has("tell me about", "who is", "who was", "who s"),
                   raw=raw, name_like=_name_like, ordinary=_ORDINARY, not_guessed=_stat_phrase_words())


def _side(q: Question) -> str | None:
    """'bat' or 'pit': the side of the game the question asks about, if it says."""
    return "pit" if q.cue("pitcher") else STATS[q.stat].side if q.stat in STATS else None
