// The page's main thread: the DOM, the key, voice in and out. The agent runs in worker.js.
// Model and tool output is only ever written with textContent.

// ---- DOM references -------------------------------------------------------
const $ = (id) => document.getElementById(id);
const root = document.documentElement;
const form = $("ask-form");
const questionInput = $("question");
const talkButton = $("talk");
const stopButton = $("stop");
const newButton = $("new");
const ring = document.querySelector("[data-level-ring]");
const interim = $("interim");
const voiceNote = $("voice-note");
const speakToggle = $("speak");
const log = $("log");
const traceList = $("trace-list");
const statusLine = $("mode");
const loading = $("loading");
const progress = $("progress");
const progressLabel = $("progress-label");
const providerSelect = $("provider");
const modelInput = $("model");
const modelList = $("model-list");
const baseUrlInput = $("base-url");
const keyInput = $("api-key");
const rememberBox = $("remember");
const forgetButton = $("forget");
const keyNote = $("key-note");
const providerHint = $("provider-hint");

// ---- state ------------------------------------------------------------------
const config = JSON.parse($("site-config").textContent);
const KEY_STORE = "agent-api-key";
const Recognition = window.SpeechRecognition || window.webkitSpeechRecognition;
const synth = "speechSynthesis" in window ? window.speechSynthesis : null;
const state = {
  ready: false,
  key: "",              // the API key lives here for the visit (and in localStorage only if remembered)
  queue: [],            // questions waiting for the agent
  current: null,        // the turn in flight: {id, bubble, traceSteps, ...}
  nextId: 1,
  recognition: null,
  listening: false,
  meter: null,          // {stream, context, frame}
  speech: { buffer: "", heardDelta: false, silenced: false, voice: null },
};
let worker = null;
startWorker(); // first thing: the runtime download should not wait for the rest of this script
keepForOffline();

// ---- settings and the key -----------------------------------------------------
function provider() {
  return config.providers[providerSelect.value];
}

function fillModels(resetChoice) {
  const row = provider();
  modelList.replaceChildren(...row.models.map((m) => {
    const option = document.createElement("option");
    option.value = m.id;
    return option;
  }));
  if (resetChoice) {
    modelInput.value = row.models[0].id;
    baseUrlInput.value = row.base_url;
  }
  providerHint.textContent = row.hint || "";
}

function isDemo() {
  return !state.key && !provider().key_optional;
}

function showMode() {
  statusLine.textContent = isDemo() ? "Demo mode: no model" : `${provider().label}: ${modelInput.value}`;
  statusLine.classList.toggle("demo", isDemo());
}

function settings() {
  return { provider: providerSelect.value, model: modelInput.value.trim(),
           base_url: baseUrlInput.value.trim(), api_key: state.key };
}

function describeKeyStorage() {
  const where = rememberBox.checked
    ? "Your key is saved in this browser's localStorage on this device until you press Forget key."
    : "Your key stays in this tab's memory and is gone when you close it.";
  keyNote.textContent = `${where} It is sent only to the provider you choose (${baseUrlInput.value || "its base URL"}), straight from your browser; this site has no server.`;
}

function storeKey() {
  state.key = keyInput.value.trim();
  if (rememberBox.checked && state.key) localStorage.setItem(KEY_STORE, state.key);
  else localStorage.removeItem(KEY_STORE);
  describeKeyStorage();
  showMode();
}

function forgetKey() {
  state.key = "";
  keyInput.value = "";
  rememberBox.checked = false;
  localStorage.removeItem(KEY_STORE);
  sessionStorage.removeItem(KEY_STORE);
  describeKeyStorage();
  showMode();
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
  worker.addEventListener("message", (event) => onWorkerMessage(event.data));
  worker.addEventListener("error", onWorkerError);
  worker.postMessage({ type: "init", config });
}

function onWorkerError(event) {
  const message = event.message || "the agent's worker failed";
  if (!state.ready) failLoading(message);
  else if (state.current) onError({ id: state.current.id, message });
}

function onWorkerMessage(message) {
  const handlers = { progress: showProgress, ready: agentReady, delta: onDelta, event: onTraceEvent,
                     answer: onAnswer, error: onError };
  handlers[message.type](message);
}

function showProgress({ loaded, total }) {
  progress.max = total;
  progress.value = Math.min(loaded, total);
  progressLabel.textContent = `Loading the Python runtime: ${(loaded / 1e6).toFixed(1)} of ${(total / 1e6).toFixed(1)} MB`;
}

function agentReady({ ms }) {
  state.ready = true;
  root.dataset.agentState = "ready";
  performance.mark("agent-ready");
  loading.hidden = true;
  progressLabel.textContent = `Ready in ${(ms / 1000).toFixed(1)} s`;
  askNext();
}

function failLoading(message) {
  root.dataset.agentState = "error";
  progressLabel.textContent = `The agent could not load: ${message}`;
  loading.classList.add("failed");
}

