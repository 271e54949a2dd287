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
    # la page en direct
    "page_title": "Le classement de la soirée",
    "page_tables": "Tables",
    "page_standing": "Classement",
    "page_evening": "Soirée",
    "page_no_session": "Aucune séance tirée",
    "page_no_match": "pas encore de match",
    "page_no_deal": "Aucune donne jouée.",
    "page_deal": "donne",
    "page_dealer": "donneur",
    "page_score_points": "jeu",
    "page_score_slate": "ardoise",
    "page_score_coches": "coches",
    "page_score_parties": "parties",
    "page_score_balance": "solde",
    "page_difference_short": "diff.",
    "page_seen": "ardoise {board}, vue à {time}",
    "page_never": "ardoise {board}, jamais vue",
    "page_updated": "mis à jour à {time}",
    "page_waiting": "en attente de l'ordinateur de l'organisateur…",
    "page_lost": "l'ordinateur de l'organisateur ne répond pas ; nouvel essai…",
    "page_qr": "Code QR de cette page",
    # les messages à l'organisateur
    "run_seating_sent": (
        "placement de la séance {session} envoyé aux ardoises : table {tables} ; {online} sur "
        "{count} en ligne (les autres le reçoivent en se connectant)"
    ),
    "run_seating_forgotten": (
        "placement de la séance {session} repris : les ardoises l'oublient ; ensuite, "
        "ardoise evening draw"
    ),
    "run_no_board": "aucune ardoise inscrite à la table {tables} : ardoise evening enrol "
    "DOSSIER --table N",
    "run_session_done": (
        "les {tables} tables ont fini la séance {session} : ensuite, ardoise evening draw {folder}"
    ),
    "run_session_done_last": (
        "les {tables} tables ont fini la séance {session}, la dernière : les résultats, "
        "ardoise evening results {folder}"
    ),
    # les mots des commandes
    "default_title": "Soirée de tournoi",
    "new_done": (
        "soirée {id} : {players} joueurs, {game} ({rules}), {sessions} séances de {deals} "
        "donnes, dans {folder}"
    ),
    "next_draw": "ensuite : ardoise evening draw {folder}",
    "plan_session": "{title} : séance {session} sur {sessions} (tirage {seed})",
    "plan_table": "  table {table} : {teams}",
    "plan_two": "{first} contre {second} (table à deux)",
    "plan_repeats": (
        "  partenaires qui ont déjà joué ensemble : {count} paires (aucun placement ne l'évite)"
    ),
    "plan_sitting_out": "  ne jouent pas : {names}",
    "seat_n": "place {seat}",
    "partners": "partenaires",
    "seats_rule": ("Les places 1 et 3 jouent ensemble contre les places 2 et 4. Tirage {seed}."),
    "plan_written": "plan à imprimer : {png} (ou {html})",
    "cards_written": "cartes de table à imprimer : {html} (un PNG par table : {png}...)",
    "status_head": (
        "soirée {id} : séance {session} sur {sessions} tirée, {boards} ardoises inscrites"
    ),
    "status_table": (
        "  table {table}, ardoise {board} ({heard}) : {state} ; {matches}, {lines} reçues"
    ),
    "status_seen": "{status}, vue à {time}",
    "status_never": "jamais vue",
    "status_refused": "  refusé : {text}",
    "n_match": "{n} match|{n} matchs",
    "n_line": "{n} ligne|{n} lignes",
    "state_session_points": "points de séance",
    "state_games": "jeux",
    "state_points": "points",
    "state_coches": "coches",
    "state_parties": "parties",
    "state_slate": "ardoise",
    "state_balance": "solde",
}
