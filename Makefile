# Two commands matter on a fresh machine: `make run` and `make test`.
.DEFAULT_GOAL := help
SHELL := /bin/bash

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 5000
LANGS := nl de en
# Debian packages the tests need; installed only when dpkg says they are missing (openssl
# makes the HTTPS tests' certificate).
TEST_DEBS := chromium poppler-utils libharfbuzz-subset0 fonts-dejavu-core nodejs openssl
RUN_DEBS := libharfbuzz-subset0 fonts-dejavu-core

.PHONY: help install run test lint translations compile-translations db bench site vectors system-deps-run system-deps-test soak lighthouse

help: ## List the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  %-22s %s\n", $$1, $$2}'

$(BIN)/.installed: pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e .
	touch $@

$(BIN)/.test-installed: $(BIN)/.installed pyproject.toml
	$(BIN)/pip install -q -e '.[test]'
	touch $@

system-deps-run:
	@missing=""; for p in $(RUN_DEBS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then echo "apt-get install$$missing"; \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing) \
	  || echo "warning: could not install$$missing (PDFs will be slower)"; fi

system-deps-test:
	@missing=""; for p in $(TEST_DEBS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then echo "apt-get install$$missing"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; fi

compile-translations: $(BIN)/.installed ## Compile the nl and de catalogs (.mo files are build output)
	$(BIN)/pybabel -q compile -d translations

translations: $(BIN)/.installed ## Extract, update and compile the catalogs
	$(BIN)/pybabel -q extract -F babel.cfg -k lazy_gettext -k lazy_ngettext -k Nn_:1,2 --add-comments=Translators: --sort-by-file \
	  --no-wrap --project=scorekeeper -o translations/messages.pot .
	$(BIN)/pybabel -q update -i translations/messages.pot -d translations --no-wrap --ignore-obsolete --no-fuzzy-matching
	$(BIN)/pybabel -q compile -d translations

db: $(BIN)/.installed ## Create (or migrate) the SQLite database in instance/
	$(BIN)/flask --app scorekeeper init-db

install: system-deps-run compile-translations ## What the server needs (docs/deploy/scorekeeper.service runs it)

run: system-deps-run compile-translations db ## Serve on 127.0.0.1:$(PORT) with waitress
	PORT=$(PORT) $(BIN)/python -m scorekeeper --host 127.0.0.1

test: system-deps-test $(BIN)/.test-installed compile-translations ## Run the whole test suite
	$(BIN)/ruff check scorekeeper tests benchmarks
	$(BIN)/mypy
	node --test tests/js/
	$(BIN)/python -m pytest -q --durations=25

lint: $(BIN)/.test-installed ## Ruff, and mypy --strict on the engine
	$(BIN)/ruff check scorekeeper tests benchmarks
	$(BIN)/mypy

bench: system-deps-test $(BIN)/.test-installed compile-translations ## Run the benchmarks and print ratios
	$(BIN)/python benchmarks/run.py

# make soak N=20 T=60: N phones (in pairs) for T seconds, KILLS SIGKILLs of the server between
# storing a write and answering it.
N ?= 20
T ?= 30
KILLS ?= 3
soak: $(BIN)/.installed compile-translations ## Soak test: N phones in pairs, T seconds, server killed between storing and answering
	$(BIN)/python benchmarks/soak.py --clients $(N) --seconds $(T) --kills $(KILLS)

# Lighthouse 12 lives in .lighthouse/ (not committed), installed only when missing.
LIGHTHOUSE_VERSION := 12.8.2
.lighthouse/node_modules/.bin/lighthouse:
	mkdir -p .lighthouse
	cd .lighthouse && echo '{"private": true}' > package.json \
	  && npm install --no-audit --no-fund lighthouse@$(LIGHTHOUSE_VERSION)

lighthouse: system-deps-test $(BIN)/.installed compile-translations .lighthouse/node_modules/.bin/lighthouse ## Lighthouse as a throttled phone on every kind of page, in three languages: fails below the goals
	$(BIN)/python benchmarks/lighthouse.py

vectors: $(BIN)/.installed ## Regenerate tests/vectors/ and static/js/engine/limits.js from the Python (commit the diff)
	$(BIN)/python tests/vectors/make_placement_vectors.py
	$(BIN)/python tests/vectors/make_deal_vectors.py
	$(BIN)/python tests/vectors/make_sheet_vectors.py
	$(BIN)/python tests/vectors/make_form_vectors.py
	$(BIN)/python tests/vectors/make_name_vectors.py
	$(BIN)/python -m scorekeeper.js_limits

site: $(BIN)/.installed compile-translations ## Export the rules reference as a static site in site/
	$(BIN)/flask --app scorekeeper freeze-rules site
