// The bare boot inside a module worker (as the product boots): posts "ready" or "error".
self.onmessage = async (event) => {
  const base = event.data;
  try {
    const { loadPyodide } = await import(base + "pyodide.mjs");
    await loadPyodide({ indexURL: base });
    self.postMessage("ready");
  } catch (error) {
    self.postMessage("error");
    throw error;
  }
};
