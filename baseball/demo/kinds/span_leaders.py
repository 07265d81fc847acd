"""Leaders over a span of seasons (a decade, 'since 2000', 'from 2010 to 2019'), or among players People picks out
(born in a state or a country, named a word, the hand they bat or throw with, active in the last season) in a season,
a span or their careers: the sql tool. A counting stat is summed (the fewest among players past a minimum); a rate is
taken over the span's totals among players past a minimum, from either end; the answer states the minimum. With no
stat, those picked out are counted, the most games first."""

from __future__ import annotations

import re

from ...names import teams_table
from ...vocab import (BIRTHPLACES, LAST_SEASON, LEAGUES, NOT_MAJOR_SQL, STATS, TEAM_GAMES_SQL, fold, qualified_sql,
                      qualifying_outs, qualifying_pa)
from ..phrase import join, label, league_name, number, rate_said
from ..calls import NAME, said_given
from ..read import Question
from ..words import ACTIVE, ALLOWED, BEST_BY, EXTREMES, HANDS, UNREAD, UNREAD_NOT, WORST_BY
from .leaders import role
from .team_leader import COLUMNS, PA, SINGLE

TOOL = "sql"
_OBP = "1.0 * SUM(x.H + x.BB + COALESCE(x.HBP, 0)) / SUM(x.AB + x.BB + COALESCE(x.HBP, 0) + COALESCE(x.SF, 0))"
_SLG = '1.0 * SUM(x.H + x."2B" + 2 * x."3B" + 3 * x.HR) / SUM(x.AB)'
_GIVEN = {code for code, _, _ in ALLOWED.values()}  # what a pitcher gave up (words.ALLOWED)
# A rate over the span's totals: stat -> (table, the rate, what its minimum counts).
RATES = {"AVG": ("Batting", "1.0 * SUM(x.H) / SUM(x.AB)", PA), "OBP": ("Batting", _OBP, PA),
         "SLG": ("Batting", _SLG, PA), "OPS": ("Batting", f"{_OBP} + {_SLG}", PA),
         "ERA": ("Pitching", "27.0 * SUM(x.ER) / SUM(x.IPouts)", "SUM(x.IPouts)"),
         "WHIP": ("Pitching", "3.0 * SUM(x.H + x.BB) / SUM(x.IPouts)", "SUM(x.IPouts)")}
_SQL = ("{with_}SELECT " + NAME + ", {value} AS value, MAX(x.yearID) AS year, COUNT(*) OVER () AS players FROM {table} "
        "x JOIN People p ON p.playerID = x.playerID {games}WHERE x.lgID NOT IN " + NOT_MAJOR_SQL
        + "{span}{league}{who} GROUP BY x.playerID{by_season}{having} ORDER BY value {way}, name LIMIT {top}")
# A season's qualifier (vocab.qualified_sql): each player-season against his teams' games that season.
_GAMES = "JOIN team_games g ON g.yearID = x.yearID AND g.teamID = x.teamID "
# Where a birthplace is said; not the postal codes that are words ('born in la' is Los Angeles, not Louisiana).
# A place's name with more after it is another place ('new york city').
PLACE = re.compile(r" (?:born in|from) (?:the (?:state|country) of )?("
                   + "|".join(sorted(map(re.escape, set(BIRTHPLACES) - {"la", "in", "or", "me"}), key=len,
                                     reverse=True)) + ") (?!city |county |area )")
_NAMED = re.compile(r" (?:named|called|with the name|surnamed) ([a-z]+) ")
# A folded letter and the letters People writes it with (names keep their accents: 'José', 'Miñoso').
_ACCENTED = {"a": "[aáà]", "e": "[eéè]", "i": "[ií]", "o": "[oó]", "u": "[uúü]", "n": "[nñ]", "c": "[cç]"}


def span(q: Question) -> tuple[int, int] | None:
    """(first, last season) of the span said, within the data."""
    if q.decade is not None:
        return q.decade, min(q.decade + 9, LAST_SEASON)
    since = re.search(r" since (\d{4}) ", q.text)
    if since:
        return int(since.group(1)), LAST_SEASON
    between = re.search(r" (?:from|between) (\d{4}) (?:to|and|through|thru|until) (\d{4}) ", q.text)
    return (int(between.group(1)), int(between.group(2))) if between else None


def stat(q: Question) -> str | None:
    """The stat said, or the one a role ranks: 'the worst hitter', 'the best closer', 'the best lefty hitter' (OPS)."""
    if said_given(q):
        return ALLOWED[q.stat][0]  # 'who gave up the most home runs'
    found = q.stat or next((s for w, s in WORST_BY.items() if q.has(w)), None) or (role(q) or (None,))[0]
    if found or not q.has("best"):
        return found
    return BEST_BY["closer"][0] if q.cue("closer") else BEST_BY["best_arm"][0] if q.cue("pitcher") else \
        BEST_BY["best_bat"][0] if q.has(*_HITTERS) else None


