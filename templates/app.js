// The page's main thread: the DOM, the key, voice in and out, the kept conversation. The agent runs in
// worker.js. Model and tool output is only ever written with textContent.

// ---- DOM references -------------------------------------------------------
const $ = (id) => document.getElementById(id);
const root = document.documentElement;
const body = document.body;
const form = $("ask-form");
const questionInput = $("question");
const talkButton = $("talk");
const stopButton = $("stop");
const newButton = $("new");
const ring = document.querySelector("[data-level-ring]");
const interim = $("interim");
const voiceNote = $("voice-note");
const speakToggle = $("speak");
const welcome = $("welcome");
const log = $("log");
const savedNote = $("saved-note");
const chatTools = document.querySelector(".chat-tools");
const traceList = $("trace-list");
const traceEmpty = $("trace-empty");
const traceCount = $("trace-count");
const statusLine = $("mode");
const loading = $("loading");
const progress = $("progress");
const progressLabel = $("progress-label");
const providerSelect = $("provider");
const modelInput = $("model");
const modelList = $("model-list");
const modelNote = $("model-note");
const baseUrlInput = $("base-url");
const baseUrlNote = $("base-url-note");
const keyInput = $("api-key");
const rememberBox = $("remember");
const forgetButton = $("forget");
const keyNote = $("key-note");
const providerHint = $("provider-hint");
const onDeviceField = $("on-device-field");
const onDeviceBox = $("on-device");
const voicePrivacy = $("voice-privacy");
const wide = window.matchMedia("(min-width: 900px)");

// ---- state ------------------------------------------------------------------
const config = JSON.parse($("site-config").textContent);
const KEY_STORE = "agent-api-key";
const SETTINGS_STORE = "agent-settings"; // provider, model, base URL: kept so a remembered key goes where it did
const CONVERSATION_STORE = "agent-conversation"; // {turns, history}: never the key
const MAX_KEPT_TURNS = 50;
const LANG = "en-US";
const Recognition = window.SpeechRecognition || window.webkitSpeechRecognition;
const synth = "speechSynthesis" in window ? window.speechSynthesis : null;
const state = {
  ready: false,
  key: "",              // the API key lives here for the visit (and in localStorage only if remembered)
  queue: [],            // questions waiting for the agent
  settled: false,       // the agent has warmed up (a question asked before waits for it: said so in its bubble)
  current: null,        // the turn in flight: {id, question, entry, bubble, text, trace, stepStarted, stepItem, demo}
  nextId: 1,
  turns: [],            // every finished turn, as kept and exported (see record())
  history: "",          // the model's side of the conversation (JSON text, from each answer), kept with the turns
  conversation: "",     // this tab's conversation: its key in localStorage (see loadConversation)
  restoreNote: "",      // what could not be restored of it, said to the visitor
  recognition: null,
  listening: false,
  onDevice: false,      // speech recognised on this device (processLocally)
  meter: null,          // {stream, context, frame}
  speech: { buffer: "", heardDelta: false, silenced: false, voice: null, started: false }, // started: ever spoke
  follow: true,         // keep the newest answer in view (until the visitor scrolls up)
  listToken: 0,         // the latest model-list request (older answers are ignored)
  probeToken: 0,        // the latest first request to a local server (older answers are ignored)
  localNote: "",        // what that request found: reached, or what the visitor must do
  listed: "",           // what the provider's model list said, shown under Model
};
let worker = null;
let stallTimer = 0;
const STALL_MS = 15000; // no bytes for this long while loading: the visitor is told
startWorker(); // first thing: the runtime download should not wait for the rest of this script
watchLoading();

// ---- panels: one at a time on a phone; Trace or Settings beside the conversation on a wide screen ----
function showPanel(name) {
  const before = `${body.dataset.panel}/${body.dataset.side}`;
  if (name === "chat") body.dataset.panel = "chat";
  else Object.assign(body.dataset, { panel: "side", side: name });
  markPanels();
  if (before === `${body.dataset.panel}/${body.dataset.side}`) return;
  if (name === "chat") {
    state.follow = true;
    keepInView();
  } else if (!wide.matches) { // a phone: the panel from its top, or the trace at its newest question
    const target = name === "trace" && traceList.lastElementChild || $(name);
    window.scrollTo(0, target.getBoundingClientRect().top + window.scrollY - document.querySelector(".panels").offsetHeight - 8);
  }
}

// On a wide screen the trace has its own scroller: it follows the newest question too.
function traceInView() {
  const panel = $("trace");
  if (wide.matches && state.follow) panel.scrollTop = panel.scrollHeight;
}

// While a question is asked and its trace grows, the page follows once a frame, before it is drawn:
// measuring the page right after changing it makes the browser lay it out there and then, every time.
let inViewSoon = null;
function inViewBeforeNextFrame(log, trace) {
  if (!inViewSoon) {
    inViewSoon = { log: false, trace: false };
    requestAnimationFrame(() => {
      if (inViewSoon.log) keepInView();
      if (inViewSoon.trace) traceInView();
      inViewSoon = null;
    });
  }
  inViewSoon.log ||= log;
  inViewSoon.trace ||= trace;
}

function markPanels() {
  for (const button of document.querySelectorAll(".panels [data-show]")) {
    const name = button.dataset.show;
    const shown = name === "chat" ? body.dataset.panel === "chat"
      : body.dataset.side === name && (body.dataset.panel === "side" || wide.matches);
    button.setAttribute("aria-pressed", String(shown));
  }
}

// ---- settings, the key, and where the page may connect ------------------------------------
function provider() {
  return config.providers[providerSelect.value];
}

function isDemo() {
  return !state.key && !provider().key_optional;
}

function showMode() {
  statusLine.textContent = isDemo() ? config.demo_label : `${provider().label}: ${modelInput.value}`;
  statusLine.classList.toggle("demo", isDemo());
}

function settings() {
  return { provider: providerSelect.value, model: modelInput.value.trim(),
           base_url: baseUrlInput.value.trim(), api_key: state.key };
}

// The page's Content-Security-Policy lets it connect only to these (build.py: connect_sources): an
// origin, or a scheme and host with any port. Parsed once: each question checks its base URL.
const CONNECT = config.connect.map((source) => {
  if (source === "'self'") return { origin: location.origin };
  const wildcard = source.match(/^(\w+:\/\/[^/:]+):\*$/);
  return wildcard ? { host: wildcard[1] } : { origin: new URL(source).origin };
});

function allowedByPolicy(url) {
  return CONNECT.some((allowed) => allowed.origin === url.origin || allowed.host === `${url.protocol}//${url.hostname}`);
}

// What is wrong with the base URL before any request is made, in words for the visitor; "" if nothing.
function baseUrlProblem() {
  const typed = baseUrlInput.value.trim();
  let url;
  try { url = new URL(typed); } catch { url = null; }
  if (!url || !/^https?:$/.test(url.protocol)) {
    return `The base URL "${typed}" is not a web address; it looks like ${provider().base_url}.`;
  }
  if (!allowedByPolicy(url)) {
    return `This page only connects to the providers in its list and to local servers (localhost, 127.0.0.1), `
      + `so it will not send your question to ${url.host}. To use another host, add a row for it to `
      + `data/providers.yaml and rebuild the page (make build).`;
  }
  if (location.protocol === "https:" && url.protocol === "http:" && BLOCKS_LOCAL_HTTP) {
    return `Safari (and every browser on iPhone and iPad) does not let a page on https:// reach a server on `
      + `http://, even one on this computer, so your question is not sent to ${url.host}. Open this page from `
      + `your own computer instead (make serve, then http://localhost), or choose a provider on https.`;
  }
  return "";
}

// WebKit (Safari, and every browser on iPhone and iPad) blocks http:// requests from an https:// page as
// mixed content, loopback included, where Chrome and Firefox count localhost as secure. No feature tells
// it, so the engine is known by its vendor string, which every WebKit browser reports.
const BLOCKS_LOCAL_HTTP = navigator.vendor === "Apple Computer, Inc.";

const LOCAL_HOSTS = ["localhost", "127.0.0.1", "[::1]", "0.0.0.0"];

function checkBaseUrl() {
  baseUrlNote.textContent = isDemo() ? "" : baseUrlProblem();
  // The provider's own advice is for its own host (or, for a local server, any local one); not for another.
  const host = (text) => { try { return new URL(text).hostname; } catch { return ""; } };
  const typed = host(baseUrlInput.value.trim());
  const own = host(provider().base_url);
  const ours = typed === own || (LOCAL_HOSTS.includes(typed) && LOCAL_HOSTS.includes(own));
  providerHint.textContent = state.localNote && isLocalProvider() ? state.localNote : ours ? provider().hint || "" : "";
}

