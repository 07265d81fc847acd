"""Truths for the demo's conversation and phrasing tests, straight from the raw Lahman tables.

Everything here reads the parquet tables through ``conftest_data.raw_tables`` (zipfile + pyarrow)
and indexes them once per session; none of pipeline/'s or agent_py's code is used, so a fact
computed here is an independent check of what the demo says. Names are compared folded
(accents, case and punctuation dropped: "Ronald Acuña" ~ "ronaldacuna", "J. T. Realmuto" ~ "jtrealmuto").

Also here: ``ask``, which drives the real loop with the real demo model and tools, ``check``, the one
way every module judges an answer (the tool it must reach, the arguments where they matter, what the answer
must and must not say, and for a question no tool here answers, an honest sentence saying so), the modules'
harness (``case``, ``turn``, ``convo``, the phrases a decline must use; the ``published`` fixture is in
conftest.py) and the truths (as pieces an answer must say) they share.
"""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
import unicodedata
from collections import defaultdict
from functools import lru_cache
from pathlib import Path

import pytest
from conftest_data import raw_tables

from baseball.vocab import FORECAST_SEASON, LAST_SEASON

LAST, NEXT = LAST_SEASON, FORECAST_SEASON  # the data's last season (2025) and the projection's (2026)

SYSTEM = "You answer baseball questions with the tools."


# ---------------------------------------------------------------- text


def fold(text: str) -> str:
    """'Ronald Acuña Jr.' -> 'ronaldacunajr': what a name comparison should ignore, dropped."""
    text = unicodedata.normalize("NFKD", str(text))
    return re.sub(r"[^a-z0-9]", "", "".join(c for c in text if not unicodedata.combining(c)).lower())


def said(text: str) -> str:
    """An answer as compared: folded, but keeping spaces between words and digits ('4 games to 3')."""
    text = unicodedata.normalize("NFKD", str(text))
    text = "".join(c for c in text if not unicodedata.combining(c)).lower()
    return " " + re.sub(r"\s+", " ", re.sub(r"[^a-z0-9,.' ]", " ", text.replace("-", " "))).strip() + " "


def says(answer: str, piece) -> bool:
    """Whether the answer says this piece: a name (folded) or a phrase/number (word-bounded)."""
    piece = str(piece)
    if re.fullmatch(r"[\d,.]+", piece):  # a number: not inside a longer one ('62' is not in '162')
        return re.search(r"(?<![\d,.])" + re.escape(piece) + r"(?![\d]|,\d)", answer) is not None
    if re.search(r"[a-z]", piece, re.I) and not re.search(r"\d", piece):
        return fold(piece) in fold(answer)
    return re.search(r"(?<![\w.])" + re.escape(said(piece).strip()), said(answer)) is not None


# ---------------------------------------------------------------- the tables, indexed once


def n(value: str) -> int:
    return int(value) if value not in ("", None) else 0


def _rate(stat: str, t: dict) -> float:
    """AVG, OBP, SLG or OPS from summed batting columns."""
    obp = (t["H"] + t["BB"] + t["HBP"]) / max(1, t["AB"] + t["BB"] + t["HBP"] + t["SF"])
    slg = (t["H"] + t["2B"] + 2 * t["3B"] + 3 * t["HR"]) / max(1, t["AB"])
    return {"AVG": t["H"] / max(1, t["AB"]), "OBP": obp, "SLG": slg, "OPS": obp + slg}[stat]


