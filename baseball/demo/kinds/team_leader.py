"""A team's leaders in a counting stat (the sql tool, Batting or Pitching; the team_season tool ranks a team's hitters
by OPS only): one season's ('who led the tigers in wins in 1968'), or, with no season said, the franchise's over all
its seasons under any name ('who stole the most bases for the royals'), or under an old name said ('the expos')."""

from __future__ import annotations

import re

from ...vocab import STATS, TEAM_GAMES_SQL, qualified_sql
from ...names import teams_table
from ..calls import NAME, said_given, team_name, team_row
from ..phrase import join, label, number, rate_said, say_stat
from ..read import Question
from ..words import ALLOWED

TOOL = "sql"
# stat -> (table, column) in the release's tables; a rate or innings are not summed here.
COLUMNS = {"HR": ("Batting", "HR"), "H": ("Batting", "H"), "R": ("Batting", "R"), "RBI": ("Batting", "RBI"),
           "SB": ("Batting", "SB"), "BB": ("Batting", "BB"), "SO": ("Batting", "SO"), "2B": ("Batting", '"2B"'),
           "3B": ("Batting", '"3B"'), "W": ("Pitching", "W"), "L": ("Pitching", "L"), "SV": ("Pitching", "SV"),
           "K": ("Pitching", "SO"), "SHO": ("Pitching", "SHO"), "CG": ("Pitching", "CG"), "G": ("Batting", "G"),
           **{code: ("Pitching", column) for code, _, column in ALLOWED.values()}}  # what pitchers gave up
# A player's total for the team: over the seasons asked, or (SINGLE) in each one season, the best of them first.
_LEADERS = ("SELECT " + NAME + ", SUM(x.{column}) AS value, MAX(x.yearID) AS year FROM {table} x JOIN People p "
            "ON p.playerID = x.playerID {join}WHERE {where} GROUP BY x.playerID{by_season} ORDER BY value DESC LIMIT 5")
# A rate, in one season only, among the team's players qualified as for its league's title (vocab.qualified_sql):
# stat -> (table, the rate, what the qualifier counts, the best end first, as said).
PA = "SUM(x.AB + x.BB + COALESCE(x.HBP, 0) + COALESCE(x.SF, 0) + COALESCE(x.SH, 0))"  # plate appearances
RATES = {"ERA": ("Pitching", "27.0 * SUM(x.ER) / SUM(x.IPouts)", "SUM(x.IPouts)", "ASC",
                 "pitchers with an inning pitched per team game"),
         "AVG": ("Batting", "1.0 * SUM(x.H) / SUM(x.AB)", PA, "DESC",
                 "hitters with 3.1 plate appearances per team game")}
_RATE_LEADERS = ("WITH " + TEAM_GAMES_SQL.format(years="yearID = {year}") + " SELECT " + NAME + ", {rate} AS value "
                 "FROM {table} x JOIN People p ON p.playerID = x.playerID JOIN team_games g ON g.yearID = x.yearID AND "
                 "g.teamID = x.teamID WHERE x.yearID = {year} AND x.teamID = '{team}' GROUP BY x.playerID HAVING "
                 "{qualified} ORDER BY value {way} LIMIT 5")
# Who is asked for, or the ranking: a person, not whether the team itself led ('did the tigers lead the league').
WHO = ("who", "which player", "which pitcher", "which hitter", "what player", "what pitcher", "whos", "most",
       "leader", "leaders", "led", "best")  # 'best era on the 1995 braves': a pitcher's, not the team's
NOT_WHO = (" did ", " do ", " does ", " were ", " was ", " have ", " has ", " is ", " are ")
# The best one season for the team ('the most home runs in a season by a yankee').
SINGLE = ("in a season", "in one season", "in a single season", "single season", "one season", "1 season")


def stat(q: Question) -> str | None:
    """The stat ranked: the one said, or for a team's best pitcher or ace, ERA (as the leaders' best pitcher is)."""
    if said_given(q):
        return ALLOWED[q.stat][0]  # 'who gave up the most home runs for the orioles': a pitcher's
    return q.stat or ("SV" if q.cue("closer") and q.cue("leader") else "ERA" if q.cue("best_arm") else None)


