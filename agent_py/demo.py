"""The demo "model": no network, no language model; the tools still run for real.

``DemoModel`` has the same interface as the real model clients, so the loop
(``loop.run_turn``) drives it unchanged. Given the visitor's question it makes
ONE tool call chosen by the router (``demo_route.route_all``; two player calls
when the question sets two players side by side). A question no tool answers
(awards, game-by-game streaks, decades, counts across all seasons, the future
beyond the hitters' projection) gets a sentence saying so and the nearest
question it can answer (``DECLINE``); anything else it cannot route gets
``HELP``, what it can do and a few example questions. Given the
tool's result it phrases an answer in one to three short sentences built
only from the result's own fields (numbers kept in forms that read well
aloud), and streams it sentence by sentence through ``on_text``. An
``error:`` result is relayed plainly, with the tool's own suggestion.

What it leaves out: it never answers from its own knowledge, never makes a
second round of calls, and never raises, whatever the text.
"""

from __future__ import annotations

import json
import re
from typing import Any, Callable

from . import demo_words as W
from .demo_route import explain, route, route_all

__all__ = ["DemoModel", "route", "phrase", "decline", "HELP"]

HELP = ("I'm in demo mode with no language model, so I can only answer simple questions by "
        "sending them to the baseball data tools. Try one of these: "
        "Who won the World Series in 2016? "
        "How did the 1998 Yankees do? "
        "How many home runs did Barry Bonds hit in 2001? "
        "Who's the best bat for 2021?")


# Why the demo will not answer a kind of question (demo_route.unanswerable), and what to ask instead.
DECLINE = {
    "award": "The data here has no awards or honors (MVP, Cy Young, Rookie of the Year, Gold Gloves, the "
             "Triple Crown, Hall of Fame elections), so I can't answer that. The nearest I can do is the "
             "season's leaders: try \"who led the {league} in {label} in {year}?\"",
    "game": "The data is season by season, with nothing game by game (hitting streaks, no-hitters, single "
            "games), so I can't answer that. It does track streaks of seasons: try \"most consecutive "
            "All-Star selections\" or \"longest streak of winning seasons\".",
    "decade": "The tools rank one season at a time, or whole careers, not decades. Try one year, like "
              "\"who led the majors in {label} in {year}?\", or \"most career {label}\".",
    "single_season": "The tools rank one season at a time, or whole careers, so I can't search every season "
                     "for a single-season record. Try \"who led the majors in {label} in {year}?\" or "
                     "\"most career {label}\".",
    "sox": "Which Sox: the Red Sox or the White Sox? Ask, say, \"how did the Red Sox do in {year}?\"",
    "future_pitching": "The only look ahead in the data is the 2021 projection for hitters (OPS, on-base, "
                       "slugging, average and home runs); there is none for pitchers. Try \"who's the best bat "
                       "for 2021?\"",
    "future_team": "The data ends with the 2020 season, and for 2021 it projects only hitters, not teams or the "
                   "postseason, so I can't answer that. Try \"who won the World Series in 2020?\" or "
                   "\"who's the best bat for 2021?\"",
    "across_seasons": "In demo mode I look up one season at a time, so I can't count titles or find the first "
                      "or last time something happened across all seasons. Ask about one year instead, like "
                      "\"how did the {team} do in {year}?\"",
    "ballpark": "The tools can't search by ballpark; they know each team's home park for a season. Try "
                "\"where did the 1955 Dodgers play?\"",
}


def decline(question: str) -> str | None:
    """What the demo cannot answer about this question, with the nearest question it can; or None."""
    why = explain(question) if question else None
    if why is None:
        return None
    words = W.tokens(question)
    ys = [y for y in W.years(words) if W.FIRST_SEASON <= y <= W.LAST_SEASON]
    stat = W.find_stat(words) or ("ERA" if " cy young" in " " + " ".join(words) else "HR")
    team = W.find_team(words)
    fill = {"year": ys[0] if ys else 2016, "label": _STAT_SAY.get(stat, (0, "home runs"))[1],
            "league": W.find_league(words) or "majors",
            "team": W.FRANCHISE_NAMES.get(team[0], "Cubs") if team else "Cubs"}
    return DECLINE[why].format(**fill)


