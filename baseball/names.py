"""Normalising what people type or say: teams across eras, player names, stats, leagues.

Each resolver returns either the thing found or an ``error:`` string that names
the parameter and lists candidates (with their years) or valid values. Teams
come from teams.json (always loaded); players from players/index.json
(fetched on the first player question). Leaves out the tools' results.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import NamedTuple

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

    def add(alias: str, i: int) -> None:
        if alias:
            aliases.setdefault(key(alias), set()).add(i)

    by_franch: dict[str, list[int]] = {}
    for i, r in enumerate(rows):
        city, nick = split_name(r.name)
        for alias in (r.id, r.br, r.name, city, nick, f"{city} {nick}"):
            add(alias, i)
        by_franch.setdefault(r.franch, []).append(i)
        if nick.lower().endswith("sox"):
            add("sox", i)
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


def clean_team_text(text: str) -> tuple[str, int | None]:
    """'the 2016 Cubs' -> ('cubs', 2016): articles, years and filler words removed."""
    year = None
    m = YEAR_IN_TEXT.search(text)
    if m:
        year = int(m.group(1))
        text = text[: m.start()] + " " + text[m.end():]
    k = key(text)
    k = re.sub(r"\b(the|team|club|baseball|franchise|season|squad)\b", " ", k)
    k = re.sub(r"\s+", " ", k).strip()
    return k, year


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


SUFFIXES = {"jr", "sr", "ii", "iii", "iv"}


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
        if key(first) and key(first).split()[0] not in SUFFIXES:
            raw = f"{first} {last}"
    k = key(raw)
    if k in PLAYER_NICKNAMES:  # "Big Papi"
        k = key(PLAYER_NICKNAMES[k])
    if k.replace(" ", "") in table["by_id"]:
        return table["by_id"][k.replace(" ", "")], None
    words = k.split()
    suffix = words[-1] if len(words) > 1 and words[-1] in SUFFIXES else None
    plain = " ".join(words[:-1]) if suffix else k
    found = table["full"].get(k) or table["full"].get(plain)
    if found and suffix and not table["full"].get(k):
        found = _by_suffix(found, suffix)
    if not found and len(plain.split()) == 1:
        found = table["last"].get(plain) or table["first"].get(plain)
    if not found and len(plain.split()) > 2:  # "George Herman Ruth": first and last word
        w = plain.split()
        found = table["full"].get(f"{w[0]} {w[-1]}")
    if not found:
        return _fuzzy_player(text, plain, season)
    return _choose(text, found, season)


def _by_suffix(found: list[PlayerRef], suffix: str) -> list[PlayerRef]:
    if len(found) < 2:
        return found
    by_birth = sorted(found, key=lambda r: (r.born or r.start, r.start))
    return [by_birth[0]] if suffix == "sr" else [by_birth[-1]] if suffix in ("jr", "ii") else found


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
            "Pass the full name, Jr./Sr., the player id, or a season he played.")


def _fuzzy_player(text: str, k: str, season: int | None) -> tuple[PlayerRef, str | None] | str:
    table = players_table()
    pool = table["keys"]
    if len(k) > 60:
        return f"error: no player named '{show(text)}'. Give a name like 'Babe Ruth' or 'Ken Griffey Jr.'."
    close = _close(k, pool, n=6, cutoff=0.8)
    if not close and len(k.split()) == 1:
        close = _close(k, list(table["last"]), n=3, cutoff=0.8)
        refs = [r for c in close for r in table["last"][c]]
    else:
        refs = [r for c in close for r in table["full"][c]]
    if season is not None:
        refs = [r for r in refs if r.start <= season <= r.end] or refs
    refs = list(dict.fromkeys(refs))
    ratios = [_likeness(k, c) for c in close] + [0.0]
    pool_best = table["full"].get(close[0], table["last"].get(close[0], [])) if close else []
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