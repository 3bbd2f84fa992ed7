# Two entry points for a fresh machine: `make run` (the main job) and `make test` (all tests).
# Both bootstrap .venv with every dependency; nothing else needs installing by hand.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test bench diagram clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/lenotre simulate --games 20 --players 2 --seed 1

test: $(STAMP)
	$(BIN)/python -m pytest
	$(BIN)/micropython -X heapsize=192k tests/run_shared.py

bench: $(STAMP)
	$(BIN)/python bench/simulate.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis

# Regenerate the wiring diagram and the guide's tables from hardware/pinout.json.
diagram: $(STAMP)
	$(BIN)/python hardware/make_diagram.py
