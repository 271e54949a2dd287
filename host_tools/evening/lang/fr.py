"""Les textes de la soirée en français (host_tools/evening/lang/__init__.py)."""

TEXTS = {
    # les impressions et la page
    "table": "table",
    "table_n": "Table {table}",
    "match": "match",
    "deals": "donnes",
    "deal": "donne {deal}",
    "deal_of": "donne {deal}/{deals}",
    "not_begun": "pas commencé",
    "session_over": "séance terminée",
    "teams_against": "{first} contre {second}",
    "against": "contre",
    "place": "rang",
    "player": "joueur",
    "points": "points",
    "total": "total",
    "difference": "différence",
    "matches": "matchs",
    "session_short": "S{session}",
    "session_of": "Séance {session} sur {sessions}",
    "session_results": "Séance {session} sur {sessions} : résultats",
    "session_standing": "Classement de la séance {session}",
    "prize_list": "Palmarès",
    "sitting_out": "Ne jouent pas : {names}",
    "tie_break": (
        "Rang : les {unit} gagnés (règle 29 : chaque joueur reçoit ce que son équipe a gagné) ; "
        "à égalité, la différence entre {unit} gagnés et concédés ; encore à égalité, "
        "le rang est partagé."
    ),
    "outside_sessions": "Comptés, hors des tables d'une séance : {logs}",
    "unit_matchsticks": "points",
    "unit_coches": "coches",
    "unit_parties": "parties",
    "unit_games_won": "jeux gagnés",
    "cards_title": "Cartes de table, séance {session}",
    "card_wifi": "Wi-Fi : {ssid}",
    "card_scan": "Le classement en direct",
}
