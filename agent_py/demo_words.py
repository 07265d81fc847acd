"""Reading a spoken or typed baseball question into words, numbers and names.

This module turns free text into a token list (accents and punctuation gone,
number words turned into digits, years recognised in their spoken forms) and
finds the things a question is about: years, teams (nickname, city, old
names), stats, leagues and "top N". It is the vocabulary half of the demo
router (``demo_route.py`` decides the intent); players are matched there,
against the published player index. It does no I/O and never raises on odd
input.
"""

from __future__ import annotations

import difflib
import re
import unicodedata

FIRST_SEASON, LAST_SEASON, FORECAST_SEASON = 1871, 2024, 2025

# ---------------------------------------------------------------- text

_SPELLED = {"a's": "athletics", "o's": "orioles", "m's": "mariners", "d-backs": "diamondbacks",
            "dbacks": "diamondbacks", "k's": "strikeouts", "ks": "strikeouts", "a-rod": "arod",
            "e.r.a.": "era", "e.r.a": "era", "r.b.i.": "rbi", "r.b.i": "rbi", "a.l.": "al",
            "n.l.": "nl", "o.p.s.": "ops", "colt .45s": "colt 45s", "colt .45's": "colt 45s",
            "all-star": "all star", "all-stars": "all stars", "allstar": "all star",
            "allstars": "all stars", "home-run": "home run", "home-runs": "home runs",
            "homeruns": "home runs", "homerun": "home run", "homers": "home runs",
            "homer": "home run", "on-base": "on base", "rbis": "rbi", "ribbies": "rbi",
            "w-l": "record", "ws": "world series", "forty fives": "45s", "forty five s": "45s",
            "colt forty five": "colt 45", "wild cards": "wildcards", "wild card": "wildcard",
            "wild-card": "wildcard", "wild-cards": "wildcards"}


def fold(text: str) -> str:
    """Lower-case, accents removed ('José' -> 'jose'), typographic quotes made plain."""
    text = unicodedata.normalize("NFKD", str(text))
    text = "".join(c for c in text if not unicodedata.combining(c))
    return text.replace("\u2019", "'").replace("\u2018", "'").replace("`", "'").lower()


def tokens(text: str) -> list[str]:
    """Words and numbers of a question, with spoken numbers and years made into digits."""
    text = fold(text)[:2000]
    for spelled, plain in _SPELLED.items():
        text = re.sub(r"(?<![\w.'-])" + re.escape(spelled) + r"(?![\w'-])", plain, text)
    text = re.sub(r"(?<![\w.])\.(\d{3})\b", r"avg\1", text)  # ".300" -> avg300
    text = re.sub(r"(\d),(\d{3})\b", r"\1\2", text)  # "1,406" -> 1406
    raw = re.findall(r"'\d\d\b|[a-z0-9]+(?:'[a-z]+)?", text)
    words = [w if w.startswith("'") else re.sub(r"'s$", "", w).replace("'", "") for w in raw]
    words = [DECADE if re.fullmatch(r"(\d\d)?\d0s", w) or w in _DECADE_WORDS else w for w in words]  # the 1980s
    words = [w[:-1] if re.fullmatch(r"\d+s", w) and len(w) in (3, 5) else w for w in words]  # '98s
    return _numbers(words)


# A decade ("the 1980s", "the eighties") is read as this one token: no tool ranks a decade.
DECADE = "decade"
_DECADE_WORDS = {"twenties", "thirties", "forties", "fifties", "sixties", "seventies", "eighties", "nineties",
                 "aughts", "decade", "decades"}


_UNITS = {w: i for i, w in enumerate("zero one two three four five six seven eight nine".split())}
_TEENS = {w: i + 10 for i, w in enumerate(
    "ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split())}
_TENS = {w: (i + 2) * 10 for i, w in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split())}
_ORDINAL = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5}
_NUMBER_WORDS = set(_UNITS) | set(_TEENS) | set(_TENS) | {"hundred", "thousand", "oh", "and", "a"}


