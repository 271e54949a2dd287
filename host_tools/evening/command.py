"""A tournament evening, live: `ardoise evening SUBCOMMAND FOLDER ...`.

    ardoise evening new FOLDER --players NAMES.txt [--game bruus --rules schwesing
        --sessions 3 --deals 16] [--ssid NETWORK [--wifi-password ...] | --wifi-later]
    ardoise evening new FOLDER --pairs PAIRS.txt [--format swiss|round-robin --rounds N
        --target 5 --rules etivaz --round-minutes M ...]
    ardoise evening wifi FOLDER [--ssid NETWORK --wifi-password ...]
    ardoise evening draw FOLDER [--seed N] [--sit-out | --two] [--show N]
    ardoise evening enrol FOLDER --port PORT [--board-id ID] [--table N] [--broker-host IP]
        [--page-host IP]
    ardoise evening enrol FOLDER --phone --table N [--page-host IP] [--take-back]
    ardoise evening run FOLDER [--broker mqtt://USER@HOST:1883 [--broker-password-file FILE]]
        [--page-port N]
    ardoise evening status FOLDER

`new` writes the evening's folder: its settings, secrets and Mosquitto's
config (host_tools/evening/folder.py); with --pairs, a Le Brouc championship
(ruling 35: host_tools/evening/championship.py). The Wi-Fi network the
boards join is asked at a terminal when not given; `wifi` sets it later,
or again. `draw` seats the next
session (or round) and writes its plan (PNG and HTML) to FOLDER/seating/. `enrol` gives a board the
evening's Wi-Fi, the broker's address, its own user and the live ranking's
address (for the slate's web page) over USB; with --phone, a table's phone
gets a link and its QR code instead (host_tools/evening/phones.py). `run`
starts Mosquitto, keeps every board's journal in FOLDER/logs/ as lines
arrive and serves the live ranking, and the phones' slate, on the LAN,
until Ctrl-C. `status` says
what the folder holds of each table. At the end, `ardoise tournament
FOLDER` gives the ranking from the files.
"""

import argparse
import getpass
import pathlib
import sys
import time

from host_tools.board.board_id import BoardIdError
from host_tools.board.link import LinkError, add_port_arguments
from host_tools.board.roster import RosterError
from host_tools.board.roster import check as check_names
from host_tools.common import end_on_signals, plural, printable
from host_tools.evening import broker, championship, draw, pairing
from host_tools.evening.folder import Evening, EveningError, new_id, new_password

RULES = {"bruus": ("schwesing", "treia"), "brouc": ("etivaz", "brou1802", "31")}
MOST_PLAYERS = 400
# A session's deals go into each match event as Bruus's "session", which the
# rules take from 1 to 99 (scoring/bruus.py); as many sessions at most.
MOST_DEALS = 99
MOST_SESSIONS = 99
NO_PLAYERS = "an evening needs its players' names, one a line"


