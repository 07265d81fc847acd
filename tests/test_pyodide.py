"""The agent package inside the real Pyodide runtime (the npm package, under Node).

The same zip the page loads is unpacked into Pyodide; one full turn runs per
wire and mode, through the Pyodide side of agent_py/transport.py and the
worker's own request helper (templates/worker.js, over a small XMLHttpRequest
on Node's fetch; streamed body) against the fake provider, which checks every
request.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tarfile

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
json.dumps({"in_pyodide": transport.IN_PYODIDE, "python": sys.version.split()[0], "turns": out})
"""

RUNNER = r"""
import { loadPyodide } from "%(pyodide)s/pyodide.mjs";
import { readFileSync } from "node:fs";
globalThis.self = globalThis;  // the worker's globals that worker.js uses at load: self, and
globalThis.addEventListener = () => {};  // its message listener (not used here)
// Node has no XMLHttpRequest, which worker.js's requests use: the part of it they need, over Node's
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
await import("%(worker)s");  // defines self.agentRequest, which transport.py calls
const pyodide = await loadPyodide({ indexURL: "%(pyodide)s/" });
pyodide.unpackArchive(new Uint8Array(readFileSync("%(zip)s")), "zip");
pyodide.globals.set("BASE", "%(base)s");
const result = await pyodide.runPythonAsync(readFileSync("%(code)s", "utf8"));
console.log("RESULT " + result);
process.exit(0);  // Pyodide's event loop leaves its (cancelled) timeout timers armed in Node
"""


@pytest.fixture(scope="module")
def pyodide_dir(tmp_path_factory):
    if not shutil.which("node"):
        pytest.fail("Node.js is needed to run Pyodide outside the browser")
    dest = tmp_path_factory.mktemp("pyodide")
    with tarfile.open(build.fetch_pyodide()) as tar:
        tar.extractall(dest, filter="data")
    return dest / "package"


def test_a_full_turn_runs_inside_pyodide(pyodide_dir, tmp_path):
    fake = FakeProvider()
    try:
        for _ in range(4):
            fake.script(reply("Adding.", [("add", {"a": 2, "b": 3})]), reply("2 + 3 = 5."))
        (tmp_path / "agent.zip").write_bytes(build.agent_zip_bytes())
        (tmp_path / "turn.py").write_text(TURN)
        runner = tmp_path / "run.mjs"
        runner.write_text(RUNNER % {"pyodide": pyodide_dir, "zip": tmp_path / "agent.zip", "base": fake.url,
                                    "code": tmp_path / "turn.py", "worker": build.TEMPLATES / "worker.js"})
        done = subprocess.run(["node", str(runner)], capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr[-2000:]
        line = next(ln for ln in done.stdout.splitlines() if ln.startswith("RESULT "))
        result = json.loads(line[len("RESULT "):])
        assert result["in_pyodide"] is True and result["python"].startswith("3.14")
        for turn in result["turns"]:
            assert turn["stopped"] == "answer" and turn["answer"] == "2 + 3 = 5.", turn
            assert turn["results"] == ["5"]
            assert turn["deltas"] > (2 if turn["stream"] else 1)
        assert fake.problems == []
        assert fake.pending() == 0
    finally:
        fake.close()
