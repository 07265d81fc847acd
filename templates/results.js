// Tool results drawn: a query's rows as a table, and rankings as a small bar table.
import { element } from "./page.js";

// {columns, rows} of a query's result (the sql tool's), or null.
export function rowsOf(call) {
  if (call.error) return null;
  let data;
  try { data = JSON.parse(call.result); } catch { return null; }
  if (!data || !Array.isArray(data.columns) || !Array.isArray(data.rows)) return null;
  return data;
}

// A query's rows as a small table (at most `limit` rows), with the tool's note on rows left out.
export function rowsTable({ columns, rows, note }, limit = 50) {
  const figure = element("figure", "sql-rows");
  figure.tabIndex = 0; // a wide result scrolls sideways: the keyboard can scroll it too
  figure.setAttribute("aria-label", `Rows: ${columns.join(", ")}`);
  const table = element("table");
  const head = element("tr");
  for (const column of columns) head.append(element("th", null, String(column)));
  table.append(head);
  for (const row of rows.slice(0, limit)) {
    const tr = element("tr");
    for (const value of row) {
      tr.append(element("td", typeof value === "number" ? "num" : null, value === null ? "" : String(value)));
    }
    table.append(tr);
  }
  figure.append(table);
  const more = rows.length > limit ? `${rows.length - limit} more rows under Raw JSON` : "";
  if (note || more) figure.append(element("figcaption", null, note || more));
  return figure;
}

// A ranking is a list of rows with a name and a number (leaders, streak boards, forecasts).
const LABEL_KEYS = ["name", "player", "team", "label"];
const VALUE_KEYS = ["value", "length", "probability", "chance"];

function numberOf(value) {
  if (typeof value === "number") return value;
  if (typeof value === "string" && /^-?\d*\.?\d+$/.test(value.trim())) return parseFloat(value);
  return NaN;
}

export function rankingFrom(call) {
  if (call.error) return null;
  let data;
  try { data = JSON.parse(call.result); } catch { return null; }
  if (!data || typeof data !== "object") return null;
  const rows = Array.isArray(data) ? data
    : Object.values(data).find((v) => Array.isArray(v) && v.length > 1 && v[0] && typeof v[0] === "object");
  if (!rows || rows.length < 2) return null;
  const first = rows[0];
  const labelKey = LABEL_KEYS.find((k) => typeof first[k] === "string");
  const valueKey = [data.stat, ...VALUE_KEYS].find((k) => k && !Number.isNaN(numberOf(first[k])));
  if (!labelKey || !valueKey) return null;
  const clean = rows.filter((r) => r && typeof r[labelKey] === "string" && !Number.isNaN(numberOf(r[valueKey])));
  if (clean.length < 2) return null;
  const what = data.label || data.stat || data.kind || valueKey;
  const when = data.season !== undefined ? `, ${data.season}` : "";
  const valueName = valueKey === "value" ? (data.stat || data.label || "value") : valueKey;
  return { title: `${call.name}: ${what}${when}`, what: `${what}${when}`, labelKey, valueKey, valueName,
           rows: clean.slice(0, 10), all: clean.length };
}

const HEADERS = { name: "Name", player: "Player", team: "Team", label: "" };

export function rankingFigure({ title, labelKey, valueKey, valueName, rows }) {
  const figure = element("figure", "ranking");
  figure.append(element("figcaption", null, title));
  const table = element("table");
  const head = element("tr");
  head.append(element("th", null, HEADERS[labelKey] ?? labelKey), element("th", "num", valueName),
              element("th", "visually-hidden", "bar"));
  table.append(head);
  const max = Math.max(...rows.map((r) => Math.abs(numberOf(r[valueKey])))) || 1;
  for (const row of rows) {
    const tr = element("tr");
    const bar = element("span", "bar");
    bar.style.setProperty("--w", (Math.abs(numberOf(row[valueKey])) / max).toFixed(3)); // CSSOM: allowed by the CSP
    const barCell = element("td", "bar-cell");
    barCell.append(bar);
    tr.append(element("td", null, row[labelKey]), element("td", "num", String(row[valueKey])), barCell);
    table.append(tr);
  }
  figure.append(table);
  return figure;
}
