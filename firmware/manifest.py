# Ardoise frozen into a MicroPython firmware: its two packages compiled at
# opt=3, their bytecode and constants then read from flash instead of taking
# RAM. opt=3 drops the line numbers (and nothing else: ardoise and scoring
# have no asserts), which the .mpy of a deploy keeps for crash.txt
# (host_tools/common.py's compile_file). umqtt.simple comes at the level its
# own micropython-lib manifest gives (none: mpy-cross's default), asserts kept.
#
#   make -C ports/rp2 BOARD=RPI_PICO FROZEN_MANIFEST=/path/to/ardoise/firmware/manifest.py
#
# main.py and the board file (boards/<name>.py, as board.py) stay on the
# board's flash, where `ardoise deploy` puts them: main.py imports board and
# runs ardoise.boot. The port's own frozen modules come along first.

include("$(PORT_DIR)/boards/manifest.py")

metadata(
    description="Ardoise: an electronic chalk slate for Le Brouc, Bruus and Brusquembelle.",
    version="0.1.0",
)

package("scoring", opt=3)
package("ardoise", opt=3)
# An enrolled board's MQTT client (ardoise/net.py), from the port's own
# micropython-lib (firmware/umqtt/ is the same file, for a deploy of .mpy).
require("umqtt.simple")
