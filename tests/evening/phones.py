"""A table's phone for the tests: the slate's page, as `ardoise evening run` serves it at
/slate/, opened in headless Chromium (a phone's viewport and touch) from the link
`ardoise evening enrol --phone` prints.

The page runs with ?clock=manual: its firmware's time moves only with
advance(ms), and `until` lets the page's time and the test's pass together
while it waits for what the network brings (mqtt.js runs on the wall clock).
Keys are the simulator's letters, as tests/test_device_evening.py's slates
take them: o OK, p Prev, n Next, e Extra; O, P, N held.
"""

import re
import time

from tests.support.commands import ardoise
from tests.web.test_browser import PageDriver

KEYS = {"o": "ok", "p": "prev", "n": "next", "e": "extra"}
HELD_MS = 800


def phone_link(folder, table, *options):
    """`ardoise evening enrol FOLDER --phone --table N`: (its output, the link)."""
    done = ardoise("evening", "enrol", folder, "--phone", "--table", table,
                   "--page-host", "127.0.0.1", *options)  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    found = re.search(r"^  (http://\S+/slate/#\S+)$", done.stdout, re.MULTILINE)
    assert found, done.stdout
    return done.stdout, found.group(1)


def manual(url):
    """The page's address with its clock moved by the test (?clock=manual)."""
    return url.replace("/slate/#", "/slate/?clock=manual#") if "#" in url else url + "?clock=manual"


class Phone:
    """The page opened at `url` in `context` (a phone's: touch, a mobile viewport)."""

    def __init__(self, context, url):
        self.context = context
        self.open(url)

    def open(self, url):
        self.page = self.context.new_page()
        self.errors = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.goto(manual(url))
        self.page.evaluate("window.ardoise.ready")
        self.driver = PageDriver(self.page)
        return self

    def reload(self):
        self.page.reload()
        self.page.evaluate("window.ardoise.ready")
        self.driver = PageDriver(self.page)

    def close(self):
        self.page.close()

    def advance(self, ms):
        self.page.evaluate("ms => window.ardoise.advance(ms)", ms)

    def keys(self, keys):
        for key in keys:
            held = key.isupper()
            self.driver.press(KEYS[key.lower()], HELD_MS if held else 80, 80)

    def until(self, condition, what, timeout=60, step=50):
        """Let the page's time pass (`step` ms at a time, the wall clock's with it)
        until `condition()`; AssertionError after `timeout` s of the wall clock."""
        deadline = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > deadline:
                raise AssertionError("waited %d s for %s: %s" % (timeout, what, self.sign()))
            self.advance(step)
            time.sleep(0.02)

    def sign(self):
        return self.page.evaluate("window.ardoise.sign()")

    def said(self):
        """What the page says of the evening under its buttons: its key (sent, unsent...)."""
        return self.page.get_attribute("#net", "data-said")

    def read(self, name):
        return self.driver.read(name)

    def journal(self):
        return self.read("match.jsonl") or b""

    def probe(self):
        return self.driver.probe()
