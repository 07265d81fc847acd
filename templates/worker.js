// The agent's thread: loads Pyodide, agent_py and the site's package, then answers questions.
//
// Messages in:  {type: "init", config} once, then {type: "ask", id, question, settings},
//               {type: "stop"}, {type: "reset"}, {type: "restore", history} (a conversation kept
//               across a reload, before any ask),
//               {type: "models", id, url, headers} (a provider's model list; answered by "models").
// Messages out: {type: "progress", loaded, total}, {type: "ready", ms, snapshot},
//               {type: "settled"} (warmed up and, on a first visit, the interpreter saved),
//               {type: "delta", id, text}, {type: "event", id, event},
//               {type: "answer", id, turn} (the turn carries the conversation's history after it),
//               {type: "error", id?, message, fatal?},
//               {type: "restored", messages} (how many messages of a kept history were restored: 0 if damaged),
//               {type: "models", id, ids?, status?} (the model ids, or the HTTP status, or neither: no answer).
// Each postMessage carries an array of these, in order.
// Only JSON crosses into Python. The API key arrives with each ask and is not kept here.
// Beside it: snapshot.js (the saved interpreter), zip.js (the agent's files), chunked.js (the sql tool's
// database, read lazily), request.js (model requests, for agent_py/transport.py).
import { chooseSnapshotStore, restore, saveSnapshot } from "./snapshot.js";
import { unpackAgent } from "./zip.js";
import { mountChunked } from "./chunked.js";
import "./request.js";

// Messages to the page leave together, as one array, once the worker is done with what it is doing (a
// microtask runs only then): a step's trace events, text and answer are one task for the page, not
// one each; consecutive text deltas of a question are joined into one.
const outbox = [];
function post(message) {
  const last = outbox[outbox.length - 1];
  if (message.type === "delta" && last && last.type === "delta" && last.id === message.id) {
    last.text += message.text;
    return;
  }
  if (!outbox.length) queueMicrotask(flush);
  outbox.push(message);
}

function flush() {
  self.postMessage(outbox.splice(0));
}
const realFetch = self.fetch.bind(self);

let session = null;
let runtime = null; // the Pyodide instance, once booted (restored or fresh)
let settle;
const settled = new Promise((resolve) => { settle = resolve; }); // ready, warm and (first visit) saved

// Loading progress: count the bytes of every response body while the runtime loads. The count reads
// a clone: the runtime gets the browser's own Response (its URL and HTTP-cache entry), which is what
// lets V8 reuse the wasm it compiled on an earlier visit instead of compiling 9.6 MB again. Requests
// made early (see prefetch) are handed over instead of being made again.
function countingFetch(total, early) {
  let loaded = 0;
  let lastPost = 0;
  const report = (force) => {
    const now = performance.now();
    if (!failed && (force || now - lastPost > 50)) {
      lastPost = now;
      post({ type: "progress", loaded, total });
    }
  };
  const count = async (body) => {
    const reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      loaded += value.byteLength;
      report(false);
    }
    report(true);
  };
  return async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    const made = early.get(url);
    early.delete(url);
    const response = await (made || realFetch(input, init)).catch((error) => {
      failBoot(error); // Pyodide would only log it, and wait for ever
      throw error;
    });
    if (response.body) count(response.clone().body).catch(() => {}); // a failed read surfaces in the real one
    return response;
  };
}

// The runtime's files start downloading as the worker starts, not once pyodide.mjs is imported and has
// asked for them (about 40 ms later): the lock file, the wasm and the standard library by fetch (url ->
// promise of the response, handed to the runtime by countingFetch), and the module that loads the wasm.
const RUNTIME_FILES = ["pyodide-lock.json", "pyodide.asm.wasm", "python_stdlib.zip"];

function prefetch(base) {
  import(base + "pyodide.asm.mjs").catch(() => {}); // the runtime imports it again: one module, fetched once
  return new Map(RUNTIME_FILES.map((name) => {
    const response = realFetch(base + name, { credentials: "same-origin" });
    response.catch(() => {}); // a failure surfaces where the runtime awaits it
    return [base + name, response];
  }));
}

// The runtime's folder is in this worker's own URL (app.js starts it as config.worker, which build.py
// writes as worker.js?v=<hash>&runtime=<folder>/), so the runtime starts downloading, and pyodide.mjs
// loading, as this script starts: not once the page's "init" message has arrived and been read, ~40 ms
// later on a first visit (20 interleaved first visits: 2,313 -> 2,273 ms median to ready, within the
// run-to-run spread of a boot on this machine).
const RUNTIME = startRuntime();

function startRuntime() {
  const folder = self.location && new URLSearchParams(self.location.search).get("runtime");
  if (!folder) return null; // imported as a module, not started as the page's worker
  withoutJspi();
  const base = new URL(folder, self.location.href).href;
  const early = prefetch(base);
  const loader = import(base + "pyodide.mjs");
  loader.catch(() => {}); // a failure surfaces where boot awaits it
  return { base, early, loader };
}

// The store of the saved interpreter (snapshot.js): found while the runtime downloads.
const SNAPSHOT_STORE = RUNTIME ? chooseSnapshotStore() : Promise.resolve(null);

// Pyodide runs every callback of its asyncio event loop through JSPI (WebAssembly stack switching)
// when the browser has it: each one then waits for a task of its own before a stack switch, which
// cost about 0.7 ms a loop step here. The agent never blocks on a JS promise (pyodide.ffi.run_sync,
// the one thing JSPI is for), so the worker hides JSPI from Pyodide, which then runs as it does in
// browsers without JSPI (Safari) and in Node.
function withoutJspi() {
  delete WebAssembly.Suspending;
  delete WebAssembly.Suspender; // the API's first version
}

