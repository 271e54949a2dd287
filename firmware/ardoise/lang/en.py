"""Generated from firmware/texts.toml by host_tools/texts.py (make texts): do not edit.
The screens in language en: TEXT's lines, a text each."""

# In the order of ardoise/lang/__init__.py's KEYS; lists are "a|b|c".
TEXT = (
    "Note\n"  # note
    "Not saved\n"  # not_saved
    "Undone: %s\n"  # undone
    "New match\n"  # match_started
    "N-S|E-W\n"  # compass_teams
    "SENW\n"  # compass_seats
    "Refused\n"  # refused
    "Storage full: the action was not saved. The match is intact.\n"  # storage_full
    "Storage error %d: the action was not saved. The match is intact.\n"  # storage_error
    "The last action was cut off by a power loss and is dropped.\n"  # torn
    "Line %d of the journal is damaged: the match goes on from the lines before it. The damaged journal is kept in the archive.\n"  # damaged
    "Storage full: nothing can be saved. Make room: copy the archive to a PC, then delete it.\n"  # flash_full
    "Storage error %d: the flash cannot be read or written, nothing can be saved.\n"  # flash_error
    "The settings file could not be read: the default settings apply. It is kept as settings.damaged.\n"  # settings_damaged
    "OK=yes  held=no\n"  # confirm_keys
    "No match on the slate.\n"  # no_match
    "The slate has no screens for %s yet.\n"  # no_screens
    "OK=new match\n"  # ok_new_match
    "Menu\n"  # menu
    "History\n"  # history
    "Undo\n"  # undo
    "Take back:\n"  # undo_what
    "New match\n"  # new_match
    "Who deals?\n"  # first_dealer
    "The match on the slate goes to the archive.\n"  # archived
    "Settings\n"  # settings
    "Rules\n"  # set_rules
    "Target\n"  # set_target
    "Lang.\n"  # set_lang
    "Light\n"  # set_contrast
    "Dim\n"  # set_sleep
    "Off\n"  # set_off
    "Tricks\n"  # set_tricks
    "Seats\n"  # set_seats
    "Le Brouc|Bruus|Brusquembelle\n"  # games
    "Etivaz|31|Brou 1802\n"  # rules_names
    "Players\n"  # bq_players
    "%d cards\n"  # bq_pack
    "Ante\n"  # bq_ante
    "Pool\n"  # bq_pool
    "In pairs?\n"  # bq_pairs
    "Pairs, ante %d\n"  # bq_paired
    "%d-handed, ante %d\n"  # bq_rules
    "Ace|Ten\n"  # bq_ranks
    "won|lost\n"  # bq_won
    "%s: who?\n"  # bq_who
    "Left %d\n"  # bq_left
    "Deal by %s\n"  # bq_deal
    "End %s\n"  # bq_end
    "%s takes %d\n"  # bq_took
    "Pool stays: %d\n"  # bq_tie
    "1-4|N-S/E-W\n"  # seat_styles
    "never\n"  # never
    "yes\n"  # yes
    "no\n"  # no
    "In the “31” rules the target is always 31.\n"  # target_31
    "coche|coches\n"  # coches
    "partie|parties\n"  # parties
    "p\n"  # parties_short
    "%s wins the match\n"  # match_won
    "Game %s: +%d %s\n"  # game_won
    "%s +%d %s\n"  # gained
    "Dealer %s\n"  # dealer
    "Hearts|Diamonds|Clubs|Spades\n"  # suits
    "trump\n"  # trump_mark
    "Trump? Dealer %s|Trump of %s?|Trump? %s|Trump?\n"  # trump_title
    "Deal\n"  # deal_menu
    "End of deal\n"  # do_end
    "Marriage\n"  # do_marriage
    "Trick\n"  # do_trick
    "Dehors (out)\n"  # do_dehors
    "Announce\n"  # do_announce
    "Cape\n"  # do_cape
    "Vole\n"  # do_vole
    "Points of %s\n"  # card_points
    "Team?\n"  # marriage_team
    "K-Q|K-Q-J\n"  # kinds
    "cape et dehors|pas dédoublé|partie et vole\n"  # calls
    "cape|dédoublé|vole\n"  # calls_short
    "Count:\n"  # count
    "Right: out!\n"  # right
    "Wrong call!\n"  # wrong
    "No deal yet\n"  # no_deal_yet
    "Deal %s\n"  # ev_deal
    "Trick %s\n"  # ev_trick
    "Marriage %s %s %s\n"  # ev_declare
    "In trick %s %s %s\n"  # ev_table
    "Dehors %s %d\n"  # ev_out
    "End %d/%d\n"  # ev_end
    "Cape %s\n"  # ev_cape
    "Bruus Schwesing|Bruus Treia|Bruus for two\n"  # bruus_rules
    "Trick|Double trick|Triple trick\n"  # bruus_tricks
    "Dare|Strike|Strike+dare|Counterstrike|Double dare|Double strike\n"  # bruus_kinds
    "Dare|Strike|Strike+dare|Counter|Dbl dare|Dbl strike\n"  # bruus_kinds_short
    "game|games\n"  # bruus_games
    "%s wins the game\n"  # bruus_game_won
    "Double game: %s\n"  # bruus_double
    "Bock+%d\n"  # bruus_bock
    "Players\n"  # set_names
    "Player %s\n"  # player_of
    "+ Name\n"  # add_name
    "Remove %s from the list?\n"  # remove_name
    "held OK = back\n"  # name_keys
    "%s is already in the list.\n"  # name_taken
    "The list is full: remove a name first.\n"  # roster_full
    "Play a session?\n"  # bruus_session_q
    "session of %d deals\n"  # bruus_session
    "Session over\n"  # bruus_session_end
    "Deal %d/%d\n"  # hist_deal
    "Tricks\n"  # hist_tricks
    "hand|trick\n"  # hist_where
)
