"""Build the static site: templates + settings + Pyodide + the agent + the data -> site/.

    python build.py [--out DIR]

Steps, one function each, in order:
  1. read the settings (data/site.yaml, data/providers.yaml)
  2. vendor the Pyodide runtime from the npm tarball pyodide@314.0.8
     (fetched once into .cache/ with `npm pack`, sha512-checked)
  3. package agent_py (and only it) as a zip whose name carries its hash
  4. run the data pipeline into DIR/data/
  5. render the page (index.html, app.js, worker.js, style.css, config.json)
  6. write _headers (CSP and cache rules for Netlify / Cloudflare Pages; serve.py reads it too)
  7. write .gz and .br copies of the large assets

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
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path
from urllib.parse import urlsplit

import brotli
import jinja2
import yaml

ROOT = Path(__file__).resolve().parent
CACHE = ROOT / ".cache"
TEMPLATES = ROOT / "templates"

PYODIDE_VERSION = "314.0.8"
# npm's dist.integrity for pyodide@314.0.8, checked against `npm view` when fetched.
PYODIDE_SHA512 = "sha512-74Wq1kXOC+CCEzAfxuRAO701nAcCMLjf8NrwvWpu8S41dVMXwXmLQ05dYB+F4e46AdnGo0oq7YHSVUpHsoarLQ=="
# What loadPyodide requests in a module worker (pyodide.mjs imports pyodide.asm.mjs,
# then fetches the lock file, the wasm and the standard library).
PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"]
PYODIDE_DIR = f"pyodide-{PYODIDE_VERSION}"  # versioned path, so it can be cached for a year

STATIC_TEMPLATES = ["app.js", "worker.js", "style.css", "favicon.svg"]
COMPRESS_SUFFIXES = {".wasm", ".zip", ".json", ".js", ".mjs", ".css", ".html", ".svg"}
COMPRESS_MIN_BYTES = 1024
LOCAL_ORIGINS = ["http://localhost:*", "http://127.0.0.1:*"]


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


def vendor_pyodide(tarball: Path, out: Path) -> dict[str, int]:
    """Copy only the runtime files the page loads; returns {name: bytes}."""
    dest = out / PYODIDE_DIR
    dest.mkdir(parents=True, exist_ok=True)
    sizes = {}
    with tarfile.open(tarball) as tar:
        for name in PYODIDE_FILES:
            blob = tar.extractfile(f"package/{name}").read()
            (dest / name).write_bytes(blob)
            sizes[name] = len(blob)
    say(f"  {PYODIDE_DIR}/: {len(sizes)} files, {size(sum(sizes.values()))}")
    return sizes


# 3. the agent package --------------------------------------------------------

def agent_zip_bytes(package: Path = ROOT / "agent_py") -> bytes:
    """agent_py's .py files as a zip: sorted, fixed timestamps, stored (the .gz/.br copies compress it)."""
    buffer = io.BytesIO()
    files = sorted(p for p in package.rglob("*.py") if "__pycache__" not in p.parts)
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as zf:
        for path in files:
            info = zipfile.ZipInfo(path.relative_to(package.parent).as_posix(), date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            zf.writestr(info, path.read_bytes())
    return buffer.getvalue()


def package_agent(out: Path) -> str:
    blob = agent_zip_bytes()
    name = f"agent-{hashlib.sha256(blob).hexdigest()[:12]}.zip"
    (out / name).write_bytes(blob)
    say(f"  {name}: {size(len(blob))}")
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


FETCHED_RUNTIME = ["pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"]  # the .mjs files are imported


def page_config(site: dict, providers: dict, agent_zip: str, runtime_sizes: dict[str, int], out: Path) -> dict:
    """Everything the page and the worker need to know, as JSON.

    runtime_bytes is what the worker fetches before it is ready (the progress bar's total).
    """
    return {
        "site": {k: site[k] for k in ("title", "system_prompt", "default_provider", "default_model",
                                      "max_steps", "tools_module", "request_timeout") if k in site},
        "providers": providers,
        "agent_zip": agent_zip,
        "pyodide_dir": PYODIDE_DIR + "/",
        "runtime_bytes": sum(runtime_sizes[k] for k in FETCHED_RUNTIME) + (out / agent_zip).stat().st_size,
    }


def csp(providers: dict, *, header: bool) -> str:
    """The Content-Security-Policy; frame-ancestors only works (and is only allowed) as a header."""
    origins = []
    for row in providers.values():
        parts = urlsplit(row["base_url"])
        if parts.hostname not in ("localhost", "127.0.0.1"):
            origin = f"{parts.scheme}://{parts.netloc}"
            if origin not in origins:
                origins.append(origin)
    rules = [
        "default-src 'none'",
        "script-src 'self' 'wasm-unsafe-eval'",
        "worker-src 'self'",
        "connect-src " + " ".join(["'self'", *origins, *LOCAL_ORIGINS]),
        "style-src 'self'",
        "img-src 'self'",
        "media-src 'self'",
        "base-uri 'none'",
        "form-action 'none'",
    ]
    if header:
        rules.append("frame-ancestors 'none'")
    return "; ".join(rules)


def render_page(out: Path, site: dict, providers: dict, config: dict) -> None:
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=True,
                             undefined=jinja2.StrictUndefined, keep_trailing_newline=True)
    versions = {}
    for name in STATIC_TEMPLATES:
        blob = (TEMPLATES / name).read_bytes()
        (out / name).write_bytes(blob)
        versions[name] = content_hash(blob)
    config = {**config, "worker": f"worker.js?v={versions['worker.js']}"}
    (out / "config.json").write_text(json.dumps(config, indent=1), encoding="utf-8")
    html = env.get_template("index.html").render(site=site, providers=providers, config=config,
                                                 csp=csp(providers, header=False), v=versions)
    (out / "index.html").write_text(html, encoding="utf-8")
    say(f"  index.html, {', '.join(STATIC_TEMPLATES)}, config.json")


