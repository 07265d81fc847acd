"""Phrasing the answer: templates per tool, filled from the tool's genuine result and the reading.

``answer(tool, result, question) -> str``: one to three short sentences, for
reading aloud (records as "114 wins and 48 losses", counts with thousands
separators, no symbols a voice trips on). Each tool has named sentence
templates (``SENTENCES``) and an order that puts what was asked first
(``ORDER``, keyed by the question's cue groups); a template whose fields the
result lacks is left out. Fields are the result's own, plus a few derived
per tool (``FIELDS``); ``{x:filter}`` applies a filter from ``FILTERS``.

An ``error:`` result is relayed in the tool's own words, with its suggestion.
"""

from __future__ import annotations

import json
import re
import string
from dataclasses import replace
from typing import Any, Callable

from ..names import players_table, resolve_player, resolve_team, team_in, teams_table
from ..vocab import (AWARDS, FIRST_SEASON, FORECAST_SEASON, HALL_OF_FAME_THROUGH, LAST_SEASON, LEAGUES, NEGRO_LEAGUES,
                     NOT_MAJOR, POSITIONS, SALARY_SEASONS, STATS, key)
from .read import Question
from .texts import DECLINE, ERRORS, UNREAD_OFFER, UNREAD_WHY

# ---------------------------------------------------------------- filters