class DemoModel:
    """A model stand-in: routes the question to one tool, then phrases the tool's result."""

    label = "Demo mode: no model"

    async def complete(self, system: str, messages: list[dict], tools: list[dict],
                       on_text: Callable[[str], None] | None = None) -> dict:
        last = messages[-1] if messages else {}
        if last.get("role") == "tool":
            text = _answer(messages)
            return _reply(_stream(text, on_text), [])
        calls: list[dict] = []
        question = str(last.get("content") or "") if last.get("role") == "user" else ""
        if question:
            calls = route_all(question, messages[:-1])
        offered = {t.get("name") for t in tools if isinstance(t, dict)}
        if not calls or any(c["name"] not in offered for c in calls):
            return _reply(_stream(decline(question) or HELP, on_text), [])
        return _reply("", [{"id": f"demo_{len(messages)}_{i}", "name": c["name"], "args": c["args"]}
                           for i, c in enumerate(calls)])


def _reply(text: str, calls: list[dict]) -> dict:
    return {"text": text, "calls": calls, "usage": {"input_tokens": 0, "output_tokens": 0},
            "stop": "tool_calls" if calls else "end", "extras": {}}


def _stream(text: str, on_text: Callable[[str], None] | None) -> str:
    """Hand the text to on_text sentence by sentence, as a streaming model would."""
    if on_text is not None:
        for piece in pieces(text):
            on_text(piece)
    return text


def pieces(text: str) -> list[str]:
    """Sentence-sized pieces whose concatenation is exactly text."""
    parts = re.split(r"(?<=[.!?])(\s+)(?=[A-Z0-9\"'])", text)
    out: list[str] = []
    for part in parts:
        if out and (part.isspace() or not part):
            out[-1] += part
        elif part:
            out.append(part)
    return out or [text]


def _answer(messages: list[dict]) -> str:
    """Phrase the latest tool result, for the question that asked for it."""
    try:
        results = messages[-1]["results"]
        question = next((m.get("content", "") for m in reversed(messages) if m.get("role") == "user"), "")
        if len(results) == 2:
            return phrase_compare([str(r.get("content", "")) for r in results], question)
        result = results[0]
        call = _call_for(messages, result.get("id"))
        return phrase(result.get("name") or call.get("name", ""), call.get("args", {}),
                      str(result.get("content", "")), question)
    except Exception:
        return "The tool ran, but I could not read its result, so I have no answer to give."


def _call_for(messages: list[dict], call_id: str | None) -> dict:
    for message in reversed(messages):
        for call in message.get("calls") or []:
            if call.get("id") == call_id:
                return call
    return {}


# ---------------------------------------------------------------- phrasing


def phrase(tool: str, args: dict, content: str, question: str = "") -> str:
    """An answer built from the tool's result only. Falls back to listing its fields."""
    if content.startswith("error:"):
        return phrase_error(content)
    try:
        data = json.loads(content)
    except ValueError:
        return "The tool returned something I could not read, so I have no answer from the data."
    focus = W.find_stat(W.tokens(question)) if question else None
    phraser = _PHRASERS.get(tool)
    try:
        if phraser is not None and isinstance(data, dict):
            text = phraser(data, args, focus, question)
            if text:
                return text
    except Exception:
        pass
    return phrase_generic(data)


def phrase_error(content: str) -> str:
    """Relay the tool's own words: what went wrong and, if it has one, its suggestion."""
    out_of_range = _season_outside(content)
    if out_of_range:
        first, last, got = out_of_range
        return f"I couldn't answer that from the data. It covers the seasons {first} to {last}, and {got} is outside them."
    detail = _speakable(content[len("error:"):].strip()) or "the tool gave no reason"
    detail = detail[0].upper() + detail[1:]
    if not detail.endswith((".", "?", "!")):
        detail += "."
    return f"I couldn't answer that from the data. {detail}"


def _season_outside(content: str) -> tuple[str, str, str] | None:
    """(first, last, asked) from a season-range error, as the loop's check or the tool words it."""
    m = re.search(r"'season' must be integer >= (\d+) and <= (\d+), got (-?\d+)", content)
    if m:
        return m.group(1), m.group(2), m.group(3)
    m = re.search(r"season (-?\d+) is outside the data.*?(\d{4})-(\d{4})", content)
    if m:
        return m.group(2), m.group(3), m.group(1)
    return None


def phrase_generic(data: Any) -> str:
    """Top-level plain fields, for a result shape this module does not know."""
    if not isinstance(data, dict):
        return "The tool's result had no fields I could read out."
    bits = [f"{k.replace('_', ' ')} {v}" for k, v in data.items() if isinstance(v, (str, int, float))]
    if not bits:
        return "The tool's result had no fields I could read out."
    return _speakable("Here is what the data says: " + "; ".join(bits[:8]) + ".")


