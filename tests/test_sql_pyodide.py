"""The sql tool inside the real Pyodide runtime (under Node), over the worker's lazily read, chunked file.

The built site's runtime (its lean standard library must keep sqlite3) and agent zip; the database mounted
by templates/chunked.js's ``mountChunked`` with chunks read from the built site's files. Every query of
bench/sql_queries.py answers as in CPython, reading only some of the chunks (recorded per query); a chunk
that cannot be had gives the tool's words, not a crash.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import build
from baseball import sql as sql_tool
from conftest_data import baseball_data  # noqa: F401  (a fixture)

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.sql_queries import QUERIES  # noqa: E402

pytestmark = pytest.mark.pyodide

RUN = r"""
import json
from agent_py import data
from baseball import sql
data._cache["lahman/index.json"] = json.loads(INFO)
data._root = "CHUNKS"
out = []
def cpu():  # Node's processor time in seconds: the bound is on work, not on how busy the machine is
    used = js.process.cpuUsage()
    return (used.user + used.system) / 1e6
for statement in json.loads(QUERIES):
    before = js.chunkStats.requests
    started = cpu()
    result = sql.sql(statement)
    out.append({"result": result, "urls": list(js.chunkStats.urls)[before:], "s": cpu() - started})
json.dumps(out)
"""

RUNNER = r"""
import { loadPyodide } from "%(pyodide)s/pyodide.mjs";
import { readFileSync, writeFileSync } from "node:fs";
globalThis.self = globalThis;
globalThis.addEventListener = () => {};
const { unpackAgent } = await import("%(templates)s/zip.js");
const { mountChunked, chunkStats } = await import("%(templates)s/chunked.js");
const pyodide = await loadPyodide({ indexURL: "%(pyodide)s/" });
unpackAgent(pyodide, new Uint8Array(readFileSync("%(zip)s")).buffer);
const missing = %(missing)s;
const read = (url) => {
  if (missing.some((m) => url.endsWith(m))) throw new Error("offline");
  return new Uint8Array(readFileSync(url));
};
globalThis.chunkStats = chunkStats;
globalThis.agentMountChunked = (name, base, info) => mountChunked(pyodide.FS, name, base, JSON.parse(info), read);
pyodide.globals.set("INFO", readFileSync("%(data)s/lahman/index.json", "utf8"));
pyodide.globals.set("QUERIES", %(queries)s);
const code = readFileSync("%(code)s", "utf8").replace("CHUNKS", "%(data)s");
writeFileSync("%(out)s", await pyodide.runPythonAsync("import js\n" + code));
process.exit(0);
"""


def run_in_pyodide(site_dir, shipped_agent, tmp_path, statements, missing=()):
    if not shutil.which("node"):
        pytest.fail("Node.js is needed to run Pyodide outside the browser")
    (tmp_path / "run.py").write_text(RUN)
    runner = tmp_path / "run.mjs"
    runner.write_text(RUNNER % {"pyodide": site_dir / build.PYODIDE_DIR, "templates": build.TEMPLATES,
                                "zip": shipped_agent, "data": site_dir / "data", "code": tmp_path / "run.py",
                                "queries": json.dumps(json.dumps(statements)), "missing": json.dumps(list(missing)),
                                "out": tmp_path / "out.json"})
    done = subprocess.run(["node", str(runner)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads((tmp_path / "out.json").read_text())  # a file: Node's exit may cut a long stdout short


def test_the_queries_answer_as_in_cpython_reading_only_some_chunks(site_dir, shipped_agent, baseball_data, tmp_path):
    statements = [q for _, q in QUERIES]
    got = run_in_pyodide(site_dir, shipped_agent, tmp_path, statements)
    index = json.loads((site_dir / "data" / "lahman" / "index.json").read_text())
    for statement, answer in zip(statements, got):
        assert answer["result"] == sql_tool.sql(statement), statement
        assert not answer["result"].startswith("error"), (statement, answer["result"])
    total = sum(len(a["urls"]) for a in got)
    assert 0 < total < index["count"] / 2  # the whole set read less than half the file
    sent = [sum((Path(u + ".br")).stat().st_size for u in a["urls"]) for a in got]  # as a server sends them
    assert sent[0] <= 50_000, sent[0]  # a cold lookup by key: the schema and a few pages
    print("chunks per query:", [len(a["urls"]) for a in got], "KB sent:", [round(s / 1000) for s in sent])


def test_a_chunk_that_cannot_be_had_gives_words_not_a_crash(site_dir, shipped_agent, baseball_data, tmp_path):
    index = json.loads((site_dir / "data" / "lahman" / "index.json").read_text())
    last = f"{index['prefix']}{index['count'] - 1:04d}.bin"
    every = [f"{index['prefix']}{i:04d}.bin" for i in range(40, index["count"])]  # the schema is in the first 30
    got = run_in_pyodide(site_dir, shipped_agent, tmp_path,
                         ["SELECT COUNT(*) FROM Batting", "SELECT 1 + 1"], missing=every + [last])
    assert got[0]["result"].startswith("error: part of the database could not be fetched"), got[0]
    assert json.loads(got[1]["result"])["rows"] == [[2]]  # the tool still answers what needs no missing chunk


def test_the_work_bound_in_the_page_runtime(site_dir, shipped_agent, baseball_data, tmp_path):
    """The calibration in Pyodide: the heavy legitimate queries finish with CPython's answers; runaways stop
    with the tool's words within a few seconds of processor time."""
    heavy = ["SELECT COUNT(*) FROM Batting a JOIN Batting b USING (teamID, yearID)",
             "SELECT MAX(t) FROM (SELECT SUM(HR) OVER (PARTITION BY playerID ORDER BY yearID, stint) AS t FROM Batting)"]
    runaway = ["WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT MAX(x) FROM c",
               "SELECT COUNT(*) FROM Fielding, Batting",
               "SELECT * FROM Batting a, Fielding b ORDER BY a.HR + b.E DESC LIMIT 1"]
    got = run_in_pyodide(site_dir, shipped_agent, tmp_path, heavy + runaway)
    for statement, answer in zip(heavy, got):
        assert answer["result"] == sql_tool.sql(statement), statement
    for answer in got[len(heavy):]:
        assert answer["result"].startswith("error: the query stopped after"), answer["result"]
        assert answer["s"] < 10, answer["s"]
    print("heavy:", [round(a["s"], 2) for a in got[:len(heavy)]], "s; runaways stopped after:",
          [round(a["s"], 2) for a in got[len(heavy):]], "s")
