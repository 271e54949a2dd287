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
}
