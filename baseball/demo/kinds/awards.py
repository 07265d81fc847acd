"""An award's winners and votes, and the Hall of Fame's classes (the awards tool)."""

from __future__ import annotations

import re

from ...vocab import AWARDS
from ..phrase import join, when, winner
from ..read import Question

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
    "latest": "The latest, in {latest_season}, went to {latest_said:and}.",
    "hof_player": "In {season}, {name} {hof_got}.",
    "hof": "The Hall of Fame class of {season}: {inducted_said:and}.",
    "hof_missed": "Falling short on the writers' ballot: {missed_said:and}.",
    "hof_none": "{if_hof_none}No one was elected to the Hall of Fame in {season}.",
}


ORDER: list[tuple[str, tuple[str, ...]]] = [("", ("won|not_won|winners|hof_player|hof|hof_none|most", "runner_up|hof_missed|latest"))]


def fields(r: dict, q: Question) -> dict:
    award = str(r.get("award", ""))
    short = AWARDS.get(q.award or "", (award,))[0] if q.award != "HOF" else "Hall of Fame"
    winners = r.get("winners") if isinstance(r.get("winners"), dict) else {}
    both = len(winners) > 1

    def people(lg: str, names: list) -> list[str]:
        at = q.position if not q.position or any(str(n).startswith(q.position + " ") for n in names) or \
            q.position not in ("LF", "CF", "RF") else "OF"  # before 2011, and some years after, outfielders are OF
        shown = [winner(n) for n in names if not at or str(n).startswith(at + " ")]
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
        "latest_said": [winner(n) for names in latest.values() for n in names][:4] or None,
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
