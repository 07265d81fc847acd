"""build.py and serve.py: what the static folder holds, and how it is served."""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import re
import shutil
import tarfile
import urllib.request
import zipfile
from pathlib import Path

import brotli
import pytest

import build
from serve import headers_for, parse_headers_file, serve_in_thread


@pytest.fixture(scope="module")
def served(site_dir):
    server, url = serve_in_thread(site_dir)
    yield url
    server.shutdown()
    server.server_close()


def fetch(url: str, encoding: str | None = None):
    request = urllib.request.Request(url, headers={"Accept-Encoding": encoding} if encoding else {})
    with urllib.request.urlopen(request) as resp:
        return resp.status, {k.lower(): v for k, v in resp.headers.items()}, resp.read()


def test_site_holds_the_page_the_runtime_the_agent_and_the_data(site_dir):
    for name in ["index.html", "app.js", "worker.js", "style.css", "config.json", "_headers", "data/manifest.json"]:
        assert (site_dir / name).is_file(), name
    runtime = sorted(p.name for p in (site_dir / build.PYODIDE_DIR).iterdir() if p.suffix not in (".gz", ".br"))
    assert runtime == sorted(build.PYODIDE_FILES)  # only what loadPyodide requests
    config = json.loads((site_dir / "config.json").read_text())
    agent = site_dir / config["agent_zip"]
    assert agent.name == f"agent-{hashlib.sha256(agent.read_bytes()).hexdigest()[:12]}.zip"
    fetched = sum((site_dir / build.PYODIDE_DIR / n).stat().st_size for n in build.FETCHED_RUNTIME)
    assert config["runtime_bytes"] == fetched + agent.stat().st_size
    assert config["site"]["tools_module"] == "baseball"
    assert set(config["providers"]) >= {"anthropic", "openai", "ollama"}


def test_agent_zip_is_deterministic_and_holds_only_agent_py_and_the_site_package():
    first, second = build.agent_zip_bytes(), build.agent_zip_bytes()
    assert first == second
    names = zipfile.ZipFile(io.BytesIO(first)).namelist()
    assert names == sorted(names)
    assert all(n.startswith(("agent_py/", "baseball/")) and n.endswith(".py") for n in names)
    assert {"agent_py/__init__.py", "agent_py/loop.py", "agent_py/browser.py", "baseball/__init__.py"} <= set(names)
    assert not any("__pycache__" in n for n in names)


def test_the_agent_imports_nothing_of_the_site():
    """agent_py is the reusable agent: it finds the site through tools_module, never by an import."""
    import ast

    imported = set()
    for path in (build.ROOT / "agent_py").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                imported |= {(path.name, alias.name) for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                imported.add((path.name, node.module))
    assert len(imported) > 50  # the walk saw the package's imports
    assert not [pair for pair in imported if pair[1].split(".")[0] == build.site_package().name]


def test_agent_zip_imports_in_a_clean_python(tmp_path):
    (tmp_path / "agent.zip").write_bytes(build.agent_zip_bytes())
    import subprocess
    import sys

    code = "import sys; sys.path.insert(0, 'agent.zip'); import agent_py.browser, agent_py.loop, baseball; print('ok')"
    out = subprocess.run([sys.executable, "-I", "-c", code], cwd=tmp_path, capture_output=True, text=True)
    assert out.stdout.strip() == "ok", out.stderr


def test_csp_allows_self_wasm_and_the_providers_only(site_dir):
    providers = json.loads((site_dir / "config.json").read_text())["providers"]
    policy = dict(rule.split(" ", 1) for rule in build.csp(providers, header=True).split("; "))
    assert policy["script-src"] == "'self' 'wasm-unsafe-eval'"
    assert policy["default-src"] == "'self'" and policy["object-src"] == policy["frame-src"] == "'none'"
    assert policy["style-src"] == "'self'"
    connect = policy["connect-src"].split()
    assert connect[0] == "'self'"
    assert {"https://api.anthropic.com", "https://api.openai.com", "https://api.deepseek.com",
            "http://localhost:*", "http://127.0.0.1:*"} <= set(connect)
    assert not any("localhost:11434" in c for c in connect)  # local providers are covered by the wildcards
    assert "unsafe-inline" not in build.csp(providers, header=True)


def test_page_has_no_inline_script_or_style(site_dir):
    html = (site_dir / "index.html").read_text()
    meta = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)"', html).group(1)
    assert "frame-ancestors" not in meta  # ignored (with a console error) in a meta tag
    assert "script-src 'self' 'wasm-unsafe-eval'" in meta.replace("&#39;", "'")
    for tag in re.findall(r"<script\b[^>]*>", html):
        assert "src=" in tag or 'type="application/json"' in tag, tag
    assert " style=" not in html and "<style" not in html
    assert not re.search(r"\son[a-z]+=", html)  # no inline event handlers
    assert "https://cdn" not in html


