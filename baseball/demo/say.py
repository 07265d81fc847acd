"""Phrasing the answer: the dispatch from a tool's result to the kind that phrases it (kinds/).

``answer(tool, result, question) -> str``: one to three short sentences, for
reading aloud (records as "114 wins and 48 losses", counts with thousands
separators, no symbols a voice trips on). The kind of the tool has named
sentence templates and an order that puts what was asked first (keyed by the
question's cue groups or the intent); a template whose fields the result lacks
is left out. Fields are the result's own, plus those the kind derives.

An ``error:`` result is relayed in the demo's words (texts.ERRORS) or the tool's own, with its suggestion.
"""

from __future__ import annotations

import json
from dataclasses import replace

from ..names import players_table, resolve_player, resolve_team, split_name, teams_table
from ..vocab import AWARDS, FIRST_SEASON, HALL_OF_FAME_THROUGH, LAST_SEASON, STATS, key
from . import kinds
from .kinds import BY_INTENT, BY_SQL, BY_TOOL
from .phrase import fill, join, label, relay_error, speakable, values
from .read import Question
from .texts import DECLINE, GAME_EVENTS_DEFAULT, UNREAD_OFFER, UNREAD_WHY
from .words import GAME_EVENTS


def answer(tool: str, result: dict, q: Question, intent: str = "") -> str:
    """The answer to the question from one tool result (the loop's: content, error, values, code)."""
    content = str(result.get("content", ""))
    if result.get("error") or content.startswith("error:"):
        return relay_error(content, q, result.get("code"), result.get("values"))
    if tool == "sql" and intent in BY_SQL:
        try:
            table = values(result)
            rows = [_named(dict(zip(table.get("columns") or [], row))) for row in table.get("rows") or []]
            return speakable(BY_SQL[intent].say(rows, q))
        except Exception:
            return _generic(content)
    try:
        r = values(result)
        kind = BY_INTENT.get(intent) or BY_TOOL[tool]
        fields = {**r, **kind.fields(r, q)}
    except Exception:  # a result this phrasing does not know: its plain fields
        return _generic(content)
    said = []
    for choice in next(names for cue, names in kind.ORDER if not cue or cue == intent or _holds(q, cue)):
        said.append(next((s for s in (fill(kind.SENTENCES[n], fields) for n in choice.split("|")) if s), ""))
    text = fields.get("preface", "") + " ".join(s for s in said if s)
    return speakable(text) if text.strip() else _generic(content)


def _named(row: dict) -> dict:
    """A row that names a player by id (calls.NAME) with the name the site gives him ('Ken Griffey Jr.')."""
    found = players_table()["by_id"].get(row.get("pid") or "")
    return {**row, "name": found.name} if found else row


def _holds(q: Question, name: str) -> bool:
    return q.cue(name) or name == "runs_asked" and q.stat == "R"


def about(tool: str, result: dict, q: Question) -> Question:
    """The reading with the answer's subject, the player or team a next "he" or "they" means: a season's
    leader, an award's winner, the team the season answer was about (and the team it beat), a team's best
    hitter, the projection's top bat."""
    try:
        r = values(result)
    except ValueError:
        return q
    season = r.get("season") if isinstance(r.get("season"), int) else None
    first = lambda rows: rows[0].get("name") if isinstance(rows, list) and rows and isinstance(rows[0], dict) else None
    winners = [w["name"] for names in (r.get("winner_list") or {}).values() for w in names]
    team, loser = kinds.season.subject(r, q) if tool == "season" else (r.get("team"), None)
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


def _generic(content: str) -> str:
    try:
        data = json.loads(content)
    except ValueError:
        return "The tool returned something I could not read, so I have no answer from the data."
    bits = [f"{k.replace('_', ' ')} {v}" for k, v in data.items() if isinstance(v, (str, int, float))] \
        if isinstance(data, dict) else []
    return speakable("Here is what the data says: " + "; ".join(bits[:8]) + ".") if bits else \
        "The tool's result had no fields I could read out."


def several(tool: str, results: list[dict], q: Question, intent: str) -> str:
    """Answers from several results of one tool (each league's leaders, both Triple Crowns, both projection
    boards): the ones that answer, errors left out unless nothing else answers; a player on one board only."""
    good = [r for r in results if not r.get("error")] or results[:1]
    if tool == "forecast" and q.name:
        good = [r for r in good if any(x.get("name") == q.name for x in values(r).get("board") or []
                                       if isinstance(x, dict))] or good[:1]
    return " ".join(answer(tool, r, q, intent) for r in good)


def decline(intent: str, q: Question) -> str:
    """Why the demo will not answer this kind of question, and the nearest question it can."""
    year = q.year if q.year is not None and FIRST_SEASON <= q.year <= LAST_SEASON else 2016
    stat = q.stat or ("ERA" if q.has("cy young") else "HR")
    rows = [r for r in teams_table()["rows"] if r.franch == q.franchise]
    team = split_name(rows[-1].name)[1] if rows else "Cubs"  # "Red Sox", not "Sox"
    league = {"AL": "the AL", "NL": "the NL"}.get(q.league or "", "the majors")
    played = [r.year for r in rows] or [year]  # the team's example season: one it played
    fields = dict(year=year, label=label(stat), league=league, team=team,
                  team_year=year if year in played else played[-1])
    if intent == "unread":
        awards = ", ".join(forms[0] for code, forms in AWARDS.items() if code != "HOF") + " and the Hall of Fame"
        why = UNREAD_WHY.get(q.unread_why or "", UNREAD_WHY["qualifier"]).format(unread=q.unread, awards=awards)
        fields.update(unread_why=why, unread_offer=UNREAD_OFFER.format(**fields))
    if intent == "game":
        fields.update(events=next((said for phrase, said in GAME_EVENTS.items() if q.has(phrase)), GAME_EVENTS_DEFAULT))
    if intent == "reversed":
        low = stat in STATS and STATS[stat].kind == "rate2low"
        fields.update(board_end="lowest" if low else "highest", asked="highest " + label(stat) if low else
                      ("fewest " if STATS.get(stat) and STATS[stat].kind == "count" else "lowest ") + label(stat))
    if intent == "which_player":
        fields.update(names=join(q.ambiguous, "or"), example=q.ambiguous[0].split(" (")[0])
    if intent in ("award_position", "award_stat"):
        fields.update(award_name=AWARDS[q.award][0] if q.award in AWARDS else "award")
    if intent == "award_years":
        name = AWARDS[q.award][0] if q.award in AWARDS else "award"
        fields.update(award=f"{name} class" if q.award == "HOF" else f"{name} winners",
                      award_example=f"who was inducted into the Hall of Fame in {min(year, HALL_OF_FAME_THROUGH)}?"
                      if q.award == "HOF" else f"who won the {name} in {year}?")
    return DECLINE[intent].format(**fields)
