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
CURRENT_PHASE := $(BIN)/python -c 'import sys, pathlib; from adjudicator.app.game import current_phase_id; print(current_phase_id(pathlib.Path(sys.argv[1])))'

.PHONY: demo demo-classic demo-advanced example-advanced demo-cawa example-cawa demo-orbis example-orbis demo-narrativo example-narrativo test messages bytecode bench bench-classic bench-render bench-scaling bench-cawa bench-many docs-images site site-screenshots browser lint clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# An editable install runs the sources in place, and no bytecode is cached when
# PYTHONDONTWRITEBYTECODE is set (as on the project's machine): every command
# would then compile each module it imports, about 50 ms of its start-up.
# `bytecode` writes the __pycache__ files a regular `pip install` writes
# (compileall skips the modules whose bytecode is up to date; Python recompiles
# any module changed since, so a stale file is never used).
PACKAGES := adjudicator orders maps renderers grammar
bytecode: | $(BIN)/python
	$(BIN)/python -m compileall -q $(PACKAGES)

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
demo: $(VENV)/.installed bytecode
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

# `make demo-advanced` plays examples/machiavelli-1454-advanced (every advanced
# module of rulebook 003 on) the same way, in .venv/demo-advanced.
ADVANCED_EXAMPLE := examples/machiavelli-1454-advanced
ADVANCED_DEMO_DIR := $(VENV)/demo-advanced
demo-advanced: $(VENV)/.installed bytecode
	rm -rf $(ADVANCED_DEMO_DIR)
	cp -r $(ADVANCED_EXAMPLE) $(ADVANCED_DEMO_DIR)
	@$(call play_turns,$(ADVANCED_DEMO_DIR))
	@echo; echo "######## mapjudge show $(ADVANCED_DEMO_DIR)"
	$(BIN)/mapjudge show $(ADVANCED_DEMO_DIR)

