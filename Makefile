# Two entry points for a fresh machine: `make run` (the main job) and `make test` (all tests).
# Both bootstrap .venv with every dependency; nothing else needs installing by hand.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test bench soak diagram screens clean emu pico-firmware

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	# MicroPython's Pico stubs go beside the venv, not in it: they shadow time, os, select.
	$(BIN)/python -m pip install -q --upgrade --target $(VENV)/typings \
		'micropython-rp2-rpi_pico-stubs==1.29.0.post1'
	# Adafruit's NeoPixel library, which `lenotre flash --circuitpython` puts in the box's lib/
	# (without its desktop dependencies, Blinka: it runs on the box, not here).
	$(BIN)/python -m pip install -q --upgrade --no-deps --target $(VENV)/circuitpython-lib \
		'adafruit-circuitpython-neopixel==6.4.2'
	touch $(STAMP)

# The emulated Pico (emu/pico, docs/HOST.md): rp2040js from npm, pinned by package-lock.json.
# Without Node.js its tests are skipped, saying so.
EMU_STAMP := emu/pico/node_modules/.installed
$(EMU_STAMP): emu/pico/package.json emu/pico/package-lock.json
	@if command -v npm >/dev/null 2>&1; then \
		cd emu/pico && npm ci --no-audit --no-fund --loglevel=error && touch node_modules/.installed; \
	else echo "npm not found: the emulated Pico's tests will be skipped (install Node.js 20+)"; fi

emu: $(EMU_STAMP)

# On a user's machine: the official MicroPython and CircuitPython UF2s and the RP2040 boot ROM
# the emulated Pico runs, downloaded into ~/.cache/lenotre/pico and checked against their sha256.
pico-firmware:
	$(PYTHON) emu/pico/get_firmware.py

run: $(STAMP)
	$(BIN)/lenotre sim

# pytest over two processes, a test file to one of them (its tests share fixtures and
# folders). make test stays under 20 minutes on a 2-core machine: the emulated Pico runs the
# box's own image through whole games, a soak, a power cut and a cut sync here, and the
# official UF2's and CircuitPython's long versions of them wait for make soak (a fresh clone:
# 12-13 minutes on a quiet machine, the image's first build included).
test: $(STAMP) $(EMU_STAMP)
	$(BIN)/python -m pytest -n 2 --dist loadfile --durations=20
	$(BIN)/python tests/run_mpy.py

bench: $(STAMP)
	$(BIN)/python bench/simulate.py
	$(BIN)/python bench/device.py
	$(BIN)/micropython -X heapsize=192k bench/packed_events.py
	$(BIN)/python bench/journal_size.py
	$(BIN)/python bench/flash.py
	$(BIN)/python bench/sync.py
	$(BIN)/python bench/sync_repeat.py 200 --games 10
	$(BIN)/python bench/sync_repeat.py 50 --games 1300
	$(BIN)/python bench/report.py
	$(BIN)/python bench/library_check.py
	$(BIN)/python bench/guard_steps.py
	$(BIN)/python bench/sanssouci_memory.py
	$(BIN)/python bench/sanssouci_presses.py
	$(BIN)/python bench/gardens_memory.py
	$(BIN)/python bench/gardens_presses.py
	$(BIN)/python bench/schlossgarten.py
	$(BIN)/python bench/schlossgarten_presses.py
	$(BIN)/python bench/pico.py
	$(BIN)/python bench/circuitpython.py

# The long versions of make test's soaks and cuts:
# - random presses: 100,000 in one session from source on MicroPython at 416 KB (every game's
#   flow, screens and rules compiled and kept; make test: 20,000 compiled at 320 KB,
#   tests/run_mpy.py); 50,000 from the .mpy build at
#   320 KB with a power cycle every 2,000 (the box's 192 KB, the soak's harness and its last
#   check, room for a heap in pieces: tests/host/test_guard_mpy.py); 50,000 on CPython (make
#   test: 20,000); the simulated device as `lenotre sim --micropython` runs it (.mpy, 192 KB,
#   the box alone in its process), three seeds of 5,000 (make test: 1,500,
#   tests/host/test_sim_soak.py): it fails if the box dies, a crash is missing from crash.log
#   or a game is not its journal, and lists the crashes its guard survived; the others fail on
#   any crash the guard caught;
# - the rules core's state machine over 2,000 arbitrary event sequences (make test: 80);
# - the official MicroPython UF2 on the emulated Pico (LENOTRE_SOAK=1): a whole game, 2,000
#   random presses, power cuts at 10 seeded instants, a cut sync (make test runs these on the
#   box's own image, tests/host/test_image_emulated.py);
# - the emulated CircuitPython Pico: a whole game (make test: none), power cuts at 10 seeded
#   instants (make test: 1), 6 cuts between a sector's erase and its program (make test: none;
#   one case is open), the journal cut at every byte (make test: every 32nd and each record's
#   edges).
SOAK_BUILD := out/soak-build
soak: $(STAMP) $(EMU_STAMP)
	$(BIN)/micropython -X heapsize=416k tests/shared/soak.py 100000 2 --session 0
	$(BIN)/python -c "import sys; sys.path.insert(0, 'host'); \
		from lenotre.device.toolchain import build; build('$(SOAK_BUILD)')"
	$(BIN)/micropython -X heapsize=320k tests/shared/soak.py 50000 3 --build $(SOAK_BUILD)
	$(BIN)/python tests/shared/soak.py 50000 4
	$(BIN)/python tests/host/simsoak.py 5000 1 2 3 --build $(SOAK_BUILD)
	LENOTRE_SOAK=1 $(BIN)/python -m pytest -p no:cacheprovider tests/host/test_event_machine.py
	LENOTRE_SOAK=1 LENOTRE_PICO_SOAK=2000 LENOTRE_PICO_CUTS=10 $(BIN)/python -m pytest -q \
		tests/host/test_pico_emulated.py -k "random_presses or power_cut or whole or sync"
	LENOTRE_SOAK=1 LENOTRE_CIRCUITPY_CUTS=10 LENOTRE_CIRCUITPY_ERASE_CUTS=6 \
		LENOTRE_CIRCUITPY_CUT_STEP=1 $(BIN)/python -m pytest -q \
		tests/host/test_circuitpython_emulated.py -k "power_cut or sector_erase or every_byte or whole"

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis

# Regenerate the wiring diagram and the guide's tables from hardware/pinout.json.
diagram: $(STAMP)
	$(BIN)/python hardware/make_diagram.py

# Regenerate the README's and the player's guide's screenshots (docs/guide/make.py).
screens: $(STAMP)
	$(BIN)/python docs/guide/make.py
