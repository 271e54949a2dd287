"""A tournament evening, live: `ardoise evening SUBCOMMAND FOLDER ...`.

    ardoise evening new FOLDER --players NAMES.txt [--game bruus --rules schwesing
        --sessions 3 --deals 16] [--ssid NETWORK [--wifi-password ...] | --wifi-later]
    ardoise evening new FOLDER --pairs PAIRS.txt [--format swiss|round-robin --rounds N
        --target 5 --rules etivaz --round-minutes M ...]
    ardoise evening wifi FOLDER [--ssid NETWORK --wifi-password ...]
    ardoise evening draw FOLDER [--seed N] [--sit-out | --two] [--show N] [--force]
        [--take-back]
    ardoise evening enrol FOLDER --port PORT [--board-id ID] [--table N] [--broker-host IP]
        [--page-host IP]
    ardoise evening enrol FOLDER --phone --table N [--page-host IP] [--take-back]
    ardoise evening run FOLDER [--broker mqtt://USER@HOST:1883 [--broker-password-file FILE]]
        [--page-port N]
    ardoise evening status FOLDER
    ardoise evening players FOLDER [--add NAME ...] [--withdraw NAME ...]
    ardoise evening replace FOLDER --table N --port PORT [--erase]
    ardoise evening results FOLDER [--session N]

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
until Ctrl-C. `status` says what the folder holds of each table. `replace`
puts a table's match from the organiser's copy on a spare board, when its
slate died (spare.py). `results` writes each session's results and the
prize list to print (FOLDER/results/). At the end, `ardoise tournament
FOLDER` gives the ranking from the files.
"""

import argparse
import datetime
import getpass
import pathlib
import sys
import time

from host_tools.board.board_id import BoardIdError
from host_tools.board.link import VIRTUAL, LinkError, add_port_arguments
from host_tools.board.roster import RosterError
from host_tools.board.roster import check as check_names
from host_tools.common import end_on_signals, printable
from host_tools.evening import (
    broker,
    championship,
    course,
    draw,
    lang,
    pairing,
    printouts,
    results,
)
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
        raise EveningError("refuse_folder_taken", folder=folder)
    if args.pairs and args.game not in (None, "brouc"):
        raise EveningError("refuse_pairs_game", game=args.game)
    if args.pairs:
        game = championship.settings(
            championship.read_pairs(args.pairs, lang.Texts(args.lang)),
            args.format,
            args.rounds,
            args.target,
            args.rules or "etivaz",
            args.round_minutes,
        )
        players = game["players"]
    else:
        for option, value, most in (
            ("sessions", args.sessions, MOST_SESSIONS),
            ("deals", args.deals, MOST_DEALS),
        ):
            if not 1 <= value <= most:
                raise EveningError("refuse_%s" % option, value=value, most=most)
        try:
            data = pathlib.Path(args.players).read_bytes()
        except OSError as error:
            raise EveningError(
                "refuse_cannot_read", path=args.players, error=error.strerror
            ) from None
        players = check_names(data, args.players, MOST_PLAYERS, NO_PLAYERS)
        if len(players) < 4:
            raise EveningError(
                "refuse_few_players_one" if len(players) == 1 else "refuse_few_players",
                path=args.players,
                count=len(players),
            )
        args.game = args.game or "bruus"
        rules = args.rules or RULES[args.game][0]
        if rules not in RULES[args.game]:
            raise EveningError(
                "refuse_no_rules", game=args.game, rules=rules, known=", ".join(RULES[args.game])
            )
        game = {
            "game": args.game,
            "rules": rules,
            "sessions": args.sessions,
            "deals": args.deals,
            "players": players,
        }
    texts = lang.Texts(args.lang)
    evening = Evening(folder)
    evening.settings = {
        "evening": new_id(),
        "date": datetime.date.today().isoformat(),  # a season's column (ardoise tournament)
        "lang": args.lang,  # what every text a player or the organiser reads is in
        "title": args.title or texts("championship_title" if args.pairs else "default_title"),
        **game,
        "broker": {"port": args.broker_port, "websockets": args.websockets_port},
        "page_port": args.page_port,
        "boards": {},
        "draws": [],
    }
    wifi = {} if args.wifi_later else wifi_of(args, folder, texts, later=True)
    evening.secrets = {"organiser": new_password(), "boards": {}, "wifi": wifi}
    evening.save()
    broker.write_config(evening)
    if args.pairs:
        print(
            texts(
                "new_championship",
                id=evening.id,
                what=championship.describe(evening.settings),
                folder=folder,
            )
        )
    else:
        print(
            texts(
                "new_done",
                id=evening.id,
                players=len(players),
                game=args.game,
                rules=game["rules"],
                sessions=args.sessions,
                deals=args.deals,
                folder=folder,
            )
        )
    say_secrets(evening)
    if not wifi:
        print(texts("new_wifi_later", folder=folder))
    print(texts("next_draw", folder=folder))
    return 0