// ---- local model servers: the page asks first ------------------------------------------------------
// A page on a public https origin reaches localhost only with the visitor's permission (Local Network
// Access, Chromium 142+; Firefox enforces it in dedicated workers). The browser asks when the page makes
// such a request; whether a worker's request ever brings up the prompt is not documented. So when a local
// server is chosen, this window makes the first request (GET {base}/models, no headers, so no CORS
// preflight), and if it fails says exactly what to do.
const SERVER_CORS = {
  ollama: (origin) => `start Ollama with this page's origin allowed: OLLAMA_ORIGINS=${origin} ollama serve`,
  lmstudio: () => "start LM Studio's server with CORS on: lms server start --cors",
  vllm: (origin) => `start vLLM with this page's origin allowed: vllm serve MODEL --allowed-origins '["${origin}"]'`,
  llamacpp: () => "start llama-server (it allows any origin)",
};

function isLocalUrl(text) { try { return LOCAL_HOSTS.includes(new URL(text).hostname); } catch { return false; } }

function isLocalProvider() { return isLocalUrl(provider().base_url) && isLocalUrl(baseUrlInput.value.trim()); }

async function localAccess() {
  try { return (await navigator.permissions.query({ name: "local-network-access" })).state; } catch { return ""; }
}

function localAdvice(label, base, access) {
  const origin = location.origin;
  const cors = (SERVER_CORS[providerSelect.value] || (() => "start the server with CORS allowing this page's origin"))(origin);
  const allow = "allow this site to reach devices on your local network (when the browser asks, or in the site's "
    + "settings: Local network access, Allow), then choose the provider again";
  if (access === "denied") {
    return `This browser does not let this page reach local devices, so ${label} at ${base} cannot answer it. `
      + `To use it, ${allow}. The server must also allow this page: ${cors}.`;
  }
  return `${label} did not answer this page at ${base}. Check that it is running and: ${cors}; `
    + `${allow}.`;
}

async function probeLocal() {
  const token = ++state.probeToken;
  state.localNote = "";
  const base = baseUrlInput.value.trim().replace(/\/+$/, "");
  if (!isLocalProvider() || baseUrlProblem()) {
    checkBaseUrl();
    return;
  }
  const label = provider().label;
  let reached = false;
  try {
    await fetch(`${base}/models`, { cache: "no-store" });
    reached = true;
  } catch { /* refused: no permission, not running, or no CORS for this origin */ }
  const access = reached ? "" : await localAccess();
  if (token !== state.probeToken) return; // the settings changed since
  state.localNote = reached ? `${label} answered this page at ${base}.` : localAdvice(label, base, access);
  checkBaseUrl();
}

let probeTimer = 0;
function probeLocalSoon() {
  clearTimeout(probeTimer);
  probeTimer = setTimeout(probeLocal, 600);
}

function priceText(m) {
  const money = (n) => `$${Number(n).toFixed(2)}`;
  if (!m || (!m.input && !m.output)) return "";
  const base = `${money(m.input)} in / ${money(m.output)} out per million tokens${m.price ? ` (${m.price})` : ""}`;
  const tiers = (m.tiers || []).map((t) => `${t.price}: ${money(t.input)} / ${money(t.output)}`);
  return [base, ...tiers].join("; ");
}

// A model past its retirement day (providers.yaml: retires) is not offered, and its replacement is named.
function today() { return new Date().toISOString().slice(0, 10); }

function isRetired(m) { return Boolean(m && m.retires && today() >= String(m.retires)); }

function offeredModels(row) { return row.models.filter((m) => !isRetired(m)); }

function retiredNote(row, id) {
  const m = row.models.find((x) => x.id === id);
  return isRetired(m) ? `${row.label} shut ${id} down on ${m.retires}; choose ${m.replacement} instead.` : "";
}

function showModelNote() {
  const row = provider();
  const known = row.models.find((m) => m.id === modelInput.value.trim());
  let priced = "This model has no price in the page's table, so no cost is shown.";
  if (row.key_optional) priced = "It runs on your own machine: no cost is shown.";
  else if (isRetired(known)) priced = retiredNote(row, known.id);
  else if (known) priced = `Price: ${priceText(known)}.${row.checked ? ` As published by ${row.label} on ${row.checked}.` : ""}`;
  modelNote.textContent = `${state.listed ? `${state.listed} ` : ""}${priced}`;
}

function fillModels(resetChoice) {
  const row = provider();
  state.listed = "";
  setModelOptions(offeredModels(row).map((m) => m.id));
  if (resetChoice) {
    modelInput.value = offeredModels(row)[0].id;
    baseUrlInput.value = row.base_url;
  }
  showModelNote();
  checkBaseUrl();
}

function setModelOptions(ids) {
  const priced = new Map(provider().models.map((m) => [m.id, m]));
  const gone = new Set(provider().models.filter(isRetired).map((m) => m.id));
  modelList.replaceChildren(...ids.filter((id) => !gone.has(id)).map((id) => {
    const option = document.createElement("option");
    option.value = id;
    if (priced.has(id)) option.label = priceText(priced.get(id));
    return option;
  }));
}

// The models this key can use, from the provider's own list where it lets a web page ask (providers.yaml
// list_models); the page's table stays the fallback. Only the wire's auth header is sent, or none at all.
const NOT_CHAT = /embed|tts|whisper|dall-e|image|audio|realtime|moderation|transcri|search|sora|speech|davinci|babbage/i;

function listModels() {
  const row = provider();
  const token = ++state.listToken;
  const base = baseUrlInput.value.trim().replace(/\/+$/, "");
  if (!row.list_models || baseUrlProblem() || (row.list_models === "key" && !state.key && !row.key_optional)) {
    if (state.listed) fillModels(false);
    return;
  }
  const headers = {};
  if (row.list_models === "key" && state.key) {
    if (row.wire === "anthropic") {
      Object.assign(headers, { "x-api-key": state.key, "anthropic-version": "2023-06-01",
                               "anthropic-dangerous-direct-browser-access": "true" });
    } else {
      headers.authorization = `Bearer ${state.key}`;
    }
  }
  // The worker asks (where the model calls are made) and answers with "models".
  worker.postMessage({ type: "models", id: token, headers,
                       url: base + (row.wire === "anthropic" ? "/v1/models" : "/models") });
}

function onModels({ id, ids, status }) {
  if (id !== state.listToken) return; // the settings changed since
  const row = provider();
  const table = offeredModels(row).map((m) => m.id);
  const chat = (ids || []).filter((m) => !NOT_CHAT.test(m));
  const ordered = [...table.filter((m) => chat.includes(m)), ...chat.filter((m) => !table.includes(m)).sort()];
  if (ordered.length) {
    setModelOptions(ordered);
    state.listed = `${row.label} lists ${ordered.length} model${ordered.length === 1 ? "" : "s"} for this key (pick one in the Model box).`;
  } else {
    const why = status ? `it answered ${status}` : ids ? "its list was empty" : "no answer";
    setModelOptions(table);
    state.listed = `Could not get the list of models from ${row.label} (${why}); the list shows the page's own.`;
  }
  showModelNote();
}

let listTimer = 0;
function listModelsSoon() {
  clearTimeout(listTimer);
  listTimer = setTimeout(listModels, 600);
}

function describeKeyStorage() {
  const where = rememberBox.checked
    ? "Your key is saved in this browser's localStorage on this device until you press Forget key."
    : "Your key stays in this tab's memory and is gone when you close it.";
  keyNote.textContent = `${where} It is sent only to the provider you choose (${baseUrlInput.value || "its base URL"}), straight from your browser; this site has no server.`;
}

const STORAGE_FULL = "This browser's storage is full:";

function storeKey() {
  state.key = keyInput.value.trim();
  let full = false;
  try {
    if (rememberBox.checked && state.key) localStorage.setItem(KEY_STORE, state.key);
    else localStorage.removeItem(KEY_STORE);
  } catch { // QuotaExceededError: the key stays in this tab only (and no older key stays behind)
    full = true;
    rememberBox.checked = false;
    localStorage.removeItem(KEY_STORE);
  }
  describeKeyStorage();
  if (full) keyNote.textContent = `${STORAGE_FULL} your key was not saved on this device. ${keyNote.textContent}`;
  showMode();
  checkBaseUrl();
}

function forgetKey() {
  state.key = "";
  keyInput.value = "";
  rememberBox.checked = false;
  localStorage.removeItem(KEY_STORE);
  sessionStorage.removeItem(KEY_STORE);
  describeKeyStorage();
  showMode();
  checkBaseUrl();
  fillModels(false);
}