def _small(words: list[str], i: int) -> tuple[int | None, int]:
    """A number 0-99 spelled at words[i:]; returns (value, words used)."""
    w = words[i] if i < len(words) else ""
    if w.isdigit() and len(w) <= 2:
        return int(w), 1
    if w in _TEENS:
        return _TEENS[w], 1
    if w in _TENS:
        nxt = words[i + 1] if i + 1 < len(words) else ""
        if nxt in _UNITS and _UNITS[nxt] > 0:
            return _TENS[w] + _UNITS[nxt], 2
        return _TENS[w], 1
    if w in _UNITS:
        return _UNITS[w], 1
    return None, 0


def _spoken_number(words: list[str], i: int) -> tuple[int | None, int]:
    """The longest spelled number at words[i:] (years included); (value, words used)."""
    w = words[i]
    if w not in _NUMBER_WORDS or w in ("oh", "and", "a"):
        return None, 0
    # "two thousand (and) sixteen"
    if w in _UNITS and i + 1 < len(words) and words[i + 1] == "thousand":
        j = i + 2
        if j < len(words) and words[j] == "and":
            j += 1
        rest, used = _small(words, j) if j < len(words) and words[j] in _NUMBER_WORDS else (None, 0)
        if rest is not None:
            return _UNITS[w] * 1000 + rest, j + used - i
        return _UNITS[w] * 1000, 2
    first, used = _small(words, i)
    if first is None:
        return None, 0
    j = i + used
    nxt = words[j] if j < len(words) else ""
    # "nineteen ninety eight", "twenty sixteen", "nineteen oh five", "nineteen hundred"
    if first in range(10, 21) and used == 1:
        if nxt == "hundred":
            k = j + 1
            if k < len(words) and words[k] == "and":
                k += 1
            rest, more = _small(words, k) if k < len(words) and words[k] in _NUMBER_WORDS else (None, 0)
            return first * 100 + (rest or 0), (k + more - i) if rest is not None else j + 1 - i
        if nxt == "oh" and j + 1 < len(words) and words[j + 1] in _UNITS:
            return first * 100 + _UNITS[words[j + 1]], j + 2 - i
        if nxt in _TEENS or nxt in _TENS:
            rest, more = _small(words, j)
            return first * 100 + rest, j + more - i
    # "three hundred" (a .300 average), "five hundred" (.500)
    if used == 1 and first < 10 and nxt == "hundred":
        rest, more = _small(words, j + 1) if j + 1 < len(words) and words[j + 1] in _NUMBER_WORDS else (None, 0)
        return first * 100 + (rest or 0), j + 1 + more - i
    return first, used


def _numbers(words: list[str]) -> list[str]:
    out: list[str] = []
    i = 0
    while i < len(words):
        if words[i] == "oh" and i + 1 < len(words) and words[i + 1] in _UNITS and i and words[i - 1] in _YEAR_BEFORE:
            out.append(f"'0{_UNITS[words[i + 1]]}")  # "in oh eight" -> '08
            i += 2
            continue
        value, used = _spoken_number(words, i)
        if value is None:
            out.append(words[i])
            i += 1
        else:
            out.append(str(value))
            i += used
    return out


# ---------------------------------------------------------------- years

_YEAR_BEFORE = {"in", "of", "the", "from", "for", "during", "season", "since", "year", "back", "those", "that"}


def years(words: list[str], team_at: set[int] | None = None) -> list[int]:
    """Seasons named in the words: 2016, '98, 'the 98 yankees', 'in 04'."""
    found: list[int] = []
    team_at = team_at or set()
    for i, w in enumerate(words):
        if w.startswith("'") and w[1:].isdigit():
            found.append(_century(int(w[1:])))
        elif w.isdigit() and len(w) == 4 and 1000 <= int(w) <= 2999:  # the tools say which they cover
            found.append(int(w))
        elif w.isdigit() and len(w) == 2:
            before = words[i - 1] if i else ""
            if before in _YEAR_BEFORE and not _is_count_context(words, i) or (i + 1) in team_at:
                found.append(_century(int(w)))
    if not found:  # "world series 86": a lone two-digit number that counts nothing
        for i, w in enumerate(words):
            before = words[i - 1] if i else ""
            if w.isdigit() and len(w) == 2 and before not in ("top", "over", "under", "than", "least") \
                    and not _is_count_context(words, i):
                found.append(_century(int(w)))
                break
    return found


