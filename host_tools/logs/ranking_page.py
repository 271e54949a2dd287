"""The evening's ranking as a picture (PNG) and as a web page (one self-contained HTML file).

Both show the same: each ranking table, each player's statistics, each
player's matches (where, with whom, against whom, what it gave them), and
which logs were ranked or skipped. The page needs nothing but itself: its
style is inside, no script, no link to fetch; players' names are escaped.

The picture is drawn with pillow, in DejaVu Sans when the system has it
(accents and all); without it, in the font pillow ships, whose letters are
ASCII only, so names are written without their accents there, as the slate
drawing does (host_tools/logs/chalk.py). The page always keeps them.
"""

import functools
import html
from pathlib import Path

from host_tools.common import printable
from host_tools.logs import season
from host_tools.logs.ranking import described
from host_tools.logs.seats import seat_name
from host_tools.logs.standings import ranks

TITLE = "The evening's ranking"
# Colours as CSS writes them (pillow reads them alike): the page's style uses
# the picture's ink, accent and band.
INK = "#222"
FAINT = "#6e6e6e"
RULE = "#c8c8c8"
BAND = "#f0ece2"
PAPER = "#fff"
ACCENT = "#285a96"
MARGIN = 40
GAP = 22  # between columns
ROW = 30
# Where systems keep DejaVu Sans (Debian, Fedora, Arch, macOS with it installed).
FONT_FOLDERS = (
    "/usr/share/fonts/truetype/dejavu",
    "/usr/share/fonts/dejavu-sans-fonts",
    "/usr/share/fonts/dejavu",
    "/usr/share/fonts/TTF",
    "/Library/Fonts",
)


@functools.lru_cache
def font(size, bold=False):
    """(the font at `size`, whether it has accented letters)."""
    from PIL import ImageFont

    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    for folder in FONT_FOLDERS:
        path = Path(folder) / name
        if path.exists():
            return ImageFont.truetype(str(path), size), True
    return ImageFont.load_default(size=size), False


def legible(text, size=18, bold=False):
    """`text` as the font can write it: escaped where it would break the line
    (a name may hold U+2029, which pillow's layout refuses), without accents
    in pillow's ASCII font."""
    text = printable(text)
    if font(size, bold)[1]:
        return text
    from host_tools.logs.chalk import chalkable

    return chalkable(text)


# -- what both show -----------------------------------------------------------


def ranking_rows(ranking):
    return [
        [str(rank), standing.name, str(standing.total), str(standing.matches)]
        for rank, standing in ranks(ranking.standings)
    ]


def statistics_rows(table):
    return [
        [player.name] + [str(player.counts.get(key, 0)) for key, _ in table.columns]
        for player in table.players
    ]


def match_rows(player):
    """A player's matches: log, seat, partners, opponents, result."""
    rows = []
    for played in player.matches:
        rows.append(
            [
                played.source.short,
                seat_name(None, played.seat),
                " & ".join(played.partners) or "–",
                " & ".join(played.opponents),
                played.result,
            ]
        )
    return rows


MATCH_HEADINGS = ["log", "seat", "with", "against", "result"]


def logs_rows(sources):
    return [
        [source.short, "skipped: " + source.skipped if source.skipped else described(source)]
        for source in sources
    ]


# -- the picture ----------------------------------------------------------------


