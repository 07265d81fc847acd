"""Offline, installable, and the saved interpreter, in real Chromium (templates/sw.js, worker.js boot).

- After a first visit the service worker keeps the build: the page opens with the network cut
  (Playwright's offline mode), a demo question answers, and a real provider says there is no network.
- A new build (another agent, same origin) replaces the old cache whole and never restores the old
  agent's interpreter; its own snapshot is made and used on the next visit.
- A snapshot that is corrupt, cut short, stored under another key, or missing is not restored: the
  visit boots normally and answers, and a good snapshot is saved again.
- Chromium finds the page installable (manifest, icons).

Whether a visit restored the snapshot is read from the worker's "ready" message.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil

import pytest
from fake_provider import FakeProvider
from page_helpers import ANSWER_TIMEOUT, BOOT_TIMEOUT, answers, ask, use_model, wait_until
from playwright.sync_api import expect
from returning import RECORD_READY, WHOLE_SNAPSHOTS

import build
from serve import make_server

pytestmark = pytest.mark.browser

CACHES = """async () => {
  const out = {};
  for (const name of await caches.keys()) {
    out[name] = (await (await caches.open(name)).keys()).map((r) => r.url);
  }
  return out;
}"""
QUESTION, FACT = "How did the Expos do in 1994?", "74 wins and 40 losses"


class Site:
    """A built site served on one port that stays the same when the site is swapped for another build."""

    def __init__(self, directory):
        self.server = make_server(directory, port=0)  # any free port (the default, 8000, is make serve's)
        self.port = self.server.server_address[1]
        self._serve()

    def _serve(self) -> None:
        import threading

        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def swap(self, directory) -> None:
        self.close()
        self.server = make_server(directory, port=self.port)
        self._serve()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def site(site_dir):
    served = Site(site_dir)
    yield served
    served.close()


@pytest.fixture
def app_context(browser):
    """A fresh profile in which service workers run (the other page tests block them)."""
    context = browser.new_context()
    context.add_init_script(RECORD_READY)
    yield context
    context.close()


def visit(context, url: str):
    """A new tab on the page, once the agent is ready; returns the tab and the worker's ready message."""
    page = context.new_page()
    # Arrived once the server's (or the service worker's) page is in; "ready" below is what a visitor waits for.
    # Waiting for the load event, within Playwright's 30 s default, failed once in CI, on the visit where a new
    # build's service worker takes over (never here, also with both cores busy): the boot's own limit applies.
    page.goto(url, wait_until="commit", timeout=BOOT_TIMEOUT)
    expect(page.locator("html")).to_have_attribute("data-agent-state", "ready", timeout=BOOT_TIMEOUT)
    return page, page.evaluate("window.__ready[window.__ready.length - 1]")


def answer(page, question: str) -> str:
    count = answers(page).count()
    ask(page, question)
    turn = answers(page).nth(count)
    expect(turn.locator(".meta, .again").first).to_be_visible(timeout=ANSWER_TIMEOUT)  # answered, or failed
    return turn.locator(".text").inner_text()


def controlled(page) -> None:
    """Wait until the service worker controls the page (it registers once the agent has settled)."""
    wait_until(page, "() => navigator.serviceWorker.controller !== null", timeout=30)


def snapshot_saved(page) -> list[str]:
    """The names of the snapshots stored, once one is stored whole."""
    return wait_until(page, WHOLE_SNAPSHOTS, timeout=30)


def snapshot_is(page, key: str) -> list[str]:
    """Wait until the only snapshot stored is the one named ``key``."""
    return wait_until(page, f"async () => {{ const k = await ({WHOLE_SNAPSHOTS})(); "
                            f"return k.length === 1 && k[0] === '{key}' ? k : null; }}", timeout=30)


# The page's registering of the service worker, in RECORD_READY's list of the worker's messages.
RECORD_REGISTER = r"""
(() => {
  if (typeof window === "undefined") return;
  const register = navigator.serviceWorker.register.bind(navigator.serviceWorker);
  navigator.serviceWorker.register = (...args) => { window.__kinds.push("register"); return register(...args); };
})();
"""


