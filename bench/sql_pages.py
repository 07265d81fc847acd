"""What the sql tool's queries cost the page in bytes, measured in CPython: every read SQLite makes of the
file, recorded by a VFS registered through ctypes (stdlib only), replayed through the page's chunk reader
(templates/chunked.js, mountChunked: 16 KB chunks, each fetched once; after ``scan`` chunks missed in a row, the
256 KB run holding the next), summed as the chunks' brotli copies a server sends.

    .venv/bin/python bench/sql_pages.py [--site site] [--scan N ...] [-v]     (the built site's database; ~20 s)

tests/test_sql.py (test_common_queries_read_only_what_they_need) holds the figures to the targets.
"""

from __future__ import annotations

import argparse
import ctypes
import json
import sqlite3
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
from agent_py import data  # noqa: E402
from baseball.sql import MAX_ROWS  # noqa: E402  (the rows the tool reads of a result at most)
from bench.report import percentile  # noqa: E402
from bench.sql_queries import QUERIES  # noqa: E402
from build import compressible, compressors  # noqa: E402

VFS = b"page-reads"
MAIN_DB = 0x100  # SQLITE_OPEN_MAIN_DB

_file_p = ctypes.c_void_p
_x_close = ctypes.CFUNCTYPE(ctypes.c_int, _file_p)
_x_read = ctypes.CFUNCTYPE(ctypes.c_int, _file_p, ctypes.c_void_p, ctypes.c_int, ctypes.c_int64)
# the name as a pointer: SQLite reads the URI's parameters (immutable=1) from the bytes past its end
_x_open = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p, _file_p, ctypes.c_int, ctypes.c_void_p)


class _IoMethods(ctypes.Structure):  # sqlite3_io_methods, version 1 (no shared memory, no mmap)
    _fields_ = [("iVersion", ctypes.c_int), ("xClose", _x_close), ("xRead", _x_read)] + [
        (name, ctypes.c_void_p) for name in ("xWrite", "xTruncate", "xSync", "xFileSize", "xLock", "xUnlock",
                                             "xCheckReservedLock", "xFileControl", "xSectorSize",
                                             "xDeviceCharacteristics", "xShmMap", "xShmLock", "xShmBarrier",
                                             "xShmUnmap", "xFetch", "xUnfetch")]


class _File(ctypes.Structure):  # sqlite3_file: the methods pointer, then the VFS's own state
    _fields_ = [("pMethods", ctypes.POINTER(_IoMethods))]


class _Vfs(ctypes.Structure):  # sqlite3_vfs, as far as version 3
    _fields_ = [("iVersion", ctypes.c_int), ("szOsFile", ctypes.c_int), ("mxPathname", ctypes.c_int),
                ("pNext", ctypes.c_void_p), ("zName", ctypes.c_char_p), ("pAppData", ctypes.c_void_p),
                ("xOpen", _x_open)] + [
        (name, ctypes.c_void_p) for name in ("xDelete", "xAccess", "xFullPathname", "xDlOpen", "xDlError",
                                             "xDlSym", "xDlClose", "xRandomness", "xSleep", "xCurrentTime",
                                             "xGetLastError", "xCurrentTimeInt64", "xSetSystemCall",
                                             "xGetSystemCall", "xNextSystemCall")]


class PageReads:
    """A VFS named "page-reads": the platform's own, except that the main database's reads are recorded in
    ``log`` as (offset, length). Registered once per process, with the libsqlite3 the sqlite3 module uses."""

    _one = None

    def __new__(cls):
        if cls._one is None:
            cls._one = super().__new__(cls)
            cls._one._register()
        return cls._one

    def _register(self) -> None:
        import _sqlite3

        lib = ctypes.CDLL(_sqlite3.__file__)  # its symbols, or those of the libsqlite3 it links
        lib.sqlite3_vfs_find.restype = ctypes.POINTER(_Vfs)
        lib.sqlite3_vfs_find.argtypes = [ctypes.c_char_p]
        lib.sqlite3_vfs_register.argtypes = [ctypes.POINTER(_Vfs), ctypes.c_int]
        self.log: list[tuple[int, int]] = []
        base = lib.sqlite3_vfs_find(None).contents
        self.vfs = _Vfs.from_buffer_copy(base)
        self.vfs.zName = VFS
        self.vfs.pNext = None
        self.theirs: dict[int, tuple[int, _IoMethods]] = {}  # an open file -> the platform's methods
        self.mine: dict[int, _IoMethods] = {}

        def read(file, buffer, amount, offset):
            self.log.append((offset, amount))
            return self.theirs[file][1].xRead(file, buffer, amount, offset)

        def close(file):
            address, theirs = self.theirs.pop(file)
            del self.mine[file]
            handle = ctypes.cast(file, ctypes.POINTER(_File)).contents
            handle.pMethods = ctypes.cast(address, ctypes.POINTER(_IoMethods))
            return theirs.xClose(file)

        def open_(vfs, name, file, flags, out_flags):
            done = base.xOpen(ctypes.addressof(base), name, file, flags, out_flags)
            handle = ctypes.cast(file, ctypes.POINTER(_File)).contents
            if done == 0 and flags & MAIN_DB and handle.pMethods:
                theirs = _IoMethods.from_buffer_copy(handle.pMethods.contents)
                mine = _IoMethods.from_buffer_copy(theirs)
                mine.iVersion, mine.xRead, mine.xClose = 1, self._read, self._close
                self.theirs[file] = (ctypes.addressof(handle.pMethods.contents), theirs)
                self.mine[file] = mine
                handle.pMethods = ctypes.pointer(mine)
            return done

        self._read, self._close, self._open = _x_read(read), _x_close(close), _x_open(open_)
        self.vfs.xOpen = self._open
        if lib.sqlite3_vfs_register(ctypes.byref(self.vfs), 0):
            raise RuntimeError("sqlite3_vfs_register failed")

    def reads(self, path: Path, sql: str) -> list[tuple[int, int]]:
        """The reads of one query on a new connection (cold: no page cached), opened as the tool opens it."""
        self.log = []
        con = sqlite3.connect(f"file:{path}?mode=ro&immutable=1&vfs={VFS.decode()}", uri=True)
        try:
            con.execute("SELECT 1 FROM sqlite_master LIMIT 1").fetchall()
            con.execute(sql).fetchmany(MAX_ROWS)
        finally:
            con.close()
        return self.log