def _speakable(text: str) -> str:
    """Spell out the few symbols text-to-speech reads badly."""
    text = re.sub(r"(\d+)-(\d+)(?= in | to |\b)", _score, text)
    text = re.sub(r"\(([a-z.']{2,9}\d\d), ", "(", text)  # player ids are for the model, not the ear
    text = text.replace("Colt .45's", "Colt 45s").replace(">=", "at least").replace("<=", "at most").replace("&", " and ").replace("%", " percent").replace("#", "number ")
    text = text.replace("=", " ").replace(" vs ", " versus ").replace("~", "about ")
    return re.sub(r"\s{2,}", " ", text).strip()


def _score(m: re.Match) -> str:
    a, b = m.group(1), m.group(2)
    if len(a) == 4 and len(b) == 4:  # a span of years
        return f"{a} to {b}"
    if len(a) == 4 and len(b) == 2:  # "2016-18"
        return f"{a} to {a[:2]}{b}"
    return f"{a} to {b}"


def _n(value: Any) -> str:
    """Counts with thousands separators (read as numbers); rates as given ('.338', '2.10')."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, float):
        return f"{value:,.1f}" if value != int(value) else f"{int(value):,}"
    return str(value)


def _record(record: str) -> str:
    """'114-48' -> '114 wins and 48 losses' ('-' reads as 'minus')."""
    m = re.fullmatch(r"\s*(\d+)-(\d+)(?:-(\d+))?\s*", str(record))
    if not m:
        return str(record)
    text = f"{m.group(1)} wins and {m.group(2)} losses"
    if m.group(3) and m.group(3) != "0":
        text += f" with {m.group(3)} ties"
    return text


def _and(items: list[str]) -> str:
    items = [i for i in items if i]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _a(word: str) -> str:
    return ("an " if word[:1].lower() in "aeiou8" or word.startswith((".8", "1.8")) else "a ") + word


# Stat phrasing: how a value of each stat is said ("73 home runs", "a .328 average").
_STAT_SAY: dict[str, tuple[str, str]] = {
    "HR": ("{} home runs", "home runs"), "H": ("{} hits", "hits"), "RBI": ("{} RBI", "RBI"),
    "SB": ("{} stolen bases", "stolen bases"), "R": ("{} runs", "runs scored"),
    "BB": ("{} walks", "walks"), "SO": ("{} strikeouts", "strikeouts"),
    "K": ("{} strikeouts", "strikeouts"), "2B": ("{} doubles", "doubles"), "3B": ("{} triples", "triples"),
    "AVG": ("a {} batting average", "batting average"), "OBP": ("a {} on-base percentage", "on-base percentage"),
    "SLG": ("a {} slugging percentage", "slugging percentage"), "OPS": ("an OPS of {}", "OPS"),
    "ERA": ("a {} ERA", "ERA"), "W": ("{} wins", "wins"), "L": ("{} losses", "losses"),
    "SV": ("{} saves", "saves"), "IP": ("{} innings", "innings pitched"), "WHIP": ("a WHIP of {}", "WHIP"),
    "G": ("{} games", "games"), "PA": ("{} plate appearances", "plate appearances"),
    "SHO": ("{} shutouts", "shutouts"), "CG": ("{} complete games", "complete games"),
}


def _say(stat: str, value: Any) -> str:
    pattern = _STAT_SAY.get(stat, ("{} " + stat, stat))[0]
    if str(value) == "1" and pattern.endswith("s"):  # "1 stolen base", "1 home run"
        pattern = pattern[:-1]
    text = pattern.format(_n(value))
    if text.startswith("a ") and pattern.startswith("a {}"):
        text = _a(text[2:])
    return text


def phrase_team_season(r: dict, args: dict, focus: str | None, question: str) -> str:
    season, team = r.get("season", args.get("season")), r.get("team", args.get("team"))
    first = f"The {season} {team} finished with {_record(r['record'])}"
    if r.get("finish"):
        first += f", {r['finish']}"
    if focus in (None, "R") and r.get("runs") is not None and r.get("runs_allowed") is not None:
        first += f", scoring {_n(r['runs'])} runs and allowing {_n(r['runs_allowed'])}"
    sentences = [re.sub(r" in (AL|NL|AA|UA|PL|FL|NA)\b", r" in the \1", first + ".")]
    second = _postseason(str(r.get("postseason") or ""))
    if second.startswith("They "):  # one sentence for the season, one for the people
        sentences[0] = sentences[0][:-1] + ", and t" + second[1:] + "."
    elif second:
        sentences.append(second + ".")
    managers = [re.sub(r"\s*\(.*?\)", "", m).strip() for m in str(r.get("manager") or "").split(",")]
    managers = [m for m in managers if m]
    third = [f"{_and(managers)} managed them"] if managers else []
    hitters = r.get("best_hitters") or []
    if hitters and isinstance(hitters[0], dict) and hitters[0].get("name"):
        h = hitters[0]
        line = _and([_say("AVG", h["AVG"]) if h.get("AVG") else "",
                     _say("HR", h["HR"]) if h.get("HR") is not None else ""])
        third.append(f"their best hitter was {h['name']}" + (f", with {line}" if line else ""))
    asked = _team_asked(r, focus, " " + " ".join(W.tokens(question)) + " ", managers)
    if asked:  # what was asked first, then the season in one sentence
        return _speakable(asked + " " + sentences[0].replace(f"The {season} {team} finished", "They finished", 1))
    if third:
        sentences.append(_cap(", and ".join(third)) + ".")
    return _speakable(" ".join(sentences))


_TEAM_STATS = {"W", "L", "R", "G"}  # a team's own numbers, in the record sentence already
_LEADER_CUES = (" best ", " led ", " lead ", " leader ", " leaders ", " leading ", " most ", " top ", " who had ",
                " who hit ", " highest ")


def _team_asked(r: dict, focus: str | None, asked: str, managers: list[str]) -> str:
    """A sentence for the one thing a team question asks about: its series, park, manager or best hitters."""
    team = f"the {r.get('season', '')} {r.get('team', '')}".replace("  ", " ")
    series = [x for x in r.get("series") or [] if isinstance(x, str)]
    if series and any(f" {w} " in asked for w in W.ROUND_WORDS):
        return f"In the postseason, {team} {_and([_series(x) for x in series])}."
    if r.get("park") and (any(f" {w} " in asked for w in W.BALLPARK) or " where did " in asked
                          or " home games " in asked):
        return f"{_cap(team)} played their home games at {r['park']}."
    if managers and any(f" {w} " in asked for w in ("manager", "managers", "managed", "manage", "skipper")):
        return f"{_and(managers)} managed {team}."
    hitters = [h for h in r.get("best_hitters") or [] if isinstance(h, dict) and h.get("name")]
    if hitters and (focus not in _TEAM_STATS and any(c in asked for c in _LEADER_CUES)
                    or " best hitter " in asked or " best player " in asked):
        stat = focus if focus in ("HR", "RBI", "AVG", "OPS") else "OPS"
        said = _and([f"{h['name']} ({_short(stat, h[stat])})" for h in hitters if h.get(stat) is not None])
        lead = "" if stat == "OPS" else (f"I can't rank all of their players by {_STAT_SAY[stat][1]}, "
                                        "only their best hitters by OPS. ")
        return f"{lead}By OPS, the best hitters on {team} were {said}."
    return ""


def _short(stat: str, value: Any) -> str:
    """A value in a parenthesis: '.989 OPS', '.339 average', '43 home runs'."""
    return {"OPS": f"{value} OPS", "AVG": f"{value} average"}.get(stat) or _say(stat, value)


def _series(text: str) -> str:
    """'beat New York Yankees 4-3 in the ALCS' -> 'beat the New York Yankees 4 games to 3 in the ALCS'."""
    m = re.match(r"(beat|lost to|tied) (?:[A-Z0-9]{2,3} )?(.+?) (\d+)-(\d+)(?:-\d+)? in (?:the )?(.+)$", text)
    if not m:
        return text
    return f"{m.group(1)} the {m.group(2)} {m.group(3)} games to {m.group(4)} in the {m.group(5)}"


def _postseason(post: str) -> str:
    """The tool's postseason phrase as a sentence about 'they'."""
    low = post.lower()
    if not post:
        return ""
    if low.startswith("none:"):
        return f"There was no postseason that year: {post.split(':', 1)[1].strip()}"
    if low.startswith(("won", "lost", "did", "beat", "reached", "were")):
        return "They " + low[0] + post[1:]
    if low.startswith("no postseason"):
        return _cap(post) + " that year"
    return "Their postseason: " + post


