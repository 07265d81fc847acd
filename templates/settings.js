// Settings: the provider, model and base URL, the key, and where the page may connect.
import { $, baseUrlInput, config, modelInput, providerSelect, state, STORAGE_FULL } from "./page.js";
import { hostOf, isLocalProvider, probeLocal, probeLocalSoon } from "./local.js";
import { fillModels, listModelsSoon, showModelNote } from "./models.js";

const statusLine = $("mode");
const baseUrlNote = $("base-url-note");
const keyInput = $("api-key");
const rememberBox = $("remember");
const forgetButton = $("forget");
const keyNote = $("key-note");
const providerHint = $("provider-hint");

const KEY_STORE = "agent-api-key";
const SETTINGS_STORE = "agent-settings"; // provider, model, base URL: kept so a remembered key goes where it did

export function provider() {
  return config.providers[providerSelect.value];
}

// Python's rule (agent_py/conversation.py: uses_demo), as build.py wrote its verdicts into the config, so the
// status line says who answers at first paint, before Python has started; each turn then carries Python's own.
export function isDemo() {
  return !state.key && config.demo_without_key[providerSelect.value];
}

export function showMode() {
  statusLine.textContent = isDemo() ? config.demo_label : `${provider().label}: ${modelInput.value}`;
  statusLine.classList.toggle("demo", isDemo());
}

export function settings() {
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
export function baseUrlProblem() {
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

export function checkBaseUrl() {
  baseUrlNote.textContent = isDemo() ? "" : baseUrlProblem();
  // The provider's own advice is for its hint hosts (agent_py/providers.py: hint_hosts); not for another.
  const ours = config.hint_hosts[providerSelect.value].includes(hostOf(baseUrlInput.value.trim()));
  providerHint.textContent = state.localNote && isLocalProvider() ? state.localNote : ours ? provider().hint || "" : "";
}

export function describeKeyStorage() {
  const where = rememberBox.checked
    ? "Your key is saved in this browser's localStorage on this device until you press Forget key."
    : "Your key stays in this tab's memory and is gone when you close it.";
  keyNote.textContent = `${where} It is sent only to the provider you choose (${baseUrlInput.value || "its base URL"}), straight from your browser; this site has no server.`;
}

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

export function restoreSettings() {
  let saved;
  try { saved = JSON.parse(localStorage.getItem(SETTINGS_STORE) || "null"); } catch { saved = null; }
  if (!saved || !config.providers[saved.provider]) return;
  providerSelect.value = saved.provider;
  fillModels(true);
  if (typeof saved.model === "string" && saved.model) modelInput.value = saved.model;
  if (typeof saved.base_url === "string" && saved.base_url) baseUrlInput.value = saved.base_url;
}

export function restoreKey() {
  const saved = localStorage.getItem(KEY_STORE);
  if (saved) {
    state.key = saved;
    keyInput.value = saved;
    rememberBox.checked = true;
  }
}

$("settings-form").addEventListener("submit", (event) => event.preventDefault());

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
