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
    "cards_title": "Cartes de table : {what}",
    "card_wifi": "Wi-Fi : {ssid}",
    "card_scan": "Le classement en direct",
    "card_phone": "L'ardoise, sur téléphone",
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
        "placement de la séance {number} envoyé aux ardoises : table {tables} ; {online} sur "
        "{count} en ligne (les autres le reçoivent en se connectant)"
    ),
    "run_seating_forgotten": (
        "placement de la séance {number} repris : les ardoises l'oublient ; ensuite, "
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
    # les mots du championnat et de status
    "championship_title": "Championnat de Brouc",
    "new_championship": "soirée {id} : championnat de Brouc, {what}, dans {folder}",
    "round_of": "Tour {round} sur {rounds}",
    "round_taken_back": (
        "tour {round} repris : les ardoises oublient son placement (avec `ardoise evening "
        "run`) ; ensuite, ardoise evening draw {folder}"
    ),
    "round_none": "championnat : aucun tour tiré (ardoise evening draw {folder})",
    "round_status": "championnat : tour {round} sur {rounds} ; {state}",
    "round_all_won": "tous les matchs gagnés : le tour suivant peut être tiré",
    "round_playing": "{tables} jouent encore",
    "round_bye": "  exempte : {pair}",
    "status_championship": "soirée {id} : {boards} ardoises inscrites",
    "status_seen_at": "vue à {time}",
    "status_board_refused": "  ardoise {board} : {what} refusé à {at} ({count}) : {reason}",
    "session_taken_back": (
        "séance {session} reprise : les ardoises oublient son placement (avec `ardoise "
        "evening run`) ; ensuite, ardoise evening draw {folder}"
    ),
    "n_table": "{n} table|{n} tables",
    "n_time": "{n} fois|{n} fois",
    # la page en direct d'un championnat
    "page_no_round": "Aucun tour tiré",
    "page_round_ends": " (fin à {time})",
    "page_round_minutes": " ({minutes} minutes dès son premier match)",
    "page_pairs_ranking": "Le classement des paires",
    "page_pair": "paire",
    "page_won": "gagnés",
    "page_in_play": "en jeu",
    "page_won_state": "gagné",
    "page_won_by_time": "gagné au temps",
    "page_bye": "Exempte : {pair}",
    "page_results": "Résultats",
    "page_round": "tour",
    "page_result": "résultat",
    "page_result_won": "{pair} gagne",
    "page_result_won_time": "{pair} gagne (au temps)",
    "run_round_sent": (
        "placement du tour {number} envoyé aux ardoises : table {tables} ; {online} sur "
        "{count} en ligne (les autres le reçoivent en se connectant)"
    ),
    "run_round_forgotten": (
        "placement du tour {number} repris : les ardoises l'oublient ; ensuite, "
        "ardoise evening draw"
    ),
    # ce que disent les commandes et run au fil de la soirée
    "new_wifi_later": (
        "pas encore de réseau Wi-Fi : `ardoise evening wifi {folder}` le donne, avant les "
        "inscriptions"
    ),
    "new_secrets": "les mots de passe : {secrets} et {passwd} (lisibles par vous seul)",
    "new_in_git": (
        "  {folder} est dans le dépôt git {repository} : son .gitignore les garde hors de "
        "tout commit"
    ),
    "wifi_set": "soirée {id} : les ardoises rejoignent le Wi-Fi {ssid}",
    "wifi_enrol_again": (
        "  les ardoises inscrites ont encore {ssid} : inscrivez-les à nouveau pour leur "
        "donner celui-ci ({boards})"
    ),
    "enrol_moved": (
        "l'ardoise {board} était inscrite à la soirée {before} : elle appartient désormais à "
        "celle-ci"
    ),
    "enrol_done": "ardoise {board} inscrite à la table {table} : serveur {broker}, Wi-Fi {ssid}",
    "enrol_virtual": (
        "une ardoise sur ce PC la joue : ardoise sim --root {flash} (ou, une fois le "
        "micrologiciel déployé, ardoise virtual-board --flash {flash})"
    ),
    "spare_done": (
        "l'ardoise de réserve est l'ardoise {board} à la table {table} : match {match}, ses "
        "{lines} lignes telles que l'organisateur les a ; la table reprend de là"
    ),
    "spare_empty": (
        "l'ardoise de réserve est l'ardoise {board} à la table {table} : aucun match encore"
    ),
    "spare_erased": "effacé de l'ardoise de réserve : {files}",
    "spare_after": (
        "l'ardoise remplacée ne peut plus se connecter à cette soirée ; après la soirée, "
        "rendez son propre identifiant à l'ardoise de réserve (ardoise deploy --id)"
    ),
    "run_start": "soirée {id} : serveur {broker}, {boards} ardoises inscrites",
    "run_page": "le classement en direct : {url} (son code QR : {url}qr.svg)",
    "run_ctrl_c": "Ctrl-C arrête le serveur et la page de la soirée ; le dossier garde tout",
    "run_ctrl_c_broker": (
        "Ctrl-C arrête la page et cet organisateur ; le serveur {broker} continue ; le dossier "
        "garde tout"
    ),
    "run_stopped": "arrêté : le dossier garde chaque ligne confirmée",
    "run_not_enrolled": (
        "l'ardoise {board} n'est pas inscrite à cette soirée : ses messages sont ignorés "
        "(ardoise evening enrol --port PORT)"
    ),
    "run_board_state": "table {table} : ardoise {board} {state}",
    "status_online": "en ligne",
    "status_offline": "hors ligne",
    "run_began": "table {table} : l'ardoise {board} commence le match {match}",
    "run_enrolled": "table {table} : ardoise {board} inscrite",
    "run_rules_refuse": (
        "refusé par les règles : {text} (le fichier garde chaque ligne envoyée par l'ardoise, "
        "celle-ci et les suivantes)"
    ),
    "players_withdrawn": "partis : {names}",
    "players_gone": "{name} part : plus tiré au sort, garde ce qu'il a gagné",
    "pairs_gone": "{pair} part : plus tirée au sort, garde ce qu'elle a gagné",
    "players_back": "{name} revient",
    "players_added": "{name} ajouté",
    "players_now": (
        "{count} joueurs dès la séance {next} ({drawn} tirées) : ensuite, ardoise evening "
        "draw {folder}"
    ),
    "pairs_now": (
        "{count} paires dès le tour {next} ({drawn} tirés) : ensuite, ardoise evening draw {folder}"
    ),
    # le téléphone d'une table (enrol --phone)
    "phone_taken_back": (
        "le téléphone de la table {table} est repris ({user}) : son mot de passe ne vaut "
        "plus ; donnez-en un autre avec ardoise evening enrol {folder} --phone --table {table}"
    ),
    "phone_before_taken": (
        "le téléphone donné avant à la table {table} est repris : il ne peut plus se connecter"
    ),
    "phone_scan": (
        "téléphone de la table {table} ({user}) : scannez le code ci-dessus, ou ouvrez sur "
        "le téléphone"
    ),
    "phone_private": (
        "le lien contient le mot de passe du téléphone : donnez-le à la table {table} seule "
        "(aussi dans {png}, {svg}, et sur la carte de la table)"
    ),
    "phone_make_node": (
        "`run` construit la page des téléphones depuis les paquets npm épinglés : d'abord "
        "`make node`"
    ),
    # ce que dit run quand quelque chose ne va pas
    "disk_full": "disque plein",
    "disk_quota": "quota du disque plein",
    "disk_cannot": "écriture impossible sur le disque",
    "run_disk_lines": (
        "{disk} : lignes de {board} non prises ({error}) ; elles sont redemandées jusqu'à ce "
        "qu'il y ait de la place"
    ),
    "run_disk_back": "de nouveau de la place sur le disque : lignes de {board} prises",
    "run_message_error": (
        "un message sur {topic} non pris : une erreur de l'organisateur ({kind} : {error})"
    ),
    "run_disk_round": "{disk} : le relevé du tour du championnat non écrit ({error})",
    "run_password_changed": (
        "table {table} : le mot de passe de {board} a changé : le serveur ferme sa connexion "
        "et refuse l'ancien"
    ),
    "run_ranking_big": (
        "le classement fait {size} octets, plus que le serveur n'en transmet ({limit}) : les "
        "clients MQTT ne le reçoivent pas, la page oui"
    ),
    "run_disk_boards": (
        "{disk} : state/boards.json non écrit ({error}) ; réécrit dès qu'il y a de la place"
    ),
    "run_refused_unknown": (
        "le serveur a refusé un client : un utilisateur ou un mot de passe inconnu de cette "
        "soirée : une ardoise inscrite à une autre soirée ? Inscrivez-la à nouveau (ardoise "
        "evening enrol --port PORT)"
    ),
    "run_refused_anonymous": (
        "le serveur a refusé un client sans utilisateur (comme {id}) : seuls les ardoises et "
        "l'organisateur de la soirée se connectent, chacun sous son propre identifiant"
    ),
    "run_two_organisers": (
        "un autre organisateur s'est connecté depuis {address} alors que celui-ci l'était "
        "depuis {before} : un second `ardoise evening run` utilise-t-il cette soirée ?"
    ),
    "run_two_boards": (
        "l'ardoise {board} s'est connectée depuis {address} alors qu'elle l'était depuis "
        "{before} (le serveur a fermé l'ancienne connexion) : deux ardoises utilisent-elles "
        "le même identifiant {board}, ou son mot de passe ? Déployez-en une avec un autre "
        "--id et inscrivez-la"
    ),
    "phones_building": "la page des téléphones : construite dans {folder} (une fois)",
    "phones_no_page": (
        "la page des téléphones ne peut être construite, les téléphones ne peuvent jouer : {error}"
    ),
    "results_written": "-> {html}, {png}",
}