def test_headers_file_sends_csp_everywhere_and_caches_versioned_files(site_dir):
    rules = parse_headers_file((site_dir / "_headers").read_text())
    page = headers_for(rules, "/index.html")
    wasm = headers_for(rules, f"/{build.PYODIDE_DIR}/pyodide.asm.wasm")
    assert "frame-ancestors 'none'" in page["Content-Security-Policy"]
    assert wasm["Content-Security-Policy"] == page["Content-Security-Policy"]
    assert page["Cache-Control"] == "no-cache"
    assert "immutable" in wasm["Cache-Control"]


def test_precompressed_copies_match_their_originals(site_dir):
    big = [site_dir / build.PYODIDE_DIR / "pyodide.asm.wasm", site_dir / build.PYODIDE_DIR / "python_stdlib.zip",
           site_dir / "app.js", site_dir / "data" / "manifest.json"]
    for path in big:
        original = path.read_bytes()
        gz = path.with_name(path.name + ".gz").read_bytes()
        assert gz[4:8] == b"\0\0\0\0", "gzip mtime must be 0 for reproducible builds"
        assert gzip.decompress(gz) == original
        assert brotli.decompress(path.with_name(path.name + ".br").read_bytes()) == original
    wasm = big[0]
    assert wasm.with_name(wasm.name + ".br").stat().st_size < 0.5 * wasm.stat().st_size


def test_server_sends_csp_mime_types_and_precompressed_bodies(site_dir, served):
    status, headers, body = fetch(served)
    assert status == 200 and headers["content-type"].startswith("text/html")
    assert "connect-src 'self'" in headers["content-security-policy"]
    assert "Demo mode: no model" in body.decode()

    wasm = site_dir / build.PYODIDE_DIR / "pyodide.asm.wasm"
    url = f"{served}{build.PYODIDE_DIR}/pyodide.asm.wasm"
    _, headers, body = fetch(url, "gzip, deflate, br")
    assert headers["content-encoding"] == "br" and headers["content-type"] == "application/wasm"
    assert brotli.decompress(body) == wasm.read_bytes()
    _, headers, body = fetch(url, "gzip")
    assert headers["content-encoding"] == "gzip" and gzip.decompress(body) == wasm.read_bytes()
    _, headers, body = fetch(url)
    assert "content-encoding" not in headers and body == wasm.read_bytes()
    _, headers, _ = fetch(f"{served}{build.PYODIDE_DIR}/pyodide.mjs")
    assert headers["content-type"] == "text/javascript"
    _, headers, _ = fetch(f"{served}worker.js")
    assert "script-src 'self' 'wasm-unsafe-eval'" in headers["content-security-policy"]


def compiled_from(pyc: bytes, source: bytes) -> bool:
    """A .pyc as build.py writes it (hash-based, unchecked) whose header carries this source's hash, keyed by
    the .pyc's own magic number as CPython keys it (so Python 3.14's bytecode is checked from this Python)."""
    import _imp

    return int.from_bytes(pyc[4:8], "little") == 1 and pyc[8:16] == _imp.source_hash(
        int.from_bytes(pyc[:4], "little"), source)


def test_the_standard_library_is_lean_and_what_it_keeps_is_pyodides(site_dir):
    """The page's python_stdlib.zip: Pyodide's less the modules left out, stored (so the server's brotli copy
    compresses it whole), every file Pyodide's byte for byte, except that the modules a visit imports are
    bytecode compiled from Pyodide's own source by Pyodide's own interpreter."""
    with tarfile.open(build.fetch_pyodide()) as tar:
        published = tar.extractfile("package/python_stdlib.zip").read()
    whole = zipfile.ZipFile(io.BytesIO(published))
    lean_path = site_dir / build.PYODIDE_DIR / "python_stdlib.zip"
    lean = zipfile.ZipFile(lean_path)
    kept = [n for n in whole.namelist() if build.stdlib_kept(n)]
    names = lean.namelist()
    assert [n.removesuffix("c") for n in names] == kept  # in Pyodide's order, a .pyc where its .py was
    compiled = [n for n in names if n.endswith(".pyc")]
    assert all(compiled_from(lean.read(n), whole.read(n.removesuffix("c"))) for n in compiled)
    assert all(lean.read(n) == whole.read(n) for n in names if not n.endswith(".pyc"))
    assert len({lean.read(n)[:4] for n in compiled}) == 1  # one interpreter's magic number
    assert {"asyncio/base_events.pyc", "typing.pyc", "json/__init__.pyc", "_pyodide/_base.pyc",
            "dataclasses.pyc", "encodings/utf_8.pyc"} <= set(compiled)  # Pyodide's start and the agent's imports
    assert {"csv.py", "decimal.py", "pickle.py"} <= set(names)  # the rest stays source
    assert {i.compress_type for i in lean.infolist()} == {zipfile.ZIP_STORED}
    gone = set(whole.namelist()) - set(kept)
    assert {"email/__init__.py", "unittest/__init__.py", "pdb.py", "encodings/cp1252.py"} <= gone
    assert not gone & {"asyncio/__init__.py", "json/__init__.py", "zipfile/__init__.py", "traceback.py",
                       "encodings/utf_8.py", "encodings/aliases.py", "difflib.py", "dataclasses.py"}
    sent = lean_path.with_name("python_stdlib.zip.br").stat().st_size
    assert sent < 0.6 * len(published)  # 1.37 MB against 2.55 (whose brotli copy is 2.49)


