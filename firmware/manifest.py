# Ardoise frozen into a MicroPython firmware: its two packages compiled at
# opt=3, their bytecode and constants then read from flash instead of taking
# RAM. opt=3 drops the line numbers (and nothing else: ardoise and scoring
# have no asserts), which the .mpy of a deploy keeps for crash.txt
# (host_tools/common.py's compile_file). umqtt.simple comes from
# third_party/micropython-lib/ (its pinned commit and licence:
# third_party/NOTICE.md), as a deploy copies it, at the level its own
# micropython-lib manifest gives (none: mpy-cross's default), asserts kept.
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
# An enrolled board's MQTT client (ardoise/mqtt.py builds on it). Not
# require("umqtt.simple"): that is whichever commit the port pins.
package("umqtt", base_path="../third_party/micropython-lib")
