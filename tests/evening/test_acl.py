"""Nobody writes where they do not belong: the evening's password file and ACL, enforced
by a real Mosquitto. Each refused publish is checked the only way that counts: the
organiser, subscribed to everything, never receives it (a message that is allowed,
sent afterwards, arrives: the refused one had its chance)."""

import threading

import pytest

from host_tools.evening.folder import ORGANISER
from tests.evening.boards import Inbox, client, wait_until

TIER = "network"


def connected(port, user=None, password=None, client_id=""):
    made = client(port, user, password, client_id)
    result = {}
    done = threading.Event()

    def on_connect(c, u, flags, reason, properties):
        result["reason"] = reason
        done.set()

    made.on_connect = on_connect
    made.connect("127.0.0.1", port)
    made.loop_start()
    assert done.wait(5)
    return made, result["reason"]


@pytest.fixture
def organiser(evening, mosquitto):
    inbox = Inbox(
        evening.settings["broker"]["port"], ["ardoise/#"], ORGANISER, evening.secrets["organiser"]
    )
    yield inbox
    inbox.close()


def publish_and_mark(made, topic, payload, mark_client, mark_topic):
    """Publish `payload`, then a message that is allowed: once the mark arrives, the
    broker has handled the first."""
    made.publish(topic, payload, qos=1).wait_for_publish(5)
    mark_client.publish(mark_topic, b"mark", qos=1).wait_for_publish(5)


def wait_for(inbox, topic, payload):
    return wait_until(lambda: (topic, payload) in inbox.messages)


def test_a_board_publishes_under_its_own_topic_only(evening, organiser):
    port = evening.settings["broker"]["port"]
    board, reason = connected(port, "b2", evening.board_password("b2"))
    assert not reason.is_failure
    try:
        own = evening.prefix("b2") + "/line"
        other = evening.prefix("b1") + "/line"
        publish_and_mark(board, other, b"1 0 forged", board, own)
        assert wait_for(organiser, own, b"mark")
        assert (other, b"1 0 forged") not in organiser.messages
        # Nor the organiser's topics of its own: /have and /seating are the organiser's.
        publish_and_mark(board, evening.prefix("b2") + "/have", b"99 99", board, own)
        assert wait_until(lambda: organiser.messages.count((own, b"mark")) == 2)
        assert (evening.prefix("b2") + "/have", b"99 99") not in organiser.messages
    finally:
        board.disconnect()
        board.loop_stop()


def test_a_client_without_a_user_is_refused(evening, mosquitto):
    """Whatever id it gives: a client's id is its user, and one without a user could
    take a board's id (Mosquitto then drops the board). Phones read the page."""
    port = evening.settings["broker"]["port"]
    for taken in ("", "b1", ORGANISER, "phone"):
        made, reason = connected(port, client_id=taken)
        made.loop_stop()
        assert reason.is_failure, taken


def test_a_wrong_password_or_an_unknown_user_is_refused(evening, mosquitto):
    port = evening.settings["broker"]["port"]
    for user, password in (
        ("b1", "not its password"),
        ("b9", "x"),
        (ORGANISER, evening.board_password("b1")),
    ):
        made, reason = connected(port, user, password)
        made.loop_stop()
        assert reason.is_failure, user


def test_no_password_in_the_broker_files_or_its_log(evening, mosquitto, organiser):
    folder = evening.broker_folder
    written = "".join(path.read_text() for path in folder.iterdir())
    written += "\n".join(mosquitto.tail)
    for password in [evening.secrets["organiser"], *evening.secrets["boards"].values()]:
        assert password not in written
