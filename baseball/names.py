"""Normalising what people type or say: teams across eras, player names, stats, leagues.

Each resolver returns either the thing found or an ``error:`` string that names
the parameter and lists candidates (with their years) or valid values. Teams
come from teams.json (always loaded); players from players/index.json
(fetched on the first player question). Leaves out the tools' results.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, NamedTuple

from .common import load, memo, show
from .vocab import (FIRST_SEASON, LAST_SEASON, LEAGUE_KEYS, LEAGUES, NEGRO_LEAGUES, PLAYER_NICKNAMES, STAT_KEYS, STATS, TEAM_SLANG,
                    TWO_WORD_NICKNAMES, key)

# ---------------------------------------------------------------- teams

@dataclass(frozen=True)
class TeamRow:
    year: int
    lg: str
    id: str
    franch: str
    div: str
    rank: int
    G: int
    W: int
    L: int
    divwin: str
    wcwin: str
    lgwin: str
    wswin: str
    R: int
    RA: int
    name: str
    park: str
    br: str


def split_name(name: str) -> tuple[str, str]:
    """('Boston', 'Red Sox') from 'Boston Red Sox'; 'Los Angeles Angels of Anaheim' -> ('Los Angeles', 'Angels')."""
    base = name.split(" of ")[0]
    words = base.split()
    n = 2 if len(words) >= 3 and words[-2].lower().strip(".") in TWO_WORD_NICKNAMES else 1
    return " ".join(words[:-n]), " ".join(words[-n:])


def _build_teams() -> dict:
    raw = load("teams.json")
    rows = [TeamRow(*r) for r in raw["rows"]]
    aliases: dict[str, set[int]] = {}

    def add(alias: str, i: int) -> None:  # as written, and as a question's words are read ('Turf Club': 'turf')
        for k in {key(alias), team_key(alias)} - {""}:
            aliases.setdefault(k, set()).add(i)

    by_franch: dict[str, list[int]] = {}
    for i, r in enumerate(rows):
        for alias in (r.id, r.br, r.name):
            add(alias, i)
        # each club of a joint name ("Akron Grays / Cleveland Giants"), each city of a two-city one
        # ("Cincinnati-Cleveland Buckeyes": Cincinnati, Cleveland, Cleveland Buckeyes, ...)
        for part in r.name.split("/"):
            city, nick = split_name(part.strip())
            for one in {city, *city.split("-")}:
                for alias in (part, one, nick, f"{one} {nick}"):
                    add(alias.strip(), i)
            if nick.lower().endswith("sox"):
                add("sox", i)
        by_franch.setdefault(r.franch, []).append(i)
    for f, idx in by_franch.items():
        for i in idx:
            add(f, i)
    for alias, target in TEAM_SLANG.items():
        if key(target) in aliases and key(alias) not in aliases:
            aliases[key(alias)] = set(aliases[key(target)])
    by_year: dict[int, list[TeamRow]] = {}
    for r in rows:
        by_year.setdefault(r.year, []).append(r)
    return {"rows": rows, "aliases": aliases, "franchises": raw["franchises"], "by_year": by_year,
            "by_year_id": {(r.year, r.id): r for r in rows}}


teams_table = memo(_build_teams)


def team_rows() -> list[TeamRow]:
    return teams_table()["rows"]


def teams_of(year: int) -> list[TeamRow]:
    """The teams of one season, in the data's order."""
    return teams_table()["by_year"].get(year, [])


def team_in(year: int, team_id: str) -> TeamRow | None:
    return teams_table()["by_year_id"].get((year, team_id))


def years_text(years: list[int]) -> str:
    """[1969, 1970, ..., 2004] -> '1969-2004'; gaps become ', '."""
    years = sorted(set(years))
    spans, start, prev = [], years[0], years[0]
    for y in years[1:] + [None]:
        if y is not None and y == prev + 1:
            prev = y
            continue
        spans.append(f"{start}" if start == prev else f"{start}-{prev}")
        if y is not None:
            start = prev = y
    return ", ".join(spans)


def identities(indices: set[int]) -> list[str]:
    """'Montreal Expos (MON, 1969-2004)' for each (name, id) among the rows, oldest first."""
    rows = team_rows()
    groups: dict[tuple[str, str], list[int]] = {}
    for i in indices:
        groups.setdefault((rows[i].name, rows[i].id), []).append(rows[i].year)
    ordered = sorted(groups.items(), key=lambda kv: (min(kv[1]), kv[0]))
    return [f"{name} ({tid}, {years_text(years)})" for (name, tid), years in ordered]


YEAR_IN_TEXT = re.compile(r"\b(18[7-9]\d|19\d\d|20\d\d)\b")
_TEAM_FILLER = re.compile(r"\b(the|team|club|baseball|franchise|season|squad)\b")


def team_key(text: str) -> str:
    """A team's matching key: ``key`` without filler words ('the Columbus Turf Club' -> 'columbus turf')."""
    return " ".join(_TEAM_FILLER.sub(" ", key(text)).split())


def clean_team_text(text: str) -> tuple[str, int | None]:
    """'the 2016 Cubs' -> ('cubs', 2016): articles, years and filler words removed."""
    year = None
    m = YEAR_IN_TEXT.search(text)
    if m:
        year = int(m.group(1))
        text = text[: m.start()] + " " + text[m.end():]
    return team_key(text), year


