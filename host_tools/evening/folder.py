"""The evening's folder: what `ardoise evening new` writes and every subcommand reads.

    FOLDER/evening.json     the evening: its id, game, players, sessions drawn,
                            boards enrolled (no secret in it)
    FOLDER/secrets.json     passwords (the organiser's, each board's, the
                            Wi-Fi's), readable by the organiser alone
    FOLDER/broker/          mosquitto.conf, passwd (hashed), acl
    FOLDER/seating/         each session's plan, PNG and HTML
    FOLDER/logs/<board>/    each board's journal, as `pull-log --to FOLDER/logs`
                            names it: `ardoise tournament FOLDER` ranks them
    FOLDER/state/<board>.json   which match of the board is the one on the slate
    FOLDER/.gitignore       keeps secrets.json and broker/passwd out of git: an
                            evening made inside a repository, `git add .`
                            there commits no password

Each file is written whole, then renamed into place.
"""

import json
import os
import secrets
import string

from host_tools.board import board_id as ids
from host_tools.common import CommandError, write_whole
from host_tools.evening import lang

SETTINGS = "evening.json"
SECRETS = "secrets.json"
# What git must never take from the folder: the passwords, the broker's
# hashed ones, and a file half written (.secrets.json.XXXXXXXX.tmp).
GITIGNORE = """# Written by `ardoise evening new`: the evening's passwords stay out of git.
secrets.json
broker/passwd
*.tmp
# The tables' phones' links (each holds its phone's password, as does the
# table card of a table with a phone), and the page `run` builds for them.
phones/
seating/*-cards.html
seating/*-table-*.png
web/
"""
ORGANISER = "organiser"  # the organiser's broker user; no board may take this id
ID_LETTERS = string.ascii_lowercase + string.digits


class EveningError(CommandError):
    """An evening folder or a request that cannot be carried out; the message says why,
    in the evening's language: raised with a key of lang/'s tables and its fields,
    EveningError("refuse_table_taken", table=2, board="b1"), it is said by whoever
    catches it with `said(texts)` (command.main: the evening's language, else `new
    --lang`, else French); str() says it in French, the default."""

    def __init__(self, key, **values):
        super().__init__(key)
        self.text = lang.Text(key, **values)

    def said(self, texts):
        return self.text.said(texts)

    def __str__(self):
        return self.said(lang.Texts())


def new_id():
    """A random evening id: 8 letters and digits, part of every topic of the evening."""
    return "".join(secrets.choice(ID_LETTERS) for _ in range(8))


def new_password():
    return secrets.token_urlsafe(18)


def write_json(path, value, private=False):
    write_whole(path, (json.dumps(value, indent=1, ensure_ascii=False) + "\n").encode(), private)


class Evening:
    """One evening's folder: `settings` (evening.json) and `secrets` (secrets.json)."""

    def __init__(self, folder):
        self.folder = folder
        self.settings = {}
        self.secrets = {}

    @classmethod
    def load(cls, folder):
        evening = cls(folder)
        path = folder / SETTINGS
        try:
            evening.settings = json.loads(path.read_text(encoding="utf-8"))
            evening.secrets = json.loads((folder / SECRETS).read_text(encoding="utf-8"))
        except FileNotFoundError as error:
            raise EveningError(
                "refuse_not_evening", folder=folder, file=os.path.basename(error.filename)
            ) from None
        except (OSError, ValueError) as error:
            raise EveningError("refuse_cannot_read", path=path, error=error) from None
        return evening

    def changed(self):
        """The evening's files as they stand now: compare two to know of a change."""
        return [(self.folder / name).stat().st_mtime_ns for name in (SETTINGS, SECRETS)]

    def reload(self):
        """Read the settings and secrets again (a draw or an enrolment during `run`)."""
        again = Evening.load(self.folder)
        self.settings, self.secrets = again.settings, again.secrets

    def save(self):
        if not (self.folder / ".gitignore").exists():  # a folder made before it was written
            write_whole(self.folder / ".gitignore", GITIGNORE.encode())
        write_json(self.folder / SETTINGS, self.settings)
        write_json(self.folder / SECRETS, self.secrets, private=True)

    def repository(self):
        """The git working tree the folder is in, or None."""
        for folder in [self.folder.resolve(), *self.folder.resolve().parents]:
            if (folder / ".git").exists():
                return folder
        return None

    @property
    def id(self):
        return self.settings["evening"]

    @property
    def boards(self):
        """The boards enrolled: {board id: {"table": n, "unique": hex or None}}."""
        return self.settings.setdefault("boards", {})

    @property
    def logs(self):
        return self.folder / "logs"

    @property
    def state(self):
        return self.folder / "state"

    @property
    def broker_folder(self):
        return self.folder / "broker"

    def prefix(self, board):
        """The board's topics begin with this: ardoise/EVENING/BOARD."""
        return "ardoise/%s/%s" % (self.id, board)

    def board_password(self, board):
        return self.secrets.setdefault("boards", {}).get(board)

    def enrol(self, board, unique, table):
        """Enrol `board` (a new password unless it has one); its password.

        The same id on a board with another unique id is a second board
        deployed with the same id: refused, as pull-log refuses it.
        """
        ids.check(board)
        if board == ORGANISER:
            raise EveningError("refuse_organiser_id", board=board)
        known = self.boards.get(board)
        if known and known.get("phone"):
            raise EveningError("refuse_phone_id", board=board, table=known["table"])
        if known and known.get("unique") and unique and known["unique"] != unique:
            raise EveningError(
                "refuse_other_board", board=board, before=known["unique"], unique=unique
            )
        taken = {entry["table"]: name for name, entry in self.boards.items() if name != board}
        if table in taken:
            raise EveningError("refuse_table_taken", table=table, board=taken[table])
        self.boards[board] = {"table": table, "unique": unique}
        passwords = self.secrets.setdefault("boards", {})
        passwords.setdefault(board, new_password())
        return passwords[board]

    def tables(self):
        """How many tables the evening has: the most any session's (or
        round's) draw seats; before the first draw, the most its players can
        make (tables of four, and one of two with `draw --two`; a
        championship's pairs two a table, one sitting out when odd)."""
        draws = self.settings.get("draws") or []
        if draws:
            return max(len(draw["tables"]) for draw in draws)
        if "pairs" in self.settings:
            return len(self.settings["pairs"]) // 2
        players = len(self.settings["players"])
        return players // 4 + (players % 4 >= 2)

    def check_table(self, table):
        """EveningError unless `table` is one of the evening's: a board at a
        table the draw never seats would get no players."""
        most = self.tables()
        if not 1 <= table <= most:
            seated = "drawn" if self.settings.get("draws") else "players"
            raise EveningError(
                "refuse_no_table_%s_%s" % (seated, "more" if most > 1 else "one"),
                table=table,
                most=most,
                players=len(self.settings["players"]),
            )

    def next_table(self):
        """The first table without a board; EveningError when every one has one."""
        taken = {entry["table"]: board for board, entry in self.boards.items()}
        for table in range(1, self.tables() + 1):
            if table not in taken:
                return table
        raise EveningError(
            "refuse_tables_full", boards=", ".join("%d %s" % item for item in sorted(taken.items()))
        )

    def board_at(self, table):
        for board, entry in self.boards.items():
            if entry["table"] == table:
                return board
        return None
