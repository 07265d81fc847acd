// Local model servers: the page asks first.
import { baseUrlInput, config, providerSelect, state } from "./page.js";
import { baseUrlProblem, checkBaseUrl, provider } from "./settings.js";

// A URL's host as agent_py/providers.py compares it (an IPv6 address without its brackets), or "".
export function hostOf(text) { try { return new URL(text).hostname.replace(/^\[(.*)\]$/, "$1"); } catch { return ""; } }

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

function isLocalUrl(text) { return config.local_hosts.includes(hostOf(text)); }

export function isLocalProvider() { return isLocalUrl(provider().base_url) && isLocalUrl(baseUrlInput.value.trim()); }

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

export async function probeLocal() {
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

export function probeLocalSoon() {
  clearTimeout(probeTimer);
  probeTimer = setTimeout(probeLocal, 600);
}
