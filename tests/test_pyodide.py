"""The agent package inside the real Pyodide runtime (the npm package, under Node).

The built site's runtime (its standard library lean, with what a visit imports
as bytecode) and the same agent zip the page loads (bytecode), unpacked into
Pyodide as the worker unpacks it (templates/zip.js's ``unpackAgent``); one full turn runs per wire and mode,
through the Pyodide side of agent_py/transport.py and the
worker's own request helper (templates/request.js, over a small XMLHttpRequest
on Node's fetch; streamed body) against the fake provider, which checks every
request.
"""

from __future__ import annotations

import hashlib
import io
import json
import shutil
import subprocess
import zipfile

import pytest
from fake_provider import FakeProvider, reply

import build

pytestmark = pytest.mark.pyodide

TURN = r"""
import asyncio, json, sys
from agent_py import transport
from agent_py.loop import run_turn
from agent_py.model import ModelClient
from agent_py.tools import Tool

tools = [Tool("add", "Returns a + b. Use it for sums.",
              {"type": "object", "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}},
               "required": ["a", "b"]}, lambda a, b: str(a + b))]
out = []
for wire, stream in [("openai", True), ("openai", False), ("anthropic", True), ("anthropic", False)]:
    provider = {"id": "fake", "label": "FakeAI", "wire": wire, "base_url": BASE + ("/v1" if wire == "openai" else ""),
                "key_env": "", "key_optional": False, "models": [{"id": "m", "input": 1, "output": 2}], "hint": ""}
    deltas = []
    import time; t0 = time.time()
    turn = await run_turn(ModelClient(provider, "m", "sk-test", stream=stream), tools, "sys", [], "2+3?",
                          on_text=deltas.append)
    out.append({"wire": wire, "stream": stream, "answer": turn["answer"], "stopped": turn["stopped"],
                "results": [c["result"] for s in turn["steps"] for c in s["calls"]], "deltas": len(deltas), "s": round(time.time() - t0, 2)})
# A ready callback runs as a microtask (transport.py): before a microtask queued after it, not in a task later.
import js
from pyodide.ffi import create_once_callable
order = []
asyncio.get_event_loop().call_soon(order.append, "ready callback")
js.queueMicrotask(create_once_callable(lambda: order.append("microtask queued after")))
await asyncio.sleep(0.01)
json.dumps({"in_pyodide": transport.IN_PYODIDE, "python": sys.version.split()[0], "turns": out, "order": order})
"""

RUNNER = r"""
import { loadPyodide } from "%(pyodide)s/pyodide.mjs";
import { readFileSync } from "node:fs";
globalThis.self = globalThis;  // the worker's globals that its modules use at load: self, and
globalThis.addEventListener = () => {};  // its message listener (not used here)
// Node has no XMLHttpRequest, which request.js uses: the part of it that needs, over Node's
// fetch (the browser tests run the real one).
globalThis.XMLHttpRequest = class {
  static HEADERS_RECEIVED = 2;
  static LOADING = 3;
  headers = {};
  readyState = 0;
  responseText = "";
  open(method, url) { this.method = method; this.url = url; }
  setRequestHeader(name, value) { this.headers[name] = value; }
  getAllResponseHeaders() { return [...this.response.headers].map(([k, v]) => `${k}: ${v}\r\n`).join(""); }
  abort() { this.controller.abort(); }
  async send(body) {
    this.controller = new AbortController();
    try {
      const signal = this.controller.signal;
      this.response = await fetch(this.url, { method: this.method, headers: this.headers, body, signal });
      this.status = this.response.status;
      this.readyState = 2;
      this.onreadystatechange();
      const decoder = new TextDecoder();
      for await (const part of this.response.body) {
        this.responseText += decoder.decode(part, { stream: true });
        this.readyState = 3;
        this.onreadystatechange();
      }
      this.readyState = 4;
      this.onload();
    } catch {
      this.readyState = 4;
      (this.controller.signal.aborted ? this.onabort : this.onerror)();
    }
  }
};
const { unpackAgent } = await import("%(templates)s/zip.js");
await import("%(templates)s/request.js");  // self.agentRequest, which transport.py calls
const pyodide = await loadPyodide({ indexURL: "%(pyodide)s/" });
unpackAgent(pyodide, new Uint8Array(readFileSync("%(zip)s")).buffer);
pyodide.globals.set("BASE", "%(base)s");
const result = await pyodide.runPythonAsync(readFileSync("%(code)s", "utf8"));
console.log("RESULT " + result);
process.exit(0);  // Pyodide's event loop leaves its (cancelled) timeout timers armed in Node
"""


