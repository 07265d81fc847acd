// ---- model requests ----------------------------------------------------------------------
// One model request for agent_py/transport.py, done here so that Python crosses into JS once per
// piece of the answer rather than for every timer, header and read (each crossing it awaits costs a
// turn of the event loop). An XMLHttpRequest, not fetch: it hands over the status, headers and text
// with fewer tasks and promises (measured: about 1 ms less of the worker's time a turn), and streams
// all the same. One timer for both timeouts: no response, then no data, for timeoutMs. Python awaits
// next() for everything that arrived since it last asked; each answer is a JSON string:
// {status?, headers?, text, done}, or once the request failed {status?, headers?, error: "timeout" |
// "offline" | "network", phase: "response" | "body"} (whether a response had begun). The status and
// headers come with the first answer; the text received before a failure comes before it.
class ModelRequest {
  constructor(url, headers, body, timeoutMs) {
    this.xhr = new XMLHttpRequest();
    this.timeoutMs = timeoutMs;
    this.timer = 0;
    this.timedOut = false;
    this.seen = 0; // characters of responseText already taken into text
    this.head = null; // {status, headers}, until Python has them
    this.text = ""; // received, not taken yet
    this.done = false;
    this.failure = null;
    this.wake = null; // resolves the promise Python awaits
    const xhr = this.xhr;
    xhr.onreadystatechange = () => {
      if (xhr.readyState === XMLHttpRequest.HEADERS_RECEIVED) {
        this.head = { status: xhr.status, headers: headerPairs(xhr.getAllResponseHeaders()) };
        this.arm(); // from now on: no data for timeoutMs
      } else if (xhr.readyState === XMLHttpRequest.LOADING) {
        this.received(); // Chromium and Safari say so at every piece of the body
      }
    };
    xhr.onprogress = () => this.received(); // as the standard says, at most every 50 ms
    xhr.onload = () => {
      this.received();
      this.done = true;
      this.end();
    };
    xhr.onerror = () => this.fail("network");
    xhr.onabort = () => this.fail(this.timedOut ? "timeout" : "network");
    xhr.open("POST", url);
    for (const [name, value] of Object.entries(JSON.parse(headers))) xhr.setRequestHeader(name, value);
    this.arm();
    xhr.send(body);
  }

  arm() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => { this.timedOut = true; this.xhr.abort(); }, this.timeoutMs);
  }

  received() {
    const all = this.xhr.responseText;
    if (all.length > this.seen) {
      this.text += all.slice(this.seen);
      this.seen = all.length;
      this.arm();
      this.answer();
    }
  }

  fail(error) {
    const phase = this.head ? "body" : "response";
    const offline = error === "network" && phase === "response" && self.navigator && self.navigator.onLine === false;
    this.failure = { error: offline ? "offline" : error, phase };
    this.end();
  }

  end() {
    clearTimeout(this.timer);
    this.answer();
  }

  ready() {
    return Boolean(this.text || this.done || this.failure);
  }

  take() {
    const piece = { ...this.head };
    this.head = null;
    if (this.text || !this.failure) Object.assign(piece, { text: this.text, done: this.done });
    else Object.assign(piece, this.failure);
    this.text = "";
    return JSON.stringify(piece);
  }

  answer() {
    if (this.wake && this.ready()) {
      const wake = this.wake;
      this.wake = null;
      wake(this.take());
    }
  }

  next() {
    if (this.ready()) return Promise.resolve(this.take());
    return new Promise((resolve) => { this.wake = resolve; });
  }

  abort() { // Stop, or Python is done reading; once the body has ended there is nothing to stop
    clearTimeout(this.timer);
    if (!this.done && !this.failure) this.xhr.abort();
  }
}

// "name: value" lines (names lower-cased by the browser) -> [[name, value], ...]
function headerPairs(text) {
  return text.split("\r\n").filter(Boolean).map((line) => {
    const colon = line.indexOf(":");
    return [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
  });
}

self.agentRequest = (url, headers, body, timeoutMs) => new ModelRequest(url, headers, body, timeoutMs);