_CAREER_BAT = ["AVG", "HR", "RBI", "H", "SB"]
_CAREER_PITCH = ["ERA", "SO"]


def phrase_player(r: dict, args: dict, focus: str | None, question: str) -> str:
    name = r.get("name", args.get("name"))
    bat, pitch = r.get("batting") or {}, r.get("pitching") or {}
    is_pitcher = bool(pitch) and (not bat or _num(pitch.get("IP", 0)) * 3 > _num(bat.get("PA", 0)))
    if focus == "K" or (focus == "SO" and is_pitcher):
        focus = "SO"
    asked = " " + " ".join(W.tokens(question)) + " "
    if focus is None and " games " in asked:
        focus = "G"
    asked_for = _bio_asked(r, asked)
    line = _player_line(r, args, focus, bat, pitch, is_pitcher, name, brief=bool(asked_for))
    return _speakable(_bio_missing(asked) + asked_for + line)


def _bio_missing(asked: str) -> str:
    """'how tall was...': say what the data lacks before giving what it has."""
    for what, phrases in W.MISSING_BIO.items():
        if any(f" {p} " in asked for p in phrases):
            return f"The tools don't give a player's {what}, so I can't say; here is what they have. "
    return ""


def _bio_asked(r: dict, asked: str) -> str:
    """The bio fact a question asks for, as a first sentence ('' when it asks for none)."""
    name = r.get("name", "He")
    for what, phrases in W.BIO_FOCUS.items():
        if not any(f" {p} " in asked for p in phrases):
            continue
        text = _BIO_SAY[what](r, name)
        if text:
            return text + " "
    return ""