def _place(q: Question):
    found = PLACE.search(q.text)
    return (found.group(0).strip(), *BIRTHPLACES[found.group(1)]) if found else None


def who(q: Question) -> list[tuple[str, str, str]]:
    """(the phrase said, its SQL condition, as said) for each way the question picks players out."""
    out, code = [], stat(q)
    place = _place(q)
    if place:
        said, column, value, name = place
        where = f" AND p.birthCountry = 'USA' AND UPPER(p.birthState) = '{value}'" if column == "birthState" else \
            f" AND p.birthCountry = '{value}'"
        out.append((said, where, f"born in {name}"))
    named = _NAMED.search(q.text)
    if named:  # a name's word, first or last ('how many players named smith')
        word = "".join(_ACCENTED.get(c, c) for c in named.group(1))  # the folded word, accents or not: 'jos[eé]'
        out.append((named.group(0).strip(), f" AND (LOWER(p.nameFirst) GLOB '{word}' OR LOWER(p.nameLast) GLOB "
                    f"'{word}')", f"named {named.group(1).title()} (first or last name)"))
    hand = next((h for h in HANDS if q.has(h) and not (named and h == named.group(1))), None)
    if hand:
        column, value, said = HANDS[hand]
        column = column or ("throws" if _side(code) == "pit" or not code and q.cue("pitcher")
                            else "bats")
        out.append((hand, f" AND p.{column} = '{value}'", said))
    active = next((a for a in ACTIVE if q.has(a)), None)
    if active:
        out.append((active, f" AND x.playerID IN (SELECT playerID FROM Appearances WHERE yearID = {LAST_SEASON})",
                    f"active in {LAST_SEASON}"))
    return out


def picked_left(q: Question) -> bool:
    """Players picked out by birthplace or by name that no kind took in. A birthplace of no player, or of one read from
    its words ('born in puerto rico' is no player Rico; 'was ortiz born in the dominican republic' is his bio); a name
    said of players ('players named brown with 100 home runs', not 'who was named mvp')."""
    found, named = PLACE.search(q.text), _NAMED.search(q.text)
    return bool(found) and (not q.player or (fold(q.name or "").split() or [""])[-1] in found.group(0).split()) \
        or bool(named) and (q.text[:named.start()].split() or [""])[-1] in _PEOPLE


def untaken(q: Question, taken: list[str]) -> bool:
    """Whether the question says a phrase of words.UNREAD that no phrase it says that this kind takes in holds ('born
    in' is in 'born in ohio', 'among' in 'among lefties'; 'against lefties' is in none: a split, not the lefties)."""
    taken = [t for t in taken + [f"among {t}" for t in taken] if q.has(t)]
    return any(q.has(p) and not q.has(*UNREAD_NOT.get(p, ())) and not any(f" {p} " in f" {t} " for t in taken)
               for ps in UNREAD.values() for p in ps)


_HITTERS = ("hitter", "hitters", "batter", "batters")
_PEOPLE = ("player", "players", "pitcher", "pitchers", "guy", "guys", "anyone", "someone", "men", *_HITTERS)
# Cue groups that ask something of those picked out other than who they are (words.CUES).
_NOT_COUNTED = ("streak", "height", "weight", "salary", "college", "position", "hall", "allstar", "award", "manager",
                "attendance", "age", "died", "teams", "span")
# Phrases a question of this kind may say that it takes in: a count, a span, the title's qualifier.
_TAKEN = ("how many players", "how many pitchers", "how many hitters", "since", "were there", "are there",
          "have there been", "among qualified pitchers",
          "among qualified hitters", "among qualified batters", "among qualified players", "qualified")
# A team's total over the span: not a player's (kinds/team_board.py).
NOT_SUMMED = ("team", "teams", "club", "clubs", "franchise", "franchises")


def single(q: Question) -> bool:
    """The best one season of a counting stat, over all seasons or the span ('the most home runs in a season')."""
    return (q.year is None or span(q) is not None) and (q.cue("single_season") or q.has(*SINGLE))


def way(q: Question, code: str) -> str:
    """The order asked: the extreme word with the stat's direction ('the highest ERA' is the worst); a code that is no
    player's stat is a team's total given up (team_board), fewer the better."""
    low = STATS[code].lower_is_better if code in STATS else True
    if q.has(*EXTREMES["worst"]):
        return "DESC" if low else "ASC"
    return "ASC" if q.has(*EXTREMES["down"]) else "DESC" if q.has(*EXTREMES["up"]) else "ASC" if low else "DESC"


