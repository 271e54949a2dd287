"""What the organiser prints, in the evening's language: each session's results, the
prize list and a card for each table, as HTML pages with print styles and as PNG
pictures at 300 dpi.

- A session's results (results/session-N.*): each table as its players saw
  it ("Anne & Émile 9 – 7 Paul & Rösli", the deals played) and the
  session's standing;
- the prize list (results/prize-list.*): each player's place, points per
  session, total and difference, the tie-break rule stated under it;
- the table cards (seating/session-N-cards.html, one card a printed page,
  and seating/session-N-table-T.png): the table's number, its players for
  the session, the Wi-Fi network's name and the live page's QR code, with
  the quiet zone of four modules its standard asks for and at least 3 cm
  wide printed (QR_CM), so that any phone reads it across the table.

The pages need nothing but themselves (their style inside, the QR code an
inline SVG); names are escaped. The PNGs carry their resolution (300 dpi),
so that they print at their size.
"""

import html
import io
import math
import textwrap

from host_tools.evening.folder import write_whole
from host_tools.evening.results import TIE_BREAK, Table
from host_tools.logs.ranking_page import INK, PAPER, Sheet, _table, document, font, legible

DPI = 300
SCALE = 3  # a Sheet is laid out at some 100 dpi
QR_CM = 3.2  # the code's modules, quiet zone aside, printed at least this wide (over 3 cm)
QUIET = 4  # modules of quiet zone, as ISO/IEC 18004 asks
NOTE_WIDTH = 100  # characters a line of a note, on a picture
CARD_MM = (148, 105)  # A6, landscape: four cards to an A4 sheet cut in four
PRINT = """
@page { size: A4; margin: 15mm; }
@media print {
  body { margin: 0; max-width: none; padding: 0; font-size: 11pt; }
  h2, h3 { break-after: avoid; }
  table { break-inside: avoid; }
}
.rule { color: #6e6e6e; font-size: 0.9em; }
"""


def dots(centimetres):
    return round(centimetres / 2.54 * DPI)


# -- what both show -----------------------------------------------------------------


def unit_text(texts, unit):
    key = "unit_" + unit.replace(" ", "_")
    return texts(key) if key in texts.texts else unit


def score_line(texts, table):
    """ "Anne & Émile 9 – 7 Paul & Rösli", or the teams before a deal."""
    teams = [" & ".join(team) for team in table.teams]
    if not table.scores:
        return texts("teams_against", first=teams[0], second=teams[1])
    return "%s %d – %d %s" % (teams[0], table.scores[0], table.scores[1], teams[1])


def progress(texts, table):
    if not table.scores:
        return texts("not_begun")
    if table.over:
        return texts("session_over")
    if table.deals:
        return texts("deal_of", deal=table.deal, deals=table.deals)
    return texts("deal", deal=table.deal)


def table_line(texts, row):
    """A table of the standing (live.py's table_state) in words: "Anne & Émile 3 – 1
    Paul & Rösli, deal 7/16", or its score by teams A and B when the log names nobody."""
    if "deal" not in row:
        return texts("page_no_match") if row["state"] == "no match yet" else row["state"]
    played = Table(row["table"], [], [0], deal=row["deal"], deals=row["deals"], over=row["over"])
    where = progress(texts, played)
    if row.get("teams"):
        teams = [" & ".join(team) for team in row["teams"]]
        return "%s %d – %d %s, %s" % (teams[0], *row["scores"], teams[1], where)
    score = row.get("score")
    if score and len(score) == 3:
        return "%s, %s A %s, B %s" % (where, texts("state_" + score[0]), score[1], score[2])
    return where


def session_rows(texts, session):
    return [
        [str(table.table), score_line(texts, table), progress(texts, table)]
        for table in session.tables
    ]


def signed(number):
    return "%+d" % number if number else "0"


def standing_rows(lines):
    return [
        [str(line.place), line.name, str(line.won), signed(line.difference), str(line.matches)]
        for line in lines
    ]


def prize_rows(lines, sessions):
    return [
        [str(line.place), line.name]
        + [str(line.sessions[number]) if number in line.sessions else "–" for number in sessions]
        + [str(line.won), signed(line.difference)]
        for line in lines
    ]


def prize_headings(texts, sessions):
    return (
        [texts("place"), texts("player")]
        + [texts("session_short", session=number) for number in sessions]
        + [texts("total"), texts("difference")]
    )


