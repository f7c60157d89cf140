# The README's two commands: `make demo` and `make test`.
# Both create .venv on first use and install the project from pyproject.toml;
# the install is redone only when pyproject.toml changes.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PIP := $(BIN)/python -m pip --disable-pip-version-check --quiet
DEMO_DIR := $(VENV)/demo-game
DEMO_EXAMPLE := examples/machiavelli-1454
DEMO_CLASSIC_DIR := $(VENV)/demo-classic
# the current phase id of a game folder (the latest state in turns/)
CURRENT_PHASE := $(BIN)/python -c 'import sys, pathlib, adjudicator.gamefolder as g; print(g.current_phase(pathlib.Path(sys.argv[1])).id)'

.PHONY: demo demo-classic test bench bench-render docs-images lint clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(PIP) install -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(PIP) install -e '.[test]'
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(PIP) install -e '.[dev]'
	touch $@

$(VENV)/.installed-bench: pyproject.toml | $(BIN)/python
	$(PIP) install -e '.[bench]'
	touch $@

# `make demo` plays the first year of examples/machiavelli-1454 in a scratch copy:
# the mail of each phase is in orders/<phase>/, so it asks the game for its
# current phase and adjudicates it with that folder, until a phase has no mail.
# Exit code 1 from adjudicate means "some orders had problems, the turn was still
# resolved": the example holds a deliberate typo, so 1 is tolerated; the loop
# stops with an error if a phase does not advance.
demo: $(VENV)/.installed
	rm -rf $(DEMO_DIR)
	cp -r $(DEMO_EXAMPLE) $(DEMO_DIR)
	@set -e; last=; \
	while phase=$$($(CURRENT_PHASE) $(DEMO_DIR)) && [ -d $(DEMO_DIR)/orders/$$phase ]; do \
	  if [ "$$phase" = "$$last" ]; then echo "demo: $$phase did not advance" >&2; exit 1; fi; \
	  echo; echo "######## $$phase: mapjudge adjudicate $(DEMO_DIR) $(DEMO_DIR)/orders/$$phase/*.txt"; \
	  $(BIN)/mapjudge adjudicate $(DEMO_DIR) $(DEMO_DIR)/orders/$$phase/*.txt || [ $$? -eq 1 ]; \
	  last=$$phase; \
	done; \
	echo; echo "######## mapjudge show $(DEMO_DIR)"; \
	$(BIN)/mapjudge show $(DEMO_DIR)

# The classic example: one turn (Spring 1901) of standard Diplomacy.
demo-classic: $(VENV)/.installed
	rm -rf $(DEMO_CLASSIC_DIR)
	cp -r examples/classic-1901 $(DEMO_CLASSIC_DIR)
	@# the example's orders hold deliberate typos, so exit code 1 is the expected outcome here.
	$(BIN)/mapjudge adjudicate $(DEMO_CLASSIC_DIR) $(DEMO_CLASSIC_DIR)/orders/*.txt || [ $$? -eq 1 ]

test: $(VENV)/.installed-test
	$(BIN)/python -m pytest

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/mypy adjudicator orders maps renderers

bench: $(VENV)/.installed-bench
	$(BIN)/python benchmarks/classic_vs_diplomacy.py

bench-render: $(VENV)/.installed
	$(BIN)/python benchmarks/render.py

# The README's map images: the example game before and after its first turn, and
# the Machiavelli board at the start of the balance scenario.
IMG_GAME := $(VENV)/img-game
docs-images: $(VENV)/.installed
	rm -rf $(IMG_GAME) $(IMG_GAME)-m && cp -r examples/classic-1901 $(IMG_GAME)
	$(BIN)/mapjudge render $(IMG_GAME) --out docs/images/classic-1901-spring.png
	$(BIN)/mapjudge adjudicate $(IMG_GAME) $(IMG_GAME)/orders/*.txt > /dev/null || [ $$? -eq 1 ]
	$(BIN)/mapjudge render $(IMG_GAME) --out docs/images/classic-1901-fall.png
	$(BIN)/mapjudge new machiavelli $(IMG_GAME)-m > /dev/null
	$(BIN)/mapjudge render $(IMG_GAME)-m --out docs/images/machiavelli-balance.png
	$(MAKE) --no-print-directory demo > /dev/null
	$(BIN)/mapjudge render $(DEMO_DIR) --phase 1454-fall-movement --out docs/images/machiavelli-1454-fall.png

clean:
	rm -rf $(VENV) build *.egg-info
