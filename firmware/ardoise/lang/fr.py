"""Generated from firmware/texts.toml by host_tools/texts.py (make texts): do not edit.
The screens in language fr: TEXT's lines, a text each."""

# In the order of ardoise/lang/__init__.py's KEYS; lists are "a|b|c".
TEXT = (
    "Info\n"  # note
    "Non enregistré\n"  # not_saved
    "Annulé: %s\n"  # undone
    "Nouveau match\n"  # match_started
    "N-S|E-O\n"  # compass_teams
    "SENO\n"  # compass_seats
    "Refusé\n"  # refused
    "Mémoire pleine: l'action n'est pas enregistrée. Le match est intact.\n"  # storage_full
    "Erreur de mémoire %d: l'action n'est pas enregistrée. Le match est intact.\n"  # storage_error
    "La dernière action, coupée par une panne de courant, est abandonnée.\n"  # torn
    "La ligne %d du journal est abîmée: le match reprend juste avant elle. Le journal abîmé est gardé dans l'archive.\n"  # damaged
    "Mémoire pleine: rien ne peut être enregistré. Faites de la place: copiez l'archive sur un PC, puis effacez-la.\n"  # flash_full
    "Erreur de mémoire %d: la mémoire ne se lit ou ne s'écrit pas, rien ne peut être enregistré.\n"  # flash_error
    "Le fichier des réglages était illisible: les réglages par défaut s'appliquent. Il est gardé sous settings.damaged.\n"  # settings_damaged
    "OK=oui  tenu=non\n"  # confirm_keys
    "Pas de match sur l'ardoise.\n"  # no_match
    "L'ardoise n'a pas encore d'écrans pour %s.\n"  # no_screens
    "OK=nouveau match\n"  # ok_new_match
    "Menu\n"  # menu
    "Historique\n"  # history
    "Annuler\n"  # undo
    "Reprendre:\n"  # undo_what
    "Nouveau match\n"  # new_match
    "Qui donne?\n"  # first_dealer
    "Le match de l'ardoise part aux archives.\n"  # archived
    "Réglages\n"  # settings
    "Règles\n"  # set_rules
    "But\n"  # set_target
    "Langue\n"  # set_lang
    "Lumière\n"  # set_contrast
    "Atténuer\n"  # set_sleep
    "Éteindre\n"  # set_off
    "Plis\n"  # set_tricks
    "Places\n"  # set_seats
    "Le Brouc|Bruus|Brusquembelle\n"  # games
    "Etivaz|31|Brou 1802\n"  # rules_names
    "Joueurs\n"  # bq_players
    "%d cartes\n"  # bq_pack
    "Mise\n"  # bq_ante
    "Pot\n"  # bq_pool
    "En paires?\n"  # bq_pairs
    "Paires, mise %d\n"  # bq_paired
    "À %d, mise %d\n"  # bq_rules
    "As|Dix\n"  # bq_ranks
    "gagné|perdu\n"  # bq_won
    "%s: qui?\n"  # bq_who
    "Reste %d\n"  # bq_left
    "Donne de %s\n"  # bq_deal
    "Fin %s\n"  # bq_end
    "%s prend %d\n"  # bq_took
    "Pot gardé: %d\n"  # bq_tie
    "1-4|N-S/E-O\n"  # seat_styles
    "jamais\n"  # never
    "oui\n"  # yes
    "non\n"  # no
    "Au «31», le but est toujours 31.\n"  # target_31
    "coche|coches\n"  # coches
    "partie|parties\n"  # parties
    "p\n"  # parties_short
    "%s gagne le match\n"  # match_won
    "Jeu %s: +%d %s\n"  # game_won
    "%s +%d %s\n"  # gained
    "Donneur %s\n"  # dealer
    "Cœur|Carreau|Trèfle|Pique\n"  # suits
    "atout\n"  # trump_mark
    "Atout? Donneur %s|Atout de %s?|Atout? %s|Atout?\n"  # trump_title
    "Donne\n"  # deal_menu
    "Fin de donne\n"  # do_end
    "Mariage\n"  # do_marriage
    "Pli\n"  # do_trick
    "Dehors\n"  # do_dehors
    "Annonce\n"  # do_announce
    "Cape\n"  # do_cape
    "Vole\n"  # do_vole
    "Points de %s\n"  # card_points
    "Équipe?\n"  # marriage_team
    "R-D|R-D-V\n"  # kinds
    "cape et dehors|pas dédoublé|partie et vole\n"  # calls
    "cape|dédoublé|vole\n"  # calls_short
    "Compte:\n"  # count
    "Dehors juste!\n"  # right
    "Dehors faux!\n"  # wrong
    "Pas de donne\n"  # no_deal_yet
    "Donne %s\n"  # ev_deal
    "Pli %s\n"  # ev_trick
    "Mariage %s %s %s\n"  # ev_declare
    "Au pli %s %s %s\n"  # ev_table
    "Dehors %s %d\n"  # ev_out
    "Fin %d/%d\n"  # ev_end
    "Cape %s\n"  # ev_cape
    "Bruus Schwesing|Bruus Treia|Bruus à deux\n"  # bruus_rules
    "Pli|Pli double|Pli triple\n"  # bruus_tricks
    "Défi|Coup|Coup+défi|Contre-coup|Double défi|Double coup\n"  # bruus_kinds
    "Défi|Coup|Coup+défi|Contre|D. défi|D. coup\n"  # bruus_kinds_short
    "jeu|jeux\n"  # bruus_games
    "%s gagne le jeu\n"  # bruus_game_won
    "Jeu double: %s\n"  # bruus_double
    "Bock+%d\n"  # bruus_bock
    "Joueurs\n"  # set_names
    "Joueur %s\n"  # player_of
    "+ Nom\n"  # add_name
    "Retirer %s de la liste ?\n"  # remove_name
    "tenu OK = retour\n"  # name_keys
    "%s est déjà dans la liste.\n"  # name_taken
    "La liste est pleine : retirez d'abord un nom.\n"  # roster_full
    "Jouer en séance?\n"  # bruus_session_q
    "séance de %d donnes\n"  # bruus_session
    "Fin de séance\n"  # bruus_session_end
    "Donne %d/%d\n"  # hist_deal
    "Plis\n"  # hist_tricks
    "main|pli\n"  # hist_where
)