def _n(value: Any) -> str:
    """Counts with thousands separators; rates as given ('.338', '2.10')."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return f"{value:,}" if isinstance(value, int) else str(value)


def _wl(record: str) -> str:
    """'114-48' -> '114 wins and 48 losses' ('-' reads as 'minus')."""
    m = re.fullmatch(r"\s*(\d+)-(\d+)(?:-(\d+))?\s*", str(record))
    if not m:
        return str(record)
    return f"{m.group(1)} wins and {m.group(2)} losses" + (f" with {m.group(3)} ties" if m.group(3) not in (None, "0") else "")


def join(items: list) -> str:
    items = [str(i) for i in items if i]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1] if items else ""


_MONTHS = "January February March April May June July August September October November December".split()


def _date(text: str) -> str:
    """'1934-08-18' -> 'August 18, 1934'."""
    m = re.match(r"(\d{4})-(\d\d)-(\d\d)", str(text))
    return f"{_MONTHS[int(m.group(2)) - 1]} {int(m.group(3))}, {m.group(1)}" if m else str(text)


def _series(text: str) -> str:
    """'beat New York Yankees 4-3 in the ALCS' -> 'beat the New York Yankees 4 games to 3 in the ALCS'."""
    m = re.match(r"(beat|lost to) (.+?) (\d+)-(\d+)(?:-\d+)? in (?:the )?(.+)$", str(text))
    return f"{m.group(1)} the {m.group(2)} {games(m.group(3), m.group(4))} in the {m.group(5)}" if m else str(text)


FILTERS: dict[str, Callable[[Any], str]] = {
    "n": _n, "wl": _wl, "and": join, "date": _date, "series": lambda xs: join([_series(x) for x in xs]),
    "cap": lambda s: str(s)[:1].upper() + str(s)[1:], "league": lambda s: re.sub(
        r" in (AL|NL|AA|UA|PL|FL|NA|NNL|NN2|NAL|ECL|ANL|EWL|NSL|IND|EAS|WES|NAC|INT)\b",
        lambda m: " in " + league_name(m.group(1)), str(s)),
}


def league_name(code: str) -> str:
    """'the AL', 'the Negro National League': how an answer names a league."""
    if code in NEGRO_LEAGUES or code in NOT_MAJOR or code == "NEG":
        return LEAGUES[code][0] if LEAGUES[code][0].startswith("the ") else f"the {LEAGUES[code][0]}"
    return f"the {code}"


class _Template(string.Formatter):
    def format_field(self, value: Any, spec: str) -> str:
        for name in filter(None, spec.split("|")):
            value = FILTERS[name](value)
        return str(value)

    def get_value(self, key, args, fields):
        value = fields.get(key) if isinstance(key, str) else None
        if value is None or value == []:
            raise KeyError(key)  # the sentence needs a field the result lacks: it is left out
        return value


def when(condition: bool) -> str | None:
    """A field that lets a sentence be said ("") or not (None): templates start with {if_...}."""
    return "" if condition else None


def fill(template: str, fields: dict) -> str | None:
    try:
        return _Template().format(template, **fields)
    except (KeyError, IndexError, ValueError, TypeError):
        return None


def say_stat(code: str, value: Any) -> str:
    """'73 home runs', 'a .328 batting average', 'an OPS of 1.379', '1 stolen base'."""
    pattern = STATS[code].say if code in STATS else "{} " + code
    if str(value) == "1" and pattern.endswith("s"):
        pattern = pattern[:-1]
    text = pattern.format(_n(value))
    return article(text[2:]) if text.startswith("a ") else text


def article(words: str) -> str:
    """'a' or 'an' as said aloud: an 84 and 57 record, an 18 and 4 record, an 11, an .800 average, a 1.74 ERA."""
    spoken_vowel = re.match(r"(\.?8|11(?![\d.])|18(?![\d.])|1[18],\d{3}(?!\d))", words)
    return ("an " if spoken_vowel else "a ") + words


def games(won: str, lost: str) -> str:
    """'4 games to 3', '1 game to 0'."""
    return f"{won} game{'' if won == '1' else 's'} to {lost}"


def label(code: str) -> str:
    return STATS[code].forms[0] if code in STATS else code


# ---------------------------------------------------------------- the sentences, per tool

SENTENCES: dict[str, dict[str, str]] = {
    "team_season": {
        "record": "The {season} {team} finished with {record:wl}, {finish:league}{runs_said}.",
        "record_short": "They finished with {record:wl}, {finish:league}.",
        "postseason": "They {postseason}.",
        "postseason_named": "The {season} {team} {postseason}.",
        "no_postseason": "There was no postseason that year: {no_postseason}.",
        "series": "In the postseason, the {season} {team} {series:series}.",
        "manager": "{managers:and} managed the {season} {team}.",
        "manager_short": "{managers:and} managed them.",
        "manager_best": "{managers:and} managed them, and their best hitter was {best_name}, with {best_line}.",
        "best": "Their best hitter was {best_name}, with {best_line}.",
        "park": "The {season} {team} played their home games at {park}.",
        "hitters": "{no_rank}By OPS, the best hitters on the {season} {team} were {hitters:and}.",
        "runs": "The {season} {team} scored {runs:n} runs and allowed {runs_allowed:n}.",
    },
    "season": {
        "world_series": "In the {season} World Series, the {ws_winner} beat the {ws_loser}, {ws_score}.",
        "negro_world_series": "In the {season} Negro World Series, a separate championship of the Negro Leagues, "
                              "the {nws_winner} beat the {nws_loser}, {nws_score}.",
        "no_world_series": "{if_no_ws}There was no World Series in {season}{ws_why}.",
        "old_series": "The {season} World Series: {world_series}.",
        "pennants": "The pennant winners were {pennant_list:and}.",
        "pennant": "{pennant_asked}",
        "division": "{division_asked}",
        "best_record": "The best record in {season}{in_league} belonged to the {best_record_said}.",
        "worst_record": "The worst record in {season} belonged to the {worst_record_said}.",
        "playoff_teams": "The {season} postseason teams were {playoff_teams:and}.",
        "wild_cards": "The wild cards in {season} were {wild_said:and}.",
        "round_asked": "{rounds_said}",
    },
    "awards": {
        "won": "{if_won}Yes: {name} won the {where_won}{award} in {season}{vote_won}.",
        "not_won": "{if_not_won}No: {name} did not win the {award} in {season}; it went to {winners_said:and}.",
        "winners": "The {season} {award_where} went to {winners_said:and}.",
        "runner_up": "{runners_up}",
        "most": "{most_name} won the {award} the most, {most_times} times ({most_years}){most_next}.",
        "latest": "The latest, in {latest_season}, went to {latest_said:and}.",
        "hof_player": "In {season}, {name} {hof_got}.",
        "hof": "The Hall of Fame class of {season}: {inducted_said:and}.",
        "hof_missed": "Falling short on the writers' ballot: {missed_said:and}.",
        "hof_none": "{if_hof_none}No one was elected to the Hall of Fame in {season}.",
    },
    "player": {
        "award_asked": "{name} {award_said}.",
        "honors": "{honors_subject} won {honors_said:and}.",
        "no_honors": "{if_no_honors}The data lists no awards for {name}{honors_when}.",
        "missing": "The tools don't give a player's {missing_what}, so I can't say; here is what they have.",
        "line": "{subject} had {line:and}.",
        "leagues": "{if_negro}He played in {leagues_said:and}{not_counted_said}.",
        "line_brief": "{brief_subject} had {line:and}.",
        "all_star": "He was an All-Star {all_star_times}.",
        "all_star_season": "{if_all_star_season}He was an All-Star that year.",
        "born": "{name} was born on {born_date:date}{born_place}.",
        "died": "{name} died on {died:date}.",
        "alive": "{if_alive}The data, which runs through {last_season}, lists no date of death for {name}.",
        "hands": "{name} {hands}.",
        "teams": "{name} played for {teams_said:and}.",
        "teams_season": "In {season}, {name} played for {season_teams:and}.",
        "span": "{name} played {seasons} seasons in the majors, from {first_year} to {last_year}.",
        "hall": "{name} was elected to the Hall of Fame in {hall_of_fame}{vote_said}.",
        "not_hall": "{if_not_hall}The data shows no Hall of Fame election for {name} through the {hall_through} "
                    "vote{ballot_said}.",
        "age": "{name} was {age} in the {season} season.",
        "all_star_asked": "{name} {all_star_said}.",
        "best_season": "{name}'s best seasons: {best_said}.",
        "namesakes": "This is {name}; also in the data: {others_said}.",
        "guessed": "{if_guessed}I took that to mean {name}.",
    },
    "leaders": {
        "career": "{career_first:and} {holds} the career record for {label}, with {top_value}.",
        "season": "{season_first:and} {led} {where} in {label} in {season}, with {top_value}.",
        "next": "{next_word} {rest:and}.",
        "rule": "{if_rule}Only qualified players count for this rate.",
        "none": "{if_none}The data lists no {label} leaders for {season}.",
    },
    "streak_board": {
        "top": "The longest streak of consecutive {kind_said} {scope} belongs to {top_name}: {top_length} in a row, "
               "from {top_from} to {top_to}.",
        "next": "Next: {rest:and}.",
        "none": "{if_none}The data has no streaks of consecutive {kind_said} {scope}.",
    },
    "forecast": {
        "top": "By the Marcel projection for {season}, the top {who}{team_said} for {label} is {board_top}, projected "
               "for {top_said}{ahead}.",
        "backtest": "Tested on {bt_year}, its typical OPS error was {bt_marcel}, against {bt_repeat} for simply "
                    "repeating {bt_prev}.",
        "youngest": "Among the top {count} {who_plural}{team_said} in the Marcel projection for {season}, the youngest is "
                    "{young_name}, {young_age}, projected for {young_said}. The top overall is {top_name}, at {top_value}.",
        "mine": "By the Marcel projection for {season}, {mine_name} ranks number {mine_rank} for {label}, projected "
                "for {mine_said}.",
        "not_mine": "{asked_name} is not in the top {count} of the {season} Marcel projection for {label}. The top "
                    "is {top_name}, projected at {top_value}.",
        "none": "{if_none}The {season} projection lists no hitters{team_said}.",
        "checked": "The {checked_season} forecast this site showed, checked against the {checked_season} results: for "
                   "{hit_n} hitters its typical OPS error was {hit_err}, against {hit_repeat} for repeating "
                   "{checked_prev} and {hit_league} for the league average; for {pit_n} pitchers its typical ERA "
                   "error was {pit_err}, against {pit_repeat} and {pit_league}. Its biggest misses: {misses:and}.",
    },
}

# What to say, in order, for what was asked: tool -> [(cue group, slot or intent; sentence names)], the first
# that applies ("" always does). "a|b" says the first of a, b whose fields the result has.
ORDER: dict[str, list[tuple[str, tuple[str, ...]]]] = {
    "team_season": [
        ("rounds", ("series|postseason|no_postseason", "record_short")), ("park", ("park", "record_short")),
        ("manager", ("manager", "record_short")), ("team_leaders", ("hitters", "record_short")),
        ("best_hitter", ("hitters", "record_short")), ("runs_asked", ("runs", "record_short")),
        ("world_series", ("postseason_named|no_postseason", "series", "record_short")),
        ("", ("record", "postseason|no_postseason", "manager_best|manager_short|best")),
    ],
    "season": [
        ("rounds", ("round_asked", "world_series|no_world_series|old_series")),
        ("division", ("division", "world_series|no_world_series|old_series")),
        ("best_record", ("best_record", "world_series|no_world_series|old_series")),
        ("worst_record", ("worst_record",)),
        ("postseason", ("playoff_teams", "world_series|no_world_series|old_series")),
        ("wildcard", ("round_asked|wild_cards", "world_series|no_world_series|old_series")),
        ("pennant", ("pennant", "world_series|no_world_series|old_series", "negro_world_series")),
        ("negro_ws", ("negro_world_series", "world_series|no_world_series|old_series")),
        ("", ("world_series|no_world_series|old_series", "negro_world_series", "pennants")),
    ],
    "player": [
        (cue, ("missing", *said, "line_brief", "namesakes")) for cue, said in (
            ("born", ("born",)), ("died", ("died|alive",)), ("hands", ("hands",)), ("teams", ("teams|teams_season",)),
            ("span", ("span",)), ("hall", ("hall|not_hall",)), ("age", ("age|born",)), ("allstar", ("all_star_asked",)),
            ("best_season", ("best_season",)), ("award", ("award_asked",)), ("honors", ("honors|no_honors",)))
    ] + [("", ("missing", "guessed", "line", "leagues", "all_star|all_star_season", "namesakes"))],
    "leaders": [("", ("career|season|none", "next", "rule"))],
    "awards": [("", ("won|not_won|winners|hof_player|hof|hof_none|most", "runner_up|hof_missed|latest"))],
    "streak_board": [("", ("top|none", "next"))],
    "forecast": [("check", ("checked",)), ("", ("mine|not_mine|youngest|top|none", "backtest"))],
}


def answer(tool: str, content: str, q: Question, intent: str = "") -> str:
    """The answer to the question from one tool result."""
    if content.startswith("error:"):
        return relay_error(content, q)
    if tool == "sql" and intent in SQL_ANSWERS:
        try:
            table = json.loads(content)
            rows = [dict(zip(table.get("columns") or [], row)) for row in table.get("rows") or []]
            return speakable(SQL_ANSWERS[intent](rows, q))
        except Exception:
            return _generic(content)
    try:
        result = json.loads(content)
        fields = {**result, **FIELDS[tool](result, q)} if tool in FIELDS else result
    except Exception:  # a result this phrasing does not know: its plain fields
        return _generic(content)
    said = []
    for choice in next(names for cue, names in ORDER[tool] if not cue or cue == intent or _holds(q, cue)):
        said.append(next((s for s in (fill(SENTENCES[tool][n], fields) for n in choice.split("|")) if s), ""))
    text = fields.get("preface", "") + " ".join(s for s in said if s)
    return speakable(text) if text.strip() else _generic(content)


# ---------------------------------------------------------------- the sql tool's rows, per intent (route.py's templates)


def _body(rows: list[dict], q: Question) -> str:
    r = rows[0] if rows else {}
    height, weight = r.get("height"), r.get("weight")
    said = ([f"{int(height) // 12} feet {int(height) % 12} inches" if int(height) % 12 else f"{int(height) // 12} feet"]
            if height else []) + ([f"{int(weight)} pounds"] if weight else [])
    name = q.name or "that player"
    if not said:
        return f"The database lists no height or weight for {name}."
    return f"The database lists {name} at {join(said)}."


def _college(rows: list[dict], q: Question) -> str:
    name = q.name or "that player"
    schools = [f"{r['nameFull']} in {r['city']}, {r['state']}" + (
        f" ({r['first']})" if r["first"] == r["last"] else f" ({r['first']} to {r['last']})") for r in rows]
    if not schools:
        return f"The database lists no college for {name}."
    return f"The database lists {name} as playing college baseball at {join(schools)}."


def _salary(rows: list[dict], q: Question) -> str:
    name = q.name or "that player"
    first, last = SALARY_SEASONS
    if not rows:
        when = f" in {q.year}" if q.year is not None else ""
        return f"The database has no salary for {name}{when}; its salaries run from {first} to {last}."
    def team(r: dict) -> str:
        row = team_in(int(r["yearID"]), str(r["teamID"]))
        return f"the {row.name}" if row else str(r["teamID"])
    if q.year is not None:
        return f"In {q.year}, {name} was paid ${int(rows[0]['salary']):,} by {join([team(r) for r in rows])}."
    top = max(rows, key=lambda r: int(r["salary"]))
    years = sorted({int(r["yearID"]) for r in rows})
    return (f"The database has {name}'s salary for {len(years)} seasons from {years[0]} to {years[-1]}, the highest "
            f"${int(top['salary']):,} in {top['yearID']} with {team(top)}. Its salaries run from {first} to {last}.")


SQL_ANSWERS: dict[str, Callable[[list[dict], Question], str]] = {"body": _body, "college": _college,
                                                                 "salary": _salary}


def _holds(q: Question, name: str) -> bool:
    return q.cue(name) or name == "runs_asked" and q.stat == "R"


def about(tool: str, content: str, q: Question) -> Question:
    """The reading with the answer's subject, the player or team a next "he" or "they" means: a season's
    leader, an award's winner, the team the season answer was about (and the team it beat), a team's best
    hitter, the projection's top bat."""
    try:
        r = json.loads(content)
    except ValueError:
        return q
    if not isinstance(r, dict):
        return q
    season = r.get("season") if isinstance(r.get("season"), int) else None
    first = lambda rows: rows[0].get("name") if isinstance(rows, list) and rows and isinstance(rows[0], dict) else None
    winners = [_winner(n) for names in (r.get("winners") or {}).values() for n in names] \
        if isinstance(r.get("winners"), dict) else []
    team, loser = _season_subject(r, q) if tool == "season" else (r.get("team"), None)
    player = {"leaders": first(r.get("leaders")), "forecast": first(r.get("board")), "player": r.get("name"),
              "awards": winners[0] if len(winners) == 1 else None,
              "team_season": first(r.get("best_hitters"))}.get(tool)
    if tool == "streak_board":
        team, player = (first(r.get("streaks")), None) if str(r.get("kind")).startswith("team") else \
            (None, first(r.get("streaks")))
    found = resolve_player(player, season) if player else None
    when = season if season is not None else LAST_SEASON
    they, lost = (resolve_team(key(t), when) if t else None for t in (team, loser))
    ok = lambda row: row is not None and not isinstance(row, str)  # noqa: E731
    return replace(q, he=found[0].id if isinstance(found, tuple) else None,
                   he_name=found[0].name if isinstance(found, tuple) else None,
                   they=key(team) if ok(they) else None, they_franchise=they.franch if ok(they) else None,
                   loser=key(loser) if ok(lost) else None, loser_franchise=lost.franch if ok(lost) else None,
                   year=q.year if q.year is not None else season)


