// The Ardoise image for a Raspberry Pi Pico W (mpconfigboard.cmake says why
// it is a board of its own): the settings of MicroPython's RPI_PICO_W.
#define MICROPY_HW_BOARD_NAME                   "Raspberry Pi Pico W"

// The flash left for files: the journal, the archive and the settings.
#define MICROPY_HW_FLASH_STORAGE_BYTES          (848 * 1024)

// Networking, for an evening's enrolled slate (ardoise/wifi.py, net.py).
#define MICROPY_PY_NETWORK 1
#define MICROPY_PY_NETWORK_HOSTNAME_DEFAULT     "ardoise"

// The CYW43 radio on its PIO SPI bus (GPIO23-25, 29).
#define CYW43_USE_SPI (1)
#define CYW43_LWIP (1)
#define CYW43_GPIO (1)
#define CYW43_SPI_PIO (1)

#define MICROPY_HW_PIN_EXT_COUNT    CYW43_WL_GPIO_COUNT

// A pin whose IRQ a soft reboot leaves on (the radio's host-wake).
int mp_hal_is_pin_reserved(int n);
#define MICROPY_HW_PIN_RESERVED(i) mp_hal_is_pin_reserved(i)
