# Trickbook — the commands a newcomer needs. Every target is idempotent.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-dev
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: install demo test lint format worker bench lock schema clean

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
	@echo "  home            http://$(HOST):$(PORT)/"
	@echo "  admin           http://$(HOST):$(PORT)/admin/"
	@echo "  API             http://$(HOST):$(PORT)/api/v1/"
	@echo "  API docs        http://$(HOST):$(PORT)/api/docs/"
	@echo "  tournament      http://$(HOST):$(PORT)/tournaments/1/"
	@echo "  standings API   http://$(HOST):$(PORT)/api/v1/tournaments/1/standings/"
	@echo "  score sheets    http://$(HOST):$(PORT)/tournaments/1/rounds/1/sheets/"
	@echo "  a game          http://$(HOST):$(PORT)/games/1/ (seating with links: /tournaments/1/rounds/1/seating/)"
	@echo "  health          http://$(HOST):$(PORT)/healthz"
	@echo "  demo login      admin / trickbook-demo (superuser); olga, petro, taras: same password"
	@echo ""
	$(BIN)/python manage.py runserver $(HOST):$(PORT)

test: install
	$(BIN)/pytest $(PYTEST_ARGS)

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy rules accounts games tournaments config

format: install
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

worker: install
	@test -n "$$REDIS_URL" || { echo "make worker needs REDIS_URL (e.g. redis://127.0.0.1:6379/0)"; exit 2; }
	$(BIN)/celery -A config worker --beat --loglevel INFO

bench: install
	$(BIN)/python -m bench

lock: install
	$(BIN)/pip-compile --quiet --generate-hashes --allow-unsafe --strip-extras -o requirements/base.txt requirements/base.in
	$(BIN)/pip-compile --quiet --generate-hashes --allow-unsafe --strip-extras -o requirements/dev.txt requirements/dev.in

schema: install
	DJANGO_ENV=test $(BIN)/python manage.py spectacular --validate --file docs/openapi.yaml

clean:
	rm -rf $(VENV) var .pytest_cache .mypy_cache .ruff_cache .hypothesis