function keepSettings() {
  const { provider: id, model, base_url } = settings();
  try {
    localStorage.setItem(SETTINGS_STORE, JSON.stringify({ provider: id, model, base_url }));
  } catch {
    if (!keyNote.textContent.includes("settings were not saved")) {
      keyNote.textContent = `${STORAGE_FULL} these settings were not saved on this device. ${keyNote.textContent}`;
    }
  }
}

function restoreSettings() {
  let saved;
  try { saved = JSON.parse(localStorage.getItem(SETTINGS_STORE) || "null"); } catch { saved = null; }
  if (!saved || !config.providers[saved.provider]) return;
  providerSelect.value = saved.provider;
  fillModels(true);
  if (typeof saved.model === "string" && saved.model) modelInput.value = saved.model;
  if (typeof saved.base_url === "string" && saved.base_url) baseUrlInput.value = saved.base_url;
}

function restoreKey() {
  const saved = localStorage.getItem(KEY_STORE);
  if (saved) {
    state.key = saved;
    keyInput.value = saved;
    rememberBox.checked = true;
  }
}

// ---- the agent worker -----------------------------------------------------------
function startWorker() {
  worker = new Worker(config.worker, { type: "module" });
  worker.addEventListener("message", (event) => onWorkerMessages(event.data));
  worker.addEventListener("error", onWorkerError);
  worker.postMessage({ type: "init", config });
}

function onWorkerError() {
  if (!state.ready) failLoading("it stopped with an error inside the page. Reload the page to start it again.");
  else if (state.current) {
    onError({ id: state.current.id, message: "The agent stopped working (an error inside the page). Reload the page to start it again." });
  }
}

const HANDLERS = { progress: showProgress, ready: agentReady, settled: keepForOffline, delta: onDelta,
                   event: onTraceEvent, answer: onAnswer, error: onError, models: onModels,
                   restored: onRestored };

function onWorkerMessages(messages) {
  for (const one of messages) HANDLERS[one.type](one);
  if (messages.some((one) => one.type === "delta")) keepInView(); // once the batch's text is in: a layout
}

// If the download stalls (no bytes for STALL_MS) the visitor is told, instead of a bar that never moves.
function watchLoading() {
  clearTimeout(stallTimer);
  stallTimer = setTimeout(() => { // all bytes in, the runtime may still be starting: that is not a stall
    const downloading = !progress.max || progress.value < progress.max || progress.max === 1;
    if (!state.ready && downloading) failLoading("its files stopped downloading. Check your connection, then reload the page.");
  }, STALL_MS);
}

function showProgress({ loaded, total }) {
  watchLoading();
  loading.classList.remove("failed");
  root.dataset.agentState = "loading";
  progress.max = total;
  progress.value = Math.min(loaded, total);
  progressLabel.textContent = `Loading the Python runtime: ${(loaded / 1e6).toFixed(1)} of ${(total / 1e6).toFixed(1)} MB`;
}

function agentReady({ ms, snapshot }) {
  clearTimeout(stallTimer);
  state.ready = true;
  root.dataset.agentState = "ready";
  root.dataset.agentStart = snapshot ? "restored" : "fresh"; // the interpreter saved by an earlier visit, or not
  performance.mark("agent-ready");
  loading.hidden = true;
  progressLabel.textContent = `Ready in ${(ms / 1000).toFixed(1)} s`;
  askNext();
}

const BROWSER_ERROR = /\b\w*Error\b|Failed to fetch|NetworkError/; // a browser's words, not a visitor's

function failLoading(message) {
  root.dataset.agentState = "error";
  const why = BROWSER_ERROR.test(message)
    ? "its files did not download or start. Check your connection, then reload the page." : message;
  progressLabel.textContent = `The agent could not load: ${why}`;
  loading.classList.add("failed");
}

// ---- the kept conversation ----------------------------------------------------------------
// A turn as it is kept, shown again after a reload and exported: the worker's finished turn
// (answer, stopped, steps, usage, cost_usd, prices, mode, demo, suggestions) plus the question and when.
function record(question, turn, extra = {}) {
  return { question, answer: turn.answer, stopped: turn.stopped, steps: turn.steps || [],
           usage: turn.usage || { input_tokens: 0, output_tokens: 0 }, cost_usd: turn.cost_usd ?? null,
           prices: turn.prices || [], mode: turn.mode || "", demo: Boolean(turn.demo), suggestions: turn.suggestions || [],
           finished_at: new Date().toISOString(), ...extra };
}

// Each tab keeps its own conversation, under its own key ("agent-conversation:<id>"); the tab holds the id in
// sessionStorage, so a reload shows the same conversation, and never another tab's. A tab showing a
// conversation renews a lease on it ("agent-conversation-open:<id>") until it closes: a new tab continues
// the most recent conversation no open tab shows, else starts a new one. The others are listed, to open.
const CONVERSATION_PREFIX = `${CONVERSATION_STORE}:`;
const LEASE_PREFIX = "agent-conversation-open:";
const TAB_STORE = "agent-conversation-id";
const LEASE_MS = 30000;
const TAB = Math.random().toString(36).slice(2);
let leaseTimer = 0;

function saveConversation() {
  const turns = state.turns.slice(-MAX_KEPT_TURNS);
  try {
    localStorage.setItem(CONVERSATION_PREFIX + state.conversation,
                         JSON.stringify({ turns, history: state.history, saved_at: Date.now() }));
    savedNote.textContent = state.restoreNote || "";
  } catch (error) {
    savedNote.textContent = error && error.name === "QuotaExceededError"
      ? `${STORAGE_FULL} this conversation's newest answers were not saved and end with this tab.`
      : "This browser would not keep the conversation (storage is turned off); it ends with this tab.";
  }
}

function leasedElsewhere(id) {
  let lease;
  try { lease = JSON.parse(localStorage.getItem(LEASE_PREFIX + id) || "null"); } catch { lease = null; }
  return Boolean(lease && lease.tab !== TAB && typeof lease.at === "number" && Date.now() - lease.at < LEASE_MS);
}

function renewLease() {
  try { localStorage.setItem(LEASE_PREFIX + state.conversation, JSON.stringify({ tab: TAB, at: Date.now() })); } catch {}
}

function releaseLease() {
  if (!leasedElsewhere(state.conversation)) localStorage.removeItem(LEASE_PREFIX + state.conversation);
}

function claimConversation(id) {
  state.conversation = id;
  sessionStorage.setItem(TAB_STORE, id);
  renewLease();
  clearInterval(leaseTimer);
  leaseTimer = setInterval(renewLease, LEASE_MS / 3);
}

function newConversationId() {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

// Every kept conversation but this tab's: {id, saved_at, first question, how many questions}.
function otherConversations() {
  const found = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key || !key.startsWith(CONVERSATION_PREFIX) || key === CONVERSATION_PREFIX + state.conversation) continue;
    const kept = readConversation(key.slice(CONVERSATION_PREFIX.length));
    if (kept.turns.length) found.push({ id: key.slice(CONVERSATION_PREFIX.length), ...kept });
  }
  return found.sort((a, b) => b.saved_at - a.saved_at);
}

// A kept conversation, checked whole: a turn that is not whole is dropped (counted in `dropped`), never
// shown or sent in part; history is the model's side as kept (the worker checks it whole again).
function readConversation(id) {
  let kept;
  try { kept = JSON.parse(localStorage.getItem(CONVERSATION_PREFIX + id) || "null"); } catch { kept = undefined; }
  if (kept === null) return { turns: [], history: "", dropped: 0, saved_at: 0 };
  if (!kept || typeof kept !== "object" || !Array.isArray(kept.turns)) return { turns: [], history: "", dropped: 1, saved_at: 0 };
  const turns = kept.turns.filter((turn) => wholeTurn(turn, new Set()));
  return { turns, history: typeof kept.history === "string" ? kept.history : "", dropped: kept.turns.length - turns.length,
           saved_at: typeof kept.saved_at === "number" ? kept.saved_at : 0 };
}

const TURN_ENDS = ["answer", "step_cap", "cancelled", "error"];
const isText = (value) => typeof value === "string";
const isCount = (value) => typeof value === "number" && Number.isFinite(value) && value >= 0;
const isObject = (value) => Boolean(value) && typeof value === "object" && !Array.isArray(value);
const wholeUsage = (usage) => isObject(usage) && isCount(usage.input_tokens) && isCount(usage.output_tokens);

function wholeCall(call, ids) {
  if (!isObject(call) || !isText(call.id) || !call.id || ids.has(call.id) || !isText(call.name) || !call.name
      || !isObject(call.args) || !isText(call.result) || typeof call.error !== "boolean" || !isCount(call.ms)) return false;
  ids.add(call.id);
  return true;
}