def new(args):
    folder = pathlib.Path(args.folder)
    if (folder / "evening.json").exists():
        raise EveningError("%s already holds an evening: choose another folder" % folder)
    if args.pairs and args.game not in (None, "brouc"):
        raise EveningError("a championship (--pairs) is Le Brouc's: --game %s goes with --players"
                           % args.game)  # fmt: skip
    if args.pairs:
        game = championship.settings(
            championship.read_pairs(args.pairs),
            args.format,
            args.rounds,
            args.target,
            args.rules or "etivaz",
            args.round_minutes,
        )
        players = game["players"]
    else:
        for option, value, most, what in (
            ("--sessions", args.sessions, MOST_SESSIONS, "an evening plays 1 to %d sessions"),
            ("--deals", args.deals, MOST_DEALS, "a session has 1 to %d deals"),
        ):
            if not 1 <= value <= most:
                raise EveningError("%s %d: %s" % (option, value, what % most))
        try:
            data = pathlib.Path(args.players).read_bytes()
        except OSError as error:
            raise EveningError("cannot read %s: %s" % (args.players, error.strerror)) from None
        players = check_names(data, args.players, MOST_PLAYERS, NO_PLAYERS)
        if len(players) < 4:
            raise EveningError(
                "%s names %d player%s: a table needs four; add players to the file"
                % (args.players, len(players), "" if len(players) == 1 else "s")
            )
        args.game = args.game or "bruus"
        rules = args.rules or RULES[args.game][0]
        if rules not in RULES[args.game]:
            raise EveningError(
                "%s has no rules %r (%s)" % (args.game, rules, ", ".join(RULES[args.game]))
            )
        game = {
            "game": args.game,
            "rules": rules,
            "sessions": args.sessions,
            "deals": args.deals,
            "players": players,
        }
    evening = Evening(folder)
    evening.settings = {
        "evening": new_id(),
        "title": args.title or ("Le Brouc championship" if args.pairs else "Tournament evening"),
        **game,
        "broker": {"port": args.broker_port, "websockets": args.websockets_port},
        "page_port": args.page_port,
        "boards": {},
        "draws": [],
    }
    wifi = {} if args.wifi_later else wifi_of(args, folder, later=True)
    evening.secrets = {"organiser": new_password(), "boards": {}, "wifi": wifi}
    evening.save()
    broker.write_config(evening)
    if args.pairs:
        print(
            "evening %s: Le Brouc championship, %s, in %s"
            % (evening.id, championship.describe(evening.settings), folder)
        )
    else:
        print(
            "evening %s: %d players, %s (%s), %d sessions of %d deals, in %s"
            % (
                evening.id,
                len(players),
                args.game,
                game["rules"],
                args.sessions,
                args.deals,
                folder,
            )  # fmt: skip
        )
    say_secrets(evening)
    if not wifi:
        print("no Wi-Fi network yet: `ardoise evening wifi %s` sets it, before enrolling" % folder)
    print("next: ardoise evening draw %s" % folder)
    return 0


def say_secrets(evening):
    """Where the passwords are, and that git leaves them out."""
    where = "%s and %s" % (evening.folder / "secrets.json", evening.folder / "broker" / "passwd")
    print("the passwords: %s (yours alone to read)" % where)
    repository = evening.repository()
    if repository:
        print(
            "  %s is in the git repository %s: its .gitignore keeps them out of any commit"
            % (evening.folder, repository)
        )


def wifi_of(args, folder, later=False):
    """The Wi-Fi network the boards join, {"ssid", "password"}: as given, or
    asked at a terminal; {} for later when `later` and none is given there."""
    ssid = args.ssid
    if ssid is None:
        if not sys.stdin.isatty():
            hint = ", or --wifi-later and `ardoise evening wifi %s` before enrolling" % folder
            raise EveningError(
                "which Wi-Fi network do the boards join? Give --ssid NETWORK (its password "
                "with --wifi-password, or asked)%s" % (hint if later else "")
            )
        try:
            ssid = input("Wi-Fi network the boards join%s: " % (" (Enter: later)" if later else ""))
        except EOFError:
            ssid = ""
        ssid = ssid.strip()
        if not ssid and later:
            return {}
    check_ssid(ssid)
    password = args.wifi_password
    if password is None:
        if not sys.stdin.isatty():
            raise EveningError("the Wi-Fi password of %s: give it with --wifi-password" % ssid)
        password = getpass.getpass("Wi-Fi password of %s (Enter: an open network): " % ssid)
    return {"ssid": ssid, "password": password}


def check_ssid(ssid):
    # A network's name is 1 to 32 bytes (IEEE 802.11); the board joins it by that name.
    size = len(ssid.encode())
    if not 1 <= size <= 32 or not ssid.isprintable():
        raise EveningError(
            "%r cannot be a Wi-Fi network's name: 1 to 32 bytes of printable text" % ssid
        )


