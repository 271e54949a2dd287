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
from host_tools.evening import lang
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


def still_playing(session, texts):
    """The tables of `session` that have not finished it, in words: "table 2 (deal 9/16)"."""
    out = []
    for table in session.tables:
        if table.over:
            continue
        if not table.scores:
            where = texts("not_begun")
        elif table.deals:
            where = texts("deal_of", deal=table.deal, deals=table.deals)
        else:
            where = texts("deal", deal=table.deal)
        out.append(texts("refuse_table_where", table=table.table, where=where))
    return out


def check_next_draw(evening, force=False):
    """EveningError unless the session drawn last is over at every table (or `force`)."""
    if force or not evening.settings.get("draws"):
        return
    session = current(evening)
    playing = still_playing(session, lang.of(evening))
    if playing:
        raise EveningError(
            "refuse_session_playing", session=session.session, tables=", ".join(playing)
        )


def take_back(evening):
    """Take back the session drawn last, if no table has begun it; its number."""
    draws = evening.settings.get("draws", [])
    if not draws:
        raise EveningError("refuse_nothing_drawn")
    session = current(evening)
    begun = [table.table for table in session.tables if table.scores or table.path]
    if begun:
        raise EveningError(
            "refuse_session_begun_one" if len(begun) == 1 else "refuse_session_begun",
            session=session.session,
            tables=", ".join(map(str, begun)),
        )
    drawn = draws.pop()
    evening.settings["seated"] = False  # the slates are told to forget it (run.py)
    evening.save()
    for path in (evening.folder / "seating").glob(stem(drawn) + "[.-]*"):  # plan and cards
        path.unlink()
    return session.session


def stem(drawn):
    """The name of a draw's files in seating/: session-N, or a championship's round-N."""
    return "round-%d" % drawn["round"] if "round" in drawn else "session-%d" % drawn["session"]


def left_over(evening, sit_out, two):
    """(sit_out, two) for this draw: as given, else as chosen for the draws before;
    the choice given is kept for the next."""
    if sit_out or two:
        evening.settings["left_over"] = "sit_out" if sit_out else "two"
    chosen = evening.settings.get("left_over")
    return chosen == "sit_out", chosen == "two"


def change_players(evening, added, withdrawn):
    """Add the names `added` (from a players file's bytes, checked as the roster checks
    names), withdraw those of `withdrawn`; the lines to say. At a championship, pairs:
    "Anne & Marc"."""
    settings = evening.settings
    if "pairs" in settings:
        return change_pairs(evening, added.decode("utf-8").splitlines(), withdrawn)
    texts = lang.of(evening)
    players = list(settings["players"])
    gone = list(settings.get("withdrawn", []))
    said = []
    for name in withdrawn:
        if name not in players:
            gone_or_not = "withdrawn" if name in gone else "unknown"
            raise EveningError("refuse_player_%s" % gone_or_not, name=name)
        players.remove(name)
        gone.append(name)
        said.append(texts("players_gone", name=name))
    if added:
        names = check_names(added, "the names added", MOST_PLAYERS)
        for name in names:
            if name in players:
                raise EveningError("refuse_player_plays", name=name)
            if name in gone:
                gone.remove(name)
                said.append(texts("players_back", name=name))
            else:
                said.append(texts("players_added", name=name))
            players.append(name)
    if len(players) > MOST_PLAYERS:
        raise EveningError("refuse_most_players", count=len(players), most=MOST_PLAYERS)
    settings["players"] = players
    settings["withdrawn"] = gone
    return said + [saved(evening, "players_now", len(players))]


def saved(evening, key, count):
    """The evening saved; the line that says from which draw on `count` play, and next."""
    evening.save()
    drawn = len(evening.settings.get("draws", []))
    return lang.of(evening)(key, count=count, next=drawn + 1, drawn=drawn, folder=evening.folder)


def change_pairs(evening, added, withdrawn):
    """A championship's pairs that come or leave between rounds: a pair added is drawn
    from the next round on (Swiss rounds: it meets the pairs nearest its wins); a pair
    withdrawn is drawn no more and keeps its place in the ranking with what it won."""
    from host_tools.evening import championship

    settings = evening.settings
    texts = lang.of(evening)
    if settings["format"] != "swiss":
        raise EveningError("refuse_pairs_round_robin")
    registered = [list(pair) for pair in settings["pairs"]]
    gone = [list(pair) for pair in settings.get("withdrawn_pairs", [])]
    said = []
    for line in withdrawn:
        leaving = {name.strip() for name in line.split(championship.SEPARATOR)}
        pair = next((p for p in registered if set(p) == leaving), None)
        if pair is None or pair in gone:
            gone_or_not = "withdrawn" if pair else "unknown"
            raise EveningError("refuse_pair_%s" % gone_or_not, line=line)
        gone.append(pair)
        said.append(texts("pairs_gone", pair=" & ".join(pair)))
    for line in added:
        line = line.strip()
        names = [name.strip(" \t") for name in line.split(championship.SEPARATOR)]
        back = next((p for p in gone if set(p) == set(names)), None)
        if back:
            gone.remove(back)
            said.append(texts("players_back", name=" & ".join(back)))
            continue
        problems = championship.pair_problems(
            texts, line, names, registered, list(range(1, 1 + len(registered)))
        )
        if problems:
            raise EveningError("refuse_pair_problems", problems="; ".join(problems))
        registered.append(names)
        said.append(texts("players_added", name=" & ".join(names)))
    settings["pairs"] = registered
    settings["players"] = [name for pair in registered for name in pair]
    settings["withdrawn_pairs"] = gone
    return said + [saved(evening, "pairs_now", len(registered) - len(gone))]