function wholeTurn(turn, ids) {
  return isObject(turn) && isText(turn.question) && isText(turn.answer) && TURN_ENDS.includes(turn.stopped)
    && Array.isArray(turn.steps) && wholeUsage(turn.usage) && (turn.cost_usd === null || isCount(turn.cost_usd))
    && Array.isArray(turn.prices) && turn.prices.every(isText) && isText(turn.mode)
    && Array.isArray(turn.suggestions) && turn.suggestions.every(isText)
    && turn.steps.every((step) => isObject(step) && isText(step.text) && Array.isArray(step.calls) && wholeUsage(step.usage)
                                  && isCount(step.ms) && isText(step.stop) && step.calls.every((call) => wholeCall(call, ids)));
}

function loadConversation() {
  let id = sessionStorage.getItem(TAB_STORE);
  if (!id || leasedElsewhere(id)) { // a new tab (or a copy of one whose conversation is open there)
    const free = otherConversations().find((c) => !leasedElsewhere(c.id));
    id = free ? free.id : newConversationId();
  }
  claimConversation(id);
  const legacy = localStorage.getItem(CONVERSATION_STORE); // kept by an earlier build, one for every tab:
  if (legacy !== null) { // this tab's, unless it has one of its own (then listed with the others)
    const into = localStorage.getItem(CONVERSATION_PREFIX + id) === null ? id : newConversationId();
    try { localStorage.setItem(CONVERSATION_PREFIX + into, legacy); } catch {}
    localStorage.removeItem(CONVERSATION_STORE);
  }
  showConversation(readConversation(id));
  listConversations();
}

function showConversation(kept) {
  state.turns = [];
  state.history = kept.history;
  state.restoreNote = kept.dropped
    ? `${kept.dropped === 1 ? "One saved question" : `${kept.dropped} saved questions`} of this conversation could not be read (the browser's copy was damaged) and ${kept.dropped === 1 ? "was" : "were"} left out.`
    : "";
  if (state.history) worker.postMessage({ type: "restore", history: state.history }); // before any question
  for (const turn of kept.turns) {
    const before = [log.childElementCount, traceList.childElementCount];
    try {
      addLogEntry("You", turn.question, "visitor");
      const entry = addLogEntry(turn.demo ? "Agent (demo)" : "Agent", "", "agent");
      finishAgentEntry(entry, turn, false);
      renderTrace(turn);
      state.turns.push(turn);
    } catch { // not drawable after all: left out whole
      while (log.childElementCount > before[0]) log.lastElementChild.remove();
      while (traceList.childElementCount > before[1]) traceList.lastElementChild.remove();
      state.restoreNote = "Some saved questions of this conversation could not be shown and were left out.";
    }
  }
  savedNote.textContent = state.restoreNote;
  showConversationTools();
}

// The worker's word on the kept model history: nothing restored from a non-empty one means it was damaged.
function onRestored({ messages }) {
  if (messages || !state.history) return;
  state.history = "";
  state.restoreNote = `${state.restoreNote} The agent does not remember the earlier questions of this conversation (the browser's copy was damaged): ask again in full.`.trim();
  savedNote.textContent = state.restoreNote;
}

// The other kept conversations, each a button that opens it in this tab (unless another tab shows it).
function listConversations() {
  let list = $("other-conversations");
  const others = otherConversations().slice(0, 10);
  if (!list) {
    list = element("nav", "other-conversations");
    list.id = "other-conversations";
    list.setAttribute("aria-label", "Other conversations");
    savedNote.after(list);
  }
  list.replaceChildren();
  list.hidden = others.length === 0;
  if (!others.length) return;
  list.append(element("p", "note", "Other conversations in this browser:"));
  const items = element("ul");
  for (const other of others) {
    const n = other.turns.length;
    const elsewhere = leasedElsewhere(other.id);
    const button = element("button", null, `${other.turns[0].question} (${n} question${n === 1 ? "" : "s"})${elsewhere ? " · open in another tab" : ""}`);
    button.type = "button";
    button.dataset.conversation = other.id;
    button.addEventListener("click", () => openConversation(other.id));
    const item = element("li");
    item.append(button);
    items.append(item);
  }
  list.append(items);
}

function openConversation(id) {
  if (leasedElsewhere(id)) {
    savedNote.textContent = "That conversation is open in another tab: continue it there (or close that tab first).";
    return;
  }
  stopEverything();
  if (state.current) state.current.discarded = true;
  worker.postMessage({ type: "reset" });
  releaseLease();
  log.replaceChildren();
  traceList.replaceChildren();
  claimConversation(id);
  showConversation(readConversation(id));
  listConversations();
}

function showConversationTools() {
  const any = log.childElementCount > 0;
  welcome.hidden = any;
  chatTools.hidden = !any;
  traceEmpty.hidden = traceList.childElementCount > 0;
  traceCount.textContent = traceList.childElementCount ? `(${traceList.childElementCount})` : "";
}

// ---- offline and installable ------------------------------------------------------------
// The service worker (sw.js) keeps this build for offline visits. It is registered once the agent has
// settled (ready, warmed up, and on a first visit its interpreter saved): a first visit downloads the
// runtime once, as the service worker then finds it in the browser's HTTP cache, and its install (every
// file read and hashed) no longer competes with the warm-up a first question waits for (~170 ms of it on
// 2 cores). A browser without service workers (or a refusal) just loses the offline copy.
function keepForOffline() {
  state.settled = true;
  if ("serviceWorker" in navigator) navigator.serviceWorker.register("sw.js").catch(() => {});
}

// ---- asking ---------------------------------------------------------------------------
function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function addLogEntry(who, text, className) {
  const item = element("li", `turn ${className}`);
  item.append(element("span", "who", who), element("p", "text", text));
  log.append(item);
  return item;
}

function ask(question) {
  question = question.trim();
  if (!question) return;
  const entry = addLogEntry("You", question, "visitor");
  const waiting = element("p", "note", state.ready ? "" : "Waiting for the agent to finish loading…");
  entry.append(waiting);
  state.queue.push({ question, waiting });
  state.follow = true;
  askNext(); // the worker starts on the question before the page does anything else
  showPanel("chat");
  showConversationTools();
  inViewBeforeNextFrame(true, false);
}

// Ready means the agent can take a question; until it has also warmed up (its indexes loaded and, on a
// first visit, its interpreter saved) a question waits for that: 1.3-2.4 s in WebKit, where a snapshot of
// the interpreter is slow to make. The bubble says so instead of a bare "…".
const WARMING_UP = "Warming up: the first answer takes a few seconds…";

function askNext() {
  if (!state.ready || state.current || state.queue.length === 0) return;
  const { question, waiting } = state.queue.shift();
  waiting.remove();
  const id = state.nextId++;
  const demo = isDemo();
  const problem = demo ? "" : baseUrlProblem(); // known before any request: nothing is sent
  if (!problem) worker.postMessage({ type: "ask", id, question, settings: settings() });
  // The worker starts on the question first; the bubble and the trace are drawn while it works.
  const entry = addLogEntry(demo ? "Agent (demo)" : "Agent", state.settled ? "…" : WARMING_UP, "agent");
  state.current = { id, question, entry, bubble: entry.querySelector(".text"), text: "",
                    trace: startTrace(question), stepStarted: performance.now(), stepItem: null, demo };
  state.speech.buffer = "";
  state.speech.heardDelta = false;
  state.speech.silenced = false;
  stopSpeaking();
  showConversationTools();
  inViewBeforeNextFrame(true, false);
  if (problem) onError({ id, message: problem, notSent: true });
}

function onDelta({ id, text }) {
  if (!state.current || state.current.id !== id) return;
  state.current.text += text;
  state.current.bubble.textContent = state.current.text;
  state.speech.heardDelta = true;
  speakFeed(text);
}

function onAnswer({ id, turn }) {
  const current = state.current;
  if (!current || current.id !== id) return;
  if (typeof turn.history === "string") state.history = turn.history; // the model's side, kept with the turns
  if (turn.stopped === "cancelled" && current.text.trim()) { // Stop mid-stream: what came is kept, marked
    turn = { ...turn, answer: `${current.text.trimEnd()}\n\n(Stopped here.)` };
  }
  const kept = record(current.question, turn,
                      turn.stopped === "error" ? { failed_ms: Math.round(performance.now() - current.stepStarted) } : {});
  finishTurn(current, kept);
  if (turn.stopped === "answer" || turn.stopped === "step_cap") {
    if (!state.speech.heardDelta) speakFeed(turn.answer + " ");
    speakFlush();
  }
}

