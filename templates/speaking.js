// Speaking: answers read aloud sentence by sentence, stopped at once by Stop, Talk or typing.
import { questionInput, speakToggle, state, voiceNote } from "./page.js";
import { stopListening } from "./listening.js";

export const synth = "speechSynthesis" in window ? window.speechSynthesis : null;

export function pickVoice() {
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

export function speakFeed(text) {
  const speech = state.speech;
  speech.buffer += text;
  let match;
  while ((match = speech.buffer.match(/^([\s\S]*?[.!?])\s+/))) {
    speakSentence(match[1]);
    speech.buffer = speech.buffer.slice(match[0].length);
  }
}

export function speakFlush() {
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

export function stopSpeaking() {
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

const NO_SPEECH = "This browser could not read the answer aloud (it has no voice for it), so Read aloud is off.";

// Safari on iPhone and iPad ignores speak() outside a tap unless speech was started once inside one; the
// answer is spoken later, from the worker's message. So the tap that asks starts a silent utterance, once.
// Only Apple's WebKit has GestureEvent; elsewhere nothing is spoken that the visitor did not ask for.
export function primeSpeech() {
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

questionInput.addEventListener("input", interruptSpeech);