def say_secrets(evening):
    """Where the passwords are, and that git leaves them out."""
    texts = lang.of(evening)
    print(
        texts(
            "new_secrets",
            secrets=evening.folder / "secrets.json",
            passwd=evening.folder / "broker" / "passwd",
        )
    )
    repository = evening.repository()
    if repository:
        print(texts("new_in_git", folder=evening.folder, repository=repository))


def wifi_of(args, folder, texts, later=False):
    """The Wi-Fi network the boards join, {"ssid", "password"}: as given, or
    asked at a terminal in the evening's language (`texts`); {} for later
    when `later` and none is given there."""
    ssid = args.ssid
    if ssid is None:
        if not sys.stdin.isatty():
            raise EveningError("refuse_no_ssid_later" if later else "refuse_no_ssid", folder=folder)
        try:
            ssid = input(texts("ask_ssid_later" if later else "ask_ssid"))
        except EOFError:
            ssid = ""
        ssid = ssid.strip()
        if not ssid and later:
            return {}
    check_ssid(ssid)
    password = args.wifi_password
    if password is None:
        if not sys.stdin.isatty():
            raise EveningError("refuse_no_wifi_password", ssid=ssid)
        password = getpass.getpass(texts("ask_wifi_password", ssid=ssid))
    return {"ssid": ssid, "password": password}


def check_ssid(ssid):
    # A network's name is 1 to 32 bytes (IEEE 802.11); the board joins it by that name.
    size = len(ssid.encode())
    if not 1 <= size <= 32 or not ssid.isprintable():
        raise EveningError("refuse_ssid", ssid=ssid)


def set_wifi(args):
    evening = Evening.load(pathlib.Path(args.folder))
    before = evening.secrets.get("wifi") or {}
    wifi = evening.secrets["wifi"] = wifi_of(args, evening.folder, lang.of(evening))
    evening.save()
    texts = lang.of(evening)
    print(texts("wifi_set", id=evening.id, ssid=repr(wifi["ssid"])))
    if evening.boards and wifi != before:
        # A board has the network it was enrolled with (data/evening.json).
        boards = ", ".join(sorted(evening.boards))
        print(texts("wifi_enrol_again", ssid=repr(before.get("ssid", "")), boards=boards))
    return 0


def do_draw(args):
    evening = Evening.load(pathlib.Path(args.folder))
    if championship.is_championship(evening.settings):
        return draw_round(evening, args)
    draws = evening.settings["draws"]
    title = evening.settings["title"]
    if args.show is not None:
        if not 1 <= args.show <= len(draws):
            raise EveningError("refuse_session_not_drawn", session=args.show, drawn=len(draws))
        session = draws[args.show - 1]
    elif args.take_back:
        number = course.take_back(evening)
        print(lang.of(evening)("session_taken_back", session=number, folder=evening.folder))
        return 0
    else:
        if len(draws) >= evening.settings["sessions"]:
            raise EveningError("refuse_sessions_drawn", sessions=len(draws))
        course.check_next_draw(evening, args.force)
        sit_out, two = course.left_over(evening, args.sit_out, args.two)
        seed = draw.new_seed() if args.seed is None else args.seed
        session = draw.draw_session(
            evening.settings["players"],
            draws,
            seed,
            sit_out,
            two,
            evening.settings["rules"],
        )
        draws.append(session)
        evening.settings.pop("seated", None)  # a seating to push again (run.py)
        evening.save()
    texts = lang.of(evening)
    sessions = evening.settings["sessions"]
    write_plan(
        evening,
        course.stem(session),
        lambda png: draw.write_png(png, title, session, sessions, texts),
        draw.page(title, session, sessions, texts),
        draw.plan_lines(title, session, sessions, texts),
    )
    write_cards(evening, session, args.page_host)
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
    print(lang.of(evening)("plan_written", png=png, html=page))