// A failure the worker could not turn into a turn (or one found before any request).
function onError({ id, message, fatal, notSent }) {
  if (fatal || id === undefined) {
    failLoading(message);
    return;
  }
  const current = state.current;
  if (current && current.id === id) {
    const turn = { answer: message, stopped: "error", steps: [], mode: current.demo ? config.demo_label : "", demo: current.demo };
    const failure = notSent ? { not_sent: true } : { failed_ms: Math.round(performance.now() - current.stepStarted) };
    finishTurn(current, record(current.question, turn, failure));
  } else {
    askNext();
  }
}

function finishTurn(current, kept) {
  if (current.discarded) {
    state.current = null;
    askNext();
    return;
  }
  finishAgentEntry(current.entry, kept, true);
  current.trace.item.replaceWith(renderTrace(kept, current.trace.item));
  state.turns.push(kept);
  state.current = null;
  performance.mark("answer-shown");
  saveConversation();
  showConversationTools();
  keepInView();
  traceInView();
  askNext();
}

// The finished answer: its text, the rankings drawn from its tool results, suggested questions, one
// summary line, and what the visitor can do with it. Live and after a reload alike.
function finishAgentEntry(entry, turn, live) {
  entry.querySelector(".text").textContent = turn.answer;
  entry.classList.toggle("stopped", turn.stopped !== "answer");
  const failed = turn.stopped === "error";
  entry.classList.toggle("failed", failed);
  for (const step of turn.steps) {
    for (const call of step.calls) {
      const ranking = rankingFrom(call);
      if (ranking) entry.append(rankingFigure(ranking));
      else if (rowsOf(call)) entry.append(rowsTable(rowsOf(call), 8));
    }
  }
  if (turn.suggestions && turn.suggestions.length) {
    const list = element("ul", "suggestions");
    list.setAttribute("aria-label", "Questions to try");
    for (const question of turn.suggestions) {
      const button = element("button", null, question);
      button.type = "button";
      button.addEventListener("click", () => ask(question));
      const item = element("li");
      item.append(button);
      list.append(item);
    }
    entry.append(list);
  }
  const actions = element("div", "actions");
  if (turn.stopped !== "error") actions.append(turnSummary(turn));
  if (failed || turn.stopped === "cancelled") actions.append(againButton(turn, live));
  if (turn.stopped !== "error" && turn.stopped !== "cancelled") {
    actions.append(copyButton("Copy answer", () => turn.answer, entry),
                   copyButton("Copy link", () => questionLink(turn.question), entry));
  }
  entry.append(actions);
}

// A failed or stopped turn keeps its question: back in the box (if the visitor has not started
// another), and one "Try again" button beside the message.
function againButton(turn, live) {
  if (live && !questionInput.value.trim()) questionInput.value = turn.question;
  const again = element("button", "again", "Try again"); // not "Ask …": the form's Ask button keeps a unique name
  again.type = "button";
  again.addEventListener("click", () => {
    again.remove();
    if (questionInput.value.trim() === turn.question) questionInput.value = "";
    ask(turn.question);
  });
  return again;
}

function copyButton(label, text, entry) {
  const button = element("button", null, label);
  button.type = "button";
  button.addEventListener("click", async () => {
    let note = entry.querySelector(".copy-note");
    if (!note) {
      note = element("p", "note copy-note");
      note.setAttribute("aria-live", "polite");
      entry.append(note);
    }
    try {
      await navigator.clipboard.writeText(text());
      note.textContent = label === "Copy link" ? "Link copied: it asks this question when opened." : "Answer copied.";
    } catch {
      note.textContent = "This browser did not allow copying; select the text and copy it instead.";
    }
  });
  return button;
}

function questionLink(question) {
  return `${location.origin}${location.pathname}?q=${encodeURIComponent(question)}`;
}

function stopEverything() {
  state.queue.forEach(({ waiting }) => { waiting.textContent = "Not asked (stopped)."; });
  state.queue = [];
  if (state.current) worker.postMessage({ type: "stop" });
  state.speech.silenced = true;
  stopSpeaking();
  stopListening();
}

function newConversation() {
  stopEverything();
  if (state.current) state.current.discarded = true; // its answer (it was stopped) belongs to no conversation
  worker.postMessage({ type: "reset" });
  state.turns = [];
  state.history = "";
  state.restoreNote = "";
  savedNote.textContent = "";
  localStorage.removeItem(CONVERSATION_PREFIX + state.conversation);
  releaseLease();
  claimConversation(newConversationId());
  listConversations();
  log.replaceChildren();
  traceList.replaceChildren();
  interim.textContent = "";
  showConversationTools();
  questionInput.focus();
}

const STOPPED = { answer: "", step_cap: "stopped at the step cap", cancelled: "stopped by you", error: "failed",
                  refusal: "declined by the model" };

function hasCost(turn) { // priced, and something was billed
  return typeof turn.cost_usd === "number" && turn.usage.input_tokens + turn.usage.output_tokens > 0;
}

// Billed, but a price it needed is not in the page's table (the model, or its cache price): unknown, not a guess.
function unknownCost(turn) {
  return turn.cost_usd === null && (turn.steps || []).some((step) => step.bill && step.bill.cost === null);
}

function dollars(x) { return `$${x.toFixed(x > 0 && x < 0.01 ? 6 : 4)}`; }

function perMillion(price) { return typeof price === "number" ? `$${price}/M` : "a price not in the page's table"; }

// One request's tokens, each kind at its price (agent_py/providers.py: bill).
function billText(bill) {
  const input = [];
  if (bill.cached.tokens) input.push(`${bill.cached.tokens} cached at ${perMillion(bill.cached.price)}`);
  if (bill.written.tokens) input.push(`${bill.written.tokens} written to the cache at ${perMillion(bill.written.price)}`);
  input.push(`${bill.uncached.tokens} uncached at ${perMillion(bill.uncached.price)}`);
  const cost = typeof bill.cost === "number" ? dollars(bill.cost) : "unknown";
  return `Input ${input.join(" + ")}; output ${bill.output.tokens} at ${perMillion(bill.output.price)}; cost ${cost}`;
}

// The conversation's cost up to and including this turn; turns whose cost is unknown are counted apart.
function runningTotal(turn) {
  const at = state.turns.indexOf(turn);
  const turns = at >= 0 ? state.turns.slice(0, at + 1) : [...state.turns, turn];
  const known = turns.filter(hasCost).reduce((sum, t) => sum + t.cost_usd, 0);
  const unknown = turns.filter(unknownCost).length;
  const more = unknown ? ` plus ${unknown} turn${unknown === 1 ? "" : "s"} of unknown cost` : "";
  return `Conversation so far: ${dollars(known)}${more}`;
}

function turnSummary(turn) {
  const steps = turn.steps.length;
  const parts = [`${steps} step${steps === 1 ? "" : "s"}`];
  const tokens = turn.usage.input_tokens + turn.usage.output_tokens;
  if (tokens) parts.push(`${turn.usage.input_tokens} in / ${turn.usage.output_tokens} out tokens`);
  if (hasCost(turn)) parts.push(`cost ${dollars(turn.cost_usd)}`);
  else if (unknownCost(turn)) parts.push("cost unknown");
  if (STOPPED[turn.stopped]) parts.push(STOPPED[turn.stopped]);
  return element("p", "meta", parts.join(" · "));
}

// ---- keeping the newest answer in view --------------------------------------------------------
// The conversation grows with the page and the question box sticks to the bottom of the screen; while
// an answer streams the page scrolls so its last line stays just above the box, unless the visitor
// scrolled up to read something else (then it waits until they come back to the end).
function visibleBottom() {
  return Math.min(window.innerHeight, form.getBoundingClientRect().top) - 8;
}

function keepInView() {
  const last = log.lastElementChild;
  if (!state.follow || !last || body.dataset.panel !== "chat" && !wide.matches) return;
  const below = last.getBoundingClientRect().bottom - visibleBottom();
  if (below > 0) window.scrollBy(0, below);
}

function endInView() {
  const last = log.lastElementChild;
  return !last || last.getBoundingClientRect().bottom <= visibleBottom() + 24;
}

function visitorScrolledUp() {
  if (!endInView()) state.follow = false;
}

// ---- the trace ----------------------------------------------------------------
function startTrace(question) {
  const item = element("li", "trace-turn");
  item.append(element("p", "trace-question", `Question: ${question}`));
  const steps = element("ol", "trace-steps");
  item.append(steps);
  traceList.append(item);
  showConversationTools();
  return { item, steps };
}

