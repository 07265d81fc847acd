// What is in view: the panels (one at a time on a phone; Trace or Settings beside the conversation on a wide
// screen) and the newest answer kept in view.
import { $, body, form, log, state, traceList } from "./page.js";

const welcome = $("welcome");
const chatTools = document.querySelector(".chat-tools");
const traceEmpty = $("trace-empty");
const traceCount = $("trace-count");
const wide = window.matchMedia("(min-width: 900px)");

export function showPanel(name) {
  const before = `${body.dataset.panel}/${body.dataset.side}`;
  if (name === "chat") body.dataset.panel = "chat";
  else Object.assign(body.dataset, { panel: "side", side: name });
  markPanels();
  if (before === `${body.dataset.panel}/${body.dataset.side}`) return;
  if (name === "chat") {
    state.follow = true;
    keepInView();
  } else if (!wide.matches) { // a phone: the panel from its top, or the trace at its newest question
    const target = name === "trace" && traceList.lastElementChild || $(name);
    window.scrollTo(0, target.getBoundingClientRect().top + window.scrollY - document.querySelector(".panels").offsetHeight - 8);
  }
}

// On a wide screen the trace has its own scroller: it follows the newest question too.
export function traceInView() {
  const panel = $("trace");
  if (wide.matches && state.follow) panel.scrollTop = panel.scrollHeight;
}

// While a question is asked and its trace grows, the page follows once a frame, before it is drawn:
// measuring the page right after changing it makes the browser lay it out there and then, every time.
let inViewSoon = null;

export function inViewBeforeNextFrame(log, trace) {
  if (!inViewSoon) {
    inViewSoon = { log: false, trace: false };
    requestAnimationFrame(() => {
      if (inViewSoon.log) keepInView();
      if (inViewSoon.trace) traceInView();
      inViewSoon = null;
    });
  }
  inViewSoon.log ||= log;
  inViewSoon.trace ||= trace;
}

export function markPanels() {
  for (const button of document.querySelectorAll(".panels [data-show]")) {
    const name = button.dataset.show;
    const shown = name === "chat" ? body.dataset.panel === "chat"
      : body.dataset.side === name && (body.dataset.panel === "side" || wide.matches);
    button.setAttribute("aria-pressed", String(shown));
  }
}

export function showConversationTools() {
  const any = log.childElementCount > 0;
  welcome.hidden = any;
  chatTools.hidden = !any;
  traceEmpty.hidden = traceList.childElementCount > 0;
  traceCount.textContent = traceList.childElementCount ? `(${traceList.childElementCount})` : "";
}

// The conversation grows with the page and the question box sticks to the bottom of the screen; while
// an answer streams the page scrolls so its last line stays just above the box, unless the visitor
// scrolled up to read something else (then it waits until they scroll back down to the end). Going up is
// read from the visitor's own input (wheel, keys, finger), not from where the page is: a wheel's scroll
// can land frames after its event, and until then the page is still at the end.
function visibleBottom() {
  return Math.min(window.innerHeight, form.getBoundingClientRect().top) - 8;
}

export function keepInView() {
  const last = log.lastElementChild;
  if (!state.follow || !last || body.dataset.panel !== "chat" && !wide.matches) return;
  const below = last.getBoundingClientRect().bottom - visibleBottom();
  if (below > 0) window.scrollBy(0, below);
}

function endInView() {
  const last = log.lastElementChild;
  return !last || last.getBoundingClientRect().bottom <= visibleBottom() + 24;
}

function visitorGoesUp() { // even at the top: the visitor's scroll can land before the page hears their input
  const fits = document.documentElement.scrollHeight <= window.innerHeight;
  if (!fits) state.follow = false; // a page that fits has nothing above to read
}

for (const button of document.querySelectorAll(".panels [data-show]")) {
  button.addEventListener("click", () => showPanel(button.dataset.show));
}

wide.addEventListener("change", markPanels);

document.addEventListener("keydown", (event) => {
  if (["PageUp", "ArrowUp", "Home"].includes(event.key) && event.target === document.body) visitorGoesUp();
});

window.addEventListener("wheel", (event) => { if (event.deltaY < 0) visitorGoesUp(); }, { passive: true });

let touchY = 0;
window.addEventListener("touchstart", (event) => { touchY = event.touches[0].clientY; }, { passive: true });
window.addEventListener("touchmove", (event) => { // the finger moving down takes the page up
  if (event.touches[0].clientY > touchY + 4) visitorGoesUp();
}, { passive: true });

let lastScrollY = window.scrollY;
window.addEventListener("scroll", () => {
  const down = window.scrollY > lastScrollY;
  lastScrollY = window.scrollY;
  if (!state.follow && down && endInView()) state.follow = true;
}, { passive: true });