def _century(two: int) -> int:
    return 2000 + two if two <= 21 else 1900 + two


def _is_count_context(words: list[str], i: int) -> bool:
    """'the 30 home run streak', 'the 3 best' : a count, not a year."""
    nxt = words[i + 1] if i + 1 < len(words) else ""
    return nxt in {"home", "hr", "homers", "best", "most", "top", "players", "teams", "games", "wins",
                   "straight", "consecutive", "seasons", "years", "steals", "hits", "rbi", "saves",
                   "stolen", "strikeouts", "doubles", "triples", "walks", "runs", "losses", "win",
                   "innings", "percent", "times", "in", "and", "or", "to"}


# ---------------------------------------------------------------- teams

# franchise: (aliases, city words). Aliases are whole phrases; eras are resolved in team_name().
TEAM_ALIASES: dict[str, list[str]] = {
    "ANA": ["angels", "halos", "california angels", "anaheim angels", "los angeles angels", "anaheim"],
    "ARI": ["diamondbacks", "diamond backs", "d backs", "snakes", "arizona"],
    "ATL": ["braves", "beaneaters", "boston bees", "doves", "rustlers", "red caps", "atlanta",
            "milwaukee braves", "boston braves"],
    "BAL": ["orioles", "st louis browns", "saint louis browns", "baltimore"],
    "BOS": ["red sox", "redsox", "bosox", "boston americans", "boston pilgrims", "boston", "boston sox"],
    "CHC": ["cubs", "cubbies", "orphans", "chicago colts", "white stockings", "chicago cubs"],
    "CHW": ["white sox", "whitesox", "chisox", "pale hose", "south siders", "chicago sox", "south side sox"],
    "CIN": ["reds", "redlegs", "red legs", "cincinnati", "red stockings", "big red machine"],
    "CLE": ["indians", "guardians", "naps", "bronchos", "tribe", "cleveland"],
    "COL": ["rockies", "colorado", "rox"],
    "DET": ["tigers", "detroit", "tigres"],
    "FLA": ["marlins", "florida marlins", "miami", "florida", "fish"],
    "HOU": ["astros", "stros", "colt 45s", "colt 45", "colts 45", "houston"],
    "KCR": ["royals", "kansas city royals", "kansas city"],
    "LAD": ["dodgers", "brooklyn dodgers", "robins", "superbas", "bridegrooms", "grooms", "brooklyn",
            "los angeles dodgers", "los angeles", "la dodgers", "bums", "dem bums"],
    "MIL": ["brewers", "brew crew", "pilots", "seattle pilots", "milwaukee"],
    "MIN": ["twins", "minnesota", "washington senators"],
    "NYM": ["mets", "metropolitans", "amazins", "amazin mets", "miracle mets", "new york mets"],
    "NYY": ["yankees", "yankee", "yanks", "highlanders", "bronx bombers", "new york yankees", "new york",
            "murderers row"],
    "OAK": ["athletics", "oakland", "philadelphia athletics", "kansas city athletics", "philadelphia as"],
    "PHI": ["phillies", "phils", "quakers", "philadelphia", "fightin phils", "whiz kids"],
    "PIT": ["pirates", "bucs", "buccos", "alleghenys", "pittsburgh"],
    "SDP": ["padres", "pads", "friars", "san diego"],
    "SEA": ["mariners", "seattle", "seattle mariners"],
    "SFG": ["giants", "gothams", "new york giants", "san francisco giants", "san francisco"],
    "STL": ["cardinals", "cards", "redbirds", "perfectos", "st louis", "saint louis", "st louis cardinals",
            "gashouse gang", "gas house gang"],
    "TBD": ["rays", "devil rays", "devilrays", "tampa bay", "tampa"],
    "TEX": ["rangers", "texas"],
    "TOR": ["blue jays", "bluejays", "jays", "toronto"],
    "WSN": ["nationals", "nats", "expos", "montreal", "washington", "washington nationals",
            "montreal expos"],
}
# A few nicknames that moved between franchises: the season decides (first, last, franchise).
_ERA_ALIASES: dict[str, list[tuple[int, int, str]]] = {
    "senators": [(1891, 1899, "WAS"), (1901, 1960, "MIN"), (1961, 1971, "TEX")],
    "washington": [(1891, 1899, "WAS"), (1901, 1960, "MIN"), (1961, 1971, "TEX"), (2005, 2100, "WSN")],
    "browns": [(1882, 1899, "STL"), (1902, 1953, "BAL")],
    "st louis browns": [(1882, 1899, "STL"), (1902, 1953, "BAL")],
    "orioles": [(1882, 1899, "BLO"), (1901, 1902, "NYY"), (1954, 2100, "BAL")],
    "baltimore": [(1882, 1899, "BLO"), (1901, 1902, "NYY"), (1954, 2100, "BAL")],
    "brewers": [(1901, 1901, "BAL"), (1970, 2100, "MIL")],
    "milwaukee": [(1901, 1901, "BAL"), (1953, 1965, "ATL"), (1970, 2100, "MIL")],
    "boston": [(1876, 1900, "ATL"), (1901, 2100, "BOS")],
    "philadelphia": [(1876, 1900, "PHI"), (1901, 2100, "PHI")],
    "kansas city": [(1955, 1967, "OAK"), (1969, 2100, "KCR")],
    "athletics": [(1901, 2100, "OAK")],
    "new york": [(1883, 1902, "SFG"), (1903, 2100, "NYY")],
    "los angeles": [(1958, 2100, "LAD")],
    "brooklyn": [(1884, 1957, "LAD")],
    "chicago": [(1876, 2100, "CHC")],
    "st louis": [(1876, 2100, "STL")],
    "seattle": [(1969, 1969, "MIL"), (1977, 2100, "SEA")],
    "houston": [(1962, 2100, "HOU")],
    "montreal": [(1969, 2004, "WSN")],
}
# Franchise names the tools understand in every era (the tools resolve the season).
FRANCHISE_NAMES = {
    "ANA": "Angels", "ARI": "Diamondbacks", "ATL": "Braves", "BAL": "Orioles", "BOS": "Red Sox",
    "CHC": "Cubs", "CHW": "White Sox", "CIN": "Reds", "CLE": "Indians", "COL": "Rockies",
    "DET": "Tigers", "FLA": "Marlins", "HOU": "Astros", "KCR": "Royals", "LAD": "Dodgers",
    "MIL": "Brewers", "MIN": "Twins", "NYM": "Mets", "NYY": "Yankees", "OAK": "Athletics",
    "PHI": "Phillies", "PIT": "Pirates", "SDP": "Padres", "SEA": "Mariners", "SFG": "Giants",
    "STL": "Cardinals", "TBD": "Rays", "TEX": "Rangers", "TOR": "Blue Jays", "WSN": "Nationals",
    "WAS": "Washington Senators", "BLO": "Baltimore Orioles",
}
# The franchise's own name in a given season (the name people say: 'the 1994 Expos').
_SEASON_NAMES = {
    "WSN": [(1969, 2004, "Expos")], "MIN": [(1901, 1960, "Senators")], "TEX": [(1961, 1971, "Senators")],
    "BAL": [(1902, 1953, "Browns"), (1901, 1901, "Brewers")], "MIL": [(1969, 1969, "Pilots")],
    "HOU": [(1962, 1964, "Colt .45s")], "TBD": [(1998, 2007, "Devil Rays")],
    "NYY": [(1903, 1912, "Highlanders"), (1901, 1902, "Orioles")], "LAD": [(1914, 1931, "Robins")],
}