class Truth:
    """Direct answers from the raw tables."""

    def __init__(self):
        raw = raw_tables()
        self.raw = raw
        self.people = {p["playerID"]: p for p in raw("People")}
        self.by_name: dict[str, list[str]] = defaultdict(list)
        for p in raw("People"):
            self.by_name[fold(f"{p['nameFirst']} {p['nameLast']}")].append(p["playerID"])
        self.teams = {(int(r["yearID"]), r["teamID"]): r for r in raw("Teams")}
        self.bat: dict[str, list[dict]] = defaultdict(list)
        for r in raw("Batting"):
            self.bat[r["playerID"]].append(r)
        self.pit: dict[str, list[dict]] = defaultdict(list)
        for r in raw("Pitching"):
            self.pit[r["playerID"]].append(r)

    # ---- people

    def name(self, pid: str) -> str:
        p = self.people[pid]
        return f"{p['nameFirst']} {p['nameLast']}"

    def games(self, pid: str) -> int:
        return sum(n(r["G"]) for r in self.bat[pid]) + sum(n(r["G"]) for r in self.pit[pid])

    def pid(self, first: str, last: str, season: int | None = None) -> str:
        """The namesake who played the most games (in that season, when one is given)."""
        found = self.by_name[fold(f"{first} {last}")]
        if season is not None:
            found = [p for p in found if any(int(r["yearID"]) == season for r in self.bat[p] + self.pit[p])]
        assert found, (first, last, season)
        return max(found, key=self.games)

    def bat_total(self, pid: str, stat: str, season: int | None = None) -> int:
        return sum(n(r[stat]) for r in self.bat[pid] if season is None or int(r["yearID"]) == season)

    def pit_total(self, pid: str, stat: str, season: int | None = None) -> int:
        return sum(n(r[stat]) for r in self.pit[pid] if season is None or int(r["yearID"]) == season)

    def won_lost(self, pid: str, season: int | None = None) -> str:
        """A pitcher's record as said: '18 and 4 record'."""
        return f"{self.pit_total(pid, 'W', season)} and {self.pit_total(pid, 'L', season)} record"

    def avg(self, pid: str, season: int | None = None) -> str:
        return f"{self.bat_total(pid, 'H', season) / self.bat_total(pid, 'AB', season):.3f}".lstrip("0")

    def era(self, pid: str, season: int | None = None) -> str:
        return f"{27 * self.pit_total(pid, 'ER', season) / self.pit_total(pid, 'IPouts', season):.2f}"

    def team_names_of(self, pid: str) -> set[str]:
        return {self.teams[int(r["yearID"]), r["teamID"]]["name"] for r in self.bat[pid] + self.pit[pid]}

    def age(self, pid: str, season: int) -> int:
        """Age in a season as baseball counts it: on June 30."""
        p = self.people[pid]
        return season - n(p["birthYear"]) - (1 if n(p["birthMonth"]) >= 7 else 0)

    # ---- teams

    def team(self, season: int, team_id: str) -> dict:
        return self.teams[season, team_id]

    def record(self, season: int, team_id: str) -> str:
        r = self.teams[season, team_id]
        return f"{r['W']} wins and {r['L']} losses"

    def managers(self, season: int, team_id: str) -> list[str]:
        rows = sorted((r for r in self.raw("Managers") if r["yearID"] == str(season) and r["teamID"] == team_id),
                      key=lambda r: n(r["inseason"]))
        return [self.name(r["playerID"]) for r in rows]

    def best_hitter(self, season: int, team_id: str) -> str:
        """The team's best hitter by OPS among its qualified batters (3.1 plate appearances a team game)."""
        need = 3.1 * n(self.teams[season, team_id]["G"])
        best, name = -1.0, ""
        for r in self.raw("Batting"):
            if r["yearID"] == str(season) and r["teamID"] == team_id:
                ab, h, bb, hbp, sf = (n(r[k]) for k in ("AB", "H", "BB", "HBP", "SF"))
                if ab + bb + hbp + sf + n(r["SH"]) >= need:
                    ops = (h + bb + hbp) / (ab + bb + hbp + sf) + (h + n(r["2B"]) + 2 * n(r["3B"]) + 3 * n(r["HR"])) / ab
                    if ops > best:
                        best, name = ops, self.name(r["playerID"])
        return name

    # ---- the postseason

    def postseason(self, season: int, team_id: str) -> str:
        """'won the World Series', 'lost the ALDS', 'lost the NL Wild Card Series', 'did not reach the postseason'."""
        mine = [r for r in self.raw("SeriesPost") if r["yearID"] == str(season) and team_id in
                (r["teamIDwinner"], r["teamIDloser"])]
        if not mine:
            return "did not reach the postseason"
        depth = {"WC": 0, "DS": 1, "CS": 2, "WS": 3}
        last = max(mine, key=lambda r: depth[r["round"].rstrip("1234")[-2:]])
        code = last["round"].rstrip("1234")
        name = {"WS": "World Series"}.get(code) or (
            f"{code[:2]} Wild Card {'Game' if season < 2022 else 'Series'}" if code.endswith("WC") else code)
        return f"{'won' if last['teamIDwinner'] == team_id else 'lost'} the {name}"

    def rounds(self, season: int, prefix: str) -> list[dict]:
        """SeriesPost rows of a season whose round starts with prefix ('WS', 'ALCS', 'ALDS', 'NLWC')."""
        return [r for r in self.raw("SeriesPost") if r["yearID"] == str(season) and r["round"].startswith(prefix)]

    def series(self, season: int, rnd: str) -> tuple[str, str, str, str]:
        """(winner, loser, wins, losses) of the one round so named."""
        rows = self.rounds(season, rnd)
        assert len(rows) == 1, (season, rnd, rows)
        r = rows[0]
        return (self.teams[season, r["teamIDwinner"]]["name"], self.teams[season, r["teamIDloser"]]["name"],
                r["wins"], r["losses"])

    def pennant(self, season: int, league: str) -> str:
        return next(r["name"] for (y, _), r in self.teams.items() if y == season and r["lgID"] == league
                    and r["LgWin"] == "Y")

    def division_winner(self, season: int, league: str, div: str) -> dict:
        return next(r for (y, _), r in self.teams.items() if y == season and r["lgID"] == league
                    and r["divID"] == div and r["DivWin"] == "Y")

    def best_record(self, season: int) -> dict:
        rows = [r for (y, _), r in self.teams.items() if y == season]
        return max(rows, key=lambda r: n(r["W"]) / (n(r["W"]) + n(r["L"])))

    # ---- leaders

    def _totals(self, table: str, season: int, league: str | None) -> dict[str, dict[str, int]]:
        out: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
        for r in self.raw(table):
            if r["yearID"] == str(season) and (league is None or r["lgID"] == league):
                t = out[r["playerID"]]
                for k in ("G", "AB", "R", "H", "2B", "3B", "HR", "RBI", "SB", "BB", "HBP", "SF", "SH", "SO", "W",
                          "SV", "SHO", "ER", "IPouts"):
                    if k in r:
                        t[k] += n(r[k])
                t["teamG"] = max(t["teamG"], n(self.teams[season, r["teamID"]]["G"]))
        return out

    def leader(self, stat: str, season: int, league: str | None = None) -> tuple[str, list[str]]:
        """(value as said, names of everyone tied at the top): counts, innings (IP), AVG/OBP/SLG/OPS (3.1 PA a team
        game), ERA and WHIP (1 IP a team game). 'SO' is the batters', 'K' the pitchers'."""
        pitching = stat in ("K", "W", "SV", "ERA", "WHIP", "IP", "SHO")
        totals = self._totals("Pitching" if pitching else "Batting", season, league)
        column = {"K": "SO", "IP": "IPouts"}.get(stat, stat)
        if stat in ("AVG", "OBP", "SLG", "OPS"):
            pool = {p: _rate(stat, t) for p, t in totals.items()
                    if t["AB"] and t["AB"] + t["BB"] + t["HBP"] + t["SF"] + t["SH"] >= int(3.1 * t["teamG"] + 0.5)}
            best = max(pool.values())
            shown = f"{best:.3f}".lstrip("0")
        elif stat in ("ERA", "WHIP"):
            pool = {p: (27 * t["ER"] if stat == "ERA" else 3 * (t["H"] + t["BB"])) / t["IPouts"]
                    for p, t in totals.items() if t["IPouts"] >= 3 * t["teamG"]}
            best = min(pool.values())
            shown = f"{best:.2f}"
        else:
            pool = {p: t[column] for p, t in totals.items()}
            best = max(pool.values())
            shown = f"{best // 3}.{best % 3}" if stat == "IP" else f"{best:,}"
        return shown, sorted(self.name(p) for p, v in pool.items() if v == best)

    def team_leader(self, season: int, team_id: str, stat: str) -> tuple[str, int]:
        """(name, total) of the team's batter with the most of a counting stat that season."""
        rows = [r for r in self.raw("Batting") if r["yearID"] == str(season) and r["teamID"] == team_id]
        best = max(rows, key=lambda r: n(r[stat]))
        return self.name(best["playerID"]), n(best[stat])

    def career_leader(self, stat: str) -> tuple[str, str]:
        pitching = stat in ("K", "W", "SV")
        column = {"K": "SO"}.get(stat, stat)
        totals: dict[str, int] = defaultdict(int)
        for r in self.raw("Pitching" if pitching else "Batting"):
            totals[r["playerID"]] += n(r[column])
        pid = max(totals, key=totals.get)
        return self.name(pid), f"{totals[pid]:,}"

    # ---- awards and the Hall of Fame

    AWARD_IDS = {"MVP": "Most Valuable Player", "CYA": "Cy Young Award", "ROY": "Rookie of the Year",
                 "GG": "Gold Glove", "SS": "Silver Slugger", "WSMVP": "World Series MVP", "ALCSMVP": "ALCS MVP",
                 "NLCSMVP": "NLCS MVP", "COMEBACK": "Comeback Player of the Year", "AARON": "Hank Aaron Award",
                 "TC": "Triple Crown", "RELIEF": "Reliever of the Year", "MOY": "BBWAA Manager of the Year"}
    # the same award filed under another spelling in this release
    ALSO_FILED = {"SS": {"SIlver Slugger"}, "RELIEF": {"Reliever of the Year Award"}}

    def award(self, code: str, season: int, league: str | None = None, position: str | None = None) -> list[str]:
        ids = {self.AWARD_IDS[code]} | self.ALSO_FILED.get(code, set())
        table = "AwardsManagers" if code == "MOY" else "AwardsPlayers"
        rows = [r for r in self.raw(table) if r["awardID"] in ids and r["yearID"] == str(season)
                and (league is None or r["lgID"] == league) and (position is None or r["notes"] == position)]
        return sorted(self.name(r["playerID"]) for r in rows)

    def award_years(self, pid: str, code: str) -> list[int]:
        return sorted(int(r["yearID"]) for r in self.raw("AwardsPlayers")
                      if r["playerID"] == pid and r["awardID"] == self.AWARD_IDS[code])

    def award_counts(self, code: str) -> dict[str, int]:
        won: dict[str, set] = defaultdict(set)
        for r in self.raw("AwardsPlayers"):
            if r["awardID"] in {self.AWARD_IDS[code]} | self.ALSO_FILED.get(code, set()):
                won[r["playerID"]].add(r["yearID"])
        return {p: len(ys) for p, ys in won.items()}

    def hall_class(self, year: int) -> list[str]:
        return sorted(self.name(r["playerID"]) if r["playerID"] in self.people else r["playerID"]
                      for r in self.raw("HallOfFame") if r["yearID"] == str(year) and r["inducted"] == "Y")

    def inducted(self, pid: str) -> int | None:
        years = [int(r["yearID"]) for r in self.raw("HallOfFame") if r["playerID"] == pid and r["inducted"] == "Y"]
        return years[0] if years else None

    def hall_vote(self, pid: str, year: int) -> str:
        """'77.9 percent': a player's share of the writers' (BBWAA) ballots in a Hall of Fame election."""
        r = next(r for r in self.raw("HallOfFame") if r["playerID"] == pid and r["yearID"] == str(year)
                 and r["votedBy"] == "BBWAA")
        return f"{100 * n(r['votes']) / n(r['ballots']):.1f} percent"

    def all_star_years(self, pid: str) -> list[int]:
        return sorted({int(r["yearID"]) for r in self.raw("AllstarFull") if r["playerID"] == pid})

    # ---- a season's teams, and runs of seasons

    def worst_record(self, season: int) -> dict:
        rows = [r for (y, _), r in self.teams.items() if y == season]
        return min(rows, key=lambda r: n(r["W"]) / (n(r["W"]) + n(r["L"])))

    def postseason_teams(self, season: int) -> list[str]:
        """Every team that played a postseason round that season."""
        ids = {r[k] for r in self.raw("SeriesPost") if r["yearID"] == str(season)
               for k in ("teamIDwinner", "teamIDloser")}
        return sorted(self.teams[season, i]["name"] for i in ids)

    def wild_card_teams(self, season: int) -> list[str]:
        return sorted(r["name"] for (y, _), r in self.teams.items() if y == season and r["WCWin"] == "Y")

    def active_runs(self, kind: str) -> list[tuple[int, str]]:
        """(length, latest team name) of each franchise's run of seasons still going in the last season, longest
        first; kind 'winning' (more wins than losses) or 'postseason' (played a round)."""
        last = max(y for y, _ in self.teams)
        played = {(int(r["yearID"]), r[k]) for r in self.raw("SeriesPost") for k in ("teamIDwinner", "teamIDloser")}
        by_franchise: dict[str, dict[int, dict]] = defaultdict(dict)
        for (y, team_id), r in self.teams.items():
            by_franchise[r["franchID"]][y] = r
        runs = []
        for seasons in by_franchise.values():
            if last not in seasons:
                continue
            y = last
            while y in seasons and (n(seasons[y]["W"]) > n(seasons[y]["L"]) if kind == "winning"
                                    else (y, seasons[y]["teamID"]) in played):
                y -= 1
            runs.append((last - y, seasons[last]["name"]))
        return sorted(runs, reverse=True)