def write_cards(evening, drawn, page_host):
    """A card a table of `drawn` (a session or a championship's round), said."""
    texts, settings = lang.of(evening), evening.settings
    if "round" in drawn:
        heading = texts("round_of", round=drawn["round"], rounds=settings["rounds"])
    else:
        heading = texts("session_of", session=drawn["session"], sessions=settings["sessions"])
    url = page_url(evening, page_host)
    written = printouts.write_cards(evening, course.stem(drawn), heading, drawn["tables"], url)
    print(texts("cards_written", html=written[0], png=written[1].name))


def draw_round(evening, args):
    """`draw` at a championship: the next round (or --show N again), and its plan."""
    settings = evening.settings
    draws = settings["draws"]
    title = settings["title"]
    if args.sit_out or args.two:
        raise EveningError("refuse_pairs_sit_out")
    if args.show is not None:
        if not 1 <= args.show <= len(draws):
            raise EveningError("refuse_round_not_drawn", round=args.show, drawn=len(draws))
        drawn = draws[args.show - 1]
    elif args.take_back:
        number = course.take_back(evening)
        print(lang.of(evening)("round_taken_back", round=number, folder=evening.folder))
        return 0
    else:
        seed = draw.new_seed() if args.seed is None else args.seed
        drawn = championship.draw_round(evening, seed)
        draws.append(drawn)
        settings.pop("seated", None)  # a seating to push again (run.py)
        evening.save()
    write_plan(
        evening,
        course.stem(drawn),
        lambda png: championship.write_png(png, title, settings, drawn),
        championship.page(title, settings, drawn),
        championship.plan_lines(title, settings, drawn),
    )
    write_cards(evening, drawn, args.page_host)
    return 0


def do_players(args):
    """Players who come late or leave early, between sessions."""
    evening = Evening.load(pathlib.Path(args.folder))
    added = "\n".join(args.add).encode() if args.add else b""
    if not added and not args.withdraw:
        settings = evening.settings
        if "pairs" in settings:  # a championship's
            gone = settings.get("withdrawn_pairs", [])
            playing = [" & ".join(pair) for pair in settings["pairs"] if pair not in gone]
            gone = [" & ".join(pair) for pair in gone]
        else:
            playing, gone = settings["players"], settings.get("withdrawn", [])
        print("%d: %s" % (len(playing), ", ".join(playing)))
        if gone:
            print(lang.of(evening)("players_withdrawn", names=", ".join(gone)))
        return 0
    for line in course.change_players(evening, added, args.withdraw):
        print(line)
    return 0


def page_url(evening, host=None):
    """The live page's address, as `run` serves it with its default port."""
    from host_tools.evening.live import lan_address

    return "http://%s:%d/" % (host or lan_address(), evening.settings["page_port"])


def do_results(args):
    """Each session's results and the prize list, printed and written to FOLDER/results/."""
    from host_tools.evening.live import Logs

    evening = Evening.load(pathlib.Path(args.folder))
    texts = lang.of(evening)
    made = results.results(evening, Logs(evening.logs).read())
    title = evening.settings["title"]
    sessions = evening.settings["sessions"]
    folder = evening.folder / "results"
    shown = [s for s in made.sessions if any(table.scores for table in s.tables)]
    if args.session is not None:
        shown = [s for s in made.sessions if s.session == args.session]
        if not shown:
            raise EveningError("refuse_no_session", session=args.session)
    lines = []
    for session in shown:
        parts = printouts.session_parts(texts, title, session, sessions)
        lines += printouts.text_lines(parts) + [""]
        written = printouts.write(folder, "session-%d" % session.session, texts, parts)
        lines.append(texts("results_written", html=written[0], png=written[1]))
        lines.append("")
    if args.session is None:
        parts = printouts.prize_parts(texts, title, made)
        lines += printouts.text_lines(parts) + [""]
        written = printouts.write(folder, "prize-list", texts, parts)
        lines.append(texts("results_written", html=written[0], png=written[1]))
    for path, error in made.refused:
        lines.append(texts("status_refused", text="%s: %s" % (path, error)).strip())
    print(printable("\n".join(lines)))
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
    texts = lang.of(evening)
    if before:
        print(texts("enrol_moved", board=board, before=before))
    print(
        texts(
            "enrol_done",
            board=board,
            table=table,
            broker="%s:%d" % (host, evening.settings["broker"]["port"]),
            ssid=repr(evening.secrets.get("wifi", {}).get("ssid", "")),
        )
    )
    if args.port == VIRTUAL:  # trying the evening without boards: this PC plays the slate
        print(texts("enrol_virtual", flash=args.virtual_flash))
    return 0


