"""One player: a season's or a career's line, bio, honors, All-Star selections, Hall of Fame (the player tool)."""

from __future__ import annotations


from ...vocab import AWARDS, HALL_OF_FAME_THROUGH, LAST_SEASON, NEGRO_LEAGUES, NOT_MAJOR
from ..calls import player_name, team_name
from ..phrase import article, join, label, league_name, num, number, say_stat, when
from ..read import Question

TOOL = "player"


def args(q: Question) -> dict:
    team = {"team": team_name(q, q.year or LAST_SEASON)} if q.team and not q.cue("teams") else {}  # 'for the dodgers'
    return {"name": player_name(q.player, q.name, q.year), **({"season": q.year} if q.year is not None else {}), **team}


SENTENCES: dict[str, str] = {
    "award_asked": "{name} {award_said}.",
    "honors": "{honors_subject} won {honors_said:and}.",
    "no_honors": "{if_no_honors}The data lists no awards for {name}{honors_when}.",
    "missing": "I can't read that question about a player's {missing_what} (a stat split by it, say); here is what the tools have on him.",
    "unserved": "The player tool doesn't give {unserved_stat} in his line, so I can't say them; here is what it has.",
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
}


ORDER: list[tuple[str, tuple[str, ...]]] = [
    (cue, ("missing", *said, "line_brief", "namesakes")) for cue, said in (
        ("born", ("born",)), ("died", ("died|alive",)), ("hands", ("hands",)), ("teams", ("teams|teams_season",)),
        ("span", ("span",)), ("hall", ("hall|not_hall",)), ("age", ("age|born",)), ("allstar", ("all_star_asked",)),
        ("best_season", ("best_season",)), ("award", ("award_asked",)), ("honors", ("honors|no_honors",)))
] + [("", ("missing", "unserved", "guessed", "line", "leagues", "all_star|all_star_season", "namesakes"))]


_CAREER = {"bat": ["AVG", "HR", "RBI", "H", "SB"], "pit": ["ERA", "K"]}
# 'how many games did cy young win': games said with a verb are that stat.
_GAMES = {"win": "W", "won": "W", "lose": "L", "lost": "L"}
_HANDS = {"L": "left", "R": "right", "B": "both ways"}


def _as_line(code: str) -> str:
    """A stat as the tool's lines name it: both strikeouts are SO."""
    return "SO" if code == "K" else code


def is_pitcher(r: dict) -> bool:
    bat, pitch = r.get("batting") or {}, r.get("pitching") or {}
    return bool(pitch) and (not bat or num(pitch.get("IP", 0)) * 3 > num(bat.get("PA", 0)))


def line(r: dict, focus: str | None, pitching: bool = False) -> list[str]:
    """The few stats worth saying, the asked-for one first ('SO' in a pitching line is the pitcher's K); a
    two-way player's pitching when it was asked for."""
    pitcher = is_pitcher(r) or pitching and bool(r.get("pitching"))
    main, other = (r.get("pitching") or {}, r.get("batting") or {}) if pitcher else \
        (r.get("batting") or {}, r.get("pitching") or {})
    parts = []
    if focus and (_as_line(focus) in main or _as_line(focus) in other):
        parts.append(say_stat(focus, main.get(_as_line(focus), other.get(_as_line(focus)))))
    if pitcher and "W" in main and "L" in main and focus not in ("W", "L"):
        parts.append(article(f"{number(main['W'])} and {number(main['L'])} record"))
    keys = _CAREER["pit" if pitcher else "bat"] + (["SV"] if pitcher and num(main.get("SV", 0)) >= 20 else [])
    parts += [say_stat(k, main[_as_line(k)]) for k in keys if _as_line(k) in main and k != focus
              and not (focus == "SO" and k == "K")]
    return parts[:5]


def fields(r: dict, q: Question) -> dict:
    name = r.get("name", "He")
    focus = next((code for w, code in _GAMES.items() if q.has(w)), "G") if q.stat is None and q.has("games") else q.stat
    focus = "K" if focus == "SO" and is_pitcher(r) else focus
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
        "subject": subject, "line": line(r, focus, q.cue("pitcher")) or None,
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
        "best_said": "; ".join(f"{pair[0]} for {label('K' if 'pitching' in s else s.split()[0])}, with {number(pair[1])}"
                               for s, pair in best.items() if isinstance(pair, list) and len(pair) == 2
                               and not (s == "SV" and num(pair[1]) < 10)) or None,
        "others_said": join(q.others) if q.others and q.name == name else None,
        "if_guessed": when(q.guessed),
        "award_said": _award_said(r, q),
        "honors_subject": f"In {season}, {name}" if season is not None else name,
        "honors_said": (["the " + a for a in awards] if isinstance(awards, list) else
                        [_times(a, v) for a, v in awards.items()] if isinstance(awards, dict) else None) or None,
        "if_no_honors": when(not awards), "honors_when": f" in {season}" if season is not None else "",
        "missing_what": next((w for w in ("height", "weight", "position", "salary") if q.cue(w)), None),
        "unserved_stat": label(focus) if focus and not any(_as_line(focus) in (r.get(side) or {})
                                                           for side in ("batting", "pitching")) else None,
        "brief_subject": f"In {season} he" if season is not None else "Over his career he",
        **_leagues_fields(r),
    }


def _leagues_fields(r: dict) -> dict:
    """'He played in the Negro National League, the Negro American League and the AL' for a career beyond the AL and
    NL, and that seasons with independent clubs are not in his totals."""
    codes = r.get("league_codes") or []
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
