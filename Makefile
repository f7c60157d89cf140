# The README's two commands: `make demo` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
DEMO_DIR := $(VENV)/demo-game

.PHONY: demo test install install-test bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

install: $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .

install-test: $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'

demo: install
	rm -rf $(DEMO_DIR)
	cp -r examples/classic-1901 $(DEMO_DIR)
	@# exit code 1 means "some orders had problems, the turn was still resolved":
	@# the example's orders hold deliberate typos, so 1 is the expected outcome here.
	$(BIN)/mapjudge adjudicate $(DEMO_DIR) $(DEMO_DIR)/orders/*.txt || [ $$? -eq 1 ]

test: install-test
	$(BIN)/python -m pytest

bench: $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[bench]'
	$(BIN)/python benchmarks/classic_vs_diplomacy.py

clean:
	rm -rf $(VENV) build *.egg-info