def test_the_agent_ships_as_bytecode_compiled_from_its_source(shipped_agent):
    """What the page's boot and its first model call import is bytecode; the demo (loaded after ready) and the
    terminal's CLI stay source, which compresses to half."""
    source = zipfile.ZipFile(io.BytesIO(build.agent_zip_bytes()))
    shipped = zipfile.ZipFile(shipped_agent)
    kept = [n for n in source.namelist() if n.startswith(("baseball/demo/", "agent_py/cli.py", "agent_py/__main__"))]
    assert len(kept) > 30
    assert shipped.namelist() == [n if n in kept else n + "c" for n in source.namelist()]
    assert all(compiled_from(shipped.read(n + "c"), source.read(n)) for n in source.namelist() if n not in kept)
    assert all(shipped.read(n) == source.read(n) for n in kept)
    assert {i.compress_type for i in shipped.infolist()} == {zipfile.ZIP_STORED}


def test_compiling_needs_node_only_for_what_is_not_cached(site_dir, shipped_agent, tmp_path, monkeypatch):
    """The bytecode is cached by what it is made from; a build that has to compile without Node says why."""
    with tarfile.open(build.fetch_pyodide()) as tar:
        published = tar.extractfile("package/python_stdlib.zip").read()
    (tmp_path / "python_stdlib.zip").write_bytes(build.lean_stdlib(published))
    agent = build.agent_zip_bytes()
    monkeypatch.setattr(build.shutil, "which", lambda name: None)
    stdlib, compiled, said = build.as_bytecode(tmp_path, agent)  # the site's build compiled these: no Node
    assert stdlib == (site_dir / build.PYODIDE_DIR / "python_stdlib.zip").read_bytes()
    assert compiled == shipped_agent.read_bytes()
    assert "compiled to bytecode" in said
    with pytest.raises(SystemExit, match="Node.js is needed to build"):
        build.as_bytecode(tmp_path, agent + b" ")


def test_a_compile_that_fails_says_so_and_caches_nothing(tmp_path, monkeypatch):
    (tmp_path / "python_stdlib.zip").write_bytes(b"not a zip")  # and no runtime beside it
    monkeypatch.setattr(build, "BYTECODE_CACHE", tmp_path / "cache")
    with pytest.raises(SystemExit, match="compiling the page's Python with Pyodide failed"):
        build.as_bytecode(tmp_path, build.agent_zip_bytes())
    assert list((tmp_path / "cache").iterdir()) == []


def test_pyodide_tarball_with_a_wrong_checksum_is_refused(tmp_path):
    tarball = build.fetch_pyodide()  # the real one (fetched with npm pack when missing)
    copy = tmp_path / tarball.name
    shutil.copy(tarball, copy)
    blob = bytearray(copy.read_bytes())
    blob[1000] ^= 0xFF
    copy.write_bytes(bytes(blob))
    with pytest.raises(SystemExit, match="does not match the pinned"):
        build.fetch_pyodide(cache=tmp_path)
    assert build.fetch_pyodide(cache=Path(tarball).parent) == tarball


def test_service_worker_keeps_what_the_first_answer_needs_each_with_its_hash(site_dir):
    files = json.loads(re.search(r"const FILES = (\{.*?\});", (site_dir / "sw.js").read_text()).group(1))
    config = json.loads((site_dir / "config.json").read_text())
    paths = {url.split("?")[0] for url in files}
    assert {"./", "app.js", "worker.js", "style.css", "manifest.webmanifest", config["agent_zip"],
            "data/manifest.json", "data/teams.json", "data/players/index.json"} <= paths
    assert {f"{build.PYODIDE_DIR}/{name}" for name in build.PYODIDE_FILES} <= paths
    for url, sha in files.items():
        path = url.split("?")[0]
        assert hashlib.sha256((site_dir / (path if path != "./" else "index.html")).read_bytes()).hexdigest() == sha
    html = (site_dir / "index.html").read_text()
    assert all(url in html for url in files if url.startswith(("app.js?", "style.css?", "manifest.webmanifest?")))


