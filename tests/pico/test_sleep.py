"""Sleep on the emulated Pico: the slate's real loop (App.run, machine.lightsleep
between polls while the screen is off, as boards/pico.py asks) does not hang,
and a press as short as the key scripts' (80 ms) wakes it, whenever in the
loop's naps it comes.
"""

from tests.pico.conftest import image, slate_on

TIER = "slow emulator"

PHASES_MS = (0, 10, 20, 30, 40)  # within one nap of the sleeping loop


def test_the_sleeping_slate_wakes_on_a_short_press(deployed, tmp_path):
    # The shortest sleep delay of the settings, and no match: the screen goes off.
    flash = image(deployed, tmp_path, files={"settings.json": b'{"sleep": 15}'})
    with slate_on(deployed, flash) as slate:
        for phase in PHASES_MS:
            slate.wait(15_500)
            assert slate.answer["asleep"] == 2 and not slate.pico.panel.on, slate.answer
            slate.wait(2_000)  # asleep, the loop still answers: no hang
            slate.pico.run(phase)
            slate.press("ok", 80, 80)
            woken = slate.answer
            assert not woken["asleep"] and slate.pico.panel.on, "no wake at phase %d" % phase
            # The press only woke it: still the first screen.
            assert woken["kinds"][0] == "NoMatch" and woken["depth"] == 1, woken
