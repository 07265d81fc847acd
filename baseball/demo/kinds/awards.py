"""An award's winners and votes, and the Hall of Fame's classes (the awards tool)."""

from __future__ import annotations

from ...vocab import AWARDS, POSITIONS
from ..phrase import join, when
from ..read import Question
from ..words import LATEST

TOOL = "awards"


def args(q: Question) -> dict | list:
    args: dict = {"award": AWARDS[q.award][0]}
    if q.year is not None:
        args["season"] = q.year
    if q.league and q.award != "HOF":
        args["league"] = q.league
    if q.award == "TC" and not q.has("batting"):  # "the Triple Crown": the batting one and the pitching one
        return [args, {**args, "award": AWARDS["PTC"][0]}]
    return args


SENTENCES: dict[str, str] = {
    "won": "{if_won}Yes: {name} won the {where_won}{award} in {season}{vote_won}.",
    "not_won": "{if_not_won}No: {name} did not win the {award} in {season}; it went to {winners_said:and}.",
    "winners": "The {season} {award_where} went to {winners_said:and}.",
    "runner_up": "{runners_up}",
    "most": "{most_name} won the {award} the most, {most_times} times ({most_years}){most_next}.",
    "most_tied": "{most_tied:and} share the most {award} wins, {most_times} times each{most_next}.",
    "latest": "The latest, in {latest_season}, went to {latest_said:and}.",
    "hof_player": "In {season}, {name} {hof_got}.",
    "hof": "The Hall of Fame class of {season}: {inducted_said:and}.",
    "hof_missed": "Falling short on the writers' ballot: {missed_said:and}.",
    "hof_none": "{if_hof_none}No one was elected to the Hall of Fame in {season}.",
}


ORDER: list[tuple[str, tuple[str, ...]]] = [("", ("won|not_won|winners|hof_player|hof|hof_none|most|most_tied", "runner_up|hof_missed|latest"))]


def fields(r: dict, q: Question) -> dict:
    award = str(r.get("award", ""))
    short = AWARDS.get(q.award or "", (award,))[0] if q.award != "HOF" else "Hall of Fame"
    winners = r.get("winner_list") or {}
    both = len(winners) > 1

    def people(lg: str, names: list[dict]) -> list[str]:
        at = q.position if not q.position or any(w["position"] == q.position for w in names) or \
            q.position not in ("LF", "CF", "RF") else "OF"  # before 2011, and some years after, outfielders are OF
        shown = [said_winner(w) for w in names if not at or w["position"] == at]
        where = f" in the {lg}" if both and lg in ("AL", "NL") else ""
        return [f"{x}{where}" for x in shown[:5]] + ([f"{len(shown) - 5} more"] if len(shown) > 5 else [])

    said = [p for lg, names in winners.items() for p in people(lg, names)]
    mine = [lg for lg, names in winners.items() for w in names if q.name and q.name in w["name"]]
    votes = r.get("vote_list") or {}
    top_vote = next((v[0] for lg, v in votes.items() if v and (not mine or lg == mine[0])), None)
    most = r.get("most_won") if isinstance(r.get("most_won"), list) else []
    tied = [x for x in most if x["times"] == most[0]["times"]] if most and "season" not in r and not q.has(*LATEST) else []
    latest = r.get("latest_list") or {}
    hall = r.get("award") == "Hall of Fame"
    out = {
        "award": short,
        "award_where": (f"{next(iter(winners))} " if len(winners) == 1 and next(iter(winners)) in ("AL", "NL") else "")
                       + (short + "s" if short.endswith(("Glove", "Slugger", "Award")) else
                          short + " awards" if both else short),
        "name": q.name, "if_won": when(bool(mine)),
        "where_won": f"{mine[0]} " if mine and mine[0] in ("AL", "NL") else "",
        "vote_won": (f", with {top_vote['points']} of {top_vote['most']} points and {top_vote['first']} first-place votes"
                     if top_vote and mine else ""),
        "if_not_won": when(bool(q.name and winners and not mine)),
        "winners_said": said or None,
        "runners_up": " ".join(f"Second in the {lg} vote: {v[1]['name']}." for lg, v in votes.items()
                               if len(v) > 1 and not q.name) or None,
        "most_name": tied[0]["name"] if len(tied) == 1 else None,  # none when the latest is asked, not the most often
        "most_tied": [f"{x['name']} ({x['years']})" for x in tied] if len(tied) > 1 else None,
        "most_times": most[0]["times"] if most else None, "most_years": most[0]["years"] if most else None,
        "most_next": ("; next " + join([f"{x['name']} with {x['times']}" for x in most[len(tied):len(tied) + 2]]))
        if len(most) > 1 and len(tied) <= 1 else "",  # after a tie, whoever follows is one of many
        "latest_season": (r.get("latest") or {}).get("season"),
        "latest_said": [said_winner(w) for names in latest.values() for w in names][:4] or None,
        "inducted_said": [f"{x['name']} ({_how(x)})" for x in r.get("inducted_list") or []] or None,
        "missed_said": [f"{x['name']} with {x['pct']} percent" for x in r.get("close_list") or [] if not q.name] or None,
        "hof_got": _hof_got(r, q.name) if q.name and hall else None,
        "if_hof_none": when(hall and not r.get("inducted_list")),
        "preface": _class_count(r, q) if hall and q.has("how many", "number of") and not q.name else "",
    }
    if mine:
        out["winners_said"] = None
    return out


def _class_count(r: dict, q: Question) -> str:
    """'3 players (4 people in all) were inducted into the Hall of Fame in 2020. ', or the people counted."""
    people = r.get("inducted_list") or []
    players = sum(1 for x in people if x["category"] == "Player")
    said = lambda k, one, many: f"{k} {one if k == 1 else many}"  # noqa: E731
    if not people:
        return ""
    if q.has("players", "player"):
        return (f"{said(players, 'player', 'players')} ({said(len(people), 'person', 'people')} in all) "
                f"{'was' if players == 1 else 'were'} inducted into the Hall of Fame in {r.get('season')}. ")
    return f"{said(len(people), 'person was', 'people were')} inducted into the Hall of Fame in {r.get('season')}. "


def said_winner(w: dict) -> str:
    """'shortstop Anthony Volpe' (a Gold Glove's position said), 'Shohei Ohtani'."""
    return f"{POSITIONS[w['position']][0]} {w['name']}" if w.get("position") in POSITIONS else w["name"]


def _how(x: dict) -> str:
    """How an inductee was elected, as said: '99.7%' (the writers' share), 'manager, veterans committee'."""
    what = "" if x["category"] == "Player" else f"{x['category'].lower()}, "
    if not what and x["how"] == "writers" and x["pct"] is not None:
        return f"{x['pct']}%"
    return f"{what}{x['how']}" + (f", {x['pct']}%" if x["pct"] is not None else "")


def _hof_got(r: dict, name: str) -> str:
    """How one player fared in a Hall of Fame election, from the class and the near misses."""
    elected = next((x for x in r.get("inducted_list") or [] if x["name"] == name), None)
    if elected:
        return f"was elected to the Hall of Fame ({_how(elected)})"
    near = next((x for x in r.get("close_list") or [] if x["name"] == name), None)
    if near:
        return f"got {near['pct']}% of the writers' ballots, short of the 75 percent needed"
    return "was not elected to the Hall of Fame, and did not reach half of the writers' ballots"