def _date(text: str) -> str:
    """'1934-08-18' -> 'August 18, 1934' (as said aloud)."""
    m = re.match(r"(\d{4})-(\d\d)-(\d\d)", str(text))
    if not m:
        return str(text)
    month = _MONTHS[int(m.group(2)) - 1] if 1 <= int(m.group(2)) <= 12 else ""
    return f"{month} {int(m.group(3))}, {m.group(1)}" if month else m.group(1)


_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December"]
_HANDS = {"L": "left", "R": "right", "B": "both ways"}


def _born(r: dict, name: str) -> str:
    born = str(r.get("born") or "")
    if not born:
        return ""
    date, _, place = born.partition(" in ")
    return f"{name} was born on {_date(date)}" + (f" in {place.rstrip('.')}" if place else "") + "."


def _died(r: dict, name: str) -> str:
    if "season" in r:
        return ""
    if r.get("died"):
        return f"{name} died on {_date(r['died'])}."
    return f"The data, which runs through 2020, lists no date of death for {name}." if "born" in r else ""


def _bats(r: dict, name: str) -> str:
    bats, throws = _HANDS.get(str(r.get("bats"))), _HANDS.get(str(r.get("throws")))
    if not bats:
        return ""
    text = f"{name} batted {bats}" if bats != "both ways" else f"{name} was a switch hitter"
    return text + (f" and threw {throws}-handed." if throws and throws != "both ways" else ".")


def _teams(r: dict, name: str) -> str:
    teams = [t.split(" ", 1)[1] if " " in t else t for t in r.get("teams") or [] if isinstance(t, str)]
    if not teams:
        return ""
    if "season" in r:
        return ""  # the season's line names his team
    return f"{name} played for {_and(['the ' + t for t in teams])}."


def _years(r: dict, name: str) -> str:
    years = str(r.get("years") or "")
    if "-" not in years:
        return ""
    first, last = years.split("-", 1)
    seasons = r.get("seasons")
    return f"{name} played {seasons} seasons in the majors, from {first} to {last}." if seasons else \
        f"{name} played from {first} to {last}."


def _all_star(r: dict, name: str) -> str:
    picks = r.get("all_star")
    if "season" in r:
        return f"{name} was {'' if picks is True else 'not '}an All-Star in {r['season']}."
    if isinstance(picks, int):
        return f"{name} was an All-Star {picks} time{'s' if picks != 1 else ''}." if picks else \
            f"{name} was never an All-Star."
    return ""


def _hall(r: dict, name: str) -> str:
    if "season" in r:
        return ""
    if r.get("hall_of_fame"):
        return f"{name} was elected to the Hall of Fame in {r['hall_of_fame']}."
    return f"The data shows no Hall of Fame election for {name} through 2020."


def _age(r: dict, name: str) -> str:
    if "season" in r and isinstance(r.get("age"), int):
        return f"{name} was {r['age']} in the {r['season']} season."
    return _born(r, name)


def _best(r: dict, name: str) -> str:
    best = r.get("best") or r.get("best_season")
    if not isinstance(best, dict) or not best:
        return ""
    bits = []
    for stat, pair in best.items():
        if isinstance(pair, list) and len(pair) == 2 and not (stat == "SV" and _num(pair[1]) < 10):
            key = stat.split(" ")[0]
            key = "K" if key == "SO" and "pitching" in stat else key
            bits.append(f"{pair[0]} for {_STAT_SAY.get(key, (0, key))[1]}, with {_n(pair[1])}")
    return f"{name}'s best seasons: {'; '.join(bits)}." if bits else ""


_BIO_SAY: dict[str, Callable[[dict, str], str]] = {
    "born": _born, "died": _died, "bats": _bats, "all_star": _all_star, "teams": _teams, "years": _years,
    "hall_of_fame": _hall, "age": _age, "best": _best}


