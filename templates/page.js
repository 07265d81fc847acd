// The page's elements, its config (build.py writes it into index.html) and the state every module shares.

export const $ = (id) => document.getElementById(id);
export const root = document.documentElement;
export const body = document.body;
export const form = $("ask-form");
export const questionInput = $("question");
export const interim = $("interim");
export const voiceNote = $("voice-note");
export const speakToggle = $("speak");
export const log = $("log");
export const traceList = $("trace-list");
export const loading = $("loading");
export const providerSelect = $("provider");
export const modelInput = $("model");
export const baseUrlInput = $("base-url");
export const config = JSON.parse($("site-config").textContent);

export const state = {
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

export const STORAGE_FULL = "This browser's storage is full:";

export function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}