@lru_cache(maxsize=None)
def truth() -> Truth:
    return Truth()


# ---------------------------------------------------------------- the real loop, the real demo model


def ask(question: str, history: list[dict] | None = None) -> dict:
    from baseball import TOOLS, demo_model
    from agent_py.loop import run_turn

    return asyncio.run(run_turn(demo_model(), TOOLS, SYSTEM, [] if history is None else history, question))


def calls_of(turn: dict) -> list[dict]:
    return [c for step in turn["steps"] for c in step["calls"]]


def tool_of(turn: dict) -> str | None:
    calls = calls_of(turn)
    return calls[0]["name"] if calls else None


def check(got: dict, question: str, tool, args: dict, expect, forbid, honest: bool = False) -> None:
    """Judge one answer. got: {"answer", "stopped", "calls"} (a turn's, or the CLI's JSON line); tool: the one it
    must call first (None: no call; a tuple: any of them); args: arguments that call must include; expect and
    forbid: t -> [pieces] the answer must and must not say, from the raw tables; honest: a question the data
    cannot answer, so the answer must say so (DECLINED). No answer may carry what is not for a listener
    (leaks)."""
    from baseball.demo import HELP

    t = truth()
    answer, calls = got["answer"], got["calls"]
    assert got["stopped"] == "answer", (question, got)
    assert (calls[0]["name"] if calls else None) in (tool if isinstance(tool, tuple) else (tool,)), \
        (question, answer, calls)
    if args:
        assert {k: calls[0]["args"].get(k) for k in args} == args, (question, calls[0]["args"])
    wanted, unwanted = expect(t), forbid(t)
    assert wanted or unwanted or tool is None, "a case must check something"
    missing = [p for p in wanted if not says(answer, p)]
    assert not missing, f"{question!r}: {answer!r} lacks {missing}"
    wrong = [p for p in unwanted if says(answer, p)]
    assert not wrong, f"{question!r}: {answer!r} says {wrong}"
    if tool is None and HELP not in wanted:
        assert answer != HELP, f"{question!r}: the help text where a plain sentence fits"
    assert not leaks(answer), f"{question!r}: {answer!r} carries {leaks(answer)}"
    assert not honest or DECLINED.search(answer), f"{question!r}: {answer!r} does not say it can't"


# What a spoken answer must never carry: JSON, markup or code characters, snake_case field names, Python/JSON
# literals, the tools' 'error:' prefix. Player and team ids are checked against the raw tables (leaks()).
_NOT_SPOKEN = re.compile(r"[{}\[\]<>`*#|\\]|\":|\b[a-z]+_[a-z_]+\b|\b(?:null|None|True|False|NaN)\b|\berror:")


