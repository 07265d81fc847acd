// Offline and installable: the service worker (sw.js), and a newer build offered.
import { $, element, loading, state } from "./page.js";

// The service worker (sw.js) keeps this build for offline visits. It is registered once the agent has
// settled (ready, warmed up, and on a first visit its interpreter saved): a first visit downloads the
// runtime once, as the service worker then finds it in the browser's HTTP cache, and its install (every
// file read and hashed) no longer competes with the warm-up a first question waits for (~170 ms of it on
// 2 cores). A browser without service workers (or a refusal) just loses the offline copy.
export function keepForOffline() {
  state.settled = true;
  if ("serviceWorker" in navigator) navigator.serviceWorker.register("sw.js").then(watchForNewBuild).catch(() => {});
}

// A page runs one build. A newer build found while it is open (the browser's update check, or sw.js
// refusing this page's agent the new build's data) is offered: Reload moves to it, the conversation kept.
function watchForNewBuild(registration) {
  const check = () => { if (registration.waiting && navigator.serviceWorker.controller) offerNewBuild(); };
  registration.addEventListener("updatefound", () => {
    if (registration.installing) registration.installing.addEventListener("statechange", check);
  });
  check();
}

function offerNewBuild() {
  if ($("new-build")) return;
  const offer = element("p", "note new-build", "A new version of this site is out. ");
  offer.id = "new-build";
  offer.setAttribute("role", "status");
  const button = element("button", null, "Reload to use it");
  button.type = "button";
  button.addEventListener("click", reloadIntoNewBuild);
  offer.append(button, " (this conversation is kept)");
  loading.after(offer);
}

async function reloadIntoNewBuild() {
  const registration = await navigator.serviceWorker.getRegistration().catch(() => null);
  if (registration && !registration.installing && !registration.waiting) await registration.update().catch(() => {});
  const installing = registration && registration.installing;
  if (installing) {
    await new Promise((done) => installing.addEventListener("statechange", () => {
      if (installing.state !== "installing") done();
    }));
  }
  if (registration && registration.waiting) { // it takes over now, not only once every tab of this build closes
    const taken = new Promise((done) => navigator.serviceWorker.addEventListener("controllerchange", done));
    registration.waiting.postMessage({ type: "skip-waiting" });
    await Promise.race([taken, new Promise((done) => setTimeout(done, 5000))]);
  }
  location.reload();
}

if ("serviceWorker" in navigator) {
  navigator.serviceWorker.addEventListener("message", (event) => {
    if (!event.data || event.data.type !== "new-build") return;
    navigator.serviceWorker.getRegistration().then((r) => r && r.update()).catch(() => {});
    offerNewBuild();
  });
}
