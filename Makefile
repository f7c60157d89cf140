# The README's two commands: `make demo` and `make test`.
# Both create .venv on first use and install the project from pyproject.toml;
# the install is redone only when pyproject.toml changes.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PIP := $(BIN)/python -m pip --disable-pip-version-check --quiet
DEMO_DIR := $(VENV)/demo-game

.PHONY: demo test bench bench-render docs-images lint clean

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

demo: $(VENV)/.installed
	rm -rf $(DEMO_DIR)
	cp -r examples/classic-1901 $(DEMO_DIR)
	@# exit code 1 means "some orders had problems, the turn was still resolved":
	@# the example's orders hold deliberate typos, so 1 is the expected outcome here.
	$(BIN)/mapjudge adjudicate $(DEMO_DIR) $(DEMO_DIR)/orders/*.txt || [ $$? -eq 1 ]

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

clean:
	rm -rf $(VENV) build *.egg-info