def leaks(answer: str) -> list[str]:
    """What in an answer is for a program, not a listener: markup, JSON, field names, and any token that is a
    Lahman playerID ('troutmi01') or teamID/franchID ('NYA') of the raw tables. [] when the answer is clean."""
    t = truth()
    found = [m.group(0) for m in _NOT_SPOKEN.finditer(answer)]
    found += [w for w in re.findall(r"\b[a-z][a-z'.]{1,8}\d\d\b", answer) if w in t.people]
    found += [w for w in re.findall(r"\b[A-Z][A-Z0-9]{2}\b", answer) if w in _team_codes()]
    return found


@lru_cache(maxsize=None)
def _team_codes() -> frozenset[str]:
    return frozenset(r[k] for r in truth().raw("Teams") for k in ("teamID", "franchID"))


def asked(question: str, history: list[dict] | None = None) -> dict:
    """A turn through the loop, in the shape check() reads."""
    turn = ask(question, history)
    return {"answer": turn["answer"], "stopped": turn["stopped"], "calls": calls_of(turn)}


def chat(questions: list[str], data_dir: Path, json_out: bool = True) -> subprocess.CompletedProcess:
    """One conversation through the terminal: `python -m agent_py chat --demo [--json]`, a question a line on
    stdin, with no provider key in the environment."""
    environ = {k: v for k, v in os.environ.items() if not k.endswith("_API_KEY")}
    environ["AGENT_DATA_DIR"] = str(data_dir)
    return subprocess.run([sys.executable, "-m", "agent_py", "chat", "--demo", *(["--json"] if json_out else [])],
                          input="".join(q + "\n" for q in questions), capture_output=True, text=True,
                          cwd=Path(__file__).resolve().parent.parent, env=environ, timeout=60)


# ---------------------------------------------------------------- the rounds' harness

# A decline's words: each a phrase the demo's honest answers use, so a test can name which one it expects.
BASEBALL_ONLY = "Major League Baseball only"
NO_GAMES = "nothing game by game"
NO_DECADES = "not decades"
ONE_SEASON = "one season at a time"
PAST_THE_DATA = f"ends with the {LAST} season"
INDEPENDENT = {"IND", "EAS", "WES", "NAC", "INT"}  # independent clubs' and All-Star rows: not a major league
DECLINED = re.compile(r"\b(?:can't|cannot|don't|doesn't|do not|does not|isn't|has no|have no|not in the data)\b")


def case(question, tool, expect=None, args=None, forbid=None, honest=False):
    """A phrasing, judged by check(): the tool it must reach first (None: no call; a tuple: any of them),
    arguments that call must include, what the answer must (expect) and must not (forbid) say: t -> [pieces];
    honest: the demo's tools do not serve it, and it must say so."""
    return pytest.param(question, tool, args or {}, expect or (lambda t: []), forbid or (lambda t: []), honest,
                        id=question)


def turn(question, tool, expect=None, args=None, forbid=None, honest=False):
    """One question of a conversation, judged as a case() is."""
    return (question, tool, args or {}, expect or (lambda t: []), forbid or (lambda t: []), honest)


def convo(name, turns):
    return pytest.param(turns, id=name)


def converse(turns) -> None:
    """A conversation through the loop, each turn judged as it comes."""
    history: list[dict] = []
    for question, *rest in turns:
        check(asked(question, history), question, *rest)


def cli_session(conversations, data_dir: Path) -> dict[tuple, list[dict]]:
    """Conversations (convo()s) through one terminal session, ``chat --demo --json`` with ``new`` between
    them, as a person asks one thing after another: (a conversation's questions) -> its answers' JSON."""
    import json

    asked = [tuple(q for q, *_ in c.values[0]) for c in conversations]
    done = chat([line for questions in asked for line in (*questions, "new")], data_dir)
    assert done.returncode == 0, done.stderr
    lines = iter(json.loads(line) for line in done.stdout.splitlines())
    answers = {questions: [next(lines, None) for _ in questions] for questions in asked}
    assert next(lines, None) is None, "more answers than questions"
    return answers


def converse_in_cli(turns, session: dict[tuple, list[dict]]) -> None:
    """A conversation as a cli_session() answered it, each answer judged as the loop's are."""
    answers = session[tuple(q for q, *_ in turns)]
    for out, (question, *rest) in zip(answers, turns):
        assert out is not None, f"no answer to {question!r}"
        assert out["provider"] == "demo" and out["model"] is None
        check(out, question, *rest)


# ---------------------------------------------------------------- pieces an answer must say (t -> [pieces])


def rec(season: int, team_id: str):
    return lambda t: [t.record(season, team_id), str(season)]


def managed(season: int, team_id: str):
    return lambda t: [t.managers(season, team_id)[0], str(season)]


def lead(stat: str, season: int, league: str | None = None):
    def pieces(t):
        value, names = t.leader(stat, season, league)
        return [value, *names]
    return pieces


def reached(stat: str, season: int, mark: int):
    """Everyone whose season total of a counting stat reached the mark, by name, or that no one did."""
    def pieces(t):
        totals = t._totals("Pitching" if stat in ("W", "SV") else "Batting", season, None)
        names = [t.name(p) for p, x in totals.items() if x[stat] >= mark]
        return [*names, f"reached {mark}."] if names else [f"No one reached {mark}."]
    return pieces


def ws(season: int):
    return lambda t: list(t.series(season, "WS")[:2])


def career(first, last, stat, said, pitching=False):
    def pieces(t):
        pid = t.pid(first, last)
        total = t.pit_total(pid, {"K": "SO"}.get(stat, stat)) if pitching else t.bat_total(pid, stat)
        return [t.name(pid), f"{total:,} {said}"]
    return pieces


def one_season(first, last, season, stat, said, pitching=False):
    def pieces(t):
        pid = t.pid(first, last, season)
        total = t.pit_total(pid, {"K": "SO"}.get(stat, stat), season) if pitching else t.bat_total(pid, stat, season)
        return [t.name(pid), f"{total:,} {said}", str(season)]
    return pieces


def won(code, season, league=None, position=None):
    return lambda t: t.award(code, season, league, position)


def more(first, second, stat, said, season=None, pitching=False):
    """'So X had more home runs': the one of two players with the larger total (Batting, or Pitching)."""
    def pieces(t):
        total = t.pit_total if pitching else t.bat_total
        a, b = total(first, stat, season), total(second, stat, season)
        return [f"{a:,} {said}", f"{b:,} {said}", f"So {t.name(first if a > b else second)} had more {said}"]
    return pieces


