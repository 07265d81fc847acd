"""Firefox and WebKit (Safari's engine) for the cross-browser tests (tests/test_engines.py).

Playwright's own Firefox and WebKit builds cannot be downloaded here, so each engine is Debian's:
- Firefox: ``firefox-esr``, driven over WebDriver BiDi by ``puppeteer-core`` (npm, its browser download
  skipped), through a small Node bridge (tests/firefox_bridge.mjs) that takes one command a line;
- WebKit: ``webkit2gtk-driver`` (WebKitWebDriver and its MiniBrowser) through Selenium, under Xvfb.
Both offer the same few verbs (open, reload, eval, size, screenshot, click, type, errors), so one
scenario drives both. ``make test`` installs the Debian packages; puppeteer-core is installed here
into .cache/ once, at the pinned version.
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".cache"
PUPPETEER = "puppeteer-core@25.16.0"
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
# WebKit's storage APIs as Safari has them (the private file system, its access handles).
MINIBROWSER_FEATURES = "+StorageAPI,+FileSystem,+AccessHandle"
# MiniBrowser's window is no narrower than its toolbar (447 px) unless GTK's style sheet lets it shrink.
GTK_CSS = "headerbar, toolbar, box, entry, button, toolbar * { min-width: 0; min-height: 0; padding: 0; margin: 0; }\n"


def puppeteer_core() -> Path:
    """puppeteer-core's folder, installed into .cache/ with npm when missing (once per clone, under a lock)."""
    home = CACHE / "puppeteer"
    package = home / "node_modules" / "puppeteer-core"
    home.mkdir(parents=True, exist_ok=True)
    with open(home / "install.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (package / "package.json").exists():
            subprocess.run(["npm", "install", "--silent", "--no-audit", "--no-fund", "--prefix", str(home), PUPPETEER],
                           check=True, env={**os.environ, "PUPPETEER_SKIP_DOWNLOAD": "1"}, timeout=300)
    return package


class Firefox:
    name = "firefox"

    def __init__(self):
        self.process = subprocess.Popen(["node", str(ROOT / "tests" / "firefox_bridge.mjs"), str(puppeteer_core())],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def _send(self, op: str, arg=None):
        self.process.stdin.write(json.dumps({"op": op, "arg": arg}) + "\n")
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"Firefox's bridge ended (exit {self.process.poll()})")
        reply = json.loads(line)
        if not reply["ok"]:
            raise RuntimeError(f"Firefox {op}: {reply['error']}")
        return reply["value"]

    def open(self, url: str) -> None:
        self._send("open", url)

    def reload(self) -> None:
        self._send("reload")

    def eval(self, expression: str):
        """The value of a JS expression in the page (a promise is awaited)."""
        return self._send("eval", f"(async () => ({expression}))()")

    def size(self, width: int, height: int) -> None:
        self._send("size", [width, height])

    def screenshot(self, path: Path) -> None:
        self._send("screenshot", str(path))

    def click(self, selector: str) -> None:
        self._send("click", selector)

    def type(self, selector: str, text: str) -> None:
        self._send("type", [selector, text])

    def errors(self) -> list[str]:
        return self._send("errors")

    def close(self) -> None:
        try:
            self.process.stdin.write(json.dumps({"op": "quit"}) + "\n")
            self.process.stdin.close()
            self.process.wait(timeout=20)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()


class WebKit:
    name = "webkit"

    def __init__(self, *, accept_insecure_certs: bool = False):
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        self.xvfb = None
        if not os.environ.get("DISPLAY"):  # an X server of its own (WebKitWebDriver has no headless mode)
            read, write = os.pipe()
            self.xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1600x1200x24",
                                          "-nolisten", "tcp"], pass_fds=(write,), stderr=subprocess.DEVNULL)
            os.close(write)
            with os.fdopen(read) as display:
                os.environ["DISPLAY"] = f":{display.readline().strip()}"
        options = Options()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        options.add_argument(f"--features={MINIBROWSER_FEATURES}")
        options.accept_insecure_certs = accept_insecure_certs  # a test's own https server
        gtk = CACHE / "webkit-gtk"
        (gtk / "gtk-3.0").mkdir(parents=True, exist_ok=True)
        (gtk / "gtk-3.0" / "gtk.css").write_text(GTK_CSS, encoding="utf-8")
        # JSC_useOMGJIT: the runtime's WebAssembly without JavaScriptCore's optimising tier, as the tests'
        # Chromium (tests/conftest.py, TESTS_ONLY); the web process inherits it.
        service = Service(shutil.which("WebKitWebDriver"),
                          env={**os.environ, "XDG_CONFIG_HOME": str(gtk), "JSC_useOMGJIT": "0"})
        self.driver = webdriver.WebKitGTK(options=options, service=service)
        self.driver.set_script_timeout(60)

    def open(self, url: str) -> None:
        self.driver.get(url)

    def reload(self) -> None:
        self.driver.refresh()

    def eval(self, expression: str):
        return self.driver.execute_async_script(
            f"const done = arguments[arguments.length - 1]; (async () => ({expression}))()"
            ".then(done, (e) => done({__error: String(e && e.message || e)}));")

    def size(self, width: int, height: int) -> None:
        """The window's outer size, set until the page's inner size is the one asked for (GTK resizes the
        window a moment after it is asked, and its frame takes a part)."""
        outer = [width, height]
        for _ in range(20):
            self.driver.set_window_size(*outer)
            time.sleep(0.1)
            inner = self.driver.execute_script("return [innerWidth, innerHeight]")
            if inner == [width, height]:
                return
            outer = [outer[0] + width - inner[0], outer[1] + height - inner[1]]

    def screenshot(self, path: Path) -> None:
        self.driver.save_screenshot(str(path))

    def click(self, selector: str) -> None:
        from selenium.webdriver.common.by import By

        self.driver.find_element(By.CSS_SELECTOR, selector).click()

    def type(self, selector: str, text: str) -> None:
        from selenium.webdriver.common.by import By

        self.driver.find_element(By.CSS_SELECTOR, selector).send_keys(text)

    def errors(self) -> list[str]:
        """WebKit's driver has no console: the page's own errors, caught by a listener tests add."""
        return self.eval("(window.__errors || []).splice(0)")

    def close(self) -> None:
        self.driver.quit()
        if self.xvfb:
            self.xvfb.terminate()
            self.xvfb.wait()
            del os.environ["DISPLAY"]