# With no year said, an old name means its last season ("how did the Expos do" -> 2004).
OLD_NAME_LAST_SEASON = {
    "expos": 2004, "montreal": 2004, "montreal expos": 2004, "pilots": 1969, "seattle pilots": 1969,
    "colt 45s": 1964, "colt 45": 1964, "colts 45": 1964, "browns": 1953, "st louis browns": 1953,
    "saint louis browns": 1953, "highlanders": 1912, "robins": 1931, "superbas": 1910, "bridegrooms": 1898,
    "devil rays": 2007, "devilrays": 2007, "brooklyn dodgers": 1957, "brooklyn": 1957, "boston braves": 1952,
    "milwaukee braves": 1965, "philadelphia athletics": 1954, "philadelphia as": 1954,
    "kansas city athletics": 1967, "senators": 1971, "washington senators": 1971, "new york giants": 1957,
    "gothams": 1884, "florida marlins": 2011, "florida": 2011, "california angels": 1996,
    "anaheim angels": 2004, "naps": 1914, "bronchos": 1902, "beaneaters": 1906, "doves": 1910,
    "rustlers": 1911, "boston bees": 1940, "orphans": 1902, "alleghenys": 1890, "perfectos": 1899,
    "quakers": 1889, "boston americans": 1907, "boston pilgrims": 1907, "redlegs": 1958,
}