def did_win(name, code, season):
    """'did X win the award in Y': yes and X, or no and who did (AwardsPlayers)."""
    return lambda t: ["Yes", name] if name in t.award(code, season) else ["No", name, *t.award(code, season)]


def hall(pid, said=True):
    """What 'is X in the Hall of Fame' must say (said=False: what it must not), from HallOfFame."""
    def pieces(t):
        year = t.inducted(pid)
        yes, no = f"elected to the Hall of Fame in {year}", "no Hall of Fame election"
        return ([yes] if year else [no]) if said else ([] if year else ["elected to the Hall of Fame in"])
    return pieces


def said_date(t, pid, what):
    """'August 18, 1934' from People's birth/death columns."""
    p = t.people[pid]
    months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
              "November", "December"]
    return f"{months[int(p[what + 'Month']) - 1]} {int(p[what + 'Day'])}, {p[what + 'Year']}"


def body(pid: str):
    """A player's listed height and weight as said: ['Randy Johnson', '6 feet 10 inches', '225 pounds'] (People)."""
    def pieces(t):
        p = t.people[pid]
        inches = n(p["height"])
        return [t.name(pid), f"{inches // 12} feet" + (f" {inches % 12} inches" if inches % 12 else ""),
                f"{n(p['weight'])} pounds"]
    return pieces


def salary(pid: str, season: int | None = None):
    """A player's salary that season as said ('$26,000,000'), or that the database has none (Salaries)."""
    def pieces(t):
        rows = [r for r in t.raw("Salaries") if r["playerID"] == pid and (season is None or r["yearID"] == str(season))]
        if not rows:
            return [f"no salary for {t.name(pid)}"]
        return [t.name(pid), f"${max(n(r['salary']) for r in rows):,}"]
    return pieces


def era(pid: str, season: int | None = None):
    return lambda t: [t.name(pid), t.era(pid, season)]


def bat(pid, stat, said, season=None):
    return lambda t: [t.name(pid), f"{t.bat_total(pid, stat, season):,} {said}"]


def pit(pid: str, stat: str, said: str, season: int | None = None):
    """A pitcher's total ('K' is his strikeouts), said with its name: ['Tarik Skubal', '228 strikeouts']."""
    return lambda t: [t.name(pid), f"{t.pit_total(pid, {'K': 'SO'}.get(stat, stat), season):,} {said}"]


# ---------------------------------------------------------------- where the projection's top must come from


def _weighted(t: Truth, table: str, columns: tuple[str, ...]) -> dict[str, dict[str, int]]:
    """The last three seasons' lines weighted 3/4/5 (Marcel's weights), plus the last alone ('now_' columns)."""
    out: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for r in t.raw(table):
        w = {str(LAST): 5, str(LAST - 1): 4, str(LAST - 2): 3}.get(r["yearID"])
        if w:
            x = out[r["playerID"]]
            for c in columns:
                x[c] += w * n(r[c])
                if w == 5:
                    x["now_" + c] += n(r[c])
    return out


def names_a_projected_leader(question: str, pool: list[str]) -> None:
    """The board's leader is one of ``pool`` (the best of the seasons Marcel weighs) and the answer names him."""
    import json

    turn = ask(question)
    top = json.loads(calls_of(turn)[0]["result"])["board"][0]["name"]
    assert top in pool and says(turn["answer"], top), (question, turn["answer"], pool)


def projected_bats(t: Truth, stat: str = "OPS", k: int = 10) -> list[str]:
    """The k best hitters by the last three seasons' OPS (or home runs) weighted 5/4/3, 400+ PA in the last."""
    lines = _weighted(t, "Batting", ("AB", "H", "2B", "3B", "HR", "BB", "HBP", "SF", "SH"))

    def ops(x):
        obp = (x["H"] + x["BB"] + x["HBP"]) / max(1, x["AB"] + x["BB"] + x["HBP"] + x["SF"])
        return obp + (x["H"] + x["2B"] + 2 * x["3B"] + 3 * x["HR"]) / max(1, x["AB"])

    pool = [p for p, x in lines.items()
            if x["now_AB"] + x["now_BB"] + x["now_HBP"] + x["now_SF"] + x["now_SH"] >= 400]
    ranked = sorted(pool, key=lambda p: -(lines[p]["HR"] if stat == "HR" else ops(lines[p])))
    return [t.name(p) for p in ranked[:k]]


def projected_arms(t: Truth, stat: str = "ERA", k: int = 10) -> list[str]:
    """The k best pitchers by the last three seasons' ERA (or strikeouts) weighted 5/4/3, 100+ innings in the last."""
    lines = _weighted(t, "Pitching", ("ER", "IPouts", "SO"))
    pool = [p for p, x in lines.items() if x["now_IPouts"] >= 300]
    ranked = sorted(pool, key=lambda p: -lines[p]["SO"] if stat == "K" else lines[p]["ER"] / lines[p]["IPouts"])
    if stat == "K":  # projected strikeouts are a rate times innings: the best by either can top the board
        ranked = ranked[:k] + sorted(pool, key=lambda p: -lines[p]["SO"] / lines[p]["IPouts"])[:k]
    return list(dict.fromkeys(t.name(p) for p in ranked[: 2 * k if stat == "K" else k]))


# ---------------------------------------------------------------- more truths, for the kinds' tables


def winners(season, prefix):
    """The winners of every round of a season whose code starts with prefix ('ALDS', 'NLWC')."""
    return lambda t: [t.teams[season, r["teamIDwinner"]]["name"] for r in t.rounds(season, prefix)]


def only(code, season, league, position):
    """What an award-by-position answer must not say: that league's other winners of the award that season."""
    return lambda t: [x for x in t.award(code, season, league) if x not in t.award(code, season, league, position)]


def times(pid, code):
    return lambda t: [t.name(pid), f"{len(t.award_years(pid, code))} times"]


def most(code):
    """Who won the award in the most seasons, and how many."""
    def pieces(t):
        counts = t.award_counts(code)
        top = max(counts.values())
        return [f"{top} times", *(t.name(p) for p, c in counts.items() if c == top)]
    return pieces


def best_in_league(season, league):
    """The league's best record: [team, 'W wins and L losses']."""
    def pieces(t):
        best = max((r for (y, _), r in t.teams.items() if y == season and r["lgID"] == league),
                   key=lambda r: int(r["W"]) / (int(r["W"]) + int(r["L"])))
        return [best["name"], t.record(season, best["teamID"])]
    return pieces


def all_star_run(t):
    """The longest run of All-Star selections still going in the last season (no game was played in 2020, so it
    breaks no run): [name, 'N in a row']."""
    runs = []
    for pid in {r["playerID"] for r in t.raw("AllstarFull") if r["yearID"] == str(LAST)}:
        years, y, length = set(t.all_star_years(pid)), LAST, 0
        while y in years or y == 2020:
            length += y != 2020
            y -= 1
        runs.append((length, t.name(pid)))
    length, name = max(runs)
    return [name, f"{length} in a row"]


