"""Python's own side of a page turn: the page's runtime and agent, with the network taken out.

``pyodide_turns(site_dir, runs)`` runs the built site's Pyodide under Node
with the agent unpacked as the page's worker unpacks it, and answers the
typical two-step question ``runs`` times (after warm-up turns) through the
worker's ``Session`` with a streaming provider, as the page does. Only
``agentRequest`` (request.js, the worker's request helper) is replaced: it answers at
once with the fake provider's two replies for that turn, recorded over real
HTTP beforehand. What is timed is then all Python's (the loop, the wire
adapter, SSE parsing, the tool, the trace events and the finished turn as
JSON) plus its crossings into JS: the part of a page step that is not the
browser's request, threads or page. Returns each turn's ms.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
import urllib.request
from pathlib import Path

import build
from fake import ANSWER, QUESTION, timed_fake, two_step

RUNNER = r"""
import { loadPyodide } from "%(runtime)s/pyodide.mjs";
import fs from "fs";
globalThis.self = globalThis;  // what the worker's modules use as they load
globalThis.addEventListener = () => {};
const { unpackAgent } = await import("%(templates)s/zip.js");
const py = await loadPyodide({ indexURL: "%(runtime)s/" });
unpackAgent(py, new Uint8Array(fs.readFileSync("%(zip)s")).buffer);
py.FS.mkdirTree("/data");
py.FS.mount(py.FS.filesystems.NODEFS, { root: "%(data)s" }, "/data");
const replies = JSON.parse(fs.readFileSync("%(replies)s", "utf8"));
let made = 0;
// request.js's helper, answering at once: the whole reply (status, headers, body) in one piece.
self.agentRequest = () => {
  const { status, headers, text } = replies[made++ %% replies.length];
  let taken = false;
  return {
    next() {
      const piece = taken ? { text: "", done: true } : { status, headers, text, done: true };
      taken = true;
      return Promise.resolve(JSON.stringify(piece));
    },
    abort() {},
  };
};
self.ignore = () => {};  // the worker's onText and onEvent, which post to the page
py.globals.set("CONFIG", fs.readFileSync("%(config)s", "utf8"));
const out = await py.runPythonAsync(`
import json, time
import js
from agent_py import data, transport
from agent_py.browser import Session
transport.read_text = lambda path: open(path, encoding="utf-8").read()  # Node has no XMLHttpRequest
data.configure("/data")
session = Session(CONFIG)
settings = json.dumps({"provider": "openai", "api_key": "sk-bench-0000"})

async def turn():
    session.reset()
    return json.loads(await session.ask(%(question)s, settings, js.ignore, js.ignore))

for _ in range(20):  # warm-up: imports, the first data read, V8's tiering of the interpreter
    await turn()
times = []
for _ in range(%(runs)d):
    started = time.perf_counter()
    last = await turn()
    times.append((time.perf_counter() - started) * 1000)
json.dumps({"times": times, "answer": last["answer"], "steps": len(last["steps"]), "stopped": last["stopped"]})
`);
console.log("RESULT " + out);
process.exit(0);  // Pyodide's event loop leaves its (cancelled) timeout timers armed in Node
"""


def recorded_replies() -> list[dict]:
    """The fake's two replies of the typical turn (streamed, OpenAI wire), as an XMLHttpRequest gets them."""
    fake = timed_fake()
    try:
        fake.script(*two_step())
        body = json.dumps({"model": "gpt-5-mini", "stream": True, "messages": [{"role": "user", "content": QUESTION}]})
        replies = []
        for _ in range(2):
            request = urllib.request.Request(fake.base_url("openai") + "/chat/completions", data=body.encode(),
                                             headers={"content-type": "application/json",
                                                      "authorization": "Bearer sk-bench-0000"})
            with urllib.request.urlopen(request, timeout=10) as response:
                replies.append({"status": response.status, "text": response.read().decode("utf-8"),
                                "headers": [[k.lower(), v] for k, v in response.headers.items()]})
        return replies
    finally:
        fake.close()


def pyodide_turns(site_dir: Path, runs: int) -> list[float]:
    if not shutil.which("node"):
        raise RuntimeError("Node.js is needed to run the page's Python outside the browser")
    site_dir = Path(site_dir).resolve()
    with tempfile.TemporaryDirectory(prefix="bench-pyodide-") as work:
        work = Path(work)
        (work / "replies.json").write_text(json.dumps(recorded_replies()))
        (work / "run.mjs").write_text(RUNNER % {
            "runtime": site_dir / build.PYODIDE_DIR, "templates": build.TEMPLATES,
            "zip": next(site_dir.glob("agent-*.zip")), "data": site_dir / "data", "replies": work / "replies.json",
            "config": site_dir / "config.json", "question": json.dumps(QUESTION), "runs": runs})
        done = subprocess.run(["node", str(work / "run.mjs")], capture_output=True, text=True, timeout=300)
    if done.returncode != 0:
        raise RuntimeError(f"the page's Python under Node failed: {done.stderr[-2000:]}")
    result = json.loads(next(ln for ln in done.stdout.splitlines() if ln.startswith("RESULT "))[len("RESULT "):])
    if (result["answer"], result["steps"], result["stopped"]) != (ANSWER, 2, "answer"):
        raise RuntimeError(f"the turn under Node did not answer as the fake said: {result}")
    return result["times"]
