# Two commands on a fresh machine:  make serve  (build + serve on :8000; vLLM's row expects :8001)  and  make test.
# Each installs what it needs first: a virtualenv in .venv, and for the tests Debian's Chromium,
# Firefox ESR, WebKitGTK's WebDriver (and Xvfb for it), espeak-ng and sox (apt-get, as root).
# Node.js and npm fetch Pyodide (and, for the tests, puppeteer-core, which drives Firefox).

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
PORT   ?= 8000
# Test workers (pytest-xdist): three on two cores. The suite is CPU-bound (~750 s of CPU, counted in a cgroup
# per worker on 2026-12-06; the machine's own count agrees within 5%), but a worker
# also waits (a page booting, a timeout being shown, a build): two kept the cores 1.77 busy on average and took
# 366 s, three 1.92 and 328 s (2026-12-05). Each module's tests stay on one worker (--dist loadscope), so a
# module's shared page boots once; each worker has its own Chromium; the site is built once.
# Modules run in the order tests/conftest.py gives them (longest first, by its MODULE_SECONDS), not by
# their number of tests: each worker takes the next module when it is done, so all finish together.
TEST_WORKERS ?= 3

.PHONY: serve build test bench bench-sql system-deps clean

$(VENV)/.build-deps: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[build]'
	touch $@

$(VENV)/.test-deps: pyproject.toml $(VENV)/.build-deps
	$(PY) -m pip install -q -e '.[test]'
	touch $@

# Debian's packages for the browser tests (playwright's own browser downloads cannot work here).
system-deps:
	@missing=""; \
	command -v chromium >/dev/null || missing="$$missing chromium"; \
	command -v espeak-ng >/dev/null || missing="$$missing espeak-ng"; \
	command -v sox >/dev/null || missing="$$missing sox"; \
	command -v npm >/dev/null || missing="$$missing nodejs npm"; \
	command -v firefox-esr >/dev/null || missing="$$missing firefox-esr"; \
	command -v WebKitWebDriver >/dev/null || missing="$$missing webkit2gtk-driver"; \
	command -v Xvfb >/dev/null || missing="$$missing xvfb"; \
	command -v openssl >/dev/null || missing="$$missing openssl"; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		SUDO=$$([ "$$(id -u)" = 0 ] || echo sudo); \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi

build: $(VENV)/.build-deps
	$(PY) build.py

serve: build
	$(PY) serve.py --port $(PORT)

# site/ builds (when stale) while the test tools install; the tests then reuse it. Python keeps its
# bytecode cache (__pycache__/, ignored by git) even where the environment says not to: a run starts
# ~100 Python processes on the same modules, and compiling agent_py alone is 60 ms of each one's start.
test bench: export PYTHONDONTWRITEBYTECODE :=
test: $(VENV)/.build-deps system-deps
	$(PY) build.py --if-stale & $(MAKE) --no-print-directory $(VENV)/.test-deps && wait $$!
	$(PY) -m pytest -q -n $(TEST_WORKERS) --dist loadscope --no-loadscope-reorder

# The page, the CLI, bytes and tokens (bench/run.py, which builds site/), then the sql tool in the page:
# 30 queries, cold and warm, time and bytes (bench/sql_bench.py, ~3 min). `make bench-sql` runs the second.
bench: $(VENV)/.test-deps system-deps
	$(PY) bench/run.py
	$(PY) bench/sql_bench.py

bench-sql: $(VENV)/.test-deps system-deps build
	$(PY) bench/sql_bench.py

clean:
	rm -rf site .cache $(VENV)
