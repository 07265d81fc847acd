"""The player tool: bio and career line, or one season's line.

Reads players/index.json (names) and one players/<nn>.json shard. Totals are
summed from the season lines here; rates come from summed components.
Leaves out fielding, salaries and postseason stats.

    player(name) -> {"name": "Barry Bonds", "id": "bondsba01", "given"?: ..., "born": "1964-07-24 in Riverside, CA, USA",
       "died"?: "...", "bats": "L", "throws": "L", "years": "1986-2007", "seasons": 22,
       "teams": ["PIT Pittsburgh Pirates", "SFN San Francisco Giants"], "all_star": 14,
       "awards"?: {"MVP": "7: 1990, 1992-1993, 2001-2004", "Gold Glove": "8: 1990-1994, 1996-1998", ...},
       "hall_of_fame"?: 2025, "hof_vote"?: "99.7% of the writers' ballots" | "not elected: best 66.0% ... (2022)",
       "batting"?: {"G", "PA", "AB", "R", "H", "2B", "3B", "HR", "RBI", "SB", "BB", "SO", "AVG", "OBP", "SLG", "OPS"},
       "pitching"?: {"G", "GS", "W", "L", "SV", "IP", "SO", "BB", "ERA", "WHIP"},
       "best": {"HR": [2001, 73], ...}, "note"?: "..."}
    player(name, team="Dodgers") -> the same, from his seasons with that franchise only (no honours)
    player(name, season) -> {"name", "id", "season": 2001, "age": 36, "teams": ["SFN San Francisco Giants"],
       "batting"?: {...}, "pitching"?: {...}, "all_star": true | false, "awards"?: ["MVP", ...], "note"?: "..."}
"""

from __future__ import annotations

from agent_py.tools import Tool, ToolError
from .common import SEASON_SCHEMA, check_season, fit, load, with_season_note
from .names import resolve_player, resolve_team, shard_name, team_in, years_text
from .vocab import AWARDS, LAST_SEASON, NEGRO_LEAGUES, NOT_MAJOR

BAT = ["year", "team", "lg", "G", "AB", "R", "H", "2B", "3B", "HR", "RBI", "SB", "CS", "BB", "SO", "HBP", "SF", "SH", "IBB"]
PIT = ["year", "team", "lg", "W", "L", "G", "GS", "CG", "SHO", "SV", "IPouts", "H", "ER", "HR", "BB", "SO"]


def rate(x: float) -> str:
    text = f"{x:.3f}"
    return text[1:] if text.startswith("0.") else text


def batting_line(rows: list[list]) -> dict | None:
    t = {k: sum(r[i] for r in rows) for i, k in enumerate(BAT) if i >= 3}
    pa = t["AB"] + t["BB"] + t["HBP"] + t["SF"] + t["SH"]
    if pa == 0:
        return None
    line = {"G": t["G"], "PA": pa, "AB": t["AB"], "R": t["R"], "H": t["H"], "2B": t["2B"], "3B": t["3B"],
            "HR": t["HR"], "RBI": t["RBI"], "SB": t["SB"], "BB": t["BB"], "SO": t["SO"]}
    if t["AB"]:
        obp_den = t["AB"] + t["BB"] + t["HBP"] + t["SF"]
        obp = (t["H"] + t["BB"] + t["HBP"]) / obp_den
        slg = (t["H"] + t["2B"] + 2 * t["3B"] + 3 * t["HR"]) / t["AB"]
        line.update({"AVG": rate(t["H"] / t["AB"]), "OBP": rate(obp), "SLG": rate(slg), "OPS": rate(obp + slg)})
    return line


def pitching_line(rows: list[list]) -> dict | None:
    t = {k: sum(r[i] for r in rows) for i, k in enumerate(PIT) if i >= 3}
    if t["G"] == 0:
        return None
    outs = t["IPouts"]
    line = {"G": t["G"], "GS": t["GS"], "W": t["W"], "L": t["L"], "SV": t["SV"], "IP": f"{outs // 3}.{outs % 3}",
            "SO": t["SO"], "BB": t["BB"]}
    if outs:
        line["ERA"] = f"{27 * t['ER'] / outs:.2f}"
        line["WHIP"] = f"{3 * (t['BB'] + t['H']) / outs:.2f}"
    return line