def set_wifi(args):
    evening = Evening.load(pathlib.Path(args.folder))
    before = evening.secrets.get("wifi") or {}
    wifi = evening.secrets["wifi"] = wifi_of(args, evening.folder)
    evening.save()
    print("evening %s: the boards join Wi-Fi %r" % (evening.id, wifi["ssid"]))
    if evening.boards and wifi != before:
        # A board has the network it was enrolled with (data/evening.json).
        print(
            "  the boards enrolled still have %r: enrol each again to give them this one (%s)"
            % (before.get("ssid", ""), ", ".join(sorted(evening.boards)))
        )
    return 0


def do_draw(args):
    evening = Evening.load(pathlib.Path(args.folder))
    if championship.is_championship(evening.settings):
        return draw_round(evening, args)
    draws = evening.settings["draws"]
    title = evening.settings["title"]
    if args.show is not None:
        if not 1 <= args.show <= len(draws):
            raise EveningError("session %d is not drawn (%d drawn)" % (args.show, len(draws)))
        session = draws[args.show - 1]
    else:
        if len(draws) >= evening.settings["sessions"]:
            raise EveningError("the %d sessions are drawn: --show N prints one again" % len(draws))
        seed = draw.new_seed() if args.seed is None else args.seed
        session = draw.draw_session(
            evening.settings["players"],
            draws,
            seed,
            args.sit_out,
            args.two,
            evening.settings["rules"],
        )
        draws.append(session)
        evening.save()
    sessions = evening.settings["sessions"]
    write_plan(
        evening,
        "session-%d" % session["session"],
        lambda png: draw.write_png(png, title, session, sessions),
        draw.page(title, session, sessions),
        draw.plan_lines(title, session, sessions),
    )
    return 0


def write_plan(evening, name, picture, document, lines):
    """A plan to print: FOLDER/seating/NAME.png (drawn by `picture(path)`) and
    NAME.html (`document`), and its `lines` printed."""
    plans = evening.folder / "seating"
    plans.mkdir(exist_ok=True)
    png = plans / (name + ".png")
    page = plans / (name + ".html")
    picture(png)
    page.write_text(document, encoding="utf-8")
    print("\n".join(lines))
    print("plan to print: %s (or %s)" % (png, page))


def draw_round(evening, args):
    """`draw` at a championship: the next round (or --show N again), and its plan."""
    settings = evening.settings
    draws = settings["draws"]
    title = settings["title"]
    if args.sit_out or args.two:
        raise EveningError("a championship seats pairs: --sit-out and --two are for --players")
    if args.show is not None:
        if not 1 <= args.show <= len(draws):
            raise EveningError("round %d is not drawn (%d drawn)" % (args.show, len(draws)))
        drawn = draws[args.show - 1]
    else:
        seed = draw.new_seed() if args.seed is None else args.seed
        drawn = championship.draw_round(evening, seed)
        draws.append(drawn)
        evening.save()
    write_plan(
        evening,
        "round-%d" % drawn["round"],
        lambda png: championship.write_png(png, title, settings, drawn),
        championship.page(title, settings, drawn),
        championship.plan_lines(title, settings, drawn),
    )
    return 0


def enrol(args):
    from host_tools.evening.enrol import enrol as enrol_board
    from host_tools.evening.live import lan_address

    if args.phone or args.take_back:
        return enrol_phone(args)
    evening = Evening.load(pathlib.Path(args.folder))
    host = args.broker_host or evening.settings.get("broker_host") or lan_address()
    # The live ranking, as `run` gives it with its default port.
    live = "http://%s:%d/" % (args.page_host or lan_address(), evening.settings["page_port"])
    board, table, before = enrol_board(
        evening,
        args.port,
        pathlib.Path(args.virtual_flash),
        host,
        args.board_id,
        args.table,
        live,
    )
    broker.write_config(evening)
    if before:
        print("board %s was enrolled in evening %s: it now belongs to this one" % (board, before))
    print(
        "board %s enrolled at table %d: broker %s:%d, Wi-Fi %r"
        % (
            board,
            table,
            host,
            evening.settings["broker"]["port"],
            evening.secrets.get("wifi", {}).get("ssid", ""),
        )
    )
    return 0