def _season_subject(r: dict, q: Question) -> tuple[str | None, str | None]:
    """(team, the team it beat) a season's answer was about: the round, record or pennant asked, else the champion."""
    strip = lambda text: re.sub(r" \(.*|\s*\d+-\d+$", "", str(text)).strip()  # noqa: E731
    season = r.get("season")
    if q.cue("best_record"):
        return strip((r.get("best_by_league") or {}).get(q.league) or r.get("best_record")), None
    if q.cue("worst_record") and r.get("worst_record"):
        return strip(r["worst_record"]), None
    asked = [x for x in r.get("rounds") or [] if _round_asked(x, q)] if q.cue("rounds", "wildcard") else []
    m = re.match(r".+?: (\w+) beat (\w+) ", asked[0]) if asked else None
    if m and isinstance(season, int):
        return tuple(getattr(team_in(season, code), "name", None) for code in m.groups())
    if q.cue("pennant") and q.league in (r.get("pennants") or {}):
        return r["pennants"][q.league], None
    ws = re.match(r"(.+?) \(\w+\) beat (.+?) \(\w+\)", str(r.get("world_series") or ""))
    return (ws.group(1), ws.group(2)) if ws else (None, None)


def relay_error(content: str, q: Question | None = None) -> str:
    """A tool's error: in the demo's words when texts.ERRORS knows it, else the tool's own, with its suggestion."""
    ref = players_table()["by_id"].get(q.player) if q is not None and q.player else None
    for pattern, template in ERRORS:
        m = re.search(pattern, content)
        if not m:
            continue
        fields = {**m.groupdict(), "name": q and q.name,
                  "played": ref and (f"only in {ref.start}" if ref.start == ref.end else f"from {ref.start} to {ref.end}")}
        fields["later"] = (f" For {FORECAST_SEASON} there is only the Marcel projection: try \"who's the best bat for "
                           f"{FORECAST_SEASON}?\"") if fields.get("got") == str(FORECAST_SEASON) else ""
        said = fill(template, fields)
        if said:
            return said
    detail = speakable(content[len("error:"):].strip()) or "the tool gave no reason"
    return f"I couldn't answer that from the data. {detail[0].upper()}{detail[1:]}" + ("" if detail.endswith(
        (".", "?", "!")) else ".")


