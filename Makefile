# `make run` starts the bot, `make test` runs every check, `make demo` plays it in the browser
# without Discord. All create .venv when needed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test demo screenshots lint format bench clean

$(STAMP): pyproject.toml
	@echo "Setting up $(VENV) (first run, or pyproject.toml changed): installing the bot's Python"
	@echo "packages (discord.py, Pillow, SQLite and PostgreSQL drivers...) and its test tools"
	@echo "(pytest, ruff, SimCord) from PyPI. The first time takes 1 to 3 minutes; the log is"
	@echo "$(VENV)/install.log."
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	@$(BIN)/python -m pip install --upgrade pip > $(VENV)/install.log 2>&1 \
		&& $(BIN)/python -m pip install -e '.[dev]' >> $(VENV)/install.log 2>&1 \
		|| { cat $(VENV)/install.log; echo "Installing failed: see above."; exit 1; }
	@touch $(STAMP)

# The bot's status is make's status: 2 when a setting is missing or wrong (the bot says which in
# one line before make's own "Error 2" line), so a script or a service manager sees the failure.
run: $(STAMP)
	@$(BIN)/python -m bot

# The bot in SimCord's Preview on 127.0.0.1 (scripts/demo.py): `make demo GAME=havana LANG=it`.
# LANG defaults to the terminal's own (it_IT.UTF-8 gives Italian; what we do not speak, English).
GAME ?= santiago
DEMO_STAMP := $(VENV)/.demo-installed
$(DEMO_STAMP): $(STAMP)
	@echo "Installing the demo's part (SimCord's Preview page): under a minute."
	@$(BIN)/python -m pip install -e '.[demo]' >> $(VENV)/install.log 2>&1 \
		|| { cat $(VENV)/install.log; echo "Installing the demo extra failed: see above."; exit 1; }
	@touch $(DEMO_STAMP)

demo: $(DEMO_STAMP)
	@$(BIN)/python -m scripts.demo --game "$(GAME)" --language "$(LANG)"

# The README's pictures, from the demo in the system's headless Chromium (scripts/screenshots.py).
screenshots: $(DEMO_STAMP)
	$(BIN)/python -m scripts.screenshots

test: $(STAMP)
	@scripts/ensure-postgres.sh
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python -m pytest -n 2

lint: $(STAMP)
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

bench: $(STAMP)
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/storage.py
	$(BIN)/python bench/render.py
	$(BIN)/python bench/e2e.py
	$(BIN)/python bench/scheduler.py
	$(BIN)/python bench/ux.py
	$(BIN)/python bench/history.py
	$(BIN)/python bench/load.py
	$(BIN)/python bench/review.py
	$(BIN)/python bench/memory.py
	$(BIN)/python bench/league.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
