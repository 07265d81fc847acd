"""A season: the World Series, pennants, divisions, best and worst records, postseason rounds (the season tool)."""

from __future__ import annotations

from typing import Any

from ...names import resolve_team
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
    ws, none = r.get("ws") or {}, r.get("ws_none")
    pennants = r.get("pennants") if isinstance(r.get("pennants"), dict) else {}
    season = r.get("season")
    divisions = r.get("divisions") or {}
    team = getattr(resolve_team(q.team, season), "name", None) if q.team and isinstance(season, int) else None
    asked_division = [f"The {d} winner in {season} was the {_team_record(t)}." for d, t in divisions.items()
                      if q.has(d.lower()) or q.has(d.lower().replace("al ", "american league ")
                                                   .replace("nl ", "national league ")) or t["name"] == team]
    league = q.league
    best = (r.get("best_in") or {}).get(league) or r.get("best")
    out = {
        "ws_winner": ws.get("winner"), "ws_loser": ws.get("loser"),
        "ws_score": games(str(ws["wins"]), str(ws["losses"])) if ws else None,
        "ws_why": (": " + none if none else "") if none is not None else None,
        "if_no_ws": when(none is not None),
        "world_series": r.get("world_series") if not ws and none is None else None,
        "pennant_list": [f"the {t} in {league_name(lg)}" for lg, t in pennants.items() if t],
        "pennant_asked": " ".join(f"The {league_name(lg).removeprefix('the ')} pennant in {season} went to the {t}."
                                  for lg, t in pennants.items() if t and (league is None or lg == league)),
        **_negro_world_series(r.get("nws") or {}),
        "division_asked": " ".join(asked_division),
        "best_record_said": _team_record(best) if best else None,
        "in_league": f" in the {league}" if (r.get("best_in") or {}).get(league) else "",
        "worst_record_said": _team_record(r["worst"]) if r.get("worst") else None,
        "playoff_teams": _playoff_teams(r) or None,
        "wild_said": ["the " + _team_record(t) for t in r.get("wild") or []],
        "rounds_said": " ".join(_round_said(x, season) for x in r.get("series") or [] if _round_asked(x, q)) or None,
        "preface": DECLINE["game_scores"] + " " if q.cue("game_level") else "",
    }
    return out


def _negro_world_series(s: dict) -> dict:
    """The Negro World Series' fields."""
    if not s:
        return {}
    ties = f", with {s['ties']} tie{'s' if s['ties'] != 1 else ''}" if s.get("ties") else ""
    return {"nws_winner": s["winner"], "nws_loser": s["loser"],
            "nws_score": games(str(s["wins"]), str(s["losses"])) + ties}


def _playoff_teams(r: dict) -> list[str]:
    """Every team in the season's postseason: its rounds' teams, its division winners and wild cards."""
    teams = [t["name"] for t in list((r.get("divisions") or {}).values()) + (r.get("wild") or [])]
    teams += [s[side] for s in r.get("series") or [] for side in ("winner", "loser")]
    return sorted(set(teams))


_ROUND_WORDS = {"alcs": "ALCS", "nlcs": "NLCS", "alds": "ALDS", "nlds": "NLDS", "wild card": "Wild Card",
                "wildcard": "Wild Card", "division series": "DS", "championship series": "CS"}


def _round_asked(s: dict, q: Question) -> bool:
    """Whether a round (its name: 'ALCS', 'NL Wild Card Series') is one the question names ('who won the 2023 alcs')."""
    named = [code for word, code in _ROUND_WORDS.items() if q.has(word)]
    league_ok = q.league is None or s["round"].startswith(q.league)
    return league_ok and (not named or any(code in s["round"].replace("Championship Series", "CS")
                                           .replace("division series", "DS") for code in named))


def _round_said(s: dict, season: Any) -> str:
    """'In the 2023 ALCS, the Texas Rangers beat the Houston Astros 4 games to 3.'"""
    return (f"In the {season} {s['round']}, the {s['winner']} beat the {s['loser']} "
            f"{games(str(s['wins']), str(s['losses']))}.")


def _team_record(t: dict) -> str:
    """'Philadelphia Phillies, at 97 wins and 65 losses'."""
    return f"{t['name']}, at {t['W']} wins and {t['L']} losses"


def subject(r: dict, q: Question) -> tuple[str | None, str | None]:
    """(team, the team it beat) a season's answer was about: the round, record or pennant asked, else the champion."""
    if q.cue("best_record"):
        best = (r.get("best_in") or {}).get(q.league) or r.get("best") or {}
        return best.get("name"), None
    if q.cue("worst_record") and r.get("worst"):
        return r["worst"]["name"], None
    asked = [s for s in r.get("series") or [] if _round_asked(s, q)] if q.cue("rounds", "wildcard") else []
    if asked:
        return asked[0]["winner"], asked[0]["loser"]
    if q.cue("pennant") and q.league in (r.get("pennants") or {}):
        return r["pennants"][q.league], None
    ws = r.get("ws") or {}
    return ws.get("winner"), ws.get("loser")
