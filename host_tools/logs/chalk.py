"""The slate drawn as players know it: chalk on a dark slate in a wooden frame.

Le Brouc: two columns of running totals, the declared marriages waiting at
the bottom and the coches as diagonal strokes. Bruus: each team's
matchsticks. Brusquembelle: a chalk table of the purses and the pool.

Only pillow and the font it ships (Aileron, through ImageFont.load_default)
are used. The wobble of the strokes comes from a random generator seeded by
the log's content, so one log always gives the same picture.
"""

import functools
import math
import random
import unicodedata
import zlib

from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageFont

from host_tools.logs.matchlog import TEAMS, brouc_match, brusquembelle_deals, bruus_match, opponent

WIDTH = 1000
FRAME_WIDTH = 26
SLATE = (42, 49, 53)
SLATE_LIGHT = (62, 70, 74)
WOOD = (120, 80, 46)
WOOD_DARK = (82, 52, 28)
CHALK = (241, 239, 229)
YELLOW = (245, 226, 145)
PINK = (242, 168, 174)
BLUE = (168, 210, 236)
STICK = (226, 190, 140)
STICK_HEAD = (168, 42, 32)

LEFT_CENTRE = WIDTH // 4 + 10
RIGHT_CENTRE = WIDTH * 3 // 4 - 10
CENTRES = {"A": LEFT_CENTRE, "B": RIGHT_CENTRE}
TALLY_STROKE = 18
TALLY_GROUP = 110


@functools.lru_cache
def font(size):
    return ImageFont.load_default(size=size)