function onTraceEvent({ id, event }) {
  const current = state.current;
  if (!current || current.id !== id) return;
  if (event.type === "step") {
    current.stepStarted = performance.now();
    current.stepItem = element("li", "trace-step");
    const limit = config.site.request_timeout && !current.demo ? ` (gives up after ${config.site.request_timeout} s)` : "";
    current.stepItem.append(element("p", "step-title", `Step ${event.step}: asking the model…${limit}`));
    current.trace.steps.append(current.stepItem);
  } else if (event.type === "reply" && current.stepItem) {
    const ms = Math.round(performance.now() - current.stepStarted);
    current.stepItem.firstChild.textContent = stepTitle({ ...event, ms, calls: [] }, event.step);
  } else if (event.type === "call" && current.stepItem) {
    current.stepItem.append(callRecord(event));
  }
  inViewBeforeNextFrame(false, true);
}

const STOPS = { tool_calls: "asked for tools", end: "answered", length: "cut off by the output limit",
                refusal: "declined (a refusal)" };

function stepTitle(step, n) {
  const usage = step.usage || {};
  const tokens = usage.input_tokens || usage.output_tokens
    ? ` · ${usage.input_tokens || 0} in / ${usage.output_tokens || 0} out tokens` : "";
  return `Step ${n}: model replied in ${Math.round(step.ms)} ms${tokens} · ${STOPS[step.stop] || step.stop}`;
}

const ENDED = { answer: "Answered", step_cap: "Stopped at the step cap", cancelled: "Stopped by you", error: "Failed",
                refusal: "Declined by the model (a refusal)" };

// A finished turn's trace, from its kept record (the same drawing live and after a reload).
function renderTrace(turn, replacing) {
  const item = element("li", "trace-turn");
  item.append(element("p", "trace-question", `Question: ${turn.question}`));
  const steps = element("ol", "trace-steps");
  turn.steps.forEach((step, i) => {
    const li = element("li", "trace-step");
    li.append(element("p", "step-title", stepTitle(step, i + 1)));
    if (step.bill) li.append(element("p", "step-bill", billText(step.bill)));
    for (const call of step.calls) li.append(callRecord(call));
    steps.append(li);
  });
  if (turn.stopped === "error") {
    const li = element("li", "trace-step failed");
    const n = turn.steps.length + 1;
    const title = turn.not_sent ? "Not sent: nothing left this page" : `Step ${n}: failed after ${turn.failed_ms ?? 0} ms`;
    li.append(element("p", "step-title", title),
              element("p", "step-error", `✗ ${turn.answer}`));
    steps.append(li);
  }
  item.append(steps, element("p", "trace-end", `${ENDED[turn.stopped] || turn.stopped}.`));
  if (hasCost(turn)) {
    const named = (turn.prices || []).filter((name) => name !== "standard");
    const at = named.length ? ` · ${named.length > 1 ? "prices" : "price"}: ${named.join(", ")}` : "";
    item.append(element("p", "trace-cost", `Turn cost: ${dollars(turn.cost_usd)}${at}`));
  } else if (unknownCost(turn)) {
    item.append(element("p", "trace-cost", "Turn cost: unknown (a price it needed is not in the page's table)"));
  }
  if (hasCost(turn) || unknownCost(turn)) item.append(element("p", "trace-total", runningTotal(turn)));
  if (!replacing) traceList.append(item);
  return item;
}

// One tool call, readable: the tool, its arguments, the key figures of its result and the time; the
// raw JSON (arguments and the whole result, exactly as the model got it) one click away.
function callRecord(call) {
  const box = element("div", call.error ? "call error" : "call");
  const name = element("p", "call-name", `${call.error ? "✗" : "✓"} ${call.name} `);
  name.append(element("span", "ms", `${formatMs(call.ms)}`));
  const rows = rowsOf(call);
  if (call.args && typeof call.args.sql === "string") { // a query: its text as written, and its rows as a table
    box.append(name, element("pre", "call-sql", call.args.sql));
    box.append(rows ? rowsTable(rows) : labelled("call-result", "Result: ", summarize(call.result)));
  } else {
    box.append(name, labelled("call-args", "Arguments: ", describeArgs(call.args)),
               labelled("call-result", "Result: ", summarize(call.result)));
  }
  const raw = element("details", "raw");
  const pre = element("pre", "raw-json", rawJson(call));
  pre.tabIndex = 0; // it scrolls: the keyboard can scroll it too
  raw.append(element("summary", null, "Raw JSON"), pre);
  box.append(raw);
  return box;
}

// {columns, rows} of a query's result (the sql tool's), or null.
function rowsOf(call) {
  if (call.error) return null;
  let data;
  try { data = JSON.parse(call.result); } catch { return null; }
  if (!data || !Array.isArray(data.columns) || !Array.isArray(data.rows)) return null;
  return data;
}

// A query's rows as a small table (at most `limit` rows), with the tool's note on rows left out.
function rowsTable({ columns, rows, note }, limit = 50) {
  const figure = element("figure", "sql-rows");
  const table = element("table");
  const head = element("tr");
  for (const column of columns) head.append(element("th", null, String(column)));
  table.append(head);
  for (const row of rows.slice(0, limit)) {
    const tr = element("tr");
    for (const value of row) {
      tr.append(element("td", typeof value === "number" ? "num" : null, value === null ? "" : String(value)));
    }
    table.append(tr);
  }
  figure.append(table);
  const more = rows.length > limit ? `${rows.length - limit} more rows under Raw JSON` : "";
  if (note || more) figure.append(element("figcaption", null, note || more));
  return figure;
}

function labelled(className, label, text) {
  const p = element("p", className);
  p.append(element("span", "what", label), text);
  return p;
}

function formatMs(ms) {
  return ms < 1 ? "under 1 ms" : `${Math.round(ms)} ms`;
}

function rawJson(call) {
  let result;
  try { result = JSON.parse(call.result); } catch { result = call.result; }
  return JSON.stringify({ tool: call.name, arguments: call.args, result }, null, 2);
}

function scalar(value) {
  return typeof value === "number" || typeof value === "boolean" || (typeof value === "string" && value.length <= 80);
}

function describeArgs(args) {
  if (!args || typeof args !== "object") return `with ${JSON.stringify(args)}`;
  const parts = Object.entries(args).map(([k, v]) => `${k.replace(/_/g, " ")} ${scalar(v) ? v : JSON.stringify(v)}`);
  return parts.length ? parts.join(" · ") : "no arguments";
}

// Fields that identify rather than inform: left out of a result's key figures.
const QUIET_FIELDS = new Set(["id", "franchise", "rank", "method", "backtest", "note", "league_id"]);

function summarize(text) {
  text = String(text);
  if (text.startsWith("error:")) return text; // errors are short, and the model read all of it
  let data;
  try { data = JSON.parse(text); } catch { return text.length > 200 ? `${text.slice(0, 199)}… (all of it under Raw JSON)` : text; }
  const ranking = rankingFrom({ name: "", result: text });
  if (ranking) {
    const top = ranking.rows.slice(0, 3).map((r) => `${r[ranking.labelKey]} ${r[ranking.valueKey]}`);
    const more = ranking.all > 3 ? ` (+${ranking.all - 3} more)` : "";
    return `${ranking.what}: ${top.join(", ")}${more}`;
  }
  if (data && typeof data === "object" && !Array.isArray(data)) {
    const figures = Object.entries(data).filter(([k, v]) => scalar(v) && !QUIET_FIELDS.has(k)).slice(0, 6)
      .map(([k, v]) => `${k.replace(/_/g, " ")} ${v}`);
    if (figures.length) return figures.join(" · ");
  }
  return "The result is under Raw JSON.";
}

// ---- rankings drawn from the real tool result -----------------------------------------
// A ranking is a list of rows with a name and a number (leaders, streak boards, forecasts).
const LABEL_KEYS = ["name", "player", "team", "label"];
const VALUE_KEYS = ["value", "length", "probability", "chance"];

function numberOf(value) {
  if (typeof value === "number") return value;
  if (typeof value === "string" && /^-?\d*\.?\d+$/.test(value.trim())) return parseFloat(value);
  return NaN;
}

function rankingFrom(call) {
  if (call.error) return null;
  let data;
  try { data = JSON.parse(call.result); } catch { return null; }
  if (!data || typeof data !== "object") return null;
  const rows = Array.isArray(data) ? data
    : Object.values(data).find((v) => Array.isArray(v) && v.length > 1 && v[0] && typeof v[0] === "object");
  if (!rows || rows.length < 2) return null;
  const first = rows[0];
  const labelKey = LABEL_KEYS.find((k) => typeof first[k] === "string");
  const valueKey = [data.stat, ...VALUE_KEYS].find((k) => k && !Number.isNaN(numberOf(first[k])));
  if (!labelKey || !valueKey) return null;
  const clean = rows.filter((r) => r && typeof r[labelKey] === "string" && !Number.isNaN(numberOf(r[valueKey])));
  if (clean.length < 2) return null;
  const what = data.label || data.stat || data.kind || valueKey;
  const when = data.season !== undefined ? `, ${data.season}` : "";
  const valueName = valueKey === "value" ? (data.stat || data.label || "value") : valueKey;
  return { title: `${call.name}: ${what}${when}`, what: `${what}${when}`, labelKey, valueKey, valueName,
           rows: clean.slice(0, 10), all: clean.length };
}

