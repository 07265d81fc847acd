"""The sql tool: one read-only SQLite statement over every table of the Lahman release, for what no other
tool answers (salaries, birthplaces, colleges, parks, fielding, managers, questions over every season...).

Reads lahman.sqlite (pipeline/database.py): in CPython the file under the data folder, in the page the same
bytes fetched chunk by chunk as SQLite reads them (agent_py.data.file_path). Table and column names are the
release's own.

Read-only at every level: the file is opened ``mode=ro&immutable=1``; an authorizer allows reading only
(SELECT, reading columns, functions but load_extension, recursive CTEs, and the PRAGMAs that only describe
the schema); a statement starting with a writing keyword (INSERT, VACUUM...) is refused before SQLite sees it; one statement; limits
bound a value's length (no gigabyte zeroblob), the statement's length and attached databases (none); a
progress handler stops a query past WORK virtual-machine steps (a runaway join, an endless recursive CTE).

    sql("SELECT nameFirst, nameLast, height FROM People WHERE playerID = 'ruthba01'") ->
      {"columns": ["nameFirst", "nameLast", "height"], "rows": [["Babe", "Ruth", 74]]}
    more rows than fit -> {"columns", "rows": [the first ones], "rows_total": 153 (or "more than 500"),
                           "note": "showing 20 of 153 rows: narrow with WHERE, LIMIT or an aggregate"}
"""

from __future__ import annotations

import json
import re
import sqlite3

from agent_py import data
from agent_py.tools import RESULT_LIMIT, Tool

FILE = "lahman.sqlite"
# Virtual-machine steps a query may take. Calibrated by measurement (CPython here): the heaviest legitimate
# queries tried, a self-join of Batting (every pair of teammates, 4.6 M rows: 14.7 M steps, 0.23 s), a
# window over every player's seasons (11.9 M, 0.24 s), Batting joined to Appearances (8.8 M, 0.55 s), take
# at most 15 M; a runaway (endless recursive CTE, cross join of Batting and Fielding) stops at 100 M, after
# 0.8-1.7 s in CPython and in the page's Pyodide alike. tests/test_sql.py and test_sql_pyodide.py check both.
WORK = 100_000_000
STEP = 10_000  # steps between two calls of the progress handler
MAX_ROWS = 500  # rows read from a result at most (to count them); fewer are shown
SHOWN_ROWS = 40
CELL = 60  # characters of one text value shown
AIM = RESULT_LIMIT - 100
MAX_SQL = 4000  # characters of a statement
MAX_VALUE = 1_000_000  # bytes of one string or blob value inside a query
READ_PRAGMAS = {"table_info", "table_xinfo", "index_list", "index_info", "index_xinfo", "foreign_key_list",
                "table_list", "database_list", "collation_list", "function_list"}
DENIED_FUNCTIONS = {"load_extension", "readfile", "writefile", "edit", "fts3_tokenizer"}
WRITES = {"insert", "update", "delete", "replace", "create", "drop", "alter", "attach", "detach", "vacuum",
          "reindex", "analyze", "begin", "commit", "rollback", "savepoint", "release", "end", "upsert"}

_con: sqlite3.Connection | None = None
_steps = 0


def _authorize(action: int, arg1, arg2, db_name, source) -> int:
    if action in (sqlite3.SQLITE_SELECT, sqlite3.SQLITE_READ, sqlite3.SQLITE_RECURSIVE):
        return sqlite3.SQLITE_OK
    if action == sqlite3.SQLITE_FUNCTION:
        return sqlite3.SQLITE_DENY if (arg2 or "").lower() in DENIED_FUNCTIONS else sqlite3.SQLITE_OK
    if action == sqlite3.SQLITE_PRAGMA and (arg1 or "").lower() in READ_PRAGMAS:
        return sqlite3.SQLITE_OK  # these describe the schema, whatever their argument
    return sqlite3.SQLITE_DENY


def _progress() -> int:
    global _steps
    _steps += STEP
    return 1 if _steps > WORK else 0


def connection() -> sqlite3.Connection:
    """The database, opened read-only once per process, with the guards above."""
    global _con
    if _con is None:
        path = data.file_path(FILE)
        con = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True, check_same_thread=False,
                              isolation_level=None)
        con.execute("SELECT 1 FROM sqlite_master LIMIT 1").fetchall()  # fails here if the file is not there
        con.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, MAX_VALUE)
        con.setlimit(sqlite3.SQLITE_LIMIT_SQL_LENGTH, MAX_SQL * 4)
        con.setlimit(sqlite3.SQLITE_LIMIT_ATTACHED, 0)
        con.setlimit(sqlite3.SQLITE_LIMIT_COMPOUND_SELECT, 50)
        con.set_authorizer(_authorize)
        con.set_progress_handler(_progress, STEP)
        _con = con
    return _con


def tables() -> dict[str, list[str]]:
    """{table: [columns]} of the database, in its own spelling."""
    con = connection()
    con.set_authorizer(None)
    try:
        names = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table' "
                                           "AND name NOT LIKE 'sqlite_%' ORDER BY name")]
        return {n: [r[1] for r in con.execute(f'PRAGMA table_info("{n}")')] for n in names}
    finally:
        con.set_authorizer(_authorize)


def _value(v):
    if isinstance(v, float):
        return int(v) if v.is_integer() and abs(v) < 1e15 else float(f"{v:.6g}")
    if isinstance(v, str):
        return v if len(v) <= CELL else v[: CELL - 3] + "..."
    if isinstance(v, bytes):
        return f"<blob of {len(v)} bytes>"
    return v