def chalkable(text):
    """The text without accents: pillow's own font has the ASCII letters only."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(char for char in decomposed if not unicodedata.combining(char))


class Board:
    """A slate being chalked on.

    Chalk of each colour gathers in its own mask; the grain that makes it
    look like chalk rather than paint is applied once, in picture().
    """

    def __init__(self, height, seed):
        self.size = (WIDTH, height)
        self.rng = random.Random(seed)
        self.masks = {}
        self.matchsticks = []  # (centre, length, turn): wood, not chalk, so drawn last

    def mask(self, colour):
        if colour not in self.masks:
            self.masks[colour] = Image.new("L", self.size, 0)
        return self.masks[colour]

    def wobbly(self, start, end, wobble=1.3):
        """Points along a line drawn by hand: a small, smooth sideways drift."""
        (x0, y0), (x1, y1) = start, end
        length = math.hypot(x1 - x0, y1 - y0) or 1
        pieces = max(2, int(length // 22))
        across = (-(y1 - y0) / length, (x1 - x0) / length)
        drift = 0.0
        points = []
        for index in range(pieces + 1):
            share = index / pieces
            drift = drift * 0.6 + self.rng.uniform(-wobble, wobble)
            points.append(
                (
                    x0 + (x1 - x0) * share + across[0] * drift,
                    y0 + (y1 - y0) * share + across[1] * drift,
                )
            )
        return points

    def line(self, start, end, colour=CHALK, width=4):
        ImageDraw.Draw(self.mask(colour)).line(
            self.wobbly(start, end), fill=255, width=width, joint="curve"
        )

    def circle(self, centre, radius, colour=CHALK, width=4):
        """A hand-drawn ring whose ends overlap a little, as a chalk circle does."""
        x, y = centre
        start = self.rng.uniform(0, 2 * math.pi)
        points = []
        for step in range(49):
            angle = start + step * (2.15 * math.pi) / 48
            wobble = radius + self.rng.uniform(-1.5, 1.5)
            points.append((x + wobble * math.cos(angle), y + wobble * math.sin(angle)))
        ImageDraw.Draw(self.mask(colour)).line(points, fill=255, width=width, joint="curve")

    def write(self, position, text, size, colour=CHALK, align="left"):
        """Chalk writing with its top at `position`: each letter a little off the line."""
        text = chalkable(text)
        face = font(size)
        width = face.getlength(text)
        margin = size // 2
        sheet = Image.new("L", (int(width) + 2 * margin, int(size * 1.5) + 2 * margin), 0)
        draw = ImageDraw.Draw(sheet)
        baseline = margin + face.getmetrics()[0]
        x = margin
        thickness = 1 if size < 40 else 2
        for char in text:
            draw.text(
                (x + self.rng.uniform(-0.6, 0.6), baseline + self.rng.uniform(-1.2, 1.2)),
                char,
                font=face,
                fill=255,
                anchor="ls",
                stroke_width=thickness,
                stroke_fill=255,
            )
            x += face.getlength(char)
        sheet = sheet.rotate(self.rng.uniform(-1.2, 1.2), resample=Image.Resampling.BICUBIC)
        left = position[0] - {"left": 0, "center": width / 2, "right": width}[align]
        box = (int(left) - margin, int(position[1]) - margin)
        target = self.mask(colour)
        region = (box[0], box[1], box[0] + sheet.width, box[1] + sheet.height)
        target.paste(ImageChops.lighter(target.crop(region), sheet), region)

    def tally(self, centre, top, count, colour=CHALK, height=54):
        """Diagonal strokes grouped like tally marks, four and a fifth across, centred."""
        groups, rest = divmod(count, 5)
        width = groups * TALLY_GROUP + (rest * TALLY_STROKE + 4 if rest else -28)
        x = centre - max(width, 0) / 2
        for group in range(0, count, 5):
            strokes = min(5, count - group)
            for index in range(min(4, strokes)):
                stroke_x = x + index * TALLY_STROKE
                self.line((stroke_x, top + height), (stroke_x + 22, top), colour, width=5)
            if strokes == 5:
                self.line((x - 10, top + height * 0.7), (x + 82, top + height * 0.25), colour, 5)
            x += TALLY_GROUP

    def matchstick(self, centre, length=92):
        """A wooden matchstick standing upright, turned a little, with its red head up."""
        self.matchsticks.append((centre, length, self.rng.uniform(-0.1, 0.1)))

    def _draw_matchsticks(self, image):
        draw = ImageDraw.Draw(image)
        for (x, y), length, turn in self.matchsticks:
            dx, dy = math.sin(turn) * length / 2, math.cos(turn) * length / 2
            draw.line((x - dx, y + dy, x + dx, y - dy), fill=STICK, width=8)
            draw.line((x - dx + 2, y + dy, x + dx + 2, y - dy), fill=(196, 160, 112), width=2)
            head = (x + dx * 1.06, y - dy * 1.06)
            draw.ellipse((head[0] - 6, head[1] - 9, head[0] + 6, head[1] + 9), fill=STICK_HEAD)

    def picture(self):
        image = self._slate()
        grain = self._grain()
        for colour, mask in self.masks.items():
            soft = mask.filter(ImageFilter.GaussianBlur(0.5))
            image.paste(colour, (0, 0) + self.size, ImageChops.multiply(soft, grain))
        self._draw_matchsticks(image)
        self._frame(image)
        return image

    def _noise(self, blur):
        width, height = self.size
        noise = Image.frombytes("L", self.size, self.rng.randbytes(width * height))
        return noise.filter(ImageFilter.GaussianBlur(blur)) if blur else noise

    def _grain(self):
        """Chalk leaves the slate showing through: a speckled mask, mostly solid."""
        speckle = self._noise(0.6)
        return speckle.point(lambda value: max(60, min(255, (value - 100) * 5)))

    def _slate(self):
        image = Image.new("RGB", self.size, SLATE)
        texture = self._noise(2).point(lambda value: max(0, (value - 118) * 3))
        image.paste(SLATE_LIGHT, (0, 0) + self.size, texture)
        # The ghost of earlier games wiped off with a sponge.
        smudges = Image.new("L", self.size, 0)
        draw = ImageDraw.Draw(smudges)
        width, height = self.size
        for _ in range(7):
            x, y = self.rng.uniform(0, width), self.rng.uniform(0, height)
            draw.ellipse((x - 160, y - 50, x + 160, y + 50), fill=self.rng.randint(10, 22))
        image.paste(CHALK, (0, 0) + self.size, smudges.filter(ImageFilter.GaussianBlur(40)))
        return image

    def _frame(self, image):
        draw = ImageDraw.Draw(image)
        width, height = self.size
        edge = FRAME_WIDTH
        for box in ((0, 0, width, edge), (0, height - edge, width, height)):
            draw.rectangle(box, fill=WOOD)
        for box in ((0, 0, edge, height), (width - edge, 0, width, height)):
            draw.rectangle(box, fill=WOOD)
        for _ in range(60):  # wood grain along each side
            offset = self.rng.uniform(3, edge - 3)
            draw.line((0, offset, width, offset), fill=WOOD_DARK, width=1)
            draw.line((0, height - offset, width, height - offset), fill=WOOD_DARK, width=1)
            draw.line((offset, 0, offset, height), fill=WOOD_DARK, width=1)
            draw.line((width - offset, 0, width - offset, height), fill=WOOD_DARK, width=1)
        draw.rectangle(
            (edge, edge, width - edge - 1, height - edge - 1), outline=(24, 28, 30), width=3
        )


def seed_of(log):
    """The same log gives the same wobble, so a drawing can be regenerated exactly."""
    return zlib.crc32(repr([step.event for step in log.steps]).encode())


def team_heading(board, log, top):
    """Team letters and players' names over the two columns; returns where they end."""
    for team in TEAMS:
        board.write((CENTRES[team], top), team, 44, YELLOW, "center")
        if log.names:
            names = " & ".join(map(log.seat_name, log.team_seats(team)))
            board.write((CENTRES[team], top + 54), names, 26, CHALK, "center")
    return top + 96


