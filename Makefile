# Two commands do everything on a fresh machine: `make site` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-$(shell cat requirements.txt pyproject.toml | cksum | cut -d' ' -f1)
export NO_MKDOCS_2_WARNING := 1

.PHONY: help setup site serve test test-fast browser offline bench zensical golden clean

help:
	@echo "make site    build the French and English site into site/"
	@echo "make test    run every test (installs Chromium if missing)"
	@echo "make serve   preview the French site with live reload"
	@echo "make offline build site-offline/ for file:// use"
	@echo "make bench   print size and speed figures"

$(STAMP): requirements.txt pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -r requirements.txt
	$(PY) -m pip install -q --no-deps -e .
	rm -f $(VENV)/.installed-*
	touch $@

setup: $(STAMP)

site: setup
	$(PY) -m codebridge build

serve: setup
	$(VENV)/bin/codebridge serve

# Debian's Chromium drives the browser tests (no browser download is possible).
# axe-core (accessibility checks injected in Chromium) comes from npm, pinned in package-lock.json.
browser:
	@command -v chromium >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq chromium >/dev/null; }
	@test -f node_modules/axe-core/axe.min.js || npm ci --no-audit --no-fund --silent

test: setup browser
	$(PY) -m pytest -q

test-fast: setup
	$(PY) -m pytest -q -m "not browser"

# site-offline/: both sites with .html URLs, to open from file:// (no server).
offline: setup
	$(PY) -m codebridge build --offline

# Size of the search indexes, time to build them, query time in Chromium, recall@3.
bench: setup browser
	$(PY) scripts/bench.py
	$(PY) scripts/bench_build.py

# Zensical (Material's successor) on the same generated docs folder; its own
# environment, since it pins other versions of the Markdown stack.
zensical: setup
	@test -x .venv-zensical/bin/zensical || { $(PYTHON) -m venv .venv-zensical && .venv-zensical/bin/pip install -q zensical==0.0.73; }
	$(PY) scripts/zensical_check.py $(CURDIR)/.venv-zensical/bin/zensical

golden: setup
	$(PY) -m pytest -q tests/test_golden.py --update-golden

clean:
	rm -rf site site-offline build .pytest_cache