def standing_headings(texts):
    return [texts("place"), texts("player"), texts("points"), texts("difference"),
            texts("matches")]  # fmt: skip


def kind_title(texts, kind, unit, several):
    """ "Bruus, schwesing: matchsticks" when an evening ranks several kinds, else the unit."""
    unit = unit_text(texts, unit)
    return "%s: %s" % (kind, unit) if several else unit[:1].upper() + unit[1:]


# -- a session's results ----------------------------------------------------------------


def session_parts(texts, title, session, sessions):
    """[(kind, payload)] of a session's results: heading, table, note."""
    parts = [("title", title)]
    parts.append(("heading", texts("session_results", session=session.session, sessions=sessions)))
    headings = [texts("table"), texts("match"), texts("deals")]
    parts.append(("table", (headings, session_rows(texts, session), (0,))))
    if session.sit_out:
        parts.append(("note", texts("sitting_out", names=", ".join(session.sit_out))))
    several = len(session.standings) > 1
    for kind, unit, lines in session.standings:
        heading = texts("session_standing", session=session.session)
        if several:
            heading += " – " + kind
        parts.append(("heading", heading))
        parts.append(("table", (standing_headings(texts), standing_rows(lines), (0, 2, 3, 4))))
        parts.append(("note", texts(TIE_BREAK, unit=unit_text(texts, unit))))
    return parts


def prize_parts(texts, title, results):
    numbers = [session.session for session in results.sessions]
    parts = [("title", title), ("heading", texts("prize_list"))]
    several = len(results.standings) > 1
    for kind, unit, lines in results.standings:
        if several:
            parts.append(("subheading", kind_title(texts, kind, unit, several)))
        numeric = tuple(index for index in range(len(numbers) + 4) if index != 1)
        rows = prize_rows(lines, numbers)
        parts.append(("table", (prize_headings(texts, numbers), rows, numeric)))
        parts.append(("note", texts(TIE_BREAK, unit=unit_text(texts, unit))))
    if results.outside:
        names = ", ".join(path.name for path in results.outside)
        parts.append(("note", texts("outside_sessions", logs=names)))
    return parts


# -- as a page and as a picture ------------------------------------------------------------


def page(texts, parts):
    """The parts as one HTML document with print styles."""
    title = next(payload for kind, payload in parts if kind == "title")
    out = []
    for kind, payload in parts:
        if kind == "heading":
            out.append("<h2>%s</h2>" % html.escape(payload))
        elif kind == "subheading":
            out.append("<h3>%s</h3>" % html.escape(payload))
        elif kind == "table":
            out.append(_table(*payload))
        elif kind == "note":
            out.append('<p class="rule">%s</p>' % html.escape(payload))
    return document(title, out, texts.lang, PRINT)


def picture(parts):
    """The parts drawn at 300 dpi (a pillow Image)."""
    sheet = Sheet()
    for kind, payload in parts:
        if kind == "title":
            sheet.heading(payload, 32)
        elif kind == "heading":
            sheet.heading(payload)
        elif kind == "subheading":
            sheet.heading(payload, 20)
        elif kind == "table":
            sheet.table(*payload)
        elif kind == "note":
            for line in textwrap.wrap(payload, NOTE_WIDTH):
                sheet.note(line)
    return sheet.picture(SCALE)


def save_png(image, path, private=False):
    # Compressed lightly: a card takes 0.2 s, not 0.35 (a 60-table evening's cards 12 s).
    if not private:
        image.save(path, "PNG", dpi=(DPI, DPI), compress_level=1)
        return
    out = io.BytesIO()  # a phone's card: its password, written for the organiser alone
    image.save(out, "PNG", dpi=(DPI, DPI), compress_level=1)
    write_whole(path, out.getvalue(), private=True)