def asked(q: Question) -> bool:
    """A team's leader in a stat this kind sums, of a season or of all its seasons."""
    return bool(q.team) and (stat(q) in COLUMNS or stat(q) in RATES and q.year is not None) \
        and (q.has(*WHO) or q.cue("best_arm") or _single(q)) and not q.text.startswith(NOT_WHO) \
        and not (q.player or q.also)


def _single(q: Question) -> bool:
    return q.year is None and q.has(*SINGLE)


def args(q: Question) -> dict | None:
    if q.year is not None:
        row = team_row(q, q.year)
        if row is None or not re.fullmatch(r"[A-Z0-9]+", row.id):
            return None
        if stat(q) in RATES:
            table, rate, counted, way, _ = RATES[stat(q)]
            return {"sql": _RATE_LEADERS.format(rate=rate, table=table, year=q.year, team=row.id, way=way,
                                                qualified=qualified_sql(counted, "MAX(g.G)", table == "Pitching"))}
    table, column = COLUMNS[stat(q)]
    if q.year is not None:
        where, join_ = f"x.yearID = {q.year} AND x.teamID = '{row.id}'", ""
    else:
        if not re.fullmatch(r"[A-Z0-9]+", q.franchise or ""):
            return None
        era = _era(q)
        named = f" AND t.name IN ({', '.join(_quoted(n) for n in era)})" if era else ""
        where, join_ = f"t.franchID = '{q.franchise}'{named}", "JOIN Teams t ON t.yearID = x.yearID AND t.teamID = x.teamID "
    return {"sql": _LEADERS.format(column=column, table=table, join=join_, where=where,
                                   by_season=", x.yearID" if _single(q) else "")}


def say(rows: list[dict], q: Question) -> str:
    rows = [r for r in rows if r.get("value") is not None and (r["value"] or stat(q) in RATES)]
    era = _era(q)
    team = f"the {q.year} {team_name(q, q.year)}" if q.year is not None else f"the {join(era) if era else _latest(q)}"
    over = "" if q.year is not None else " over their seasons under that name" if era else \
        " over the franchise's history (every season, under any of its names)"
    if _single(q) and rows:
        said = lambda r: f"{r['name']} ({number(r['value'])} in {r['year']})"  # noqa: E731
        return (f"The most {label(stat(q))} in one season for {team}{over}: {said(rows[0])}. "
                f"Next: {join([said(r) for r in rows[1:4]])}.")
    if not rows and stat(q) in RATES:
        kind, need = RATES[stat(q)][4].split(" with ")
        return (f"No {kind[:-1]} of {team} had {need}, so none qualified for the {label(stat(q))} title; I rank a "
                f"team's {label(stat(q))} among its qualified {kind} only.")
    if not rows:
        return f"The database has no {label(stat(q))} for {team}{over}."
    if stat(q) in RATES:
        code = stat(q)
        rest = [f"{r['name']} ({rate_said(code, r['value'])})" for r in rows[1:4]]
        return (f"Among {RATES[code][4]}, {rows[0]['name']} led {team} in {label(code)}, with "
                f"{say_stat(code, rate_said(code, rows[0]['value']))}."
                + (f" Next: {join(rest)}." if rest else ""))
    best = [r for r in rows if r["value"] == rows[0]["value"]]
    rest = [f"{r['name']} ({number(r['value'])})" for r in rows[:4] if r not in best]
    text = f"{join([r['name'] for r in best])} led {team} in {label(stat(q))}{over}, with " \
        f"{say_stat(stat(q), rows[0]['value'])}."
    return text + (f" Next: {join(rest)}." if rest else "")


def _franchise_rows(q: Question) -> list:
    return [r for r in teams_table()["rows"] if r.franch == q.franchise]


def _latest(q: Question) -> str:
    rows = _franchise_rows(q)
    return rows[-1].name if rows else (q.team or "team").title()


def _era(q: Question) -> list[str]:
    """The franchise's names the team said was called by, when that is an old name of it ('the expos': the Montreal
    Expos' seasons, not the Nationals'); [] when it is the franchise's name now (all its seasons count)."""
    said = {teams_table()["rows"][i].name for i in teams_table()["aliases"].get(q.team or "", ())}
    names = sorted({r.name for r in _franchise_rows(q)} & said)
    return [] if not names or _latest(q) in names else names


def _quoted(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"