def _player_line(r: dict, args: dict, focus: str | None, bat: dict, pitch: dict, is_pitcher: bool,
                 name: str, brief: bool = False) -> str:
    """The season's or career's line, the asked-for stat first (brief: no All-Star sentence)."""
    if "season" in r:
        when = f"In {r['season']}"
        where = ", ".join(t.split(" ", 1)[-1] for t in r.get("teams", []) if isinstance(t, str))
        subject = f"{when}, {name}" + (f", playing for the {where}," if where else "")
    elif brief:
        subject = "Over his career he"
    else:
        years = str(r.get("years", ""))
        span = years.replace("-", " to ") if years else ""
        subject = f"{name}, who played from {span}," if span else name
    parts = _line(bat, pitch, is_pitcher, focus)
    if not parts:
        return f"{subject} has no batting or pitching line in the data."
    verb = "had"
    text = f"{subject} {verb} {_and(parts)}."
    if brief:
        return text
    if "season" not in r and isinstance(r.get("all_star"), int) and r["all_star"] > 0:
        text += f" He was an All-Star {r['all_star']} time{'s' if r['all_star'] != 1 else ''}."
    if "season" in r and r.get("all_star") is True:
        text += " He was an All-Star that year."
    return text


def _line(bat: dict, pitch: dict, is_pitcher: bool, focus: str | None) -> list[str]:
    """The few stats worth saying, the asked-for one first."""
    main, other = (pitch, bat) if is_pitcher else (bat, pitch)
    parts: list[str] = []
    if focus and (focus in main or focus in other):
        parts.append(_say(focus, main[focus] if focus in main else other[focus]))
    if is_pitcher:
        if "W" in pitch and "L" in pitch and focus not in ("W", "L"):
            parts.append(_a(f"{_n(pitch['W'])} and {_n(pitch['L'])} record"))
        keys = _CAREER_PITCH + (["SV"] if _num(pitch.get("SV", 0)) >= 20 else [])
    else:
        keys = _CAREER_BAT
    parts += [_say(k, main[k]) for k in keys if k in main and k != focus]
    return parts[:5]


def _num(value: Any) -> float:
    try:
        return float(str(value).replace(",", ""))
    except ValueError:
        return 0.0


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def phrase_leaders(r: dict, args: dict, focus: str | None, question: str) -> str:
    rows = [x for x in r.get("leaders", []) if isinstance(x, dict) and x.get("name")]
    stat = str(r.get("stat", args.get("stat", "")))
    label = re.sub(r"\s*\(.*?\)|;.*$", "", str(r.get("label") or "")).strip() or _STAT_SAY.get(stat, (0, stat))[1]
    if label.endswith(" in"):  # "runs batted in in 1998"
        label = _STAT_SAY.get(stat, (0, label))[1]
    season = r.get("season", args.get("season", "career"))
    league = r.get("league") or "MLB"
    where = "" if league == "MLB" else f" in the {league}"
    if not rows:
        return _speakable(f"The data lists no {label} leaders for {season}{where}.")
    where = "the majors" if league == "MLB" else f"the {league}"
    value = [_n(x.get("value")) for x in rows]
    tied = [x["name"] for x in rows if x.get("rank") == 1]
    if season == "career":
        head = (f"{_and(tied)} {'share' if len(tied) > 1 else 'holds'} the career record for {label}"
                f"{'' if league == 'MLB' else ' in ' + where}, with {value[0]}.")
    else:
        head = (f"{_and(tied)} {'tied for the lead in' if len(tied) > 1 else 'led'} {where} in {label} in {season}"
                f"{' with ' + value[0] if len(tied) > 1 else ', with ' + value[0]}.")
    rest = [f"{x['name']} with {_n(x.get('value'))}" for x in rows if x.get("rank") != 1]
    text = head + ((" Next come " if season == "career" else " Next came ") + _and(rest) + "." if rest else "")
    if r.get("rule"):
        text += " Only qualified players count for this rate."
    return _speakable(text)