def write(folder, stem, texts, parts):
    """FOLDER/STEM.html and FOLDER/STEM.png; their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    written = folder / (stem + ".html"), folder / (stem + ".png")
    written[0].write_text(page(texts, parts), encoding="utf-8")
    save_png(picture(parts), written[1])
    return written


def text_lines(parts):
    """The parts as the terminal shows them."""
    lines = []
    for kind, payload in parts:
        if kind in ("title", "heading", "subheading"):
            lines += ["", payload] if lines else [payload]
        elif kind == "note":
            lines.append(payload)
        elif kind == "table":
            headings, rows, numeric = payload
            widths = [max(len(row[i]) for row in [headings, *rows]) for i in range(len(headings))]
            for row in [headings, *rows]:
                cells = [
                    cell.rjust(width) if index in numeric else cell.ljust(width)
                    for index, (cell, width) in enumerate(zip(row, widths, strict=True))
                ]
                lines.append("  ".join(cells).rstrip())
    return lines


# -- the table cards -----------------------------------------------------------------------


def qr_code(url):
    import segno

    return segno.make(url, error="m")


def qr_scale(code):
    """Pixels a module at 300 dpi, for the modules to span at least QR_CM."""
    return math.ceil(QR_CM / 2.54 * DPI / code.symbol_size(border=0)[0])


def qr_svg(code, width_cm):
    """The code as inline SVG, `width_cm` wide with its quiet zone."""
    out = io.BytesIO()
    code.save(out, kind="svg", border=QUIET, xmldecl=False, svgns=True, omitsize=True)
    svg = out.getvalue().decode()
    size = '<svg style="width:%.2fcm;height:%.2fcm" ' % (width_cm, width_cm)
    return svg.replace("<svg ", size, 1)


def card_width_cm(code):
    """The code's width with its quiet zone, its modules spanning QR_CM."""
    modules = code.symbol_size(border=0)[0]
    return QR_CM * (modules + 2 * QUIET) / modules


def card_lines(texts, title, heading, table):
    names = table["names"]
    lines = [texts("table_n", table=table["table"]), title, heading]
    if len(names) == 4:
        return lines, [" & ".join(names[0::2]), texts("against"), " & ".join(names[1::2])]
    return lines, [names[0], texts("against"), names[1]]


def code_svg(url):
    """A card's code for `url`, inline SVG, its modules spanning QR_CM."""
    code = qr_code(url)
    return qr_svg(code, card_width_cm(code))


def cards_page(texts, title, heading, tables, ssid, url, phones=None):
    """The table cards of a session or a round (`heading`): one A6 card a printed page.
    `phones`: {table: its phone's link}, that table's card showing its code too."""
    phones = phones or {}
    svg = code_svg(url)
    style = (
        """
@page { size: 148mm 105mm; margin: 0; }
body { margin: 0; font-family: "DejaVu Sans", "Segoe UI", Helvetica, Arial, sans-serif;
       color: %s; }
.card { box-sizing: border-box; width: 148mm; height: 105mm; padding: 8mm; display: flex;
        gap: 6mm; align-items: center; break-after: page; border: 0.2mm dashed #bbb; }
.card:last-child { break-after: auto; }
.words { flex: 1; }
.number { font-size: 40pt; font-weight: bold; color: #285a96; margin: 0; }
.what { font-size: 11pt; color: #6e6e6e; margin: 1mm 0 5mm; }
.team { font-size: 17pt; margin: 0; } .against { font-size: 11pt; color: #6e6e6e; margin: 1mm 0; }
.wifi { font-size: 11pt; margin-top: 6mm; }
.qr { text-align: center; font-size: 9pt; color: #6e6e6e; }
.codes { display: flex; gap: 4mm; }
@media screen { .card { margin: 1em auto; } }
"""
        % INK
    )
    out = [
        "<!DOCTYPE html>",
        '<html lang="%s"><head><meta charset="utf-8">' % texts.lang,
        "<title>%s</title><style>%s</style></head><body>"
        % (html.escape(texts("cards_title", what=heading)), style),
    ]
    for table in tables:
        top, players = card_lines(texts, title, heading, table)
        out.append('<section class="card"><div class="words">')
        out.append('<p class="number">%s</p>' % html.escape(top[0]))
        out.append('<p class="what">%s<br>%s</p>' % (html.escape(top[1]), html.escape(top[2])))
        out.append('<p class="team">%s</p>' % html.escape(players[0]))
        out.append('<p class="against">%s</p>' % html.escape(players[1]))
        out.append('<p class="team">%s</p>' % html.escape(players[2]))
        if ssid:
            out.append('<p class="wifi">%s</p>' % html.escape(texts("card_wifi", ssid=ssid)))
        out.append('</div><div class="codes">')
        phone = phones.get(table["table"])
        if phone:
            out.append('<div class="qr phone">%s<br>%s</div>'
                       % (code_svg(phone), html.escape(texts("card_phone"))))  # fmt: skip
        out.append('<div class="qr">%s<br>%s</div></div></section>'
                   % (svg, html.escape(texts("card_scan"))))  # fmt: skip
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def paste_code(image, url, right, height):
    """The code for `url` pasted with its right edge at `right`, centred in `height`:
    (its left edge, the (x, y, scale) of its modules)."""
    from PIL import Image

    code = qr_code(url)
    scale = qr_scale(code)
    out = io.BytesIO()
    code.save(out, kind="png", scale=scale, border=QUIET)
    qr = Image.open(io.BytesIO(out.getvalue())).convert("RGB")
    left, top = right - qr.width, (height - qr.height) // 2
    image.paste(qr, (left, top))
    return left, (left + QUIET * scale, top + QUIET * scale, scale), top + qr.height


