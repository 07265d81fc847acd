// The agent's worker (worker.js): started first, its loading shown, its messages handed to their handlers.
import { $, config, loading, root, state } from "./page.js";
import { keepInView } from "./view.js";
import { onModels } from "./models.js";
import { onRestored } from "./conversation.js";
import { keepForOffline } from "./offline.js";
import { askNext, onAnswer, onDelta, onError } from "./asking.js";
import { onTraceEvent } from "./trace.js";

const progress = $("progress");
const progressLabel = $("progress-label");

let worker = null;
let stallTimer = 0;
const STALL_MS = 15000; // no bytes for this long while loading: the visitor is told

export function startWorker() {
  worker = new Worker(config.worker, { type: "module" });
  worker.addEventListener("message", (event) => onWorkerMessages(event.data));
  worker.addEventListener("error", onWorkerError);
  worker.postMessage({ type: "init", config });
}

// Every message to the agent goes through here.
export function send(message) {
  worker.postMessage(message);
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
export function watchLoading() {
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

export function failLoading(message) {
  root.dataset.agentState = "error";
  const why = BROWSER_ERROR.test(message)
    ? "its files did not download or start. Check your connection, then reload the page." : message;
  progressLabel.textContent = `The agent could not load: ${why}`;
  loading.classList.add("failed");
}
