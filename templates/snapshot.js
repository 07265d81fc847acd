// The memory snapshot, for worker.js.
// A return visit restores the interpreter as the first visit left it once the agent was imported and
// warm (Pyodide's memory snapshot: a copy of the wasm heap), instead of starting Python and importing
// the agent again. It is kept under the build's snapshot key (a hash of the runtime, the agent, the data
// and the worker's scripts; see build.py), so another build never restores it; storing one deletes every
// other. A snapshot that fails to load is deleted and the visit boots normally. It is an 8-byte head
// ("PYSN" and the snapshot's length), then the snapshot: one cut short is not restored. Where it is kept
// is the first of these stores that works in this browser (chooseSnapshotStore, called as the worker
// starts, while the runtime downloads):
// - FILES: a file in the origin's private file system (agent-snapshot/<key>), read through a sync access
//   handle, which only a worker has: ~35 ms for 45 MB in a relaunched Chromium. Chromium, Firefox, Safari.
// - CACHE: an entry of Cache Storage (~165 ms in Chromium), where those handles fail (WebKitGTK: "Backend
//   does not support this operation") or the private file system is refused (WebKit's private windows).
// - none: no snapshot is made at all (making one costs a first visit's warm-up ~0.3 s, and 1-2 s in WebKit).
const SNAPSHOTS = "agent-snapshot";
const SNAPSHOT_MAGIC = 0x4e535950; // "PYSN", little-endian
const SNAPSHOT_PIECE = 4 << 20; // bytes written at a time

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

export async function chooseSnapshotStore() {
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

// The interpreter restored from the snapshot, once start(pyodide) has given it the agent's files and a
// Session, or null when there is no snapshot or anything about it fails (then it is deleted, and the
// caller boots normally).
// The runtime's files go on downloading while the snapshot is read (~35 ms, holding this thread).
export async function restore(store, loadPyodide, indexURL, key, start) {
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
    await start(pyodide);
    return pyodide;
  } catch (error) {
    console.warn(`The saved interpreter did not load (${error.message}); starting afresh.`);
    await store.drop().catch(() => {});
    return null;
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

export function saveSnapshot(store, pyodide, key) {
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