def resolve_team(text: object, season: int | None, param: str = "team") -> TeamRow | str:
    """The team-season meant by ``text`` in ``season`` (season may come from the text), or an error."""
    if not isinstance(text, str) or not text.strip():
        return f"error: parameter '{param}' must be a team name, city or code such as 'Yankees', 'Montreal' or 'NYY', got {show(text)}."
    table = teams_table()
    k, year_in_text = clean_team_text(text[:200])
    season = season if season is not None else year_in_text
    found = table["aliases"].get(k)
    if found is None and k.endswith("s") and k[:-1] in table["aliases"]:
        found = table["aliases"][k[:-1]]
    if found is None and k + "s" in table["aliases"]:
        found = table["aliases"][k + "s"]
    if found is None:
        return _unknown_team(text, k, season)
    if season is None:
        return f"error: parameter 'season' is required: which year of {_list(identities(found))}?"
    rows = table["rows"]
    here = sorted({rows[i].id for i in found if rows[i].year == season})
    if len(here) == 1:
        return table["by_year_id"][season, here[0]]
    if len(here) > 1:
        names = [f"{table['by_year_id'][season, t].name} ({t})" for t in here]
        return f"error: {param} '{show(text)}' is ambiguous in {season}: {_list(names)}. Say which one."
    return _wrong_year(text, found, season)


def _wrong_year(text: str, found: set[int], season: int) -> str:
    rows = team_rows()
    msg = f"error: no team '{show(text)}' in {season}; {_list(identities(found))}."
    franchises = {rows[i].franch for i in found}
    then = sorted({f"{r.name} ({r.id})" for r in rows if r.year == season and r.franch in franchises})
    if then:
        msg += f" In {season} the franchise played as {_list(then)}."
    return msg


# difflib is imported when a name is not found as written, not with this module: its import is about
# 20 ms of the page's first boot (the demo's warm-up imports it anyway, after the agent is ready).
def _close(word: str, pool, n: int, cutoff: float) -> list[str]:
    import difflib

    return difflib.get_close_matches(word, pool, n=n, cutoff=cutoff)


def _likeness(a: str, b: str) -> float:
    import difflib

    return difflib.SequenceMatcher(None, a, b).ratio()


def _unknown_team(text: str, k: str, season: int | None) -> str:
    table = teams_table()
    rows = table["rows"]
    close = _close(k, list(table["aliases"]), n=3, cutoff=0.75) if k else []
    hits: set[int] = set()
    for c in close:
        hits |= table["aliases"][c]
    if season is not None:
        in_season = {(rows[i].name, rows[i].id) for i in hits if rows[i].year == season}
        hits = {i for i in hits if (rows[i].name, rows[i].id) in in_season} or hits
    if hits:
        return f"error: unknown team '{show(text)}'; did you mean {_list(identities(hits)[:4], 'or')}?"
    return (f"error: unknown team '{show(text)}'. Use a nickname, city, full name or code "
            "(e.g. 'Yankees', 'Montreal', 'Boston Red Sox', 'NYY').")


def _list(items: list[str], last: str = "and") -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


# ---------------------------------------------------------------- players

class PlayerRef(NamedTuple):  # a tuple: the index makes 21,000, 3x faster than frozen dataclasses
    id: str
    name: str
    first: str
    last: str
    start: int
    end: int
    born: int | None
    weight: float  # how much people talk about him: the index's notability bucket, else his seasons

    def label(self) -> str:
        born = f", born {self.born}" if self.born else ""
        return f"{self.name} ({self.id}, {self.start}-{self.end}{born})"


_NOT_LETTERS = re.compile(r"[^a-z]+")


def _letters(text: str) -> str:
    return text.lower() if text.isascii() and text.isalpha() else _NOT_LETTERS.sub("", key(text))


def stem(first: str, last: str) -> str:
    """The usual playerID stem, 5 letters of the last name and 2 of the first ('aaronha' + '01'): the
    pipeline writes such ids as their suffix alone (compact_index), and the player index rebuilds them."""
    return _letters(last)[:5] + _letters(first)[:2]


def _build_players() -> dict:
    """The player index: by id, and by the keys of each full name, last name and first name. A first
    visit builds it while the page is ready but its first question waits, so it is written for speed:
    each distinct first and last name is keyed once (21,000 players have 2,700 first names and 10,600
    last names), and only lists of two or more are sorted."""
    ix = load("players/index.json")
    columns = [ix[c] for c in ("id", "name", "first", "last", "from", "span", "age")]
    weights = ix.get("w") or [None] * len(ix["first"])
    last_key = {last: key(last) for last in set(ix["last"])}
    first_key = {first: key(first) for first in set(ix["first"])}
    full: dict[str, list[PlayerRef]] = {}
    lasts: dict[str, list[PlayerRef]] = {}
    firsts: dict[str, list[PlayerRef]] = {}
    refs = []
    for (pid, name, first, last, start, span, age), weight in zip(zip(*columns), weights):
        pid = f"{stem(first, last)}{pid:02d}" if isinstance(pid, int) else pid
        weight = weight if weight is not None else (span + 1) / 4
        both = f"{first} {last}"
        r = PlayerRef(pid, name or both.strip(), first, last, start, start + span,
                      start - age if age is not None else None, weight)
        refs.append(r)
        for k in {key(name), key(both)} if name else (key(both),):
            full.setdefault(k, []).append(r)
        lasts.setdefault(last_key[last], []).append(r)
        firsts.setdefault(first_key[first], []).append(r)
    for table in (full, lasts, firsts):  # the best-known first; equally known: the more recent
        for found in table.values():
            if len(found) > 1:
                found.sort(key=lambda r: (-r.weight, -r.end))
    return {"shards": ix["shards"], "by_id": {r.id: r for r in refs}, "full": full,
            "last": lasts, "first": firsts, "keys": sorted(full)}