def enrol_phone(args):
    """A table's phone: its link and QR code (or, --take-back, none: the one given
    before can no longer connect)."""
    from host_tools.evening import phones
    from host_tools.evening.live import lan_address

    if args.port:
        raise EveningError("a phone needs no --port: --phone --table N gives its link")
    evening = Evening.load(pathlib.Path(args.folder))
    user, password, before = phones.give(evening, args.table, args.take_back)
    broker.write_config(evening)  # a running `run` has Mosquitto read it again
    if password is None:
        phones.take_back_files(evening, args.table)
        print(
            "the phone at table %d is taken back (%s): its password no longer works; "
            "give another with ardoise evening enrol %s --phone --table %d"
            % (args.table, user, args.folder, args.table)
        )
        return 0
    page_host = args.page_host or lan_address()
    url = phones.link(evening, user, password, page_host, args.broker_host)
    written = phones.write_codes(evening, args.table, url)
    if before:
        print("the phone given before at table %d is taken back: it can no longer connect"
              % args.table)  # fmt: skip
    print(phones.terminal_code(url), end="")
    print("table %d's phone (%s): scan the code above, or open on the phone" % (args.table, user))
    print("  %s" % url)
    print(
        "the link holds the phone's password: hand it to table %d alone (also in %s, %s)"
        % (args.table, written[0], written[1])
    )
    if not phones.can_build():
        print("`run` builds the phones' page from the pinned npm packages: `make node` first")
    return 0


def run(args):
    from host_tools.evening.live import lan_address
    from host_tools.evening.run import Runner, local_address

    evening = Evening.load(pathlib.Path(args.folder))
    settings = evening.settings
    page_port = args.page_port or settings["page_port"]
    broker.check_free(page_port, "the live page", "page-port")
    mosquitto = None
    runner = None
    server = None
    end_on_signals()
    try:
        if args.broker:
            address = broker.parse_url(args.broker)
            address.password = broker.password_for(address.user, evening, args.password_file)
        else:
            mosquitto = _start_mosquitto(evening)
            address = local_address(evening)
        runner = Runner(evening, address)
        if mosquitto:
            mosquitto.on_line = runner.broker_log
        runner.start()
        url = "http://%s:%d/" % (args.page_host or lan_address(), page_port)
        server = _serve(evening, runner, page_port, url)
        print(
            "evening %s: broker %s, %d boards enrolled" % (evening.id, address, len(evening.boards))
        )
        print("the live ranking: %s (its QR code: %sqr.svg)" % (url, url))
        if mosquitto:
            print("Ctrl-C stops the evening's broker and page; the folder keeps everything")
        else:
            print(
                "Ctrl-C stops the page and this organiser; the broker at %s keeps running; "
                "the folder keeps everything" % address
            )
        files = evening.changed()
        while True:
            time.sleep(0.5)
            if mosquitto and not mosquitto.running():
                mosquitto.keep_up(settings["broker"]["port"], runner.say)
            files, enrolled = runner.follow(files)
            runner.tick()
            if enrolled and mosquitto:  # enrol wrote the new passwd: the broker reads it
                mosquitto.reload()
    except KeyboardInterrupt:
        print("stopped: the folder holds every line confirmed")
        return 0
    finally:
        if server:
            runner.live.close()
            server.shutdown()
            server.server_close()
        if runner:
            runner.stop()
        if mosquitto:
            mosquitto.stop()


def _serve(evening, runner, port, url):
    """The live ranking on `port`, and the phones' slate page (built in the background)."""
    from host_tools.evening.live import serve
    from host_tools.evening.phones import Pages

    pages = Pages(evening, runner.say)
    pages.start()
    return serve(runner.live, port, url, phones=pages)


