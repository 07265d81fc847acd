"""axe-core, the accessibility engine, vendored at test time like Pyodide is at build time.

``npm pack axe-core@VERSION`` into .cache/ once, the tarball checked against
the pinned sha512 (npm's dist.integrity) every time; ``run(page)`` injects
axe.min.js into the page through the DevTools protocol (so the page's own
Content-Security-Policy stays on) and returns axe's violations.
"""

from __future__ import annotations

import subprocess
import tarfile

from build import CACHE, sri_sha512

VERSION = "4.14.1"
SHA512 = "sha512-FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJpZe37OgudVGtQ=="
SERIOUS = {"serious", "critical"}


def source() -> str:
    tarball = CACHE / f"axe-core-{VERSION}.tgz"
    if not tarball.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        subprocess.run(["npm", "pack", "--silent", f"axe-core@{VERSION}", "--pack-destination", str(CACHE)],
                       check=True, stdout=subprocess.DEVNULL)
    if sri_sha512(tarball.read_bytes()) != SHA512:
        tarball.unlink()
        raise AssertionError(f"axe-core@{VERSION} from npm does not match the pinned sha512; fetch it again")
    with tarfile.open(tarball) as tar:
        return tar.extractfile("package/axe.min.js").read().decode("utf-8")


def run(page, script: str) -> list[dict]:
    """axe's WCAG 2.x A/AA and best-practice violations on what the page shows now."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(script)  # the DevTools protocol runs it: no inline <script>, the CSP is untouched
    result = page.evaluate("""() => axe.run(document, {
        runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']},
        resultTypes: ['violations'] })""")
    return [{"id": v["id"], "impact": v["impact"], "help": v["help"],
             "nodes": [n["target"] for n in v["nodes"]][:5]} for v in result["violations"]]


def serious(violations: list[dict]) -> list[dict]:
    return [v for v in violations if v["impact"] in SERIOUS]