class Sheet:
    """A page being laid out top to bottom, then drawn: text goes through write()."""

    def __init__(self):
        self.items = []  # (kind, y, payload)
        self.y = MARGIN
        self.width = 0

    def heading(self, text, size=26):
        self.items.append(("text", self.y, (MARGIN, text, size, True, ACCENT)))
        self.width = max(self.width, MARGIN + self.length(text, size, True))
        self.y += size + 16

    def note(self, text):
        self.items.append(("text", self.y, (MARGIN, text, 16, False, FAINT)))
        self.width = max(self.width, MARGIN + self.length(text, 16))
        self.y += 26

    def table(self, headings, rows, numeric=()):
        """A table; columns whose index is in `numeric` are set right."""
        widths = [
            max(self.length(row[index], 18, row is headings) for row in [headings] + rows)
            for index in range(len(headings))
        ]
        left = [MARGIN + sum(widths[:index]) + GAP * index for index in range(len(widths))]
        right = left[-1] + widths[-1]
        self.items.append(("rule", self.y + ROW - 4, (MARGIN, right)))
        for number, row in enumerate([headings] + rows):
            if number and number % 2 == 0:
                self.items.append(("band", self.y - 3, (MARGIN - 6, right + 6)))
            for index, cell in enumerate(row):
                bold = number == 0
                shift = widths[index] - self.length(cell, 18, bold) if index in numeric else 0
                self.items.append(("text", self.y, (left[index] + shift, cell, 18, bold, INK)))
            self.y += ROW
        self.width = max(self.width, right)
        self.y += 18

    @staticmethod
    def length(text, size, bold=False):
        return int(font(size, bold)[0].getlength(legible(text, size, bold))) + 1

    def picture(self, scale=1):
        """The page drawn; `scale` 3 makes a page to print at 300 dpi (laid out at
        some 100 dpi, every length and font three times larger)."""
        from PIL import Image, ImageDraw

        image = Image.new("RGB", ((self.width + MARGIN) * scale, (self.y + MARGIN) * scale), PAPER)
        draw = ImageDraw.Draw(image)
        for kind, y, payload in self.items:  # bands first, under the text
            if kind == "band":
                box = (payload[0], y, payload[1], y + ROW - 2)
                draw.rectangle([length * scale for length in box], fill=BAND)
        for kind, y, payload in self.items:
            if kind == "rule":
                line = (payload[0], y, payload[1], y)
                draw.line([length * scale for length in line], fill=RULE, width=2 * scale)
            elif kind == "text":
                x, text, size, bold, colour = payload
                self.write(draw, (x * scale, y * scale), text, size * scale, bold, colour)
        return image

    def write(self, draw, position, text, size, bold, colour):
        draw.text(position, legible(text, size, bold), font=font(size, bold)[0], fill=colour)


def sheet(ranked, tables, sources, seasons=()):
    """The whole report laid out on a Sheet."""
    page = Sheet()
    page.heading(TITLE, 32)
    page.y += 10
    for table in seasons:
        page.heading(table.title)
        page.table(season.headings(table), season.rows(table), season.numeric(table))
    for ranking in ranked:
        page.heading(ranking.title)
        page.table(["rank", "name", "total", "matches"], ranking_rows(ranking), (0, 2, 3))
    for table in tables:
        page.heading("%s: statistics per player" % table.kind)
        columns = ["player"] + [heading for _, heading in table.columns]
        page.table(columns, statistics_rows(table), tuple(range(1, len(columns))))
    for table in tables:  # one table a game: each player's name on their first match
        page.heading("%s: each player's matches" % table.kind)
        rows = []
        for player in table.players:
            rows += [
                [player.name if index == 0 else ""] + row
                for index, row in enumerate(match_rows(player))
            ]
        page.table(["player"] + MATCH_HEADINGS, rows)
    page.heading("Logs")
    page.table(["log", "counted as"], logs_rows(sources))
    if not font(18)[1]:
        page.note("(names without their accents: DejaVu Sans is not on this system)")
    return page


def write_png(path, ranked, tables, sources, seasons=()):
    sheet(ranked, tables, sources, seasons).picture().save(path, "PNG")


# -- the page --------------------------------------------------------------------

STYLE = """
body { font-family: "DejaVu Sans", "Segoe UI", Helvetica, Arial, sans-serif; color: %(ink)s;
       margin: 2em auto; max-width: 60em; padding: 0 1em; }
h1 { color: %(accent)s; } h2 { color: %(accent)s; margin-top: 1.6em; }
table { border-collapse: collapse; margin: 0.5em 0 1.2em; }
th, td { padding: 0.25em 0.8em; text-align: left; }
th { border-bottom: 2px solid #ccc; }
tr:nth-child(even) td { background: %(band)s; }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; }
a { color: inherit; }
.skipped { color: #8a3a2a; }
""" % {"ink": INK, "accent": ACCENT, "band": BAND}


