"""Where the tools' published data lives, and reading it (cached).

The build writes the data to ``site/data/``. In CPython the default root is
that folder (or ``AGENT_DATA_DIR``); in the page the worker calls
``configure`` with the data URL, and reads go through a synchronous request
in the worker. Files are JSON; each is read at most once per process.
"""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path
from typing import Any

from . import transport

_root: str | None = None
_cache: dict[str, Any] = {}
fetched: list[str] = []  # names read so far, in order (the page reports bytes per question)


def user_cache() -> Path:
    """This machine's cache for the project, shared by its clones (as pip's is): ~/.cache/baseball-agent, or
    under $XDG_CACHE_HOME."""
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "baseball-agent"


def default_root() -> str:
    env = os.environ.get("AGENT_DATA_DIR")
    if env:
        return env
    return str(Path(__file__).resolve().parent.parent / "site" / "data")


_version = ""  # the page's data version (config.json's data_version): asked for with every URL


def configure(root: str, version: str = "") -> None:
    """Point the tools at a folder or a URL (ending without a slash is fine). ``version``: the build's
    data version, sent with each URL (``?v=``), so no cache hands one build's data to another's agent."""
    global _root, _version
    _root = root.rstrip("/")
    _version = version
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
            text = transport.read_text(f"{where}?v={_version}" if _version else where)
        except FileNotFoundError:
            raise DataMissing(f"no data at {where}: run `make build` first") from None
        except OSError as exc:
            if "HTTP 409" in str(exc):  # sw.js: the site now serves another build's data
                raise DataMissing("this site was updated while the page was open, and its data now belongs to "
                                  "the new version: reload the page to use it") from None
            raise
        _cache[name] = json.loads(text)
        fetched.append(name)
    return _cache[name]


def file_path(name: str) -> str:
    """A path to open the published file ``name`` by (e.g. 'lahman.sqlite', for sqlite3, which needs one).

    In CPython: its chunks joined into one file (joined). In the page: a file in Pyodide's file system whose bytes
    arrive as they are read, chunk by chunk (the worker's ``agentMountChunked``), from the chunks the
    pipeline wrote beside it: ``<stem>/index.json`` says their size and names. Only the chunks a read
    touches are fetched; raises DataMissing when the index is not published. A chunk that cannot be
    fetched fails the read (an I/O error for the reader).
    """
    if not transport.IN_PYODIDE:
        return str(joined(name))
    import js  # type: ignore[import-not-found]

    stem = name.rsplit(".", 1)[0]
    info = load_json(f"{stem}/index.json")
    return str(js.agentMountChunked(name, f"{root()}/{stem}/", json.dumps(info)))


def chunk_name(prefix: str, n: int) -> str:
    """The name of chunk n of a file cut by the pipeline (pipeline/database.py; worker.js reads the same)."""
    return f"{prefix}{n:04d}.bin"


KEEP_JOINED = 3  # joined files kept in the cache: this build's and the two newest before it (other checkouts)


def joined(name: str) -> Path:
    """The published file ``name`` whole, for CPython: the site publishes it only as chunks, so they are
    joined once into this machine's cache (user_cache()/data/<stem>-<sha256>.<suffix>, checked against the
    sha256 of its index.json) and every later process opens that file. Raises DataMissing when a chunk is
    missing or the bytes are not the index's."""
    import hashlib  # CPython's alone: the page never imports it for this

    stem, suffix = name.rsplit(".", 1)
    info = load_json(f"{stem}/index.json")
    path = user_cache() / "data" / f"{stem}-{info['sha256']}.{suffix}"
    if path.exists():
        return path
    folder = Path(root()) / stem
    try:
        blob = b"".join((folder / chunk_name(info["prefix"], n)).read_bytes() for n in range(info["count"]))
    except FileNotFoundError as exc:
        raise DataMissing(f"a chunk of {name} is missing ({exc.filename}): run `make build` again") from None
    if hashlib.sha256(blob).hexdigest() != info["sha256"]:
        raise DataMissing(f"the chunks of {name} under {folder} are not the file {stem}/index.json names: "
                          "run `make build` again")
    path.parent.mkdir(parents=True, exist_ok=True)
    replace_file(path, blob)
    earlier = sorted(path.parent.glob(f"{stem}-*.{suffix}"), key=lambda p: p.stat().st_mtime, reverse=True)
    for stale in earlier[KEEP_JOINED:]:  # other builds' copies (a process that has one open keeps reading it)
        stale.unlink(missing_ok=True)
    return path


def replace_file(path: Path, blob: bytes) -> None:
    """Write ``path`` as a new file, atomically: no reader sees half of it (two processes or threads may
    write it at once), and a hard-linked file's other names keep their bytes."""
    partial = path.with_name(f"{path.name}.{os.getpid()}.{threading.get_ident()}")
    partial.write_bytes(blob)
    partial.replace(path)


def chunk_failures() -> int:
    """How many chunk reads have failed so far in the page (0 in CPython): a reader that got an error
    compares this before and after, to tell a missing chunk from its own mistake."""
    if not transport.IN_PYODIDE:
        return 0
    import js  # type: ignore[import-not-found]

    return int(js.agentChunkStats.failures)
