"""Phrasing helpers every kind uses: filters for sentence templates, numbers and stats said aloud.

A kind's sentences are templates over fields (``{x:filter}`` applies a filter from ``FILTERS``); ``fill`` leaves
out a sentence whose fields the result lacks, and ``when`` makes a field that only lets a sentence be said.
"""

from __future__ import annotations

import json
import re
import string
from datetime import date
from typing import Any, Callable

from ..names import players_table
from ..vocab import FORECAST_SEASON, LEAGUES, NEGRO_LEAGUES, NOT_MAJOR, STATS
from .read import Question
from .texts import ERRORS
from .words import ALLOWED


def number(value: Any) -> str:
    """Counts with thousands separators; rates as given ('.338', '2.10')."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return f"{value:,}" if isinstance(value, int) else str(value)


def join(items: list, last: str = "and") -> str:
    items = [str(i) for i in items if i]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {last} " + items[-1] if items else ""


MONTHS = "January February March April May June July August September October November December".split()


def said_date(text: str) -> str:
    """'1934-08-18' -> 'August 18, 1934' (a date the tool gives as an ISO date; anything else as it is)."""
    try:
        day = date.fromisoformat(str(text)[:10])
    except ValueError:
        return str(text)
    return f"{MONTHS[day.month - 1]} {day.day}, {day.year}"


FILTERS: dict[str, Callable[[Any], str]] = {"n": number, "and": join, "date": said_date}


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


def rate_said(code: str, value: Any) -> str:
    """A rate as said: three places without the leading zero for a batting rate ('.352', '1.115'), two for ERA and
    WHIP ('2.16'): vocab.STATS's kind."""
    return f"{float(value):.3f}".removeprefix("0") if STATS[code].kind == "rate3" else f"{float(value):.2f}"


def say_stat(code: str, value: Any) -> str:
    """'73 home runs', 'a .328 batting average', 'an OPS of 1.379', '1 stolen base'."""
    pattern = STATS[code].say if code in STATS else "{} " + label(code)
    if str(value) == "1" and pattern.endswith("s"):
        pattern = pattern[:-1]
    text = pattern.format(number(value))
    return article(text[2:]) if text.startswith("a ") else text


def article(words: str) -> str:
    """'a' or 'an' as said aloud: an 84 and 57 record, an 18 and 4 record, an 11, an .800 average, a 1.74 ERA."""
    spoken_vowel = re.match(r"(\.?8|11(?![\d.])|18(?![\d.])|1[18],\d{3}(?!\d))", words)
    return ("an " if spoken_vowel else "a ") + words


def pct(wins: int, losses: int) -> str:
    """A winning percentage as it is written: '.518'."""
    return f"{wins / (wins + losses):.3f}".removeprefix("0") if wins + losses else ".000"


def games(won: str, lost: str) -> str:
    """'4 games to 3', '1 game to 0'."""
    return f"{won} game{'' if won == '1' else 's'} to {lost}"


_GIVEN = {code: said for code, said, _ in ALLOWED.values()}  # what pitchers gave up ('HRA'), as said


def label(code: str) -> str:
    return STATS[code].forms[0] if code in STATS else _GIVEN.get(code, code)


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


def num(value: Any) -> float:
    try:
        return float(str(value).replace(",", ""))
    except ValueError:
        return 0.0


def relay_error(content: str, q: Question | None = None, code: str | None = None, values: dict | None = None) -> str:
    """A tool's error: in the demo's words when texts.ERRORS has its code, else the tool's own, with its suggestion."""
    values = values if isinstance(values, dict) else {}
    ref = players_table()["by_id"].get(q.player) if q is not None and q.player else None
    for key in (f"{code}:{values.get('param')}", code):
        if key not in ERRORS:
            continue
        fields = {**values, "name": q and q.name,
                  "played": ref and (f"only in {ref.start}" if ref.start == ref.end else f"from {ref.start} to {ref.end}")}
        fields["later"] = (f" For {FORECAST_SEASON} there is only the Marcel projection: try \"who's the best bat for "
                           f"{FORECAST_SEASON}?\"") if values.get("got") == FORECAST_SEASON else ""
        said = fill(ERRORS[key], fields)
        if said:
            return said
    detail = speakable(content[len("error:"):].strip()) or "the tool gave no reason"
    return f"I couldn't answer that from the data. {detail[0].upper()}{detail[1:]}" + ("" if detail.endswith(
        (".", "?", "!")) else ".")


def values(result: dict) -> dict:
    """A tool result's values: the fields the tool returned beside its text (a result kept from before tools
    returned values: its JSON text read as fields)."""
    if isinstance(result.get("values"), dict) and result["values"]:
        return result["values"]
    found = json.loads(str(result.get("content", "")))
    return found if isinstance(found, dict) else {}