def team_stat(season, team_id, *columns):
    """'708 runs', 'allowing 621': a team's totals as said (Teams: R, RA)."""
    return lambda t: [f"{int(t.team(season, team_id)[c]):,}" for c in columns] + [str(season)]


def both(*parts):
    """Several truths an answer must all say: t -> the pieces of each."""
    return lambda t: [p for part in parts for p in part(t)]


def series(season, rnd):
    """[winner, loser] of the one round so named ('ALCS', 'NLCS', 'WS')."""
    return lambda t: list(t.series(season, rnd)[:2])


def went(season, team_id):
    """How far the team went: 'lost the ALDS', 'did not reach the postseason'."""
    return lambda t: [t.postseason(season, team_id)]


def best(season, team_id):
    return lambda t: [t.best_hitter(season, team_id)]


def managers(season, team_id):
    return lambda t: [*t.managers(season, team_id), str(season)]


def division(season, league, div):
    """The division winner: [team, 'W wins and L losses']."""
    def pieces(t):
        r = t.division_winner(season, league, div)
        return [r["name"], t.record(season, r["teamID"])]
    return pieces


def lines(pid, stat, said, *seasons):
    """A player's total in each of several seasons: ['.272 batting average', '.311 batting average']."""
    def pieces(t):
        if stat == "AVG":
            return [f"{t.avg(pid, s)} batting average" for s in seasons]
        return [f"{t.bat_total(pid, stat, s):,} {said}" for s in seasons]
    return pieces


def for_team(pid, team_id, stat, said):
    """A player's total for one team only (his Batting stints with it): '54 home runs'."""
    return lambda t: [f"{sum(int(r[stat]) for r in t.bat[pid] if r['teamID'] == team_id):,} {said}"]


def finished(season, team_id):
    """'3rd of 5': the team's place in its division (Teams.Rank, and how many teams shared the division)."""
    def pieces(t):
        r = t.team(season, team_id)
        rank = int(r["Rank"])
        size = sum(1 for (y, _), x in t.teams.items() if y == season and (x["lgID"], x["divID"]) == (r["lgID"], r["divID"]))
        suffix = "th" if 10 <= rank % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(rank % 10, "th")
        return [f"{rank}{suffix} of {size}", str(season)]
    return pieces


def others_at(code, season, league, position):
    """That league's other winners of the award that season, at other positions (what the answer must not say)."""
    return lambda t: [x for x in t.award(code, season, league) if x not in t.award(code, season, league, position)]


def gone(pid, season):
    """What 'X in a season he did not play' must say: his name and the span he did play (People/Batting/Pitching)."""
    def pieces(t):
        years = sorted({int(r["yearID"]) for r in t.bat[pid] + t.pit[pid]})
        assert season not in years
        return [t.name(pid), str(years[0]), str(years[-1])]
    return pieces


NOT_THE_DATA = "The data has no"  # the old, false decline: the database has heights, salaries, attendance...


def surnamed(*words):
    """Everyone whose surname (or first name) is one of these everyday words: what a misreading would name."""
    def pieces(t):
        found = [t.name(p) for p, r in t.people.items()
                 if fold(r["nameLast"]) in words or fold(r["nameFirst"]) in words]
        return sorted(set(found))
    return pieces


def leaders_of(stat, season):
    """The season's leaders (all tied at the top): what an answer from the board's best end would name."""
    return lambda t: t.leader(stat, season)[1]


def career_top(stat):
    """The career leader in a counting stat (Batting or Pitching): what a career board would name first."""
    return lambda t: [t.career_leader(stat)[0]]


def career_wins(t):
    """The career wins record as said ('511'): what 'the most manager awards' was answered with."""
    return [f"with {t.career_leader('W')[1]}"]


def career_era_best(t):
    """The three best qualified career ERAs (1,000+ innings, as the tools count): what 'highest ERA' must not get."""
    outs, er = defaultdict(int), defaultdict(int)
    for r in t.raw("Pitching"):
        if r["lgID"] in ("AL", "NL", "AA", "UA", "PL", "FL", "NA"):
            outs[r["playerID"]] += n(r["IPouts"])
            er[r["playerID"]] += n(r["ER"])
    pool = {p: 27 * er[p] / outs[p] for p in outs if outs[p] >= 3000}
    return [t.name(p) for p in sorted(pool, key=pool.get)[:3]]


def latest_class(t):
    """The latest Hall of Fame class (HallOfFame, inducted): what a question without a year must not be given."""
    rows = [r for r in t.raw("HallOfFame") if r["inducted"] == "Y"]
    last = max(int(r["yearID"]) for r in rows)
    return sorted({t.name(r["playerID"]) for r in rows if int(r["yearID"]) == last and r["playerID"] in t.people})


def last_season_of(team_id):
    """'The 2025 Boston Red Sox': the team's latest season, what a question about its history must not be given."""
    return lambda t: [f"{max(y for (y, tid) in t.teams if tid == team_id)} "
                      f"{t.teams[max(y for (y, tid) in t.teams if tid == team_id), team_id]['name']}"]


def beaten_by(season, rnd, team_id):
    """The team that beat team_id in a round ('NLCS', 'NLDS'): its name."""
    return lambda t: [t.teams[season, r["teamIDwinner"]]["name"] for r in t.rounds(season, rnd)
                      if r["teamIDloser"] == team_id]


def best_that_season(season, team_id):
    return lambda t: [t.best_hitter(season, team_id), str(season)]


def last_title(t, franch: str) -> str:
    """The franchise's last World Series won outright (SeriesPost round WS, more wins than losses)."""
    ours = {(r["yearID"], r["teamID"]) for r in t.raw("Teams") if r["franchID"] == franch}
    return max(r["yearID"] for r in t.raw("SeriesPost") if r["round"] == "WS" and n(r["wins"]) > n(r["losses"])
               and (r["yearID"], r["teamIDwinner"]) in ours)


def career_club(table: str, column: str, mark: int):
    """How many players have a career total (major leagues only, every stint summed) at or past a mark, and the
    career leader among them."""
    def pieces(t):
        got: dict[str, int] = {}
        for r in t.raw(table):
            if r["lgID"] not in INDEPENDENT:
                got[r["playerID"]] = got.get(r["playerID"], 0) + n(r[column])
        club = [p for p, v in got.items() if v >= mark]
        return [f"{len(club):,} player", t.name(max(club, key=got.get))]
    return pieces