_TEAM_PHRASES: dict[tuple[str, ...], str] = {}
for _fr, _names in TEAM_ALIASES.items():
    for _n in _names:
        _TEAM_PHRASES.setdefault(tuple(_n.split()), _fr)
for _n in _ERA_ALIASES:
    _TEAM_PHRASES.setdefault(tuple(_n.split()), "?")
# Single words that can only be a team nickname (fuzzy matching targets).
TEAM_WORDS = {p[0] for p in _TEAM_PHRASES if len(p) == 1 and len(p[0]) >= 4}
CITY_ONLY = {"boston", "chicago", "new york", "los angeles", "st louis", "saint louis", "philadelphia",
              "washington", "baltimore", "milwaukee", "kansas city", "brooklyn", "seattle", "houston",
              "montreal", "atlanta", "cincinnati", "cleveland", "colorado", "arizona", "miami", "florida",
              "tampa", "tampa bay", "texas", "toronto", "detroit", "minnesota", "oakland", "pittsburgh",
              "san diego", "san francisco", "anaheim"}


def find_team(words: list[str]) -> tuple[str, str, int, int] | None:
    """The first team named: (franchise or '?', alias as said, start index, length).

    Longer phrases win over the words inside them, and a nickname wins over a
    city ('new york mets' is the Mets; 'boston' alone is the Red Sox).
    """
    found = []
    for length in (3, 2, 1):
        for i in range(len(words) - length + 1):
            fr = _TEAM_PHRASES.get(tuple(words[i:i + length]))
            if fr is not None and not any(j <= i and i + length <= j + n for _, _, j, n in found):
                found.append((fr, " ".join(words[i:i + length]), i, length))
    if not found:
        return None
    found.sort(key=lambda m: (m[1] in CITY_ONLY, m[2]))
    return found[0]


def team_positions(words: list[str]) -> set[int]:
    """Indexes where a team phrase starts (so 'the 98 yankees' reads 98 as a year)."""
    starts = set()
    for length in (3, 2, 1):
        for i in range(len(words) - length + 1):
            if tuple(words[i:i + length]) in _TEAM_PHRASES:
                starts.add(i)
    return starts


def resolve_team(franchise: str, alias: str, season: int | None) -> str:
    """The franchise meant by an alias in a season (e.g. 'senators' in 1924 -> MIN)."""
    eras = _ERA_ALIASES.get(alias)
    if eras:
        when = season or LAST_SEASON
        for first, last, fr in eras:
            if first <= when <= last:
                return fr
        if franchise != "?":
            return franchise
        return min(eras, key=lambda e: min(abs(when - e[0]), abs(when - e[1])))[2]
    return franchise


