# The two commands of the README: `make run` and `make test`. Both set up everything first.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# Debian packages the tests use: an independent move-generation oracle, a browser,
# and the servers of the scale-out test.
SYSTEM_BINS := /usr/games/fairy-stockfish /usr/bin/chromium /usr/bin/redis-server /usr/lib/postgresql /usr/sbin/nginx
SYSTEM_PKGS := fairy-stockfish chromium redis-server postgresql nginx
# A test-only game from its own distribution, proving a game plugs in by its entry point alone.
# It goes into a folder of its own, never into the venv, so `make run` does not list it; the
# tests (and their server and bot worker processes) find it through PYTHONPATH.
PLUGIN_SRC := tests/plugins/goofspiel
PLUGINS := $(VENV)/plugins
PLUGINS_STAMP := $(PLUGINS)/.installed
# The package folder itself too: adding or deleting a module changes its time.
PLUGIN_FILES := $(PLUGIN_SRC)/pyproject.toml $(PLUGIN_SRC)/regalia_goofspiel \
	$(wildcard $(PLUGIN_SRC)/regalia_goofspiel/*.py $(PLUGIN_SRC)/regalia_goofspiel/py.typed)
WITH_PLUGINS := PYTHONPATH=$(PLUGINS)$(if $(PYTHONPATH),:$(PYTHONPATH))
# The engines Cython compiles (setup.py): each module has a .pxd beside its .py, and a change
# to either rebuilds them in place. REGALIA_PURE_PYTHON=1 runs the same modules interpreted.
ENGINE_PXD := $(shell find src/regalia -name '*.pxd')
ENGINE_FILES := setup.py src/regalia/native.py $(ENGINE_PXD) $(ENGINE_PXD:.pxd=.py)
ENGINES := $(VENV)/.engines
# PyTorch for the `learn` extra, installed before it: the CPU build, named by its local
# version so that pip can never take a CUDA build (several GB) in its place, and a no-op once
# installed. pip finds it in the wheel folder its configuration names (or in PyTorch's CPU
# index where PIP_EXTRA_INDEX_URL names it).
TORCH := torch==2.13.0+cpu

.PHONY: run test lint typecheck pytest slow bench system-deps clean

run: $(STAMP) $(ENGINES)
	$(VENV)/bin/regalia serve

test: $(STAMP) $(ENGINES) system-deps lint typecheck pytest

lint: $(STAMP)
	$(PY) -m ruff check src tests bench examples
	$(PY) -m ruff format --check src tests bench examples

typecheck: $(STAMP)
	$(PY) -m mypy

# CI (CI=true) runs the slow suites too. Three pytest workers on 2 cores: many tests wait on
# a browser or a server process (the whole run keeps about 1.4 cores busy), and three finish
# it in 14 minutes where two took 17. pytest exits 5 when it collects no test: make then
# fails, as it should.
PYTEST_MARKS := $(if $(CI),,-m "not slow")
pytest: $(STAMP) $(ENGINES) $(PLUGINS_STAMP) system-deps
	$(WITH_PLUGINS) $(PY) -m pytest -n 3 --durations=15 $(PYTEST_MARKS)

slow: $(STAMP) $(ENGINES) $(PLUGINS_STAMP) system-deps
	$(WITH_PLUGINS) $(PY) -m pytest -n 2 -m slow

# Speed figures, each printed side by side with its reference in one run.
bench: $(STAMP) $(ENGINES)
	$(PY) bench/perft.py
	$(PY) bench/search.py
	$(PY) bench/playouts.py

# The install compiles the engines too (a machine without a C compiler gets one notice line
# and the interpreted path).
$(STAMP): pyproject.toml setup.py
	$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
		{ echo "Regalia needs Python 3.11 or newer"; exit 1; }
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet '$(TORCH)'
	$(PY) -m pip install --quiet -e '.[dev,env,scale,learn]'
	touch $(STAMP) $(ENGINES)
	@$(PY) -c 'import regalia.native as n; print("regalia engines:", n.path())'

# An engine source changed since: rebuild the extensions in place (only what changed).
$(ENGINES): $(ENGINE_FILES) | $(STAMP)
	$(PY) setup.py --quiet build_ext --inplace --parallel 2
	touch $(ENGINES)
	@$(PY) -c 'import regalia.native as n; print("regalia engines:", n.path())'

# Reinstalled whenever its files change (a new venv removes it too); the old copy and
# setuptools' build tree go first, so a deleted module cannot linger in either. Order-only on
# the venv: reinstalling the venv's own packages leaves this copy valid.
$(PLUGINS_STAMP): $(PLUGIN_FILES) | $(STAMP)
	rm -rf $(PLUGINS) $(PLUGIN_SRC)/build $(PLUGIN_SRC)/*.egg-info
	$(PY) -m pip install --quiet --no-deps --target $(PLUGINS) ./$(PLUGIN_SRC)
	rm -rf $(PLUGIN_SRC)/build $(PLUGIN_SRC)/*.egg-info
	touch $@

system-deps:
	@missing=""; for b in $(SYSTEM_BINS); do [ -e $$b ] || missing=1; done; \
	if [ -n "$$missing" ]; then \
		echo "installing Debian packages: $(SYSTEM_PKGS)"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -q >/dev/null && \
		DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q $(SYSTEM_PKGS) >/dev/null; \
	fi

clean:
	find src -name '*.so' -delete
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build src/*.egg-info \
		$(PLUGIN_SRC)/build $(PLUGIN_SRC)/*.egg-info
