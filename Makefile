# `make run`: the whole site on embedded defaults. `make test`: the whole suite.
PYTHON ?= python3
VENV := .venv
BIN := $(CURDIR)/$(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cksum requirements.txt | cut -d' ' -f1)
export PATH := $(BIN):$(PATH)
export DJANGO_SETTINGS_MODULE := sequence_site.settings

.PHONY: run test install messages lint bench clean

install: $(STAMP)

$(STAMP): requirements.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements.txt
	rm -f $(VENV)/.installed-*
	touch $@

# The translations: locale/*/LC_MESSAGES/django.po compiled to .mo (never
# committed). Babel's compiler, so GNU gettext is not needed; fuzzy entries are
# left out, and a test fails on them anyway.
messages: install
	pybabel -q compile --domain=django --directory=locale

# Another port: `WEB_PORT=8080 make run`; e-mails then link to that port too.
WEB_PORT ?= 8000
run: export WEB_PORT := $(WEB_PORT)
run: export SITE_URL ?= http://127.0.0.1:$(WEB_PORT)
run: messages
	mkdir -p var
	DEBUG=true python manage.py migrate --noinput
	DEBUG=true python manage.py seed_demo
	@echo "Site: $(SITE_URL)  ·  e-mails: printed below and saved in var/mail/  ·  Ctrl-C stops everything"
	DEBUG=true honcho --procfile Procfile.dev start

# Tests keep their own files (SQLite fallback, file cache, mail) under var/test.
TEST_VAR_DIR ?= $(CURDIR)/var/test
TEST_CACHE_KEY_PREFIX ?= sequence-test
test: messages
	ruff check .
	VAR_DIR=$(TEST_VAR_DIR) CACHE_KEY_PREFIX=$(TEST_CACHE_KEY_PREFIX) python -m pytest $(PYTEST_ARGS)

lint: install
	ruff check .
	ruff format --check .

bench: install
	python bench/engine.py
	python bench/notifications.py
	python bench/web.py  # needs PostgreSQL on 127.0.0.1:5432 and wrk (apt-get install wrk)

clean:
	rm -rf var .pytest_cache .ruff_cache .hypothesis