def player(name: str = None, season: int = None, team: str | None = None) -> str:
    if season is not None:
        check_season(season)
    found = resolve_player(name, season)
    if isinstance(found, str):
        return found
    ref, note = found
    rec = load(shard_name(ref.id)).get(ref.id)
    if rec is None:
        return f"error: no data for {ref.name} ({ref.id}); the published data may be out of date."
    bat, pit = rec.get("bat", []), rec.get("pit", [])
    if team is not None:  # only his seasons with that franchise; a career's honours are not the team's
        club = resolve_team(team, season if season is not None else LAST_SEASON)
        if isinstance(club, str):
            return club
        mine = lambda rows: [r for r in rows if getattr(team_in(r[0], r[1]), "franch", None) == club.franch]
        bat, pit = mine(bat), mine(pit)
        if not bat and not pit:
            raise ToolError(f"{ref.name} ({ref.id}) never played for the {club.name}.", "not_on_team", {"club": club.name})
        rec = {k: v for k, v in rec.items() if season is not None or k not in ("as", "aw", "hof", "hof_vote")}
        note = "; ".join(filter(None, [note, f"only his seasons with the {club.name} franchise"]))
    if season is None:
        result = _career(ref, rec, bat, pit)
    else:
        result = _season(ref, rec, season, [r for r in bat if r[0] == season], [r for r in pit if r[0] == season])
        if isinstance(result, str):
            return result
    if note:
        result["note"] = f"{note}; {result['note']}" if "note" in result else note
    leagues = list(dict.fromkeys(r[2] for r in sorted(bat + pit)))
    values = {"league_codes": [] if set(leagues) <= {"AL", "NL"} else [lg for lg in leagues if lg not in NOT_MAJOR]}
    return fit(result, None, drop=("given", "died", "best", "teams", "awards", "not_counted"), values=values)


def _times(years: list[int]) -> str:
    """[1990, 1992, 1993] -> '3: 1990, 1992-1993'."""
    return f"{len(years)}: {years_text(years)}" if len(years) > 1 else str(years[0])


def _hall_of_fame(rec: dict) -> dict:
    """{"hall_of_fame": 2025, "hof_vote": "99.7% of the writers' ballots"} or how close he came; {} if never on it."""
    vote = rec.get("hof_vote") or {}
    if "year" in vote:
        if vote["how"] != "BBWAA":
            how = f"elected by the {vote['by']} committee".replace("committee committee", "committee")
        else:
            how = f"{vote['pct']}% of the writers' ballots" if vote.get("pct") is not None else "elected by the writers"
        return {"hall_of_fame": vote["year"], "hof_vote": how + ("" if vote["category"] == "Player" else
                                                                    f", as a {vote['category'].lower()}")}
    if rec.get("hof"):
        return {"hall_of_fame": rec["hof"]}
    if "best" in vote:
        year, pct = vote["best"]
        return {"hof_vote": f"not elected: best {pct}% of the writers' ballots ({year}), on {vote['ballots']} ballots"}
    return {}


def _team_names(rows: list[list]) -> list[str]:
    """'CLE Cleveland Indians', 'CLE Cleveland Guardians': each team he played for, under each name it had then."""
    seen: dict[str, None] = {}
    for r in sorted(rows):
        row = team_in(r[0], r[1])
        seen[f"{r[1]} {row.name if row else r[1]}"] = None
    return list(seen)


def _is_pitcher(bat_line: dict | None, pit_line: dict | None) -> bool:
    return bool(pit_line) and (not bat_line or pit_line["G"] * 2 >= bat_line["G"])


def is_pitcher(pid: str, season: int | None = None) -> bool:
    """Whether the player was mainly a pitcher (that season): which of namesakes a batting or pitching stat means."""
    rec = load(shard_name(pid)).get(pid) or {}
    rows = lambda side: [r for r in rec.get(side, []) if season is None or r[0] == season]
    return _is_pitcher(batting_line(rows("bat")), pitching_line(rows("pit")))


def league_of(pid: str, season: int) -> str | None:
    """The league he played in that season (his first, if he played in both)."""
    rec = load(shard_name(pid)).get(pid) or {}
    return next((r[2] for r in sorted(rec.get("bat", []) + rec.get("pit", [])) if r[0] == season), None)


def _counted(rows: list[list]) -> list[list]:
    """His major-league rows (independent clubs' seasons are not counted), or every row if he has none."""
    major = [r for r in rows if r[2] not in NOT_MAJOR]
    return major if major else rows


def _leagues(bat: list, pit: list) -> dict:
    """{"leagues": "NNL, NN2, NAL, AL" (major ones), "not_counted"?: "..."} for a career beyond the AL and NL."""
    leagues = list(dict.fromkeys(r[2] for r in sorted(bat + pit)))
    if set(leagues) <= {"AL", "NL"}:
        return {}
    out = {"leagues": ", ".join(lg for lg in leagues if lg not in NOT_MAJOR) or "none major"}
    off = sorted({r[0] for r in bat + pit if r[2] in NOT_MAJOR})
    if off and any(r[2] not in NOT_MAJOR for r in bat + pit):
        out["not_counted"] = f"{years_text(off)} with independent clubs: not in these totals (not major-league)"
    elif off:
        out["not_counted"] = "all his seasons are with independent clubs (not major-league)"
    return out