def _dump(obj) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def _result(columns: list[str], rows: list[tuple], complete: bool) -> str:
    shown = [[_value(v) for v in r] for r in rows[:SHOWN_ROWS]]
    total = len(rows) if complete else f"more than {MAX_ROWS}"
    out: dict = {"columns": columns, "rows": shown}
    if not rows:
        out["note"] = "no rows"

    def said() -> str:
        if len(shown) < len(rows) or not complete:
            out["rows_total"] = total
            out["note"] = (f"showing {len(shown)} of {total} rows: narrow with WHERE, ORDER BY ... LIMIT, "
                           "or an aggregate (COUNT, SUM, GROUP BY)")
        return _dump(out)

    text = said()
    while len(text) > AIM and len(shown) > 1:
        shown = shown[:-1]
        out["rows"] = shown
        text = said()
    if len(text) > AIM:  # one row too wide: its values cut shorter
        out["rows"] = [[v[:20] + "..." if isinstance(v, str) and len(v) > 23 else v for v in r] for r in shown]
        text = _dump(out)
    return text


def _near(statement: str, message: str) -> str:
    """SQLite's syntax error, with the part of the statement it points at."""
    found = re.search(r'near "(.*)": syntax error', message, re.S)
    if found:
        at = statement.find(found.group(1))
        if at >= 0:
            start = max(0, at - 25)
            part = statement[start:at] + ">>>" + statement[at:at + 30]
            return f"error: {message}, here: {'...' if start else ''}{part}"
    if "incomplete input" in message:
        return f"error: {message}: the statement ends too early (a missing ')' or clause?)"
    return f"error: {message}"


def _referenced(statement: str, known: dict[str, list[str]]) -> list[str]:
    lower = {t.lower(): t for t in known}
    words = re.findall(r'(?:from|join)\s+"?(\w+)', statement, re.I)
    return list(dict.fromkeys(lower[w.lower()] for w in words if w.lower() in lower))


def _error(statement: str, exc: Exception) -> str:
    message = str(exc)
    if message == "interrupted":
        return (f"error: the query stopped after {WORK // 1_000_000} M steps of work, too many: filter on an "
                "indexed key (playerID, yearID, teamID), join on keys, or drop a cross join / endless recursion.")
    if "not authorized" in message:
        return ("error: only reading is allowed: one SELECT (or WITH) over the tables; writes, ATTACH, "
                "PRAGMAs that change anything and extensions are refused.")
    if message.startswith("no such table"):
        return f"error: {message}. Tables: {', '.join(tables())}."
    if message.startswith("no such column"):
        known = tables()
        named = _referenced(statement, known) or []
        cols = "; ".join(f"{t}: {', '.join(known[t])}" for t in named[:3])
        return f"error: {message}." + (f" Columns of {cols}." if cols else f" Tables: {', '.join(known)}.")
    if "syntax error" in message or "incomplete input" in message:
        return _near(statement, message)
    if "too big" in message:
        return f"error: {message}: a value in the query is over {MAX_VALUE:,} bytes."
    return f"error: {message}"


def sql(sql: str = None) -> str:
    global _steps
    if not isinstance(sql, str) or not sql.strip():
        return "error: parameter 'sql' must be one SQLite SELECT statement, e.g. SELECT * FROM People LIMIT 1."
    if len(sql) > MAX_SQL:
        return f"error: parameter 'sql' is {len(sql):,} characters; a statement may have at most {MAX_SQL:,}."
    try:
        sql.encode("utf-8")
    except UnicodeEncodeError:
        return "error: parameter 'sql' is not valid UTF-8 text (it has a lone surrogate); send plain text."
    statement = sql.strip()
    head = re.match(r"(?:\s|--[^\n]*\n|/\*.*?\*/)*(\w+)", statement, re.S)
    if not head or head.group(1).lower() in WRITES:
        return ("error: only reading is allowed: send one SELECT (or WITH ... SELECT) statement; "
                "PRAGMA table_info(T) lists a table's columns.")
    failures = data.chunk_failures()
    try:
        con = connection()
    except (sqlite3.Error, data.DataMissing, OSError) as exc:
        if data.chunk_failures() > failures:
            return _io_error()
        return f"error: the database could not be opened ({exc})."
    _steps = 0
    try:
        cursor = con.execute(statement)
        rows = cursor.fetchmany(MAX_ROWS + 1)
        columns = [d[0] for d in cursor.description or ()]
        cursor.close()
    except sqlite3.ProgrammingError as exc:
        if "one statement" in str(exc):
            return "error: send one statement at a time (no ';' between statements)."
        return _error(statement, exc)
    except sqlite3.Error as exc:
        if data.chunk_failures() > failures:
            return _io_error()
        return _error(statement, exc)
    except OverflowError as exc:
        return f"error: {exc}"
    complete = len(rows) <= MAX_ROWS
    return _result(columns, rows[:MAX_ROWS], complete)


def _io_error() -> str:
    offline = False
    try:
        import js  # type: ignore[import-not-found]

        offline = js.navigator.onLine is False
    except Exception:
        pass
    if offline:
        return ("error: this query needs parts of the database not yet fetched, and this device is offline: "
                "it needs the network. Say so; other tools may answer from what is kept.")
    return "error: part of the database could not be fetched (network); try again."


TOOL = Tool(
    "sql",
    "Returns the rows of one read-only SQLite query over the Lahman tables: People Batting Pitching Fielding "
    "Appearances Teams TeamsFranchises Salaries AllstarFull AwardsPlayers AwardsSharePlayers HallOfFame SeriesPost "
    "Managers CollegePlaying Schools Parks HomeGames BattingPost PitchingPost FieldingPost FieldingOF "
    "FieldingOFsplit TeamsHalf ManagersHalf AwardsManagers AwardsShareManagers. Use it when no other tool fits.",
    {"type": "object", "properties": {"sql": {"type": "string"}}, "required": ["sql"]},
    sql,
)
