"""The page's board: the unchanged firmware on MicroPython's WebAssembly port.

Runs in the browser (and in node for `make bench`), loaded as .mpy beside
the firmware's own. It does what firmware/main.py and ardoise/boot.py do on
a board, with the page in place of the hardware:

- `machine` is host_tools/standin/machine.py (the port has none), its I2C
  bus made an SSD1306 panel by host_tools/standin/panel.py: the page draws
  the panel's memory, decoded from the driver's bytes, not the driver's
  frame;
- the buttons are stand-in pins the page drives (`press`), each change at
  the moment the page's event says it happened, the firmware polled every
  POLL_MS in between (page/ardoise.mjs: a busy page delays when the
  firmware learns of a press, never how long it lasted);
- the clock is a tick counter the page moves (`step(ms)`), so that a test
  can move it by hand and a page in a sleeping phone does not run behind;
- the loop is the page's timer calling `step`: App.run never returns, and
  on this port a gc.collect() only happens once control is back in JS;
- the filesystem raises OSError with Emscripten's (WASI) numbers; the
  firmware, like MicroPython's errno, uses POSIX ones, so `os` and `open`
  are wrapped here to give those (the firmware is not changed);
- at an evening (data/evening.json), the board's Wi-Fi and socket are the
  page's (webnet.py, as `network` and `socket`) and the MQTT client
  (ardoise/mqtt.py) is webmqtt.py over mqtt.js: ardoise/net.py runs unchanged, each `step`
  polling it after the app as App.run does, and the page carries its
  commands out (`net_commands`) and hands mqtt.js's events in (`net_event`).

Every function the page calls keeps its exceptions inside Python (one
crossing into JS can hang the port): they become the crash screen, as
ardoise/boot.py shows one on a board, and the next fresh press restarts.
"""

import builtins
import gc
import os
import sys
from time import ticks_add, ticks_diff

import machine
import panel

# Emscripten's errno numbers (WASI's) to POSIX ones.
_ERRNO = {2: 13, 8: 9, 10: 16, 20: 17, 28: 22, 29: 5, 31: 21, 44: 2, 51: 28, 54: 20, 55: 39, 63: 1}
ROLES = ("prev", "next", "ok", "extra")
# step()'s answer, bits: the picture changed, the app sleeps, crashed, and
# the keypad has a press or a bounce under way (poll it every POLL_MS).
CHANGED = 1
ASLEEP = 2
CRASHED = 4
KEYS = 8
# What the keypad reported (ardoise/buttons.py's events), by number.
EVENTS = ("", "prev", "next", "ok", "extra", "undo", "menu", "back", "wake")
REPORTED = 64  # the last events kept for `keys()`
# A finger on a phone rests longer on a button than a thumb on a board's: a
# held button's repeats (every 300 ms after the held event at 600 ms) come
# on the page only once it has stayed down this long after its held event,
# so a 0.9 s touch on a number jumps once.
REPEAT_PAUSE_MS = 1000


def _posix(function):
    def call(*args, **options):
        try:
            return function(*args, **options)
        except OSError as error:
            code = error.args[0] if error.args else 0
            raise OSError(_ERRNO.get(code, code)) from None

    return call


_mapped = False


def _map_errors():
    global _mapped
    if _mapped:
        return
    for name in ("mkdir", "remove", "rename", "rmdir", "stat", "listdir", "ilistdir", "unlink"):
        function = getattr(os, name, None)
        if function is not None:
            setattr(os, name, _posix(function))
    builtins.open = _posix(builtins.open)
    _mapped = True


