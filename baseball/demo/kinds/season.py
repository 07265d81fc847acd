"""A season: the World Series, pennants, divisions, best and worst records, postseason rounds (the season tool)."""

from __future__ import annotations

import re
from typing import Any

from ...names import resolve_team, team_in
from ...vocab import LAST_SEASON
from ..phrase import games, league_name, when
from ..read import Question
from ..texts import DECLINE

TOOL = "season"


def args(q: Question) -> dict:
    return {"season": q.year if q.year is not None else LAST_SEASON}


SENTENCES: dict[str, str] = {
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
}


ORDER: list[tuple[str, tuple[str, ...]]] = [
    ("rounds", ("round_asked", "world_series|no_world_series|old_series")),
    ("division", ("division", "world_series|no_world_series|old_series")),
    ("best_record", ("best_record", "world_series|no_world_series|old_series")),
    ("worst_record", ("worst_record",)),
    ("postseason", ("playoff_teams", "world_series|no_world_series|old_series")),
    ("wildcard", ("round_asked|wild_cards", "world_series|no_world_series|old_series")),
    ("pennant", ("pennant", "world_series|no_world_series|old_series", "negro_world_series")),
    ("negro_ws", ("negro_world_series", "world_series|no_world_series|old_series")),
    ("", ("world_series|no_world_series|old_series", "negro_world_series", "pennants")),
]


def fields(r: dict, q: Question) -> dict:
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


def subject(r: dict, q: Question) -> tuple[str | None, str | None]:
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