@pytest.fixture(scope="module")
def pyodide_dir(site_dir):
    if not shutil.which("node"):
        pytest.fail("Node.js is needed to run Pyodide outside the browser")
    return site_dir / build.PYODIDE_DIR  # as the page has it


def test_a_full_turn_runs_inside_pyodide(pyodide_dir, shipped_agent, tmp_path):
    fake = FakeProvider()
    try:
        for _ in range(4):
            fake.script(reply("Adding.", [("add", {"a": 2, "b": 3})]), reply("2 + 3 = 5."))
        (tmp_path / "turn.py").write_text(TURN)
        runner = tmp_path / "run.mjs"
        runner.write_text(RUNNER % {"pyodide": pyodide_dir, "zip": shipped_agent, "base": fake.url,
                                    "code": tmp_path / "turn.py", "templates": build.TEMPLATES})
        done = subprocess.run(["node", str(runner)], capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr[-2000:]
        line = next(ln for ln in done.stdout.splitlines() if ln.startswith("RESULT "))
        result = json.loads(line[len("RESULT "):])
        assert result["in_pyodide"] is True and result["python"].startswith("3.14")
        assert result["order"] == ["ready callback", "microtask queued after"]
        for turn in result["turns"]:
            assert turn["stopped"] == "answer" and turn["answer"] == "2 + 3 = 5.", turn
            assert turn["results"] == ["5"]
            assert turn["deltas"] > (2 if turn["stream"] else 1)
        assert fake.problems == []
        assert fake.pending() == 0
    finally:
        fake.close()


UNPACK = r"""
import { loadPyodide } from "%(pyodide)s/pyodide.mjs";
import { readFileSync } from "node:fs";
globalThis.self = globalThis;
globalThis.addEventListener = () => {};
const { unpackAgent } = await import("%(templates)s/zip.js");
const pyodide = await loadPyodide({ indexURL: "%(pyodide)s/" });
const LIST = `import hashlib, json, os
json.dumps({os.path.join(d, f): hashlib.sha256(open(os.path.join(d, f), "rb").read()).hexdigest()
            for top in os.listdir() for d, _, fs in os.walk(top) for f in fs})`;
const unpackArchive = pyodide.unpackArchive;
let archives = 0; // calls of Pyodide's own unpacking
pyodide.unpackArchive = (...args) => { archives += 1; return unpackArchive.apply(pyodide, args); };
const out = {};
for (const [name, path] of Object.entries(%(zips)s)) {
  pyodide.FS.mkdirTree(`/unpacked/${name}`);
  pyodide.FS.chdir(`/unpacked/${name}`);
  unpackAgent(pyodide, new Uint8Array(readFileSync(path)).buffer);
  out[name] = [JSON.parse(pyodide.runPython(LIST)), archives];
}
console.log("RESULT " + JSON.stringify(out));
process.exit(0);
"""


def test_the_worker_unpacks_the_agent_exactly(pyodide_dir, shipped_agent, tmp_path):
    """The worker writes the build's zip (stored entries) into Pyodide's file system itself; any other
    zip (here, deflated) goes to Pyodide's unpackArchive. Either way: every file, byte for byte."""
    stored = shipped_agent.read_bytes()
    with zipfile.ZipFile(io.BytesIO(stored)) as zin:
        files = {name: zin.read(name) for name in zin.namelist()}
        assert {info.compress_type for info in zin.infolist()} == {zipfile.ZIP_STORED}
    expected = {name: hashlib.sha256(data).hexdigest() for name, data in files.items()}
    deflated = io.BytesIO()
    with zipfile.ZipFile(deflated, "w", zipfile.ZIP_DEFLATED) as zout:
        for name, data in files.items():
            zout.writestr(name, data)
    (tmp_path / "stored.zip").write_bytes(stored)
    (tmp_path / "deflated.zip").write_bytes(deflated.getvalue())
    runner = tmp_path / "unpack.mjs"
    zips = json.dumps({"stored": str(tmp_path / "stored.zip"), "deflated": str(tmp_path / "deflated.zip")})
    runner.write_text(UNPACK % {"pyodide": pyodide_dir, "templates": build.TEMPLATES, "zips": zips})
    done = subprocess.run(["node", str(runner)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    result = json.loads(next(ln for ln in done.stdout.splitlines() if ln.startswith("RESULT "))[len("RESULT "):])
    assert len(expected) > 30
    assert result == {"stored": [expected, 0], "deflated": [expected, 1]}  # Pyodide's unpacking only for the second
