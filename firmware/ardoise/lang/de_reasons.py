"""Generated from firmware/texts.toml by host_tools/texts.py (make texts): do not edit.
Why the rules refuse, in language de (the core's English is its own)."""

# One text a line, in the order of the core's KEYS (scoring/reasons.py): one
# string in RAM while a refusal is read, not one object per reason.
REASONS = (
    "ein Ereignis muss ein JSON-Objekt sein\n"  # not_object
    'ein Ereignis braucht "ev"\n'  # no_ev
    'das erste Ereignis muss "match" sein\n'  # first_match
    "das Match hat schon begonnen\n"  # match_again
    "unbekanntes Spiel %s\n"  # unknown_game
    "unbekanntes Ereignis %r\n"  # unknown_event
    "unbekannter Schlüssel %r in %r\n"  # unknown_key
    "%r braucht %r\n"  # missing_key
    "%r muss %s sein, nicht %s\n"  # bad_value
    "nichts zurückzunehmen: der Matchbeginn bleibt\n"  # nothing_to_undo
    "%s hat das Match gewonnen: nur Zurücknehmen geht noch\n"  # match_won
    "es läuft schon ein Spiel\n"  # deal_open
    "es läuft kein Spiel\n"  # no_deal
    "alle %d Stiche des Spiels sind schon notiert\n"  # all_tricks_in
    "%s hat in diesem Spiel noch keinen Stich\n"  # no_trick_yet
    "zu spät für %s: nur noch %d Karten in der Hand\n"  # too_few_cards
    "die Mariage in %s zählt in diesem Spiel schon\n"  # suit_used
    "keine Cape-Ansage bei den Regeln %r\n"  # no_announce
    "%r ist keine Ansage der Regeln %r\n"  # wrong_call
    "in diesem Spiel ist schon eine Cape angesagt\n"  # announced
    "%s schreibt %d: Cape et dehors braucht 19\n"  # below_19
    "%s schreibt %d: pas dédoublé braucht den Gegner bei höchstens 14\n"  # opponents_above_14
    "zu spät für eine Ansage: %d Stiche sind notiert\n"  # announce_late
    "%s hat in diesem Spiel schon einen Stich verloren\n"  # announce_lost
    "kein Draussen bei den Regeln %r\n"  # no_dehors
    "%s zählt %d: draussen braucht %d\n"  # out_short
    "%s hat keinen Stich, also keine Augen\n"  # points_no_trick
    "die Augen müssen 120 ergeben, nicht %d + %d = %d\n"  # end_sum
    "ein Spielende hat Augen oder Cape, nicht beides\n"  # end_both
    "das Spielende braucht alle %d Stiche, %d sind notiert\n"  # end_tricks
    "%s hat nicht alle Stiche gemacht\n"  # not_cape
    "%s hat eine Mariage im Stich, also hat %s nicht alle Stiche\n"  # cape_contradicted
    "ein Stich, der %d zählt, ist zu viel: es bleiben %d Stich(e)\n"  # tricks_left
    "kein Gegenschlag bei den Regeln %r zu zweit\n"  # no_counterstrike
    "Paare brauchen 4 Spieler, nicht %d\n"  # pairs_four
    "alle %d Karten vom Rang %s sind in diesem Spiel schon gespielt\n"  # rank_all_played
    "die Augen müssen 120 ergeben, nicht %s = %d\n"  # points_sum
    "die Serie von %d Spielen ist vorbei: nur Zurücknehmen geht noch\n"  # session_over
)
