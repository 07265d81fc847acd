// The trace: every step of a turn, each tool call with its arguments, key figures and raw JSON.
import { config, element, state, traceList } from "./page.js";
import { inViewBeforeNextFrame, showConversationTools } from "./view.js";
import { billText, dollars, hasCost, runningTotal, unknownCost } from "./cost.js";
import { rankingFrom, rowsOf, rowsTable } from "./results.js";

export function startTrace(question) {
  const item = element("li", "trace-turn");
  item.append(element("p", "trace-question", `Question: ${question}`));
  const steps = element("ol", "trace-steps");
  item.append(steps);
  traceList.append(item);
  showConversationTools();
  return { item, steps };
}

export function onTraceEvent({ id, event }) {
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
    current.stepItem.firstChild.textContent = stepTitle({ ...event, ms, calls: [] }, event.step);
  } else if (event.type === "call" && current.stepItem) {
    current.stepItem.append(callRecord(event));
  }
  inViewBeforeNextFrame(false, true);
}

const STOPS = { tool_calls: "asked for tools", end: "answered", length: "cut off by the output limit",
                refusal: "declined (a refusal)" };

export function stepTitle(step, n) {
  const usage = step.usage || {};
  const tokens = usage.input_tokens || usage.output_tokens
    ? ` · ${usage.input_tokens || 0} in / ${usage.output_tokens || 0} out tokens` : "";
  return `Step ${n}: model replied in ${Math.round(step.ms)} ms${tokens} · ${STOPS[step.stop] || step.stop}`;
}

const ENDED = { answer: "Answered", step_cap: "Stopped at the step cap", cancelled: "Stopped by you", error: "Failed",
                refusal: "Declined by the model (a refusal)" };

// A finished turn's trace, from its kept record (the same drawing live and after a reload).
export function renderTrace(turn, replacing) {
  const item = element("li", "trace-turn");
  item.append(element("p", "trace-question", `Question: ${turn.question}`));
  const steps = element("ol", "trace-steps");
  turn.steps.forEach((step, i) => {
    const li = element("li", "trace-step");
    li.append(element("p", "step-title", stepTitle(step, i + 1)));
    if (step.bill) li.append(element("p", "step-bill", billText(step.bill)));
    for (const call of step.calls) li.append(callRecord(call));
    steps.append(li);
  });
  if (turn.stopped === "error") {
    const li = element("li", "trace-step failed");
    const n = turn.steps.length + 1;
    const title = turn.not_sent ? "Not sent: nothing left this page" : `Step ${n}: failed after ${turn.failed_ms ?? 0} ms`;
    li.append(element("p", "step-title", title),
              element("p", "step-error", `✗ ${turn.answer}`));
    steps.append(li);
  }
  item.append(steps, element("p", "trace-end", `${ENDED[turn.stopped] || turn.stopped}.`));
  if (hasCost(turn)) {
    const named = (turn.prices || []).filter((name) => name !== "standard");
    const at = named.length ? ` · ${named.length > 1 ? "prices" : "price"}: ${named.join(", ")}` : "";
    item.append(element("p", "trace-cost", `Turn cost: ${dollars(turn.cost_usd)}${at}`));
  } else if (unknownCost(turn)) {
    item.append(element("p", "trace-cost", "Turn cost: unknown (a price it needed is not in the page's table)"));
  }
  if (hasCost(turn) || unknownCost(turn)) item.append(element("p", "trace-total", runningTotal(turn)));
  if (!replacing) traceList.append(item);
  return item;
}

// One tool call, readable: the tool, its arguments, the key figures of its result and the time; the
// raw JSON (arguments and the whole result, exactly as the model got it) one click away.
function callRecord(call) {
  const box = element("div", call.error ? "call error" : "call");
  const name = element("p", "call-name", `${call.error ? "✗" : "✓"} ${call.name} `);
  name.append(element("span", "ms", `${formatMs(call.ms)}`));
  const rows = rowsOf(call);
  if (call.args && typeof call.args.sql === "string") { // a query: its text as written, and its rows as a table
    box.append(name, element("pre", "call-sql", call.args.sql));
    box.append(rows ? rowsTable(rows) : labelled("call-result", "Result: ", summarize(call.result)));
  } else {
    box.append(name, labelled("call-args", "Arguments: ", describeArgs(call.args)),
               labelled("call-result", "Result: ", summarize(call.result)));
  }
  const raw = element("details", "raw");
  const pre = element("pre", "raw-json", rawJson(call));
  pre.tabIndex = 0; // it scrolls: the keyboard can scroll it too
  raw.append(element("summary", null, "Raw JSON"), pre);
  box.append(raw);
  return box;
}

function labelled(className, label, text) {
  const p = element("p", className);
  p.append(element("span", "what", label), text);
  return p;
}

export function formatMs(ms) {
  return ms < 1 ? "under 1 ms" : `${Math.round(ms)} ms`;
}

export function rawJson(call) {
  let result;
  try { result = JSON.parse(call.result); } catch { result = call.result; }
  return JSON.stringify({ tool: call.name, arguments: call.args, result }, null, 2);
}

function scalar(value) {
  return typeof value === "number" || typeof value === "boolean" || (typeof value === "string" && value.length <= 80);
}

export function describeArgs(args) {
  if (!args || typeof args !== "object") return `with ${JSON.stringify(args)}`;
  const parts = Object.entries(args).map(([k, v]) => `${k.replace(/_/g, " ")} ${scalar(v) ? v : JSON.stringify(v)}`);
  return parts.length ? parts.join(" · ") : "no arguments";
}

// Fields that identify rather than inform: left out of a result's key figures.
const QUIET_FIELDS = new Set(["id", "franchise", "rank", "method", "backtest", "note", "league_id"]);

function summarize(text) {
  text = String(text);
  if (text.startsWith("error:")) return text; // errors are short, and the model read all of it
  let data;
  try { data = JSON.parse(text); } catch { return text.length > 200 ? `${text.slice(0, 199)}… (all of it under Raw JSON)` : text; }
  const ranking = rankingFrom({ name: "", result: text });
  if (ranking) {
    const top = ranking.rows.slice(0, 3).map((r) => `${r[ranking.labelKey]} ${r[ranking.valueKey]}`);
    const more = ranking.all > 3 ? ` (+${ranking.all - 3} more)` : "";
    return `${ranking.what}: ${top.join(", ")}${more}`;
  }
  if (data && typeof data === "object" && !Array.isArray(data)) {
    const figures = Object.entries(data).filter(([k, v]) => scalar(v) && !QUIET_FIELDS.has(k)).slice(0, 6)
      .map(([k, v]) => `${k.replace(/_/g, " ")} ${v}`);
    if (figures.length) return figures.join(" · ");
  }
  return "The result is under Raw JSON.";
}