def phrase_season(r: dict, args: dict, focus: str | None, question: str) -> str:
    season = r.get("season", args.get("season"))
    asked = " " + " ".join(W.tokens(question)) + " "
    sentences = _season_asked(r, season, asked)
    ws = str(r.get("world_series") or "")
    m = re.match(r"(.+?) \((\w+)\) beat (.+?) \((\w+)\) (\d+)-(\d+)", ws)
    if m:
        sentences.append(f"In the {season} World Series, the {m.group(1)} beat the {m.group(3)}, "
                         f"{m.group(5)} games to {m.group(6)}.")
    elif ws.lower().startswith("none"):
        why = ws.split(":", 1)[1].strip() if ":" in ws else ""
        sentences.append(f"There was no World Series in {season}" + (f": {why}" if why else "") + ".")
    elif ws:
        sentences.append(f"The {season} World Series: {ws}.")
    pennants = r.get("pennants") or {}
    if isinstance(pennants, dict) and pennants and len(sentences) < 2 and " pennant" not in asked:
        bits = [f"the {team} in the {lg}" for lg, team in pennants.items() if team]
        if bits:
            sentences.append(f"The pennant winners were {_and(bits)}.")
    if not sentences and r.get("best_record"):
        sentences.append(f"The best record in {season} belonged to the {_team_record(r['best_record'])}.")
    return _speakable(" ".join(sentences[:2]))


def _season_asked(r: dict, season: object, asked: str) -> list[str]:
    """A division, the wild cards or the best record, when the question names one."""
    out = []
    divisions = r.get("division_winners") or {}
    for division, team in (divisions.items() if isinstance(divisions, dict) else []):
        lg, part = (division.split(" ", 1) + [""])[:2]
        full = {"AL": "american league", "NL": "national league"}.get(lg, "")
        if f" {lg.lower()} {part.lower()} " in asked or (full and f" {full} {part.lower()} " in asked):
            out.append(f"The {division} winner in {season} was the {_team_record(team)}.")
    if any(f" {w} " in asked for w in ("best record", "most games", "won the most", "most wins")) \
            and r.get("best_record"):
        out.append(f"The best record in {season} belonged to the {_team_record(r['best_record'])}.")
    pennants = r.get("pennants") if isinstance(r.get("pennants"), dict) else {}
    if " pennant " in asked or " pennants " in asked:
        league = W.find_league(asked.split())
        for lg, team in pennants.items():
            if team and (league is None or lg == league):
                out.append(f"The {lg} pennant in {season} went to the {team}.")
    if (" wildcard " in asked or " wildcards " in asked) and r.get("wild_cards"):
        out.append(f"The wild cards in {season} were {_and(['the ' + _team_record(t) for t in r['wild_cards']])}.")
    return out


def _team_record(text: str) -> str:
    """'Philadelphia Phillies 97-65' or '... (97-65)' -> '... at 97 wins and 65 losses'."""
    m = re.search(r"\s*\(?(?:(AL|NL), )?(\d+)-(\d+)\)?\s*$", str(text))
    if not m:
        return str(text)
    return f"{text[:m.start()].strip()}, at {m.group(2)} wins and {m.group(3)} losses"


_KIND_SAY = {"team_winning_seasons": "winning seasons", "team_postseason": "postseason trips",
             "player_allstar": "All-Star selections", "player_30hr": "30 home run seasons",
             "player_300avg": ".300 seasons"}


def phrase_streak_board(r: dict, args: dict, focus: str | None, question: str) -> str:
    kind = _KIND_SAY.get(str(r.get("kind", args.get("kind"))), "seasons")
    rows = [x for x in r.get("streaks", []) if isinstance(x, dict) and x.get("name")]
    active = r.get("active", args.get("active", True))
    scope = f"still running in {r.get('as_of', W.LAST_SEASON)}" if active else "of all time"
    if not rows:
        return _speakable(f"The data has no streaks of consecutive {kind} {scope}.")
    who = (lambda x: "the " + x["name"]) if str(r.get("kind", args.get("kind", ""))).startswith("team") \
        else (lambda x: x["name"])
    top = rows[0]
    text = (f"The longest streak of consecutive {kind} {scope} belongs to {who(top)}: "
            f"{top.get('length')} in a row, from {top.get('from')} to {top.get('to')}.")
    if len(rows) > 1:
        text += " Next: " + _and([f"{who(x)} with {x.get('length')}, from {x.get('from')} to {x.get('to')}"
                                 for x in rows[1:3]]) + "."
    if len(rows) > 3:
        text += f" {len(rows) - 3} more tie at {rows[-1].get('length')}." if rows[-1].get("length") == \
            rows[2].get("length") else ""
    return _speakable(text)


