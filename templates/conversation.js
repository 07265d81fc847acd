// The kept conversation: each tab's own, in localStorage, checked whole when read.
import { $, element, interim, log, questionInput, state, STORAGE_FULL, traceList } from "./page.js";
import { send } from "./agent.js";
import { showConversationTools } from "./view.js";
import { addLogEntry, finishAgentEntry, stopEverything } from "./asking.js";
import { renderTrace } from "./trace.js";

const newButton = $("new");
const savedNote = $("saved-note");

const CONVERSATION_STORE = "agent-conversation"; // {turns, history}: never the key
const MAX_KEPT_TURNS = 50;

// A turn as it is kept, shown again after a reload and exported: the worker's finished turn
// (answer, stopped, steps, usage, cost_usd, prices, mode, demo, suggestions) plus the question and when.
export function record(question, turn, extra = {}) {
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
const LEASE_MS = 150000; // renewed every LEASE_MS / 5 (a hidden tab's timers may run only once a minute)
const TAB = Math.random().toString(36).slice(2);
let leaseTimer = 0;

export function saveConversation() {
  const turns = state.turns.slice(-MAX_KEPT_TURNS);
  try {
    localStorage.setItem(CONVERSATION_PREFIX + state.conversation, JSON.stringify(packed(turns, state.history)));
    savedNote.textContent = state.restoreNote || "";
  } catch (error) {
    savedNote.textContent = error && error.name === "QuotaExceededError"
      ? `${STORAGE_FULL} this conversation's newest answers were not saved and end with this tab.`
      : "This browser would not keep the conversation (storage is turned off); it ends with this tab.";
  }
}

// Each answer is kept once: in its turn. The turn's last step (the reply that was the answer) and the
// model's side of the exchange refer to it instead of holding it again (ANSWER_REF), and get it back on
// reading. Exchanges are paired with turns from the newest back, by question and answer.
const ANSWER_REF = "\u0000answer";

function packed(turns, history) {
  turns = turns.map((turn) => {
    const last = turn.steps[turn.steps.length - 1];
    if (!last || last.calls.length || last.text !== turn.answer || !turn.answer) return turn;
    return { ...turn, steps: [...turn.steps.slice(0, -1), { ...last, text: ANSWER_REF }] };
  });
  let messages;
  try { messages = history ? JSON.parse(history) : null; } catch { messages = null; }
  if (Array.isArray(messages)) {
    for (const [message, turn] of pairedAnswers(messages, turns)) {
      if (message.content === turn.answer) message.content = ANSWER_REF;
    }
    history = JSON.stringify(messages);
  }
  return { turns, history, saved_at: Date.now() };
}

function unpacked(turns, history) {
  for (const turn of turns) {
    const last = Array.isArray(turn && turn.steps) ? turn.steps[turn.steps.length - 1] : null;
    if (last && last.text === ANSWER_REF) last.text = turn.answer;
  }
  if (!history.includes("\\u0000answer")) return history;
  let messages;
  try { messages = JSON.parse(history); } catch { return history; }
  if (!Array.isArray(messages)) return history;
  for (const [message, turn] of pairedAnswers(messages, turns)) {
    if (message.content === ANSWER_REF) message.content = turn.answer;
  }
  return JSON.stringify(messages); // an answer left unpaired stays a reference: the worker refuses the history
}

// [final assistant message of an exchange, its turn] for the newest exchanges whose turns are kept.
function pairedAnswers(messages, turns) {
  const pairs = [];
  const kept = turns.filter((turn) => turn && (turn.stopped === "answer" || turn.stopped === "step_cap"));
  let t = kept.length - 1;
  for (let end = messages.length; end > 0 && t >= 0;) {
    let start = end - 1;
    while (start >= 0 && !(messages[start] && messages[start].role === "user")) start--;
    if (start < 0) break;
    const last = messages[end - 1];
    if (!last || last.role !== "assistant" || messages[start].content !== kept[t].question) break;
    pairs.push([last, kept[t]]);
    t--;
    end = start;
  }
  return pairs;
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
  leaseTimer = setInterval(renewLease, LEASE_MS / 5);
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
  const history = unpacked(kept.turns, typeof kept.history === "string" ? kept.history : "");
  const turns = kept.turns.filter((turn) => wholeTurn(turn, new Set()));
  return { turns, history, dropped: kept.turns.length - turns.length,
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

export function loadConversation() {
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
  if (state.history) send({ type: "restore", history: state.history }); // before any question
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
export function onRestored({ messages }) {
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
  send({ type: "reset" });
  releaseLease();
  log.replaceChildren();
  traceList.replaceChildren();
  claimConversation(id);
  showConversation(readConversation(id));
  listConversations();
}

function newConversation() {
  stopEverything();
  if (state.current) state.current.discarded = true; // its answer (it was stopped) belongs to no conversation
  send({ type: "reset" });
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

newButton.addEventListener("click", newConversation);

window.addEventListener("storage", (event) => { // another tab kept, opened or closed a conversation
  if (event.key === LEASE_PREFIX + state.conversation && leasedElsewhere(state.conversation)) {
    claimConversation(newConversationId()); // another tab took this one for closed: this tab keeps a copy of its own
    if (state.turns.length) saveConversation();
  }
  if (event.key === null || event.key.startsWith(CONVERSATION_PREFIX) || event.key.startsWith(LEASE_PREFIX)) listConversations();
});

window.addEventListener("pagehide", releaseLease);

document.addEventListener("visibilitychange", () => { if (!document.hidden) renewLease(); });

window.addEventListener("pageshow", (event) => { if (event.persisted) claimConversation(state.conversation); });
