"""Was die Regeln ablehnen, nach Schlüssel (scoring/reasons.py: dieselben auf Englisch)."""

# One "key=text" a line, as the screens' texts (ardoise/lang/__init__.py): one
# string in RAM while a refusal is read, not one object per reason.
REASONS = """
not_object=ein Ereignis muss ein JSON-Objekt sein
no_ev=ein Ereignis braucht "ev"
first_match=das erste Ereignis muss "match" sein
match_again=das Match hat schon begonnen
unknown_game=unbekanntes Spiel %s
unknown_event=unbekanntes Ereignis %r
unknown_key=unbekannter Schlüssel %r in %r
missing_key=%r braucht %r
bad_value=%r muss %s sein, nicht %s
nothing_to_undo=nichts zurückzunehmen: der Matchbeginn bleibt
match_won=%s hat das Match gewonnen: nur Zurücknehmen geht noch
deal_open=es läuft schon ein Spiel
no_deal=es läuft kein Spiel
all_tricks_in=alle %d Stiche des Spiels sind schon notiert
no_trick_yet=%s hat in diesem Spiel noch keinen Stich
too_few_cards=zu spät für %s: nur noch %d Karten in der Hand
suit_used=die Mariage in %s zählt in diesem Spiel schon
no_announce=keine Cape-Ansage bei den Regeln %r
wrong_call=%r ist keine Ansage der Regeln %r
announced=in diesem Spiel ist schon eine Cape angesagt
below_19=%s schreibt %d: Cape et dehors braucht 19
opponents_above_14=%s schreibt %d: pas dédoublé braucht den Gegner bei höchstens 14
announce_late=zu spät für eine Ansage: %d Stiche sind notiert
announce_lost=%s hat in diesem Spiel schon einen Stich verloren
no_dehors=kein Draussen bei den Regeln %r
out_short=%s zählt %d: draussen braucht %d
points_no_trick=%s hat keinen Stich, also keine Augen
end_sum=die Augen müssen 120 ergeben, nicht %d + %d = %d
end_both=ein Spielende hat Augen oder Cape, nicht beides
end_tricks=das Spielende braucht alle %d Stiche, %d sind notiert
not_cape=%s hat nicht alle Stiche gemacht
cape_contradicted=%s hat eine Mariage im Stich, also hat %s nicht alle Stiche
tricks_left=ein Stich, der %d zählt, ist zu viel: es bleiben %d Stich(e)
no_counterstrike=kein Gegenschlag bei den Regeln %r zu zweit
pairs_four=Paare brauchen 4 Spieler, nicht %d
rank_all_played=alle %d Karten vom Rang %s sind in diesem Spiel schon gespielt
points_sum=die Augen müssen 120 ergeben, nicht %s = %d
"""