def phrase_forecast(r: dict, args: dict, focus: str | None, question: str) -> str:
    stat = str(r.get("stat", args.get("stat", "OPS")))
    rows = [x for x in r.get("board", []) if isinstance(x, dict) and x.get("name")]
    team = f" among {str(r['team']).split(' ', 1)[-1]} hitters" if r.get("team") else ""
    if not rows:
        return _speakable(f"The 2021 projection lists no hitters{team}.")
    top = rows[0]
    label = _STAT_SAY.get(stat, (0, stat))[1]
    asked = _player_asked(question)
    if asked:
        mine = next((x for x in rows if W.fold(x["name"]) == W.fold(asked)), None)
        if mine is None:
            return _speakable(f"{asked} is not in the top {len(rows)} of the {r.get('season', 2021)} Marcel "
                              f"projection for {label}. The top is {top['name']}, projected at {_n(top.get(stat))}.")
        return _speakable(f"By the Marcel projection for {r.get('season', 2021)}, {mine['name']} ranks number "
                          f"{mine.get('rank', rows.index(mine) + 1)} for {label}, projected for "
                          f"{_say(stat, mine.get(stat))}.")
    young = [x for x in rows if isinstance(x.get("age"), int)]
    if young and any(f" {w} " in f" {' '.join(W.tokens(question))} " for w in W.YOUNG):
        kid = min(young, key=lambda x: (x["age"], rows.index(x)))
        return _speakable(f"Among the top {len(rows)} bats{team} in the Marcel projection for {r.get('season', 2021)}, "
                          f"the youngest is {kid['name']}, {kid['age']}, projected for {_say(stat, kid.get(stat))}. "
                          f"The top overall is {top['name']}, at {_n(top.get(stat))}.")
    text = (f"By the Marcel projection for {r.get('season', 2021)}, the top bat{team} for {label} is "
            f"{top['name']}, projected for {_say(stat, top.get(stat))}")
    if len(rows) > 1:
        text += ", ahead of " + _and([f"{x['name']} at {_n(x.get(stat))}" for x in rows[1:]])
    text += "."
    m = re.search(r"Marcel \.?(\d*\.\d+).*?repeat[- ](\d{4}) (\.?\d*\.\d+)", str(r.get("backtest", "")))
    if m and stat == "OPS":
        text += (f" Tested on 2019, its typical OPS error was {m.group(1)}, "
                 f"against {m.group(3)} for simply repeating {m.group(2)}.")
    return _speakable(text)


def _player_asked(question: str) -> str | None:
    """The player a forecast question names, if any (the board is then read for him)."""
    from .demo_route import player_index, read

    if not question:
        return None
    p = read(question, player_index())
    return p.player.name if p.player is not None and not p.player_fuzzy else None


_LOWER_IS_BETTER = {"ERA", "WHIP", "L", "SO"}


def phrase_compare(contents: list[str], question: str) -> str:
    """Two players side by side: the asked-for stat for each, and who had more (from the two results)."""
    for content in contents:
        if content.startswith("error:"):
            return phrase_error(content)
    rows = [json.loads(c) for c in contents]
    if not all(isinstance(r, dict) and r.get("name") for r in rows):
        return phrase_generic(rows[0])
    focus = W.find_stat(W.tokens(question))
    focus = "SO" if focus == "K" else focus
    season = rows[0].get("season")
    when = f"In {season}, " if season else "Over their careers, "

    def value(r: dict) -> Any:
        for side in ("batting", "pitching") if focus not in W.PITCHING_STATS and focus != "SO" else \
                ("pitching", "batting"):
            if focus in (r.get(side) or {}):
                return r[side][focus]
        return None

    values = [value(r) for r in rows] if focus else [None, None]
    if None in values:  # no stat asked (or one has none): each one's own line
        lines = [f"{r['name']} had {_and(_line(r.get('batting') or {}, r.get('pitching') or {}, _pitches(r), None)[:3])}"
                 for r in rows]
        return _speakable(when + "; ".join(lines) + ".")
    a, b = (_num(v) for v in values)
    said = [f"{r['name']} had {_say(focus, v)}" for r, v in zip(rows, values)]
    text = when + " and ".join(said) + "."
    if a != b:
        low = focus in _LOWER_IS_BETTER and focus != "SO"
        ahead = rows[0 if (a < b) == low else 1]["name"]
        more = ("the lower " if low else "more ") + _STAT_SAY.get(focus, (0, focus))[1] if focus not in \
            ("AVG", "OBP", "SLG", "OPS") else "the higher " + _STAT_SAY[focus][1]
        text += f" So {ahead} had {more}."
    else:
        text += " They were even."
    return _speakable(text)


def _pitches(r: dict) -> bool:
    bat, pitch = r.get("batting") or {}, r.get("pitching") or {}
    return bool(pitch) and (not bat or _num(pitch.get("IP", 0)) * 3 > _num(bat.get("PA", 0)))


_PHRASERS: dict[str, Callable[[dict, dict, str | None, str], str]] = {
    "team_season": phrase_team_season,
    "player": phrase_player,
    "leaders": phrase_leaders,
    "season": phrase_season,
    "streak_board": phrase_streak_board,
    "forecast": phrase_forecast,
}