def _generic(content: str) -> str:
    try:
        data = json.loads(content)
    except ValueError:
        return "The tool returned something I could not read, so I have no answer from the data."
    bits = [f"{k.replace('_', ' ')} {v}" for k, v in data.items() if isinstance(v, (str, int, float))] \
        if isinstance(data, dict) else []
    return speakable("Here is what the data says: " + "; ".join(bits[:8]) + ".") if bits else \
        "The tool's result had no fields I could read out."


def speakable(text: str) -> str:
    """Spell out the few symbols text-to-speech reads badly; player and team ids are for the model, not the ear."""
    text = re.sub(r" \((?:[A-Z][A-Z0-9]{2}|[a-z.']{2,9}\d\d)\)", "", text)  # 'New York Yankees (NYA)'
    text = re.sub(r"\b(\d{4})-(\d{4})\b", r"\1 to \2", text)
    text = re.sub(r"\b(\d{4})-(\d\d)\b", lambda m: f"{m.group(1)} to {m.group(1)[:2]}{m.group(2)}", text)
    text = re.sub(r"\b(\d+)-(\d+)\b", r"\1 to \2", text)
    text = re.sub(r"\(([a-z.']{2,9}\d\d), ", "(", text)
    for symbol, said in (("Colt .45's", "Colt 45s"), (">=", "at least"), ("<=", "at most"), ("&", " and "),
                         ("%", " percent"), ("#", "number "), ("=", " "), (" vs ", " versus "), ("~", "about ")):
        text = text.replace(symbol, said)
    text = re.sub(r"(?<!\.)\.\.(?!\.)", ".", text)  # "Ken Griffey Jr.." at a sentence's end
    return re.sub(r"\s{2,}", " ", text).strip()


def several(tool: str, contents: list[str], q: Question, intent: str) -> str:
    """Answers from several results of one tool (each league's leaders, both Triple Crowns, both projection
    boards): the ones that answer, errors left out unless nothing else answers; a player on one board only."""
    good = [c for c in contents if not c.startswith("error:")] or contents[:1]
    if tool == "forecast" and q.name:
        good = [c for c in good if f'"{q.name}"' in c] or good[:1]
    return " ".join(answer(tool, c, q, intent) for c in good)


def compare(contents: list[str], q: Question) -> str:
    """Two players side by side: the asked-for stat for each, and who had more."""
    for content in contents:
        if content.startswith("error:"):
            return relay_error(content, q)
    rows = [json.loads(c) for c in contents]
    stat = "SO" if q.stat == "K" else q.stat
    apart = len({r.get("season") for r in rows}) > 1  # each in his own season
    when = "" if apart else f"In {q.year}, " if q.year is not None else "Over their careers, "
    who = lambda r: f"{r['name']} in {r['season']}" if apart else r["name"]

    def value(r: dict) -> Any:
        sides = ("pitching", "batting") if stat in {"ERA", "W", "L", "SV", "IP", "WHIP", "SHO", "CG", "SO"} \
            else ("batting", "pitching")
        return next(((r.get(s) or {})[stat] for s in sides if stat in (r.get(s) or {})), None)

    values = [value(r) for r in rows] if stat else [None, None]
    if None in values:  # no stat asked (or one has none): each one's own line
        return speakable(when + "; ".join(f"{who(r)} had {join(_line(r, None)[:3])}" for r in rows) + ".")
    a, b = (_num(v) for v in values)
    text = when + " and ".join(f"{who(r)} had {say_stat(stat, v)}" for r, v in zip(rows, values)) + "."
    if a == b:
        return speakable(text + " They were even.")
    low = STATS[stat].lower_is_better
    ahead = rows[0 if (a < b) == low else 1]["name"]
    more = "the lower " if low else "the higher " if STATS[stat].kind == "rate3" else "more "
    return speakable(f"{text} So {ahead} had {more}{label(stat)}.")


