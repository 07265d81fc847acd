// The agent's thread: loads Pyodide and agent_py, then answers questions.
//
// Messages in:  {type: "init", config} once, then {type: "ask", id, question, settings},
//               {type: "stop"}, {type: "reset"}, {type: "restore", history} (a conversation kept
//               across a reload, before any ask), {type: "export"} (answered by "history"),
//               {type: "models", id, url, headers} (a provider's model list; answered by "models").
// Messages out: {type: "progress", loaded, total}, {type: "ready", ms, snapshot},
//               {type: "settled"} (warmed up and, on a first visit, the interpreter saved),
//               {type: "delta", id, text}, {type: "event", id, event},
//               {type: "answer", id, turn}, {type: "error", id?, message, fatal?},
//               {type: "history", history} (the conversation as JSON text),
//               {type: "restored", messages} (how many messages of a kept history were restored: 0 if damaged),
//               {type: "models", id, ids?, status?} (the model ids, or the HTTP status, or neither: no answer).
// Each postMessage carries an array of these, in order.
// Only JSON crosses into Python. The API key arrives with each ask and is not kept here.

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
    if (force || now - lastPost > 50) {
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
    const response = await (made || realFetch(input, init));
    if (response.body) count(response.clone().body).catch(() => {}); // a failed read surfaces in the real one
    return response;
  };
}

// ---- the memory snapshot -----------------------------------------------------------------
// A return visit restores the interpreter as the first visit left it once the agent was imported and
// warm (Pyodide's memory snapshot: a copy of the wasm heap), instead of starting Python and importing
// the agent again. It is one file in the origin's private file system (agent-snapshot/<the build's
// snapshot key>: a hash of the runtime, the agent, the data and this file; see build.py), so another
// build never restores it; storing one deletes every other. A snapshot that fails to load is deleted
// and the visit boots normally. The file is read through a sync access handle, which only a worker
// has: ~35 ms for 45 MB in a relaunched Chromium, where Cache Storage took ~165 ms. It is an 8-byte
// head ("PYSN" and the snapshot's length), then the snapshot: a file cut short is not restored.
const SNAPSHOTS = "agent-snapshot";
const SNAPSHOT_MAGIC = 0x4e535950; // "PYSN", little-endian
const SNAPSHOT_PIECE = 4 << 20; // bytes written at a time
const snapshotsWork = Boolean(self.navigator && navigator.storage && navigator.storage.getDirectory
  && self.FileSystemSyncAccessHandle);

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
  if (!folder) return null; // imported as a module (tests/test_pyodide.py), not started as the page's worker
  withoutJspi();
  const base = new URL(folder, self.location.href).href;
  const early = prefetch(base);
  const loader = import(base + "pyodide.mjs");
  loader.catch(() => {}); // a failure surfaces where boot awaits it
  return { base, early, loader };
}

async function snapshotDirectory(create) {
  return (await navigator.storage.getDirectory()).getDirectoryHandle(SNAPSHOTS, { create });
}

