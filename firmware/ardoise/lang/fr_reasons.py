"""Generated from firmware/texts.toml by host_tools/texts.py (make texts): do not edit.
Why the rules refuse, in language fr (the core's English is its own)."""

# One text a line, in the order of the core's KEYS (scoring/reasons.py): one
# string in RAM while a refusal is read, not one object per reason.
REASONS = (
    "un événement doit être un objet JSON\n"  # not_object
    'un événement doit avoir "ev"\n'  # no_ev
    'le premier événement doit être "match"\n'  # first_match
    "le match a déjà commencé\n"  # match_again
    "jeu inconnu %s\n"  # unknown_game
    "événement inconnu %r\n"  # unknown_event
    "clé inconnue %r dans %r\n"  # unknown_key
    "%r demande %r\n"  # missing_key
    "%r doit être %s, pas %s\n"  # bad_value
    "rien à annuler: le début du match reste\n"  # nothing_to_undo
    "le match est gagné par %s: seul Annuler est possible\n"  # match_won
    "une donne est déjà en cours\n"  # deal_open
    "aucune donne en cours\n"  # no_deal
    "les %d plis de la donne sont déjà notés\n"  # all_tricks_in
    "%s n'a encore fait aucun pli dans cette donne\n"  # no_trick_yet
    "trop tard pour annoncer %s: il ne reste que %d cartes en main\n"  # too_few_cards
    "le mariage à %s compte déjà dans cette donne\n"  # suit_used
    "pas d'annonce de cape dans les règles %r\n"  # no_announce
    "%r n'est pas une annonce des règles %r\n"  # wrong_call
    "une cape est déjà annoncée dans cette donne\n"  # announced
    "%s a %d à l'ardoise: la cape et dehors demande 19\n"  # below_19
    "%s a %d: pas dédoublé demande l'adversaire à 14 au plus\n"  # opponents_above_14
    "trop tard pour annoncer: %d plis sont notés\n"  # announce_late
    "%s a déjà perdu un pli dans cette donne\n"  # announce_lost
    "pas de dehors dans les règles %r\n"  # no_dehors
    "%s compte %d: dehors demande %d\n"  # out_short
    "%s n'a fait aucun pli, donc aucun point\n"  # points_no_trick
    "les points doivent faire 120, pas %d + %d = %d\n"  # end_sum
    "une fin de donne donne des points ou une cape, pas les deux\n"  # end_both
    "la fin de donne demande les %d plis, %d sont notés\n"  # end_tricks
    "%s n'a pas fait tous les plis\n"  # not_cape
    "%s a un mariage dans un pli, donc %s n'a pas fait la cape\n"  # cape_contradicted
    "un pli qui compte %d est de trop: il reste %d pli(s)\n"  # tricks_left
    "pas de contre-coup dans les règles %r à deux joueurs\n"  # no_counterstrike
    "les paires demandent 4 joueurs, pas %d\n"  # pairs_four
    "les %d cartes de rang %s sont déjà jouées dans cette donne\n"  # rank_all_played
    "les points doivent faire 120, pas %s = %d\n"  # points_sum
    "la séance de %d donnes est finie: seul Annuler est possible\n"  # session_over
)