def decline(intent: str, q: Question) -> str:
    """Why the demo will not answer this kind of question, and the nearest question it can."""
    year = q.year if q.year is not None and FIRST_SEASON <= q.year <= LAST_SEASON else 2016
    stat = q.stat or ("ERA" if q.has("cy young") else "HR")
    rows = [r for r in teams_table()["rows"] if r.franch == q.franchise]
    team = rows[-1].name.split()[-1] if rows else "Cubs"
    league = {"AL": "the AL", "NL": "the NL"}.get(q.league or "", "the majors")
    fields = dict(year=year, label=label(stat), league=league, team=team)
    if intent == "unread":
        awards = ", ".join(forms[0] for code, forms in AWARDS.items() if code != "HOF") + " and the Hall of Fame"
        why = UNREAD_WHY.get(q.unread_why or "", UNREAD_WHY["qualifier"]).format(unread=q.unread, awards=awards)
        fields.update(unread_why=why, unread_offer=UNREAD_OFFER.format(**fields))
    if intent == "reversed":
        low = stat in STATS and STATS[stat].kind == "rate2low"
        fields.update(board_end="lowest" if low else "highest", asked="highest " + label(stat) if low else
                      ("fewest " if STATS.get(stat) and STATS[stat].kind == "count" else "lowest ") + label(stat))
    if intent == "award_years":
        name = AWARDS[q.award][0] if q.award in AWARDS else "award"
        fields.update(award=f"{name} class" if q.award == "HOF" else f"{name} winners",
                      award_example=f"who was inducted into the Hall of Fame in {min(year, HALL_OF_FAME_THROUGH)}?"
                      if q.award == "HOF" else f"who won the {name} in {year}?")
    return DECLINE[intent].format(**fields)


# ---------------------------------------------------------------- derived fields, per tool


def _num(value: Any) -> float:
    try:
        return float(str(value).replace(",", ""))
    except ValueError:
        return 0.0


def _team_fields(r: dict, q: Question) -> dict:
    post = str(r.get("postseason") or "")
    managers = [re.sub(r"\s*\(.*?\)", "", m).strip() for m in str(r.get("manager") or "").split(",") if m.strip()]
    hitters = [h for h in r.get("best_hitters") or [] if isinstance(h, dict) and h.get("name")]
    best = hitters[0] if hitters else {}
    stat = q.stat if q.stat in ("HR", "RBI", "AVG", "OPS") else "OPS"
    short = {"OPS": "{} OPS", "AVG": "{} average"}
    return {
        "runs_said": f", scoring {_n(r['runs'])} runs and allowing {_n(r['runs_allowed'])}"
                     if q.stat in (None, "R") and r.get("runs") is not None else "",
        "postseason": post if re.match(r"(won|lost|did)", post) else None,
        "no_postseason": post.split(":", 1)[1].strip() if post.startswith("none:") else None,
        "managers": managers,
        "best_name": best.get("name"),
        "best_line": join([say_stat("AVG", best["AVG"]) if best.get("AVG") else "",
                           say_stat("HR", best["HR"]) if best.get("HR") is not None else ""]),
        "hitters": [f"{h['name']} ({short.get(stat, '{}').format(h[stat]) if stat in short else say_stat(stat, h[stat])})"
                    for h in hitters if h.get(stat) is not None],
        "no_rank": "" if stat == "OPS" and not q.stat else
                   f"I can't rank all of their players by {label(q.stat or 'OPS')}, only their best hitters by OPS. ",
    }


def _season_fields(r: dict, q: Question) -> dict:
    ws = str(r.get("world_series") or "")
    m = re.match(r"(.+?) \((\w+)\) beat (.+?) \((\w+)\) (\d+)-(\d+)", ws)
    pennants = r.get("pennants") if isinstance(r.get("pennants"), dict) else {}
    season = r.get("season")
    divisions = r.get("division_winners") if isinstance(r.get("division_winners"), dict) else {}
    team = getattr(resolve_team(q.team, season), "name", None) if q.team and isinstance(season, int) else None
    asked_division = [f"The {d} winner in {season} was the {_team_record(t)}." for d, t in divisions.items()
                      if q.has(d.lower()) or q.has(d.lower().replace("al ", "american league ")
                                                   .replace("nl ", "national league ")) or team and t.startswith(team + " (")]
    league = q.league
    out = {
        "ws_winner": m.group(1) if m else None, "ws_loser": m.group(3) if m else None,
        "ws_score": games(m.group(5), m.group(6)) if m else None,
        "ws_why": (": " + ws.split(":", 1)[1].strip()) if ws.lower().startswith("none") and ":" in ws else "",
        "if_no_ws": when(ws.lower().startswith("none")),
        "world_series": ws if not m and not ws.lower().startswith("none") else None,
        "pennant_list": [f"the {t} in {league_name(lg)}" for lg, t in pennants.items() if t],
        "pennant_asked": " ".join(f"The {league_name(lg).removeprefix('the ')} pennant in {season} went to the {t}."
                                  for lg, t in pennants.items() if t and (league is None or lg == league)),
        **_negro_world_series(str(r.get("negro_world_series") or "")),
        "division_asked": " ".join(asked_division),
        "best_record_said": _team_record((r.get("best_by_league") or {}).get(league) or r["best_record"])
                            if r.get("best_record") else None,
        "in_league": f" in the {league}" if (r.get("best_by_league") or {}).get(league) else "",
        "worst_record_said": _team_record(r["worst_record"]) if r.get("worst_record") else None,
        "playoff_teams": _playoff_teams(r, season) or None,
        "wild_said": ["the " + _team_record(t) for t in r.get("wild_cards") or []],
        "rounds_said": " ".join(_round_said(x, season) for x in r.get("rounds") or [] if _round_asked(x, q)) or None,
        "preface": DECLINE["game_scores"] + " " if q.cue("game_level") else "",
    }
    if out["if_no_ws"] is None:
        out["ws_why"] = None
    return out


def _negro_world_series(text: str) -> dict:
    """The Negro World Series' fields ('Homestead Grays (NN2) beat Birmingham Black Barons (NAL) 4-3-1')."""
    m = re.match(r"(.+?) \((\w+)\) beat (.+?) \((\w+)\) (\d+)-(\d+)(?:-(\d+))?", text)
    if not m:
        return {}
    ties = f", with {m.group(7)} tie{'s' if m.group(7) != '1' else ''}" if m.group(7) else ""
    return {"nws_winner": m.group(1), "nws_loser": m.group(3), "nws_score": games(m.group(5), m.group(6)) + ties}


def _playoff_teams(r: dict, season: Any) -> list[str]:
    """Every team in the season's postseason: its rounds' teams, its division winners and wild cards."""
    teams = [re.sub(r" \(.*", "", t) for t in list((r.get("division_winners") or {}).values()) + (r.get("wild_cards") or [])]
    for line in r.get("rounds") or []:
        m = re.match(r".+?: (\w+) beat (\w+) ", line)
        teams += [getattr(team_in(int(season), code), "name", code) for code in (m.groups() if m else ())]
    return sorted(set(teams))