def test_after_a_first_visit_the_page_answers_offline(site, app_context):
    fake = FakeProvider()
    app_context.add_init_script(RECORD_REGISTER)
    try:
        page, ready = visit(app_context, site.url)
        assert ready["snapshot"] is False  # a first visit boots, then saves the interpreter
        controlled(page)
        # The service worker's install (every file read and hashed) waits until the warm-up and the
        # snapshot, which a first question waits for, are done.
        order = page.evaluate("window.__kinds.filter((k) => ['ready', 'settled', 'register'].includes(k))")
        assert order == ["ready", "settled", "register"]
        assert FACT in answer(page, QUESTION)  # the data this question reads is kept as it passes
        snapshot_saved(page)

        app_context.set_offline(True)
        page.reload()
        expect(page.locator("html")).to_have_attribute("data-agent-state", "ready", timeout=BOOT_TIMEOUT)
        assert page.evaluate("window.__ready[window.__ready.length - 1].snapshot") is True
        assert FACT in answer(page, QUESTION)
        assert "World Series" in answer(page, "Who won the World Series in 2016?")  # read before the first answer

        use_model(page, "openai", fake.base_url("openai"), "sk-test-offline")
        said = answer(page, "How did the Expos do in 1994?")
        assert "has no network connection" in said and "demo mode answers" in said
        # No request reached the provider: Chromium's offline emulation lets only CORS preflights out (for the
        # model list, for the turn: one or both), and a preflight carries no key.
        assert all(r["method"] == "OPTIONS" for r in fake.requests), fake.requests
    finally:
        fake.close()


def second_build(tmp_path, site_dir):
    """The same site with another agent (one comment added), built to tmp_path/b, reusing the data."""
    agent = tmp_path / "agent_py"
    shutil.copytree(build.ROOT / "agent_py", agent, ignore=shutil.ignore_patterns("__pycache__"))
    init = agent / "__init__.py"
    init.write_text(init.read_text() + "\n# the second build\n")
    return build.build(tmp_path / "b", agent=agent, data=site_dir / "data")


def kept_files(site_dir) -> dict[str, str]:
    """The sw.js table of a build: URL path -> sha256."""
    return json.loads(re.search(r"const FILES = (\{.*?\});", (site_dir / "sw.js").read_text()).group(1))


def test_a_new_build_replaces_the_old_cache_and_never_restores_the_old_agent(site, app_context, site_dir, tmp_path):
    old = json.loads((site_dir / "config.json").read_text())
    page, _ = visit(app_context, site.url)
    controlled(page)
    assert snapshot_saved(page) == [old["snapshot_key"]]
    page.close()
    page, ready = visit(app_context, site.url)
    assert ready["snapshot"] is True
    page.close()

    newer = second_build(tmp_path, site_dir)
    new = json.loads((newer / "config.json").read_text())
    assert new["agent_zip"] != old["agent_zip"] and new["snapshot_key"] != old["snapshot_key"]
    site.swap(newer)

    # The open build keeps running whole while the new one installs beside it ...
    page, ready = visit(app_context, site.url)
    assert page.evaluate("document.getElementById('site-config').textContent").count(old["agent_zip"]) == 1
    wait_until(page, "async () => (await navigator.serviceWorker.getRegistration()).waiting !== null", timeout=60)
    page.close()
    # ... and takes over at the next visit, when no tab of the old one is open.
    page, ready = visit(app_context, site.url)
    assert new["agent_zip"] in page.evaluate("document.getElementById('site-config').textContent")
    assert ready["snapshot"] is False  # the old agent's interpreter is never restored
    assert snapshot_is(page, new["snapshot_key"]) == [new["snapshot_key"]]  # and the old one is deleted

    stored = page.evaluate(CACHES)
    site_caches = [name for name in stored if name.startswith("site-")]
    assert len(site_caches) == 1, stored  # the old build's cache is gone
    files = kept_files(newer)
    urls = stored[site_caches[0]]
    assert {site.url + (path if path != "./" else "") for path in files} <= set(urls)
    assert not [u for u in urls if old["agent_zip"] in u]
    digests = page.evaluate("""async (name) => {
      const cache = await caches.open(name), out = {};
      for (const request of await cache.keys()) {
        const body = await (await cache.match(request)).arrayBuffer();
        out[request.url] = Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", body)),
                                      (b) => b.toString(16).padStart(2, "0")).join("");
      }
      return out;
    }""", site_caches[0])
    for path, sha in files.items():
        assert digests[site.url + (path if path != "./" else "")] == sha, path  # every byte of the new build
    assert FACT in answer(page, QUESTION)
    page.close()

    page, ready = visit(app_context, site.url)
    assert ready["snapshot"] is True  # the new build's own snapshot
    assert FACT in answer(page, QUESTION)