class Board:
    """The slate on the page's panel, pins and clock."""

    def __init__(self, description, root):
        from ardoise.app import App
        from ardoise.hardware import Hardware

        self.description = description
        self.root = root
        self.now = 0
        self.changed = True
        self.crashed = None
        panel.listener = self.panel_changed
        self.hardware = Hardware(description, clock=self.ticks)
        self.bus = self.hardware.i2c
        self.pins = {}
        for role, (number, _, level) in description["buttons"].items():
            self.pins[role] = (machine.Pin(number), 0 if level == "low" else 1)
        self.app = App(self.hardware.display, self.hardware.keypad, root, clock=self.ticks)
        self.held_at = {}  # a held event -> when it came, while its button is down
        self.reported = []  # the keypad's last events, oldest first
        self.poll = self.hardware.keypad.poll
        self.hardware.keypad.poll = self.paced_poll

    def paced_poll(self):
        """The keypad's next event, a held button's repeats within
        REPEAT_PAUSE_MS of its held event left out."""
        from ardoise.buttons import BACK, MENU, NONE, UNDO

        keypad = self.hardware.keypad
        event = self.poll()
        for index, held in enumerate((UNDO, MENU, BACK)):
            if not keypad.down[index]:
                self.held_at.pop(held, None)
        if event == UNDO or event == MENU or event == BACK:
            at = self.held_at.setdefault(event, self.now)
            if at != self.now and ticks_diff(self.now, at) < REPEAT_PAUSE_MS:
                return NONE
        if event != NONE:
            reported = self.reported
            if len(reported) >= REPORTED:
                del reported[0]
            reported.append(event)
        return event

    def ticks(self):
        return self.now

    def panel_changed(self, bus):
        self.changed = True


board = None
_description = None
_root = None


def _crash(error):
    """Report `error` as ardoise/boot.py does (console, crash.txt, screen)."""
    global board
    if board is None:
        sys.print_exception(error)
        return CRASHED
    board.crashed = error
    try:
        from ardoise.boot import crash

        # boot.crash draws, then waits for a press with nap(); here the
        # page's timer does the waiting, so its nap ends the wait at once.
        board.hardware.nap = _stop
        crash(board.hardware, error, board.root)
    except _Stop:
        pass
    except Exception as again:  # the screen itself failed: the console has both
        sys.print_exception(again)
    board.changed = True
    return CRASHED


class _Stop(Exception):
    pass


def _stop(ms, screen_off):
    raise _Stop()


def polls():
    """How often App.run polls, awake and with the screen off (ms), as JSON: the
    firmware's own constants, so that the page's loop keeps no copy. Asked
    after start(): the app is loaded by then (loading it earlier, out of
    the boot's order, left the heap some 4 KiB fuller)."""
    from ardoise.app import POLL_MS, SLEEP_POLL_MS

    return '{"awake": %d, "asleep": %d}' % (POLL_MS, SLEEP_POLL_MS)


def start(height, root, buttons=4):
    """Boot the firmware on a 128x`height` panel with its flash folder at `root`
    (`buttons` 3: no Extra button wired)."""
    global board, _description, _root
    try:
        _map_errors()
        import host

        description = host.describe()
        description["name"] = "web page (MicroPython WebAssembly port)"
        description["oled"]["height"] = height
        description["light_sleep"] = False
        if buttons == 3:
            del description["buttons"]["extra"]
        machine.I2C = panel.PanelI2C
        machine.release_all()
        _network(root)
        _description = description
        _root = root
        board = None
        board = Board(description, root)
        board.app.start()
        board.app.step()
        return _flags()
    except Exception as error:
        return _crash(error)


def _network(root):
    """At an evening, the page's network in place of the board's (webnet.py)."""
    try:
        os.stat(root + "/evening.json")
    except OSError:
        return
    import webnet

    sys.modules["network"] = webnet
    sys.modules["socket"] = webnet


def _flags():
    flags = CHANGED if board.changed else 0
    board.changed = False
    if not board.hardware.keypad.settled:
        flags |= KEYS
    if board.crashed is not None:
        return flags | CRASHED
    if board.app.asleep:
        flags |= ASLEEP
    return flags