_ROUND_WORDS = {"alcs": "ALCS", "nlcs": "NLCS", "alds": "ALDS", "nlds": "NLDS", "wild card": "Wild Card",
                "wildcard": "Wild Card", "division series": "DS", "championship series": "CS"}


def _round_asked(line: str, q: Question) -> bool:
    """Whether a round ('ALCS: TEX beat HOU 4-3') is one the question names ('who won the 2023 alcs')."""
    named = [code for word, code in _ROUND_WORDS.items() if q.has(word)]
    league_ok = q.league is None or line.startswith(q.league)
    return league_ok and (not named or any(code in line.split(":")[0].replace("Championship Series", "CS")
                                           .replace("division series", "DS") for code in named))


def _round_said(line: str, season: Any) -> str:
    """'ALCS: TEX beat HOU 4-3' -> 'In the 2023 ALCS, the Texas Rangers beat the Houston Astros 4 games to 3.'"""
    m = re.match(r"(.+?): (\w+) beat (\w+) (\d+)-(\d+)", line)
    if not m:
        return line + "."
    name = lambda code: getattr(team_in(int(season), code), "name", code)
    return (f"In the {season} {m.group(1)}, the {name(m.group(2))} beat the {name(m.group(3))} "
            f"{games(m.group(4), m.group(5))}.")


def _team_record(text: str) -> str:
    """'Philadelphia Phillies 97-65' or '... (97-65)' -> '... at 97 wins and 65 losses'."""
    m = re.search(r"\s*\(?(?:(AL|NL), )?(\d+)-(\d+)\)?\s*$", str(text))
    return f"{text[:m.start()].strip()}, at {m.group(2)} wins and {m.group(3)} losses" if m else str(text)


_CAREER = {"bat": ["AVG", "HR", "RBI", "H", "SB"], "pit": ["ERA", "K"]}
_HANDS = {"L": "left", "R": "right", "B": "both ways"}


def _is_pitcher(r: dict) -> bool:
    bat, pitch = r.get("batting") or {}, r.get("pitching") or {}
    return bool(pitch) and (not bat or _num(pitch.get("IP", 0)) * 3 > _num(bat.get("PA", 0)))


def _line(r: dict, focus: str | None, pitching: bool = False) -> list[str]:
    """The few stats worth saying, the asked-for one first ('SO' in a pitching line is the pitcher's K); a
    two-way player's pitching when it was asked for."""
    pitcher = _is_pitcher(r) or pitching and bool(r.get("pitching"))
    main, other = (r.get("pitching") or {}, r.get("batting") or {}) if pitcher else \
        (r.get("batting") or {}, r.get("pitching") or {})
    as_line = lambda code: "SO" if code == "K" else code  # the tool's lines call both strikeouts SO
    parts = []
    if focus and (as_line(focus) in main or as_line(focus) in other):
        parts.append(say_stat(focus, main.get(as_line(focus), other.get(as_line(focus)))))
    if pitcher and "W" in main and "L" in main and focus not in ("W", "L"):
        parts.append(article(f"{_n(main['W'])} and {_n(main['L'])} record"))
    keys = _CAREER["pit" if pitcher else "bat"] + (["SV"] if pitcher and _num(main.get("SV", 0)) >= 20 else [])
    parts += [say_stat(k, main[as_line(k)]) for k in keys if as_line(k) in main and k != focus
              and not (focus == "SO" and k == "K")]
    return parts[:5]


def _player_fields(r: dict, q: Question) -> dict:
    name = r.get("name", "He")
    focus = "G" if q.stat is None and q.has("games") else q.stat
    focus = "K" if focus == "SO" and _is_pitcher(r) else focus
    born, _, place = str(r.get("born") or "").partition(" in ")
    years = str(r.get("years") or "")
    bats, throws = _HANDS.get(str(r.get("bats"))), _HANDS.get(str(r.get("throws")))
    picks = r.get("all_star")
    season = r.get("season")
    awards = r.get("awards")
    teams = [t.split(" ", 1)[1] if " " in t else t for t in r.get("teams") or [] if isinstance(t, str)]
    if season is not None:
        subject = f"In {season}, {name}" + (f", playing for {join(['the ' + t for t in teams])}," if teams else "")
    else:
        first, _, last = years.partition("-")
        span = f"in {first}" if first == last else years.replace("-", " through " if r.get("totals") else " to ")
        others = len(teams) - 3
        clubs = ["the " + t for t in teams[:3]] + ([f"{others} other team{'s' if others > 1 else ''}"] if others > 0 else [])
        span = span if span.startswith("in ") else f"from {span}" if span else ""
        subject = (f"{name}, who played for {join(clubs)} {span}," if clubs and span else
                   f"{name}, who played {span}," if span else name)
    best = r.get("best") if isinstance(r.get("best"), dict) else {}
    return {
        "subject": subject, "line": _line(r, focus, q.cue("pitcher")) or None,
        "all_star_times": (("once" if picks == 1 else f"{picks} times") if isinstance(picks, int) and picks > 0 and
                           season is None else None),
        "if_all_star_season": when(picks is True),
        "all_star_said": (("was an All-Star" if picks is True else "was not an All-Star") + f" in {season}"
                          if season is not None else f"was an All-Star {'once' if picks == 1 else f'{picks} times'}"
                          if picks else "was never an All-Star"),
        "born_date": born or None, "born_place": f" in {place.rstrip('.')}" if place else "",
        "if_alive": when(not r.get("died") and season is None and bool(r.get("born"))),
        "last_season": LAST_SEASON,
        "hands": ("was a switch hitter" if bats == "both ways" else f"batted {bats}") +
                 (f" and threw {throws}-handed" if throws and throws != "both ways" else "") if bats else None,
        "teams_said": ["the " + t for t in teams] if season is None else None,
        "season_teams": ["the " + t for t in teams] if season is not None else None,
        "first_year": years.split("-")[0] if "-" in years else None, "last_year": years.split("-")[-1] if "-" in years else None,
        "if_not_hall": when(not r.get("hall_of_fame") and season is None),
        "hall_through": HALL_OF_FAME_THROUGH,
        "vote_said": f", with {r['hof_vote']}" if str(r.get("hof_vote", "")).endswith("ballots") else
                     f", {r['hof_vote']}" if r.get("hof_vote") else "",
        "ballot_said": "; " + str(r["hof_vote"]).replace("not elected: best", "his best was") if r.get("hof_vote") else "",
        "best_said": "; ".join(f"{pair[0]} for {label('K' if 'pitching' in s else s.split()[0])}, with {_n(pair[1])}"
                               for s, pair in best.items() if isinstance(pair, list) and len(pair) == 2
                               and not (s == "SV" and _num(pair[1]) < 10)) or None,
        "others_said": join(q.others) if q.others and q.name == name else None,
        "if_guessed": when(q.guessed),
        "award_said": _award_said(r, q),
        "honors_subject": f"In {season}, {name}" if season is not None else name,
        "honors_said": (["the " + a for a in awards] if isinstance(awards, list) else
                        [_times(a, v) for a, v in awards.items()] if isinstance(awards, dict) else None) or None,
        "if_no_honors": when(not awards), "honors_when": f" in {season}" if season is not None else "",
        "missing_what": next((w for w in ("height", "weight", "position", "salary") if q.cue(w)), None),
        "brief_subject": f"In {season} he" if season is not None else "Over his career he",
        **_leagues_fields(r),
    }


