# The two commands of the README: `make run` and `make test`. Both set up everything first.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# Debian packages the tests use: an independent move-generation oracle, a browser,
# and the servers of the scale-out test.
SYSTEM_BINS := /usr/games/fairy-stockfish /usr/bin/chromium /usr/bin/redis-server /usr/lib/postgresql
SYSTEM_PKGS := fairy-stockfish chromium redis-server postgresql

.PHONY: run test lint typecheck pytest slow bench system-deps clean

run: $(STAMP)
	$(VENV)/bin/regalia serve

test: $(STAMP) system-deps lint typecheck pytest

lint: $(STAMP)
	$(PY) -m ruff check src tests bench examples
	$(PY) -m ruff format --check src tests bench examples

typecheck: $(STAMP)
	$(PY) -m mypy

# CI (CI=true) runs the slow suites too: all of it stays well inside 15 minutes on 2 cores.
# pytest exits 5 when it collects no test: make then fails, as it should.
PYTEST_MARKS := $(if $(CI),,-m "not slow")
pytest: $(STAMP) system-deps
	$(PY) -m pytest -n 2 $(PYTEST_MARKS)

slow: $(STAMP) system-deps
	$(PY) -m pytest -n 2 -m slow

# Speed figures, each printed side by side with its reference in one run.
bench: $(STAMP)
	$(PY) bench/perft.py
	$(PY) bench/search.py

$(STAMP): pyproject.toml
	$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
		{ echo "Regalia needs Python 3.11 or newer"; exit 1; }
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev,env,scale]'
	touch $(STAMP)

system-deps:
	@missing=""; for b in $(SYSTEM_BINS); do [ -e $$b ] || missing=1; done; \
	if [ -n "$$missing" ]; then \
		echo "installing Debian packages: $(SYSTEM_PKGS)"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -q >/dev/null && \
		DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q $(SYSTEM_PKGS) >/dev/null; \
	fi

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build src/*.egg-info