def step(ms):
    """Let `ms` milliseconds pass and poll once, as App.run does between naps."""
    if board is None:
        return CRASHED
    board.now = ticks_add(board.now, ms)
    if board.crashed is not None:
        return _after_crash()
    try:
        app = board.app
        app.step()
        if app.net is not None:
            app.net.step()  # as App.run does after each poll
        return _flags()
    except Exception as error:
        return _crash(error)


def _after_crash():
    """On the crash screen: a fresh press (all up for a moment, then one down) restarts."""
    keypad = board.hardware.keypad
    try:
        from ardoise.buttons import NONE

        if keypad.asleep:
            if keypad.poll() != NONE:
                return start(_description["oled"]["height"], _root, len(board.pins))
        else:
            keypad.poll()
            if not keypad.any_pressed() and keypad.idle_ms >= 200:
                keypad.sleep()
    except Exception as error:
        sys.print_exception(error)
    return _flags()


def press(role, down):
    """Hold (1) or let go (0) of the button `role`, as a finger on the board does."""
    wiring = board.pins.get(role) if board is not None else None
    if wiring is None:
        return 0
    pin, level = wiring
    pin.drive(level if down else None)
    return 1


def keys():
    """The keypad's last events (up to REPORTED), oldest first, by name:
    "ok next ok" (the tests: every tap on the page is one event)."""
    if board is None:
        return ""
    return " ".join(EVENTS[event] for event in board.reported)


def panel_address():
    """Where the panel's memory is in the port's linear memory (the page
    reads it there); 0 if there is no board."""
    import uctypes

    return uctypes.addressof(board.bus.memory) if board is not None else 0


def panel_state():
    """The panel: bit 0 on, then the pages (4 or 8) from bit 1; contrast from bit 8."""
    if board is None:
        return 0
    bus = board.bus
    settings = board.app.settings
    contrast = settings.get("contrast") if settings is not None else 128
    return (1 if bus.on else 0) | bus.pages << 1 | (contrast or 0) << 8


def frame():
    """The panel's memory as a hex string (tests; the page reads it in place)."""
    bus = board.bus
    return bus.memory[: bus.pages * 128].hex()


def setting(key):
    try:
        value = board.app.settings.get(key)
        return "" if value is None else str(value)
    except Exception:
        return ""


def change(key, value):
    """Change one setting as the settings menu does (the page's language choice)."""
    try:
        ok = board.app.change(key, value)
        board.app.home()
        board.app.dirty = True
        board.app.step()
        return 1 if ok else 0
    except Exception as error:
        _crash(error)
        return 0


def load_log(path):
    """Continue the match log at `path`: "" once it is the journal, else why not.

    Checked by the rules first (nothing changes if they refuse a line); the
    current match then goes to the archive, as a new match sends it there.
    """
    try:
        from scoring import LogError, fold_lines

        with open(path, "rb") as file:
            try:
                match = fold_lines(file)
            except LogError as error:
                return str(error)
        if match is None:
            return "no match event"
        app = board.app
        with open(path, "rb") as file:
            header = None
            for line in file:
                if line.strip():
                    header = line
                    break
        import json

        app.journal.new_match(json.loads(header))
        with open(path, "rb") as source:
            with open(app.journal.path, "ab") as out:
                seen = False
                for line in source:
                    if not line.strip():
                        continue
                    if not seen:
                        seen = True  # the match event, written by new_match
                        continue
                    out.write(line.strip() + b"\n")
        app.journal.load()
        app.home()
        app.dirty = True
        app.step()
        return ""
    except Exception as error:
        sys.print_exception(error)
        return "%s: %s" % (type(error).__name__, error)


def probe():
    """The top screen as JSON, for the tests' key scripts (topscreen.top)."""
    try:
        import json

        from topscreen import top

        return json.dumps(top(board.app))
    except Exception as error:
        return json.dumps({"error": "%s: %s" % (type(error).__name__, error)})


def collect():
    """Bytes of heap in use after a collection (`make bench`)."""
    gc.collect()
    return gc.mem_alloc()


# -- below the panel: the match, its open deal and its deals, the roster --------


