"""Where a page loop step goes: the typical two-step turn, timed from inside the page, worker and Python.

    .venv/bin/python bench/timeline.py [--turns 30] [--site DIR]

A copy of the built site gets timing marks (``MARKS``: string edits of
the worker's scripts and of the agent's Python; each must apply, so the tool fails when
the code it marks has moved). The site ships the agent as bytecode, so the
copy's agent zip is this repository's agent_py as source, marked. The copy is served and asked the
typical turn ``--turns`` times against the fake provider, in a Chromium where
no DevTools session watches the worker (bench/cdp.py), as a visitor's
browser runs. Printed: for each gap between consecutive marks, its median in
ms over the turns, on the page's clock ("network" gaps include the fake
server's time). `make bench` measures the step itself; this says what it is
made of.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import re
import statistics
import sys
import tempfile
import zipfile
from collections import Counter, defaultdict
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
for path in (BENCH, ROOT):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

import browser as B  # noqa: E402
import build  # noqa: E402
import cdp  # noqa: E402
from fake import QUESTION, server_ms, timed_fake, two_step  # noqa: E402
from server import CountingServer  # noqa: E402

# file -> (a line's start, the mark made just before that line), for the worker and the agent's Python.
MARKS = {
    "worker.js": [
        ("  await settled;", "worker: ask message"),
        ("    post(turn ? {", "worker: turn done"),
    ],
    "request.js": [
        ("    xhr.send(body);", "request: send()"),
        ("        this.head = { status", "request: headers in"),
        ("      wake(this.take());", "request: Python woken"),
    ],
    "agent_py/conversation.py": [("        model = self.model if settings is self.settings", "py: ask")],
    "agent_py/loop.py": [
        ("                reply = await model.complete(", "py: model.complete"),
        ("            step = _record_reply(", "py: reply read"),
        ("            results = _run_calls(", "py: tools"),
        ("            new += [assistant, ", "py: tools done"),
    ],
    "agent_py/model.py": [
        ("                resp = await transport.post(", "py: request built"),
        ("                reply = await self._read(resp, on_text)", "py: response"),
    ],
}
# The worker's scripts and Python call the worker's global.
CALL = {"js": "self.timelineMark({!r});", "py": "__import__('js').timelineMark({!r})"}
# The worker keeps its marks (epoch ms) and sends them with each finished turn.
WORKER_SETUP = [
    ("const outbox = [];", "const outbox = [];\nconst marks = [];\nself.timelineMark = "
                           "(what) => marks.push([what, performance.timeOrigin + performance.now()]);"),
    ("    post(turn ? {", "    self.postMessage([{ type: 'marks', marks: marks.splice(0) }]);\n    post(turn ? {"),
]

# Every message from the worker, stamped on the page's clock before the page's own listener sees it.
PAGE = r"""(() => {
  if (typeof window === "undefined") return;
  const seen = window.__seen = [];
  document.addEventListener("submit", () => seen.push(["page: submit event", performance.now()]), true);
  const Real = window.Worker;
  window.Worker = class extends Real {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", ({ data }) => {
        const now = performance.now();
        for (const one of data) {
          if (one.type === "marks") {
            for (const [what, at] of one.marks) seen.push([what, at - performance.timeOrigin]);
          } else if (one.type !== "history" && one.type !== "models") {
            seen.push([`page: ${one.type}${one.event ? " " + one.event.type : ""} message`, now]);
          }
        }
      });
    }
  };
})();"""


def _edit(text: str, edits: list[tuple[str, str]], name: str) -> str:
    for old, new in edits:
        if text.count(old) != 1:
            raise SystemExit(f"bench/timeline.py: {name} has {text.count(old)} of {old.strip()[:60]!r}, not one: "
                             "update MARKS")
        text = text.replace(old, new, 1)
    return text


def _marked(text: str, name: str) -> str:
    call = CALL["js" if name.endswith(".js") else "py"]
    edits = []
    for line, what in MARKS[name]:
        indent = line[:len(line) - len(line.lstrip())]
        edits.append((line, f"{indent}{call.format(what)}\n{line}"))
    return _edit(text, edits, name)


def marked_copy(site: Path, into: Path) -> Path:
    """A copy of the built site with MARKS in the worker's scripts and in the agent, whose zip is agent_py's
    source (sw.js told their new hashes)."""
    copy = into / "site"
    build.linked_copy(site, copy)  # a file edited in the copy is replaced, never written
    config = json.loads((copy / "config.json").read_text(encoding="utf-8"))
    scripts = {name: _marked((copy / name).read_text(encoding="utf-8"), name) for name in MARKS if name.endswith(".js")}
    scripts["worker.js"] = _edit(scripts["worker.js"], WORKER_SETUP, "worker.js")
    with zipfile.ZipFile(io.BytesIO(build.agent_zip_bytes())) as zin:
        files = {n: zin.read(n) for n in zin.namelist()}
    for name in MARKS:
        if not name.endswith(".js"):
            files[name] = _marked(files[name].decode("utf-8"), name).encode("utf-8")
    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w", zipfile.ZIP_STORED) as zout:  # as build.py writes it
        for name, data in files.items():
            zout.writestr(name, data)
    new = {**{name: text.encode("utf-8") for name, text in scripts.items()}, config["agent_zip"]: packed.getvalue()}
    sw = (copy / "sw.js").read_text(encoding="utf-8")
    for name, data in new.items():
        (copy / name).unlink()
        (copy / name).write_bytes(data)
        for packed_copy in (copy / f"{name}.br", copy / f"{name}.gz"):
            packed_copy.unlink(missing_ok=True)  # the server would send the unmarked one
        sw, n = re.subn(r'("%s(?:\?[^"]*)?": ")[0-9a-f]+"' % re.escape(name),
                        lambda m: m.group(1) + hashlib.sha256(data).hexdigest() + '"', sw)
        if n != 1:
            raise SystemExit(f"bench/timeline.py: sw.js does not list {name}")
    (copy / "sw.js").unlink()
    (copy / "sw.js").write_text(sw, encoding="utf-8")
    for packed_copy in (copy / "sw.js.br", copy / "sw.js.gz"):
        packed_copy.unlink(missing_ok=True)
    return copy


def turns(site: Path, count: int) -> list[dict]:
    """The typical turn ``count`` times (after two warm-ups): each turn's marks (ms from the submit) and
    the fake server's ms."""
    server, fake, chromium = CountingServer(site), timed_fake(), cdp.Chromium()
    try:
        evaluate, _ = cdp.model_page(chromium, server, fake, (PAGE,))
        out = []
        for i in range(count + 2):
            evaluate("document.getElementById('new').click(); window.__seen.length = 0")
            fake.script(*two_step())
            mark = len(fake.requests)
            turn = evaluate(f"({B.ASK})({json.dumps(QUESTION)})")
            server_time, _ = server_ms(fake, mark)
            marks = [(what, at - turn["t0"]) for what, at in evaluate("window.__seen")]
            marks.append(("page: answer shown", turn["ms"]))
            if i >= 2:
                out.append({"marks": sorted(marks, key=lambda m: m[1]), "server_ms": server_time, "ms": turn["ms"]})
        return out
    finally:
        chromium.close()
        fake.close()
        server.close()


