// The benchmark's floor: navigation to loadPyodide() resolved, with nothing of the product.
// Marks "pyodide-ready" and sets <html data-state="ready"> (or "error").
const params = new URLSearchParams(location.search);
const base = new URL("../" + (params.get("dir") || "pyodide/"), location.href).href;

function done(state) {
  if (state === "ready") performance.mark("pyodide-ready");
  document.documentElement.dataset.state = state;
}

if (params.get("worker")) {
  const worker = new Worker(new URL("bare-worker.js", import.meta.url), { type: "module" });
  worker.onmessage = (event) => done(event.data);
  worker.postMessage(base);
} else {
  try {
    const { loadPyodide } = await import(base + "pyodide.mjs");
    await loadPyodide({ indexURL: base });
    done("ready");
  } catch (error) {
    done("error");
    throw error;
  }
}