def _borrowing(job):
    """`job()`, the modules it loads dropped after it (the RAM policy's
    modules stay as they were): the page reads, the slate keeps its RAM."""
    from ardoise import forget

    before = list(sys.modules)
    try:
        return job()
    finally:
        for name in list(sys.modules):
            if name not in before:
                forget(name)
        gc.collect()


def _sides(app, game):
    """The match's sides as the page heads its columns, [name, short name]
    each: a team's players in full ("Rösli & Émile") and as the slate says
    them where room is short (app.team), or its letter; a player."""
    if game.name == "brusquembelle" and not game.pairs:
        from ardoise.games.brusquembelle import player

        return [[player(app, seat)] * 2 for seat in range(game.players)]
    names = app.match.names
    sides = []
    for side in (0, 1):
        if not names:
            sides.append([app.team(side)] * 2)
            continue
        seats = range(side, len(names), 2)  # Bruus for two: one player a side
        full = " & ".join(app.seat(seat) for seat in seats)
        sides.append([full, app.team(side, 7) if len(seats) > 1 else full])
    return sides


def _numbers(app, game):
    """What the page counts, per side: (sides, `main(side)`: Le Brouc's
    slate, Bruus's points, Brusquembelle's balance; `tally(side)`: coches,
    parties or games won, None where the game keeps none; `worded(count)`:
    the tally's word, singular or plural), read from the rules' state by
    the game's own screens' helpers."""
    name = game.name
    if name == "brusquembelle":
        if game.pairs:
            return 2, lambda side: game.balance[side] + game.balance[side + 2], None, None
        return game.players, lambda side: game.balance[side], None, None
    if name == "bruus":
        from ardoise.games.bruus import shown

        words = app.words("bruus_games")
        return (
            2,
            lambda side: shown(game, side),
            lambda side: game.games[side],
            lambda count: words[0 if count == 1 else 1],
        )
    from ardoise.games.brouc import BROU1802, THIRTY_ONE, unit

    parties = game.rules == BROU1802
    tally = None
    if game.rules != THIRTY_ONE:
        tally = (lambda side: game.parties[side]) if parties else (lambda side: game.coches[side])
    return 2, lambda side: game.slate[side], tally, lambda count: unit(app, parties, count)


def _totals(app, game):
    """Each side's [main number, its tally in words ("1 coche"), or ""],
    and a line of what belongs to no side (Brusquembelle's pool)."""
    sides, main, tally, worded = _numbers(app, game)
    cells = []
    for side in range(sides):
        count = tally(side) if tally else None
        said = "" if count is None else "%d %s" % (count, worded(count))
        if game.name == "bruus" and game.session:
            said += " · Σ%d" % game.won[side]  # what the session credits
        cells.append([main(side), said])
    line = ""
    if game.name == "brusquembelle":
        line = "%s %d" % (app.t("bq_pool"), game.pool)
    return cells, line


def _deals(app, game):
    """The finished deals, [number, mark, cells] each: the mark Le Brouc's
    trump or Bruus's tricks; a cell per side, what the deal gave it: "+6"
    (its main number's change), or "+2 coches" when the deal changed a
    tally (a game won: the slates may start again), "" for nothing. The
    totals are said once, above them. Folded again by the rules core, as
    the slate's history lists them (View.deals)."""
    from ardoise.base import suit_symbol
    from scoring.match import SUITS

    sides, main, tally, worded = _numbers(app, game)
    rows = []
    last = []  # the numbers as the deal began: as the last one ended

    def numbers():
        mains = [main(side) for side in range(sides)]
        return mains, [tally(side) for side in range(sides)] if tally else None

    def read(game):
        if not last:
            last.append(numbers())  # the match's start
        if game.name == "brouc" and game.trump >= 0:
            return suit_symbol(SUITS[game.trump])
        return ""

    def write(trump, game):
        mains, tallies = now = numbers()
        mains_before, tallies_before = last[0]
        last[0] = now
        cells = []
        for side in range(sides):
            if tallies != tallies_before:
                won = tallies[side] - tallies_before[side]
                cells.append("+%d %s" % (won, worded(won)) if won else "")
            else:
                cells.append("%+d" % (mains[side] - mains_before[side]))
        mark = "%d:%d" % game.last_tricks if game.name == "bruus" else trump
        rows.append([game.deals, mark, cells])

    app.match.deals(read, write)
    return rows