// ---- offline and installable ------------------------------------------------------------
// The service worker (sw.js) keeps this build for offline visits. It is registered once the agent is
// ready, so that a first visit downloads the runtime once: the service worker then finds it in the
// browser's HTTP cache. A browser without service workers (or a refusal) just loses the offline copy.
function keepForOffline() {
  if (!("serviceWorker" in navigator)) return;
  worker.addEventListener("message", function onReady(event) {
    if (event.data.type !== "ready") return;
    worker.removeEventListener("message", onReady);
    navigator.serviceWorker.register("sw.js").catch(() => {});
  });
}

// ---- asking ---------------------------------------------------------------------------
function addLogEntry(who, text, className) {
  const item = document.createElement("li");
  item.className = `turn ${className}`;
  const label = document.createElement("span");
  label.className = "who";
  label.textContent = who;
  const body = document.createElement("p");
  body.className = "text";
  body.textContent = text;
  item.append(label, body);
  log.append(item);
  item.scrollIntoView({ block: "nearest" });
  return item;
}

function ask(question) {
  question = question.trim();
  if (!question) return;
  const entry = addLogEntry("You", question, "visitor");
  const waiting = document.createElement("p");
  waiting.className = "note";
  waiting.textContent = state.ready ? "" : "Waiting for the agent to finish loading…";
  entry.append(waiting);
  state.queue.push({ question, waiting });
  askNext();
}

function askNext() {
  if (!state.ready || state.current || state.queue.length === 0) return;
  const { question, waiting } = state.queue.shift();
  waiting.remove();
  const id = state.nextId++;
  // The worker starts on the question first; the bubble and the trace are drawn while it works.
  worker.postMessage({ type: "ask", id, question, settings: settings() });
  const agentEntry = addLogEntry(statusLine.textContent.startsWith("Demo") ? "Agent (demo)" : "Agent", "…", "agent");
  state.current = { id, question, entry: agentEntry, bubble: agentEntry.querySelector(".text"), text: "",
                    rankings: [], trace: startTrace(question), stepStarted: 0, stepItem: null,
                    demo: agentEntry.querySelector(".who").textContent.includes("demo") };
  state.speech.buffer = "";
  state.speech.heardDelta = false;
  state.speech.silenced = false;
  stopSpeaking();
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
  current.bubble.textContent = turn.answer;
  current.entry.classList.toggle("stopped", turn.stopped !== "answer");
  if (turn.stopped === "error" || turn.stopped === "cancelled") offerAgain(current, turn.stopped === "error");
  for (const ranking of current.rankings) current.entry.append(rankingFigure(ranking));
  current.entry.append(turnSummary(turn));
  finishTrace(current.trace, turn);
  performance.mark("answer-shown");
  if (turn.stopped === "answer" || turn.stopped === "step_cap") {
    if (!state.speech.heardDelta) speakFeed(turn.answer + " ");
    speakFlush();
  }
  state.current = null;
  askNext();
}

function onError({ id, message, fatal }) {
  if (fatal || id === undefined) {
    failLoading(message);
    return;
  }
  const current = state.current;
  if (current && current.id === id) {
    current.bubble.textContent = `Something went wrong: ${message}`;
    offerAgain(current, true);
    markFailedStep(current, message);
    performance.mark("answer-shown");
    state.current = null;
  }
  askNext();
}

// A failed or stopped turn keeps its question: back in the box (if the visitor has not started
// another), and one "Try again" button beside the message.
function offerAgain(current, failed) {
  current.entry.classList.toggle("failed", failed);
  if (!questionInput.value.trim()) questionInput.value = current.question;
  const again = element("button", "again", "Try again"); // not "Ask …": the form's Ask button keeps a unique name
  again.type = "button";
  again.addEventListener("click", () => {
    again.remove();
    if (questionInput.value.trim() === current.question) questionInput.value = "";
    ask(current.question);
  });
  current.entry.append(again);
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
  worker.postMessage({ type: "reset" });
  log.replaceChildren();
  traceList.replaceChildren();
  interim.textContent = "";
  questionInput.focus();
}

function turnSummary(turn) {
  const p = document.createElement("p");
  p.className = "meta";
  const parts = [`${turn.steps.length} step${turn.steps.length === 1 ? "" : "s"}`];
  const tokens = turn.usage.input_tokens + turn.usage.output_tokens;
  if (tokens) parts.push(`${turn.usage.input_tokens} in / ${turn.usage.output_tokens} out tokens`);
  if (turn.cost_usd !== null && turn.cost_usd !== undefined) parts.push(`cost $${turn.cost_usd.toFixed(4)}`);
  if (turn.stopped !== "answer") parts.push(`stopped: ${turn.stopped}`);
  p.textContent = parts.join(" · ");
  return p;
}

// ---- the live trace ----------------------------------------------------------------
function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function shorten(text, limit = 300) {
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
}

