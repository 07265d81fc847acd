// The Model box: the page's table of models and prices, or the provider's own list for this key.
import { $, baseUrlInput, config, modelInput, providerSelect, state } from "./page.js";
import { send } from "./agent.js";
import { baseUrlProblem, checkBaseUrl, isDemo, provider } from "./settings.js";

const modelList = $("model-list");
const modelNote = $("model-note");

function priceText(m) {
  const money = (n) => `$${Number(n).toFixed(2)}`;
  if (!m || (!m.input && !m.output)) return "";
  const base = `${money(m.input)} in / ${money(m.output)} out per million tokens${m.price ? ` (${m.price})` : ""}`;
  const tiers = (m.tiers || []).map((t) => `${t.price}: ${money(t.input)} / ${money(t.output)}`);
  return [base, ...tiers].join("; ");
}

// What may be chosen today, by the visitor's clock: the provider's offer from the last day a model retired
// (agent_py/providers.py: offers): the models offered, the default, and what to say of a retired one.
function offer() {
  const today = new Date().toISOString().slice(0, 10);
  return config.offers[providerSelect.value].filter((o) => o.from <= today).pop();
}

export function showModelNote() {
  const row = provider();
  const known = row.models.find((m) => m.id === modelInput.value.trim());
  let priced = "This model has no price in the page's table, so no cost is shown.";
  if (row.key_optional) priced = "It runs on your own machine: no cost is shown.";
  else if (known && offer().retired[known.id]) priced = offer().retired[known.id];
  else if (known) priced = `Price: ${priceText(known)}.${row.checked ? ` As published by ${row.label} on ${row.checked}.` : ""}`;
  modelNote.textContent = `${state.listed ? `${state.listed} ` : ""}${priced}`;
}

export function fillModels(resetChoice) {
  const row = provider();
  state.listed = "";
  setModelOptions(offer().models);
  if (resetChoice) {
    modelInput.value = offer().default;
    baseUrlInput.value = row.base_url;
  }
  showModelNote();
  checkBaseUrl();
}

function setModelOptions(ids) {
  const priced = new Map(provider().models.map((m) => [m.id, m]));
  const gone = new Set(Object.keys(offer().retired));
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

export function listModels() {
  const row = provider();
  const token = ++state.listToken;
  const base = baseUrlInput.value.trim().replace(/\/+$/, "");
  if (!row.list_models || baseUrlProblem() || (row.list_models === "key" && isDemo())) {
    if (state.listed) fillModels(false);
    return;
  }
  const wire = config.wires[row.wire]; // its auth headers ("{key}" for the key) and model list (agent_py/wires)
  const headers = row.list_models === "key" && state.key
    ? Object.fromEntries(Object.entries(wire.auth).map(([name, value]) => [name, value.replace("{key}", state.key)])) : {};
  // The worker asks (where the model calls are made) and answers with "models".
  send({ type: "models", id: token, headers, url: base + wire.models_path });
}

export function onModels({ id, ids, status }) {
  if (id !== state.listToken) return; // the settings changed since
  const row = provider();
  const table = offer().models;
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

export function listModelsSoon() {
  clearTimeout(listTimer);
  listTimer = setTimeout(listModels, 600);
}
