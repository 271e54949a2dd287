"""Die Texte des Abends auf Deutsch (host_tools/evening/lang/__init__.py)."""

TEXTS = {
    # die Ausdrucke und die Seite
    "table": "Tisch",
    "table_n": "Tisch {table}",
    "match": "Match",
    "deals": "Spiele",
    "deal": "Spiel {deal}",
    "deal_of": "Spiel {deal}/{deals}",
    "not_begun": "nicht begonnen",
    "session_over": "Runde beendet",
    "teams_against": "{first} gegen {second}",
    "against": "gegen",
    "place": "Rang",
    "player": "Spieler",
    "points": "Punkte",
    "total": "Total",
    "difference": "Differenz",
    "matches": "Matches",
    "session_short": "R{session}",
    "session_of": "Runde {session} von {sessions}",
    "session_results": "Runde {session} von {sessions}: Ergebnisse",
    "session_standing": "Rangliste der Runde {session}",
    "prize_list": "Rangliste mit Preisen",
    "sitting_out": "Setzen aus: {names}",
    "tie_break": (
        "Rang: die gewonnenen {unit} (Regel 29: jeder Spieler erhält, was seine Seite gewann); "
        "bei Gleichstand die Differenz der gewonnenen und abgegebenen {unit}; "
        "sonst teilen sie sich den Rang."
    ),
    "outside_sessions": "Gezählt, aber an keinem Tisch einer Runde: {logs}",
    "unit_matchsticks": "Punkte",
    "unit_coches": "Häkchen",
    "unit_parties": "Partien",
    "unit_games_won": "gewonnenen Spiele",
    "cards_title": "Tischkarten: {what}",
    "card_wifi": "WLAN: {ssid}",
    "card_scan": "Die Rangliste live",
    "card_phone": "Die Tafel, auf dem Telefon",
    # die Live-Seite
    "page_title": "Die Rangliste des Abends",
    "page_tables": "Tische",
    "page_standing": "Rangliste",
    "page_evening": "Abend",
    "page_no_session": "Noch keine Runde ausgelost",
    "page_no_match": "noch kein Match",
    "page_no_deal": "Noch kein Spiel gespielt.",
    "page_deal": "Spiel",
    "page_dealer": "Geber",
    "page_score_points": "Partie",
    "page_score_slate": "Tafel",
    "page_score_coches": "Häkchen",
    "page_score_parties": "Partien",
    "page_score_balance": "Saldo",
    "page_difference_short": "Diff.",
    "page_seen": "Tafel {board}, gesehen um {time}",
    "page_never": "Tafel {board}, nie gesehen",
    "page_updated": "aktualisiert um {time}",
    "page_waiting": "warte auf den Laptop der Organisation…",
    "page_lost": "der Laptop der Organisation antwortet nicht; neuer Versuch…",
    "page_qr": "QR-Code dieser Seite",
    # die Meldungen an die Organisation
    "run_seating_sent": (
        "Sitzordnung der Runde {number} an die Tafeln gesendet: Tisch {tables}; {online} von "
        "{count} online (die anderen erhalten sie beim Verbinden)"
    ),
    "run_seating_forgotten": (
        "Sitzordnung der Runde {number} zurückgenommen: die Tafeln vergessen sie; dann "
        "ardoise evening draw"
    ),
    "run_no_board": "keine Tafel an Tisch {tables} angemeldet: ardoise evening enrol "
    "ORDNER --table N",
    "run_session_done": (
        "alle {tables} Tische haben Runde {session} beendet: dann ardoise evening draw {folder}"
    ),
    "run_session_done_last": (
        "alle {tables} Tische haben Runde {session} beendet, die letzte: die Ergebnisse mit "
        "ardoise evening results {folder}"
    ),
    # die Worte der Befehle
    "default_title": "Turnierabend",
    "new_done": (
        "Abend {id}: {players} Spieler, {game} ({rules}), {sessions} Runden zu {deals} "
        "Spielen, in {folder}"
    ),
    "next_draw": "dann: ardoise evening draw {folder}",
    "plan_session": "{title}: Runde {session} von {sessions} (Auslosung {seed})",
    "plan_table": "  Tisch {table}: {teams}",
    "plan_two": "{first} gegen {second} (Tisch zu zweit)",
    "plan_repeats": (
        "  Partner, die schon zusammen spielten: {count} Paare (keine Sitzordnung vermeidet es)"
    ),
    "plan_sitting_out": "  setzen aus: {names}",
    "seat_n": "Platz {seat}",
    "partners": "Partner",
    "seats_rule": "Platz 1 und 3 spielen zusammen gegen Platz 2 und 4. Auslosung {seed}.",
    "plan_written": "Plan zum Drucken: {png} (oder {html})",
    "cards_written": "Tischkarten zum Drucken: {html} (ein PNG je Tisch: {png}...)",
    "status_head": (
        "Abend {id}: Runde {session} von {sessions} ausgelost, {boards} Tafeln angemeldet"
    ),
    "status_table": (
        "  Tisch {table}, Tafel {board} ({heard}): {state}; {matches}, {lines} erhalten"
    ),
    "status_seen": "{status}, gesehen um {time}",
    "status_never": "nie gesehen",
    "status_refused": "  abgelehnt: {text}",
    "n_match": "{n} Match|{n} Matches",
    "n_line": "{n} Zeile|{n} Zeilen",
    "state_session_points": "Rundenpunkte",
    "state_games": "Partien",
    "state_points": "Punkte",
    "state_coches": "Häkchen",
    "state_parties": "Partien",
    "state_slate": "Tafel",
    "state_balance": "Saldo",
    # die Worte der Meisterschaft und von status
    "championship_title": "Brouc-Meisterschaft",
    "new_championship": "Abend {id}: Brouc-Meisterschaft, {what}, in {folder}",
    "round_of": "Durchgang {round} von {rounds}",
    "round_taken_back": (
        "Durchgang {round} zurückgenommen: die Tafeln vergessen die Sitzordnung (mit "
        "`ardoise evening run`); dann ardoise evening draw {folder}"
    ),
    "round_none": "Meisterschaft: noch kein Durchgang ausgelost (ardoise evening draw {folder})",
    "round_status": "Meisterschaft: Durchgang {round} von {rounds}; {state}",
    "round_all_won": "alle Matches entschieden: der nächste Durchgang kann ausgelost werden",
    "round_playing": "{tables} spielen noch",
    "round_bye": "  spielfrei: {pair}",
    "status_championship": "Abend {id}: {boards} Tafeln angemeldet",
    "status_seen_at": "gesehen um {time}",
    "status_board_refused": "  Tafel {board}: {what} abgelehnt um {at} ({count}): {reason}",
    "session_taken_back": (
        "Runde {session} zurückgenommen: die Tafeln vergessen die Sitzordnung (mit "
        "`ardoise evening run`); dann ardoise evening draw {folder}"
    ),
    "n_table": "{n} Tisch|{n} Tische",
    "n_time": "{n} Mal|{n} Mal",
    # die Live-Seite einer Meisterschaft
    "page_no_round": "Noch kein Durchgang ausgelost",
    "page_round_ends": " (endet um {time})",
    "page_round_minutes": " ({minutes} Minuten ab dem ersten Match)",
    "page_pairs_ranking": "Die Rangliste der Paare",
    "page_pair": "Paar",
    "page_won": "gewonnen",
    "page_in_play": "im Spiel",
    "page_won_state": "gewonnen",
    "page_won_by_time": "auf Zeit gewonnen",
    "page_bye": "Spielfrei: {pair}",
    "page_results": "Ergebnisse",
    "page_round": "Durchgang",
    "page_result": "Ergebnis",
    "page_result_won": "{pair} gewinnt",
    "page_result_won_time": "{pair} gewinnt (auf Zeit)",
    "run_round_sent": (
        "Sitzordnung des Durchgangs {number} an die Tafeln gesendet: Tisch {tables}; {online} "
        "von {count} online (die anderen erhalten sie beim Verbinden)"
    ),
    "run_round_forgotten": (
        "Sitzordnung des Durchgangs {number} zurückgenommen: die Tafeln vergessen sie; dann "
        "ardoise evening draw"
    ),
    # was die Befehle und run im Lauf des Abends sagen
    "new_wifi_later": "noch kein WLAN: `ardoise evening wifi {folder}` setzt es, vor dem Anmelden",
    "new_secrets": "die Passwörter: {secrets} und {passwd} (nur für Sie lesbar)",
    "new_in_git": (
        "  {folder} liegt im Git-Repository {repository}: seine .gitignore hält sie aus jedem"
        " Commit"
    ),
    "wifi_set": "Abend {id}: die Tafeln verbinden sich mit dem WLAN {ssid}",
    "wifi_enrol_again": (
        "  die angemeldeten Tafeln haben noch {ssid}: jede neu anmelden, damit sie dieses "
        "erhält ({boards})"
    ),
    "enrol_moved": (
        "Tafel {board} war für den Abend {before} angemeldet: sie gehört jetzt zu diesem"
    ),
    "enrol_done": "Tafel {board} an Tisch {table} angemeldet: Server {broker}, WLAN {ssid}",
    "enrol_virtual": (
        "eine Tafel auf diesem PC spielt sie: ardoise sim --root {flash} (oder, einmal "
        "aufgespielt, ardoise virtual-board --flash {flash})"
    ),
    "spare_done": (
        "die Ersatztafel ist Tafel {board} an Tisch {table}: Match {match}, seine {lines} "
        "Zeilen, wie die Organisation sie hat; der Tisch spielt von dort weiter"
    ),
    "spare_empty": "die Ersatztafel ist Tafel {board} an Tisch {table}: noch kein Match",
    "spare_erased": "von der Ersatztafel gelöscht: {files}",
    "spare_after": (
        "die ersetzte Tafel kann sich nicht mehr mit diesem Abend verbinden; nach dem Abend "
        "der Ersatztafel ihre eigene Kennung zurückgeben (ardoise deploy --id)"
    ),
    "run_start": "Abend {id}: Server {broker}, {boards} Tafeln angemeldet",
    "run_page": "die Rangliste live: {url} (ihr QR-Code: {url}qr.svg)",
    "run_ctrl_c": "Ctrl-C beendet Server und Seite des Abends; der Ordner behält alles",
    "run_ctrl_c_broker": (
        "Ctrl-C beendet die Seite und diese Organisation; der Server {broker} läuft weiter; der "
        "Ordner behält alles"
    ),
    "run_stopped": "beendet: der Ordner hat jede bestätigte Zeile",
    "run_not_enrolled": (
        "Tafel {board} ist nicht für diesen Abend angemeldet: ihre Meldungen werden ignoriert "
        "(ardoise evening enrol --port PORT)"
    ),
    "run_board_state": "Tisch {table}: Tafel {board} {state}",
    "status_online": "online",
    "status_offline": "offline",
    "run_began": "Tisch {table}: Tafel {board} beginnt Match {match}",
    "run_enrolled": "Tisch {table}: Tafel {board} angemeldet",
    "run_rules_refuse": (
        "von den Regeln abgelehnt: {text} (die Datei behält jede Zeile der Tafel, diese und "
        "die folgenden)"
    ),
    "players_withdrawn": "abgemeldet: {names}",
    "players_gone": "{name} geht: nicht mehr ausgelost, behält das Gewonnene",
    "pairs_gone": "{pair} geht: nicht mehr ausgelost, behält das Gewonnene",
    "players_back": "{name} ist zurück",
    "players_added": "{name} dazu",
    "players_now": (
        "{count} Spieler ab Runde {next} ({drawn} ausgelost): dann ardoise evening draw {folder}"
    ),
    "pairs_now": (
        "{count} Paare ab Durchgang {next} ({drawn} ausgelost): dann ardoise evening draw {folder}"
    ),
    # das Telefon eines Tisches (enrol --phone)
    "phone_taken_back": (
        "das Telefon an Tisch {table} ist zurückgenommen ({user}): sein Passwort gilt nicht "
        "mehr; ein anderes mit ardoise evening enrol {folder} --phone --table {table}"
    ),
    "phone_before_taken": (
        "das vorher an Tisch {table} gegebene Telefon ist zurückgenommen: es kann sich nicht "
        "mehr verbinden"
    ),
    "phone_scan": (
        "Telefon von Tisch {table} ({user}): den Code oben scannen, oder auf dem Telefon öffnen"
    ),
    "phone_private": (
        "der Link enthält das Passwort des Telefons: nur Tisch {table} geben (auch in {png}, "
        "{svg} und auf der Tischkarte)"
    ),
    "phone_make_node": (
        "`run` baut die Seite der Telefone aus den festgelegten npm-Paketen: zuerst `make node`"
    ),
    # was run sagt, wenn etwas nicht geht
    "disk_full": "Festplatte voll",
    "disk_quota": "Speicherkontingent voll",
    "disk_cannot": "Schreiben auf die Festplatte unmöglich",
    "run_disk_lines": (
        "{disk}: Zeilen von {board} nicht übernommen ({error}); sie werden erneut verlangt, "
        "bis Platz ist"
    ),
    "run_disk_back": "wieder Platz auf der Festplatte: Zeilen von {board} übernommen",
    "run_message_error": (
        "eine Meldung auf {topic} nicht übernommen: ein Fehler der Organisation ({kind}: {error})"
    ),
    "run_disk_round": "{disk}: das Protokoll des Durchgangs nicht geschrieben ({error})",
    "run_password_changed": (
        "Tisch {table}: das Passwort von {board} wurde geändert: der Server schliesst seine "
        "Verbindung und lehnt das vorherige ab"
    ),
    "run_ranking_big": (
        "die Rangliste hat {size} Bytes, mehr als der Server weitergibt ({limit}): "
        "MQTT-Clients erhalten sie nicht, die Seite schon"
    ),
    "run_disk_boards": (
        "{disk}: state/boards.json nicht geschrieben ({error}); erneut geschrieben, sobald "
        "Platz ist"
    ),
    "run_refused_unknown": (
        "der Server hat einen Client abgelehnt: ein Benutzer oder Passwort, das dieser Abend "
        "nicht kennt: eine Tafel eines anderen Abends? Neu anmelden (ardoise evening enrol "
        "--port PORT)"
    ),
    "run_refused_anonymous": (
        "der Server hat einen Client ohne Benutzer abgelehnt (als {id}): nur die Tafeln und "
        "die Organisation des Abends verbinden sich, jede unter ihrer eigenen Kennung"
    ),
    "run_two_organisers": (
        "eine andere Organisation hat sich von {address} verbunden, während diese von "
        "{before} verbunden war: benutzt ein zweites `ardoise evening run` diesen Abend?"
    ),
    "run_two_boards": (
        "Tafel {board} hat sich von {address} verbunden, während sie von {before} verbunden "
        "war (der Server hat die ältere Verbindung geschlossen): benutzen zwei Tafeln die "
        "gleiche Kennung {board}, oder ihr Passwort? Eine mit einer anderen --id aufspielen "
        "und anmelden"
    ),
    "phones_building": "die Seite der Telefone: wird in {folder} gebaut (einmal)",
    "phones_no_page": (
        "die Seite der Telefone kann nicht gebaut werden, Telefone können nicht spielen: {error}"
    ),
    "results_written": "-> {html}, {png}",
    # die Ablehnungen (EveningError, host_tools/evening/folder.py)
    "refuse_as_said": "{text}",
    "refuse_cannot_read": "{path} kann nicht gelesen werden: {error}",
    "refuse_not_utf8": "{path} Zeile {line}: kein UTF-8-Text (als UTF-8 speichern)",
    "refuse_not_evening": (
        "{folder} ist nicht der Ordner eines Abends (kein {file}): einen anlegen mit "
        "`ardoise evening new {folder} --players NAMEN.txt`"
    ),
    "refuse_folder_taken": "{folder} enthält schon einen Abend: einen anderen Ordner wählen",
    "refuse_pairs_game": (
        "eine Meisterschaft (--pairs) wird im Brouc gespielt: --game {game} gehört zu --players"
    ),
    "refuse_sessions": "--sessions {value}: ein Abend hat 1 bis {most} Runden",
    "refuse_deals": "--deals {value}: eine Runde hat 1 bis {most} Spiele",
    "refuse_few_players_one": (
        "{path} nennt 1 Spieler: ein Tisch braucht vier; Spieler in der Datei ergänzen"
    ),
    "refuse_few_players": (
        "{path} nennt {count} Spieler: ein Tisch braucht vier; Spieler in der Datei ergänzen"
    ),
    "refuse_no_rules": "{game} hat keine Regeln {rules!r} ({known})",
    "refuse_no_ssid": (
        "welchem WLAN treten die Tafeln bei? --ssid NETZ angeben (sein Passwort mit "
        "--wifi-password, oder es wird gefragt)"
    ),
    "refuse_no_ssid_later": (
        "welchem WLAN treten die Tafeln bei? --ssid NETZ angeben (sein Passwort mit "
        "--wifi-password, oder es wird gefragt), oder --wifi-later und `ardoise evening wifi "
        "{folder}` vor dem Anmelden"
    ),
    "refuse_no_wifi_password": "das WLAN-Passwort von {ssid}: mit --wifi-password angeben",
    "refuse_ssid": (
        "{ssid!r} kann nicht der Name eines WLANs sein: 1 bis 32 Bytes druckbarer Text"
    ),
    "refuse_session_not_drawn": "Runde {session} ist nicht ausgelost ({drawn} ausgelost)",
    "refuse_sessions_drawn": (
        "die {sessions} Runden sind ausgelost: --show N druckt eine noch einmal"
    ),
    "refuse_no_session": "Runde {session} ist nicht ausgelost",
    "refuse_pairs_sit_out": (
        "eine Meisterschaft setzt Paare: --sit-out und --two sind für --players"
    ),
    "refuse_round_not_drawn": "Durchgang {round} ist nicht ausgelost ({drawn} ausgelost)",
    "refuse_rounds_drawn": (
        "die {rounds} Durchgänge sind ausgelost: --show N druckt einen noch einmal"
    ),
    "refuse_phone_port": "ein Telefon braucht kein --port: --phone --table N gibt seinen Link",
    "refuse_table_where": "Tisch {table} ({where})",
    "refuse_session_playing": (
        "Runde {session} wird noch gespielt: {tables}. Die nächste auslosen, wenn jeder Tisch "
        "sie beendet hat (ardoise evening status sagt, wo sie stehen), oder jetzt mit --force"
    ),
    "refuse_nothing_drawn": "keine Runde ist ausgelost: nichts zurückzunehmen",
    "refuse_session_begun_one": (
        "Runde {session} ist an Tisch {tables} begonnen: eine Auslosung wird nur "
        "zurückgenommen, bevor ein Tisch sie spielt"
    ),
    "refuse_session_begun": (
        "Runde {session} ist an den Tischen {tables} begonnen: eine Auslosung wird nur "
        "zurückgenommen, bevor ein Tisch sie spielt"
    ),
    "refuse_player_unknown": "{name!r} ist nicht unter den Spielern: nichts geändert",
    "refuse_player_withdrawn": (
        "{name!r} ist nicht unter den Spielern (schon gegangen): nichts geändert"
    ),
    "refuse_player_plays": "{name} spielt schon an diesem Abend: nichts geändert",
    "refuse_most_players": "{count} Spieler: höchstens {most}",
    "refuse_pairs_round_robin": (
        "der Spielplan eines Jeder-gegen-jeden ist für seine Paare gemacht: Paare kommen und "
        "gehen nur bei Schweizer Durchgängen (new --format swiss)"
    ),
    "refuse_pair_unknown": "{line!r} ist kein Paar, das spielt: nichts geändert",
    "refuse_pair_withdrawn": (
        "{line!r} ist kein Paar, das spielt (schon gegangen): nichts geändert"
    ),
    "refuse_pair_problems": "{problems}: nichts geändert",
    "refuse_line": "Zeile {line}: {problem}",
    "refuse_pairs_file": "{path} kann nicht die Paare sein:\n  {problems}",
    "refuse_few_pairs_one": (
        "{path} nennt 1 Paar: eine Meisterschaft braucht mindestens zwei (eines pro Zeile, "
        "'Anne & Marc')"
    ),
    "refuse_few_pairs": (
        "{path} nennt {count} Paare: eine Meisterschaft braucht mindestens zwei (eines pro "
        "Zeile, 'Anne & Marc')"
    ),
    "refuse_most_pairs": "{path} nennt {count} Paare: höchstens {most}",
    "refuse_not_pair": (
        "{line!r} ist kein Paar: zwei Namen mit & dazwischen schreiben, wie 'Anne & Marc'"
    ),
    "refuse_pair_twice": "{name!r} ist zweimal im Paar",
    "refuse_pair_again": "{pair} ist schon das Paar in Zeile {line}",
    "refuse_pair_person": (
        "{name} ist schon im Paar in Zeile {line} ({pair}): man spielt in einem Paar"
    ),
    "refuse_round_robin": (
        "jeder gegen jeden ist für höchstens {most} Paare (Regel 35); {count} Paare spielen "
        "Schweizer Durchgänge (--format swiss)"
    ),
    "refuse_rounds": (
        "--rounds {rounds}: {count} Paare spielen 1 bis {most} Durchgänge (darüber träfen sich "
        "Paare zweimal)"
    ),
    "refuse_pairs_rules": (
        "eine Meisterschaft wird mit den Regeln etivaz gespielt: die Paare werden nach "
        "Häkchen gereiht, die {rules} nicht hat"
    ),
    "refuse_target": "--target {target}: ein Match geht auf 1 bis 99 Häkchen",
    "refuse_round_minutes": (
        "--round-minutes {minutes:g}: die Minuten angeben, die ein Durchgang dauern darf"
    ),
    "refuse_table_not_begun": "Tisch {table} ({pairs}): nicht begonnen",
    "refuse_table_match": "Tisch {table}: {match}",
    "refuse_round_playing": (
        "Durchgang {round} wird noch gespielt: {tables}.\nDer nächste Durchgang wird "
        "ausgelost, wenn jedes Match von Durchgang {round} entschieden ist"
    ),
    "refuse_few_for_table": (
        "{count} Spieler: ein Tisch braucht vier (oder zwei, mit --two: die `two`-Regeln des Bruus)"
    ),
    "refuse_choose_sit_out_one": "--sit-out: 1 Spieler setzt jede Runde aus, reihum",
    "refuse_choose_sit_out": "--sit-out: {left} Spieler setzen jede Runde aus, reihum",
    "refuse_choose_two": (
        "--two: zwei Spieler spielen an einem Tisch zu zweit (die `two`-Regeln des Bruus)"
    ),
    "refuse_choose_two_sit_out": (
        "--two: zwei Spieler spielen an einem Tisch zu zweit (die `two`-Regeln des Bruus), "
        "{out} setzt aus, reihum"
    ),
    "refuse_tables_of_four": (
        "{count} Spieler ergeben keine Vierertische ({left} übrig). Wählen:\n  {choices}\n"
        "oder Spieler in der Liste ergänzen oder streichen (ardoise evening new)"
    ),
    "refuse_organiser_id": (
        "{board!r} ist der Benutzer der Organisation: die Tafel mit einer anderen --id aufspielen"
    ),
    "refuse_phone_id": (
        "{board} ist an diesem Abend das Telefon von Tisch {table}: die Tafel mit einer anderen "
        "--id aufspielen"
    ),
    "refuse_other_board": (
        "Tafel {board} ist schon angemeldet, und es war eine andere Platine (eindeutige Kennung "
        "{before}, diese {unique}): zwei Platinen mit einer Kennung mischten ihre Journale; "
        "diese mit einer anderen --id aufspielen"
    ),
    "refuse_table_taken": "Tisch {table} hat schon Tafel {board}",
    "refuse_no_table_drawn_one": "es gibt keinen Tisch {table}: die Auslosung setzt nur Tisch 1",
    "refuse_no_table_drawn_more": (
        "es gibt keinen Tisch {table}: die Auslosung setzt die Tische 1 bis {most}"
    ),
    "refuse_no_table_players_one": (
        "es gibt keinen Tisch {table}: seine {players} Spieler ergeben nur Tisch 1"
    ),
    "refuse_no_table_players_more": (
        "es gibt keinen Tisch {table}: seine {players} Spieler ergeben die Tische 1 bis {most}"
    ),
    "refuse_tables_full": (
        "jeder Tisch hat seine Tafel ({boards}): eine Tafel mehr hätte niemanden"
    ),
    "refuse_no_wifi": (
        "Abend {id} hat noch kein WLAN: es mit `ardoise evening wifi {folder} --ssid NETZ` "
        "angeben, dann die Tafeln anmelden"
    ),
    "refuse_board_id": (
        "die Kennung dieser Tafel ist {board}, nicht {given}: sie als {board} anmelden, oder "
        "ihre Kennung mit `ardoise deploy --id {given}` ändern"
    ),
    "refuse_no_board_id": "die Tafel hat keine Kennung: ihr eine mit --board-id NAME geben",
    "refuse_enrol_kept": (
        "die Tafel hat etwas anderes behalten, als gesendet wurde: sie noch einmal anmelden"
    ),
    "refuse_phone_table": "ein Telefon ist für einen Tisch: --table N angeben (1 der erste)",
    "refuse_phone_board": (
        "Tisch {table} hat Tafel {board}: ein Telefon spielt an einem Tisch ohne Tafel "
        "(eine ausgefallene Tafel: ardoise evening replace)"
    ),
    "refuse_phone_user": "{user} ist an diesem Abend die Kennung einer Tafel, nicht eines Telefons",
    "refuse_no_phone": "Tisch {table} hat kein Telefon zum Zurücknehmen",
    "refuse_no_board_at": (
        "an Tisch {table} ist keine Tafel angemeldet: eine anmelden (ardoise evening enrol)"
    ),
    "refuse_spare_kept": (
        "die Ersatztafel hat etwas anderes behalten, als gesendet wurde: noch einmal ersetzen"
    ),
    "refuse_spare_itself": (
        "das ist Tafel {board} selbst: die Ersatztafel anschließen, die ihren Platz nimmt"
    ),
    "refuse_spare_enrolled": (
        "diese Tafel ist {board}, angemeldet an Tisch {table}: eine Ersatztafel gehört zu "
        "keinem Tisch"
    ),
    "refuse_spare_holds_one": (
        "diese Tafel hat 1 eigene Matchdatei (Tafel {board}): sie zuerst holen "
        "(ardoise pull-log --port PORT), dann mit --erase ersetzen"
    ),
    "refuse_spare_holds": (
        "diese Tafel hat {count} eigene Matchdateien (Tafel {board}): sie zuerst holen "
        "(ardoise pull-log --port PORT), dann mit --erase ersetzen"
    ),
    "refuse_without_id": "ohne Kennung",
    "refuse_copy_state": "der Stand der Kopie von {board} kann nicht gelesen werden: {error}",
    "refuse_broker_unreachable": "der Server {host}:{port} ist nicht erreichbar: {error}",
    "refuse_broker_silent": "der Server {address} hat nicht geantwortet",
    "refuse_broker_refused": (
        "der Server hat die Organisation abgewiesen ({reason}): Benutzer und Passwort prüfen"
    ),
    "refuse_url_port": "der Port der Server-URL ist keine Zahl: mqtt://USER@HOST:1883",
    "refuse_url": (
        "eine Server-URL sieht aus wie mqtt://USER@HOST:1883 (die angegebene wird hier nicht "
        "wiederholt: sie kann ein Passwort enthalten)"
    ),
    "refuse_url_password": (
        "die Server-URL enthält ein Passwort, das jeder auf diesem Computer in der "
        "Prozessliste lesen kann, solange der Abend läuft: mqtt://USER@HOST:PORT angeben, und "
        "das Passwort in einer Datei (--broker-password-file DATEI), in {variable}, oder wenn "
        "gefragt (der Benutzer der Organisation nimmt seines aus secrets.json)"
    ),
    "refuse_password_file": "die Passwortdatei {path} kann nicht gelesen werden: {error}",
    "refuse_no_password": (
        "das Passwort von {user} auf dem Server: es in einer Datei (--broker-password-file "
        "DATEI) oder in {variable} angeben, oder dies in einem Terminal starten, um gefragt "
        "zu werden"
    ),
    "port_page_port": "die Live-Seite",
    "port_broker_port": "das MQTT der Tafeln",
    "port_websockets_port": "MQTT über WebSockets",
    "refuse_port_used": (
        "Port {port} ({what}) ist schon belegt: ein anderes Mosquitto, vielleicht Debians "
        "Dienst (sudo systemctl stop mosquitto), oder ein anderes `ardoise evening run`; oder "
        "einen anderen angeben: ardoise evening run ORDNER --{option} N"
    ),
    "refuse_port": "auf Port {port} ({what}) kann nicht gehört werden: {error}",
    "refuse_no_mosquitto": (
        "Mosquitto ist nicht installiert (sudo apt-get install mosquitto), oder einen Server "
        "mit --broker mqtt://USER@HOST:1883 angeben"
    ),
    "refuse_mosquitto_stopped": "Mosquitto hat sofort aufgehört:\n  {said}",
    "refuse_mosquitto_silent": "Mosquitto hat in {seconds} s nicht auf Port {port} gehört",
    "refuse_mosquitto_stops": (
        "Mosquitto hat {times} Mal in einer Minute aufgehört (zuletzt: {why}): der Abend endet "
        "hier. Der Ordner behält alles; `ardoise evening run` macht von dort weiter, sobald "
        "Mosquitto laufen kann"
    ),
    "mosquitto_silent": "er antwortete nicht mehr",
    "mosquitto_killed": "beendet durch {signal}",
    "mosquitto_exit": "Exit-Code {code}",
    "run_mosquitto_stopped": (
        "Mosquitto hat aufgehört ({why}): er startet neu ({times} von {most} in einer Minute); "
        "die Seite bleibt online, und die Tafeln verbinden sich wieder"
    ),
    "run_mosquitto_back": "Mosquitto ist wieder da, auf Port {port}",
    "ask_ssid": "WLAN, dem die Tafeln beitreten: ",
    "ask_ssid_later": "WLAN, dem die Tafeln beitreten (Enter: später): ",
    "ask_wifi_password": "WLAN-Passwort von {ssid} (Enter: offenes Netz): ",
    "ask_broker_password": "das Passwort von {user} auf dem Server: ",
}