players_table = memo(_build_players)


def resolve_player(text: object, season: int | None = None) -> tuple[PlayerRef, str | None] | str:
    """(player, note) for a name as typed or said, or an error listing candidates."""
    if not isinstance(text, str) or not key(text):
        return f"error: parameter 'name' must be a player's name such as 'Babe Ruth', got {show(text)}."
    table = players_table()
    raw = text[:200]
    if "," in raw and raw.count(",") == 1:  # "Ruth, Babe"
        last, first = raw.split(",")
        if key(first) and key(first).split()[0] not in SUFFIX_WORDS:
            raw = f"{first} {last}"
    k = key(raw)
    if k in PLAYER_NICKNAMES:  # "Big Papi"
        k = key(PLAYER_NICKNAMES[k])
    if k.replace(" ", "") in table["by_id"]:
        return table["by_id"][k.replace(" ", "")], None
    words = k.split()
    suffix = words[-1] if len(words) > 1 and words[-1] in SUFFIX_WORDS else None
    plain = " ".join(words[:-1]) if suffix else k
    found = table["full"].get(k) or table["full"].get(plain)
    if found and suffix and not table["full"].get(k):
        found = by_suffix(found, suffix)
    if not found and len(plain.split()) == 1:
        found = table["last"].get(plain) or table["first"].get(plain)
    if not found and len(plain.split()) > 2:  # "George Herman Ruth": first and last word
        w = plain.split()
        found = table["full"].get(f"{w[0]} {w[-1]}")
    if not found:
        return _fuzzy_player(text, plain, season)
    return _choose(text, found, season)


def _choose(text: str, found: list[PlayerRef], season: int | None) -> tuple[PlayerRef, str | None] | str:
    found = list(dict.fromkeys(found))
    if len(found) == 1:
        return found[0], None
    if season is not None:
        active = [r for r in found if r.start <= season <= r.end]
        if len(active) == 1:
            return active[0], None
        found = active or found
    found.sort(key=lambda r: (-(r.end - r.start), r.start))
    seasons = [r.end - r.start + 1 for r in found]
    if season is None and seasons[0] >= 8 and seasons[0] >= 4 * seasons[1]:
        # one long career beside short ones ("Pete Rose", "Yastrzemski"): take it, name the others
        others = "; ".join(r.label() for r in found[1:4])
        return found[0], f"also named so: {others}"
    shown = [r.label() for r in found[:6]]
    more = f" and {len(found) - 6} more" if len(found) > 6 else ""
    return (f"error: name '{show(text)}' matches {len(found)} players: {'; '.join(shown)}{more}. "
            "Pass one of them by its player id, or the full name, Jr./Sr., or a season he played.")


def _fuzzy_player(text: str, k: str, season: int | None) -> tuple[PlayerRef, str | None] | str:
    table = players_table()
    pool = table["keys"]
    if len(k) > 60:
        return f"error: no player named '{show(text)}'. Give a name like 'Babe Ruth' or 'Ken Griffey Jr.'."
    found = spelt_like(k, pool, list(table["last"]), n=6)
    close = [c for c, _ in found]
    refs = [r for _, rs in found for r in rs]
    if season is not None:
        refs = [r for r in refs if r.start <= season <= r.end] or refs
    refs = list(dict.fromkeys(refs))
    ratios = [_likeness(k, c) for c in close] + [0.0]
    pool_best = found[0][1] if found else []
    if close and len(pool_best) == 1 and ratios[0] >= 0.85 and ratios[0] - ratios[1] >= 0.05:
        return pool_best[0], f"read '{show(text)}' as {pool_best[0].name}"
    if refs:
        refs.sort(key=lambda r: (-(r.end - r.start), r.start))
        return f"error: no player named '{show(text)}'; did you mean {_list([r.label() for r in refs[:5]], 'or')}?"
    return f"error: no player named '{show(text)}' in the data ({FIRST_SEASON}-{LAST_SEASON}). Check the spelling or give the full name."


def shard_name(pid: str) -> str:
    import zlib

    return f"players/{zlib.crc32(pid.encode('ascii', 'replace')) % players_table()['shards']:02d}.json"


# ---------------------------------------------------------------- stats and leagues

FILLER = re.compile(r"\b(most|the|total|career|season|leader|leaders|best|top|lowest|highest|number of|of|in|a)\b")