def asked(q: Question) -> bool:
    code, picked = stat(q), who(q)
    said = " ".join(w[0] for w in picked)  # a place's words are no player's or team's name ('from canada', 'texas')
    if q.player and not q.guessed and fold(q.name or "").split()[-1:] != said.split()[-1:] \
            or q.team and q.team not in said or q.position not in (None, "P") \
            or q.has(*NOT_SUMMED) or q.text.count(" decade ") > 1 or q.also:
        return False
    if untaken(q, [w[0] for w in picked] + list(_TAKEN) + said_given(q)):
        return False  # a filter or a measure it does not take in ('born in may', 'rookies', 'per game')
    if code and any(w[0] in HANDS for w in picked) and (q.cue("pitcher") and _side(code) == "bat"
                                                        or q.has(*_HITTERS) and _side(code) == "pit"):
        return False  # 'the most home runs by a left-handed pitcher': hit or allowed, the hand he throws or bats with
    if code is None and q.year is not None and q.cue("born"):
        return False  # 'how many were born in cuba in 1990': born that year, or played in it
    if code is None:  # those picked out, counted (not their tallest, richest or best paid)
        return bool(picked) and not q.cue(*_NOT_COUNTED) and q.has("how many", "players", "pitchers", "hitters",
                                                                    "who", "list", "best", "greatest")
    if single(q):  # a stat's best seasons ('the single season hits record'), a rate's among each season's qualifiers
        return (code in COLUMNS and way(q, code) == "DESC" or code in RATES) \
            and (q.cue("leader") or q.has("record", "records"))
    if not (q.cue("leader") or q.has(*EXTREMES["worst"])):
        return False
    if code in RATES:  # a season's or the careers' from the far end: the leaders tool ranks from the best end only
        return bool(span(q) or picked or (q.year is not None or q.cue("career")) and way(q, code) != _best(code))
    if code in COLUMNS and way(q, code) == "ASC":  # the fewest, among players past the minimum
        return bool(span(q) or picked or q.year is not None or q.cue("career"))
    return code in _GIVEN or code in COLUMNS and bool(span(q) or picked)  # the leaders tool has no totals given up


def _side(code: str | None) -> str | None:
    return "pit" if code in _GIVEN else STATS[code].side if code in STATS else None


def said_top(q: Question) -> int:
    """How many an answer names: the top said ('top 5'), at most 10, else 4."""
    return min(q.top or 4, 10)


def _best(code: str) -> str:
    return "ASC" if STATS[code].lower_is_better else "DESC"


def _seasons(q: Question) -> tuple[int, int] | None:
    return span(q) or ((q.year, q.year) if q.year is not None else None)


def _per_season(q: Question) -> bool:
    """Whether each player-season is held to its title's qualifier (one season, or a rate's single-season marks)."""
    seasons = _seasons(q)
    return bool(seasons and seasons[0] == seasons[1]) or single(q)


def _minimum(q: Question, code: str) -> tuple[int, str]:
    """The minimum and what it counts: a season's title qualifier (3.1 plate appearances or an inning per game of the
    player's team: the number said is a team's of the season's usual schedule, or 162 games over many seasons); over
    more seasons 300 plate appearances or 100 innings (300 outs) a season, at most 3,000 or 1,000 (careers)."""
    seasons = _seasons(q)
    pitching = (RATES[code] if code in RATES else COLUMNS[code])[0] == "Pitching"
    if _per_season(q):
        played = [r.G for r in teams_table()["rows"] if seasons and seasons[0] == seasons[1] == r.year]
        games = max(set(played), key=played.count) if played else 162
        return (qualifying_outs(games), "outs") if pitching else (qualifying_pa(games), "plate appearances")
    least = min(300 * (seasons[1] - seasons[0] + 1), 3000) if seasons else 3000
    return least, "outs" if pitching else "plate appearances"


def _having(q: Question, code: str, counted: str) -> str:
    if not _per_season(q):
        return f" HAVING {counted} >= {_minimum(q, code)[0]}"
    return " HAVING " + qualified_sql(counted, "MAX(g.G)", counted == "SUM(x.IPouts)")


