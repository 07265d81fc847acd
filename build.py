"""Build the static site: templates + settings + Pyodide + the agent + the data -> site/.

    python build.py [--out DIR] [--if-stale]

Steps, one function each, in order:
  1. read the settings (data/site.yaml, data/providers.yaml)
  2. vendor the Pyodide runtime from the npm tarball pyodide@314.0.8
     (fetched once into .cache/ with `npm pack`, sha512-checked), its standard library lean
  3. package agent_py and the site package (tools_module's) as a zip named by its hash, compiled to bytecode by Pyodide
     run in Node, with the standard library's modules that a visit imports
  4. run the data pipeline into DIR/data/
  5. render the page (index.html, the scripts app.js and worker.js import, style.css, config.json)
  6. make it installable and offline: manifest.webmanifest, icons, sw.js (the service worker)
  7. write _headers (CSP and cache rules for Netlify / Cloudflare Pages; serve.py reads it too)
  8. write .gz and .br copies of the large assets, in threads from the start of the build

The output needs no server code and makes no request outside its own origin,
except the model calls the visitor chooses. What this leaves out: minifying,
and any package with C extensions (the agent is pure Python).
"""

from __future__ import annotations

import argparse
import base64
import gzip
import hashlib
import io
import json
import math
import os
import re
import shutil
import struct
import subprocess
import sys
import tarfile
import threading
import time
import zipfile
import zlib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urlsplit

import brotli
import jinja2
import yaml

from agent_py import providers as provider_rules
from agent_py.conversation import DEMO_LABEL, uses_demo
from agent_py.data import replace_file, user_cache

ROOT = Path(__file__).resolve().parent
CACHE = ROOT / ".cache"  # this clone's downloads
# Compressed copies, by content hash and level: shared by every clone on this machine (as pip's cache
# is), so only the first build here compresses the runtime. $BUILD_CACHE puts them elsewhere.
USER_CACHE = user_cache()
COMPRESSED = Path(os.environ.get("BUILD_CACHE") or USER_CACHE) / "compressed"
TEMPLATES = ROOT / "templates"

PYODIDE_VERSION = "314.0.8"
# npm's dist.integrity for pyodide@314.0.8, checked against `npm view` when fetched.
PYODIDE_SHA512 = "sha512-74Wq1kXOC+CCEzAfxuRAO701nAcCMLjf8NrwvWpu8S41dVMXwXmLQ05dYB+F4e46AdnGo0oq7YHSVUpHsoarLQ=="
# What loadPyodide requests in a module worker (pyodide.mjs imports pyodide.asm.mjs,
# then fetches the lock file, the wasm and the standard library).
PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"]
PYODIDE_DIR = f"pyodide-{PYODIDE_VERSION}"  # versioned path, so it can be cached for a year

SCRIPT_ENTRIES = ["app.js", "worker.js"]  # the page's script and its worker: each imports the rest (scripts())
STATIC_TEMPLATES = ["style.css", "favicon.svg"]
COMPRESS_SUFFIXES = {".wasm", ".zip", ".json", ".js", ".mjs", ".css", ".html", ".svg", ".bin"}
COMPRESS_MIN_BYTES = 1024
LOCAL_ORIGINS = ["http://localhost:*", "http://127.0.0.1:*"]
BUILD_INPUTS = ["build.py", "templates", "agent_py", "baseball", "data", "pipeline"]  # a change to any: build again


def say(message: str) -> None:
    print(message, flush=True)


def size(n: int) -> str:
    return f"{n / 1_000_000:.2f} MB" if n >= 100_000 else f"{n / 1000:.1f} kB"


# 1. settings -----------------------------------------------------------------

def load_settings(data_dir: Path = ROOT / "data") -> tuple[dict, dict]:
    """The site settings and the raw provider table, as parsed YAML."""
    from agent_py.site import with_facts

    site = with_facts(yaml.safe_load((data_dir / "site.yaml").read_text(encoding="utf-8")))
    providers = yaml.safe_load((data_dir / "providers.yaml").read_text(encoding="utf-8"))
    if site["default_provider"] not in providers:
        raise SystemExit(f"data/site.yaml: default_provider {site['default_provider']!r} is not in providers.yaml")
    return site, providers


# 2. Pyodide ------------------------------------------------------------------

def sri_sha512(blob: bytes) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(blob).digest()).decode()