def resolve_stat(text: object, allowed: tuple[str, ...] | None = None, param: str = "stat") -> str:
    """Canonical stat name ('HR') for a name or spoken form, or an error listing the valid ones."""
    valid = allowed or tuple(STATS)
    if not isinstance(text, str) or not key(text):
        return f"error: parameter '{param}' must be one of {', '.join(valid)}, got {show(text)}."
    k = key(text[:100])
    stat = STAT_KEYS.get(k)
    if stat is None:
        stripped = re.sub(r"\s+", " ", FILLER.sub(" ", k)).strip()
        stat = STAT_KEYS.get(stripped)
    if stat is None:
        close = _close(k, list(STAT_KEYS), n=1, cutoff=0.8)
        stat = STAT_KEYS[close[0]] if close else None
    if stat is None or stat not in valid:
        return f"error: unknown {param} '{show(text)}'. Valid: {', '.join(valid)} (spoken forms like 'homers' work)."
    return stat


def resolve_league(text: object, season: int | None = None) -> str:
    """'AL', 'NL', 'MLB', 'NEG' (the Negro Leagues together), 'NN2', ... (None or '' means MLB), or an error
    listing them. "Negro National League" is NNL through 1931 and NN2 from 1933 (two leagues of that name)."""
    if text is None or (isinstance(text, str) and not text.strip()):
        return "MLB"
    if isinstance(text, str):
        lg = LEAGUE_KEYS.get(key(text[:60]))
        if lg in ("NNL", "NN2") and isinstance(season, int) and not isinstance(season, bool):
            lg = "NNL" if season <= 1931 else "NN2"
        if lg:
            return lg
    return (f"error: unknown league {show(text)}. Valid: AL, NL, MLB (all major leagues), NEG (the Negro Leagues "
            f"together), the Negro Leagues {', '.join(NEGRO_LEAGUES)}, and historic AA, UA, PL, FL, NA.")

# ---------------------------------------------------------------- names that are everyday words