def _deal(app, game):
    """The deal under way, or the next one: its number, whether it is
    dealt, what holds for all (`facts`: [word, text] each, the word the
    page's: trump, dealer...) and per side (`rows`: [word, [text per
    side]] each: Le Brouc's marriages waiting at the bottom, those in
    tricks, the tricks, the count a dehors would start from); None once
    the match is won or the session over."""
    facts = []
    rows = []
    what = {"brusquembelle": _brusquembelle_deal, "bruus": _bruus_deal}.get(game.name, _brouc_deal)
    if not what(app, game, facts, rows):
        return None
    return {"number": game.deals + 1, "open": game.deal_open, "facts": facts, "rows": rows}


def _brouc_deal(app, game, facts, rows):
    from ardoise.base import suit_symbol
    from ardoise.games.brouc import BROU1802
    from scoring.brouc import SUITS

    if game.winner >= 0:
        return False
    dealt = game.deal_open
    if dealt:
        suit = SUITS[game.trump]
        facts.append(["trump", "%s %s" % (suit_symbol(suit), app.words("suits")[game.trump])])
    facts.append(["dealer", app.seat(game.dealer)])
    if game.announcer >= 0:
        call = app.words("calls")[game.call]
        facts.append(["announce", "%s, %s" % (call, _sides(app, game)[game.announcer][0])])
    for word, points in (("bottom", game.bottom), ("table", game.table if dealt else (0, 0))):
        if points[0] or points[1]:
            rows.append([word, ["+%d" % point if point else "" for point in points]])
    if dealt and (game.tricks[0] or game.tricks[1]):
        rows.append(["tricks", [str(count) for count in game.tricks]])
    if dealt and game.rules != BROU1802:
        rows.append(["count", ["%d/%d" % game.count(side) for side in (0, 1)]])
    return True


def _bruus_deal(app, game, facts, rows):
    if game.session and game.deals == game.session:
        return False
    facts.append(["dealer", app.seat(game.dealer)])
    if game.bock:
        facts.append(["bock", str(game.bock)])
    if game.session:
        facts.append(["session", "%d/%d" % (game.deals + 1, game.session)])
    if game.deal_open:
        rows.append(["tricks", [str(count) for count in game.tricks]])
    return True


def _brusquembelle_deal(app, game, facts, rows):
    from ardoise.games.brusquembelle import player

    facts.append(["dealer", player(app, game.dealer)])
    if game.deal_open:
        aces, tens = app.words("bq_ranks")
        facts.append(["played", "%s %d · %s %d" % (aces, game.played[0], tens, game.played[1])])
    return True


def summary():
    """The match on the slate for the page below the panel, as JSON: its
    sides (`sides`: [name, short name] each), its totals (`totals`: [main
    number, tally in words] per side, `line`: the rest), the deal under way
    or the next one (`deal`, see _deal) and the finished deals (`deals`, see
    _deals), all read from the rules' state (the rules core folding the
    journal again for the deals); {} without a match."""
    import json

    try:
        app = board.app
        game = app.match.game
        if game is None:
            return "{}"

        def read():
            cells, line = _totals(app, game)
            return {
                "sides": _sides(app, game),
                "totals": cells,
                "line": line,
                "deal": _deal(app, game),
                "deals": _deals(app, game),
            }

        return json.dumps(_borrowing(read))
    except Exception as error:
        sys.print_exception(error)
        return json.dumps({"error": "%s: %s" % (type(error).__name__, error)})