def do_replace(args):
    """A spare board for a table whose slate died: the match from the organiser's copy."""
    from host_tools.board.link import connect
    from host_tools.evening.live import lan_address
    from host_tools.evening.spare import replace

    evening = Evening.load(pathlib.Path(args.folder))
    host = args.broker_host or evening.settings.get("broker_host") or lan_address()
    with connect(args.port, pathlib.Path(args.virtual_flash)) as link:
        board, number, lines = replace(
            evening, args.table, link, host, page_url(evening, args.page_host), args.erase
        )
    broker.write_config(evening)  # the new password; a running `run` reloads it
    texts = lang.of(evening)
    if number:
        print(texts("spare_done", board=board, table=args.table, match=number, lines=lines))
    else:
        print(texts("spare_empty", board=board, table=args.table))
    print(texts("spare_after"))
    return 0


def say_started(evening, address, url, own_broker):
    texts = lang.of(evening)
    print(texts("run_start", id=evening.id, broker=address, boards=len(evening.boards)))
    print(texts("run_page", url=url))
    print(texts("run_ctrl_c") if own_broker else texts("run_ctrl_c_broker", broker=address))


def enrol_phone(args):
    """A table's phone: its link and QR code (or, --take-back, none: the one given
    before can no longer connect)."""
    from host_tools.evening import phones
    from host_tools.evening.live import lan_address

    if args.port:
        raise EveningError("refuse_phone_port")
    evening = Evening.load(pathlib.Path(args.folder))
    user, password, before = phones.give(evening, args.table, args.take_back)
    broker.write_config(evening)  # a running `run` has Mosquitto read it again
    texts = lang.of(evening)
    if password is None:
        phones.take_back_files(evening, args.table)
        print(texts("phone_taken_back", table=args.table, user=user, folder=args.folder))
        cards_again(evening, args.page_host)
        return 0
    page_host = args.page_host or lan_address()
    url = phones.link(evening, user, password, page_host, args.broker_host)
    written = phones.write_codes(evening, args.table, url)
    if before:
        print(texts("phone_before_taken", table=args.table))
    print(phones.terminal_code(url), end="")
    print(texts("phone_scan", table=args.table, user=user))
    print("  %s" % url)
    print(texts("phone_private", table=args.table, png=written[0], svg=written[1]))
    cards_again(evening, page_host)
    if not phones.can_build():
        print(texts("phone_make_node"))
    return 0


def cards_again(evening, page_host):
    """The last draw's table cards written again: a table's phone given or taken back
    shows on its card, or no longer."""
    draws = evening.settings.get("draws") or []
    if draws:
        write_cards(evening, draws[-1], page_host)


def run(args):
    from host_tools.evening.live import lan_address
    from host_tools.evening.run import Runner, local_address

    evening = Evening.load(pathlib.Path(args.folder))
    settings = evening.settings
    page_port = args.page_port or settings["page_port"]
    broker.check_free(page_port, "page-port")
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
        say_started(evening, address, url, own_broker=mosquitto is not None)
        files = evening.changed()
        while True:
            time.sleep(0.5)
            if mosquitto and not mosquitto.running():
                mosquitto.keep_up(settings["broker"]["port"], runner.say, lang.of(evening))
            files, enrolled = runner.follow(files)
            runner.tick()
            if enrolled and mosquitto:  # enrol wrote the new passwd: the broker reads it
                mosquitto.reload()
    except KeyboardInterrupt:
        print(lang.of(evening)("run_stopped"))
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
    broker.check_free(ports["port"], "broker-port")
    broker.check_free(ports["websockets"], "websockets-port")
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
    texts = lang.of(evening)
    if championship.is_championship(evening.settings):
        out = [texts("status_championship", id=evening.id, boards=len(evening.boards))]
    else:
        out = [
            texts(
                "status_head",
                id=evening.id,
                session=now["session"],
                sessions=now["sessions"],
                boards=len(evening.boards),
            )
        ]
    for table in now["tables"]:
        board = table["board"]
        files = sorted((evening.logs / board).glob("*.jsonl"))
        lines = sum(path.read_bytes().count(b"\n") for path in files)
        heard = texts("status_never")
        if table["seen"]:
            heard = texts("status_seen", status=boards[board]["status"], time=table["seen"])
            if not boards[board]["status"]:
                heard = texts("status_seen_at", time=table["seen"])
        out.append(
            texts(
                "status_table",
                table=table["table"],
                board=board,
                heard=heard,
                state=printouts.table_line(texts, table),
                matches=texts.count("n_match", len(files)),
                lines=texts.count("n_line", lines),
            )
        )
    for board, held in sorted(boards.items()):
        refused = held["refused"]
        if refused:
            out.append(
                texts(
                    "status_board_refused",
                    board=board,
                    what=refused["what"],
                    at=refused["at"],
                    count=texts.count("n_time", refused["count"]),
                    reason=refused["reason"],
                )
            )
    out += [texts("status_refused", text=text) for text in now["refused"]]
    print(printable("\n".join(out)))  # a board's words never drive the terminal
    if championship.is_championship(evening.settings):
        round_status(evening, texts)
    return 0