def document(title, parts, lang="en", style=""):
    """A whole page of one file: `title`, the style above (and `style`), then `parts`
    (HTML), in the language `lang`."""
    head = [
        "<!DOCTYPE html>",
        '<html lang="%s"><head><meta charset="utf-8">' % lang,
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        "<title>%s</title><style>%s%s</style></head><body>" % (html.escape(title), STYLE, style),
        "<h1>%s</h1>" % html.escape(title),
    ]
    return "\n".join(head + list(parts) + ["</body></html>"]) + "\n"


def _table(headings, rows, numeric=(), links=None):
    """An HTML table; the cells of column 1 (names) link to their player when `links` says."""
    out = ["<table>", "<tr>"]
    out += [
        "<th%s>%s</th>" % (' class="n"' if index in numeric else "", html.escape(text))
        for index, text in enumerate(headings)
    ]
    out.append("</tr>")
    for row in rows:
        out.append("<tr>")
        for index, text in enumerate(row):
            cell = html.escape(text)
            if links and index == links[0] and text in links[1]:
                cell = '<a href="#%s">%s</a>' % (links[1][text], cell)
            out.append("<td%s>%s</td>" % (' class="n"' if index in numeric else "", cell))
        out.append("</tr>")
    out.append("</table>")
    return "".join(out)


def page(ranked, tables, sources, seasons=()):
    """The report as one HTML document."""
    anchors = {}
    for table in tables:
        for player in table.players:
            anchors.setdefault((table.kind, player.name), "player-%d" % (len(anchors) + 1))
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        "<title>%s</title><style>%s</style></head><body>" % (TITLE, STYLE),
        "<h1>%s</h1>" % TITLE,
    ]
    for table in seasons:
        parts.append("<h2>%s</h2>" % html.escape(table.title))
        parts.append(_table(season.headings(table), season.rows(table), season.numeric(table)))
    for ranking, table in zip(ranked, tables, strict=True):
        links = {p.name: anchors[ranking.kind, p.name] for p in table.players}
        parts.append("<h2>%s</h2>" % html.escape(ranking.title))
        parts.append(
            _table(
                ["rank", "name", "total", "matches"], ranking_rows(ranking), (0, 2, 3), (1, links)
            )
        )
        columns = ["player"] + [heading for _, heading in table.columns]
        parts.append("<h3>Statistics per player</h3>")
        parts.append(_table(columns, statistics_rows(table), range(1, len(columns)), (0, links)))
    parts.append("<h2>Each player's matches</h2>")
    for table in tables:
        columns = [heading for _, heading in table.columns]
        for player in table.players:
            parts.append(
                '<h3 id="%s">%s <small>(%s)</small></h3>'
                % (
                    anchors[table.kind, player.name],
                    html.escape(player.name),
                    html.escape(table.kind),
                )
            )
            parts.append(
                "<p>%s</p>"
                % html.escape(
                    ", ".join(
                        "%s %s" % (heading, player.counts.get(key, 0))
                        for (key, _), heading in zip(table.columns, columns, strict=True)
                    )
                )
            )
            parts.append(_table(MATCH_HEADINGS, match_rows(player)))
    parts.append("<h2>Logs</h2><ul>")
    for log, how in logs_rows(sources):
        skipped = how.startswith("skipped")
        parts.append(
            "<li%s>%s: %s</li>"
            % (' class="skipped"' if skipped else "", html.escape(log), html.escape(how))
        )
    parts.append("</ul></body></html>")
    return "\n".join(parts) + "\n"


def write_html(path, ranked, tables, sources, seasons=()):
    with open(path, "w", encoding="utf-8") as out:
        out.write(page(ranked, tables, sources, seasons))
