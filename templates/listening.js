// Listening: speech recognition, what it says about privacy, and the microphone level.
import { $, interim, questionInput, speakToggle, state, voiceNote } from "./page.js";
import { ask } from "./asking.js";
import { stopSpeaking, synth } from "./speaking.js";

const talkButton = $("talk");
const ring = document.querySelector("[data-level-ring]");
const onDeviceField = $("on-device-field");
const onDeviceBox = $("on-device");
const voicePrivacy = $("voice-privacy");

const LANG = "en-US";
const Recognition = window.SpeechRecognition || window.webkitSpeechRecognition;

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

export function explainVoiceSupport() {
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

export function stopListening() {
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

talkButton.addEventListener("click", toggleTalk);

onDeviceBox.addEventListener("change", chooseOnDevice);