def gaps(measured: list[dict]) -> list[tuple[str, float, int]]:
    """(from -> to, median ms, in how many turns) for the gaps between consecutive marks that most
    turns share, in the order of a typical turn. A mark's second time in a turn is numbered ("#2")."""
    found: dict[str, list[float]] = defaultdict(list)
    ends: dict[str, list[float]] = defaultdict(list)  # when each gap ends: the typical turn's order
    for turn in measured:
        seen: Counter = Counter()
        previous, at = "page: submit (the clock starts)", 0.0
        for what, ms in turn["marks"]:
            seen[what] += 1
            name = what if seen[what] == 1 else f"{what} #{seen[what]}"
            found[f"{previous} -> {name}"].append(ms - at)
            ends[f"{previous} -> {name}"].append(ms)
            previous, at = name, ms
    shared = sorted((k for k, v in found.items() if len(v) >= len(measured) * 0.6),
                    key=lambda k: statistics.median(ends[k]))
    return [(k, statistics.median(found[k]), len(found[k])) for k in shared]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=30)
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-timeline-") as tmp:
        measured = turns(marked_copy(args.site, Path(tmp)), args.turns)
    steps = [(t["ms"] - t["server_ms"]) / 2 for t in measured]
    print(f"{len(measured)} turns; page loop step (turn less server time, halved), median: "
          f"{statistics.median(steps):.2f} ms; server, median: "
          f"{statistics.median([t['server_ms'] for t in measured]):.2f} ms (with marks: a little slower)")
    for key, ms, n in gaps(measured):
        print(f"  {ms:6.2f} ms  {key}" + (f"  (in {n} turns)" if n < len(measured) else ""))


if __name__ == "__main__":
    main()
