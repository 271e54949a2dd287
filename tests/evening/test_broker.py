"""The evening's own Mosquitto as `ardoise evening run` keeps it (issue 31, items 4, 5
and 9), against the real broker: what it refuses is said while the evening runs,
no client can take a board's or the organiser's id, and a broker that dies is
started again.
"""

import threading

from tests.evening.boards import client
from tests.evening.conftest import Run
from tests.evening.test_run import wait_for_page


def own_run(evening):
    run = Run(evening, "--page-host", "127.0.0.1")
    wait_for_page(evening.settings["page_port"], run.process)
    return run


def attempt(port, user=None, password=None, client_id=""):
    """A client's connection: its CONNACK's reason (None if none came)."""
    made = client(port, user, password, client_id)
    answer = threading.Event()
    reasons = []

    def on_connect(made, userdata, flags, reason, properties):
        reasons.append(reason)
        answer.set()

    made.on_connect = on_connect
    made.connect("127.0.0.1", port)
    made.loop_start()
    answer.wait(5)
    made.loop_stop()
    made.disconnect()
    return reasons[0] if reasons else None


def test_what_the_broker_refuses_is_said_while_the_evening_runs(evening):
    """Mosquitto's log was block-buffered in a pipe: a wrong password was said only
    at Ctrl-C. Now while `run` runs (Mosquitto writes it at once on stderr)."""
    run = own_run(evening)
    try:
        reason = attempt(evening.settings["broker"]["port"], "b1", "another evening's")
        assert reason is not None and reason.is_failure
        assert run.said("the broker refused a client", 10), run.output
        assert run.running()
    finally:
        run.stop()
