"""Which page and chunk sizes make the sql tool's queries read least: builds the database at each page size,
runs each query of bench/sql_queries.py cold (a new process) under strace, and sums the chunks its reads
touch, raw and gzipped (as a server sends them).

    .venv/bin/python bench/sql_pages.py [page sizes...]     (needs strace; ~1 min)
"""

from __future__ import annotations

import gzip
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.sql_queries import QUERIES  # noqa: E402
from pipeline.databank import Databank  # noqa: E402
from pipeline.database import write_database  # noqa: E402

CHUNKS = (16 << 10, 32 << 10, 64 << 10, 128 << 10, 256 << 10)
RUN = "import sqlite3,sys; c=sqlite3.connect('file:'+sys.argv[1]+'?mode=ro&immutable=1',uri=True); c.execute(sys.argv[2]).fetchall()"
PREAD = re.compile(r"pread64\((\d+), .*, (\d+), (\d+)\)\s+=\s+(\d+)")


def reads(path: Path, sql: str) -> list[tuple[int, int]]:
    done = subprocess.run(["strace", "-e", "trace=pread64", "-e", "signal=none", "-s", "0", sys.executable, "-c",
                           RUN, str(path), sql], capture_output=True, text=True)
    return [(int(m[3]), int(m[4])) for m in PREAD.finditer(done.stderr)]


def main(pages: list[int]) -> None:
    db = Databank()
    for page in pages:
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "l.sqlite"
            write_database(db, path, page)
            blob = path.read_bytes()
            packed: dict[tuple[int, int], int] = {}
            per: dict[int, list[int]] = {c: [] for c in CHUNKS}
            raw: dict[int, list[int]] = {c: [] for c in CHUNKS}
            for kind, sql in QUERIES:
                got = reads(path, sql)
                for chunk in CHUNKS:
                    touched = {o // chunk for at, n in got for o in range(at, at + max(n, 1), 512)}
                    for t in touched:
                        if (chunk, t) not in packed:
                            packed[chunk, t] = len(gzip.compress(blob[t * chunk:(t + 1) * chunk], 6, mtime=0))
                    per[chunk].append(sum(packed[chunk, t] for t in touched))
                    raw[chunk].append(len(touched) * chunk)
            if "-v" in sys.argv:
                for (kind, sql), sent in zip(QUERIES, per[CHUNKS[1]]):
                    print(f"    {sent / 1e3:8.1f} KB  {sql[:90]}")
            print(f"page {page}: file {len(blob) / 1e6:.1f} MB")
            for chunk in CHUNKS:
                xs = sorted(per[chunk])
                p95 = xs[int(0.95 * (len(xs) - 1) + 0.5)]
                print(f"  chunk {chunk >> 10:>4} KB: gzip sent p50 {statistics.median(xs) / 1e3:8.1f} KB  "
                      f"p95 {p95 / 1e3:8.1f} KB  max {xs[-1] / 1e3:8.1f} KB  lookup max "
                      f"{max(per[chunk][:10]) / 1e3:7.1f} KB  (raw p50 {statistics.median(raw[chunk]) / 1e3:.0f} KB)")


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:] if a.isdigit()] or [1024, 4096, 8192, 16384])
