"""Where the tools' published data lives, and reading it (cached).

The build writes the data to ``site/data/``. In CPython the default root is
that folder (or ``AGENT_DATA_DIR``); in the page the worker calls
``configure`` with the data URL, and reads go through a synchronous request
in the worker. Files are JSON; each is read at most once per process.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from . import transport

_root: str | None = None
_cache: dict[str, Any] = {}
fetched: list[str] = []  # names read so far, in order (the page reports bytes per question)


def default_root() -> str:
    env = os.environ.get("AGENT_DATA_DIR")
    if env:
        return env
    return str(Path(__file__).resolve().parent.parent / "site" / "data")


def configure(root: str) -> None:
    """Point the tools at a folder or a URL (ending without a slash is fine)."""
    global _root
    _root = root.rstrip("/")
    _cache.clear()


def root() -> str:
    return _root or default_root()


class DataMissing(RuntimeError):
    """The published data is not there: a set-up problem, not the model's."""


def load_json(name: str) -> Any:
    """Read ``name`` (a path relative to the data root, e.g. 'teams.json')."""
    if name not in _cache:
        where = f"{root()}/{name}"
        try:
            text = transport.read_text(where)
        except FileNotFoundError:
            raise DataMissing(f"no data at {where}: run `make build` first") from None
        _cache[name] = json.loads(text)
        fetched.append(name)
    return _cache[name]


def file_path(name: str) -> str:
    """A path to open the published file ``name`` by (e.g. 'lahman.sqlite', for sqlite3, which needs one).

    In CPython: the file under the data folder. In the page: a file in Pyodide's file system whose bytes
    arrive as they are read, chunk by chunk (the worker's ``agentMountChunked``), from the chunks the
    pipeline wrote beside it: ``<stem>/index.json`` says their size and names. Only the chunks a read
    touches are fetched; raises DataMissing when the index is not published. A chunk that cannot be
    fetched fails the read (an I/O error for the reader).
    """
    if not transport.IN_PYODIDE:
        return f"{root()}/{name}"
    import js  # type: ignore[import-not-found]

    stem = name.rsplit(".", 1)[0]
    info = load_json(f"{stem}/index.json")
    return str(js.agentMountChunked(name, f"{root()}/{stem}/", json.dumps(info)))


def chunk_failures() -> int:
    """How many chunk reads have failed so far in the page (0 in CPython): a reader that got an error
    compares this before and after, to tell a missing chunk from its own mistake."""
    if not transport.IN_PYODIDE:
        return 0
    import js  # type: ignore[import-not-found]

    return int(js.agentChunkStats.failures)