def span_leader(table: str, column: str, first: int, last: int, league: str | None = None):
    """The player with the most of a counting stat over seasons first..last (major leagues only, or one league's),
    and his total."""
    def pieces(t):
        got: dict[str, int] = {}
        for r in t.raw(table):
            if first <= int(r["yearID"]) <= last and r["lgID"] not in INDEPENDENT and league in (None, r["lgID"]):
                got[r["playerID"]] = got.get(r["playerID"], 0) + n(r[column])
        best = max(got, key=got.get)
        return [f"From {first} to {last}", t.name(best), f"{got[best]:,}"]
    return pieces


def body_extreme(column: str, most: bool, season: int | None = None):
    """The players at the top (most) or bottom of People's height or weight among those with a major-league
    appearance (that season, if given): their names, and the value said as the answer says it."""
    def pieces(t):
        played = {r["playerID"] for r in t.raw("Appearances")
                  if r["lgID"] not in INDEPENDENT and (season is None or r["yearID"] == str(season))}
        values = {p: n(t.people[p][column]) for p in played if n(t.people[p][column]) > 0}
        best = (max if most else min)(values.values())
        said = f"{best} pounds" if column == "weight" else f"{best // 12} feet"
        return [said, *(t.name(p) for p, v in values.items() if v == best)]
    return pieces


# ---------------------------------------------------------------- round 26f: picked out, rates over spans, teams

def picked(t: Truth, place: tuple[str, str] | None = None, hand: tuple[str, str] | None = None,
           active: bool = False):
    """The People test for players picked out: born in (column, value) ('birthState', 'OH' in the USA, or
    'birthCountry', 'D.R.'), batting or throwing with (column, value), played in the last season."""
    now = {r["playerID"] for r in t.raw("Appearances") if r["yearID"] == str(LAST)} if active else set()

    def ok(pid: str) -> bool:
        p = t.people[pid]
        state = place and place[0] == "birthState"
        if place and ((p[place[0]].upper() if state else p[place[0]]) != place[1] or state and p["birthCountry"] != "USA"):
            return False
        return not (hand and p[hand[0]] != hand[1]) and (not active or pid in now)
    return ok


def picked_count(place=None, hand=None, active=False, top: int = 3):
    """How many with a major-league appearance are picked out, and those with the most games (Appearances)."""
    def pieces(t):
        ok, games = picked(t, place, hand, active), {}
        for r in t.raw("Appearances"):
            if r["lgID"] not in INDEPENDENT and ok(r["playerID"]):
                games[r["playerID"]] = games.get(r["playerID"], 0) + n(r["G_all"])
        return [f"{len(games):,} ", *(t.name(p) for p in sorted(games, key=games.get, reverse=True)[:top])]
    return pieces


def picked_leader(table: str, column: str, place=None, hand=None, active=False, first=None, last=None, top: int = 1):
    """The most of a counting stat among players picked out (in seasons first..last, if given): name and total, and
    the names of the next ones to the top asked."""
    def pieces(t):
        ok, got = picked(t, place, hand, active), {}
        for r in t.raw(table):
            if r["lgID"] not in INDEPENDENT and ok(r["playerID"]) and (first is None or first <= int(r["yearID"]) <= last):
                got[r["playerID"]] = got.get(r["playerID"], 0) + n(r[column])
        ranked = sorted(got, key=got.get, reverse=True)
        return [t.name(ranked[0]), f"{got[ranked[0]]:,}", *(t.name(p) for p in ranked[1:top])]
    return pieces


def rate_leader(stat: str, first: int | None, last: int | None, minimum: int, lowest: bool, place=None, hand=None):
    """A rate over seasons first..last (every season, if None) among players past a minimum (plate appearances;
    outs for ERA and WHIP), from the end asked: the leader's name and the rate as said, and the minimum said."""
    def pieces(t):
        pitching = stat in ("ERA", "WHIP")
        cols = ("ER", "IPouts", "H", "BB") if pitching else ("H", "AB", "BB", "HBP", "SF", "SH", "2B", "3B", "HR")
        ok, got = picked(t, place, hand), {}
        for r in t.raw("Pitching" if pitching else "Batting"):
            if r["lgID"] not in INDEPENDENT and ok(r["playerID"]) and (first is None or first <= int(r["yearID"]) <= last):
                s = got.setdefault(r["playerID"], dict.fromkeys(cols, 0))
                for c in cols:
                    s[c] += n(r[c])
        if pitching:
            value = {p: (27 * s["ER"] if stat == "ERA" else 3 * (s["H"] + s["BB"])) / s["IPouts"]
                     for p, s in got.items() if s["IPouts"] >= minimum}
        else:
            value = {p: _rate(stat, s) for p, s in got.items()
                     if s["AB"] + s["BB"] + s["HBP"] + s["SF"] + s["SH"] >= minimum}
        best = (min if lowest else max)(value, key=value.get)
        said = f"{value[best]:.2f}" if pitching else f"{value[best]:.3f}".removeprefix("0")
        least = f"{minimum // 3:,} innings" if pitching else f"{minimum:,} plate appearances"
        return [t.name(best), said, f"at least {least}"]
    return pieces


def team_best(column: str, season: int | None = None, most: bool = True, games: int = 120, league: str | None = None):
    """The team-season with the most (or fewest) of a Teams column, that season or any season of enough games:
    every team tied at the top named, and the value."""
    def pieces(t):
        rows = [r for r in t.raw("Teams") if r["lgID"] not in INDEPENDENT and n(r["G"]) >= games
                and (season is None or r["yearID"] == str(season)) and league in (None, r["lgID"])]
        value = lambda r: float(r[column]) if column == "ERA" else n(r[column])  # noqa: E731
        best = (max if most else min)(value(r) for r in rows)
        said = f"{best:.2f}" if column == "ERA" else f"{best:,}"
        return [*((r["name"] if season else f"{r['yearID']} {r['name']}") for r in rows if value(r) == best), said]
    return pieces


def team_total(season: int, team_id: str, column: str, league: str | None = None):
    """A team's season total (Teams) and its place among that season's major-league teams (or its league's), said
    as '2nd most'."""
    def pieces(t):
        rows = [r for r in t.raw("Teams") if r["yearID"] == str(season) and r["lgID"] not in INDEPENDENT
                and league in (None, r["lgID"])]
        mine = n(t.team(season, team_id)[column])
        place = 1 + sum(1 for r in rows if n(r[column]) > mine)
        suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
        said = "the most" if place == 1 else "the fewest" if place == len(rows) else f"{place}{suffix} most"
        return [t.team(season, team_id)["name"], f"{mine:,}", f"{said} of the {len(rows)}"]
    return pieces