def _start_mosquitto(evening):
    """The evening's own Mosquitto, listening, once its ports are found free."""
    ports = evening.settings["broker"]
    broker.check_free(ports["port"], "the boards' MQTT", "broker-port")
    broker.check_free(ports["websockets"], "MQTT over WebSockets", "websockets-port")
    mosquitto = broker.Mosquitto(broker.write_config(evening))
    mosquitto.start()
    try:
        mosquitto.wait_listening(ports["port"])
    except BaseException:
        mosquitto.stop()  # run() only stops what it was handed
        raise
    return mosquitto


def status(args):
    from host_tools.evening.live import Logs, standing
    from host_tools.evening.run import kept

    evening = Evening.load(pathlib.Path(args.folder))
    boards = kept(evening)
    now = standing(evening, Logs(evening.logs), {b: v["seen"] for b, v in boards.items()})
    if championship.is_championship(evening.settings):
        out = ["evening %s: %d boards enrolled" % (evening.id, len(evening.boards))]
    else:
        out = [
            "evening %s: session %d of %s drawn, %d boards enrolled"
            % (evening.id, now["session"], now["sessions"], len(evening.boards))
        ]
    for table in now["tables"]:
        board = table["board"]
        files = sorted((evening.logs / board).glob("*.jsonl"))
        lines = sum(path.read_bytes().count(b"\n") for path in files)
        deal = ""
        if table.get("deal"):
            deal = "deal %s%s, " % (table["deal"], "/%s" % table["deals"] if table["deals"] else "")
        heard = "never seen"
        if table["seen"]:
            heard = "seen at %s" % table["seen"]
            if boards[board]["status"]:
                heard = "%s, %s" % (boards[board]["status"], heard)
        out.append(
            "  table %d, board %s (%s): %s%s; %s, %s held"
            % (
                table["table"],
                board,
                heard,
                deal,
                table["state"],
                plural(len(files), "match"),
                plural(lines, "line"),
            )
        )
    for board, held in sorted(boards.items()):
        refused = held["refused"]
        if refused:
            out.append(
                "  board %s: %s refused at %s (%s): %s"
                % (board, refused["what"], refused["at"], plural(refused["count"], "time"),
                   refused["reason"])
            )  # fmt: skip
    out += ["  refused: %s" % text for text in now["refused"]]
    print(printable("\n".join(out)))  # a board's words never drive the terminal
    if championship.is_championship(evening.settings):
        round_status(evening)
    return 0


def round_status(evening):
    """`status` at a championship: the round, and the tables that still play."""
    settings = evening.settings
    draws = settings["draws"]
    if not draws:
        print("championship: no round drawn yet (ardoise evening draw %s)" % evening.folder)
        return
    _, results = championship.collect(evening)
    still = championship.playing(draws[-1], results)
    print(
        "championship: round %d of %d; %s"
        % (
            draws[-1]["round"],
            settings["rounds"],
            "every match won: the next round can be drawn"
            if not still
            else plural(len(still), "table") + " still playing",
        )
    )
    for text in still:
        print("  " + text)
    if draws[-1].get("bye"):
        print("  bye: %s" % " & ".join(draws[-1]["bye"]))