// An open handle on this build's snapshot, or null: none stored, or no storage (private mode, quota).
// Another tab may hold the file for a moment (reading it takes ~35 ms), or this tab's worker from
// before a reload, until it is gone: a second is waited for it, then the visit boots normally.
async function findSnapshot(key) {
  if (!snapshotsWork) return null;
  let file;
  try {
    file = await (await snapshotDirectory(false)).getFileHandle(key);
  } catch {
    return null;
  }
  for (let waited = 0; ; waited += 25) {
    try {
      return await file.createSyncAccessHandle();
    } catch (error) {
      if (error.name !== "NoModificationAllowedError" || waited >= 1000) return null;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

// The snapshot's bytes, read whole; the handle is closed. Throws if the file is not a whole snapshot.
function readSnapshot(handle) {
  try {
    const size = handle.getSize();
    const head = new DataView(new ArrayBuffer(8));
    if (size < 8 || handle.read(head, { at: 0 }) !== 8 || head.getUint32(0, true) !== SNAPSHOT_MAGIC
        || head.getUint32(4, true) !== size - 8) throw new Error("it was cut short");
    const bytes = new Uint8Array(size - 8);
    if (handle.read(bytes, { at: 8 }) !== bytes.byteLength) throw new Error("it was cut short");
    return bytes;
  } finally {
    handle.close();
  }
}

async function storeSnapshot(key, bytes) {
  try { await caches.delete(SNAPSHOTS); } catch { /* where builds before this one kept it */ }
  const directory = await snapshotDirectory(true);
  for await (const name of directory.keys()) {
    if (name !== key) await directory.removeEntry(name);
  }
  const handle = await (await directory.getFileHandle(key, { create: true })).createSyncAccessHandle();
  try {
    const head = new DataView(new ArrayBuffer(8));
    head.setUint32(0, SNAPSHOT_MAGIC, true);
    head.setUint32(4, bytes.byteLength, true);
    handle.truncate(0);
    // In pieces: a question asked meanwhile is answered between them (written whole, 45 MB held this
    // thread for ~150 ms on a 2-core machine, and a first visit's second answer waited for it).
    for (let at = 0; at < bytes.byteLength; at += SNAPSHOT_PIECE) {
      handle.write(bytes.subarray(at, at + SNAPSHOT_PIECE), { at: 8 + at });
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    handle.write(head, { at: 0 }); // last: until then the file is no snapshot
    handle.flush();
  } finally {
    handle.close();
  }
}

async function dropSnapshots() {
  try { await (await navigator.storage.getDirectory()).removeEntry(SNAPSHOTS, { recursive: true }); } catch { /* nothing stored */ }
}

// The interpreter restored from the snapshot, with the agent's files and a Session, or null when there
// is no snapshot or anything about it fails (then it is deleted, and the caller boots normally).
// The runtime's files go on downloading while the snapshot is read (~35 ms, holding this thread).
async function restore(loadPyodide, indexURL, key, agentZip, config) {
  const stored = await findSnapshot(key);
  if (!stored) return null;
  try {
    const runtimeModule = import(indexURL + "pyodide.asm.mjs");
    runtimeModule.catch(() => {}); // surfaces where awaited
    const snapshot = readSnapshot(stored);
    // Pyodide 314 copies the saved heap into a fresh module's memory without growing it first (its
    // INITIAL_MEMORY setting is ignored: the wasm exports its memory), so a heap that grew past the
    // initial size fails with "offset is out of bounds". Grow it to the saved size before the copy.
    const createPyodideModule = async (settings) => {
      const { default: createModule } = await runtimeModule;
      const heapBytes = snapshot.byteLength - new DataView(snapshot.buffer).getUint32(4, true);
      const module = await createModule(settings);
      if (module.HEAP8.length < heapBytes && !module.growMemory(heapBytes)) throw new Error("no memory for the heap");
      return module;
    };
    const pyodide = await loadPyodide({ indexURL, _loadSnapshot: snapshot, createPyodideModule });
    unpackAgent(pyodide, await agentZip); // the same agent as in the heap: what it imports later
    session = pyodide.pyimport("agent_py.browser").Session(JSON.stringify(config));
    return pyodide;
  } catch (error) {
    session = null;
    console.warn(`The saved interpreter did not load (${error.message}); starting afresh.`);
    await dropSnapshots();
    return null;
  }
}

// The agent's files, into Pyodide's file system. build.py stores them uncompressed in the zip (the
// server's .br and .gz copies compress it), so its directory says where each file's bytes are: writing
// them from here takes ~3 ms, where pyodide.unpackArchive (Python's zipfile) takes ~19. A zip of any
// other kind goes to unpackArchive.
export function unpackAgent(pyodide, buffer) { // exported for tests/test_pyodide.py
  let files = null;
  try {
    files = storedFiles(buffer);
  } catch { /* not a zip as build.py writes it */ }
  if (!files) {
    pyodide.unpackArchive(buffer, "zip");
    return;
  }
  const home = pyodide.FS.cwd();
  for (const [name, data] of files) {
    const path = `${home}/${name}`;
    pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    pyodide.FS.writeFile(path, data);
  }
}

// [[name, bytes], ...] from a zip whose entries are all stored, or null.
function storedFiles(buffer) {
  const view = new DataView(buffer);
  const bytes = new Uint8Array(buffer);
  const decoder = new TextDecoder();
  const end = buffer.byteLength - 22; // the directory's end record (with no comment, as build.py writes it)
  if (view.getUint32(end, true) !== 0x06054b50) return null;
  const files = [];
  let at = view.getUint32(end + 16, true); // the directory's first entry
  for (let left = view.getUint16(end + 10, true); left > 0; left--) {
    if (view.getUint32(at, true) !== 0x02014b50 || view.getUint16(at + 10, true) !== 0) return null; // not stored
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    const local = view.getUint32(at + 42, true); // the file's own header, then its bytes
    if (view.getUint32(local, true) !== 0x04034b50 || name.startsWith("/") || name.split("/").includes("..")) return null;
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    if (start + size > buffer.byteLength) return null;
    if (!name.endsWith("/")) files.push([name, bytes.subarray(start, start + size)]);
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return files;
}

// Pyodide runs every callback of its asyncio event loop through JSPI (WebAssembly stack switching)
// when the browser has it: each one then waits for a task of its own before a stack switch, which
// cost about 0.7 ms a loop step here. The agent never blocks on a JS promise (pyodide.ffi.run_sync,
// the one thing JSPI is for), so the worker hides JSPI from Pyodide, which then runs as it does in
// browsers without JSPI (Safari) and in Node.
function withoutJspi() {
  delete WebAssembly.Suspending;
  delete WebAssembly.Suspender; // the API's first version
}

async function boot(config) {
  const started = performance.now();
  if (!RUNTIME) throw new Error("the worker's URL names no runtime folder (?runtime=)");
  const { base, early, loader } = RUNTIME;
  self.fetch = countingFetch(config.runtime_bytes, early);
  let restored = null;
  let fresh = null;
  try {
    // The agent package downloads while the runtime loads (not after it).
    const agentZip = fetch(new URL(config.agent_zip, self.location.href)).then((r) => r.arrayBuffer());
    agentZip.catch(() => {}); // a failure surfaces where it is awaited, not as an unhandled rejection first
    const { loadPyodide } = await loader;
    restored = await restore(loadPyodide, base, config.snapshot_key, agentZip, config);
    if (!restored) {
      fresh = await loadPyodide({ indexURL: base, _makeSnapshot: snapshotsWork });
      unpackAgent(fresh, await agentZip);
      fresh.pyimport("agent_py.data").configure(new URL("data/", self.location.href).href, config.data_version);
      session = fresh.pyimport("agent_py.browser").Session(JSON.stringify(config));
    }
  } finally {
    self.fetch = realFetch; // model calls go through the plain fetch
  }
  post({ type: "ready", ms: Math.round(performance.now() - started), snapshot: Boolean(restored) });
  // After "ready" is on its way, so the page is usable first: load what a first answer needs, then
  // (first visit) save the warm interpreter for the next one. A question asked meanwhile waits for this.
  await new Promise((resolve) => setTimeout(resolve, 0));
  try {
    warm();
    if (fresh && snapshotsWork) saveSnapshot(fresh, config.snapshot_key);
  } finally {
    settle();
    post({ type: "settled" });
  }
}

// Only JS objects reachable by a path from globalThis (like js.Math.max) can be saved. So: import the
// rest of the agent (a restored visit then compiles nothing), free JS objects held only by reference
// cycles, and make one such call (Pyodide 314 keeps the last JS method call's function and receiver
// referenced, and the boot's last call was an XMLHttpRequest's send()). Freezing the warm objects also
// spares every later garbage collection from walking the indexes, on this visit and restored ones.
const BEFORE_SNAPSHOT = `
import gc, importlib, js, os, pkgutil
for top in pkgutil.iter_modules([os.getcwd()]):  # the agent zip's packages: agent_py and the site's
    for module in pkgutil.walk_packages(importlib.import_module(top.name).__path__, top.name + "."):
        if not module.name.endswith("__main__"):
            importlib.import_module(module.name)
gc.collect()
gc.freeze()
js.Math.max(0)
`;

// Once saved, Python should see the real globalThis: a snapshot-making interpreter sees it through
// Pyodide's recording proxy, whose getters fail on browser objects ("Illegal invocation" for
// navigator.onLine). The `js` module, and every module that imported it, get the plain one.
const USE_PLAIN_JS = `
def use_plain_js(plain):
    import sys
    from pyodide.ffi import register_js_module
    recorded = sys.modules["js"]
    register_js_module("js", plain)
    sys.modules["js"] = plain  # registering alone does not change a module already imported
    for module in list(sys.modules.values()):
        if getattr(module, "js", None) is recorded:
            module.js = plain
use_plain_js`;

function saveSnapshot(pyodide, key) {
  let bytes = null;
  try {
    pyodide.runPython(BEFORE_SNAPSHOT);
    bytes = pyodide.makeMemorySnapshot();
  } catch (error) {
    console.warn(`The interpreter could not be saved for the next visit: ${error.message}`);
  }
  const usePlainJs = pyodide.runPython(USE_PLAIN_JS, { globals: pyodide.toPy({}) });
  usePlainJs(self);
  usePlainJs.destroy();
  if (bytes) storeSnapshot(key, bytes).catch((error) => console.warn(`The saved interpreter was not stored: ${error.message}`));
}

// Load what a first answer needs (the tools module's warm-up) before anyone asks.
function warm() {
  try { session.warm(); } catch { /* only an optimisation */ }
}

// ---- model requests ----------------------------------------------------------------------
// One model request for agent_py/transport.py, done here so that Python crosses into JS once per
// piece of the answer rather than for every timer, header and read (each crossing it awaits costs a
// turn of the event loop). An XMLHttpRequest, not fetch: it hands over the status, headers and text
// with fewer tasks and promises (measured: about 1 ms less of the worker's time a turn), and streams
// all the same. One timer for both timeouts: no response, then no data, for timeoutMs. Python awaits
// next() for everything that arrived since it last asked; each answer is a JSON string:
// {status?, headers?, text, done}, or once the request failed {status?, headers?, error: "timeout" |
// "offline" | "network", phase: "response" | "body"} (whether a response had begun). The status and
// headers come with the first answer; the text received before a failure comes before it.
class ModelRequest {
  constructor(url, headers, body, timeoutMs) {
    this.xhr = new XMLHttpRequest();
    this.timeoutMs = timeoutMs;
    this.timer = 0;
    this.timedOut = false;
    this.seen = 0; // characters of responseText already taken into text
    this.head = null; // {status, headers}, until Python has them
    this.text = ""; // received, not taken yet
    this.done = false;
    this.failure = null;
    this.wake = null; // resolves the promise Python awaits
    const xhr = this.xhr;
    xhr.onreadystatechange = () => {
      if (xhr.readyState === XMLHttpRequest.HEADERS_RECEIVED) {
        this.head = { status: xhr.status, headers: headerPairs(xhr.getAllResponseHeaders()) };
        this.arm(); // from now on: no data for timeoutMs
      } else if (xhr.readyState === XMLHttpRequest.LOADING) {
        this.received(); // Chromium and Safari say so at every piece of the body
      }
    };
    xhr.onprogress = () => this.received(); // as the standard says, at most every 50 ms
    xhr.onload = () => {
      this.received();
      this.done = true;
      this.end();
    };
    xhr.onerror = () => this.fail("network");
    xhr.onabort = () => this.fail(this.timedOut ? "timeout" : "network");
    xhr.open("POST", url);
    for (const [name, value] of Object.entries(JSON.parse(headers))) xhr.setRequestHeader(name, value);
    this.arm();
    xhr.send(body);
  }

  arm() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => { this.timedOut = true; this.xhr.abort(); }, this.timeoutMs);
  }

  received() {
    const all = this.xhr.responseText;
    if (all.length > this.seen) {
      this.text += all.slice(this.seen);
      this.seen = all.length;
      this.arm();
      this.answer();
    }
  }

  fail(error) {
    const phase = this.head ? "body" : "response";
    const offline = error === "network" && phase === "response" && self.navigator && self.navigator.onLine === false;
    this.failure = { error: offline ? "offline" : error, phase };
    this.end();
  }

  end() {
    clearTimeout(this.timer);
    this.answer();
  }

  ready() {
    return Boolean(this.text || this.done || this.failure);
  }

  take() {
    const piece = { ...this.head };
    this.head = null;
    if (this.text || !this.failure) Object.assign(piece, { text: this.text, done: this.done });
    else Object.assign(piece, this.failure);
    this.text = "";
    return JSON.stringify(piece);
  }

  answer() {
    if (this.wake && this.ready()) {
      const wake = this.wake;
      this.wake = null;
      wake(this.take());
    }
  }

  next() {
    if (this.ready()) return Promise.resolve(this.take());
    return new Promise((resolve) => { this.wake = resolve; });
  }

  abort() { // Stop, or Python is done reading; once the body has ended there is nothing to stop
    clearTimeout(this.timer);
    if (!this.done && !this.failure) this.xhr.abort();
  }
}

// "name: value" lines (names lower-cased by the browser) -> [[name, value], ...]
function headerPairs(text) {
  return text.split("\r\n").filter(Boolean).map((line) => {
    const colon = line.indexOf(":");
    return [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
  });
}

self.agentRequest = (url, headers, body, timeoutMs) => new ModelRequest(url, headers, body, timeoutMs);

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
  } else if (message.type === "export") {
    settled.then(() => post({ type: "history", history: session.export_history() })).catch(() => {});
  }
});
