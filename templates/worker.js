// The agent's thread: loads Pyodide and agent_py, then answers questions.
//
// Messages in:  {type: "init", config} once, then {type: "ask", id, question, settings},
//               {type: "stop"}, {type: "reset"}, {type: "restore", history} (a conversation kept
//               across a reload, before any ask), {type: "export"} (answered by "history"),
//               {type: "models", id, url, headers} (a provider's model list; answered by "models").
// Messages out: {type: "progress", loaded, total}, {type: "ready", ms},
//               {type: "delta", id, text}, {type: "event", id, event},
//               {type: "answer", id, turn}, {type: "error", id?, message, fatal?},
//               {type: "history", history} (the conversation as JSON text),
//               {type: "models", id, ids?, status?} (the model ids, or the HTTP status, or neither: no answer).
// Only JSON crosses into Python. The API key arrives with each ask and is not kept here.

const post = (message) => self.postMessage(message);
const realFetch = self.fetch.bind(self);

let session = null;
let readyResolve;
const ready = new Promise((resolve) => { readyResolve = resolve; });

// Loading progress: count the bytes of every response body while the runtime loads. The count reads
// a clone: the runtime gets the browser's own Response (its URL and HTTP-cache entry), which is what
// lets V8 reuse the wasm it compiled on an earlier visit instead of compiling 9.6 MB again.
function countingFetch(total) {
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
    const response = await realFetch(input, init);
    if (response.body) count(response.clone().body).catch(() => {}); // a failed read surfaces in the real one
    return response;
  };
}

async function boot(config) {
  const started = performance.now();
  const base = new URL(config.pyodide_dir, self.location.href).href;
  self.fetch = countingFetch(config.runtime_bytes);
  try {
    // The agent package downloads while the runtime loads (not after it).
    const agentZip = fetch(new URL(config.agent_zip, self.location.href)).then((r) => r.arrayBuffer());
    agentZip.catch(() => {}); // a failure surfaces where it is awaited, not as an unhandled rejection first
    const { loadPyodide } = await import(base + "pyodide.mjs");
    const pyodide = await loadPyodide({ indexURL: base });
    pyodide.unpackArchive(await agentZip, "zip");
    pyodide.pyimport("agent_py.data").configure(new URL("data/", self.location.href).href);
    session = pyodide.pyimport("agent_py.browser").Session(JSON.stringify(config));
  } finally {
    self.fetch = realFetch; // model calls go through the plain fetch
  }
  readyResolve();
  post({ type: "ready", ms: Math.round(performance.now() - started) });
  setTimeout(warm, 0); // after "ready" is on its way, so the page is usable first
}

// While the visitor types: load what a first answer needs (a question asked meanwhile waits for this).
function warm() {
  try { session.warm(); } catch { /* only an optimisation */ }
}

function pythonMessage(error) {
  // A PythonError's message is the whole traceback; its last line says what happened.
  const lines = String(error && error.message ? error.message : error).trim().split("\n");
  return lines[lines.length - 1].replace(/^[\w.]+(Error|Exception): /, "");
}

async function ask({ id, question, settings }) {
  await ready;
  const onText = (text) => post({ type: "delta", id, text });
  const onEvent = (json) => post({ type: "event", id, event: JSON.parse(json) });
  try {
    const turn = await session.ask(question, JSON.stringify(settings), onText, onEvent);
    post({ type: "answer", id, turn: JSON.parse(turn) });
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
    ready.then(() => session.restore_history(message.history)).catch(() => {});
  } else if (message.type === "models") {
    listModels(message);
  } else if (message.type === "export") {
    ready.then(() => post({ type: "history", history: session.export_history() })).catch(() => {});
  }
});