# Surnames and first names that are also everyday English words ('look', 'pounds', 'price', 'young', 'bell'): the
# players' names (first or last, 3+ letters) found as lower-case words in an English word list (Debian's wamerican).
# Said alone, such a word is a name only where the question is plainly about a person (person_said).
EVERYDAY_NAMES = frozenset("""
abbey ace acre admiral akin alley alto amir angel angle arch archdeacon archer arias army arroyo art ash ashes
auburn august babe baby bacon bake baker bale bales ball bandy bane banister banks banning bannister baptist barber
bard bare bark barker barney baron barrios barrows bass basso batch bates bathe batten battle bay beach beam bean
beard beau beavers beck bee beech beer beers bell belle below belt bench bender berg berry beryl best bid biddy biff
biggie bill billings billy binder bingo bird birdie bishop black blade blades blanch bland blank blanks blaze bleach
bliss block blowers blue bluejacket bob bobby bold boles bolt bond bonds bone bones boney bong bonnie boob booth
boots booty boozer borders boss bourgeois bowers bowler bowling bowman bozo bracken brad brain branch brand brandy
brash bravo bray breeding brewer brick bride bridges brief bright brink brook brooks broom brother brothers brow
brown browning brunet brunette brush bubbles buck buckeye buckles buckshot bud buddy bug bugs bull bullet bulling
bullock bummer bump bun bunch bunk bunker bunny burdock burg burger burns burr burrows bus busby bush bushing buss
buster butch butcher butler buttercup butters buttery buttons butts buzz cabanas cabbage cactus cad cage cal call
cam camp camper camps cancel candy canning cannon cannonball canton cap capers caraway carbine cardinal cargo carp
carpenter case cash caster castle cater catfish cave cease center chad chalk chamberlain chambers champ champion
chance chandler chant chapel charter chase cheek cherry chick chicken chief child chile chiles chili chip chipper
choice chubby chuck chummy church churn chute cinders clack clay clear clement cliff clipper cloy coachman coats
coke colas collier colon colonel colt combs comer command con cone constable converse cook cookie cool coon cooper
coot cord corona cot cote cotter cotton couch count country court cousins covey cowboy cox cozens cozy cradle craft
cram crane crash crazy creamer creek creel cress crews crick crisp crochet crone crook crooks cross crouch crow
crozier cruise crush cub cuddles cuff cupid curly curry curt cyclone dad daily daisy dale dam dandy danger dapper
dark darling daub daughters davenport day deacon deal dean dear debs deck deer delay delis dell demerit dent derby
dermis derrick derringer dewberry dial dials diamond dibble dick dickey dickie dicky dicta dike dimes dink dirk
dirks dizzy doc dock dodge doe dole doll dolly don dooms dory dot dots dove dowdy downing downs dowse drake dresser
drew drill drummer dud dude dues duff duke dukes dull dunning duster dusty dye dyer dyke dykes eagle earl early
earnest east easterly eastern eave eaves eddy edge eider elder else emery ensign espy ever face fain fair fairly
falter fancy fanning farmer farrow fast fats fatty favors fear fee feller fern ferry fetters field fielder fields
fife file files fin finch fine fingers fink firth fisher flack flair flame flash flea fleet flick flint flip flit
flood flora flowers foghorn font foots force ford foreman forest fortes fortune foster fox frank franks freed
freeman freeze french fresco fried friend fries frill frisk frock frog frost frosty fry fryer fuller funk fuzz fuzzy
gabby gables gaff gage gale gall gamble garland garner garret garrison gates gay gear gee gene general genesis
gentile gentry gibbon gibbons gift gill ginger givens gladden glade glass glaze glen goat gobble golden goldsmith
good goody goose gore gosling grace granite granny grant grate grater graves gray greasy green grey grieve griffin
grim grimes groom gross grove guilder guise gulley gunboat gunning gust gusto guy hack hacker haddock hale hall halt
halter ham hamburger hammer hammock hand hands handy hank happy harden harder hardy hare harry hart harts hash hasty
hatch hatter havens hawk hawks hay hays head heard heath heavy hector hedges heifer heist held helms hemming hemp
hen herb herring hertz hick hickey hicks high hiker hill hilly hinds hippo hoard hob hock hocking hod hoeing hoes
hogan holder holly homer honey hood hook hooker hooks hoot hop hope hopper horn horsey host house householder howdy
hub huckleberry huff hug hull hunt hunter hurdle hurt icicle inks ivory ivy jack jarred jasper jay jazz jeep jelly
jersey jester jewel jimmy john johns joiner jolly josh jot joy judge jug jumbo junco junior junk just justice jute
keeling keen keener ken kettle key keys kick kid kiddo kinder kindle king kipper kit kitchen kite kitty knack knell
knight knoll knolls kroner lackey lacy laddie lade lady lake lamb lamer lamp lance land lane lathers lavender law
lawless lawyer lea leach league leathers lee leech leek lees lefty lemon levy liefer light linden lines link lint
lip lira little lively loan lock locker long longest look looney lopes lord lore love low lucid lucky lunar lush
lute lynch mace madden madrigal maestri mails main mains major malarkey manning mantilla mantle maple maples mark
marks marlin marquis marrow mars marsh mart martin martini marvel mason masters mat matt mattes maul maverick max
may mayo mead meadows means medley meek meeker memo merchant mesa messenger metro mickey mike miles miller milliner
mills miner minor mint mock mole moll money monk moody moon moonlight moose more morrow moss motley mountain muddy
mule munch mutt mysterious nacho nanny nap natal nation nears neck neighbors nettles newt newton nick nickle nip
nipper nippy nix noble noel noodles nook norm north nova oaks odor office oral orange orator outlaw overall pace
pack paddock paddy pagan page pages painter pall palm palomino panier panther papa parent park parks parson parsons
partridge paschal pastor pat pate patsy peace peaches peacock peak peanuts pearl pears peck peek peel pen pence
penny peoples pep pepper peppers person pesky peter peters petty phenomenal phoenix piazza pick pickles pickup pie
pierce piggy pike pill pillar pillion pinch ping pink pinky pint pinto pip piper pit plank plunk pointer pokey pol
pole poles pond ponder pony pool pop pope porter pose poser post potter pounds power powers preacher press pretzels
price pride priest prim prince prior proctor prophet puffer pug punch pussy quack queen quest quick quirk rabbit
rafter rags rain randy ranger ransom rap rats rattler rave ray razor reach read ready reams rebel rector red reed
reel reeve reeves register reis revere revering rhymes ribs rice rich rick ricks riddle rile riles ring rip ripper
ripple rising river rivers roach rob robin rock rocker rocky rod roe roebuck roger rogers roller rolling rolls roman
roof rookie rooks root rose rosin rosy rouse rowdy royal rube ruble ruby ruddy ruffing runnels rush rushing rusty
rye sack sage sager sale sales salmon salty salve salvo sample sand sanders sands sandy sap satchel satin saucier
savage sawyer sax say scales scarce schemer schoolboy scooter score scrappy script scurry seaman sears seats see
seeds self sell sellers sells sensation serum service sexton shad shag shags shank shanks shanty sharp shave shaver
she shearer shears shed sheets shell shepherd sheriff sherry shields shilling shines shires shiver shocker shoemaker
shook shore shores short shorten shorts shovel show shuck shun sicking sierra signer silver sim sims singer
singleton skiff skinny skip skipper skyrocket slats slaughter sled sledge sleeper slick slicker slim small smart
smiley smith smoker smoky snake snare snider snipe snipes snow socks sol son sonny soup sowers spade spades span
sparks sparrow speaker spears spec speck specs speed spider spies spike spikes spoke spook spoon sport spring
springs sprout spud square squire squires stack stairs stamps stark starling start steamboat steamer steels steer
stein stem sterling stern sterner stew steward stiles stock stokes stone stoner stoney stoops storey storm story
stout strain strand strands strange straw strawberry street strike striker stringer stripling strong strop stub
stubby studs stuffy stump sturdy sturgeon styles such suck suds sugar summers sun swan swat sweet swift swindle
swisher tack tacks tad taffy tam tanner tee teed temple terry thatcher then thorny thrasher tick tike till tiller
tinker tinning tiny tip tipper tipple toad tom toms tong tony toots tost tot touchstone towers toy trace trader tray
trench trice trick tricky tromp trot trotter trout troy truck trucks tub tubby tuck tucker tufts tug tun turkey
turner twining twink upright urban urbane usher valentine van veal veil vest vet victor villa vines vineyard viola
virtue vivas wacker wade waits walk walker wall walling walls wander wanner war ward warden ware wares warming
warren wash washer waters watt watts way weathers weaver wedge weedy weekly weeks weir welch welcome wells welsh
west whaling whammy wheat wheeler whistler whit white whiten whiting wick wicker wicks wight wiki wiles will wills
wily wimpy win windy wine winter winters wisdom wise wisely wish wolf wolfram woo wood woodcock woodman woods woody
workman works worth worthy wright yam yank yip yogi yonder young zip
""".split())

