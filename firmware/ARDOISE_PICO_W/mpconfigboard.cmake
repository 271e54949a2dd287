# The Ardoise image for a Raspberry Pi Pico W: MicroPython's RPI_PICO_W board
# (its pins, Wi-Fi and Bluetooth) with the slate frozen in instead of that
# board's bundle (mip, requests, aioble...). `make firmware` builds it
# (host_tools/board/firmware.py); by hand, from MicroPython's ports/rp2:
#   make BOARD=ARDOISE_PICO_W BOARD_DIR=/path/to/ardoise/firmware/ARDOISE_PICO_W
set(PICO_BOARD "pico_w")

# Wi-Fi: the CYW43 driver and lwIP.
set(MICROPY_PY_LWIP ON)
set(MICROPY_PY_NETWORK_CYW43 ON)

# Bluetooth stays on: without it the SDK's PIO SPI bus to the radio
# (pico_cyw43_driver/cyw43_bus_pio_spi.c) does not compile.
set(MICROPY_PY_BLUETOOTH ON)
set(MICROPY_BLUETOOTH_BTSTACK ON)
set(MICROPY_PY_BLUETOOTH_CYW43 ON)

# The Pico W's pins as the port names them (GP0-GP28, WL_GPIO0-2, LED).
set(MICROPY_BOARD_PINS ${MICROPY_PORT_DIR}/boards/RPI_PICO_W/pins.csv)

# What is frozen: the slate and umqtt.simple (firmware/manifest.py). make
# firmware gives a manifest of its own that includes this one and adds
# main.py and the default board.py, so that the image alone plays.
set(MICROPY_FROZEN_MANIFEST ${MICROPY_BOARD_DIR}/../manifest.py)
