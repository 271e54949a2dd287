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
}
