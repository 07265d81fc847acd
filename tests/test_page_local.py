"""A local model server chosen on a public page: Local Network Access in Chromium.

The site is served on 127.0.0.1, which Chromium would count as local; started with
``--ip-address-space-overrides=127.0.0.1:PORT=public`` it counts the site as a public one, so
its requests to another local port (the fake provider, standing in for Ollama) need the
visitor's permission, as they would from a site on the internet.

What headless Chromium lets a test exercise: the request failing without the permission (in
the window and in the worker), ``navigator.permissions.query({name: "local-network-access"})``,
and the permission granted to the site (Playwright's grant_permissions) before the request.
What it does not: the permission prompt itself (headless shows none, so no test clicks Allow or
Block in it), and so whether a prompt would appear for a request a worker makes.
"""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from chromium import launch_options
from fake_provider import posts, reply
from page_helpers import BOOT_TIMEOUT, ask, last_answer, show
from playwright.sync_api import expect

ALLOW = "allow this site to reach devices on your local network"


@pytest.fixture(scope="module")
def public_browser(browser, browser_type, site_url):
    """A second Chromium (beside the session's ``browser``, which must be up first) that counts the site as public."""
    port = urlsplit(site_url).port
    public = browser_type.launch(**launch_options(f"--ip-address-space-overrides=127.0.0.1:{port}=public"))
    yield public
    public.close()


def open_public(public_browser, site_url, *, granted: bool):
    context = public_browser.new_context(service_workers="block")
    if granted:
        context.grant_permissions(["local-network-access"], origin=site_url.rstrip("/"))
    page = context.new_page()
    page.goto(site_url)
    expect(page.locator("html")).to_have_attribute("data-agent-state", "ready", timeout=BOOT_TIMEOUT)
    return context, page


def choose_ollama(page, base_url: str) -> None:
    show(page, "Settings")
    page.get_by_role("combobox", name="Provider").select_option("ollama")
    page.get_by_role("textbox", name="Base URL").fill(base_url)


def test_without_the_permission_the_page_says_what_to_do(public_browser, site_url, fake):
    context, page = open_public(public_browser, site_url, granted=False)
    try:
        origin = site_url.rstrip("/")
        choose_ollama(page, fake.base_url("openai"))
        hint = page.locator("#provider-hint")
        expect(hint).to_contain_text(ALLOW, timeout=10_000)
        expect(hint).to_contain_text(f"OLLAMA_ORIGINS={origin} ollama serve")
        expect(hint).to_contain_text(fake.base_url("openai"))
        assert posts(fake) == [] and not [r for r in fake.requests if r["method"] == "GET"]  # nothing got through
        ask(page, "Who won the World Series in 2016?")
        turn = last_answer(page, 1)
        expect(turn.locator(".text")).to_contain_text("Ollama (local) could not be reached")
        expect(turn.locator(".text")).to_contain_text("the browser did not let this page reach local devices")
        expect(turn.locator(".text")).to_contain_text(ALLOW)
        assert posts(fake) == []  # the worker's request was refused before it left the browser too
    finally:
        context.close()


def test_with_the_permission_the_window_reaches_the_server_first_and_the_worker_answers(public_browser, site_url, fake):
    context, page = open_public(public_browser, site_url, granted=True)
    try:
        assert page.evaluate("async () => (await navigator.permissions.query({name: 'local-network-access'})).state") \
            == "granted"
        choose_ollama(page, fake.base_url("openai"))
        expect(page.locator("#provider-hint")).to_have_text(
            f"Ollama (local) answered this page at {fake.base_url('openai')}.", timeout=10_000)
        listed = [r for r in fake.requests if r["method"] == "GET"]
        assert listed and all(r["path"] == "/v1/models" for r in listed)
        fake.script(reply("The Chicago Cubs won in 2016."))
        ask(page, "Who won the World Series in 2016?")
        expect(last_answer(page, 1).locator(".text")).to_have_text("The Chicago Cubs won in 2016.")
        assert posts(fake)[0]["body"]["model"] == "qwen3:8b"
    finally:
        context.close()

