"""Generated from firmware/texts.toml by host_tools/texts.py (make texts): do not edit.
The screens in language de: TEXT's lines, a text each."""

# In the order of ardoise/lang/__init__.py's KEYS; lists are "a|b|c".
TEXT = (
    "Hinweis\n"  # note
    "Nicht gespeichert\n"  # not_saved
    "Zurück: %s\n"  # undone
    "Neues Match\n"  # match_started
    "N-S|O-W\n"  # compass_teams
    "SONW\n"  # compass_seats
    "Abgelehnt\n"  # refused
    "Speicher voll: die Eingabe ist nicht gespeichert. Das Match bleibt, wie es war.\n"  # storage_full
    "Speicherfehler %d: die Eingabe ist nicht gespeichert. Das Match bleibt, wie es war.\n"  # storage_error
    "Die letzte Eingabe wurde durch einen Stromausfall abgeschnitten und fällt weg.\n"  # torn
    "Zeile %d des Journals ist beschädigt: das Match geht ab der Zeile davor weiter. Das beschädigte Journal liegt im Archiv.\n"  # damaged
    "Speicher voll: nichts kann gespeichert werden. Platz schaffen: das Archiv auf einen PC kopieren, dann löschen.\n"  # flash_full
    "Speicherfehler %d: der Speicher lässt sich nicht lesen oder schreiben, nichts kann gespeichert werden.\n"  # flash_error
    "Die Datei der Einstellungen war unlesbar: es gelten die Standardwerte. Sie bleibt als settings.damaged erhalten.\n"  # settings_damaged
    "OK=ja  lang=nein\n"  # confirm_keys
    "Kein Match auf der Tafel.\n"  # no_match
    "Für %s hat die Tafel noch keine Bildschirme.\n"  # no_screens
    "OK=neues Match\n"  # ok_new_match
    "Menü\n"  # menu
    "Verlauf\n"  # history
    "Zurücknehmen\n"  # undo
    "Zurücknehmen:\n"  # undo_what
    "Neues Match\n"  # new_match
    "Wer gibt?\n"  # first_dealer
    "Das Match auf der Tafel kommt ins Archiv.\n"  # archived
    "Einstellungen\n"  # settings
    "Regeln\n"  # set_rules
    "Ziel\n"  # set_target
    "Sprache\n"  # set_lang
    "Hell\n"  # set_contrast
    "Dimmen\n"  # set_sleep
    "Aus\n"  # set_off
    "Stiche\n"  # set_tricks
    "Plätze\n"  # set_seats
    "Le Brouc|Bruus|Brusquembelle\n"  # games
    "Etivaz|31|Brou 1802\n"  # rules_names
    "Spieler\n"  # bq_players
    "%d Karten\n"  # bq_pack
    "Einsatz\n"  # bq_ante
    "Pott\n"  # bq_pool
    "In Paaren?\n"  # bq_pairs
    "Paare, Einsatz %d\n"  # bq_paired
    "Zu %d, Einsatz %d\n"  # bq_rules
    "Ass|Zehn\n"  # bq_ranks
    "sticht|fällt\n"  # bq_won
    "Wer? %s\n"  # bq_who
    "Rest %d\n"  # bq_left
    "Spiel, Geber %s\n"  # bq_deal
    "Ende %s\n"  # bq_end
    "%s nimmt %d\n"  # bq_took
    "Pott bleibt %d\n"  # bq_tie
    "1-4|N-S/O-W\n"  # seat_styles
    "nie\n"  # never
    "ja\n"  # yes
    "nein\n"  # no
    "Bei «31» ist das Ziel immer 31.\n"  # target_31
    "Häkchen|Häkchen\n"  # coches
    "Partie|Partien\n"  # parties
    "P\n"  # parties_short
    "%s gewinnt das Match\n"  # match_won
    "Partie %s: +%d %s\n"  # game_won
    "%s +%d %s\n"  # gained
    "Geber %s\n"  # dealer
    "Herz|Karo|Kreuz|Pik\n"  # suits
    "Trumpf\n"  # trump_mark
    "Trumpf? Geber %s|Trumpf von %s?|Trumpf? %s|Trumpf?\n"  # trump_title
    "Spiel\n"  # deal_menu
    "Spielende\n"  # do_end
    "Mariage\n"  # do_marriage
    "Stich\n"  # do_trick
    "Draussen\n"  # do_dehors
    "Ansage\n"  # do_announce
    "Cape\n"  # do_cape
    "Vole\n"  # do_vole
    "Augen %s\n"  # card_points
    "Partei?\n"  # marriage_team
    "K-D|K-D-B\n"  # kinds
    "cape et dehors|pas dédoublé|partie et vole\n"  # calls
    "Cape|dédoublé|Vole\n"  # calls_short
    "Zählt:\n"  # count
    "Richtig draussen!\n"  # right
    "Falsch draussen!\n"  # wrong
    "Noch kein Spiel\n"  # no_deal_yet
    "Spiel %s\n"  # ev_deal
    "Stich %s\n"  # ev_trick
    "Mariage %s %s %s\n"  # ev_declare
    "Im Stich %s %s %s\n"  # ev_table
    "Draussen %s %d\n"  # ev_out
    "Ende %d/%d\n"  # ev_end
    "Cape %s\n"  # ev_cape
    "Bruus Schwesing|Bruus Treia|Bruus zu zweit\n"  # bruus_rules
    "Stich|Doppelstich|Dreifachstich\n"  # bruus_tricks
    "Wagen|Schlagen|Weiterwagen|Gegenschlag|Doppelwagen|Doppelschlag\n"  # bruus_kinds
    "Wagen|Schlagen|Weiterwagen|Gegenschlag|Doppelwagen|Doppelschl.\n"  # bruus_kinds_short
    "Partie|Partien\n"  # bruus_games
    "%s gewinnt die Partie\n"  # bruus_game_won
    "Doppelpartie: %s\n"  # bruus_double
    "Bock+%d\n"  # bruus_bock
    "Spieler\n"  # set_names
    "Spieler %s\n"  # player_of
    "+ Name\n"  # add_name
    "%s aus der Liste entfernen?\n"  # remove_name
    "lang OK = zurück\n"  # name_keys
    "%s steht schon in der Liste.\n"  # name_taken
    "Die Liste ist voll: zuerst einen Namen entfernen.\n"  # roster_full
    "Turnierserie?\n"  # bruus_session_q
    "Serie von %d Spielen\n"  # bruus_session
    "Serienende\n"  # bruus_session_end
    "Spiel %d/%d\n"  # hist_deal
    "Stiche\n"  # hist_tricks
    "Hand|Stich\n"  # hist_where
)