# Words right before a name that make it a person ('did judge hit', 'about price', 'is bell in the hall').
_BEFORE_PERSON = {"did", "does", "has", "had", "is", "was", "about", "for", "by", "like", "than", "or", "and", "vs",
                  "didnt", "doesnt", "hasnt", "hadnt", "isnt", "wasnt", "were", "werent", "whos",
                  "versus", "player", "pitcher", "hitter", "catcher", "shortstop", "outfielder", "named", "called"}
# Words right after one ('bell hit', "trout's", 'judge stats', 'rose career').
_AFTER_PERSON = {"hit", "hits", "hitting", "homered", "pitch", "pitched", "pitching", "play", "played", "plays", "bat",
                 "bats", "batted", "throw", "throws", "threw", "stats", "statistics", "career", "numbers", "line",
                 "born",
                 "die", "died", "win", "won", "steal", "stole", "have", "has", "had", "do", "did", "is", "was", "get",
                 "got", "jr", "sr", "or", "vs", "versus", "and", "compared", "retire", "retired", "make", "made",
                 "lead", "led", "finish", "finished"}


def everyday_name(word: str) -> bool:
    """A player's name that is also an everyday English word ('look', 'pounds')."""
    return word in EVERYDAY_NAMES


def person_said(words: list[str], i: int, raw: str = "") -> bool:
    """Whether the everyday word at words[i] is said as a person's name: capitalised in the middle of what was typed
    (not the first word), possessive, right after a word that introduces a person or right before what a person
    does, or the question is hardly more than the name ('trout', 'judge 2022')."""
    w = words[i]
    if len(words) <= 2:
        return True
    for m in re.finditer(rf"\b{re.escape(w[:1].upper() + w[1:])}\b", raw):
        if raw[:m.start()].rstrip()[-1:] not in ("", ".", "!", "?"):
            return True  # 'is Price in the Hall?' (but not 'Look at ...', the first word)
    if re.search(rf"\b{re.escape(w)}(?:'s|s'|\u2019s)(?!\w)", raw, re.IGNORECASE):
        return True
    before = words[i - 1] if i else ""
    after = words[i + 1] if i + 1 < len(words) else ""
    if re.fullmatch(r"\d{4}|'\d\d", before) or all(re.fullmatch(r"\d{4}|'\d\d", x) for x in words[:i] + words[i + 1:]):
        return True  # '2022 judge', 'judge 2022 2023': a player's season
    return before in _BEFORE_PERSON or after in _AFTER_PERSON


# ---------------------------------------------------------------- a player named in a question's words
#
# The one matcher of player names, for the tools (resolve_player) and the demo's reading of a question alike: which
# of namesakes is meant (a suffix, the season, the side of the game, who people talk about), when an everyday word
# is a name (person_said), and which misspelling is whose.

# Suffixes as said, and the namesake each names: Jr. (and II, III) the younger, Sr. the elder.
SUFFIX_WORDS = {"jr": "jr", "junior": "jr", "ii": "jr", "iii": "jr", "iv": "jr", "sr": "sr", "senior": "sr"}
# Words a question starts a name with that are never a first name ('who', 'tell me').
NOT_FIRST = {"who", "what", "how", "when", "where", "which", "did", "does", "was", "is", "the", "a", "an", "and",
             "about", "for", "of", "in", "on", "many", "much", "most", "best", "top", "tell", "me", "give"}


@dataclass(frozen=True)
class Context:
    """What the words around a name say, for choosing among namesakes and reading a guess: the season asked, the side
    of the game ('bat' or 'pit'), whether the question is plainly about a player (a surname alone or a guess may be
    one; never beside a team's name) and strongly so (an unknown word may be a misspelt name),
    whether it asks who someone is ('tell me about Bell': equally known namesakes are asked about, not chosen), the
    text as typed (capitals, possessives), and the caller's test of a word that may be a name at all."""
    year: int | None = None
    side: str | None = None
    cued: bool = False
    guess: bool = False
    which: bool = False
    raw: str = ""
    name_like: Callable[[str], bool] = str.isalpha
    ordinary: frozenset = frozenset()  # the caller's everyday words (never a first name before a surname)
    not_guessed: frozenset = frozenset()  # words never read as a misspelt name (the words of stats' names)
    era: tuple[int, int] | None = None  # the seasons of a player named beside this one: namesakes of his time first


class Found(NamedTuple):
    ref: PlayerRef
    at: set  # word positions the name takes
    guessed: bool  # read from a misspelling
    ambiguous: list  # equally known namesakes, when the question asks who one is