def _leagues_fields(r: dict) -> dict:
    """'He played in the Negro National League, the Negro American League and the AL' for a career beyond the AL and
    NL, and that seasons with independent clubs are not in his totals."""
    codes = re.findall(r"\b[A-Z][A-Z0-9]{1,2}\b", str(r.get("leagues") or "").split(" (")[0])
    if not any(c in NEGRO_LEAGUES for c in codes) or r.get("season") is not None:
        return {}
    named = list(dict.fromkeys(league_name(c) for c in codes if c not in NOT_MAJOR))
    return {"if_negro": "", "leagues_said": named,
            "not_counted_said": "; his seasons with independent clubs are in the records but not in these totals"
                                if r.get("not_counted") else ""}


def _award_said(r: dict, q: Question) -> str | None:
    """'won the MVP 7 times: 1990, ...' from the player's awards, for the award asked about."""
    if not q.award or q.award == "HOF":
        return None
    short = AWARDS[q.award][0]
    won = (r.get("awards") or {}).get(short) if isinstance(r.get("awards"), dict) else None
    if isinstance(r.get("awards"), list):  # one season
        return f"{'won' if short in r['awards'] else 'did not win'} the {short} in {r.get('season')}"
    return f"won {_times(short, won)}" if won else f"never won the {short}"


def _times(short: str, won: str) -> str:
    """'the MVP 3 times: 1990, 1992-1993' or 'the MVP in 2009', from the player tool's count and years."""
    times, _, years = str(won).partition(": ")
    return f"the {short} {times} times: {years}" if years else f"the {short} in {times}"


def _leaders_fields(r: dict, q: Question) -> dict:
    rows = [x for x in r.get("leaders", []) if isinstance(x, dict) and x.get("name")]
    stat = str(r.get("stat", ""))
    tied = [x["name"] for x in rows if x.get("rank") == 1]
    league = r.get("league") or "MLB"
    career = r.get("season") == "career"
    return {
        "label": label(stat) if stat in STATS else stat,
        "career_first": tied if career else None, "season_first": tied if not career else None,
        "holds": "share" if len(tied) > 1 else "holds",
        "led": "tied for the lead in" if len(tied) > 1 else "led",
        "where": "the majors" if league == "MLB" else league_name(league),
        "top_value": _n(rows[0]["value"]) if rows else None,
        "next_word": "Next come" if career else "Next came",
        "rest": [f"{x['name']} with {_n(x.get('value'))}" for x in rows if x.get("rank") != 1] or None,
        "if_rule": when(bool(r.get("rule") and rows)),
        "if_none": when(not rows),
        "preface": ("Yes. " if q.name in tied else f"No, not {q.name}. ") if q.name and q.cue("title") and rows else "",
    }


_KIND_SAY = {"team_winning_seasons": "winning seasons", "team_postseason": "postseason trips",
             "player_allstar": "All-Star selections", "player_30hr": "30 home run seasons",
             "player_300avg": ".300 seasons"}


def _streak_fields(r: dict, q: Question) -> dict:
    rows = [x for x in r.get("streaks", []) if isinstance(x, dict) and x.get("name")]
    team = str(r.get("kind", "")).startswith("team")
    who = (lambda x: "the " + x["name"]) if team else (lambda x: x["name"])
    top = rows[0] if rows else {}
    return {
        "kind_said": _KIND_SAY.get(str(r.get("kind")), "seasons"),
        "scope": f"still running in {r.get('as_of', LAST_SEASON)}" if r.get("active", True) else "of all time",
        "top_name": who(top) if top else None, "top_length": top.get("length"), "top_from": top.get("from"),
        "top_to": top.get("to"),
        "rest": [f"{who(x)} with {x.get('length')}, from {x.get('from')} to {x.get('to')}" for x in rows[1:3]] or None,
        "if_none": when(not rows),
    }


def _checked_fields(r: dict) -> dict:
    """forecast(check=true): the shown forecast against the season's results."""
    nums = lambda text: re.findall(r"(?<![\w/-])(\d*\.\d+)", str(text))  # noqa: E731
    hit, pit = nums(r.get("hitters")), nums(r.get("pitchers"))
    n = lambda text: (re.search(r"n=(\d+)", str(text)) or [None, None])[1]  # noqa: E731
    season = r.get("season")
    said = lambda m, stat: re.sub(r" \(\w+\): projected (\S+), actual (\S+)",  # noqa: E731
                                  rf", projected for a \1 {stat} and at \2", m)
    misses = [said(m, "OPS") for m in (r.get("hitter_misses") or [])[:2]] + \
             [said(m, "ERA") for m in (r.get("pitcher_misses") or [])[:1]]
    if len(hit) < 3 or len(pit) < 3:
        return {}
    return {"checked_season": season, "checked_prev": season - 1 if isinstance(season, int) else None,
            "hit_n": n(r.get("hitters")), "hit_err": hit[0], "hit_repeat": hit[1], "hit_league": hit[2],
            "pit_n": n(r.get("pitchers")), "pit_err": pit[0], "pit_repeat": pit[1], "pit_league": pit[2],
            "misses": misses or None}