def test_every_script_is_loaded_with_the_build_s_one_version(site_dir):
    """Every template script is reached from app.js or worker.js (one nobody imports never runs), and each is
    requested with the build's one ?v=, imports included: named so in sw.js, preloaded for the page."""
    files = json.loads(re.search(r"const FILES = (\{.*?\});", (site_dir / "sw.js").read_text()).group(1))
    version = re.search(r"worker\.js\?v=(\w+)&", json.loads((site_dir / "config.json").read_text())["worker"]).group(1)
    page, worker = build.scripts("app.js"), build.scripts("worker.js")
    assert {p.name for p in build.TEMPLATES.glob("*.js")} - {"sw.js"} == {*page, *worker}
    html = (site_dir / "index.html").read_text()
    for name in {*page, *worker}:
        assert any(url.startswith(f"{name}?v={version}") for url in files), name
        assert set(re.findall(r'"\./[\w-]+\.js\?v=(\w+)"', (site_dir / name).read_text())) <= {version}
    assert all(f'<link rel="modulepreload" href="{name}?v={version}">' in html for name in page[1:])


def test_snapshot_key_changes_with_the_standard_library_the_agent_the_data_and_the_worker():
    parts = [b"stdlib", b"agent", b"data", b"worker"]
    base = build.snapshot_key(*parts)
    assert base == build.snapshot_key(*parts)
    changed = [build.snapshot_key(*parts[:i], part + b"2", *parts[i + 1:]) for i, part in enumerate(parts)]
    assert len({base, *changed}) == 5


def test_manifest_and_icons_make_the_page_installable(site_dir):
    manifest = json.loads((site_dir / "manifest.webmanifest").read_text())
    assert manifest["display"] == "standalone" and manifest["start_url"] == "./"
    for icon in manifest["icons"]:
        png = (site_dir / icon["src"]).read_bytes()
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
        assert f"{width}x{height}" == icon["sizes"]
    assert {i["sizes"] for i in manifest["icons"]} >= {"192x192", "512x512"}
    assert "maskable" in {i["purpose"] for i in manifest["icons"]}
    providers = json.loads((site_dir / "config.json").read_text())["providers"]
    policy = build.csp(providers, header=True)  # the manifest may load: default-src (Safari knows no manifest-src)
    assert "default-src 'self'" in policy and "manifest-src" not in policy and "object-src 'none'" in policy


def test_compressed_copies_are_cached_by_content_and_level(tmp_path):
    calls = []

    def compress(blob: bytes) -> bytes:
        calls.append(blob)
        return blob[::-1]

    first = build.compressed(b"runtime bytes", "br11", compress, cache=tmp_path)
    again = build.compressed(b"runtime bytes", "br11", compress, cache=tmp_path)
    other_level = build.compressed(b"runtime bytes", "br9", compress, cache=tmp_path)
    assert first == again == other_level == b"setyb emitnur" and len(calls) == 2
    assert sorted(p.suffix for p in tmp_path.iterdir()) == [".br11", ".br9"]  # no half-written files left


def test_server_lists_no_folders_and_honours_q_zero(site_dir, served):
    """As its docstring says: a folder without an index.html is a 404, not a listing; a coding the client
    refuses (q=0) is never sent, one it accepts by * or with a q above 0 is."""
    import urllib.error

    folder = next(p for p in site_dir.rglob("*") if p.is_dir() and not (p / "index.html").exists())
    with pytest.raises(urllib.error.HTTPError) as refused:
        fetch(served + folder.relative_to(site_dir).as_posix() + "/")
    assert refused.value.code == 404 and b"<a href" not in refused.value.read()
    url = f"{served}app.js"
    original = (site_dir / "app.js").read_bytes()
    for header, coding in [("br;q=0", None), ("br;q=0, gzip", "gzip"), ("br;q=0.0, gzip;q=0", None),
                           ("gzip;q=0.5, br;q=0.1", "br"), ("*", "br"), ("*, br;q=0", "gzip"), ("identity", None),
                           ("BR", "br"), ("br;q=junk, gzip", "gzip")]:
        _, headers, body = fetch(url, header)
        assert headers.get("content-encoding") == coding, header
        assert {"br": brotli.decompress, "gzip": gzip.decompress, None: bytes}[coding](body) == original


def test_the_agent_runs_the_same_without_docstrings_and_asserts():
    """The page runs the agent compiled as `python -OO` would (build.py): an assert would vanish there and a
    docstring read would be None, so the agent's code (agent_py and the site's package) has neither."""
    import ast

    found = []
    for path in sorted([*(build.ROOT / "agent_py").rglob("*.py"), *(build.ROOT / "baseball").rglob("*.py")]):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Assert) or (isinstance(node, ast.Attribute) and node.attr == "__doc__"):
                found.append(f"{path}:{node.lineno}")
    assert not found, found