def team_name(franchise: str, season: int | None) -> str:
    """The name to hand the tools: the season's own nickname when it had another one."""
    for first, last, name in _SEASON_NAMES.get(franchise, []):
        if season is not None and first <= season <= last:
            return name
    return FRANCHISE_NAMES.get(franchise, franchise)


# ---------------------------------------------------------------- stats

# stat as the leaders tool names it: phrases (longest checked first). Strikeouts are the
# pitchers' (K) unless the question is about batters (the router decides, see demo_route).
STAT_PHRASES: dict[str, list[str]] = {
    "HR": ["home runs", "home run", "hr", "hrs", "dingers", "dinger", "bombs", "long balls", "taters",
           "homeruns", "big flies", "jacks", "round trippers"],
    "RBI": ["rbi", "runs batted in", "run batted in", "runs driven in", "ribs"],
    "SB": ["stolen bases", "stolen base", "steals", "steal", "stole", "swipes", "sb", "swiped", "stealing"],
    "AVG": ["batting average", "average", "avg", "in batting", "the batting title", "batting title", "batting crown", "hit for average",
            "batting champion", "ba"],
    "OBP": ["on base percentage", "on base", "obp"],
    "SLG": ["slugging percentage", "slugging", "slg"],
    "OPS": ["ops", "on base plus slugging"],
    "H": ["hits", "base hits", "hit total"],
    "2B": ["doubles", "two baggers"],
    "3B": ["triples", "three baggers"],
    "R": ["runs scored"],
    "BB": ["walks", "bases on balls", "walked the most", "walked most", "walked", "free passes"],
    "ERA": ["earned run average", "era"],
    "W": ["wins", "victories", "winningest", "won the most games", "most games won", "won the most"],
    "SO": ["struck out the most", "struck out most", "strike out the most", "whiffed the most"],
    "K": ["struck out the most batters", "struck out the most hitters", "strikeouts", "strike outs", "strikeout", "punchouts", "whiffs", "ks", "punch outs", "fanned"],
    "IP": ["innings pitched", "innings"],
    "WHIP": ["whip"],
    "SV": ["saves", "save"],
    "SHO": ["shutouts", "shut outs"],
    "CG": ["complete games"],
    "G": ["games played"],
}
_STAT_BY_PHRASE = sorted(((tuple(p.split()), s) for s, ps in STAT_PHRASES.items() for p in ps),
                         key=lambda x: -len(x[0]))
STAT_WORDS = {p[0] for p, _ in _STAT_BY_PHRASE if len(p) == 1 and len(p[0]) >= 5}
# Slang too close to everyday words to be a spelling target ("states" is not "taters").
SPELL_STAT_WORDS = STAT_WORDS - {"taters", "jacks", "bombs", "swiped", "stole", "steal", "whiffs", "fanned",
                                 "walked", "stealing", "victories"}
PITCHING_STATS = {"ERA", "W", "L", "SV", "K", "IP", "WHIP", "SHO", "CG"}


def find_stat(words: list[str]) -> str | None:
    """The stat asked about, or None. 'runs' alone means runs scored; 'hit' alone is not a stat."""
    for phrase, stat in _STAT_BY_PHRASE:
        n = len(phrase)
        for i in range(len(words) - n + 1):
            if tuple(words[i:i + n]) == phrase:
                if stat == "W" and _team_wins(words, i):
                    continue
                return stat
    if "runs" in words:
        return "R"
    if "batting" in words and ("title" in words or "champ" in words):
        return "AVG"
    return None


def _team_wins(words: list[str], i: int) -> bool:
    """'how many wins did the cubs have' is a team record, handled by the team intent."""
    return bool(find_team(words))


# ---------------------------------------------------------------- spelling