def _forecast_fields(r: dict, q: Question) -> dict:
    if "checked" in r:
        return _checked_fields(r)
    stat = str(r.get("stat", "OPS"))
    rows = [x for x in r.get("board", []) if isinstance(x, dict) and x.get("name")]
    if q.league:  # the board has no leagues: keep the asked one's players, by their last team
        rows = [x for x in rows if getattr(team_in(LAST_SEASON, x.get("team")), "lg", None) == q.league][:3]
    top = rows[0] if rows else {}
    mine = next((x for x in rows if q.name and x["name"] == q.name), None)
    young = min((x for x in rows if isinstance(x.get("age"), int)), key=lambda x: x["age"], default=None) \
        if q.cue("young") else None
    plain = not mine and not young and not (q.name and not q.guessed)
    m = re.search(r"(\d{4}) projected.*?Marcel \.?(\d*\.\d+).*?repeat[- ](\d{4}) (\.?\d*\.\d+)", str(r.get("backtest", "")))
    return {
        "who_plural": "arms" if r.get("group") == "pitchers" else "bats",
        "label": label(stat), "who": ("arm" if r.get("group") == "pitchers" else "bat")
                                     + (f" in the {q.league}" if q.league else ""),
        "preface": (f"The data ends with the {LAST_SEASON} season, so it has no {FORECAST_SEASON} results. "
                    if q.year == FORECAST_SEASON and q.cue("past") and not q.cue("future") else ""),
        "team_said": (f" among {re.sub(r' [(].*', '', str(r['team']).split(' ', 1)[-1])} {r.get('group', 'hitters')}"
                      if r.get("team") else ""),
        "top_name": top.get("name"), "board_top": top.get("name") if plain else None, "top_said": say_stat(stat, top[stat]) if stat in top else None,
        "top_value": _n(top.get(stat)) if top else None, "count": len(rows),
        "ahead": ", ahead of " + join([f"{x['name']} at {_n(x.get(stat))}" for x in rows[1:]]) if len(rows) > 1 else "",
        "bt_year": m.group(1) if m and stat == "OPS" and plain else None, "bt_marcel": m.group(2) if m else None,
        "bt_repeat": m.group(4) if m else None, "bt_prev": m.group(3) if m else None,
        "mine_name": mine and mine["name"], "mine_rank": mine and mine.get("rank"),
        "mine_said": mine and say_stat(stat, mine.get(stat)),
        "asked_name": q.name if q.name and not mine and not q.guessed else None,
        "young_name": young and young["name"], "young_age": young and young["age"],
        "young_said": young and say_stat(stat, young.get(stat)),
        "if_none": when(not rows),
    }


def _awards_fields(r: dict, q: Question) -> dict:
    award = str(r.get("award", ""))
    short = AWARDS.get(q.award or "", (award,))[0] if q.award != "HOF" else "Hall of Fame"
    winners = r.get("winners") if isinstance(r.get("winners"), dict) else {}
    both = len(winners) > 1

    def people(lg: str, names: list) -> list[str]:
        at = q.position if not q.position or any(str(n).startswith(q.position + " ") for n in names) or \
            q.position not in ("LF", "CF", "RF") else "OF"  # before 2011, and some years after, outfielders are OF
        shown = [_winner(n) for n in names if not at or str(n).startswith(at + " ")]
        where = f" in the {lg}" if both and lg in ("AL", "NL") else ""
        return [f"{x}{where}" for x in shown[:5]] + ([f"{len(shown) - 5} more"] if len(shown) > 5 else [])

    said = [p for lg, names in winners.items() for p in people(lg, names)]
    mine = [lg for lg, names in winners.items() for n in names if q.name and q.name in str(n)]
    votes = r.get("votes") if isinstance(r.get("votes"), dict) else {}
    top_vote = next((v[0] for lg, v in votes.items() if v and (not mine or lg == mine[0])), None)
    most = r.get("most_won") if isinstance(r.get("most_won"), list) else []
    latest = (r.get("latest") or {}).get("winners") or {}
    out = {
        "award": short,
        "award_where": (f"{next(iter(winners))} " if len(winners) == 1 and next(iter(winners)) in ("AL", "NL") else "")
                       + (short + "s" if short.endswith(("Glove", "Slugger", "Award")) else
                          short + " awards" if both else short),
        "name": q.name, "if_won": when(bool(mine)),
        "where_won": f"{mine[0]} " if mine and mine[0] in ("AL", "NL") else "",
        "vote_won": (", with " + re.sub(r"^.*?(\d+ of \d+ points)", r"\1", top_vote).replace("(", "and ").rstrip(")")
                     if top_vote and mine else ""),
        "if_not_won": when(bool(q.name and winners and not mine)),
        "winners_said": said or None,
        "runners_up": " ".join(f"Second in the {lg} vote: {re.sub(r' [0-9].*$', '', v[1])}." for lg, v in votes.items()
                               if len(v) > 1 and not q.name) or None,
        "most_name": most[0]["name"] if most and "season" not in r else None,
        "most_times": most[0]["times"] if most else None, "most_years": most[0]["years"] if most else None,
        "most_next": ("; next " + join([f"{x['name']} with {x['times']}" for x in most[1:3]])) if len(most) > 1 else "",
        "latest_season": (r.get("latest") or {}).get("season"),
        "latest_said": [_winner(n) for names in latest.values() for n in names][:4] or None,
        "inducted_said": [re.sub(r" \((?:writers, )?([^)]*)\)", r" (\1)", x) for x in r.get("inducted") or []] or None,
        "missed_said": [re.sub(r" (\d+\.\d)%", r" with \1 percent", x) for x in r.get("close") or [] if not q.name]
                       or None,
        "hof_got": _hof_got(r, q.name) if q.name and r.get("award") == "Hall of Fame" else None,
        "if_hof_none": when(r.get("award") == "Hall of Fame" and not r.get("inducted")),
    }
    if mine:
        out["winners_said"] = None
    return out


def _hof_got(r: dict, name: str) -> str:
    """How one player fared in a Hall of Fame election, from the class and the near misses."""
    elected = next((x for x in r.get("inducted") or [] if str(x).startswith(name + " (")), None)
    if elected:
        how = re.search(r"\((?:writers, )?(.*)\)", elected)
        return f"was elected to the Hall of Fame ({how.group(1) if how else 'elected'})"
    near = next((x for x in r.get("close") or [] if str(x).startswith(name + " ")), None)
    if near:
        return f"got {near[len(name) + 1:]} of the writers' ballots, short of the 75 percent needed"
    return "was not elected to the Hall of Fame, and did not reach half of the writers' ballots"


def _winner(text: Any) -> str:
    """'SS Anthony Volpe (NYA)' -> 'shortstop Anthony Volpe'; 'Shohei Ohtani (LAA)' -> 'Shohei Ohtani'."""
    text = re.sub(r" \([A-Z0-9]{2,3}\)$", "", str(text))
    pos, _, rest = text.partition(" ")
    return f"{POSITIONS[pos][0]} {rest}" if pos in POSITIONS else text


FIELDS: dict[str, Callable[[dict, Question], dict]] = {
    "team_season": _team_fields, "season": _season_fields, "player": _player_fields, "leaders": _leaders_fields,
    "streak_board": _streak_fields, "forecast": _forecast_fields, "awards": _awards_fields,
}