def _career(ref, rec: dict, bat: list, pit: list) -> dict:
    extra = _leagues(bat, pit)
    b, p = batting_line(_counted(bat)), pitching_line(_counted(pit))
    years = sorted({r[0] for r in bat + pit})
    result = {"name": ref.name, "id": ref.id}
    if rec.get("given"):
        result["given"] = f"{rec['given']} {ref.last}"
    if rec.get("born"):
        result["born"] = rec["born"] + (f" in {rec['from']}" if rec.get("from") else "")
    if rec.get("died"):
        result["died"] = rec["died"]
    result.update({"bats": rec.get("bats", "?"), "throws": rec.get("throws", "?"),
                   "years": f"{years[0]}-{years[-1]}", "seasons": len(years)})
    if years[-1] == LAST_SEASON:  # still playing when the data ends: the totals are so far
        result["totals"] = f"through {LAST_SEASON}"
    teams = _team_names(bat + pit)
    result["teams"] = teams if sum(len(t) for t in teams) < 420 else sorted({r[1] for r in bat + pit})
    result.update(extra)
    result["all_star"] = len(rec.get("as", []))
    if rec.get("aw"):
        result["awards"] = {AWARDS[code][0]: _times(years) for code, years in sorted(rec["aw"].items()) if code in AWARDS}
    result.update(_hall_of_fame(rec))
    pitcher = _is_pitcher(b, p)
    if b and (not pitcher or b["PA"] >= 300):
        result["batting"] = b
    if p:
        result["pitching"] = p
    result["best"] = _best(bat, pit, pitcher)
    return result


def _best(bat: list, pit: list, pitcher: bool) -> dict:
    """Career-high seasons: {"HR": [year, n], ...} for the stats that describe the player."""
    best = {}
    per_year: dict[int, dict] = {}
    for rows, cols in ((bat, BAT), (pit, PIT)):
        for r in rows:
            y = per_year.setdefault(r[0], {"bat": {}, "pit": {}})["bat" if cols is BAT else "pit"]
            for i, c in enumerate(cols[3:], start=3):
                y[c] = y.get(c, 0) + r[i]
    wanted = (("pit", "W"), ("pit", "SO"), ("pit", "SV")) if pitcher else (("bat", "HR"), ("bat", "H"), ("bat", "SB"))
    for side, stat in wanted:
        year, vals = max(per_year.items(), key=lambda kv: (kv[1][side].get(stat, 0), -kv[0]))
        if vals[side].get(stat, 0) > 0:
            best[f"{stat} (pitching)" if side == "pit" and stat == "SO" else stat] = [year, vals[side][stat]]
    return best


def _season(ref, rec: dict, season: int, bat: list, pit: list) -> dict | str:
    if not bat and not pit:
        years = sorted({r[0] for r in rec.get("bat", []) + rec.get("pit", [])})
        raise ToolError(f"{ref.name} ({ref.id}) did not play in {season}; he played {years[0]}"
                        + (f"-{years[-1]} ({len(years)} seasons)." if len(years) > 1 else " only."),
                        "not_that_season", {"got": season})
    result = {"name": ref.name, "id": ref.id, "season": season}
    born = rec.get("born", "")
    if born[:4].isdigit():
        month = int(born[5:7]) if len(born) >= 7 else 1
        result["age"] = season - int(born[:4]) - (1 if month >= 7 else 0)
    result["teams"] = _team_names(bat + pit)
    leagues = list(dict.fromkeys(r[2] for r in bat + pit))
    if not set(leagues) <= {"AL", "NL"}:
        result["league"] = ", ".join(leagues)
        if set(leagues) & set(NOT_MAJOR):
            result["not_major"] = "independent-club rows (not major-league: not in careers or leaderboards)"
    b, p = batting_line(bat), pitching_line(pit)
    if b and (not _is_pitcher(b, p) or b["PA"] >= 50):
        result["batting"] = b
    if p:
        result["pitching"] = p
    result["all_star"] = season in rec.get("as", [])
    won = [AWARDS[code][0] for code, years in sorted(rec.get("aw", {}).items()) if season in years and code in AWARDS]
    if won:
        result["awards"] = won
    return with_season_note(result, season)


TOOL = Tool(
    "player",
    "Returns a player's bio and career batting/pitching line, or one season's line. "
    "Use it for questions about one player.",
    {
        "type": "object",
        "properties": {
            "name": {"type": "string", "description":
                     "Accents optional; Jr./Sr. or a season tells namesakes apart."},
            "season": {**SEASON_SCHEMA, "description": "Omit for the career."},
            "team": {"type": "string", "description": "His seasons with this team only."},
        },
        "required": ["name"],
    },
    player,
)
