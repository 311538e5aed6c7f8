# Dugout: `make run` and `make test` do all the set-up on a fresh machine.
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test bench lint worker beat install migrate demo clean messages

# Django 6 needs Python >= 3.12: take the repo's pyenv version (.python-version),
# else the newest python3.1x on PATH; stop with a clear message if none fits.
$(PY):
	@py=""; \
	for c in "$$(pyenv which python 2>/dev/null)" python3.14 python3.13 python3.12 python3 python; do \
	  [ -n "$$c" ] || continue; \
	  if command -v "$$c" >/dev/null 2>&1 && "$$c" -c 'import sys; sys.exit(sys.version_info < (3, 12))' 2>/dev/null; then \
	    py="$$c"; break; fi; \
	done; \
	if [ -z "$$py" ]; then \
	  echo "Dugout needs Python 3.12 or newer (Django 6). Install Python 3.13 (e.g. 'pyenv install 3.13') and run make again." >&2; \
	  exit 1; fi; \
	echo "Creating $(VENV) with $$($$py --version)"; \
	"$$py" -m venv $(VENV)

$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[dev]"
	@touch $(STAMP)

install: $(STAMP)

migrate: install
	$(PY) manage.py migrate --noinput

demo: migrate
	$(PY) manage.py load_demo

run: demo
	$(PY) manage.py runserver $(HOST):$(PORT)

# The suite on TEST_WORKERS processes (pytest-xdist; 0: one process), then alone the
# tests that stop a server the others share.
TEST_WORKERS ?= 2
test: install
	$(VENV)/bin/pytest -n $(TEST_WORKERS) -m "not serial"
	$(VENV)/bin/pytest -m serial

bench: install
	$(PY) -m bench

lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy --strict rules_engine
	$(VENV)/bin/mypy config core leagues teams matches notifications backups accounts dashboard demo insight news

# The catalogues under locale/ (the site's languages but English, the source): every
# string marked in the templates and the Python, and the rules engine's say() sentences
# (core/management/commands/makemessages.py), merged into each language's django.po,
# then compiled into the django.mo that is committed with it (`make run` needs no
# gettext). Needs GNU gettext (Debian: apt-get install gettext).
MESSAGE_LANGUAGES := fr de es it
MESSAGE_IGNORE := --ignore=.venv --ignore=var --ignore=tests --ignore=bench --ignore=docs --ignore=node_modules
messages: install
	@command -v xgettext >/dev/null 2>&1 && command -v msgfmt >/dev/null 2>&1 || \
	  { echo "make messages needs GNU gettext (xgettext, msgfmt): apt-get install gettext" >&2; exit 1; }
	$(PY) manage.py makemessages --add-location=file $(MESSAGE_IGNORE) $(addprefix --locale=,$(MESSAGE_LANGUAGES))
	$(PY) manage.py compilemessages $(MESSAGE_IGNORE) $(addprefix --locale=,$(MESSAGE_LANGUAGES))

# A Celery worker taking one task at a time (prefetch 1, late acks: settings.py), with
# Celery beat inside it (-B) for the periodic post-game sweep. Start one such worker;
# further workers (`make worker BEAT=`) or a separate `make beat` share the queue.
BEAT ?= -B -s var/celerybeat-schedule
worker: install
	@[ -n "$$REDIS_URL" ] || { echo "make worker needs REDIS_URL (e.g. redis://127.0.0.1:6379/0)" >&2; exit 1; }
	$(VENV)/bin/celery -A config worker --loglevel=info --prefetch-multiplier=1 $(BEAT)

beat: install
	@[ -n "$$REDIS_URL" ] || { echo "make beat needs REDIS_URL (e.g. redis://127.0.0.1:6379/0)" >&2; exit 1; }
	$(VENV)/bin/celery -A config beat --loglevel=info -s var/celerybeat-schedule

# The evening load test (bench/evening/README.md): a league site's evening under Locust
# against gunicorn, a Celery worker, Redis and PgBouncer (transaction mode) on the local
# PostgreSQL (the server of DATABASE_URL, else dugout:dugout@127.0.0.1), all started and
# stopped by `python -m bench.evening`. The full run, on a quiet machine (it builds a
# 1,000-league site first): `make evening COMPARE=10,1000 CLIENTS=10,25,50,100,200`.
.PHONY: evening evening-ci
LEAGUES ?= 10
CLIENTS ?= 8,16,32
DURATION ?= 60
COMPARE ?=
evening: install
	$(PY) -m bench.evening --leagues $(LEAGUES) --clients $(CLIENTS) --duration $(DURATION) \
	  $(if $(COMPARE),--compare $(COMPARE))

# CI's small version (.ci/run, after the PostgreSQL tests): three leagues, a minute,
# fifteen clients; exits non-zero on any failed request or lost post-game.
evening-ci: install
	$(PY) -m bench.evening --leagues 3 --clients 15 --duration 60 --tap 1 \
	  --workers 2 --celery-workers 1 --rebuild --ci

clean:
	rm -rf $(VENV) var .pytest_cache .ruff_cache .hypothesis