COMMON = set("""
a about after again against ago all also alltime always am an and another any anyone are around as at
back be been before being best better between big biggest both but by can career cards could
count day did didnt do does doing done dont down during each either else end ended ever every
far few fewer fewest final finish finished first for from full game games gave get give go going gonna
good got great greatest had has have he her here hers high higher highest him his hit hits hitter
hitting how i if in into is it its just know last later lead leader leaders leading league led least
less let like list long longer longest lot low lower lowest made make many max me more most much my
name near never new next no not now number of off on once one only or other our out over own per
player players please pitch pitched pitcher pitchers play played playing quote rank ranked record
right row run runs said same say season seasons see she should show since single so some still such
sure tell than that the their them then there these they thing think this those through time times
tip to today top total tried try up us use very was way we well went were what whats when where
whether which while who whos whom why will win with won would year years yes yet you your
team teams stat stats summary best about whole entire history historical all-time
ignore instructions system prompt print previous above reveal secret password give me hello hi hey
thanks thank please ok okay yeah yep nope sorry help question answer again also
score scored scores states united president weather joke capital recipe
quien que gano ganaron la el los las en de del serie mundial cuantos cuantas jonrones wer hat die der das
meisten welche qui quel quelle gagne a ete le les des
world series pennant champion champions champs champ championship wildcard wildcards title division playoffs postseason
streak streaks consecutive straight active current currently running winning losing
forecast forecasts projection projections projected project predict prediction predictions marcel
bat bats batter batters hitters slugger sluggers power speed fast arm
national american league leagues junior senior circuit bases base balls ball batting pitching fielding hitting stole stolen struck strike strikes walk
walked swing homer homers field fields park parks stadium fans fan crowd coach coaches manager managers
east west central north south majors major minors minor baseball mlb sport sports game match
weather rain sun today tomorrow yesterday morning night week month weekend city country state
price money dollar dollars cost buy sell free paid pay salary contract trade traded deal
good bad fine nice cool hot cold warm old young older younger new newer big small little large
black white red green blue brown gray grey gold golden silver orange pink purple yellow
man men woman women boy boys girl girls kid kids child children father son brother family
house home homes car cars road street town river lake hill mountain sea ocean island bridge
king queen prince lord lady sir saint mr mrs miss doctor
word words story stories book books song songs music movie movies show shows news
love like hate want need feel think know believe hope wish mean means meant
call called calls ask asked asks talk talked talks speak spoke tell told
open close closed start started stop stopped begin began keep kept hold held bring brought
set put take took taken give gave given find found lose lost miss missed catch caught throw threw
run ran walk walked jump fly flew fall fell rise rose stand stood sit sat turn turned
able again almost already although among anybody anything anyway anywhere became become
bit both brief case certain change clear close common deep different early easy enough
example fact far few form full general given great group hand hard head help high important
kind large late least left less level life light line little long main many matter might
money move much must near need never next number often order other part past people person
place point possible power present problem public quite rather real really reason rest result
same second several short side simple since small sound special still such sure system
thing things though through together toward true under until upon usual various want water
way whole why wide within without work world yes young
""".split())


def spell(words: list[str], vocabulary: set[str]) -> list[str]:
    """Correct likely misspellings of team and stat words ('yankess' -> 'yankees')."""
    out = []
    for w in words:
        if len(w) >= 5 and w.isalpha() and w not in COMMON and w not in vocabulary:
            match = difflib.get_close_matches(w, vocabulary, n=1, cutoff=0.8)
            out.append(match[0] if match and abs(len(match[0]) - len(w)) <= 1 else w)
        else:
            out.append(w)
    return out


def find_league(words: list[str]) -> str | None:
    text = " " + " ".join(words) + " "
    if " american league " in text or " al " in text or " junior circuit " in text or " a l " in text:
        return "AL"
    if " national league " in text or " nl " in text or " senior circuit " in text or " n l " in text:
        return "NL"
    return None


def find_top(words: list[str]) -> int | None:
    """'top 5', 'the 10 best', 'five leaders': how many rows were asked for."""
    for i, w in enumerate(words):
        if w == "top" and i + 1 < len(words) and words[i + 1].isdigit():
            n = int(words[i + 1])
            if 1 <= n <= 25:
                return n
        if w.isdigit() and 1 <= int(w) <= 25 and i + 1 < len(words) and words[i + 1] in (
                "best", "leaders", "players", "teams", "top", "most", "highest", "biggest", "hitters",
                "pitchers", "guys"):
            return int(w)
    return None


