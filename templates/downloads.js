// Downloads: the whole conversation, trace included, as Markdown or JSON.
import { $, config, element, state } from "./page.js";
import { hasCost, turnSummary } from "./cost.js";
import { describeArgs, formatMs, rawJson, stepTitle } from "./trace.js";

function exportedJson() {
  return JSON.stringify({ title: config.site.title, exported_at: new Date().toISOString(),
                          page: location.origin + location.pathname, turns: state.turns }, null, 2);
}

function exportedMarkdown() {
  const lines = [`# ${config.site.title}`, "", `Exported ${new Date().toISOString()} from ${location.origin}${location.pathname}.`];
  state.turns.forEach((turn, i) => {
    lines.push("", `## ${i + 1}. ${turn.question}`, "", turn.answer, "");
    const meta = turnSummary(turn).textContent;
    lines.push(`*${turn.mode ? `${turn.mode} · ` : ""}${meta}*`, "", "### Trace", "");
    turn.steps.forEach((step, n) => {
      lines.push(`- ${stepTitle(step, n + 1)}`);
      for (const call of step.calls) {
        lines.push(`  - ${call.error ? "✗" : "✓"} \`${call.name}\` · ${describeArgs(call.args)} · ${formatMs(call.ms)}`, "",
                   "    ```json", ...rawJson(call).split("\n").map((l) => `    ${l}`), "    ```", "");
      }
    });
    if (turn.stopped === "error") lines.push(`- Failed: ${turn.answer}`);
    if (hasCost(turn)) lines.push(`- Turn cost: $${turn.cost_usd.toFixed(4)}`);
  });
  return lines.join("\n") + "\n";
}

function download(text, type, extension) {
  const link = element("a");
  link.href = URL.createObjectURL(new Blob([text], { type }));
  link.download = `conversation-${new Date().toISOString().slice(0, 10)}.${extension}`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10000);
}

$("download-md").addEventListener("click", () => download(exportedMarkdown(), "text/markdown", "md"));

$("download-json").addEventListener("click", () => download(exportedJson(), "application/json", "json"));