function startTrace(question) {
  const item = element("li", "trace-turn");
  item.append(element("p", "trace-question", `Question: ${question}`));
  const steps = element("ol", "trace-steps");
  item.append(steps);
  traceList.append(item);
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
    const usage = event.usage || {};
    const tokens = (usage.input_tokens || usage.output_tokens)
      ? `, ${usage.input_tokens || 0} in / ${usage.output_tokens || 0} out tokens` : "";
    current.stepItem.firstChild.textContent = `Step ${event.step}: model replied in ${ms} ms${tokens} (${event.stop})`;
  } else if (event.type === "call" && current.stepItem) {
    current.stepItem.append(callRecord(event));
    const ranking = rankingFrom(event);
    if (ranking) current.rankings.push(ranking);
  } else if (event.type === "end") {
    if (event.stopped === "error") markFailedStep(current, event.answer);
    else if (event.stopped === "cancelled" && current.stepItem) current.stepItem.classList.add("stopped");
    current.trace.item.append(element("p", "trace-end", `Ended: ${event.stopped}`));
  }
}

// The step that failed says so in the trace, with the same message the conversation shows.
function markFailedStep(current, message) {
  let step = current.stepItem;
  if (!step) {
    step = element("li", "trace-step");
    current.trace.steps.append(step);
  }
  if (step.classList.contains("failed")) return;
  step.classList.add("failed");
  const ms = Math.round(performance.now() - current.stepStarted);
  const title = step.querySelector(".step-title") || step.appendChild(element("p", "step-title"));
  title.textContent = title.textContent.replace(/: asking the model….*$/, "") + `: failed after ${ms} ms`;
  step.append(element("p", "step-error", `✗ ${message}`));
}

function callRecord(event) {
  const box = element("div", event.error ? "call error" : "call");
  box.append(element("p", "call-name", `${event.error ? "✗" : "✓"} ${event.name} (${event.ms} ms)`));
  box.append(element("code", "call-args", JSON.stringify(event.args)));
  box.append(element("pre", "call-result", shorten(String(event.result))));
  return box;
}

function finishTrace(trace, turn) {
  if (turn.cost_usd !== null && turn.cost_usd !== undefined) {
    trace.item.append(element("p", "trace-cost", `Turn cost: $${turn.cost_usd.toFixed(4)}`));
  }
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

function rankingFrom(event) {
  if (event.error) return null;
  let data;
  try { data = JSON.parse(event.result); } catch { return null; }
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
  return { title: `${event.name}: ${what}${when}`, labelKey, valueKey, rows: clean.slice(0, 10) };
}

function rankingFigure({ title, labelKey, valueKey, rows }) {
  const figure = element("figure", "ranking");
  figure.append(element("figcaption", null, title));
  const table = element("table");
  const head = element("tr");
  head.append(element("th", null, labelKey), element("th", "num", valueKey === "value" ? "" : valueKey),
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
  synth.speak(utterance);
}

function stopSpeaking() {
  state.speech.buffer = "";
  if (synth) synth.cancel();
}

// ---- listening and the microphone level -----------------------------------------------------
function explainVoiceSupport() {
  if (!Recognition) {
    voiceNote.textContent = "This browser has no speech recognition (Firefox does not offer it), so Talk is off: type your question instead.";
    talkButton.disabled = true;
  }
  if (!synth) speakToggle.disabled = true;
}

function toggleTalk() {
  if (state.listening) {
    stopListening();
    return;
  }
  state.speech.silenced = true; // Talk while it speaks: stop the speech and listen
  stopSpeaking();
  startListening();
}

function startListening() {
  const recognition = new Recognition();
  recognition.lang = "en-US";
  recognition.interimResults = true;
  recognition.continuous = false;
  recognition.addEventListener("result", onRecognitionResult);
  recognition.addEventListener("error", (event) => {
    voiceNote.textContent = event.error === "not-allowed"
      ? "The microphone is blocked for this page; allow it in the browser, or type."
      : `Speech recognition stopped: ${event.error}.`;
  });
  recognition.addEventListener("end", () => { if (state.recognition === recognition) stopListening(); });
  state.recognition = recognition;
  state.listening = true;
  talkButton.setAttribute("aria-pressed", "true");
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
  if (interim.textContent === "Listening…") interim.textContent = "";
  stopMeter();
}

async function startMeter() {
  if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) return;
  let stream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  } catch (error) {
    voiceNote.textContent = `No microphone level: ${error.message}`;
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
  ask(question);
});
$("settings-form").addEventListener("submit", (event) => event.preventDefault());
stopButton.addEventListener("click", stopEverything);
newButton.addEventListener("click", newConversation);
talkButton.addEventListener("click", toggleTalk);
providerSelect.addEventListener("change", () => { fillModels(true); describeKeyStorage(); showMode(); });
modelInput.addEventListener("input", showMode);
baseUrlInput.addEventListener("input", describeKeyStorage);
keyInput.addEventListener("input", storeKey);
rememberBox.addEventListener("change", storeKey);
forgetButton.addEventListener("click", forgetKey);
document.addEventListener("keydown", (event) => { if (event.key === "Escape") stopEverything(); });

restoreKey();
fillModels(false);
describeKeyStorage();
showMode();
explainVoiceSupport();
pickVoice();
performance.mark("question-ready"); // the Question box and its handlers are live (the benchmark reads this)
