// Firefox for tests/engines.py: Debian's firefox-esr driven over WebDriver BiDi by puppeteer-core.
// One JSON command a line on stdin, one JSON reply a line on stdout:
//   {op: "open" | "reload" | "eval" | "size" | "screenshot" | "click" | "type", arg}
//   -> {ok: true, value} or {ok: false, error}
// Usage: node firefox_bridge.mjs PUPPETEER_CORE_DIR
import { createInterface } from "node:readline";

const puppeteer = (await import(`${process.argv[2]}/lib/puppeteer/puppeteer-core.js`)).default;
const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath: "/usr/bin/firefox-esr",
  headless: true,
  extraPrefsFirefox: {
    "browser.shell.checkDefaultBrowser": false,
    "app.update.enabled": false,
    "network.captive-portal-service.enabled": false,
    "media.navigator.permission.disabled": true,
    // The runtime's WebAssembly with the baseline compiler alone, as the tests' Chromium (tests/conftest.py,
    // TESTS_ONLY): a test's page answers too few questions for optimised code to repay its compiling.
    "javascript.options.wasm_optimizingjit": false,
  },
});
const page = await browser.newPage();
const errors = [];
page.on("pageerror", (error) => errors.push(String(error && error.message ? error.message : error)));

const ops = {
  open: (url) => page.goto(url, { waitUntil: "load" }).then(() => null),
  reload: () => page.reload({ waitUntil: "load" }).then(() => null),
  eval: (source) => page.evaluate(source),
  size: ([width, height]) => page.setViewport({ width, height }).then(() => null),
  screenshot: (path) => page.screenshot({ path }).then(() => null),
  click: (selector) => page.click(selector).then(() => null),
  type: ([selector, text]) => page.type(selector, text).then(() => null),
  errors: () => errors.splice(0),
};

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  const { op, arg } = JSON.parse(line);
  if (op === "quit") break;
  let reply;
  try {
    reply = { ok: true, value: (await ops[op](arg)) ?? null };
  } catch (error) {
    reply = { ok: false, error: String(error && error.message ? error.message : error) };
  }
  process.stdout.write(JSON.stringify(reply) + "\n");
}
await browser.close();
process.exit(0);