def parser():
    top = argparse.ArgumentParser(prog="ardoise evening", description=__doc__.split("\n\n")[0])
    commands = top.add_subparsers(dest="command", required=True)
    one = commands.add_parser("new", help="a new evening's folder")
    one.add_argument("folder")
    who = one.add_mutually_exclusive_group(required=True)
    who.add_argument("--players", help="the players' names, one per line (a Schwesing evening)")
    who.add_argument(
        "--pairs", help="a Le Brouc championship: its pairs, one a line, 'Anne & Marc'"
    )
    one.add_argument("--game", choices=sorted(RULES), help="bruus (default), brouc")
    one.add_argument("--rules", help="schwesing (default), treia; etivaz, brou1802, 31")
    one.add_argument(
        "--format",
        choices=pairing.FORMATS,
        default=pairing.SWISS,
        help="a championship's rounds: swiss (default), or round-robin for 8 pairs or fewer",
    )
    one.add_argument(
        "--rounds",
        type=int,
        help="a championship's rounds (default: log2 of the pairs, rounded up, + 1; "
        "a round robin's all)",
    )
    one.add_argument("--target", type=int, default=5, help="a championship's coches a match")
    one.add_argument(
        "--round-minutes", type=float, help="a championship's time limit a round (none by default)"
    )
    one.add_argument("--sessions", type=int, default=3)
    one.add_argument("--deals", type=int, default=16, help="deals per session")
    one.add_argument("--title", help="the plans' and the page's title")
    wifi_arguments(one, later=True)
    one.add_argument("--broker-port", type=int, default=1883)
    one.add_argument("--websockets-port", type=int, default=9001)
    one.add_argument("--page-port", type=int, default=8080)
    one.set_defaults(act=new)
    one = commands.add_parser("wifi", help="the Wi-Fi network the boards join, set again")
    one.add_argument("folder")
    wifi_arguments(one)
    one.set_defaults(act=set_wifi)
    one = commands.add_parser("draw", help="the seating of the next session, and its plan")
    one.add_argument("folder")
    one.add_argument("--seed", type=int, help="the draw's seed (random by default; saved)")
    one.add_argument("--sit-out", action="store_true", help="players left over sit out in turn")
    one.add_argument("--two", action="store_true", help="two left over play a table of two")
    one.add_argument("--show", type=int, metavar="N", help="print session N's plan again")
    one.set_defaults(act=do_draw)
    enrol_arguments(commands.add_parser("enrol", help="a board's or a phone's enrolment"))
    one = commands.add_parser("run", help="the evening: broker, copies, live page (Ctrl-C)")
    one.add_argument("folder")
    one.add_argument(
        "--broker",
        help="an existing broker: mqtt://USER@HOST:1883 (the organiser's user by default, "
        "its password from secrets.json; another's from --broker-password-file, "
        "$ARDOISE_BROKER_PASSWORD or asked)",
    )
    one.add_argument(
        "--broker-password-file", dest="password_file", metavar="FILE",
        help="the broker user's password, the file's first line",
    )  # fmt: skip
    one.add_argument("--page-port", type=int)
    one.add_argument("--page-host", help="the address the QR code gives (this PC's on the LAN)")
    one.set_defaults(act=run)
    one = commands.add_parser("status", help="which tables play, seen when, what they sent")
    one.add_argument("folder")
    one.set_defaults(act=status)
    return top


def enrol_arguments(one):
    """`enrol`: a board over USB, or a table's phone (--phone)."""
    one.add_argument("folder")
    add_port_arguments(one)
    one.add_argument("--board-id", help="the board's id, if it has none yet")
    one.add_argument("--table", type=int, help="its table (the next free one by default)")
    one.add_argument("--broker-host", help="the broker's address on the LAN (this PC's)")
    one.add_argument("--page-host", help="the live ranking's address on the LAN (this PC's)")
    one.add_argument(
        "--phone",
        action="store_true",
        help="a phone as the slate of --table N: its link and QR code (a new one takes the "
        "table's phone before back)",
    )
    one.add_argument("--take-back", action="store_true", help="take the phone of --table N back")
    one.set_defaults(act=enrol)


def wifi_arguments(command, later=False):
    """--ssid and --wifi-password (read by wifi_of); --wifi-later for `new`."""
    network = command.add_mutually_exclusive_group()
    network.add_argument("--ssid", help="the Wi-Fi network the boards join (asked when not given)")
    if later:
        network.add_argument(
            "--wifi-later", action="store_true", help="no network yet: `evening wifi` sets it"
        )
    command.add_argument("--wifi-password", help="its password (asked when not given)")


def main(argv=None):
    args = parser().parse_args(argv)
    try:
        return args.act(args)
    except (EveningError, RosterError, LinkError, BoardIdError) as error:
        print("evening: %s" % error, file=sys.stderr)
        return 1
