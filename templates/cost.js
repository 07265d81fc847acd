// What a turn cost: tokens, each kind at its price, and the conversation's running total.
import { element, state } from "./page.js";

const STOPPED = { answer: "", step_cap: "stopped at the step cap", cancelled: "stopped by you", error: "failed",
                  refusal: "declined by the model" };

export function hasCost(turn) { // priced, and something was billed
  return typeof turn.cost_usd === "number" && turn.usage.input_tokens + turn.usage.output_tokens > 0;
}

// Billed, but a price it needed is not in the page's table (the model, or its cache price): unknown, not a guess.
export function unknownCost(turn) {
  return turn.cost_usd === null && (turn.steps || []).some((step) => step.bill && step.bill.cost === null);
}

export function dollars(x) { return `$${x.toFixed(x > 0 && x < 0.01 ? 6 : 4)}`; }

function perMillion(price) { return typeof price === "number" ? `$${price}/M` : "a price not in the page's table"; }

// One request's tokens, each kind at its price (agent_py/providers.py: bill).
export function billText(bill) {
  const input = [];
  if (bill.cached.tokens) input.push(`${bill.cached.tokens} cached at ${perMillion(bill.cached.price)}`);
  if (bill.written.tokens) input.push(`${bill.written.tokens} written to the cache at ${perMillion(bill.written.price)}`);
  input.push(`${bill.uncached.tokens} uncached at ${perMillion(bill.uncached.price)}`);
  const cost = typeof bill.cost === "number" ? dollars(bill.cost) : "unknown";
  return `Input ${input.join(" + ")}; output ${bill.output.tokens} at ${perMillion(bill.output.price)}; cost ${cost}`;
}

// The conversation's cost up to and including this turn; turns whose cost is unknown are counted apart.
export function runningTotal(turn) {
  const at = state.turns.indexOf(turn);
  const turns = at >= 0 ? state.turns.slice(0, at + 1) : [...state.turns, turn];
  const known = turns.filter(hasCost).reduce((sum, t) => sum + t.cost_usd, 0);
  const unknown = turns.filter(unknownCost).length;
  const more = unknown ? ` plus ${unknown} turn${unknown === 1 ? "" : "s"} of unknown cost` : "";
  return `Conversation so far: ${dollars(known)}${more}`;
}

export function turnSummary(turn) {
  const steps = turn.steps.length;
  const parts = [`${steps} step${steps === 1 ? "" : "s"}`];
  const tokens = turn.usage.input_tokens + turn.usage.output_tokens;
  if (tokens) parts.push(`${turn.usage.input_tokens} in / ${turn.usage.output_tokens} out tokens`);
  if (hasCost(turn)) parts.push(`cost ${dollars(turn.cost_usd)}`);
  else if (unknownCost(turn)) parts.push("cost unknown");
  if (STOPPED[turn.stopped]) parts.push(STOPPED[turn.stopped]);
  return element("p", "meta", parts.join(" · "));
}
