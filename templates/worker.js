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
// the agent again. It is kept under the build's snapshot key (a hash of the runtime, the agent, the data
// and this file; see build.py), so another build never restores it; storing one deletes every other. A
// snapshot that fails to load is deleted and the visit boots normally. It is an 8-byte head ("PYSN" and
// the snapshot's length), then the snapshot: one cut short is not restored. Where it is kept is the first
// of these stores that works in this browser (SNAPSHOT_STORE, found as the worker starts, while the
// runtime downloads):
// - FILES: a file in the origin's private file system (agent-snapshot/<key>), read through a sync access
//   handle, which only a worker has: ~35 ms for 45 MB in a relaunched Chromium. Chromium, Firefox, Safari.
// - CACHE: an entry of Cache Storage (~165 ms in Chromium), where those handles fail (WebKitGTK: "Backend
//   does not support this operation") or the private file system is refused (WebKit's private windows).
// - none: no snapshot is made at all (making one costs a first visit's warm-up ~0.3 s, and 1-2 s in WebKit).
const SNAPSHOTS = "agent-snapshot";
const SNAPSHOT_MAGIC = 0x4e535950; // "PYSN", little-endian
const SNAPSHOT_PIECE = 4 << 20; // bytes written at a time

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

// A stored snapshot: ({read() -> its bytes, checked; throws if it is not a whole snapshot}) or null.
const FILES = {
  name: "files",
  // Works where a sync access handle can be made (a probe file of this worker's own, then removed).
  async works() {
    if (!self.FileSystemSyncAccessHandle) return false;
    const root = await navigator.storage.getDirectory();
    const probe = `${SNAPSHOTS}-probe-${Math.random().toString(36).slice(2)}`;
    try {
      (await (await root.getFileHandle(probe, { create: true })).createSyncAccessHandle()).close();
      return true;
    } finally {
      await root.removeEntry(probe).catch(() => {});
    }
  },
  // Another tab may hold the file for a moment (reading it takes ~35 ms), or this tab's worker from
  // before a reload, until it is gone: a second is waited for it, then the visit boots normally.
  async find(key) {
    let file;
    try {
      file = await (await snapshotDirectory(false)).getFileHandle(key);
    } catch {
      return null;
    }
    for (let waited = 0; ; waited += 25) {
      try {
        const handle = await file.createSyncAccessHandle();
        return { read: () => readHandle(handle) };
      } catch (error) {
        if (error.name !== "NoModificationAllowedError" || waited >= 1000) return null;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    }
  },
  async store(key, head, bytes) {
    await caches.delete(SNAPSHOTS).catch(() => {}); // where builds before this one (or CACHE) kept it
    const directory = await snapshotDirectory(true);
    for await (const name of directory.keys()) {
      if (name !== key) await directory.removeEntry(name);
    }
    const handle = await (await directory.getFileHandle(key, { create: true })).createSyncAccessHandle();
    try {
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
  },
  async drop() {
    await (await navigator.storage.getDirectory()).removeEntry(SNAPSHOTS, { recursive: true });
  },
};

const CACHE = {
  name: "cache",
  url: (key) => new URL(`${SNAPSHOTS}/${key}`, self.location.href).href,
  async works() {
    await caches.open(SNAPSHOTS);
    return true;
  },
  async find(key) {
    const response = await (await caches.open(SNAPSHOTS)).match(CACHE.url(key));
    if (!response) return null;
    const stored = new Uint8Array(await response.arrayBuffer());
    return { read: () => checkedSnapshot(stored.byteLength, (bytes, at) => {
      bytes.set(stored.subarray(at, at + bytes.byteLength));
      return Math.min(bytes.byteLength, Math.max(0, stored.byteLength - at));
    }) };
  },
  async store(key, head, bytes) {
    const cache = await caches.open(SNAPSHOTS);
    for (const request of await cache.keys()) {
      if (request.url !== CACHE.url(key)) await cache.delete(request);
    }
    await cache.put(CACHE.url(key), new Response(new Blob([head, bytes])));
  },
  async drop() {
    await caches.delete(SNAPSHOTS);
  },
};

const SNAPSHOT_STORE = RUNTIME ? chooseSnapshotStore() : Promise.resolve(null);

async function chooseSnapshotStore() {
  for (const store of [FILES, CACHE]) {
    try {
      if (await store.works()) return store;
    } catch { /* the next one */ }
  }
  return null;
}

// The snapshot's bytes from a store's reader (read(into, at) -> bytes read), checked whole.
function checkedSnapshot(size, read) {
  const head = new Uint8Array(8);
  const view = new DataView(head.buffer);
  if (size < 8 || read(head, 0) !== 8 || view.getUint32(0, true) !== SNAPSHOT_MAGIC
      || view.getUint32(4, true) !== size - 8) throw new Error("it was cut short");
  const bytes = new Uint8Array(size - 8);
  if (read(bytes, 8) !== bytes.byteLength) throw new Error("it was cut short");
  return bytes;
}

function readHandle(handle) {
  try {
    return checkedSnapshot(handle.getSize(), (bytes, at) => handle.read(bytes, { at }));
  } finally {
    handle.close();
  }
}

function snapshotHead(bytes) {
  const head = new DataView(new ArrayBuffer(8));
  head.setUint32(0, SNAPSHOT_MAGIC, true);
  head.setUint32(4, bytes.byteLength, true);
  return new Uint8Array(head.buffer);
}

// The interpreter restored from the snapshot, with the agent's files and a Session, or null when there
// is no snapshot or anything about it fails (then it is deleted, and the caller boots normally).
// The runtime's files go on downloading while the snapshot is read (~35 ms, holding this thread).
async function restore(store, loadPyodide, indexURL, key, agentZip, config) {
  let stored = null;
  try { stored = await store.find(key); } catch { /* none */ }
  if (!stored) return null;
  try {
    const runtimeModule = import(indexURL + "pyodide.asm.mjs");
    runtimeModule.catch(() => {}); // surfaces where awaited
    const snapshot = stored.read();
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
    await store.drop().catch(() => {});
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
  let store = null;
  try {
    // The agent package downloads while the runtime loads (not after it).
    const agentZip = fetch(new URL(config.agent_zip, self.location.href)).then((r) => r.arrayBuffer());
    agentZip.catch(() => {}); // a failure surfaces where it is awaited, not as an unhandled rejection first
    store = await SNAPSHOT_STORE; // found while the runtime downloads
    const { loadPyodide } = await loader;
    if (store) restored = await restore(store, loadPyodide, base, config.snapshot_key, agentZip, config);
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

function saveSnapshot(store, pyodide, key) {
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
  if (bytes) {
    store.store(key, snapshotHead(bytes), bytes)
      .catch((error) => console.warn(`The saved interpreter was not stored: ${error.message}`));
  }
}

// Load what a first answer needs (the tools module's warm-up) before anyone asks.
function warm() {
  try { session.warm(); } catch { /* only an optimisation */ }
}

// ---- files read lazily, chunk by chunk (the sql tool's database) ------------------------------------
// agent_py.data.file_path asks for a file that the pipeline also wrote as fixed-size chunks (info: its
// index.json: bytes, chunk, count, prefix): it becomes a read-only file in Pyodide's file system whose reads
// fetch only the chunks they touch, each once, with a synchronous request (allowed in a worker; Python
// waits for its read anyway), as phiresky's sql.js-httpvfs reads a database. Chunks are plain files, so
// any static host serves them, and the service worker keeps each one that passes (offline it answers 503
// for one it does not have). A chunk that cannot be had fails the read with EIO: SQLite then reports a
// disk I/O error, which the tool turns into words. After two chunks missed one after another (a scan), the
// reader takes the run of 16 chunks holding the next one in one request (index.json's "run"): a full scan of
// Batting is ~30 requests instead of ~500. chunkStats counts what was fetched (the tests and the bench).
export const chunkStats = { requests: 0, bytes: 0, urls: [], failures: 0 };
self.agentChunkStats = chunkStats; // agent_py.data.chunk_failures reads it

function fetchChunk(url) {
  const xhr = new XMLHttpRequest();
  xhr.open("GET", url, false);
  xhr.responseType = "arraybuffer";
  xhr.send();
  if (xhr.status !== 200) throw new Error(`HTTP ${xhr.status}`);
  return new Uint8Array(xhr.response);
}

export function mountChunked(FS, name, base, info, read = fetchChunk) {
  const dir = "/chunked";
  const path = `${dir}/${name}`;
  if (FS.analyzePath(path).exists) return path;
  FS.mkdirTree(dir);
  const chunks = new Map();
  const perRun = info.run ? info.run / info.chunk : 0;
  let lastMiss = -2;
  let streak = 0; // chunks missed one after another: a scan
  const fetched = (url, expected) => {
    try {
      const bytes = read(url);
      if (bytes.length !== expected) throw new Error(`${url}: ${bytes.length} bytes, not ${expected}`);
      chunkStats.requests += 1;
      chunkStats.bytes += bytes.length;
      chunkStats.urls.push(url);
      return bytes;
    } catch {
      chunkStats.failures += 1;
      throw new FS.ErrnoError(29); // EIO
    }
  };
  const chunk = (n) => {
    let bytes = chunks.get(n);
    if (bytes) return bytes;
    streak = n === lastMiss + 1 ? streak + 1 : 0;
    lastMiss = n;
    if (perRun && streak >= info.scan) { // a scan: the run of 16 chunks holding this one, in one request
      const r = Math.floor(n / perRun);
      const start = r * info.run;
      const run = fetched(`${base}${info.prefix}r${String(r).padStart(3, "0")}.bin`,
                          Math.min(info.run, info.bytes - start));
      for (let at = 0; at < run.length; at += info.chunk) {
        const k = r * perRun + at / info.chunk;
        if (!chunks.has(k)) chunks.set(k, run.subarray(at, at + info.chunk));
      }
      lastMiss = r * perRun + perRun - 1; // the next miss past this run goes on the streak
      return chunks.get(n);
    }
    const expected = n === info.count - 1 ? info.bytes - n * info.chunk : info.chunk;
    bytes = fetched(`${base}${info.prefix}${String(n).padStart(4, "0")}.bin`, expected);
    chunks.set(n, bytes);
    return bytes;
  };
  const node = FS.createFile(dir, name, null, true, false);
  node.contents = { length: info.bytes }; // not in memory: reads go through read() below
  node.usedBytes = info.bytes;
  node.stream_ops = {
    ...node.stream_ops,
    read(stream, buffer, offset, length, position) {
      const end = Math.min(info.bytes, position + length);
      let at = position;
      while (at < end) {
        const n = Math.floor(at / info.chunk);
        const from = at - n * info.chunk;
        const bytes = chunk(n);
        const take = Math.min(bytes.length - from, end - at);
        buffer.set(bytes.subarray(from, from + take), offset + (at - position));
        at += take;
      }
      return Math.max(0, end - position);
    },
    write() { throw new FS.ErrnoError(63); }, // EROFS
    mmap() { throw new FS.ErrnoError(19); }, // ENODEV: SQLite reads instead
  };
  return path;
}

self.agentMountChunked = (name, base, info) => mountChunked(runtime.FS, name, base, JSON.parse(info));

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
  }
});
