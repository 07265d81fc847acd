// Asking: a question in, the worker's answer streamed into its bubble, the finished turn drawn and kept.
import { $, config, element, form, log, questionInput, state } from "./page.js";
import { failLoading, send } from "./agent.js";
import { inViewBeforeNextFrame, keepInView, showConversationTools, showPanel, traceInView } from "./view.js";
import { baseUrlProblem, isDemo, settings } from "./settings.js";
import { record, saveConversation } from "./conversation.js";
import { turnSummary } from "./cost.js";
import { renderTrace, startTrace } from "./trace.js";
import { rankingFigure, rankingFrom, rowsOf, rowsTable } from "./results.js";
import { primeSpeech, speakFeed, speakFlush, stopSpeaking } from "./speaking.js";
import { stopListening } from "./listening.js";

const stopButton = $("stop");

export function addLogEntry(who, text, className) {
  const item = element("li", `turn ${className}`);
  item.append(element("span", "who", who), element("p", "text", text));
  log.append(item);
  return item;
}

export function ask(question) {
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

export function askNext() {
  if (!state.ready || state.current || state.queue.length === 0) return;
  const { question, waiting } = state.queue.shift();
  waiting.remove();
  const id = state.nextId++;
  const demo = isDemo();
  const problem = demo ? "" : baseUrlProblem(); // known before any request: nothing is sent
  if (!problem) send({ type: "ask", id, question, settings: settings() });
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

export function onDelta({ id, text }) {
  if (!state.current || state.current.id !== id) return;
  state.current.text += text;
  state.current.bubble.textContent = state.current.text;
  state.speech.heardDelta = true;
  speakFeed(text);
}

export function onAnswer({ id, turn }) {
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
export function onError({ id, message, fatal, notSent }) {
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
export function finishAgentEntry(entry, turn, live) {
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

export function stopEverything() {
  state.queue.forEach(({ waiting }) => { waiting.textContent = "Not asked (stopped)."; });
  state.queue = [];
  if (state.current) send({ type: "stop" });
  state.speech.silenced = true;
  stopSpeaking();
  stopListening();
}

form.addEventListener("submit", (event) => {
  event.preventDefault();
  const question = questionInput.value;
  questionInput.value = "";
  primeSpeech();
  ask(question);
});

stopButton.addEventListener("click", stopEverything);

for (const button of document.querySelectorAll(".ask-this")) {
  button.addEventListener("click", () => { primeSpeech(); ask(button.textContent); });
}

document.addEventListener("keydown", (event) => { if (event.key === "Escape") stopEverything(); });

// A link with ?q=... asks that question once, in demo mode or with the remembered key; the address
// loses the ?q= at once, so a reload does not ask it again. (The key never goes into an address.)
export function askFromLink() {
  const params = new URLSearchParams(location.search);
  if (!params.has("q")) return;
  history.replaceState(null, "", location.pathname + location.hash);
  ask(params.get("q") || "");
}
