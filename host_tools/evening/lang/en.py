"""The evening's texts in English (host_tools/evening/lang/__init__.py)."""

TEXTS = {
    # the printouts and the page
    "table": "table",
    "table_n": "Table {table}",
    "match": "match",
    "deals": "deals",
    "deal": "deal {deal}",
    "deal_of": "deal {deal}/{deals}",
    "not_begun": "not begun",
    "session_over": "session over",
    "teams_against": "{first} against {second}",
    "against": "against",
    "place": "place",
    "player": "player",
    "points": "points",
    "total": "total",
    "difference": "difference",
    "matches": "matches",
    "session_short": "S{session}",
    "session_of": "Session {session} of {sessions}",
    "session_results": "Session {session} of {sessions}: results",
    "session_standing": "Standing of session {session}",
    "prize_list": "Prize list",
    "sitting_out": "Sitting out: {names}",
    "tie_break": (
        "Places: the {unit} won (ruling 29: each player is credited with what their side won); "
        "equal, the difference between the {unit} won and conceded; still equal, a shared place."
    ),
    "outside_sessions": "Counted, though no session's seating holds them: {logs}",
    "unit_matchsticks": "matchsticks",
    "unit_coches": "coches",
    "unit_parties": "parties",
    "unit_games_won": "games won",
    "cards_title": "Table cards: {what}",
    "card_wifi": "Wi-Fi: {ssid}",
    "card_scan": "The live ranking",
    "card_phone": "The slate, on a phone",
    # the live page
    "page_title": "The evening's ranking",
    "page_tables": "Tables",
    "page_standing": "Standing",
    "page_evening": "Evening",
    "page_no_session": "No session drawn yet",
    "page_no_match": "no match yet",
    "page_no_deal": "No deal played yet.",
    "page_deal": "deal",
    "page_dealer": "dealer",
    "page_score_points": "game",
    "page_score_slate": "slate",
    "page_score_coches": "coches",
    "page_score_parties": "parties",
    "page_score_balance": "balance",
    "page_difference_short": "diff.",
    "page_seen": "board {board}, seen at {time}",
    "page_never": "board {board}, never seen",
    "page_updated": "updated {time}",
    "page_waiting": "waiting for the organiser's laptop...",
    "page_lost": "the organiser's laptop is not answering; trying again...",
    "page_qr": "QR code of this page",
    # the organiser's messages
    "run_seating_sent": (
        "session {number}'s seating sent to the slates: table {tables}; {online} of {count} "
        "online now (the others get it when they connect)"
    ),
    "run_seating_forgotten": (
        "session {number}'s seating taken back: the slates forget it; next, ardoise evening draw"
    ),
    "run_no_board": "no board enrolled at table {tables}: ardoise evening enrol FOLDER --table N",
    "run_session_done": (
        "all {tables} tables finished session {session}: next, ardoise evening draw {folder}"
    ),
    "run_session_done_last": (
        "all {tables} tables finished session {session}, the last: the results, "
        "ardoise evening results {folder}"
    ),
    # the commands' own words
    "default_title": "Tournament evening",
    "new_done": (
        "evening {id}: {players} players, {game} ({rules}), {sessions} sessions of {deals} "
        "deals, in {folder}"
    ),
    "next_draw": "next: ardoise evening draw {folder}",
    "plan_session": "{title}: session {session} of {sessions} (seed {seed})",
    "plan_table": "  table {table}: {teams}",
    "plan_two": "{first} against {second} (a table of two)",
    "plan_repeats": (
        "  partners who already played together: {count} pairs (no seating avoids it)"
    ),
    "plan_sitting_out": "  sitting out: {names}",
    "seat_n": "seat {seat}",
    "partners": "partners",
    "seats_rule": "Seats 1 and 3 play together, against seats 2 and 4. Seed {seed}.",
    "plan_written": "plan to print: {png} (or {html})",
    "cards_written": "table cards to print: {html} (a PNG a table: {png}...)",
    "status_head": "evening {id}: session {session} of {sessions} drawn, {boards} boards enrolled",
    "status_table": "  table {table}, board {board} ({heard}): {state}; {matches}, {lines} held",
    "status_seen": "{status}, seen at {time}",
    "status_never": "never seen",
    "status_refused": "  refused: {text}",
    "n_match": "{n} match|{n} matches",
    "n_line": "{n} line|{n} lines",
    "state_session_points": "session points",
    "state_games": "games",
    "state_points": "points",
    "state_coches": "coches",
    "state_parties": "parties",
    "state_slate": "slate",
    "state_balance": "balance",
    # the championship's and status's words
    "championship_title": "Le Brouc championship",
    "new_championship": "evening {id}: Le Brouc championship, {what}, in {folder}",
    "round_of": "Round {round} of {rounds}",
    "round_taken_back": (
        "round {round} taken back: the slates forget its seating (with `ardoise evening run`); "
        "next, ardoise evening draw {folder}"
    ),
    "round_none": "championship: no round drawn yet (ardoise evening draw {folder})",
    "round_status": "championship: round {round} of {rounds}; {state}",
    "round_all_won": "every match won: the next round can be drawn",
    "round_playing": "{tables} still playing",
    "round_bye": "  bye: {pair}",
    "status_championship": "evening {id}: {boards} boards enrolled",
    "status_seen_at": "seen at {time}",
    "status_board_refused": "  board {board}: {what} refused at {at} ({count}): {reason}",
    "session_taken_back": (
        "session {session} taken back: the slates forget its seating (with `ardoise evening "
        "run`); next, ardoise evening draw {folder}"
    ),
    "n_table": "{n} table|{n} tables",
    "n_time": "{n} time|{n} times",
    # the live page of a championship
    "page_no_round": "No round drawn yet",
    "page_round_ends": " (ends at {time})",
    "page_round_minutes": " ({minutes} minutes from its first match)",
    "page_pairs_ranking": "The pairs' ranking",
    "page_pair": "pair",
    "page_won": "won",
    "page_in_play": "in play",
    "page_won_state": "won",
    "page_won_by_time": "won by time",
    "page_bye": "Bye: {pair}",
    "page_results": "Results",
    "page_round": "round",
    "page_result": "result",
    "page_result_won": "{pair} won",
    "page_result_won_time": "{pair} won (by the time limit)",
    "run_round_sent": (
        "round {number}'s seating sent to the slates: table {tables}; {online} of {count} "
        "online now (the others get it when they connect)"
    ),
    "run_round_forgotten": (
        "round {number}'s seating taken back: the slates forget it; next, ardoise evening draw"
    ),
    # the commands' outputs and run's words on the course of the evening
    "new_wifi_later": (
        "no Wi-Fi network yet: `ardoise evening wifi {folder}` sets it, before enrolling"
    ),
    "new_secrets": "the passwords: {secrets} and {passwd} (yours alone to read)",
    "new_in_git": (
        "  {folder} is in the git repository {repository}: its .gitignore keeps them out of "
        "any commit"
    ),
    "wifi_set": "evening {id}: the boards join Wi-Fi {ssid}",
    "wifi_enrol_again": (
        "  the boards enrolled still have {ssid}: enrol each again to give them this one ({boards})"
    ),
    "enrol_moved": "board {board} was enrolled in evening {before}: it now belongs to this one",
    "enrol_done": "board {board} enrolled at table {table}: broker {broker}, Wi-Fi {ssid}",
    "enrol_virtual": (
        "a slate on this PC plays it: ardoise sim --root {flash} (or, once deployed there, "
        "ardoise virtual-board --flash {flash})"
    ),
    "spare_done": (
        "the spare is board {board} at table {table}: match {match}, its {lines} lines as the "
        "organiser holds them; the table plays on from there"
    ),
    "spare_empty": "the spare is board {board} at table {table}: no match held yet",
    "spare_erased": "erased from the spare: {files}",
    "spare_after": (
        "the board it replaces can no longer connect to this evening; after the evening, give "
        "the spare its own id again (ardoise deploy --id)"
    ),
    "run_start": "evening {id}: broker {broker}, {boards} boards enrolled",
    "run_page": "the live ranking: {url} (its QR code: {url}qr.svg)",
    "run_ctrl_c": "Ctrl-C stops the evening's broker and page; the folder keeps everything",
    "run_ctrl_c_broker": (
        "Ctrl-C stops the page and this organiser; the broker at {broker} keeps running; the "
        "folder keeps everything"
    ),
    "run_stopped": "stopped: the folder holds every line confirmed",
    "run_not_enrolled": (
        "board {board} is not enrolled in this evening: its messages are ignored (ardoise "
        "evening enrol --port PORT)"
    ),
    "run_board_state": "table {table}: board {board} {state}",
    "status_online": "online",
    "status_offline": "offline",
    "run_began": "table {table}: board {board} began match {match}",
    "run_enrolled": "table {table}: board {board} enrolled",
    "run_rules_refuse": (
        "refused by the rules: {text} (the file keeps every line the board sent, this one and "
        "those after it)"
    ),
    "players_withdrawn": "withdrawn: {names}",
    "players_gone": "{name} withdrawn: drawn no more, keeps what they won",
    "pairs_gone": "{pair} withdrawn: drawn no more, keeps what it won",
    "players_back": "{name} is back",
    "players_added": "{name} added",
    "players_now": (
        "{count} players from session {next} on ({drawn} drawn): next, ardoise evening "
        "draw {folder}"
    ),
    "pairs_now": (
        "{count} pairs from round {next} on ({drawn} drawn): next, ardoise evening draw {folder}"
    ),
    # a table's phone (enrol --phone)
    "phone_taken_back": (
        "the phone at table {table} is taken back ({user}): its password no longer works; "
        "give another with ardoise evening enrol {folder} --phone --table {table}"
    ),
    "phone_before_taken": (
        "the phone given before at table {table} is taken back: it can no longer connect"
    ),
    "phone_scan": "table {table}'s phone ({user}): scan the code above, or open on the phone",
    "phone_private": (
        "the link holds the phone's password: hand it to table {table} alone (also in {png}, "
        "{svg}, and on the table's card)"
    ),
    "phone_make_node": (
        "`run` builds the phones' page from the pinned npm packages: `make node` first"
    ),
    # run's words when something goes wrong
    "disk_full": "disk full",
    "disk_quota": "disk quota full",
    "disk_cannot": "cannot write to the disk",
    "run_disk_lines": (
        "{disk}: lines from {board} not taken ({error}); they are asked for again until "
        "there is room"
    ),
    "run_disk_back": "room on the disk again: lines from {board} taken",
    "run_message_error": (
        "a message on {topic} not taken: an error in the organiser ({kind}: {error})"
    ),
    "run_disk_round": "{disk}: a championship's round record not written ({error})",
    "run_password_changed": (
        "table {table}: {board}'s password changed: the broker closes its connection and "
        "refuses the one before"
    ),
    "run_ranking_big": (
        "the ranking is {size} bytes, more than the broker passes on ({limit}): MQTT clients "
        "do not get it, the page does"
    ),
    "run_disk_boards": (
        "{disk}: state/boards.json not written ({error}); written again once there is room"
    ),
    "run_refused_unknown": (
        "the broker refused a client: a user or password this evening does not know: a "
        "board enrolled for another evening? Enrol it again (ardoise evening enrol --port PORT)"
    ),
    "run_refused_anonymous": (
        "the broker refused a client without a user (as {id}): only the evening's boards and "
        "organiser connect, each under its own id"
    ),
    "run_two_organisers": (
        "another organiser connected from {address} while this one was connected from "
        "{before}: is a second `ardoise evening run` using this evening?"
    ),
    "run_two_boards": (
        "board {board} connected from {address} while connected from {before} (the broker "
        "closed the older connection): are two boards using the same id {board}, or its "
        "password? Deploy one with another --id and enrol it"
    ),
    "phones_building": "the phones' page: building it in {folder} (once)",
    "phones_no_page": "the phones' page cannot be built, phones cannot play: {error}",
    "results_written": "-> {html}, {png}",
    # the refusals (EveningError, host_tools/evening/folder.py)
    "refuse_as_said": "{text}",
    "refuse_cannot_read": "cannot read {path}: {error}",
    "refuse_not_utf8": "{path} line {line}: not UTF-8 text (save it as UTF-8)",
    "refuse_not_evening": (
        "{folder} is not an evening's folder (no {file}): make one with "
        "`ardoise evening new {folder} --players NAMES.txt`"
    ),
    "refuse_folder_taken": "{folder} already holds an evening: choose another folder",
    "refuse_pairs_game": (
        "a championship (--pairs) is Le Brouc's: --game {game} goes with --players"
    ),
    "refuse_sessions": "--sessions {value}: an evening plays 1 to {most} sessions",
    "refuse_deals": "--deals {value}: a session has 1 to {most} deals",
    "refuse_few_players_one": "{path} names 1 player: a table needs four; add players to the file",
    "refuse_few_players": (
        "{path} names {count} players: a table needs four; add players to the file"
    ),
    "refuse_no_rules": "{game} has no rules {rules!r} ({known})",
    "refuse_no_ssid": (
        "which Wi-Fi network do the boards join? Give --ssid NETWORK (its password "
        "with --wifi-password, or asked)"
    ),
    "refuse_no_ssid_later": (
        "which Wi-Fi network do the boards join? Give --ssid NETWORK (its password "
        "with --wifi-password, or asked), or --wifi-later and `ardoise evening wifi {folder}` "
        "before enrolling"
    ),
    "refuse_no_wifi_password": "the Wi-Fi password of {ssid}: give it with --wifi-password",
    "refuse_ssid": "{ssid!r} cannot be a Wi-Fi network's name: 1 to 32 bytes of printable text",
    "refuse_session_not_drawn": "session {session} is not drawn ({drawn} drawn)",
    "refuse_sessions_drawn": "the {sessions} sessions are drawn: --show N prints one again",
    "refuse_no_session": "session {session} is not drawn",
    "refuse_pairs_sit_out": "a championship seats pairs: --sit-out and --two are for --players",
    "refuse_round_not_drawn": "round {round} is not drawn ({drawn} drawn)",
    "refuse_rounds_drawn": "the {rounds} rounds are drawn: --show N prints one again",
    "refuse_phone_port": "a phone needs no --port: --phone --table N gives its link",
    "refuse_table_where": "table {table} ({where})",
    "refuse_session_playing": (
        "session {session} is still played: {tables}. Draw the next one once every table has "
        "finished it (ardoise evening status says where they are), or now with --force"
    ),
    "refuse_nothing_drawn": "no session is drawn: nothing to take back",
    "refuse_session_begun_one": (
        "session {session} is begun at table {tables}: a draw is taken back only before any "
        "table plays it"
    ),
    "refuse_session_begun": (
        "session {session} is begun at tables {tables}: a draw is taken back only before any "
        "table plays it"
    ),
    "refuse_player_unknown": "{name!r} is not among the players: nothing changed",
    "refuse_player_withdrawn": (
        "{name!r} is not among the players (already withdrawn): nothing changed"
    ),
    "refuse_player_plays": "{name} already plays this evening: nothing changed",
    "refuse_most_players": "{count} players: at most {most}",
    "refuse_pairs_round_robin": (
        "a round robin's schedule is made for its pairs: pairs come and go at Swiss "
        "rounds only (new --format swiss)"
    ),
    "refuse_pair_unknown": "{line!r} is not a pair that plays: nothing changed",
    "refuse_pair_withdrawn": (
        "{line!r} is not a pair that plays (already withdrawn): nothing changed"
    ),
    "refuse_pair_problems": "{problems}: nothing changed",
    "refuse_line": "line {line}: {problem}",
    "refuse_pairs_file": "{path} cannot be the pairs:\n  {problems}",
    "refuse_few_pairs_one": (
        "{path} names 1 pair: a championship needs at least two (one a line, 'Anne & Marc')"
    ),
    "refuse_few_pairs": (
        "{path} names {count} pairs: a championship needs at least two (one a line, 'Anne & Marc')"
    ),
    "refuse_most_pairs": "{path} names {count} pairs: at most {most}",
    "refuse_not_pair": (
        "{line!r} is not a pair: write two names with & between them, as in 'Anne & Marc'"
    ),
    "refuse_pair_twice": "{name!r} is twice in the pair",
    "refuse_pair_again": "{pair} is already the pair on line {line}",
    "refuse_pair_person": (
        "{name} is already in the pair on line {line} ({pair}): a person plays in one pair"
    ),
    "refuse_round_robin": (
        "a round robin is for {most} pairs or fewer (ruling 35); {count} pairs play Swiss "
        "rounds (--format swiss)"
    ),
    "refuse_rounds": (
        "--rounds {rounds}: {count} pairs play 1 to {most} rounds (beyond, pairs would meet twice)"
    ),
    "refuse_pairs_rules": (
        "a championship is played with rules etivaz: the pairs are ranked by coches, "
        "which {rules} has none of"
    ),
    "refuse_target": "--target {target}: a match is played to 1 to 99 coches",
    "refuse_round_minutes": "--round-minutes {minutes:g}: give the minutes a round may last",
    "refuse_table_not_begun": "table {table} ({pairs}): not begun",
    "refuse_table_match": "table {table}: {match}",
    "refuse_round_playing": (
        "round {round} is still played: {tables}.\nThe next round is drawn once every match of "
        "round {round} is won"
    ),
    "refuse_few_for_table": (
        "{count} players: a table needs four (or two, with --two: Bruus's `two` rules)"
    ),
    "refuse_choose_sit_out_one": "--sit-out: 1 player sits out each session, in turn",
    "refuse_choose_sit_out": "--sit-out: {left} players sit out each session, in turn",
    "refuse_choose_two": "--two: two players play a table of two (Bruus's `two` rules)",
    "refuse_choose_two_sit_out": (
        "--two: two players play a table of two (Bruus's `two` rules), {out} sits out, in turn"
    ),
    "refuse_tables_of_four": (
        "{count} players do not make tables of four ({left} left over). Choose:\n  {choices}\n"
        "or add or remove players in the roster (ardoise evening new)"
    ),
    "refuse_organiser_id": "{board!r} is the organiser's user: deploy the board with another --id",
    "refuse_phone_id": (
        "{board} is table {table}'s phone at this evening: deploy the board with another --id"
    ),
    "refuse_other_board": (
        "board {board} is already enrolled, and it was another board (unique id {before}, this "
        "one {unique}): two boards with one id would mix their journals; deploy this one with "
        "another --id"
    ),
    "refuse_table_taken": "table {table} already has board {board}",
    "refuse_no_table_drawn_one": "there is no table {table}: the draw seats table 1 only",
    "refuse_no_table_drawn_more": "there is no table {table}: the draw seats tables 1 to {most}",
    "refuse_no_table_players_one": (
        "there is no table {table}: its {players} players make table 1 only"
    ),
    "refuse_no_table_players_more": (
        "there is no table {table}: its {players} players make tables 1 to {most}"
    ),
    "refuse_tables_full": "every table has its board ({boards}): a board more would seat no one",
    "refuse_no_wifi": (
        "evening {id} has no Wi-Fi network yet: give it with `ardoise evening wifi {folder} "
        "--ssid NETWORK`, then enrol the boards"
    ),
    "refuse_board_id": (
        "this board's id is {board}, not {given}: enrol it as {board}, or change its id with "
        "`ardoise deploy --id {given}`"
    ),
    "refuse_no_board_id": "the board has no id: give it one with --board-id NAME",
    "refuse_enrol_kept": "the board kept something else than was sent: enrol it again",
    "refuse_phone_table": "a phone is for a table: give --table N (1 the first)",
    "refuse_phone_board": (
        "table {table} has board {board}: a phone plays at a table without a board "
        "(a slate that died: ardoise evening replace)"
    ),
    "refuse_phone_user": "{user} is a board's id at this evening, not a phone's",
    "refuse_no_phone": "table {table} has no phone to take back",
    "refuse_no_board_at": (
        "no board is enrolled at table {table}: enrol one (ardoise evening enrol)"
    ),
    "refuse_spare_kept": "the spare kept something else than was sent: replace again",
    "refuse_spare_itself": (
        "this is board {board} itself: plug in the spare board that takes its place"
    ),
    "refuse_spare_enrolled": (
        "this board is {board}, enrolled at table {table}: a spare must be a board of no table"
    ),
    "refuse_spare_holds_one": (
        "this board holds 1 match file of its own (board {board}): pull it first "
        "(ardoise pull-log --port PORT), then replace with --erase"
    ),
    "refuse_spare_holds": (
        "this board holds {count} match files of its own (board {board}): pull them first "
        "(ardoise pull-log --port PORT), then replace with --erase"
    ),
    "refuse_without_id": "without an id",
    "refuse_copy_state": "cannot read the copy's state of {board}: {error}",
    "refuse_broker_unreachable": "cannot reach the broker at {host}:{port}: {error}",
    "refuse_broker_silent": "the broker at {address} did not answer",
    "refuse_broker_refused": (
        "the broker refused the organiser ({reason}): check the user and password"
    ),
    "refuse_url_port": "the broker URL's port is not a number: mqtt://USER@HOST:1883",
    "refuse_url": (
        "a broker URL looks like mqtt://USER@HOST:1883 (the one given is not repeated "
        "here: it may hold a password)"
    ),
    "refuse_url_password": (
        "the broker URL holds a password, which anyone on this computer can read in the "
        "process list while the evening runs: give mqtt://USER@HOST:PORT, and the password in "
        "a file (--broker-password-file FILE), in {variable}, or when asked (the organiser's "
        "user takes its password from secrets.json)"
    ),
    "refuse_password_file": "cannot read the password file {path}: {error}",
    "refuse_no_password": (
        "the password of {user} on the broker: give it in a file (--broker-password-file "
        "FILE) or in {variable}, or run this in a terminal to be asked"
    ),
    "port_page_port": "the live page",
    "port_broker_port": "the boards' MQTT",
    "port_websockets_port": "MQTT over WebSockets",
    "refuse_port_used": (
        "port {port} ({what}) is already in use: another Mosquitto, perhaps Debian's service "
        "(sudo systemctl stop mosquitto), or another `ardoise evening run`; or give another: "
        "ardoise evening run FOLDER --{option} N"
    ),
    "refuse_port": "cannot listen on port {port} ({what}): {error}",
    "refuse_no_mosquitto": (
        "Mosquitto is not installed (sudo apt-get install mosquitto), or give a broker with "
        "--broker mqtt://USER@HOST:1883"
    ),
    "refuse_mosquitto_stopped": "Mosquitto stopped at once:\n  {said}",
    "refuse_mosquitto_silent": "Mosquitto did not listen on port {port} within {seconds} s",
    "refuse_mosquitto_stops": (
        "Mosquitto stopped {times} times within a minute (the last: {why}): the evening stops "
        "here. The folder keeps everything; `ardoise evening run` goes on from it once "
        "Mosquitto can run"
    ),
    "mosquitto_silent": "it stopped answering",
    "mosquitto_killed": "killed by {signal}",
    "mosquitto_exit": "exit code {code}",
    "run_mosquitto_stopped": (
        "Mosquitto stopped ({why}): starting it again ({times} of {most} within a minute); the "
        "page stays up, and the boards connect again"
    ),
    "run_mosquitto_back": "Mosquitto is back on port {port}",
    "ask_ssid": "Wi-Fi network the boards join: ",
    "ask_ssid_later": "Wi-Fi network the boards join (Enter: later): ",
    "ask_wifi_password": "Wi-Fi password of {ssid} (Enter: an open network): ",
    "ask_broker_password": "the password of {user} on the broker: ",
}