def fetches(reads: list[tuple[int, int]], info: dict, scan: int) -> list[str]:
    """The files the page's reader (mountChunked) fetches for these reads, in order: chunk n as "nnnn", the
    run holding it as "rnnn" once `scan` chunks were missed one after another. The reader's logic, replayed."""
    chunk, size = info["chunk"], info["bytes"]
    per_run = info["run"] // chunk if info.get("run") else 0
    have: set[int] = set()
    last, streak, out = -2, 0, []
    for offset, length in reads:
        at, end = offset, min(size, offset + length)
        while at < end:
            n = at // chunk
            if n not in have:
                streak = streak + 1 if n == last + 1 else 0
                last = n
                if per_run and streak >= scan:
                    r = n // per_run
                    out.append(f"r{r:03d}")
                    have.update(range(r * per_run, (r + 1) * per_run))
                    last = r * per_run + per_run - 1
                else:
                    out.append(f"{n:04d}")
                    have.add(n)
            at = (n + 1) * chunk
    return out


def sent_bytes(folder: Path, scan: int | None = None) -> list[dict]:
    """Per query of bench/sql_queries.py: {"kind", "sql", "requests", "bytes"} as the page would fetch them
    cold from the database under folder (site/data/lahman: index.json, the file's chunks and their .br
    copies), index.json included; scan defaults to the index's own."""
    info = json.loads((folder / "index.json").read_text())
    scan = info["scan"] if scan is None else scan
    previous = data.root()
    data.configure(str(folder.parent))
    try:
        whole = data.joined("lahman.sqlite")  # the chunks joined, as the CLI reads them
    finally:
        data.configure(previous)
    vfs = PageReads()
    reads = [(kind, sql, vfs.reads(whole, sql)) for kind, sql in QUERIES]
    sizes: dict[str, int] = {}

    def size(name: str) -> int:  # the build's brotli copy (made here if this folder has none), as sent
        if name not in sizes:
            packed, raw = folder / f"{name}.br", folder / name
            if packed.exists() or not compressible(raw):
                sizes[name] = (packed if packed.exists() else raw).stat().st_size
            else:
                sizes[name] = len(dict((s, f) for s, _, f in compressors(name))[".br"](raw.read_bytes()))
        return sizes[name]

    out = []
    for kind, sql, got in reads:
        names = [f"{info['prefix']}{f}.bin" for f in fetches(got, info, scan)]
        out.append({"kind": kind, "sql": sql, "requests": len(names),
                    "bytes": size("index.json") + sum(size(n) for n in names)})
    return out


def summary(results: list[dict]) -> dict:
    kb = [r["bytes"] / 1e3 for r in results]
    return {"kb_p50": percentile(kb, 50), "kb_p95": percentile(kb, 95), "kb_max": max(kb),
            "lookup_kb_max": max(r["bytes"] / 1e3 for r in results if r["kind"] == "lookup"),
            "requests_max": max(r["requests"] for r in results)}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--scan", type=int, nargs="*", help="the reader's scan thresholds to compare")
    parser.add_argument("-v", action="store_true", help="every query's figure")
    args = parser.parse_args(argv)
    folder = args.site / "data" / "lahman"
    for scan in args.scan or [None]:
        results = sent_bytes(folder, scan)
        if args.v:
            for r in results:
                print(f"  {r['bytes'] / 1e3:8.1f} KB {r['requests']:4} req  {r['sql'][:90]}")
        s = summary(results)
        print(f"scan {scan or 'as built'}: cold bytes as sent p50 {s['kb_p50']:.1f} KB, p95 {s['kb_p95']:.1f} KB, "
              f"max {s['kb_max']:.1f} KB; lookups by key at most {s['lookup_kb_max']:.1f} KB; "
              f"at most {s['requests_max']} requests")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
