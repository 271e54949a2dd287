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

from host_tools.logs.matchlog import TEAMS

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
