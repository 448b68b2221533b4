# Rookery: `make run` serves the site with a demo event; `make test` runs every check.
PY ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: install run test lint browser corpus bench fuzz golden clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

run: install
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py demo_load
	@# Without -Q the worker takes every queue of the settings (small and large rounds, sweeps).
	@if [ -n "$$CELERY_BROKER_URL" ]; then \
		echo "Starting a Celery worker with beat (CELERY_BROKER_URL is set)"; \
		$(BIN)/celery -A config worker --beat --schedule=$(VENV)/celerybeat-schedule \
			--loglevel=INFO --concurrency=2 & \
	fi; \
	$(BIN)/python manage.py runserver $(HOST):$(PORT)

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports
	$(BIN)/mypy
	$(BIN)/python manage.py makemigrations --check --dry-run

# The browser tests drive Debian's Chromium; a fresh CI machine (root, apt) gets it here.
browser:
	@command -v chromium >/dev/null || { \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
			export DEBIAN_FRONTEND=noninteractive; \
			apt-get install -y chromium || { apt-get update && apt-get install -y chromium; }; \
		else \
			echo "Chromium is missing and cannot be installed here (needs root and apt-get):" \
				"install the 'chromium' package, or the browser tests will not run." >&2; \
			exit 1; \
		fi; }

test: lint browser
	$(BIN)/pytest -n 2 --dist loadgroup --durations=15

corpus: install
	ROOKERY_FULL_CORPUS=1 $(BIN)/pytest -n 2 tests/chesscore/pairing tests/pairing

bench: install
	$(BIN)/python bench/pairing.py
	$(BIN)/python bench/tiebreaks.py
	$(BIN)/python bench/broker_down.py refused
	$(BIN)/python bench/broker_down.py silent

# Mutated TRF, CSV and backup files through the readers, the pages and the API (seeded: the
# same files every run); against DATABASE_URL's database when it is set.
fuzz: install
	$(BIN)/python tests/fuzz/run.py

# The golden data of the tests (tests/golden/README.md), rebuilt from a reference folder with
# corpus/ and reference/fide/: `make golden SHARED=<folder>`.  Archives are deterministic: the
# same files give the same bytes.  Nothing else reads that folder.
GOLDEN := tests/golden
GOLDEN_CORPORA := dutch tournaments team burstein
GOLDEN_TAR := --format=gnu --sort=name --owner=0 --group=0 --numeric-owner --mtime=@0 \
	--mode=u=rwX,go=rX

golden:
	@test -n "$(SHARED)" && test -d "$(SHARED)/corpus" && test -d "$(SHARED)/reference/fide" || { \
		echo "SHARED='$(SHARED)' has no corpus/ and reference/fide/: make golden SHARED=<folder>" >&2; \
		exit 1; }
	rm -rf $(GOLDEN)/.unpacked && mkdir -p $(GOLDEN)/.unpacked
	set -e; for name in $(GOLDEN_CORPORA); do \
		LC_ALL=C tar $(GOLDEN_TAR) -C "$(SHARED)/corpus" -cf "$(GOLDEN)/.unpacked/$$name.tar" "$$name"; \
		xz -9e -T1 "$(GOLDEN)/.unpacked/$$name.tar"; \
		mv "$(GOLDEN)/.unpacked/$$name.tar.xz" "$(GOLDEN)/$$name.tar.xz"; \
	done
	rm -rf $(GOLDEN)/reference
	mkdir -p $(GOLDEN)/reference/fide
	cp -R "$(SHARED)/reference/fide/testdata-bbpPairings" \
		"$(SHARED)/reference/fide/tiebreak-exercises.json" $(GOLDEN)/reference/fide/
	chmod -R u=rwX,go=rX $(GOLDEN)/reference
	rm -rf $(GOLDEN)/.unpacked
	@ls -l $(GOLDEN)/*.tar.xz

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles test-artifacts .pytest_cache .mypy_cache .ruff_cache
	rm -rf $(GOLDEN)/.unpacked