def card_picture(texts, title, heading, table, ssid, url, phone=None):
    """One table's card at 300 dpi: (the Image, (x, y, scale) of the live page's code's
    modules, and of the code of the table's phone, `phone` its link, or None)."""
    from PIL import Image, ImageDraw

    width, height = (dots(mm / 10) for mm in CARD_MM)
    image = Image.new("RGB", (width, height), PAPER)
    pen = ImageDraw.Draw(image)
    margin = dots(0.8)
    left, geometry, below = paste_code(image, url, width - margin, height)
    captions = [(left, texts("card_scan"), below)]
    phone_geometry = None
    if phone:  # the slate's code to the left of the page's, both as wide
        left, phone_geometry, below = paste_code(image, phone, left - dots(0.3), height)
        captions.append((left, texts("card_phone"), below))
    words = left - 2 * margin
    top_lines, players = card_lines(texts, title, heading, table)
    y = margin
    for text, size, bold, colour in (
        (top_lines[0], 160, True, "#285a96"),
        (top_lines[1], 46, False, "#6e6e6e"),
        (top_lines[2], 46, False, "#6e6e6e"),
    ):
        shown = fit(legible(text, size, bold), size, words, bold)
        pen.text((margin, y), shown[0], font=font(shown[1], bold)[0], fill=colour)
        y += size + 24
    y += 40
    for text, size, colour in ((players[0], 72, INK), (players[1], 46, "#6e6e6e"),
                               (players[2], 72, INK)):  # fmt: skip
        shown = fit(legible(text, size), size, words)
        pen.text((margin, y), shown[0], font=font(shown[1])[0], fill=colour)
        y += shown[1] + 28
    if ssid:
        wifi = texts("card_wifi", ssid=ssid)
        pen.text((margin, height - margin - 50), legible(wifi, 46), font=font(46)[0], fill=INK)
    below = max(bottom for _, _, bottom in captions)  # the captions on one line
    for index, (x, caption, _) in enumerate(captions):
        code_width = (captions[index - 1][0] - dots(0.3) if index else width - margin) - x
        shown = fit(legible(caption, 36), 36, code_width)
        pen.text((x + code_width // 2, below + 10), shown[0], font=font(shown[1])[0],
                 fill="#6e6e6e", anchor="ma")  # fmt: skip
    return image, geometry, phone_geometry


def fit(text, size, width, bold=False):
    """(text, size): the size made smaller until the text fits `width` pixels."""
    while size > 30 and font(size, bold)[0].getlength(text) > width:
        size -= 4
    return text, size


def write_cards(evening, stem, heading, tables, url):
    """The cards of `tables` (the session's or the round's, `heading` on each), the page
    at `url`: FOLDER/seating/STEM-cards.html and a PNG a table (STEM-table-N.png);
    their paths. A table whose slate is a phone has its phone's code on its card
    too: those files hold the phone's password, the organiser's alone to read (and
    the folder's .gitignore keeps the cards out of git)."""
    from host_tools.evening import lang, phones

    texts = lang.of(evening)
    title = evening.settings["title"]
    ssid = evening.secrets.get("wifi", {}).get("ssid", "")
    links = {table["table"]: phones.given(evening, table["table"]) for table in tables}
    links = {table: url for table, url in links.items() if url}
    folder = evening.folder / "seating"
    folder.mkdir(parents=True, exist_ok=True)
    page_path = folder / ("%s-cards.html" % stem)
    page = cards_page(texts, title, heading, tables, ssid, url, links)
    write_whole(page_path, page.encode("utf-8"), private=bool(links))
    written = [page_path]
    for table in tables:
        phone = links.get(table["table"])
        image = card_picture(texts, title, heading, table, ssid, url, phone)[0]
        written.append(folder / ("%s-table-%d.png" % (stem, table["table"])))
        save_png(image, written[-1], private=bool(phone))
    return written