# `make example-advanced` regenerates examples/machiavelli-1454-advanced/played/
# (every public and private report, the map drawn after each phase and the final
# state) by playing a scratch copy in .venv/advanced-example;
# tests/machiavelli/advanced/test_example.py checks them byte for byte.
ADVANCED_PLAY_DIR := $(VENV)/advanced-example
example-advanced: $(VENV)/.installed
	rm -rf $(ADVANCED_PLAY_DIR)
	cp -r $(ADVANCED_EXAMPLE) $(ADVANCED_PLAY_DIR)
	rm -rf $(ADVANCED_PLAY_DIR)/played
	@$(call play_turns,$(ADVANCED_PLAY_DIR),> /dev/null)
	rm -rf $(ADVANCED_EXAMPLE)/played
	mkdir -p $(ADVANCED_EXAMPLE)/played/maps
	cp -r $(ADVANCED_PLAY_DIR)/reports $(ADVANCED_EXAMPLE)/played/reports
	cp $(ADVANCED_PLAY_DIR)/turns/*.png $(ADVANCED_EXAMPLE)/played/maps/
	cp $(ADVANCED_PLAY_DIR)/turns/$$($(CURRENT_PHASE) $(ADVANCED_PLAY_DIR)).yaml $(ADVANCED_EXAMPLE)/played/

# `make demo-cawa` plays examples/cawa-10-players (CaWa, 10 players on a generated
# map: one full turn, its five phases) in .venv/demo-cawa; `make example-cawa`
# regenerates its played/ folder (every report, the map after each phase, the
# final state), which tests/cawa/test_example.py checks byte for byte.
CAWA_EXAMPLE := examples/cawa-10-players
CAWA_DEMO_DIR := $(VENV)/demo-cawa
CAWA_PLAY_DIR := $(VENV)/cawa-example
demo-cawa: $(VENV)/.installed bytecode
	rm -rf $(CAWA_DEMO_DIR)
	cp -r $(CAWA_EXAMPLE) $(CAWA_DEMO_DIR)
	@$(call play_turns,$(CAWA_DEMO_DIR))
	@echo; echo "######## mapjudge show $(CAWA_DEMO_DIR)"
	$(BIN)/mapjudge show $(CAWA_DEMO_DIR)

example-cawa: $(VENV)/.installed
	rm -rf $(CAWA_PLAY_DIR)
	cp -r $(CAWA_EXAMPLE) $(CAWA_PLAY_DIR)
	rm -rf $(CAWA_PLAY_DIR)/played
	@$(call play_turns,$(CAWA_PLAY_DIR),> /dev/null)
	rm -rf $(CAWA_EXAMPLE)/played
	mkdir -p $(CAWA_EXAMPLE)/played/maps
	cp -r $(CAWA_PLAY_DIR)/reports $(CAWA_EXAMPLE)/played/reports
	cp $(CAWA_PLAY_DIR)/turns/*.png $(CAWA_EXAMPLE)/played/maps/
	cp $(CAWA_PLAY_DIR)/turns/$$($(CURRENT_PHASE) $(CAWA_PLAY_DIR)).yaml $(CAWA_EXAMPLE)/played/

# `make demo-orbis` plays examples/orbis-europa-500 (Orbis Terrarum: nine nations
# of the year 500, three years of medidas written as wiki prose and the GM's
# files) in .venv/demo-orbis; `make example-orbis` regenerates its played/ folder
# (reports, private reports, maps, the final state).
ORBIS_EXAMPLE := examples/orbis-europa-500
ORBIS_DEMO_DIR := $(VENV)/demo-orbis
ORBIS_PLAY_DIR := $(VENV)/orbis-example
demo-orbis: $(VENV)/.installed bytecode
	rm -rf $(ORBIS_DEMO_DIR)
	cp -r $(ORBIS_EXAMPLE) $(ORBIS_DEMO_DIR)
	@$(call play_turns,$(ORBIS_DEMO_DIR))
	@echo; echo "######## mapjudge show $(ORBIS_DEMO_DIR)"
	$(BIN)/mapjudge show $(ORBIS_DEMO_DIR)

example-orbis: $(VENV)/.installed
	rm -rf $(ORBIS_PLAY_DIR)
	cp -r $(ORBIS_EXAMPLE) $(ORBIS_PLAY_DIR)
	rm -rf $(ORBIS_PLAY_DIR)/played
	@$(call play_turns,$(ORBIS_PLAY_DIR),> /dev/null)
	rm -rf $(ORBIS_EXAMPLE)/played
	mkdir -p $(ORBIS_EXAMPLE)/played/maps
	cp -r $(ORBIS_PLAY_DIR)/reports $(ORBIS_EXAMPLE)/played/reports
	cp $(ORBIS_PLAY_DIR)/turns/*.png $(ORBIS_EXAMPLE)/played/maps/
	cp $(ORBIS_PLAY_DIR)/turns/$$($(CURRENT_PHASE) $(ORBIS_PLAY_DIR)).yaml $(ORBIS_EXAMPLE)/played/

# `make demo-narrativo` plays examples/narrativo-commando-raid (Comandos de
# Guerra: a commando squad's declarations and the Narrator's rulings over four
# exchanges of mail) in .venv/demo-narrativo; `make example-narrativo`
# regenerates its played/ folder (public, private and Narrator's reports and
# the final state).
NARRATIVO_EXAMPLE := examples/narrativo-commando-raid
NARRATIVO_DEMO_DIR := $(VENV)/demo-narrativo
NARRATIVO_PLAY_DIR := $(VENV)/narrativo-example
demo-narrativo: $(VENV)/.installed bytecode
	rm -rf $(NARRATIVO_DEMO_DIR)
	cp -r $(NARRATIVO_EXAMPLE) $(NARRATIVO_DEMO_DIR)
	@$(call play_turns,$(NARRATIVO_DEMO_DIR))
	@echo; echo "######## mapjudge show $(NARRATIVO_DEMO_DIR)"
	$(BIN)/mapjudge show $(NARRATIVO_DEMO_DIR)

example-narrativo: $(VENV)/.installed
	rm -rf $(NARRATIVO_PLAY_DIR)
	cp -r $(NARRATIVO_EXAMPLE) $(NARRATIVO_PLAY_DIR)
	rm -rf $(NARRATIVO_PLAY_DIR)/played
	@$(call play_turns,$(NARRATIVO_PLAY_DIR),> /dev/null)
	rm -rf $(NARRATIVO_EXAMPLE)/played
	mkdir -p $(NARRATIVO_EXAMPLE)/played
	cp -r $(NARRATIVO_PLAY_DIR)/reports $(NARRATIVO_EXAMPLE)/played/reports
	cp $(NARRATIVO_PLAY_DIR)/turns/$$($(CURRENT_PHASE) $(NARRATIVO_PLAY_DIR)).yaml $(NARRATIVO_EXAMPLE)/played/

# The classic example: one turn (Spring 1901) of standard Diplomacy.
demo-classic: $(VENV)/.installed bytecode
	rm -rf $(DEMO_CLASSIC_DIR)
	cp -r examples/classic-1901 $(DEMO_CLASSIC_DIR)
	@# the example's orders hold deliberate typos, so exit code 1 is the expected outcome here.
	$(BIN)/mapjudge adjudicate $(DEMO_CLASSIC_DIR) $(DEMO_CLASSIC_DIR)/orders/*.txt || [ $$? -eq 1 ]

# The genes example (examples/genes-3-players): Genes Mactantes, three players,
# two turns of declarations in orders/<turn>/. `play_turns` plays a copy of it
# as `demo` plays Machiavelli: it asks the game for its current turn and
# adjudicates it with that folder of mail until a turn has none; exit code 1
# (order problems, the turn still resolved: the example holds a deliberate typo)
# is tolerated, and it stops with an error if a turn does not advance.
# $(1): the game folder; $(2): a redirection for adjudicate's report (or nothing).
GENES_EXAMPLE := examples/genes-3-players
GENES_DEMO_DIR := $(VENV)/demo-genes
GENES_PLAY_DIR := $(VENV)/genes-example
define play_turns
set -e; last=; \
while phase=$$($(CURRENT_PHASE) $(1)) && [ -d $(1)/orders/$$phase ]; do \
  if [ "$$phase" = "$$last" ]; then echo "$@: $$phase did not advance" >&2; exit 1; fi; \
  echo; echo "######## $$phase: mapjudge adjudicate $(1) $(1)/orders/$$phase/*.txt"; \
  $(BIN)/mapjudge adjudicate $(1) $(1)/orders/$$phase/*.txt $(2) || [ $$? -eq 1 ]; \
  last=$$phase; \
done
endef

.PHONY: demo-genes example-genes

# `make demo-genes` plays the genes example in .venv/demo-genes, printing each
# turn's report, then shows the countries' sheets at the start of turn 3.
demo-genes: $(VENV)/.installed bytecode
	rm -rf $(GENES_DEMO_DIR)
	cp -r $(GENES_EXAMPLE) $(GENES_DEMO_DIR)
	@$(call play_turns,$(GENES_DEMO_DIR))
	@echo; echo "######## mapjudge show $(GENES_DEMO_DIR)"
	$(BIN)/mapjudge show $(GENES_DEMO_DIR)

# `make example-genes` regenerates examples/genes-3-players/played/ (the reports,
# the maps drawn after each turn and the final state) by playing a scratch copy
# in .venv/genes-example; tests/genes/test_example.py checks them byte for byte.
example-genes: $(VENV)/.installed
	rm -rf $(GENES_PLAY_DIR)
	cp -r $(GENES_EXAMPLE) $(GENES_PLAY_DIR)
	rm -rf $(GENES_PLAY_DIR)/played
	@$(call play_turns,$(GENES_PLAY_DIR),> /dev/null)
	rm -rf $(GENES_EXAMPLE)/played
	mkdir -p $(GENES_EXAMPLE)/played/reports $(GENES_EXAMPLE)/played/maps
	cp $(GENES_PLAY_DIR)/reports/*-actions.* $(GENES_EXAMPLE)/played/reports/
	cp -r $(GENES_PLAY_DIR)/reports/*-actions $(GENES_EXAMPLE)/played/reports/
	cp $(GENES_PLAY_DIR)/turns/*.png $(GENES_EXAMPLE)/played/maps/
	cp $(GENES_PLAY_DIR)/turns/$$($(CURRENT_PHASE) $(GENES_PLAY_DIR)).yaml $(GENES_EXAMPLE)/played/

test: $(VENV)/.installed-test
	$(BIN)/python -m pytest

# `make messages` (issue 19, languages): for each domain of texts/catalogues.py
# (the app's, each ruleset's), extract the English message ids of its sources
# into texts/locale/<domain>.pot, merge them into the es and ca catalogues (new
# ids come out empty or fuzzy: translate them, tests/test_catalogues.py fails
# until you do), and compile the .mo files the program reads (committed; the
# test checks they match the .po). `make messages DOMAINS=orbis` for one.
messages: $(VENV)/.installed
	$(BIN)/python -m texts.tools.messages $(DOMAINS)

# ruff, mypy --strict, and the import-linter contracts of pyproject.toml (the
# layers, independent rulesets, no import cycle: docs/architecture.md).
lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/mypy adjudicator orders maps renderers texts
	$(BIN)/lint-imports

# `make bench`: every row of the speed table (issue 12) side by side with the
# peer (`diplomacy`), printed and written to benchmarks/results.json.
# `make bench-classic`: mapjudge against `diplomacy` on random Spring 1901 phases.
bench: $(VENV)/.installed-bench bytecode
	$(BIN)/python benchmarks/side_by_side.py

# `make bench-cawa`: a 40-player CaWa turn (movement judged, conflicts found) and its map.
bench-cawa: $(VENV)/.installed bytecode
	$(BIN)/python benchmarks/cawa.py

bench-classic: $(VENV)/.installed-bench bytecode
	$(BIN)/python benchmarks/classic_vs_diplomacy.py

bench-render: $(VENV)/.installed bytecode
	$(BIN)/python benchmarks/render.py

# `make bench-many`: adjudicate-all over 100 Machiavelli games, 1 and 2 workers
# side by side, and the ratio (benchmarks/README.md).
bench-many: $(VENV)/.installed bytecode
	$(BIN)/python benchmarks/adjudicate_all.py

# classic's movement phase on grid maps of 100 to 100,000 units: time and cost per
# unit, and the curve in docs/images/scaling.png (benchmarks/README.md).
bench-scaling: $(VENV)/.installed bytecode
	$(BIN)/python benchmarks/scaling.py

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

# `make site` (issue 21): the Machiavelli example played (as `make demo` plays
# it) and published as a static website in .venv/site; open .venv/site/index.html.
site: $(VENV)/.installed bytecode
	$(MAKE) --no-print-directory demo > /dev/null
	$(BIN)/mapjudge site $(DEMO_DIR) $(VENV)/site

# `make browser`: Debian's Chromium, for the site's browser test
# (tests/test_site_browser.py, driven by the playwright package `make test`
# installs; no browser is downloaded). Needs root or sudo.
browser:
	@if command -v chromium > /dev/null; then echo "chromium: $$(command -v chromium)"; \
	elif [ "$$(id -u)" = 0 ]; then apt-get install -y chromium || (apt-get update && apt-get install -y chromium); \
	else sudo apt-get install -y chromium; fi

# `make site-screenshots`: the browser test, writing its photograph of one page
# of each example's site into docs/images/site-<example>.png.
site-screenshots: $(VENV)/.installed-test bytecode
	MAPJUDGE_SITE_SCREENSHOTS=1 MAPJUDGE_REQUIRE_BROWSER=1 $(BIN)/python -m pytest tests/test_site_browser.py

clean:
	rm -rf $(VENV) build *.egg-info