def title(board, text):
    board.write((WIDTH / 2, 40), text, 26, BLUE, "center")


# -- Le Brouc ---------------------------------------------------------------

COLUMN_WIDTH = 420
ROW_HEIGHT = 52
NOTE_HEIGHT = 50
TOTAL_SIZE = 34


def chalked_totals(game):
    """Each team's running totals as written down: a new one whenever its slate changes."""
    columns = {"A": [], "B": []}
    for deal in game.deals:
        if deal.slate_gain:
            for team in TEAMS:
                if deal.slate_gain[team]:
                    columns[team].append(deal.slate[team])
    return columns


def game_note(game, rules):
    """A short chalk note under a game: its capes and how it ended."""
    notes = []
    for deal in game.deals:
        gained = [team for team in TEAMS if deal.match_gain[team]]
        if deal.outcome in ("cape", "vole") and gained:
            notes.append("%s %s +%d" % (deal.outcome, deal.team, deal.match_gain[deal.team]))
        elif deal.outcome == "cape announced lost":
            notes.append(
                "cape lost by %s, %s +%d" % (deal.team, gained[0], deal.match_gain[gained[0]])
            )
    last = game.deals[-1]
    if game.won_by:
        how = {
            "dehors right": "dehors %s, right" % last.team,
            "dehors wrong": "dehors %s, wrong" % last.team,
            "cape announced won": "cape et dehors %s" % last.team,
            "partie et vole": "partie et vole %s" % last.team,
        }.get(last.outcome, "31 reached" if rules == "31" else "301 reached")
        gain = last.match_gain[game.won_by]
        notes.append(
            "game %d to %s (%s)%s" % (game.number, game.won_by, how, " +%d" % gain if gain else "")
        )
    if game.won_by is None and game.deals[-1].outcome is None:
        notes.append("deal %d in progress" % game.deals[-1].number)
    return "  ·  ".join(notes)