def args(q: Question) -> dict:
    code, seasons = stat(q), _seasons(q)
    where = f" AND x.yearID BETWEEN {seasons[0]} AND {seasons[1]}" if seasons else ""
    shared = dict(span=where, league=f" AND x.lgID = '{q.league}'" if q.league in LEAGUES else "",
                  who="".join(w[1] for w in who(q)), top=max(5, said_top(q)),
                  by_season=", x.yearID" if single(q) else "", with_="", games="")
    if code is None:
        pitchers = q.cue("pitcher")
        return {"sql": _SQL.format(value="SUM(x.G)" if pitchers else "SUM(x.G_all)", having="", way="DESC",
                                   table="Pitching" if pitchers else "Appearances", **shared)}
    table, rate, counts = RATES[code] if code in RATES else \
        (COLUMNS[code][0], None, PA if COLUMNS[code][0] == "Batting" else "SUM(x.IPouts)")
    ranked = rate is not None or way(q, code) == "ASC"  # among players past the minimum
    if ranked and _per_season(q):
        years = f"yearID BETWEEN {seasons[0]} AND {seasons[1]}" if seasons else "1 = 1"
        shared.update(with_=f"WITH {TEAM_GAMES_SQL.format(years=years)} ", games=_GAMES)
    if rate is not None:
        return {"sql": _SQL.format(value=rate, table=table, having=_having(q, code, counts), way=way(q, code),
                                   **shared)}
    column = COLUMNS[code][1]
    having = _having(q, code, counts) if ranked else ""
    return {"sql": _SQL.format(value=f"SUM(x.{column})", table=table, having=having, way=way(q, code), **shared)}


def say(rows: list[dict], q: Question) -> str:
    code, seasons, picked = stat(q), _seasons(q), who(q)
    when = ("in " + str(seasons[0]) if seasons[0] == seasons[1] else f"from {seasons[0]} to {seasons[1]}") \
        if seasons else "in one season" if single(q) else "over their careers"
    where = f" in {league_name(q.league)}" if q.league in LEAGUES else ""
    kind = "pitchers" if _side(code) == "pit" or q.cue("pitcher") else \
        "hitters" if code else "players"
    hand = next((w[2] for w in picked if w[0] in HANDS), "")
    among = " ".join(["switch hitters" if hand == "switch" else f"{hand} {kind}".strip()]
                     + [w[2] for w in picked if w[0] not in HANDS])
    if code is None:
        if not rows:
            return f"The database lists no {among} in the majors{where} {when}."
        count, named = int(rows[0]["players"]), join([f"{r['name']} ({number(r['value'])})" for r in rows])
        best = " Which was best is a judgement the tools here don't make; by games played," if q.has(
            "best", "greatest") else " Those with the most games:"
        played = f"played in the majors{where} {when}" if seasons else f"have played in the majors{where}"
        return f"{number(count)} {among} {played}, by the database.{best} {named}."
    rate = code in RATES
    value = (lambda r: rate_said(code, r["value"])) if rate else (lambda r: number(r["value"]))  # noqa: E731
    ranked = rate or way(q, code) == "ASC"  # among players past the minimum
    rows = [r for r in rows if r.get("value") is not None and (ranked or r["value"])]
    if ranked:
        least, counts = _minimum(q, code)
        minimum = f"{number(least // 3)} innings" if counts == "outs" else f"{number(least)} plate appearances"
        if _per_season(q):  # the title's rule, by each player's team games: the number said is a full season's
            minimum += ("" if seasons and seasons[0] == seasons[1] else " in a 162-game season") + \
                f" ({'an inning' if counts == 'outs' else '3.1'} per game of his team)"
        if not rows:
            return f"No {among} had {minimum}{where} {when}, by the database."
        who_, end = f"among {among} with at least {minimum}{where}, ", \
            ("highest" if way(q, code) == "DESC" else "lowest") if rate else "fewest"
    elif not rows:
        return f"The database has no {label(code)} by {among}{where} {when}."
    else:
        who_, end = f"among {among}, " if picked else "", "most"
    if single(q):
        said = [f"{r['name']} ({value(r)} in {r['year']})" for r in rows[:said_top(q)]]
        first = sum(1 for r in rows[:said_top(q)] if r["value"] == rows[0]["value"])
        scope = where.strip() or "major leagues only"
        return (f"The {end} {label(code)} in one season{' ' + when if seasons else ''}, {who_.strip(', ') or scope}: "
                f"{join(said[:first])}." + (f" Next: {join(said[first:])}." if said[first:] else ""))
    top = [r["name"] for r in rows if r["value"] == rows[0]["value"]]
    rest = [f"{r['name']} ({value(r)})" for r in rows[:said_top(q)] if r["name"] not in top]
    scope = "" if ranked else f" {where.strip() or '(major leagues only)'}"
    return (f"{when[0].upper()}{when[1:]}, {who_}{join(top)} had the {end} {label(code)}, {value(rows[0])}{scope}."
            + (f" Next: {join(rest)}." if rest else ""))