# ---------------------------------------------------------------- what the data cannot answer

# Topics no tool covers, as phrases. demo_route.unanswerable() decides when one applies;
# demo.py says why, and offers the nearest question the tools do answer.
AWARD_PHRASES = ("mvp", "most valuable player", "cy young award", "the cy young", "a cy young", "cy youngs",
                 "cy young winner", "cy young winners", "rookie of the year", "roy award", "gold glove",
                 "gold gloves", "silver slugger", "silver sluggers", "triple crown", "manager of the year",
                 "reliever of the year", "comeback player")
HALL_OF_FAME = ("hall of fame", "hall of famer", "hall of famers", "inducted", "cooperstown")
GAME_LEVEL = ("hitting streak", "hit streak", "game streak", "winning streak", "losing streak",
              "no hitter", "no hitters", "nohitter", "nohitters", "perfect game", "perfect games", "cycle",
              "grand slam", "grand slams", "walk off", "walkoff", "box score", "single game", "one game",
              "in a game", "one inning", "on base streak", "scoreless")
SINGLE_SEASON = ("single season", "one season record", "in a single season", "in one season", "season record for",
                 "in a season ever", "most in a season")
ACROSS_SEASONS = ("how many times", "how many world series", "how many titles", "how many championships",
                  "how many pennants", "how many rings", "how often", "last time", "first time", "last won",
                  "last win", "since", "drought", "ever won", "ever win")
BALLPARK = ("field", "stadium", "ballpark", "ball park", "park", "ballparks", "stadiums")
FUTURE = ("will", "gonna", "going to", "next year", "next season", "predict", "prediction", "projected",
          "projection", "projections", "forecast", "expected", "expect", "this coming season")
FUTURE_OUTCOMES = ("world series", "pennant", "pennants", "division", "playoffs", "postseason", "win the",
                   "make the", "champion", "champions", "title", "record", "how will", "how many games")
PITCHER_WORDS = ("pitcher", "pitchers", "ace", "aces", "arm", "arms", "starter", "starters", "closer",
                 "closers", "reliever", "relievers", "bullpen")
# Bio facts the player tool does not return (phrased as "the data has no ...").
MISSING_BIO = {"height": ("tall", "height", "how big", "size"), "weight": ("weigh", "weight", "weighed"),
               "position": ("position", "positions", "what base", "play first", "play short", "catcher",
                            "shortstop", "outfielder", "infielder"),
               "salary": ("salary", "paid", "contract", "earn", "earned", "make money", "money")}
# Bio facts it does return: which field the question asks for first.
BIO_FOCUS = {"all_star": ("all star", "all stars", "allstar"),
             "born": ("born", "birthplace", "birthday", "where is he from", "where was he from", "hometown",
                      "birth"),
             "died": ("die", "died", "dead", "alive", "death", "pass away", "passed away", "still living"),
             "bats": ("bat left", "bat right", "bats left", "bats right", "left handed", "right handed",
                      "lefty", "righty", "switch hitter", "switch hit", "throw left", "throw right", "throws",
                      "handed", "southpaw", "bat from"),
             "teams": ("what teams", "which teams", "play for", "played for", "teams did", "teams has",
                       "what team", "which team", "pitch for", "pitched for", "teams"),
             "years": ("retire", "retired", "debut", "debuted", "rookie year", "first season", "last season",
                       "how long", "how many seasons", "how many years", "when did he play", "career span",
                       "start his career", "start playing"),
             "hall_of_fame": HALL_OF_FAME,
             "age": ("how old", "age"),
             "best": ("best season", "best year", "career high", "career year", "peak")}
YOUNG = ("young", "youngest", "younger", "kid", "kids", "under 25", "prospect", "prospects")
ROUND_WORDS = ("alcs", "nlcs", "alds", "nlds", "wild card series", "beat", "lose to", "lost to", "eliminated",
               "knocked out", "series", "playoff", "playoffs", "postseason", "opponent", "who did they play")