# 6. headers for static hosts ----------------------------------------------------

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


# 7. precompressed copies ---------------------------------------------------------

def gzip_bytes(blob: bytes) -> bytes:
    return gzip.compress(blob, compresslevel=9, mtime=0)


def _cached(kind: str, blob: bytes, compress) -> bytes:
    """Compress once per content (brotli at quality 11 takes seconds on the wasm)."""
    path = CACHE / "compressed" / f"{hashlib.sha256(blob).hexdigest()}.{kind}"
    if path.exists():
        return path.read_bytes()
    packed = compress(blob)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(packed)
    return packed


def precompress(out: Path) -> None:
    raw = packed_gz = packed_br = 0
    for path in sorted(out.rglob("*")):
        if not path.is_file() or path.suffix not in COMPRESS_SUFFIXES or path.stat().st_size < COMPRESS_MIN_BYTES:
            continue
        blob = path.read_bytes()
        gz = _cached("gz", blob, gzip_bytes)
        br = _cached("br", blob, lambda b: brotli.compress(b, quality=11))
        path.with_name(path.name + ".gz").write_bytes(gz)
        path.with_name(path.name + ".br").write_bytes(br)
        raw, packed_gz, packed_br = raw + len(blob), packed_gz + len(gz), packed_br + len(br)
    say(f"  precompressed {size(raw)} -> {size(packed_gz)} gzip, {size(packed_br)} brotli")


# -----------------------------------------------------------------------------

def build(out: Path) -> Path:
    out = out.resolve()
    say(f"building {out}")
    site, providers = load_settings()
    if out.exists():
        if out != ROOT / "site" and any(out.iterdir()) and not (out / "_headers").exists():
            raise SystemExit(f"{out} is not empty and is not a built site; refusing to replace it")
        shutil.rmtree(out)
    out.mkdir(parents=True)
    runtime = vendor_pyodide(fetch_pyodide(), out)
    agent_zip = package_agent(out)
    build_data(out)
    render_page(out, site, providers, page_config(site, providers, agent_zip, runtime, out))
    write_headers(out, providers)
    precompress(out)
    say("done")
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "site", help="output folder (default: site/)")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    build(args.out)


if __name__ == "__main__":
    main()