# The stored snapshot, damaged: its heap corrupt (its head intact), the file cut short, or its name another
# build's key.
DAMAGE = """async ([damage, name]) => {
  const directory = await (await navigator.storage.getDirectory()).getDirectoryHandle("agent-snapshot");
  let bytes = new Uint8Array(await (await (await directory.getFileHandle(name)).getFile()).arrayBuffer());
  if (damage === "corrupt") bytes = bytes.map((b, i) => (i < 8 || i % 7 ? b : 255 - b));
  if (damage === "cut short") bytes = bytes.slice(0, bytes.length >> 1);
  await directory.removeEntry(name);
  const writable = await (await directory.getFileHandle(damage === "another build's" ? "0123456789abcdef" : name,
                                                        { create: true })).createWritable();
  await writable.write(bytes);
  await writable.close();
}"""
# Another tab writing the snapshot's file for a moment (createWritable's lock keeps a sync access handle out).
HOLD = """async ([name, ms]) => {
  const directory = await (await navigator.storage.getDirectory()).getDirectoryHandle("agent-snapshot");
  const writable = await (await directory.getFileHandle(name)).createWritable({ keepExistingData: true });
  setTimeout(() => writable.abort(), ms);
}"""
# A snapshot where builds before this one kept it, in Cache Storage.
OLD_PLACE = """async () => {
  await (await caches.open("agent-snapshot")).put(location.href + "agent-snapshot/old", new Response("old"));
  return (await caches.keys()).includes("agent-snapshot");
}"""


def test_a_snapshot_that_cannot_be_trusted_is_not_restored(returning, site_url):
    """A returning visitor's profile, whose good snapshot is restored; then each kind of damage in turn:
    each time the damaged snapshot is not restored, the visit boots normally and answers, and a good
    snapshot replaces it; that one is restored. Another build's snapshot is one missing for this build:
    its normal boot also deletes the copy where earlier builds kept it."""
    context = returning.new_context(service_workers="block")  # the snapshot alone, no offline copy
    context.add_init_script(RECORD_READY)
    try:
        page, ready = visit(context, site_url)
        assert ready["snapshot"] is True
        key = snapshot_saved(page)[0]
        for damage in ["corrupt", "cut short", "another build's"]:
            page.evaluate(DAMAGE, [damage, key])
            if damage == "another build's":
                assert page.evaluate(OLD_PLACE) is True
            page.close()
            page, ready = visit(context, site_url)
            assert ready["snapshot"] is False, damage
            assert "World Series" in answer(page, "Who won the World Series in 2016?"), damage
            assert snapshot_is(page, key) == [key], damage  # a good snapshot again, and nothing else
        assert "agent-snapshot" not in page.evaluate("caches.keys()")
        page.close()

        page, ready = visit(context, site_url)
        assert ready["snapshot"] is True
        assert "World Series" in answer(page, "Who won the World Series in 2016?")
        page.close()

        # Held by another tab for a moment (as by a reloaded page's worker while it goes): waited for.
        other = context.new_page()
        other.goto(site_url + "manifest.webmanifest")  # same origin, not the app
        other.evaluate(HOLD, [key, 700])
        page, ready = visit(context, site_url)
        other.close()
        assert ready["snapshot"] is True
    finally:
        context.close()