def fewest(table: str, column: str, season: int, minimum: int):
    """The fewest of a counting stat in a season among players past a minimum (plate appearances; outs for
    pitchers): every player tied at the bottom, the value, and the minimum said."""
    def pieces(t):
        cols = ("IPouts",) if table == "Pitching" else ("AB", "BB", "HBP", "SF", "SH")
        got: dict[str, list[int]] = {}
        for r in t.raw(table):
            if r["yearID"] == str(season) and r["lgID"] not in INDEPENDENT:
                s = got.setdefault(r["playerID"], [0, 0])
                s[0] += n(r[column])
                s[1] += sum(n(r[c]) for c in cols)
        ok = {p: v for p, (v, m) in got.items() if m >= minimum}
        low = min(ok.values())
        least = f"{minimum // 3:,} innings" if table == "Pitching" else f"{minimum:,} plate appearances"
        return [*(t.name(p) for p, v in ok.items() if v == low), f"fewest", f"at least {least}"]
    return pieces


def named_count(word: str):
    """How many with a major-league appearance have the word as first or last name, accents folded ('Jose', 'José')."""
    def pieces(t):
        played = {r["playerID"] for r in t.raw("Appearances") if r["lgID"] not in INDEPENDENT}
        count = sum(1 for p in played if word in (fold(t.people[p]["nameFirst"]), fold(t.people[p]["nameLast"])))
        return [f"{count:,} players named {word.title()}"]
    return pieces


def rookie_seasons(t: Truth) -> set[tuple[str, str]]:
    """(playerID, yearID) of each player's rookie season as the demo reads it: the season in which his at-bats or
    outs pitched, summed over his major-league seasons, first pass 130 or 150 (50 innings)."""
    got: dict[str, dict[int, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    for table, column, i in (("Batting", "AB", 0), ("Pitching", "IPouts", 1)):
        for r in t.raw(table):
            if r["lgID"] not in INDEPENDENT:
                got[r["playerID"]][int(r["yearID"])][i] += n(r[column])
    out = set()
    for pid, years in got.items():
        ab = outs = 0
        for year in sorted(years):
            ab, outs = ab + years[year][0], outs + years[year][1]
            if ab > 130 or outs > 150:
                out.add((pid, str(year)))
                break
    return out


def rookie_best(table: str, column: str, mark: int | None = None, season: int | None = None):
    """The most of a counting stat in a rookie season (that season's, if given): its name, value and year; and with
    a mark the count of rookie seasons at or past it."""
    def pieces(t):
        rookies, got = rookie_seasons(t), {}
        for r in t.raw(table):
            k = (r["playerID"], r["yearID"])
            if k in rookies and r["lgID"] not in INDEPENDENT and season in (None, int(r["yearID"])):
                got[k] = got.get(k, 0) + n(r[column])
        (pid, year), value = max(got.items(), key=lambda kv: kv[1])
        count = [f"{sum(1 for v in got.values() if v >= mark)} rookie seasons"] if mark else []
        return [t.name(pid), f"{value} in {year}", *count]
    return pieces


def rookie_best_ops(t: Truth) -> list[str]:
    """The highest OPS in a rookie season of 502 plate appearances or more: the player and his OPS as said."""
    rookies, got = rookie_seasons(t), {}
    for r in t.raw("Batting"):
        k = (r["playerID"], r["yearID"])
        if k in rookies and r["lgID"] not in INDEPENDENT:
            s = got.setdefault(k, dict.fromkeys(("H", "AB", "BB", "HBP", "SF", "SH", "2B", "3B", "HR"), 0))
            for c in s:
                s[c] += n(r[c])
    ops = {k: _rate("OPS", s) for k, s in got.items() if s["AB"] + s["BB"] + s["HBP"] + s["SF"] + s["SH"] >= 502}
    best = max(ops, key=ops.get)
    return [t.name(best[0]), f"{ops[best]:.3f}".removeprefix("0"), f"in {best[1]}"]


def single_best(table: str, column: str, first: int | None = None, last: int | None = None):
    """The most of a counting stat in one season (stints summed, major leagues only, seasons first..last if given):
    the player, the value and the season, as said."""
    def pieces(t):
        got: dict[tuple, int] = {}
        for r in t.raw(table):
            if r["lgID"] not in INDEPENDENT and (first is None or first <= int(r["yearID"]) <= last):
                got[r["playerID"], r["yearID"]] = got.get((r["playerID"], r["yearID"]), 0) + n(r[column])
        (pid, year), value = max(got.items(), key=lambda kv: kv[1])
        return [t.name(pid), f"{value:,} in {year}"]
    return pieces


def season_rate_best(stat: str, season: int | None = None, lowest: bool = False, first: int | None = None,
                     rookies: bool = False):
    """A rate's best single season (that season's, if given; from the first season said, if given) among player-seasons
    qualified as the leaders tool qualifies them: 3.1 plate appearances (3 outs for ERA and WHIP) per game of his team,
    the most of his teams' that season, a team's games being Teams.G or the most any of its players played for it.
    Rookie seasons only (rookie_seasons), if asked. The player, the rate as said, and the year when over all seasons."""
    def pieces(t):
        only = rookie_seasons(t) if rookies else None
        pitching = stat in ("ERA", "WHIP")
        cols = ("ER", "IPouts", "H", "BB") if pitching else ("H", "AB", "BB", "HBP", "SF", "SH", "2B", "3B", "HR")
        games = {(r["yearID"], r["teamID"]): n(r["G"]) for r in t.raw("Teams")}
        for table in ("Batting", "Pitching"):
            for r in t.raw(table):
                k = (r["yearID"], r["teamID"])
                games[k] = max(games.get(k, 0), n(r["G"]))
        got, most = {}, {}
        for r in t.raw("Pitching" if pitching else "Batting"):
            y = int(r["yearID"])
            if r["lgID"] in INDEPENDENT or season not in (None, y) or first is not None and y < first:
                continue
            k = (r["playerID"], r["yearID"])
            if only is not None and k not in only:
                continue
            s = got.setdefault(k, dict.fromkeys(cols, 0))
            for c in cols:
                s[c] += n(r[c])
            most[k] = max(most.get(k, 0), games[r["yearID"], r["teamID"]])
        if pitching:
            value = {k: (27 * s["ER"] if stat == "ERA" else 3 * (s["H"] + s["BB"])) / s["IPouts"]
                     for k, s in got.items() if s["IPouts"] and s["IPouts"] >= 3 * most[k]}
        else:
            value = {k: _rate(stat, s) for k, s in got.items()
                     if s["AB"] + s["BB"] + s["HBP"] + s["SF"] + s["SH"] >= int(3.1 * most[k] + 0.5)}
        best = (min if lowest else max)(value, key=value.get)
        said = f"{value[best]:.2f}" if pitching else f"{value[best]:.3f}".removeprefix("0")
        return [t.name(best[0]), said] + ([] if season else [f"in {best[1]}"])
    return pieces