def fetch_pyodide(cache: Path = CACHE) -> Path:
    """The npm tarball in the cache, fetched with `npm pack` when missing; its sha512 is always checked."""
    tarball = cache / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tarball.exists():
        cache.mkdir(parents=True, exist_ok=True)
        say(f"  fetching pyodide@{PYODIDE_VERSION} with npm pack")
        subprocess.run(["npm", "pack", "--silent", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", str(cache)],
                       check=True, stdout=subprocess.DEVNULL)
        published = subprocess.run(["npm", "view", f"pyodide@{PYODIDE_VERSION}", "dist.integrity"],
                                   check=True, capture_output=True, text=True).stdout.strip()
        if published != PYODIDE_SHA512:
            tarball.unlink()
            raise SystemExit(f"npm reports integrity {published}, build.py pins {PYODIDE_SHA512}")
    actual = sri_sha512(tarball.read_bytes())
    if actual != PYODIDE_SHA512:
        raise SystemExit(f"{tarball}: sha512 {actual} does not match the pinned {PYODIDE_SHA512}; delete it and rebuild")
    return tarball


def vendor_pyodide(tarball: Path, out: Path, *, lean: bool = True) -> None:
    """Copy only the runtime files the page loads (the standard library lean, unless not `lean`: the
    benchmark's bare Pyodide is the package as published)."""
    dest = out / PYODIDE_DIR
    dest.mkdir(parents=True, exist_ok=True)
    sizes = {}
    with tarfile.open(tarball) as tar:
        for name in PYODIDE_FILES:
            blob = tar.extractfile(f"package/{name}").read()
            if lean and name == "python_stdlib.zip":
                blob = lean_stdlib(blob)
            (dest / name).write_bytes(blob)
            sizes[name] = len(blob)
    say(f"  {PYODIDE_DIR}/: {len(sizes)} files, {size(sum(sizes.values()))}")


# Python's standard library less what the page never imports: Pyodide's python_stdlib.zip holds every module
# as source, deflated (2.5 MB, brotli finds nothing more in it). The page's copy leaves these out and stores the
# rest uncompressed, for the server's brotli copy to compress whole: 1.04 MB sent instead of 2.49, so a first
# visit downloads 26% less of the runtime. Nothing here is imported by the agent or by Pyodide's own start:
# the Pyodide tests under Node (test_pyodide, test_demo_pyodide) and every page test run on this zip.
STDLIB_LEFT_OUT = (
    "_pyrepl/", "unittest/", "multiprocessing/", "xml/", "email/", "http/", "xmlrpc/", "wsgiref/", "sqlite3/__main__.py", "sqlite3/dump.py",
    "pdb.py", "bdb.py", "doctest.py", "pydoc.py", "timeit.py", "trace.py", "cProfile.py", "profile.py", "pstats.py",
    "tabnanny.py", "pyclbr.py", "modulefinder.py", "compileall.py", "py_compile.py", "zipapp.py", "pickletools.py",
    "mailbox.py", "imaplib.py", "smtplib.py", "poplib.py", "ftplib.py", "socketserver.py", "shelve.py",
    "webbrowser.py", "antigravity.py", "this.py", "__hello__.py", "pty.py", "tty.py",
)
ENCODINGS_KEPT = {  # the text codecs a page has use for (the others are tables for legacy code pages)
    "__init__", "aliases", "utf_8", "utf_8_sig", "ascii", "latin_1", "cp437", "idna", "punycode", "charmap",
    "raw_unicode_escape", "unicode_escape", "utf_16", "utf_16_be", "utf_16_le", "utf_32", "utf_32_be", "utf_32_le",
    "base64_codec", "hex_codec", "zlib_codec", "undefined",
}


def stdlib_kept(name: str) -> bool:
    if name.startswith("encodings/") and name != "encodings/":
        return name.removeprefix("encodings/").removesuffix(".py") in ENCODINGS_KEPT
    return not name.startswith(STDLIB_LEFT_OUT)  # a package's folder and files, or a module's file


def lean_stdlib(blob: bytes) -> bytes:
    """The standard library's zip without STDLIB_LEFT_OUT, its entries stored, in the same order and with the
    same dates: a function of the pinned runtime alone."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(blob)) as whole, zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as lean:
        for entry in whole.infolist():
            if stdlib_kept(entry.filename):
                kept = zipfile.ZipInfo(entry.filename, entry.date_time)
                kept.external_attr = entry.external_attr
                lean.writestr(kept, whole.read(entry))
    return buffer.getvalue()


# 3. the agent package, and the Python a visit runs, as bytecode ---------------------------

def digest_of(*parts: bytes) -> str:
    """One sha256 of the pinned runtime and these parts, each hashed whole (so no two lists of parts meet)."""
    digest = hashlib.sha256()
    for part in (PYODIDE_SHA512.encode(), *parts):
        digest.update(hashlib.sha256(part).digest())
    return digest.hexdigest()


def site_package() -> Path:
    """The package of the site's tools module (tools_module in data/site.yaml), shipped beside agent_py."""
    settings = yaml.safe_load((ROOT / "data" / "site.yaml").read_text(encoding="utf-8"))
    return ROOT / settings["tools_module"].split(".")[0]


def agent_zip_bytes(agent: Path = ROOT / "agent_py") -> bytes:
    """agent_py's and the site package's .py files as one zip: sorted, fixed timestamps, stored (the .gz/.br
    copies compress it)."""
    buffer = io.BytesIO()
    files = sorted((package, p) for package in (agent, site_package())
                   for p in package.rglob("*.py") if "__pycache__" not in p.parts)
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as zf:
        for package, path in files:
            info = zipfile.ZipInfo(path.relative_to(package.parent).as_posix(), date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            zf.writestr(info, path.read_bytes())
    return buffer.getvalue()


# A first visit would otherwise compile Python source before it is ready: Pyodide's own start imports 125
# modules of the standard library (2.6 MB of source), and the agent imports its own. That was ~2/3 of the
# boot (Node: 1.65 s to 0.54 s as bytecode; the page: ready at 0.4-0.5x of bare Pyodide instead of ~1.1x).
# So the build compiles them with Pyodide's own interpreter (the same wasm, run by Node): the standard
# library's modules that Pyodide's start and the agent's modules import, and the agent's own, as
# `python -OO` would (no docstrings or asserts: the standard library supports it, and the agent never reads a
# docstring or asserts, which tests/test_build.py checks; 24 kB less of the agent as sent). Each
# .pyc replaces its .py (hash-based and unchecked: valid whatever the zip's dates; its header carries the
# hash of the source it was compiled from); the rest of the standard library stays source.
# So do the agent's modules that neither the page's boot nor its first call to a model imports: the demo
# model, which the worker loads after ready (warm()), and the terminal's CLI. Source compresses to half of
# its bytecode (the demo: 57 kB less as sent), and compiling it (~30 ms natively) runs after ready.
BYTECODE_RUNNER = """
import { readFileSync } from "node:fs";
const [runtime, folder] = process.argv.slice(2);
const { loadPyodide } = await import(`file://${runtime}/pyodide.mjs`);
const pyodide = await loadPyodide({ indexURL: `${runtime}/` });
pyodide.mountNodeFS("/build", folder);
pyodide.runPython(readFileSync(`${folder}/bytecode.py`, "utf8"));
process.exit(0);  // Pyodide's event loop leaves timers armed in Node
"""

BYTECODE_PY = """
import importlib, importlib.util, marshal, os, pkgutil, sys, zipfile

def pyc(source, path, optimize):  # flags 1: hash-based, unchecked
    code = compile(source, path, "exec", dont_inherit=True, optimize=optimize)
    head = importlib.util.MAGIC_NUMBER + (1).to_bytes(4, "little") + importlib.util.source_hash(source)
    return head + marshal.dumps(code)

def rewrite(source_zip, out, compiled):  # compiled: {name in the zip: (path it runs as, optimize)}
    with zipfile.ZipFile(source_zip) as zin, zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as zout:
        for entry in zin.infolist():
            data = zin.read(entry)
            name = entry.filename
            if name in compiled:
                data, name = pyc(data, *compiled[name]), name + "c"
            info = zipfile.ZipInfo(name, entry.date_time)
            info.external_attr = entry.external_attr
            zout.writestr(info, data)

stdlib = next(path for path in sys.path if path.endswith(".zip")) + "/"
sys.path.insert(0, "/build/agent.zip")
names = zipfile.ZipFile("/build/agent.zip").namelist()
tops = sorted({name.split("/")[0] for name in names})
for name in ["agent_py.browser", "agent_py.model", *tops]:  # the page's boot, and its first call to a model
    importlib.import_module(name)
boot = set(sys.modules)
for top in tops:
    for module in pkgutil.walk_packages(importlib.import_module(top).__path__, top + "."):
        if not module.name.endswith("__main__"):
            importlib.import_module(module.name)
imported = {m.__spec__.origin.removeprefix(stdlib) for m in list(sys.modules.values())
            if (getattr(getattr(m, "__spec__", None), "origin", None) or "").startswith(stdlib)}
rewrite(stdlib, "/build/python_stdlib.zip", {name: (stdlib + name, 2) for name in imported if name.endswith(".py")})
agent = [name for name in names
         if name.endswith(".py") and name[:-3].removesuffix("/__init__").replace("/", ".") in boot]
home = os.getcwd()  # Pyodide's working folder, where the worker unpacks the agent
rewrite("/build/agent.zip", "/build/agent-bytecode.zip", {name: (f"{home}/{name}", 2) for name in agent})
print(len(imported), len(agent))
"""
BYTECODE_CACHE = Path(os.environ.get("BUILD_CACHE") or USER_CACHE) / "bytecode"


def as_bytecode(runtime: Path, agent_zip: bytes) -> tuple[bytes, bytes, str]:
    """(the runtime's standard library with what a visit imports compiled, the agent zip compiled, a line
    saying so). Cached by what they are made from, as the compressed copies are: Node and Pyodide's start
    take a few seconds."""
    stdlib = (runtime / "python_stdlib.zip").read_bytes()
    cached = BYTECODE_CACHE / digest_of(stdlib, agent_zip, BYTECODE_RUNNER.encode(), BYTECODE_PY.encode())
    names = ("python_stdlib.zip", "agent-bytecode.zip", "said")
    if not cached.is_dir():
        if not shutil.which("node"):
            raise SystemExit("Node.js is needed to build: it runs Pyodide to compile the page's Python")
        work = BYTECODE_CACHE / f"{cached.name}.{os.getpid()}.{threading.get_ident()}"
        work.mkdir(parents=True)
        try:
            (work / "agent.zip").write_bytes(agent_zip)
            (work / "run.mjs").write_text(BYTECODE_RUNNER, encoding="utf-8")
            (work / "bytecode.py").write_text(BYTECODE_PY, encoding="utf-8")
            done = subprocess.run(["node", str(work / "run.mjs"), str(runtime.resolve()), str(work)],
                                  capture_output=True, text=True, timeout=300)
            if done.returncode != 0:
                raise SystemExit(f"compiling the page's Python with Pyodide failed:\n{done.stderr[-3000:]}")
            stdlib_modules, agent_modules = done.stdout.split()[-2:]
            (work / "said").write_text(f"{stdlib_modules} modules of the standard library and {agent_modules} of "
                                       "the agent compiled to bytecode", encoding="utf-8")
            for name in ("agent.zip", "run.mjs", "bytecode.py"):
                (work / name).unlink()
            work.rename(cached)  # atomic: two builds at once never read half of it
        except OSError:
            if not cached.is_dir():
                raise
        finally:
            shutil.rmtree(work, ignore_errors=True)  # left only when it failed, or another build got there first
    stdlib, agent, said = ((cached / name).read_bytes() for name in names)
    return stdlib, agent, said.decode()


def package_agent(out: Path, agent: Path = ROOT / "agent_py") -> str:
    """Write the agent's zip (as bytecode, named by its hash), and the runtime's standard library with the
    modules a visit imports as bytecode; returns the zip's name."""
    stdlib, blob, said = as_bytecode(out / PYODIDE_DIR, agent_zip_bytes(agent))
    (out / PYODIDE_DIR / "python_stdlib.zip").write_bytes(stdlib)
    name = f"agent-{hashlib.sha256(blob).hexdigest()[:12]}.zip"
    (out / name).write_bytes(blob)
    say(f"  {name}: {size(len(blob))}; {said}")
    return name


# 4. data ---------------------------------------------------------------------

def build_data(out: Path) -> None:
    try:
        from pipeline import publish
    except ImportError as exc:
        raise SystemExit(f"the data pipeline is missing ({exc}); it writes site/data/ and the page needs it") from None
    publish.build_data(out / "data")
    files = [p for p in (out / "data").rglob("*") if p.is_file()]
    say(f"  data/: {len(files)} files, {size(sum(p.stat().st_size for p in files))}")


# 5. the page -----------------------------------------------------------------

def content_hash(blob: bytes) -> str:
    return hashlib.sha256(blob).hexdigest()[:10]


# A static import of another template: `import ... from "./name.js"` or `import "./name.js"` (never import()).
STATIC_IMPORT = re.compile(r'(\bfrom\s*|\bimport\s*)"\./([\w-]+\.js)"')


def scripts(entry: str, folder: Path = TEMPLATES) -> list[str]:
    """The entry script and every template it imports, directly or not, each once, the entry first."""
    found = [entry]
    for name in found:
        for _, imported in STATIC_IMPORT.findall((folder / name).read_text(encoding="utf-8")):
            if imported not in found:
                found.append(imported)
    return found


def scripts_bytes(names: list[str], folder: Path = TEMPLATES) -> bytes:
    """These scripts, each with its name, as one run of bytes: what their version or a key is a hash of."""
    return b"".join(name.encode() + b"\0" + (folder / name).read_bytes() + b"\0" for name in names)


def scripts_version(names: list[str]) -> str:
    """One version for all the page's scripts: every one is requested as name?v=<it>, imports included, so
    a page never runs one build's module beside another's."""
    return content_hash(scripts_bytes(names))


def versioned_imports(text: str, version: str) -> str:
    return STATIC_IMPORT.sub(lambda m: f'{m.group(1)}"./{m.group(2)}?v={version}"', text)


FETCHED_RUNTIME = ["pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"]  # the .mjs files are imported


def snapshot_key(stdlib_zip: bytes, agent_zip: bytes, data_manifest: bytes, worker_js: bytes) -> str:
    """What a saved interpreter (templates/worker.js) depends on: the runtime (with its standard library as
    this build made it: the heap holds where each module is in that zip), the agent, the data and the code
    that makes it. Any change gives a new key, so a new build never restores an old heap."""
    return digest_of(stdlib_zip, agent_zip, data_manifest, worker_js)[:16]


def page_config(site: dict, providers: dict, agent_zip: str, out: Path) -> dict:
    """Everything the page and the worker need to know, as JSON.

    runtime_bytes is what the worker fetches before it is ready (the progress bar's total);
    connect is the CSP's connect-src, so the page can tell a base URL it may not reach before any request;
    the provider rules the page applies come from agent_py/providers.py (for_page), written there once.
    """
    return {
        "site": {k: site[k] for k in ("title", "system_prompt", "default_provider", "default_model",
                                      "max_steps", "tools_module", "request_timeout", "retry_backoff") if k in site},
        "providers": providers,
        "connect": connect_sources(providers),
        "agent_zip": agent_zip,
        "snapshot_key": snapshot_key(*((out / name).read_bytes() for name in (
            f"{PYODIDE_DIR}/python_stdlib.zip", agent_zip, "data/manifest.json")),
            scripts_bytes(scripts("worker.js"))),
        # every data request carries it (sw.js serves a build's data only to that build's agent)
        "data_version": hashlib.sha256((out / "data" / "manifest.json").read_bytes()).hexdigest()[:16],
        "pyodide_dir": PYODIDE_DIR + "/",
        "demo_label": DEMO_LABEL,
        # Python's verdict, per provider, for a visitor with no key (with one, the provider's model answers)
        "demo_without_key": {pid: uses_demo({"provider": pid}, row) for pid, row in providers.items()},
        "runtime_bytes": sum((out / PYODIDE_DIR / name).stat().st_size for name in FETCHED_RUNTIME)
                         + (out / agent_zip).stat().st_size,
        **provider_rules.for_page(provider_rules.load_table(providers), site),
    }


def connect_sources(providers: dict) -> list[str]:
    """Where the page may connect: itself, every provider's origin, and local servers on any port."""
    origins = []
    for row in providers.values():
        parts = urlsplit(row["base_url"])
        if parts.hostname not in ("localhost", "127.0.0.1"):
            origin = f"{parts.scheme}://{parts.netloc}"
            if origin not in origins:
                origins.append(origin)
    return ["'self'", *origins, *LOCAL_ORIGINS]


def csp(providers: dict, *, header: bool) -> str:
    """The Content-Security-Policy; frame-ancestors only works (and is only allowed) as a header.
    The manifest is governed by default-src 'self', not by manifest-src, which Safari does not know (its
    console reported it as an unrecognised directive on every load)."""
    rules = [
        "default-src 'self'",
        "script-src 'self' 'wasm-unsafe-eval'",
        "worker-src 'self'",
        "connect-src " + " ".join(connect_sources(providers)),
        "style-src 'self'",
        "img-src 'self'",
        "media-src 'self'",
        "object-src 'none'",
        "frame-src 'none'",
        "base-uri 'none'",
        "form-action 'none'",
    ]
    if header:
        rules.append("frame-ancestors 'none'")
    return "; ".join(rules)


def templates() -> jinja2.Environment:
    return jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=True,
                              undefined=jinja2.StrictUndefined, keep_trailing_newline=True)


def render_page(out: Path, site: dict, providers: dict, config: dict) -> list[str]:
    """Write the page and its files; returns the URLs the page loads (relative, versioned)."""
    versions = {"manifest.webmanifest": content_hash((out / "manifest.webmanifest").read_bytes())}
    for name in STATIC_TEMPLATES:
        blob = (TEMPLATES / name).read_bytes()
        (out / name).write_bytes(blob)
        versions[name] = content_hash(blob)
    page_scripts = {entry: scripts(entry) for entry in SCRIPT_ENTRIES}
    names = list(dict.fromkeys(name for found in page_scripts.values() for name in found))
    version = scripts_version(names)
    for name in names:
        text = versioned_imports((TEMPLATES / name).read_text(encoding="utf-8"), version)
        (out / name).write_text(text, encoding="utf-8")
        versions[name] = version
    # The worker reads its runtime's folder from its URL, to start loading it before any message.
    config = {**config, "worker": f"worker.js?v={version}&runtime={config['pyodide_dir']}"}
    (out / "config.json").write_text(json.dumps(config, indent=1), encoding="utf-8")
    html = templates().get_template("index.html").render(site=site, providers=providers, config=config,
                                                         csp=csp(providers, header=False), v=versions,
                                                         preload=page_scripts["app.js"][1:])
    (out / "index.html").write_text(html, encoding="utf-8")
    say(f"  index.html, {', '.join(STATIC_TEMPLATES + names)}, config.json")
    return ["./", config["worker"], *(f"{name}?v={v}" for name, v in versions.items() if name != "worker.js")]


# 6. installable and offline: the web-app manifest, its icons, the service worker ----------

ICON_SIZES = [192, 512]
PAPER, ACCENT, SEAM = (0xFB, 0xFB, 0xF8), (0x0B, 0x5C, 0xAD), (0xB2, 0x22, 0x22)  # templates/style.css, favicon.svg


def png(width: int, height: int, rows: list[bytes]) -> bytes:
    """An 8-bit RGB PNG from its raw rows."""
    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    pixels = zlib.compress(b"".join(b"\0" + row for row in rows), 9)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")


def app_icon(size: int) -> bytes:
    """The favicon's baseball (white, red rim and seams) on the accent blue, edge to edge; the ball stays
    inside the central 80% circle, so the same icon serves as a maskable one."""
    centre, radius = size / 2, size * 0.34
    seam_centre, seam_radius = 1.83 * radius, 1.55 * radius  # the favicon's seams as arcs of circles
    rim, seam = 0.12 * radius, 0.09 * radius

    def cover(distance: float) -> float:  # anti-aliased coverage of a pixel at this signed distance inside
        return min(1.0, max(0.0, distance + 0.5))

    rows = []
    for y in range(size):
        row = bytearray()
        for x in range(size):
            dx, dy = x + 0.5 - centre, y + 0.5 - centre
            d = math.hypot(dx, dy)
            ball = cover(radius - d)
            red = max(cover(rim / 2 - abs(d - radius)),
                      ball * cover(seam / 2 - abs(math.hypot(dx + seam_centre, dy) - seam_radius)),
                      ball * cover(seam / 2 - abs(math.hypot(dx - seam_centre, dy) - seam_radius)))
            for bg, white, r in zip(ACCENT, (255, 255, 255), SEAM):
                row.append(round((bg * (1 - ball) + white * ball) * (1 - red) + r * red))
        rows.append(bytes(row))
    return png(size, size, rows)


ICON_CACHE = Path(os.environ.get("BUILD_CACHE") or USER_CACHE) / "icons"


def cached_icon(size: int) -> bytes:
    """app_icon(size), drawn once per machine (3-4 s of pure Python for both sizes): cached by the code that
    draws it and its colours, as the compressed copies are."""
    import inspect

    code = "".join(inspect.getsource(f) for f in (app_icon, png)) + repr((size, PAPER, ACCENT, SEAM))
    path = ICON_CACHE / f"{hashlib.sha256(code.encode()).hexdigest()}.png"
    if not path.exists():
        ICON_CACHE.mkdir(parents=True, exist_ok=True)
        replace_file(path, app_icon(size))
    return path.read_bytes()


def write_app_files(out: Path, site: dict) -> None:
    """manifest.webmanifest and its icons: what makes the page installable as an app."""
    icons = []
    for n in ICON_SIZES:
        (out / f"icon-{n}.png").write_bytes(cached_icon(n))
        icons += [{"src": f"icon-{n}.png", "sizes": f"{n}x{n}", "type": "image/png", "purpose": purpose}
                  for purpose in ("any", "maskable")]
    manifest = {"name": site["title"], "short_name": site.get("short_name", site["title"]),
                "description": " ".join(site["intro"].split()), "start_url": "./", "scope": "./",
                "display": "standalone", "background_color": "#%02x%02x%02x" % PAPER,
                "theme_color": "#%02x%02x%02x" % ACCENT, "icons": icons}
    (out / "manifest.webmanifest").write_text(json.dumps(manifest, indent=1), encoding="utf-8")
    say(f"  manifest.webmanifest, icons {', '.join(map(str, ICON_SIZES))} px")


def first_answer_data(out: Path, config: dict) -> list[str]:
    """The data files the page reads before its first answer: the initial set, and what the tools'
    warm-up reads (found by running it here, in CPython, against the data just built)."""
    from agent_py import browser, data

    manifest = json.loads((out / "data" / "manifest.json").read_text(encoding="utf-8"))
    names = [name for name, f in manifest["files"].items() if f.get("group") == "initial"]
    previous, before = data.root(), len(data.fetched)
    data.configure(str(out / "data"))
    try:
        browser.Session(json.dumps(config)).warm()
    finally:
        data.configure(previous)
    return sorted({"manifest.json", *names, *data.fetched[before:]})


def write_service_worker(out: Path, urls: list[str]) -> str:
    """sw.js for this build: each URL it keeps with its sha256, and the build's name (their hash), so any
    change gives a new sw.js, which the browser installs as a new version. Returns the build's name."""
    files = {}
    for url in urls:
        path = url.split("?", 1)[0]
        files[url] = hashlib.sha256((out / (path if path != "./" else "index.html")).read_bytes()).hexdigest()
    template = (TEMPLATES / "sw.js").read_text(encoding="utf-8")
    build_id = hashlib.sha256(json.dumps(files, sort_keys=True).encode() + template.encode()).hexdigest()[:12]
    text = templates().get_template("sw.js").render(build=build_id, files=files)
    (out / "sw.js").write_text(text, encoding="utf-8")
    say(f"  sw.js: build {build_id}, {len(files)} files kept for offline use")
    return build_id


# 7. headers for static hosts ----------------------------------------------------

def headers_file(providers: dict) -> str:
    """Netlify / Cloudflare Pages `_headers`: the CSP on every response, and cache rules."""
    policy = csp(providers, header=True)
    return "\n".join([
        "/*",
        f"  Content-Security-Policy: {policy}",
        "  X-Content-Type-Options: nosniff",
        "  Referrer-Policy: no-referrer",
        "  Permissions-Policy: microphone=(self)",
        "  Cache-Control: no-cache",
        f"/{PYODIDE_DIR}/*",
        "  Cache-Control: public, max-age=31536000, immutable",
        "/agent-*",
        "  Cache-Control: public, max-age=31536000, immutable",
        "",
    ])


def write_headers(out: Path, providers: dict) -> None:
    (out / "_headers").write_text(headers_file(providers), encoding="utf-8")
    say("  _headers")


# 8. precompressed copies ---------------------------------------------------------
#
# Brotli levels, chosen by what each level buys (brotli 1.2.1 on the 2-core build machine):
#   pyodide.asm.wasm, 9.6 MB   q9 3.11 MB in 1.4 s, q10 2.80 MB in 13 s, q11 2.74 MB in 22 s
#   pyodide.asm.mjs, 1.3 MB    q9 232 kB in 0.05 s, q10 215 kB in 0.6 s, q11 207 kB in 1.4 s
#   python_stdlib.zip, 5.4 MB  lean, stored, what a visit imports as bytecode: q9 1.535 MB in 0.8 s,
#                              q10 1.406 MB in 6.5 s, q11 1.372 MB in 11.7 s (all of it source: q9 1.148 MB,
#                              q11 1.036 MB; Pyodide's own, deflated: q9 2.494 MB, q11 2.487 MB)
#   data + page, 17 MB         q9 4.59 MB in 0.6 s, q10 3.96 MB in 6.9 s, q11 3.89 MB in 23 s
# So 10 for the wasm (q11 would add 9 s to a fresh build for 2% less) and the stdlib zip (5 s for 2.4%),
# 11 for pyodide.asm.mjs, 10 for the rest (q11 triples the time for 2% less).
# Each copy is made once per content and level and cached by hash, so only a fresh clone pays;
# the runtime's jobs start first, while the data is built. gzip (for clients without brotli) is
# level 9 everywhere: 2.6 s for all of it.

BROTLI_QUALITY = {"pyodide.asm.mjs": 11}
BROTLI_DEFAULT = 10
BROTLI_CHUNK = 6  # the sql tool's database chunks (data/lahman/*.bin, 62 MB): q10 would add ~25 s to a fresh build
GZIP_LEVEL = 9


def gzip_bytes(blob: bytes) -> bytes:
    return gzip.compress(blob, compresslevel=GZIP_LEVEL, mtime=0)


def compressors(name: str) -> list[tuple[str, str, object]]:
    """(suffix, cache key, function) for each precompressed copy of a file called `name`: the database's
    chunks have a brotli copy alone (a client without brotli gets them as they are: 62 MB of .gz copies
    fewer in the site)."""
    chunk = name.endswith(".bin")
    quality = BROTLI_QUALITY.get(name, BROTLI_CHUNK if chunk else BROTLI_DEFAULT)
    return [*([] if chunk else [(".gz", f"gz{GZIP_LEVEL}", gzip_bytes)]),
            (".br", f"br{quality}", lambda blob: brotli.compress(blob, quality=quality))]


def compressed(blob: bytes, key: str, compress, cache: Path = COMPRESSED) -> bytes:
    """Compress once per content and level: the result is cached under the blob's sha256."""
    path = cache / f"{hashlib.sha256(blob).hexdigest()}.{key}"
    if path.exists():
        return path.read_bytes()
    packed = compress(blob)
    cache.mkdir(parents=True, exist_ok=True)
    replace_file(path, packed)  # atomic: two builds at once never read half a file
    return packed


def compressible(path: Path) -> bool:
    return path.is_file() and path.suffix in COMPRESS_SUFFIXES and path.stat().st_size >= COMPRESS_MIN_BYTES


class Precompressor:
    """Writes the .gz and .br copies in worker threads (zlib and brotli release the GIL while they work),
    so the runtime's long jobs run while the data is being built. ``add`` queues a file or the files of a
    folder, largest first; leaving the ``with`` block waits for all and prints the totals."""

    def __init__(self, workers: int | None = None):
        self.pool = ThreadPoolExecutor(max_workers=workers or os.cpu_count() or 2)
        self.jobs: list = []
        self.raw = 0

    def __enter__(self) -> "Precompressor":
        return self

    def add(self, path: Path, skip: tuple[Path, ...] = (), missing_only: bool = False) -> None:
        """Queue `path`'s copies (or, with `missing_only`, those not there yet)."""
        found = [path] if path.is_file() else path.rglob("*")
        paths = [p for p in found if compressible(p) and not any(p.is_relative_to(s) for s in skip)]
        for path in sorted(paths, key=lambda p: -p.stat().st_size):
            wanted = [c for c in compressors(path.name)
                      if not (missing_only and path.with_name(path.name + c[0]).exists())]
            blob = path.read_bytes() if wanted else b""
            self.raw += len(blob)
            for suffix, key, compress in wanted:
                self.jobs.append(self.pool.submit(self._write, path, suffix, blob, key, compress))

    @staticmethod
    def _write(path: Path, suffix: str, blob: bytes, key: str, compress) -> tuple[str, int]:
        packed = compressed(blob, key, compress)
        replace_file(path.with_name(path.name + suffix), packed)
        return suffix, len(packed)

    def __exit__(self, kind, *_) -> None:
        self.pool.shutdown(wait=True, cancel_futures=kind is not None)
        if kind is None:
            packed = {".gz": 0, ".br": 0}
            for job in self.jobs:
                suffix, n = job.result()
                packed[suffix] += n
            say(f"  precompressed {size(self.raw)} -> {size(packed['.gz'])} gzip, {size(packed['.br'])} brotli")


# -----------------------------------------------------------------------------

def linked_copy(source: Path, target: Path) -> Path:
    """A copy of the folder `source` made of hard links where the file system allows them (else copies): the
    data folder's 159 MB in a fraction of a second. A file of the copy is changed by replacing it
    (replace_file), never by writing into it, which would change the source's file too."""
    def link(src: str, dst: str) -> None:
        try:
            os.link(src, dst)
        except OSError:
            shutil.copy2(src, dst)
    return Path(shutil.copytree(source, target, copy_function=link))


def build(out: Path, *, agent: Path = ROOT / "agent_py", data: Path | None = None) -> Path:
    """Build the site into `out`. `agent` is the package to ship (the tests ship a changed copy to make
    a second build); `data` is a data folder built before, hard-linked (linked_copy) instead of running the
    pipeline, whose compressed copies are kept (only a file without its copies gets them)."""
    out = out.resolve()
    say(f"building {out}")
    site, providers = load_settings()
    if out.exists():
        if out != ROOT / "site" and any(out.iterdir()) and not (out / "_headers").exists():
            raise SystemExit(f"{out} is not empty and is not a built site; refusing to replace it")
        shutil.rmtree(out)
    out.mkdir(parents=True)
    started = time.monotonic()
    tarball = fetch_pyodide()
    if data is None:
        from pipeline import databank

        databank.fetch_wheel()  # the data's source (a download, like the runtime)
    downloads = time.monotonic() - started
    vendor_pyodide(tarball, out)
    stdlib = out / PYODIDE_DIR / "python_stdlib.zip"
    with Precompressor() as precompressor:
        precompressor.add(out / PYODIDE_DIR, skip=(stdlib,))  # the longest jobs, while the rest is built
        agent_zip = package_agent(out, agent)  # it also compiles what the standard library's start imports
        precompressor.add(stdlib)
        if data is None:
            build_data(out)
        else:
            linked_copy(data, out / "data")
        write_app_files(out, site)
        config = page_config(site, providers, agent_zip, out)
        page = render_page(out, site, providers, config)
        write_headers(out, providers)
        write_service_worker(out, [*page, *(f"{PYODIDE_DIR}/{name}" for name in PYODIDE_FILES), agent_zip,
                                   *(f"data/{name}" for name in first_answer_data(out, config)),
                                   *(f"icon-{n}.png" for n in ICON_SIZES)])
        precompressor.add(out, skip=(out / PYODIDE_DIR,) + ((out / "data",) if data else ()))
        if data is not None:
            precompressor.add(out / "data", missing_only=True)
    say(f"done in {time.monotonic() - started:.1f} s ({downloads:.1f} s of it fetching downloads)")
    return out


def is_fresh(site: Path) -> bool:
    """site was built from what is here now: built after the last change to any of BUILD_INPUTS."""
    marker = site / "_headers"
    if not (marker.exists() and (site / "index.html").exists()):
        return False
    files = [ROOT / name for name in BUILD_INPUTS]
    files = [f for path in files for f in ([path] if path.is_file() else path.rglob("*"))
             if f.is_file() and "__pycache__" not in f.parts]
    return marker.stat().st_mtime > max(f.stat().st_mtime for f in files)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "site", help="output folder (default: site/)")
    parser.add_argument("--if-stale", action="store_true", help="do nothing when the output is up to date")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    if args.if_stale and is_fresh(args.out):
        say(f"{args.out} is up to date")
        return
    build(args.out)


if __name__ == "__main__":
    main()