def round_status(evening, texts):
    """`status` at a championship: the round, and the tables that still play."""
    settings = evening.settings
    draws = settings["draws"]
    if not draws:
        print(texts("round_none", folder=evening.folder))
        return
    _, results = championship.collect(evening)
    still = championship.playing(draws[-1], results, texts)
    state = texts("round_all_won")
    if still:
        state = texts("round_playing", tables=texts.count("n_table", len(still)))
    print(texts("round_status", round=draws[-1]["round"], rounds=settings["rounds"], state=state))
    for text in still:
        print("  " + text)
    if draws[-1].get("bye"):
        print(texts("round_bye", pair=" & ".join(draws[-1]["bye"])))


def new_arguments(one):
    """`new`'s arguments: a Schwesing evening's or a championship's."""
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
    one.add_argument(
        "--lang",
        choices=lang.LANGUAGES,
        default=lang.DEFAULT,
        help="the evening's language: the page, the plans, the printouts, the messages "
        "(fr by default, as the slate)",
    )
    one.add_argument("--title", help="the plans' and the page's title")
    wifi_arguments(one, later=True)
    one.add_argument("--broker-port", type=int, default=1883)
    one.add_argument("--websockets-port", type=int, default=9001)
    one.add_argument("--page-port", type=int, default=8080)
    one.set_defaults(act=new)


def parser():
    top = argparse.ArgumentParser(prog="ardoise evening", description=__doc__.split("\n\n")[0])
    commands = top.add_subparsers(dest="command", required=True)
    new_arguments(commands.add_parser("new", help="a new evening's folder"))
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
    one.add_argument("--force", action="store_true", help="draw while a session is played")
    one.add_argument("--take-back", action="store_true", help="take back a draw not yet played")
    one.add_argument("--page-host", help="the live page's address for the table cards' QR code")
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
    during_and_after(commands)
    return top


def during_and_after(commands):
    """The subcommands of the evening's course: players, a spare board, the results."""
    one = commands.add_parser("players", help="add or withdraw players (or pairs) between draws")
    one.add_argument("folder")
    one.add_argument("--add", action="append", metavar="NAME", help="who comes ('A & B': a pair)")
    one.add_argument("--withdraw", action="append", default=[], metavar="NAME", help="who leaves")
    one.set_defaults(act=do_players)
    one = commands.add_parser("replace", help="a spare board for a table whose slate died")
    one.add_argument("folder")
    add_port_arguments(one)
    one.add_argument("--table", type=int, required=True, help="the table whose slate died")
    one.add_argument("--erase", action="store_true", help="erase the spare's own matches")
    one.add_argument("--broker-host", help="the broker's address on the LAN (this PC's)")
    one.add_argument("--page-host", help="the live ranking's address on the LAN (this PC's)")
    one.set_defaults(act=do_replace)
    one = commands.add_parser("results", help="each session's results and the prize list")
    one.add_argument("folder")
    one.add_argument("--session", type=int, metavar="N", help="session N's results alone")
    one.set_defaults(act=do_results)


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
    except EveningError as error:
        print("evening: %s" % error.said(refusal_texts(args)), file=sys.stderr)
        return 1
    except (RosterError, LinkError, BoardIdError) as error:
        print("evening: %s" % error, file=sys.stderr)
        return 1


def refusal_texts(args):
    """The language a refusal is said in: `new`'s --lang (the evening it would
    make), else the evening's in FOLDER, else French (no evening there to say)."""
    if hasattr(args, "lang"):
        return lang.Texts(args.lang)
    try:
        return lang.of(Evening.load(pathlib.Path(args.folder)))
    except (EveningError, AttributeError, KeyError, TypeError, ValueError):
        return lang.Texts()