def player_in_words(ws: list[str], taken: set[int], c: Context) -> Found | None:
    """The player the words name, outside the positions taken, in order of how sure the reading is: a nickname, a
    full name (a suffix may follow), a first name with a surname misspelt, a surname alone, a well-known first name
    alone, a misspelling of a famous name; None when no name is there."""
    free = [i for i in range(len(ws)) if i not in taken]
    table = players_table()
    spans = [(n, i) for n in (4, 3, 2, 1) for i in free if all(i + k in free for k in range(n))]
    for n, i in spans:  # nicknames: 'big papi', 'yaz'
        phrase = " ".join(ws[i:i + n])
        if phrase in PLAYER_NICKNAMES and (n > 1 or phrase not in c.ordinary):
            ref = by_name(PLAYER_NICKNAMES[phrase])
            if ref:
                return Found(ref, set(range(i, i + n)), False, [])
    for n, i in spans:  # full names, a suffix may follow: 'ken griffey jr', 'joe dimaggios'
        if n == 1 or ws[i] in NOT_FIRST or all(w in c.ordinary for w in ws[i:i + n]):
            continue
        core = ws[i:i + n]
        found = table["full"].get(" ".join(core)) or (table["full"].get(" ".join(core[:-1] + [core[-1][:-1]]))
                                                      if core[-1].endswith("s") else None)
        if found:
            nxt = ws[i + n] if i + n < len(ws) else ""
            ref = by_suffix(found, nxt)[0] if nxt in SUFFIX_WORDS else in_season(found, c.year, c.side)
            return Found(ref, set(range(i, i + n + (nxt in SUFFIX_WORDS))), False, [])
    for i in free:  # a first name said right, a surname misspelt: 'tony gwyn', 'ken griffy jr'
        if i + 1 in free and c.name_like(ws[i + 1]) and ws[i] in table["first"] and ws[i] not in NOT_FIRST:
            namesakes = [r for r in table["first"][ws[i]] if _misspelt_as(ws[i + 1], key(r.last), 0.7)]
            if namesakes:
                nxt = ws[i + 2] if i + 2 < len(ws) else ""
                return Found(by_suffix(_closest(namesakes, ws[i + 1]), nxt)[0],
                             {i, i + 1} | ({i + 2} if nxt in SUFFIX_WORDS else set()), True, [])
    surnames = [(in_season(table["last"][w], c.year, c.side, c.era), i) for i in free
                for w in (ws[i], ws[i][:-1] if ws[i].endswith("s") else "")
                if len(w) >= 3 and c.name_like(ws[i]) and w in table["last"] and said_as_name(ws, i, c)]
    surnames = [(r, i) for r, i in surnames if c.cued or r.weight >= notable_weight()]
    if surnames:  # a surname alone: the best-known one ('bonds', 'clemente's)
        ref, i = max(surnames, key=lambda s: s[0].weight)
        w = ws[i] if ws[i] in table["last"] else ws[i][:-1]
        pool = [r for r in table["last"][w] if c.year is not None and r.start <= c.year <= r.end] or table["last"][w]
        tied = [r for r in pool if r.weight == ref.weight]
        ambiguous = [f"{r.name} ({r.start} to {r.end})" for r in tied[:5]] if len(tied) > 1 and c.which else []
        return Found(ref, {i}, False, ambiguous)
    for i in free:  # a well-known first name alone: 'ichiro'; or the only one of note playing that season: 'gunnar 2024';
        # or, beside another player, the best-known of his side and time: 'pedro or maddux'
        found = table["first"].get(ws[i], []) if said_as_name(ws, i, c) else []
        playing = [r for r in found if c.year is not None and r.start <= c.year <= r.end and r.weight >= 4]
        if len(ws[i]) >= 4 and c.name_like(ws[i]) and found and found[0].weight >= notable_weight() \
                and (len(found) == 1 or found[0].weight >= 3 * found[1].weight):
            return Found(found[0], {i}, False, [])
        beside = in_season(found, c.year, c.side, c.era) if found and c.era else None  # 'pedro or maddux'
        if beside is not None and len(ws[i]) >= 4 and c.name_like(ws[i]) and beside.weight >= notable_weight():
            return Found(beside, {i}, False, [])
        if len(ws[i]) >= 4 and c.name_like(ws[i]) and len(playing) == 1:
            return Found(playing[0], {i}, False, [])
    if c.cued and c.guess:
        return misspelt(ws, [i for i in free if said_as_name(ws, i, c) and ws[i] not in c.not_guessed
                             and (len(ws) <= 4 or person_said(ws, i, c.raw) or _beside_first_name(ws, i, c))], c)
    return None


def said_as_name(ws: list[str], i: int, c: Context) -> bool:
    """A word alone is a name unless it is an everyday word not said as a person's (person_said); a first name before
    it makes it a surname ('freddy freeman')."""
    return not any(everyday_name(w) for w in (ws[i], ws[i][:-1] if ws[i].endswith("s") else "")) \
        or person_said(ws, i, c.raw) or i > 0 and ws[i - 1] in players_table()["first"] and ws[i - 1] not in c.ordinary


def _beside_first_name(ws: list[str], i: int, c: Context) -> bool:
    """A guessed name's neighbour is itself name-like ('micky mantel', 'mickey mantel'): two unknown words side by
    side are a name said wrong more often than 'a wide margin' is."""
    return any(0 <= j < len(ws) and c.name_like(ws[j]) and ws[j] in players_table()["first"] for j in (i - 1, i + 1))


def spelt_like(said: str, fulls, lasts, n: int = 1) -> list[tuple[str, list[PlayerRef]]]:
    """The one rule for a name said wrong, for the tools (every name) and the questions (the famous ones): the names
    within 0.8 likeness of it, nearest first, each with its players; full names, else, for one word said, surnames."""
    table = players_table()
    close = _close(said, fulls, n=n, cutoff=0.8)
    if close or " " in said:
        return [(k, table["full"][k]) for k in close]
    return [(k, table["last"][k]) for k in _close(said, lasts, n=n, cutoff=0.8)]


