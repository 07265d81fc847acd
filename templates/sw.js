// The service worker: after a first visit the site opens and answers in demo mode offline, and a new
// build replaces the old one whole, never file by file.
//
// Each build has one cache, "site-<build>". build.py writes BUILD and FILES below: every file the page
// needs before its first answer (the page, the runtime, the agent, the data the warm-up reads), each
// with its sha256. Installing fills the cache with exactly those bytes (reusing files an older build
// already holds when their hash matches; fetching the rest) and fails if anything differs, e.g. when a
// newer build was published meanwhile; activating deletes every other build's cache. Data files read
// later by questions are kept as they pass, when this build's data/manifest.json vouches for their hash.
// Requests to other origins (the model providers) and anything but GET are left to the network.
// The saved interpreter (worker.js, cache "agent-snapshot") keys itself and is not handled here.

const BUILD = {{ build | tojson }};
const FILES = {{ files | tojson }};
const CACHE = `site-${BUILD}`;
const SCOPE = new URL("./", self.location.href).href;
const DATA = `${SCOPE}data/`;
const CHUNKS = `${DATA}lahman/`;
const PAGES = new Set([SCOPE, `${SCOPE}index.html`]);

self.addEventListener("install", (event) => event.waitUntil(fill()));

self.addEventListener("activate", (event) => event.waitUntil((async () => {
  for (const name of await caches.keys()) {
    if (name.startsWith("site-") && name !== CACHE) await caches.delete(name);
  }
  await self.clients.claim(); // the page that registered this worker uses it from now on
})()));

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return;
  event.respondWith(respond(event, request));
});

async function respond(event, request) {
  const cache = await caches.open(CACHE);
  const url = new URL(request.url);
  const page = request.mode === "navigate" && PAGES.has(url.origin + url.pathname);
  const kept = await cache.match(page ? SCOPE : request);
  if (kept) return kept;
  let response;
  try {
    response = await fetch(request);
  } catch (error) {
    // Offline, a chunk of the sql tool's database never fetched: a plain 503 the worker can tell apart.
    if (request.url.startsWith(CHUNKS)) return new Response("offline", { status: 503, statusText: "offline" });
    throw error;
  }
  if (response.ok && request.url.startsWith(CHUNKS) && request.url.endsWith(".bin")) {
    event.waitUntil(keepChunk(cache, request.url, response.clone()));
  } else if (response.ok && request.url.startsWith(DATA)) {
    event.waitUntil(keepData(cache, request.url, response.clone()));
  }
  return response;
}

// A chunk of the sql tool's database (data/lahman/<the file's hash>-<n>.bin): its name says which build's
// file it is part of, so it is kept as it passes, with no entry in the manifest (they are thousands).
async function keepChunk(cache, url, response) {
  const body = await response.arrayBuffer();
  const headers = new Headers(response.headers);
  headers.delete("content-encoding"); // the body is already decoded
  headers.delete("content-length");
  await cache.put(url, new Response(body, { status: response.status, statusText: response.statusText, headers }));
}

async function fill() {
  const cache = await caches.open(CACHE);
  const older = (await caches.keys()).filter((name) => name.startsWith("site-") && name !== CACHE);
  await Promise.all(Object.entries(FILES).map(async ([path, hash]) => {
    const url = new URL(path, SCOPE).href;
    let response = null;
    for (const name of older) {
      const old = await (await caches.open(name)).match(url);
      if (old && await sha256(await old.clone().arrayBuffer()) === hash) { response = old; break; }
    }
    if (!response) {
      response = await fetch(url);
      if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
      response = await verified(response, hash, path);
    }
    await cache.put(url, response);
  }));
}

// The response again, once its bytes are known to have this hash; throws otherwise.
async function verified(response, hash, path) {
  const body = await response.arrayBuffer();
  if (await sha256(body) !== hash) throw new Error(`${path} is not the file of build ${BUILD}`);
  const headers = new Headers(response.headers);
  headers.delete("content-encoding"); // the body is already decoded
  headers.delete("content-length");
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

let dataHashes = null; // name -> sha256, from this build's data/manifest.json (kept at install)

async function keepData(cache, url, response) {
  if (!dataHashes) {
    const manifest = await cache.match(`${DATA}manifest.json`);
    if (!manifest) return;
    dataHashes = Object.fromEntries(Object.entries((await manifest.json()).files).map(([n, f]) => [n, f.sha256]));
  }
  const name = url.slice(DATA.length).split("?")[0];
  if (!dataHashes[name]) return;
  try {
    await cache.put(url, await verified(response, dataHashes[name], name));
  } catch {
    // another build's data (published after this one): served to the page, not kept in this build's cache
  }
}

async function sha256(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}
