"""The franchises with the most World Series titles, Negro World Series titles or pennants (the sql tool: titles
from SeriesPost, won outright as franchise.py counts them; pennants from Teams.LgWin), each franchise under its
latest name."""

from __future__ import annotations

from ..phrase import join
from ..read import Question
from . import franchise

TOOL = "sql"
_NAME = "(SELECT name FROM Teams n WHERE n.franchID = {f} ORDER BY n.yearID DESC LIMIT 1) AS name"
# The first five and any tied with the fifth.
_TOP = ("SELECT name, titles, last FROM (SELECT *, RANK() OVER (ORDER BY titles DESC) AS place FROM ({counts})) "
        "WHERE place <= 5 ORDER BY titles DESC, last DESC")
_SERIES = _TOP.format(counts="SELECT " + _NAME.format(f="w.franchID") + ", COUNT(*) AS titles, MAX(s.yearID) AS last "
                             "FROM SeriesPost s JOIN Teams w ON w.yearID = s.yearID AND w.teamID = s.teamIDwinner "
                             "WHERE " + franchise.WON_OUTRIGHT + "{league} GROUP BY w.franchID")
_PENNANTS = _TOP.format(counts="SELECT " + _NAME.format(f="t.franchID") + ", SUM(t.LgWin = 'Y') AS titles, "
                               "MAX(CASE WHEN t.LgWin = 'Y' THEN t.yearID END) AS last FROM Teams t WHERE 1 = 1{league} "
                               "GROUP BY t.franchID")
# A league named ('which NL team has the most pennants'): the titles won in it.
_IN_LEAGUE = {"negro_ws": "", "world_series": " AND s.lgIDwinner = '{}'", "rings": " AND s.lgIDwinner = '{}'",
              "pennant": " AND t.lgID = '{}'"}
# What is counted (the first whose cue the question has), as the answer says it, and its statement.
TITLES = (("negro_ws", "Negro World Series titles", _SERIES.replace("{round}", "NWS")),
          ("world_series", "World Series titles", _SERIES.replace("{round}", "WS")),
          ("pennant", "pennants", _PENNANTS),
          ("rings", "World Series titles", _SERIES.replace("{round}", "WS")))
# The World Series before the modern one (1903 on), which SeriesPost counts as round 'WS' too.
_EARLY = "1884 to 1890"
# Who else could have "the most": a player's, a manager's or a game's count is not a franchise's.
_NOT_FRANCHISE = ("player", "players", "pitcher", "pitchers", "manager", "managers", "guy", "games", "game",
                  "mvp", "mvps", "hitter", "catcher")


def _counted(q: Question) -> tuple[str, str, str] | None:
    return next((t for t in TITLES if q.cue(t[0])), None)


def asked(q: Question) -> bool:
    """'who won the most world series', 'which team has the most pennants': titles ranked over the franchises, with
    no team, player, season or award named, nothing the reading did not take in, and no one else to count."""
    return bool(_counted(q)) and q.has("most") and not (q.team or q.player or q.year is not None or q.award
                                                        or q.unread or q.has(*_NOT_FRANCHISE, *franchise.NOT_WON))


def args(q: Question) -> dict:
    cue, _, template = _counted(q)
    league = _IN_LEAGUE[cue].format(q.league) if q.league in ("AL", "NL") else ""
    return {"sql": template.replace("{league}", league)}


def say(rows: list[dict], q: Question) -> str:
    what = _counted(q)[1] if q.league not in ("AL", "NL") else f"{q.league} {_counted(q)[1]}"
    rows = [r for r in rows if r.get("titles")]
    if not rows:
        return f"The database has no {what} winners."
    best = [r for r in rows if r["titles"] == rows[0]["titles"]]
    rest = [f"the {r['name']} with {r['titles']}" for r in rows if r not in best]
    text = (f"The {join([r['name'] for r in best])} {'have' if len(best) == 1 else 'share'} the most {what}, "
            f"{rows[0]['titles']}" + (f" (the last in {rows[0]['last']})" if len(best) == 1 else "") + ".")
    if rest:
        text += f" Next come {join(rest)}."
    early = f"; the {_EARLY} series between the National League's and the American Association's champions count " \
        "too" if what.endswith("World Series titles") and q.league != "AL" else ""
    return text + f" Each franchise is counted under all its names{early}."