def misspelt(ws: list[str], free: list[int], c: Context) -> Found | None:
    """Names said wrong all through, matched to the famous ones: 'micky mantel', 'yastremski', 'griffy'."""
    famous = famous_names()
    for i in free:
        if i + 1 in free and c.name_like(ws[i]) and c.name_like(ws[i + 1]):
            got = spelt_like(f"{ws[i]} {ws[i + 1]}", famous["full"], ())
            if got:
                return Found(got[0][1][0], {i, i + 1}, True, [])
    guesses = []
    for i in free:
        if len(ws[i]) >= 5 and c.name_like(ws[i]):
            for key_, refs in spelt_like(ws[i], (), famous["last"]):
                guesses.append((_likeness(ws[i], key_), i, refs[0]))
    if guesses:
        _, i, ref = max(guesses, key=lambda g: (g[0], g[2].weight))
        return Found(ref, {i}, True, [])
    return None


def in_season(found: list[PlayerRef], year: int | None, side: str | None = None,
              era: tuple[int, int] | None = None) -> PlayerRef:
    """The best-known of namesakes, preferring those who played in the season asked about ('judge' in 2022), and
    of those, one on the side of the stat asked ('will smith home runs': the catcher, not the pitcher), and of the
    best-known few, the one whose career shared the most seasons with a player named beside him ('musial or
    williams' is Ted Williams)."""
    pool = [r for r in found if year is not None and r.start <= year <= r.end] or found
    if side and len(pool) > 1:
        from .player import is_pitcher  # the player module reads names: imported when a side must choose

        pool = [r for r in pool[:4] if is_pitcher(r.id, year) == (side == "pit")] or pool
    if era and len(pool) > 1:
        shared = lambda r: min(r.end, era[1]) - max(r.start, era[0])  # noqa: E731
        pool = sorted(pool[:4], key=lambda r: -shared(r)) if shared(max(pool[:4], key=shared)) > 0 else pool
    return pool[0]


def side_of(ref: PlayerRef, year: int | None = None) -> str:
    """'pit' or 'bat': his side of the game (that season), the side a second name beside his is read on ('koufax or
    gibson' is Bob Gibson, the pitcher)."""
    from .player import is_pitcher

    return "pit" if is_pitcher(ref.id, year if year is not None and ref.start <= year <= ref.end else None) else "bat"


def _misspelt_as(said: str, last: str, cutoff: float = 0.8) -> bool:
    return len(said) >= 3 and said != last and _likeness(said, last) >= cutoff


def _closest(refs: list[PlayerRef], said: str) -> list[PlayerRef]:
    """The players whose surname is nearest to what was said, best-known first."""
    ratio = {r.id: round(_likeness(said, key(r.last)), 2) for r in refs}
    best = max(ratio.values())
    return [r for r in refs if ratio[r.id] == best]


def by_suffix(found: list[PlayerRef], suffix: str) -> list[PlayerRef]:
    """Of namesakes, the one a suffix names (Jr., II or III the younger, Sr. the elder); all of them for no suffix."""
    which = SUFFIX_WORDS.get(suffix)
    if not which or len(found) < 2:
        return found
    by_birth = sorted(found, key=lambda r: (r.born or r.start, r.start))
    return [by_birth[-1] if which == "jr" else by_birth[0]]


def by_name(name: str) -> PlayerRef | None:
    """The player a full name means (a nickname's): the one so named exactly, else the one its suffix names, else
    the best-known."""
    ws = name.lower().replace(".", "").split()
    suffix = ws[-1] if ws and ws[-1] in SUFFIX_WORDS else ""
    found = players_table()["full"].get(key(" ".join(ws[:-1] if suffix else ws)), [])
    exact = [r for r in found if key(r.name) == key(name)]
    return exact[0] if exact else (by_suffix(found, suffix)[0] if found else None)


def relative(pid: str, suffix: str) -> PlayerRef | None:
    """His father ('sr') or son ('jr') where the tables tell them apart: a namesake of his full name that the suffix
    names and he is not (Ken Griffey Jr.'s 'sr' is Ken Griffey Sr.); None when no such namesake is there."""
    ref = players_table()["by_id"].get(pid)
    found = players_table()["full"].get(key(f"{ref.first} {ref.last}"), []) if ref else []
    kin = by_suffix(found, suffix)[0] if len(found) > 1 else None
    return kin if kin is not None and kin.id != pid else None


def namesakes(ref: PlayerRef) -> list[PlayerRef]:
    """Others of the same first and last name that people might mean (a career of note)."""
    same = players_table()["full"].get(key(f"{ref.first} {ref.last}"), [])
    return [r for r in same if r.id != ref.id and r.weight >= max(1.0, ref.weight / 4)][:2]


@memo
def famous_names() -> dict:
    """Fuzzy targets: the names of the best-known sixth of all players."""
    refs = sorted(players_table()["by_id"].values(), key=lambda r: -r.weight)
    notable = refs[: max(1, len(refs) // 6)]
    return {"full": sorted({key(f"{r.first} {r.last}") for r in notable}),
            "last": sorted({key(r.last) for r in notable if len(key(r.last)) >= 4})}


@memo
def notable_weight() -> float:
    """The weight a name said alone must reach: the 1,500th best-known player's."""
    refs = sorted((r.weight for r in players_table()["by_id"].values()), reverse=True)
    return refs[min(len(refs) - 1, 1500)] if refs else 0.0