def draw_brouc(log):
    match = brouc_match(log)
    final = log.final
    tally = match.tally_key
    # One block per game: the totals chalked in each column, then a note on the game.
    blocks = [(chalked_totals(game), game_note(game, log.rules)) for game in match.games()]
    written = [str(total) for columns, _ in blocks for team in TEAMS for total in columns[team]]
    # Cells as wide as the widest total (brou1802 keeps points: "-120", "290").
    cell = max([66] + [font(TOTAL_SIZE).getlength(text) + 24 for text in written])
    per_row = int(COLUMN_WIDTH // cell)
    rows = [max(1, -(-max(len(c["A"]), len(c["B"])) // per_row)) for c, _ in blocks]
    notes = sum(1 for _, note in blocks if note)
    height = 390 + sum(rows) * ROW_HEIGHT + NOTE_HEIGHT * notes + (150 if tally else 0)
    board = Board(height, seed_of(log))
    if tally:
        title(board, "LE BROUC  ·  %s  ·  to %d %s" % (log.rules, final["target"], tally))
    else:
        title(board, "LE BROUC  ·  31  ·  first to 31")
    top = team_heading(board, log, 80)
    board.line((60, top), (WIDTH - 60, top), width=5)
    divider_top = top - 96
    y = top + 22

    for (columns, note), row_count in zip(blocks, rows, strict=True):
        for team in TEAMS:
            totals = columns[team]
            left = CENTRES[team] - COLUMN_WIDTH / 2 + 10
            for index, total in enumerate(totals):
                x = left + cell * (index % per_row)
                row_top = y + ROW_HEIGHT * (index // per_row)
                board.write((x + cell / 2, row_top), str(total), TOTAL_SIZE, CHALK, "center")
                if index < len(totals) - 1:  # an old total is struck out for the new one
                    board.line((x + 12, row_top + 38), (x + cell - 14, row_top + 10), width=3)
        y += row_count * ROW_HEIGHT
        if note:
            # A game's end is ruled off across the slate, with how it went.
            board.line((WIDTH / 2, divider_top), (WIDTH / 2, y + 4), width=5)
            board.line((70, y + 4), (WIDTH - 70, y + 4), width=3)
            board.write((WIDTH / 2, y + 12), note, 24, YELLOW, "center")
            y += NOTE_HEIGHT
            divider_top = y - 8

    # The bottom of the slate: declared marriages waiting for the next count.
    y += 8
    board.line((60, y), (WIDTH - 60, y), width=5)
    board.write((46, y + 8), "bottom", 22, BLUE)
    for team in TEAMS:
        marks = match.bottom_marks[team]
        board.write(
            (CENTRES[team], y + 34), "   ".join(str(mark) for mark in marks), 34, CHALK, "center"
        )
    y += 100
    if tally:
        # Coches (or parties) are chalked on the losers' side of the slate.
        board.line((60, y), (WIDTH - 60, y), width=3)
        board.write((46, y + 8), tally, 22, BLUE)
        for team in TEAMS:
            against = final[tally][opponent(team)]
            board.tally(CENTRES[team], y + 38, against)
            if against:
                board.write(
                    (CENTRES[team], y + 104),
                    "%d for %s" % (against, opponent(team)),
                    22,
                    BLUE,
                    "center",
                )
        y += 150
    board.line((WIDTH / 2, divider_top), (WIDTH / 2, y - 10), width=5)
    board.write((WIDTH / 2, y + 4), brouc_result(log, tally), 32, YELLOW, "center")
    return board.picture()


def brouc_result(log, tally):
    """The line under the slate: who won the match, or where it stands."""
    final = log.final
    winner = final["winner"]
    score = final[tally or "slate"]  # "31" is decided on the slate itself
    if winner:
        unit = " " + tally if tally else ""
        return "%s wins the match, %d%s to %d" % (
            winner,
            score[winner],
            unit,
            score[opponent(winner)],
        )
    return "match in progress: %s A %d, B %d" % (tally or "slate", score["A"], score["B"])


# -- Bruus ------------------------------------------------------------------

STICKS_PER_ROW = 10
STICK_ROW = 120


def draw_bruus(log):
    match = bruus_match(log)
    final = log.final
    treia = final["rules"] == "treia"
    # Treia counts down: each team starts with 10 matches and gives one back per point.
    sticks = final["matches"] if treia else final["points"]
    rows = max(1, -(-max(sticks.values()) // STICKS_PER_ROW))
    board = Board(420 + rows * STICK_ROW, seed_of(log))
    title(board, "BRUUS  ·  %s  ·  game to %d" % (final["rules"], final["target"]))
    top = team_heading(board, log, 80)
    board.line((60, top), (WIDTH - 60, top), width=5)
    caption = "matches still to give back" if treia else "points this game"
    won = match.matchsticks()
    for team in TEAMS:
        centre = CENTRES[team]
        board.write((centre, top + 16), "%s: %d" % (caption, sticks[team]), 24, BLUE, "center")
        for index in range(sticks[team]):
            row, column = divmod(index, STICKS_PER_ROW)
            x = centre - 185 + column * 34 + (column // 5) * 30  # bundles of five
            board.matchstick((x, top + 110 + row * STICK_ROW))
        y = top + 70 + rows * STICK_ROW
        board.write((centre, y), "games won: %d" % final["games"][team], 30, CHALK, "center")
        board.write(
            (centre, y + 44), "matchsticks in the match: %d" % won[team], 24, CHALK, "center"
        )
    bottom = top + 70 + rows * STICK_ROW + 86
    board.line((WIDTH / 2, top - 96), (WIDTH / 2, bottom), width=5)
    notes = []
    if final["bock"]:
        notes.append("Bock: %d waiting" % final["bock"])
    if final["deal_open"]:
        notes.append("deal %d in progress" % (final["deals"] + 1))
    board.write((WIDTH / 2, bottom + 20), "   ·   ".join(notes), 26, YELLOW, "center")
    return board.picture()


# -- Brusquembelle ----------------------------------------------------------


def draw_brusquembelle(log):
    final = log.final
    deals = brusquembelle_deals(log)
    players = final["players"]
    row = 64
    height = max(480, 260 + players * row)
    board = Board(height, seed_of(log))
    head = "BRUSQUEMBELLE  ·  %d players  ·  ante %d" % (players, final["ante"])
    title(board, head + ("  ·  pairs" if final["pairs"] else ""))
    left, split, right, top = 70, 400, 600, 100
    board.write((left + 10, top), "player", 24, BLUE)
    board.write((right - 20, top), "balance", 24, BLUE, "right")
    board.line((left, top + 44), (right, top + 44), width=4)
    board.line((split, top - 6), (split, top + 54 + players * row), width=4)
    for seat in range(players):
        y = top + 60 + seat * row
        name = log.seat_name(seat)
        if final["pairs"]:
            name += " (%s)" % TEAMS[seat % 2]
        board.write((left + 10, y), name, 30)
        balance = final["balance"][seat]
        board.write((right - 20, y), "%+d" % balance, 34, PINK if balance < 0 else CHALK, "right")
    pool_centre = (800, top + 150)
    board.write((pool_centre[0], top), "pool", 24, BLUE, "center")
    board.circle(pool_centre, 92)
    board.write((pool_centre[0], pool_centre[1] - 34), str(final["pool"]), 56, YELLOW, "center")
    note = "%d deals played" % len(deals)
    if final["pairs"]:
        pairs = final["pair_balance"]
        note += "  ·  pair A %+d, pair B %+d" % (pairs["A"], pairs["B"])
    if final["deal_open"]:
        note += "  ·  deal %d in progress" % len(deals)
    board.write((WIDTH / 2, height - 80), note, 24, BLUE, "center")
    return board.picture()


DRAWINGS = {"brouc": draw_brouc, "bruus": draw_bruus, "brusquembelle": draw_brusquembelle}


def draw(log):
    """The log's slate as a pillow image."""
    return DRAWINGS[log.game](log)