// A runtime file that cannot download fails the boot at once: Pyodide only logs the failure, then waits
// for ever (the page's watch for a stalled download, in agent.js, would say so only 15 s later), or
// leaves its rejection unhandled.
let booting = false;
let failed = false; // then no more progress: it would show the page loading again
function failBoot(error) {
  if (!booting) return;
  booting = false;
  failed = true;
  post({ type: "error", fatal: true, message: pythonMessage(error) });
}
self.addEventListener("unhandledrejection", (event) => {
  if (!booting && !failed) return;
  event.preventDefault();
  failBoot(event.reason);
});

async function boot(config) {
  const started = performance.now();
  booting = true;
  if (!RUNTIME) throw new Error("the worker's URL names no runtime folder (?runtime=)");
  const { base, early, loader } = RUNTIME;
  self.fetch = countingFetch(config.runtime_bytes, early);
  let restored = null;
  let fresh = null;
  let store = null;
  try {
    // The agent package downloads while the runtime loads (not after it).
    const agentZip = fetch(new URL(config.agent_zip, self.location.href)).then((r) => r.arrayBuffer());
    agentZip.catch(() => {}); // a failure surfaces where it is awaited, not as an unhandled rejection first
    store = await SNAPSHOT_STORE; // found while the runtime downloads
    const { loadPyodide } = await loader;
    if (store) {
      restored = await restore(store, loadPyodide, base, config.snapshot_key, async (pyodide) => {
        unpackAgent(pyodide, await agentZip); // the same agent as in the heap: what it imports later
        session = pyodide.pyimport("agent_py.browser").Session(JSON.stringify(config));
      });
      if (!restored) session = null;
    }
    runtime = restored;
    if (!restored) {
      runtime = fresh = await loadPyodide({ indexURL: base, _makeSnapshot: Boolean(store) });
      unpackAgent(fresh, await agentZip);
      fresh.pyimport("agent_py.data").configure(new URL("data/", self.location.href).href, config.data_version);
      session = fresh.pyimport("agent_py.browser").Session(JSON.stringify(config));
    }
  } finally {
    self.fetch = realFetch; // model calls go through the plain fetch
  }
  if (!booting) return; // failed already
  booting = false;
  post({ type: "ready", ms: Math.round(performance.now() - started), snapshot: Boolean(restored),
         store: store && store.name });
  // After "ready" is on its way, so the page is usable first: load what a first answer needs, then
  // (first visit) save the warm interpreter for the next one. A question asked meanwhile waits for this.
  await new Promise((resolve) => setTimeout(resolve, 0));
  try {
    warm();
    if (fresh && store) saveSnapshot(store, fresh, config.snapshot_key);
  } finally {
    settle();
    post({ type: "settled" });
  }
}

// Load what a first answer needs (the tools module's warm-up) before anyone asks.
function warm() {
  try { session.warm(); } catch { /* only an optimisation */ }
}

self.agentMountChunked = (name, base, info) => mountChunked(runtime.FS, name, base, JSON.parse(info));

function pythonMessage(error) {
  // A PythonError's message is the whole traceback; its last line says what happened.
  const lines = String(error && error.message ? error.message : error).trim().split("\n");
  return lines[lines.length - 1].replace(/^[\w.]+(Error|Exception): /, "");
}

async function ask({ id, question, settings }) {
  await settled; // then the answer comes through onDone, from Python's own task
  const onText = (text) => post({ type: "delta", id, text });
  const onEvent = (json) => post({ type: "event", id, event: JSON.parse(json) });
  const onDone = (turn, message) => {
    post(turn ? { type: "answer", id, turn: JSON.parse(turn) } : { type: "error", id, message });
  };
  try {
    session.start(question, JSON.stringify(settings), onText, onEvent, onDone);
  } catch (error) {
    post({ type: "error", id, message: pythonMessage(error) });
  }
}

// GET a provider's model list, with only the headers the page chose (its auth header, or none): here,
// where the model calls are made, so the same policy and the same network rules apply to both.
async function listModels({ id, url, headers }) {
  try {
    const response = await realFetch(url, { headers, credentials: "omit", signal: AbortSignal.timeout(10000) });
    if (!response.ok) {
      post({ type: "models", id, status: response.status });
      return;
    }
    const data = (await response.json()).data;
    post({ type: "models", id, ids: (Array.isArray(data) ? data : []).map((m) => m && m.id).filter((m) => typeof m === "string") });
  } catch {
    post({ type: "models", id }); // no answer: unreachable, refused by CORS, or not JSON
  }
}

self.addEventListener("message", (event) => {
  const message = event.data;
  if (message.type === "init") {
    boot(message.config).catch((error) => post({ type: "error", fatal: true, message: pythonMessage(error) }));
  } else if (message.type === "ask") {
    ask(message);
  } else if (message.type === "stop") {
    if (session) session.stop();
  } else if (message.type === "reset") {
    if (session) session.reset();
  } else if (message.type === "restore") {
    // Queued behind boot like a question, and ahead of any question posted after it.
    // After any snapshot is saved: it never holds a visitor's conversation. The page hears how much came back.
    settled.then(() => post({ type: "restored", messages: session.restore_history(message.history) })).catch(() => {});
  } else if (message.type === "models") {
    listModels(message);
  }
});