const HEADERS = { name: "Name", player: "Player", team: "Team", label: "" };

function rankingFigure({ title, labelKey, valueKey, valueName, rows }) {
  const figure = element("figure", "ranking");
  figure.append(element("figcaption", null, title));
  const table = element("table");
  const head = element("tr");
  head.append(element("th", null, HEADERS[labelKey] ?? labelKey), element("th", "num", valueName),
              element("th", "visually-hidden", "bar"));
  table.append(head);
  const max = Math.max(...rows.map((r) => Math.abs(numberOf(r[valueKey])))) || 1;
  for (const row of rows) {
    const tr = element("tr");
    const bar = element("span", "bar");
    bar.style.setProperty("--w", (Math.abs(numberOf(row[valueKey])) / max).toFixed(3)); // CSSOM: allowed by the CSP
    const barCell = element("td", "bar-cell");
    barCell.append(bar);
    tr.append(element("td", null, row[labelKey]), element("td", "num", String(row[valueKey])), barCell);
    table.append(tr);
  }
  figure.append(table);
  return figure;
}

// ---- downloads: the whole conversation, trace included --------------------------------------
function exportedJson() {
  return JSON.stringify({ title: config.site.title, exported_at: new Date().toISOString(),
                          page: location.origin + location.pathname, turns: state.turns }, null, 2);
}

function exportedMarkdown() {
  const lines = [`# ${config.site.title}`, "", `Exported ${new Date().toISOString()} from ${location.origin}${location.pathname}.`];
  state.turns.forEach((turn, i) => {
    lines.push("", `## ${i + 1}. ${turn.question}`, "", turn.answer, "");
    const meta = turnSummary(turn).textContent;
    lines.push(`*${turn.mode ? `${turn.mode} · ` : ""}${meta}*`, "", "### Trace", "");
    turn.steps.forEach((step, n) => {
      lines.push(`- ${stepTitle(step, n + 1)}`);
      for (const call of step.calls) {
        lines.push(`  - ${call.error ? "✗" : "✓"} \`${call.name}\` · ${describeArgs(call.args)} · ${formatMs(call.ms)}`, "",
                   "    ```json", ...rawJson(call).split("\n").map((l) => `    ${l}`), "    ```", "");
      }
    });
    if (turn.stopped === "error") lines.push(`- Failed: ${turn.answer}`);
    if (hasCost(turn)) lines.push(`- Turn cost: $${turn.cost_usd.toFixed(4)}`);
  });
  return lines.join("\n") + "\n";
}

function download(text, type, extension) {
  const link = element("a");
  link.href = URL.createObjectURL(new Blob([text], { type }));
  link.download = `conversation-${new Date().toISOString().slice(0, 10)}.${extension}`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10000);
}

// ---- speaking ---------------------------------------------------------------------------
function pickVoice() {
  if (!synth) return;
  const choose = () => {
    const voices = synth.getVoices();
    state.speech.voice = voices.find((v) => v.default && v.lang.startsWith("en"))
      || voices.find((v) => v.lang.startsWith("en")) || null;
    return voices.length > 0;
  };
  if (choose()) return;
  const onChange = () => { choose(); synth.removeEventListener("voiceschanged", onChange); };
  synth.addEventListener("voiceschanged", onChange);
  setTimeout(() => synth.removeEventListener("voiceschanged", onChange), 3000); // then the default voice
}

function speakFeed(text) {
  const speech = state.speech;
  speech.buffer += text;
  let match;
  while ((match = speech.buffer.match(/^([\s\S]*?[.!?])\s+/))) {
    speakSentence(match[1]);
    speech.buffer = speech.buffer.slice(match[0].length);
  }
}

function speakFlush() {
  const rest = state.speech.buffer.trim();
  state.speech.buffer = "";
  if (rest) speakSentence(rest);
}

function speakSentence(sentence) {
  if (!synth || !speakToggle.checked || state.speech.silenced || !sentence.trim()) return;
  stopListening(); // the microphone would hear the answer
  const utterance = new SpeechSynthesisUtterance(sentence.trim());
  if (state.speech.voice) utterance.voice = state.speech.voice;
  utterance.addEventListener("error", onSpeechError);
  utterance.addEventListener("start", () => { state.speech.started = true; });
  synth.speak(utterance);
  if (!state.speech.started) {
    setTimeout(() => {
      if (!state.speech.started && synth.pending && !synth.speaking) onSpeechError({ error: "never-started" });
    }, SPEECH_START_MS);
  }
}

function stopSpeaking() {
  state.speech.buffer = "";
  if (synth) synth.cancel();
}

// The visitor starts typing while the page speaks: it stops at once, and says nothing more of this answer.
function interruptSpeech() {
  if (synth && (synth.speaking || synth.pending || state.speech.buffer)) {
    state.speech.silenced = true;
    stopSpeaking();
  }
}

// ---- listening and the microphone level -----------------------------------------------------
// Every way recognition can fail, said as what to do about it.
const RECOGNITION_ERRORS = {
  "not-allowed": "The microphone is blocked for this page. Allow it in the browser's site settings (the icon beside the address), or type your question.",
  "service-not-allowed": "This browser does not allow speech recognition on this page. Type your question instead.",
  "audio-capture": "No microphone was found. Connect one, or close other apps that are using it, then press Talk again; or type your question.",
  "network": "Speech recognition needs the network (the browser sends your voice to its speech service) and could not reach it. Check your connection, or type your question.",
  "no-speech": "No speech was heard. Press Talk and speak, or type your question.",
  "language-not-supported": "Speech recognition does not offer US English here. Type your question instead.",
  "aborted": "",
};
const RECOGNITION_ERROR_OTHER = "Speech recognition stopped unexpectedly. Press Talk to try again, or type your question.";
const MICROPHONE_ERRORS = { NotAllowedError: "not-allowed", SecurityError: "not-allowed", NotFoundError: "audio-capture",
                            NotReadableError: "audio-capture", OverconstrainedError: "audio-capture" };
// Said by what the browser offers, not by its name: recognition with Chrome's on-device API (available())
// is Chrome's, which sends the audio to Google; any other recognition (Safari's: Apple's service, or the
// device) is said without naming a service that may not be the one in use.
const VOICE_PRIVACY = {
  local: "Speech is recognised on this device: your voice does not leave it.",
  offer: "Chrome sends your voice to Google's speech service to turn it into text. Tick the box above to recognise speech on this device instead (the browser downloads the language once).",
  remote: "Chrome sends your voice to Google's speech service to turn it into text.",
  other: "Your browser turns your voice into text with its own speech service, which may send the audio to its maker's servers.",
  none: "This browser has no speech recognition, so Talk is off.",
};
const NO_RECOGNITION = "This browser has no speech recognition, so Talk is off: type your question instead.";
// Safari removes recognition from web apps added to the Home Screen (it has it in the browser itself).
const NO_RECOGNITION_INSTALLED = "Speech recognition is not offered in an app added to the Home Screen, so Talk is off: open the page in the browser to talk, or type your question.";
const NO_SPEECH = "This browser could not read the answer aloud (it has no voice for it), so Read aloud is off.";

function explainVoiceSupport() {
  if (!Recognition) {
    const installed = matchMedia("(display-mode: standalone)").matches || navigator.standalone === true;
    voiceNote.textContent = installed ? NO_RECOGNITION_INSTALLED : NO_RECOGNITION;
    voicePrivacy.textContent = VOICE_PRIVACY.none;
    talkButton.disabled = true;
  } else {
    offerOnDevice();
  }
  if (!synth) speakToggle.disabled = true;
}

// Safari on iPhone and iPad ignores speak() outside a tap unless speech was started once inside one; the
// answer is spoken later, from the worker's message. So the tap that asks starts a silent utterance, once.
// Only Apple's WebKit has GestureEvent; elsewhere nothing is spoken that the visitor did not ask for.
function primeSpeech() {
  if (state.speech.primed || !synth || !speakToggle.checked || typeof GestureEvent === "undefined") return;
  state.speech.primed = true;
  const silent = new SpeechSynthesisUtterance(" ");
  silent.volume = 0;
  synth.speak(silent);
}

