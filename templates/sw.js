// The service worker: after a first visit the site opens and answers in demo mode offline, and a new
// build replaces the old one whole, never file by file.
//
// Each build has one cache, "site-<build>". build.py writes BUILD and FILES below: every file the page
// needs before its first answer (the page, the runtime, the agent, the data the warm-up reads), each
// with its sha256. Installing fills the cache with exactly those bytes (reusing files an older build
// already holds when their hash matches; fetching the rest) and fails if anything differs, e.g. when a
// newer build was published meanwhile; activating deletes every other build's cache. Data files read
// later by questions are kept as they pass, when this build's data/manifest.json vouches for their hash;
// one it does not vouch for, or asked for by another build's agent, is refused (409): a page runs one build.
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
  const chunk = request.url.startsWith(CHUNKS) && url.pathname.endsWith(".bin");
  if (request.url.startsWith(DATA) && !chunk) return respondData(event, cache, url);
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
  if (response.ok && chunk) {
    event.waitUntil(keepChunk(cache, request.url, response.clone()));
  }
  return response;
}

// file it is part of, so it is kept as it passes, with no entry in the manifest (they are thousands).
async function keepChunk(cache, url, response) {
  const body = await response.arrayBuffer();
  const headers = new Headers(response.headers);
  headers.delete("content-encoding"); // the body is already decoded
  headers.delete("content-length");
  await cache.put(url, new Response(body, { status: response.status, statusText: response.statusText, headers }));
}


// A data file, only ever this build's: asked for with the agent's data version (?v=, its build's
// data/manifest.json hash); another version's agent, or bytes on the server that are not this build's, get a
// 409 and every page hears of the new build. Kept under the plain URL, where install put the first ones.
const DATA_VERSION = (FILES["data/manifest.json"] || "").slice(0, 16);

async function respondData(event, cache, url) {
  const asked = url.searchParams.get("v");
  const plain = url.origin + url.pathname;
  if (asked && asked !== DATA_VERSION) return anotherBuild(event, plain);
  const kept = await cache.match(plain);
  if (kept) return kept;
  const response = await fetch(url.href);
  const name = url.pathname.slice(new URL(DATA).pathname.length);
  const hashes = await dataHashes(cache);
  if (!response.ok || !hashes || !hashes[name] || name === "manifest.json") return response;
  try {
    const mine = await verified(response, hashes[name], name);
    event.waitUntil(cache.put(plain, mine.clone()));
    return mine;
  } catch {
    return anotherBuild(event, plain); // the server has moved on: a newer build's file, never served to this one
  }
}

function anotherBuild(event, url) {
  event.waitUntil((async () => {
    for (const client of await self.clients.matchAll({ type: "window" })) client.postMessage({ type: "new-build" });
  })());
  return new Response(`${url} belongs to another build than this page's; reload the page.`,
                      { status: 409, headers: { "content-type": "text/plain" } });
}

// A page that chose to reload into the waiting build says so (app.js, "A new version ..."): it takes over now.
self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") self.skipWaiting();
});

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

let hashesOfData = null; // name -> sha256, from this build's data/manifest.json (kept at install)

async function dataHashes(cache) {
  if (!hashesOfData) {
    const manifest = await cache.match(`${DATA}manifest.json`);
    if (!manifest) return null;
    hashesOfData = Object.fromEntries(Object.entries((await manifest.json()).files).map(([n, f]) => [n, f.sha256]));
  }
  return hashesOfData;
}

async function sha256(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}