def details(number):
    """Finished deal `number`'s lines (1 the first), as the slate's history
    shows them when the deal is opened (the game's history module), as
    JSON: a list of lines; [] if there is no such deal."""
    import json

    def read():
        from ardoise import load

        app = board.app
        game = app.match.game
        if game is None or not 1 <= number <= game.deals:
            return []
        return load("games.%s_history" % game.name).details(app, number)

    try:
        return json.dumps(_borrowing(read))
    except Exception as error:
        sys.print_exception(error)
        return json.dumps(["%s: %s" % (type(error).__name__, error)])


def roster():
    """The roster's names as the slate reads them, as JSON ([] without one)."""
    import json

    def read():
        from ardoise import roster

        return roster.load(board.app.root, board.app.journal.opener)

    try:
        return json.dumps(_borrowing(read))
    except Exception as error:
        sys.print_exception(error)
        return "[]"


def _refusal(name, names):
    """Why `name` cannot join `names` (host_tools/board/roster.py's check()),
    as "code" or "code:detail"; "" if it can."""
    from ardoise.font import CHARACTERS
    from ardoise.roster import ANONYMOUS, LONGEST, MOST
    from scoring.names import refusal

    if not name:
        return "empty"
    if name == ANONYMOUS:
        return "anonymous"
    if len(name) <= LONGEST and refusal(name):  # the spec's rule: a control character
        return "control"
    undrawable = ""
    for char in name:
        if not (" " <= char <= "~" or char in CHARACTERS) and char not in undrawable:
            undrawable += char
    if undrawable:
        return "undrawable:" + undrawable
    if len(name) > LONGEST:
        return "long:%d" % LONGEST
    if name in names:
        return "taken"
    if len(names) >= MOST:
        return "full:%d" % MOST
    return ""


def roster_change(name, add):
    """Add (`add` 1) or remove the name `name` (its spaces aside) in the
    roster, written as the slate writes it (ardoise/roster.py: whole, with
    its end line): "" once on flash, else why not, as "code" or
    "code:detail", and nothing changed."""

    def change():
        from ardoise import roster

        app = board.app
        names = roster.load(app.root, app.journal.opener)
        wanted = name.strip(" \t")
        if add:
            refusal = _refusal(wanted, names)
            if refusal:
                return refusal
            names.append(wanted)
        elif wanted in names:
            names.remove(wanted)
        else:
            return "absent"
        try:
            roster.save(app.root, names, app.journal.opener)
        except ValueError:
            return "refused"
        except OSError as error:
            return "storage:%s" % error
        return ""

    try:
        return _borrowing(change)
    except Exception as error:
        sys.print_exception(error)
        return "failed:%s: %s" % (type(error).__name__, error)


# -- at an evening: the network, carried by the page's mqtt.js (page/net.mjs) -------


def net_commands():
    """What net.py asked of the broker since the last call, as JSON (webnet.commands)."""
    if "webnet" not in sys.modules:
        return "[]"
    import webnet

    try:
        return webnet.commands()
    except Exception as error:
        sys.print_exception(error)
        return "[]"


def net_event(text):
    """What mqtt.js said of a connection, as JSON (webnet.event)."""
    import webnet

    try:
        webnet.event(text)
    except Exception as error:
        sys.print_exception(error)


def net_online(flag):
    """Whether the browser is online (the board's Wi-Fi)."""
    import webnet

    webnet.set_online(flag)


def net_status():
    """The evening's sign for the page, as JSON: {} on a page at no evening, else
    {"link": "up", "" (not connected) or "refused", "online": the browser's,
    "sent": the organiser holds every confirmed line (the slate's filled box),
    "match": the slate holds a match, "seated": the table's seating came}."""
    import json

    evening = board.app.net if board is not None else None
    if evening is None or "webnet" not in sys.modules:
        return "{}"
    import webnet

    return json.dumps(
        {
            "link": webnet.said,
            "online": webnet.online,
            "sent": evening.sent,
            "match": board.app.journal.match is not None,
            "seated": evening.seating is not None,
        }
    )
