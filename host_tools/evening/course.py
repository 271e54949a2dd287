"""The evening's course between sessions: who plays, and when the next draw may come.

- Players come late and leave early (`ardoise evening players`): a player
  added plays from the next draw on (the sessions missed count as sat out,
  draw.py); a player withdrawn is drawn no more and keeps what they won
  (the ranking is made from the logs alone). The evening keeps who left
  ("withdrawn") so that a name cannot come back by mistake under another
  spelling's check.
- The next session is drawn only once every table has finished the
  session in play (results.py says which have not, and where they are),
  unless forced; a draw no table has begun may be taken back.
- `--sit-out` or `--two`, once chosen, stand for the next draws
  (settings["left_over"]).
"""

from host_tools.board.roster import check as check_names
from host_tools.evening.folder import EveningError

MOST_PLAYERS = 400
LEFT_OVER = ("sit_out", "two")


def folded(evening):
    """The evening's logs, folded as `ardoise tournament` reads them."""
    from host_tools.evening.live import Logs

    return Logs(evening.logs).read()


def current(evening):
    """The Results' Session drawn last, or None."""
    from host_tools.evening.results import results

    made = results(evening, folded(evening))
    return made.sessions[-1] if made.sessions else None


def still_playing(session):
    """The tables of `session` that have not finished it, in words: "table 2 (deal 9/16)"."""
    out = []
    for table in session.tables:
        if table.over:
            continue
        if not table.scores:
            where = "not begun"
        elif table.deals:
            where = "deal %d/%d" % (table.deal, table.deals)
        else:
            where = "deal %d" % table.deal
        out.append("table %d (%s)" % (table.table, where))
    return out


def check_next_draw(evening, force=False):
    """EveningError unless the session drawn last is over at every table (or `force`)."""
    if force or not evening.settings.get("draws"):
        return
    session = current(evening)
    playing = still_playing(session)
    if playing:
        raise EveningError(
            "session %d is still played: %s. Draw the next one once every table has finished "
            "it (ardoise evening status says where they are), or now with --force"
            % (session.session, ", ".join(playing))
        )


def take_back(evening):
    """Take back the session drawn last, if no table has begun it; its number."""
    draws = evening.settings.get("draws", [])
    if not draws:
        raise EveningError("no session is drawn: nothing to take back")
    session = current(evening)
    begun = [table.table for table in session.tables if table.scores or table.path]
    if begun:
        raise EveningError(
            "session %d is begun at table%s %s: a draw is taken back only before any "
            "table plays it" % (session.session, "s" if len(begun) > 1 else "",
                                ", ".join(map(str, begun)))
        )  # fmt: skip
    draws.pop()
    evening.settings["seated"] = False  # the slates are told to forget it (run.py)
    evening.save()
    for path in (evening.folder / "seating").glob("session-%d[.-]*" % session.session):
        path.unlink()
    return session.session


def left_over(evening, sit_out, two):
    """(sit_out, two) for this draw: as given, else as chosen for the draws before;
    the choice given is kept for the next."""
    if sit_out or two:
        evening.settings["left_over"] = "sit_out" if sit_out else "two"
    chosen = evening.settings.get("left_over")
    return chosen == "sit_out", chosen == "two"


def change_players(evening, added, withdrawn):
    """Add the names `added` (from a players file's bytes, checked as the roster checks
    names), withdraw those of `withdrawn`; the lines to say."""
    settings = evening.settings
    players = list(settings["players"])
    gone = list(settings.get("withdrawn", []))
    said = []
    for name in withdrawn:
        if name not in players:
            known = " (already withdrawn)" if name in gone else ""
            raise EveningError("%r is not among the players%s: nothing changed" % (name, known))
        players.remove(name)
        gone.append(name)
        said.append("%s withdrawn: drawn no more, keeps what they won" % name)
    if added:
        names = check_names(added, "the names added", MOST_PLAYERS)
        for name in names:
            if name in players:
                raise EveningError("%s already plays this evening: nothing changed" % name)
            if name in gone:
                gone.remove(name)
                said.append("%s is back" % name)
            else:
                said.append("%s added" % name)
            players.append(name)
    if len(players) > MOST_PLAYERS:
        raise EveningError("%d players: at most %d" % (len(players), MOST_PLAYERS))
    settings["players"] = players
    settings["withdrawn"] = gone
    evening.save()
    drawn = len(settings.get("draws", []))
    said.append(
        "%d players from session %d on (%d drawn): next, ardoise evening draw %s"
        % (len(players), drawn + 1, drawn, evening.folder)
    )
    return said