def test_chromium_finds_the_page_installable(site, browser, browser_type, browser_type_launch_args, tmp_path):
    # An on-disk profile: Chromium never offers to install from an off-the-record one.
    context = browser_type.launch_persistent_context(tmp_path / "profile", **browser_type_launch_args)
    try:
        context.add_init_script(RECORD_READY)
        page, _ = visit(context, site.url)
        controlled(page)
        cdp = context.new_cdp_session(page)
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["errors"] == []
        parsed = json.loads(manifest["data"])
        assert parsed["display"] == "standalone" and parsed["start_url"] == "./"
        assert {"192x192", "512x512"} <= {icon["sizes"] for icon in parsed["icons"]}
    finally:
        context.close()


MVP_QUESTION = "Who won the AL MVP in 2023?"


def build_with_other_data(tmp_path, site_dir):
    """Another agent (as second_build) and other data: in awards.json (which no first answer reads, so an open
    page has not kept it) the 2023 AL MVP is someone else; the manifest vouches for the new file."""
    data = build.linked_copy(site_dir / "data", tmp_path / "data")  # its files changed by replacing them
    awards = data / "awards.json"
    truth = json.loads(awards.read_text())
    winner = truth["seasons"]["2023"]["AL"]["MVP"][0][0]  # the old build's answer
    changed = awards.read_text().replace(winner, "Testy McBuild")
    assert changed != awards.read_text()
    build.replace_file(awards, changed.encode())
    manifest = json.loads((data / "manifest.json").read_text())
    manifest["files"]["awards.json"].update(sha256=hashlib.sha256(changed.encode()).hexdigest(), bytes=len(changed.encode()))
    build.replace_file(data / "manifest.json", json.dumps(manifest).encode())
    for name in ("awards.json", "manifest.json"):  # the build makes their compressed copies again
        for packed in (data / f"{name}.br", data / f"{name}.gz"):
            packed.unlink(missing_ok=True)
    agent = tmp_path / "agent_py"
    shutil.copytree(build.ROOT / "agent_py", agent, ignore=shutil.ignore_patterns("__pycache__"))
    (agent / "__init__.py").write_text((agent / "__init__.py").read_text() + "\n# the build with other data\n")
    return build.build(tmp_path / "b", agent=agent, data=data), winner


def test_a_build_replaced_under_an_open_page_answers_only_from_one_build(site, app_context, site_dir, tmp_path):
    """The open page keeps its build's agent; the new build's data is never served to it (sw.js refuses it by
    version and by hash), the page offers the new build, and Reload answers from the new build whole."""
    page, _ = visit(app_context, site.url)
    controlled(page)
    assert FACT in answer(page, QUESTION)
    newer, winner = build_with_other_data(tmp_path, site_dir)
    new = json.loads((newer / "config.json").read_text())
    old = json.loads((site_dir / "config.json").read_text())
    assert new["data_version"] != old["data_version"]
    site.swap(newer)

    said = answer(page, MVP_QUESTION)
    assert "Testy McBuild" not in said  # never the new build's data in the old build's agent
    assert page.evaluate("document.getElementById('site-config').textContent").count(old["agent_zip"]) == 1
    offer = page.get_by_role("status").filter(has_text="A new version of this site is out")
    expect(offer).to_be_visible(timeout=30_000)
    with page.expect_navigation(timeout=60_000):  # once the new build is installed and has taken over
        offer.get_by_role("button", name="Reload to use it").click()
    expect(page.locator("html")).to_have_attribute("data-agent-state", "ready", timeout=BOOT_TIMEOUT)
    assert new["agent_zip"] in page.evaluate("document.getElementById('site-config').textContent")
    log = page.get_by_role("log", name="Conversation")
    expect(log.locator(".turn.visitor .text")).to_have_text([QUESTION, MVP_QUESTION])  # the conversation kept
    assert "Testy McBuild" in answer(page, MVP_QUESTION)  # the new build, whole
    assert winner not in answers(page).nth(2).inner_text()
