# Trickbook — the commands a newcomer needs. Every target is idempotent.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-dev
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: install demo test lint format worker serve bench lock schema messages screenshots vendor clean

install: $(STAMP)

# Reinstalls only when the pinned requirements change.
$(STAMP): requirements/dev.txt requirements/base.txt
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --require-hashes -r requirements/dev.txt
	@touch $(STAMP)

demo: install
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py load_demo
	@echo ""
	@echo "Trickbook demo at http://$(HOST):$(PORT)/"
	@echo "  the club        http://$(HOST):$(PORT)/clubs/kozyr/"
	@echo "  finished        http://$(HOST):$(PORT)/tournaments/1/  (audit: /tournaments/1/audit/)"
	@echo "  running, live   http://$(HOST):$(PORT)/tournaments/2/standings/  (cross-table: /tournaments/2/cross-table/)"
	@echo "  rubber bridge   http://$(HOST):$(PORT)/tournaments/3/  (We/They sheets, deal pages with double-dummy tables, PBN download)"
	@echo "  preferans       http://$(HOST):$(PORT)/games/11/  (a Sochi pulka: pool, mountain, whists, the settlement)"
	@echo "  durak           http://$(HOST):$(PORT)/tournaments/5/  (transfer durak, points per place; each game replays bout by bout)"
	@echo "  duplicate       http://$(HOST):$(PORT)/tournaments/6/duplicate/  (8-table duplicate pairs evening: matchpoints per field, every traveller)"
	@echo "  a score sheet   http://$(HOST):$(PORT)/games/1/  (each deal number opens its replay)"
	@echo "  open dispute    http://$(HOST):$(PORT)/disputes/1/  (the arbiter's page: sign in as olga to decide it)"
	@echo "  a renege        http://$(HOST):$(PORT)/games/2/audit/  (sign in as gleb, who sat there, to dispute it)"
	@echo "  to confirm      http://$(HOST):$(PORT)/games/7/  (the running tournament asks its tables to confirm: gleb)"
	@echo "  a profile       http://$(HOST):$(PORT)/clubs/kozyr/players/4/  (members only)"
	@echo "  upload          http://$(HOST):$(PORT)/clubs/kozyr/upload/  (scorers: petro)"
	@echo "  admin, API      http://$(HOST):$(PORT)/admin/  http://$(HOST):$(PORT)/api/v1/  http://$(HOST):$(PORT)/api/docs/"
	@echo "  sign in         admin / trickbook-demo (superuser); olga (organiser), petro (scorer), taras, vera, gleb: same password"
	@echo ""
	$(BIN)/python manage.py runserver $(HOST):$(PORT)

test: install
	$(BIN)/pytest $(PYTEST_ARGS)

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy rules accounts games tournaments config scorekeeper
	@rm -rf var/locale-before && mkdir -p var && cp -r locale var/locale-before
	@$(MAKE) --no-print-directory messages >/dev/null
	@diff -r -q -I 'POT-Creation-Date' var/locale-before locale || { \
		echo "locale/: the translations were out of date with the templates and code; make messages has"; \
		echo "extracted them again: translate what is new (no empty msgstr, no fuzzy), then commit locale/"; exit 1; }

format: install
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

worker: install
	@test -n "$$REDIS_URL" || { echo "make worker needs REDIS_URL (e.g. redis://127.0.0.1:6379/0)"; exit 2; }
	$(BIN)/celery -A config worker --beat --loglevel INFO

# Web (gunicorn), worker and beat together on one machine, the Procfile's three lines (scripts/serve.py);
# on several machines run them apart (docs/deployment.md, "Several machines").
serve: install
	@test -n "$$REDIS_URL" || { echo "make serve needs REDIS_URL (e.g. redis://127.0.0.1:6379/0)"; exit 2; }
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py collectstatic --noinput --verbosity 0
	HOST=$(HOST) PORT=$(PORT) $(BIN)/python scripts/serve.py

bench: install
	$(BIN)/python -m bench

lock: install
	$(BIN)/pip-compile --quiet --generate-hashes --allow-unsafe --strip-extras -o requirements/base.txt requirements/base.in
	$(BIN)/pip-compile --quiet --generate-hashes --allow-unsafe --strip-extras -o requirements/dev.txt requirements/dev.in

schema: install
	DJANGO_ENV=test $(BIN)/python manage.py spectacular --validate --file docs/openapi.yaml

# Translations: extract every marked string into locale/<lang>/LC_MESSAGES/django.po, then compile
# the .mo files (committed, so a machine without gettext still serves all three languages).
MESSAGES_IGNORE := --ignore=.venv --ignore=var --ignore=tests --ignore=bench --ignore=static/vendor
messages: install
	$(BIN)/python manage.py makemessages -l en -l ru -l uk --no-location --no-obsolete $(MESSAGES_IGNORE)
	@# English is the source language: msgmerge's fuzzy guesses for it are wrong sentences, dropped.
	msgattrib --clear-fuzzy --empty --clear-previous -o locale/en/LC_MESSAGES/django.po locale/en/LC_MESSAGES/django.po
	$(BIN)/python manage.py compilemessages --ignore=.venv

# Screenshots of the main pages, from the demo data, in headless Chromium (docs/screenshots/).
screenshots: install
	$(BIN)/python scripts/screenshots.py

# The vendored front-end libraries, again from the npm registry (versions in static/vendor/README.md).
HTMX_VERSION := 2.0.11
CHARTJS_VERSION := 4.5.1
vendor:
	rm -rf var/vendor && mkdir -p var/vendor
	cd var/vendor && npm pack --silent htmx.org@$(HTMX_VERSION) chart.js@$(CHARTJS_VERSION) >/dev/null
	cd var/vendor && for f in *.tgz; do mkdir -p $${f%.tgz} && tar xzf $$f -C $${f%.tgz}; done
	cp var/vendor/htmx.org-$(HTMX_VERSION)/package/dist/htmx.min.js var/vendor/htmx.org-$(HTMX_VERSION)/package/LICENSE static/vendor/htmx/
	cp var/vendor/chart.js-$(CHARTJS_VERSION)/package/dist/chart.umd.min.js var/vendor/chart.js-$(CHARTJS_VERSION)/package/dist/chart.umd.min.js.map var/vendor/chart.js-$(CHARTJS_VERSION)/package/LICENSE.md static/vendor/chartjs/

clean:
	rm -rf $(VENV) var .pytest_cache .mypy_cache .ruff_cache .hypothesis