// Read aloud failed: the box is unticked and the page says why, instead of staying ticked and silent.
// Firefox with no voice installed either fires "error" or leaves the utterance pending for ever, so a
// first utterance that has not started after SPEECH_START_MS, with nothing else speaking, failed too.
// Cancelling (Stop, typing) is no failure.
const SPEECH_START_MS = 4000;

function onSpeechError(event) {
  if (event.error === "interrupted" || event.error === "canceled") return;
  speakToggle.checked = false;
  stopSpeaking();
  voiceNote.textContent = [voiceNote.textContent === NO_SPEECH ? "" : voiceNote.textContent, NO_SPEECH]
    .filter(Boolean).join(" ");
}

// Chrome can recognise speech on the device (SpeechRecognition.available / install, processLocally):
// offered where the browser has it, and the page says whether the audio leaves the device.
async function offerOnDevice() {
  if (typeof Recognition.available !== "function") {
    voicePrivacy.textContent = VOICE_PRIVACY.other;
    return;
  }
  voicePrivacy.textContent = VOICE_PRIVACY.remote;
  let status;
  try { status = await Recognition.available({ langs: [LANG], processLocally: true }); } catch { return; }
  if (status === "available") {
    state.onDevice = true;
    onDeviceField.hidden = false;
    onDeviceBox.checked = true;
    voicePrivacy.textContent = VOICE_PRIVACY.local;
  } else if (status === "downloadable" || status === "downloading") {
    onDeviceField.hidden = false;
    voicePrivacy.textContent = VOICE_PRIVACY.offer;
  }
}

async function chooseOnDevice() {
  if (!onDeviceBox.checked) {
    state.onDevice = false;
    voicePrivacy.textContent = VOICE_PRIVACY.offer;
    return;
  }
  voicePrivacy.textContent = "Downloading speech recognition for this device…";
  let installed = false;
  try { installed = await Recognition.install({ langs: [LANG], processLocally: true }); } catch { installed = false; }
  state.onDevice = installed;
  onDeviceBox.checked = installed;
  voicePrivacy.textContent = installed ? VOICE_PRIVACY.local
    : `The browser could not set up speech recognition on this device. ${VOICE_PRIVACY.remote}`;
}

function toggleTalk() {
  if (state.listening) {
    stopListening();
    return;
  }
  state.speech.silenced = true; // Talk while it speaks: the speech stops at once and the page listens
  stopSpeaking();
  startListening();
}

function startListening() {
  const recognition = new Recognition();
  recognition.lang = LANG;
  recognition.interimResults = true;
  recognition.continuous = false;
  if (state.onDevice) recognition.processLocally = true; // the audio stays on this device
  recognition.addEventListener("result", onRecognitionResult);
  recognition.addEventListener("error", (event) => {
    voiceNote.textContent = RECOGNITION_ERRORS[event.error] ?? RECOGNITION_ERROR_OTHER;
  });
  recognition.addEventListener("end", () => { if (state.recognition === recognition) stopListening(); });
  state.recognition = recognition;
  state.listening = true;
  talkButton.setAttribute("aria-pressed", "true");
  ring.classList.add("listening");
  interim.textContent = "Listening…";
  voiceNote.textContent = "";
  recognition.start();
  startMeter();
}

function onRecognitionResult(event) {
  let heard = "";
  let final = "";
  for (let i = event.resultIndex || 0; i < event.results.length; i++) {
    const result = event.results[i];
    if (result.isFinal) final += result[0].transcript;
    else heard += result[0].transcript;
  }
  interim.textContent = final || heard;
  if (final) {
    stopListening();
    questionInput.value = "";
    ask(final);
  }
}

function stopListening() {
  if (!state.listening) return;
  state.listening = false;
  const recognition = state.recognition;
  state.recognition = null;
  if (recognition) { try { recognition.stop(); } catch { /* already stopped */ } }
  talkButton.setAttribute("aria-pressed", "false");
  ring.classList.remove("listening");
  if (interim.textContent === "Listening…") interim.textContent = "";
  stopMeter();
}

async function startMeter() {
  if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) return;
  let stream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  } catch (error) {
    if (!voiceNote.textContent) { // recognition's own error, if any, says it better
      voiceNote.textContent = RECOGNITION_ERRORS[MICROPHONE_ERRORS[error && error.name]] || RECOGNITION_ERROR_OTHER;
    }
    return;
  }
  if (!state.listening) { stream.getTracks().forEach((t) => t.stop()); return; }
  const context = new AudioContext();
  await context.resume();
  const analyser = context.createAnalyser();
  analyser.fftSize = 256;
  context.createMediaStreamSource(stream).connect(analyser);
  const samples = new Uint8Array(analyser.fftSize);
  const meter = { stream, context, frame: 0, level: 0 };
  const tick = () => {
    analyser.getByteTimeDomainData(samples);
    let peak = 0;
    for (const v of samples) peak = Math.max(peak, Math.abs(v - 128) / 128);
    meter.level = Math.max(peak, meter.level * 0.85); // fall back smoothly
    ring.style.setProperty("--level", meter.level.toFixed(3));
    meter.frame = requestAnimationFrame(tick);
  };
  state.meter = meter;
  tick();
}

function stopMeter() {
  const meter = state.meter;
  state.meter = null;
  ring.style.setProperty("--level", "0");
  if (!meter) return;
  cancelAnimationFrame(meter.frame);
  meter.stream.getTracks().forEach((t) => t.stop());
  meter.context.close();
}

// ---- events -------------------------------------------------------------------------
form.addEventListener("submit", (event) => {
  event.preventDefault();
  const question = questionInput.value;
  questionInput.value = "";
  primeSpeech();
  ask(question);
});
questionInput.addEventListener("input", interruptSpeech);
$("settings-form").addEventListener("submit", (event) => event.preventDefault());
stopButton.addEventListener("click", stopEverything);
newButton.addEventListener("click", newConversation);
$("download-md").addEventListener("click", () => download(exportedMarkdown(), "text/markdown", "md"));
$("download-json").addEventListener("click", () => download(exportedJson(), "application/json", "json"));
for (const button of document.querySelectorAll(".ask-this")) {
  button.addEventListener("click", () => { primeSpeech(); ask(button.textContent); });
}
for (const button of document.querySelectorAll(".panels [data-show]")) {
  button.addEventListener("click", () => showPanel(button.dataset.show));
}
wide.addEventListener("change", markPanels);
talkButton.addEventListener("click", toggleTalk);
onDeviceBox.addEventListener("change", chooseOnDevice);
providerSelect.addEventListener("change", () => {
  state.localNote = "";
  fillModels(true); describeKeyStorage(); showMode(); listModelsSoon(); keepSettings(); probeLocal();
});
modelInput.addEventListener("input", () => { showMode(); showModelNote(); keepSettings(); });
baseUrlInput.addEventListener("input", () => {
  state.localNote = "";
  describeKeyStorage(); checkBaseUrl(); listModelsSoon(); keepSettings(); probeLocalSoon();
});
keyInput.addEventListener("input", () => { storeKey(); listModelsSoon(); });
rememberBox.addEventListener("change", storeKey);
forgetButton.addEventListener("click", forgetKey);
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape") stopEverything();
  if (["PageUp", "ArrowUp", "Home"].includes(event.key) && event.target === document.body) {
    requestAnimationFrame(visitorScrolledUp);
  }
});
window.addEventListener("wheel", (event) => { if (event.deltaY < 0) requestAnimationFrame(visitorScrolledUp); },
                        { passive: true });
window.addEventListener("touchmove", () => requestAnimationFrame(visitorScrolledUp), { passive: true });
window.addEventListener("storage", (event) => { // another tab kept, opened or closed a conversation
  if (event.key === null || event.key.startsWith(CONVERSATION_PREFIX) || event.key.startsWith(LEASE_PREFIX)) listConversations();
});
window.addEventListener("pagehide", releaseLease);
window.addEventListener("pageshow", (event) => { if (event.persisted) claimConversation(state.conversation); });
window.addEventListener("scroll", () => { if (!state.follow && endInView()) state.follow = true; }, { passive: true });

restoreSettings();
restoreKey();
fillModels(false);
describeKeyStorage();
showMode();
explainVoiceSupport();
pickVoice();
markPanels();
loadConversation();
showConversationTools();
listModels();
probeLocal();
askFromLink();
performance.mark("question-ready"); // the Question box and its handlers are live (the benchmark reads this)

// A link with ?q=... asks that question once, in demo mode or with the remembered key; the address
// loses the ?q= at once, so a reload does not ask it again. (The key never goes into an address.)
function askFromLink() {
  const params = new URLSearchParams(location.search);
  if (!params.has("q")) return;
  history.replaceState(null, "", location.pathname + location.hash);
  ask(params.get("q") || "");
}
