"""Les refus des règles, par clé (scoring/reasons.py a les mêmes en anglais)."""

# One "key=text" a line, as the screens' texts (ardoise/lang/__init__.py): one
# string in RAM while a refusal is read, not one object per reason.
REASONS = """
not_object=un événement doit être un objet JSON
no_ev=un événement doit avoir "ev"
first_match=le premier événement doit être "match"
match_again=le match a déjà commencé
unknown_game=jeu inconnu %s
unknown_event=événement inconnu %r
unknown_key=clé inconnue %r dans %r
missing_key=%r demande %r
bad_value=%r doit être %s, pas %s
nothing_to_undo=rien à annuler: le début du match reste
match_won=le match est gagné par %s: seul Annuler est possible
deal_open=une donne est déjà en cours
no_deal=aucune donne en cours
all_tricks_in=les %d plis de la donne sont déjà notés
no_trick_yet=%s n'a encore fait aucun pli dans cette donne
too_few_cards=trop tard pour annoncer %s: il ne reste que %d cartes en main
suit_used=le mariage à %s compte déjà dans cette donne
no_announce=pas d'annonce de cape dans les règles %r
wrong_call=%r n'est pas une annonce des règles %r
announced=une cape est déjà annoncée dans cette donne
below_19=%s a %d à l'ardoise: la cape et dehors demande 19
opponents_above_14=%s a %d: pas dédoublé demande l'adversaire à 14 au plus
announce_late=trop tard pour annoncer: %d plis sont notés
announce_lost=%s a déjà perdu un pli dans cette donne
no_dehors=pas de dehors dans les règles %r
out_short=%s compte %d: dehors demande %d
points_no_trick=%s n'a fait aucun pli, donc aucun point
end_sum=les points doivent faire 120, pas %d + %d = %d
end_both=une fin de donne donne des points ou une cape, pas les deux
end_tricks=la fin de donne demande les %d plis, %d sont notés
not_cape=%s n'a pas fait tous les plis
cape_contradicted=%s a un mariage dans un pli, donc %s n'a pas fait la cape
tricks_left=un pli qui compte %d est de trop: il reste %d pli(s)
no_counterstrike=pas de contre-coup dans les règles %r à deux joueurs
pairs_four=les paires demandent 4 joueurs, pas %d
rank_all_played=les %d cartes de rang %s sont déjà jouées dans cette donne
points_sum=les points doivent faire 120, pas %s = %d
"""
