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
    "cards_title": "Tischkarten, Runde {session}",
    "card_wifi": "WLAN: {ssid}",
    "card_scan": "Die Rangliste live",
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
        "Sitzordnung der Runde {session} an die Tafeln gesendet: Tisch {tables}; {online} von "
        "{count} online (die anderen erhalten sie beim Verbinden)"
    ),
    "run_seating_forgotten": (
        "Sitzordnung der Runde {session} zurückgenommen: die Tafeln vergessen sie; dann "
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
}
