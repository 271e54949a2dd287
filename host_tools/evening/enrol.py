"""A board enrolled for the evening: data/evening.json written to it over USB.

    {"evening": ID, "ssid": ..., "wifi_password": ..., "broker_host": ...,
     "broker_port": 1883, "user": BOARD_ID, "password": ...,
     "live": "http://192.168.1.20:8080/"}

"live", the live ranking's address, is for the slate's web page (a link
under its panel); the firmware does not read it.

Written as `ardoise roster` writes the roster (host_tools/board/roster.py):
to a temporary name, renamed, read back and compared; real, virtual and
emulated boards alike. The board's id is its data/board_id.txt
(host_tools/board/board_id.py): a board without one gets --board-id, and a
board whose id is another than --board-id is refused. The same id on a
second board (another unique id) is refused: their journals would mix.
"""

import json

from host_tools.board import board_id as ids
from host_tools.board.link import connect
from host_tools.board.roster import write_on_board
from host_tools.evening.folder import EveningError

PATH = "data/evening.json"
READ = """
try:
    with open("data/evening.json", "rb") as file:
        print(repr(file.read(512)))
except OSError:
    print("None")
"""


def enrolment(evening, board, password, broker_host, live=None):
    """The bytes of the board's data/evening.json (`live`: the live ranking's URL)."""
    wifi = evening.secrets.get("wifi", {})
    settings = {
        "evening": evening.id,
        "ssid": wifi.get("ssid", ""),
        "wifi_password": wifi.get("password", ""),
        "broker_host": broker_host,
        "broker_port": evening.settings["broker"]["port"],
        "user": board,
        "password": password,
    }
    if live:
        settings["live"] = live
    return json.dumps(settings, separators=(",", ":")).encode()


def earlier_evening(data):
    """The evening a board's old data/evening.json names, or None."""
    try:
        return json.loads(data).get("evening")
    except (ValueError, AttributeError):
        return None


def enrol(evening, port, virtual_flash, broker_host, given_id=None, table=None, live=None):
    """Enrol the board on `port`; (its id, its table, the evening it was in before or None).

    Everything is checked before anything is written: a refused enrolment
    leaves the board as it was (no id written to it), and the folder too.
    """
    if not evening.secrets.get("wifi", {}).get("ssid"):
        raise EveningError("refuse_no_wifi", id=evening.id, folder=evening.folder)
    if table is not None:
        evening.check_table(table)
    with connect(port, virtual_flash) as link:
        kept, unique = link.evaluate(ids.PROBE)
        board = kept if kept and ids.SHAPE.fullmatch(kept) else None
        if given_id is not None:
            ids.check(given_id)
            if board and board != given_id:
                raise EveningError("refuse_board_id", board=board, given=given_id)
        new_id = board is None
        if new_id:
            board = given_id or (ids.derived(unique) if unique else None)
            if board is None:
                raise EveningError("refuse_no_board_id")
        known = evening.boards.get(board)
        if table is None:
            table = known["table"] if known else evening.next_table()
        password = evening.enrol(board, unique, table)  # refused here: nothing written yet
        if new_id:
            ids.write(link, board)
        old = link.evaluate(READ)
        before = earlier_evening(old) if old else None
        data = enrolment(evening, board, password, broker_host, live)
        stored = write_on_board(link, PATH, data)
        link.run("reset")  # reaching the files stopped the slate: a reset starts it again
    if stored != data:
        raise EveningError("refuse_enrol_kept")
    evening.save()
    return board, table, before if before != evening.id else None
