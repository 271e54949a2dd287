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
    # les refus (EveningError, host_tools/evening/folder.py)
    "refuse_as_said": "{text}",
    "refuse_cannot_read": "impossible de lire {path} : {error}",
    "refuse_not_utf8": "{path} ligne {line} : pas du texte UTF-8 (enregistrez-le en UTF-8)",
    "refuse_not_evening": (
        "{folder} n'est pas le dossier d'une soirée (pas de {file}) : créez-en un avec "
        "`ardoise evening new {folder} --players NOMS.txt`"
    ),
    "refuse_folder_taken": "{folder} contient déjà une soirée : choisissez un autre dossier",
    "refuse_pairs_game": (
        "un championnat (--pairs) se joue au Brouc : --game {game} va avec --players"
    ),
    "refuse_sessions": "--sessions {value} : une soirée joue de 1 à {most} manches",
    "refuse_deals": "--deals {value} : une manche a de 1 à {most} donnes",
    "refuse_few_players_one": (
        "{path} nomme 1 joueur : une table en demande quatre ; ajoutez des joueurs au fichier"
    ),
    "refuse_few_players": (
        "{path} nomme {count} joueurs : une table en demande quatre ; ajoutez des joueurs au "
        "fichier"
    ),
    "refuse_no_rules": "{game} n'a pas de règles {rules!r} ({known})",
    "refuse_no_ssid": (
        "quel réseau Wi-Fi les ardoises rejoignent-elles ? Donnez --ssid RÉSEAU (son mot de "
        "passe avec --wifi-password, ou demandé)"
    ),
    "refuse_no_ssid_later": (
        "quel réseau Wi-Fi les ardoises rejoignent-elles ? Donnez --ssid RÉSEAU (son mot de "
        "passe avec --wifi-password, ou demandé), ou --wifi-later et `ardoise evening wifi "
        "{folder}` avant d'inscrire les ardoises"
    ),
    "refuse_no_wifi_password": ("le mot de passe Wi-Fi de {ssid} : donnez-le avec --wifi-password"),
    "refuse_ssid": (
        "{ssid!r} ne peut pas être le nom d'un réseau Wi-Fi : 1 à 32 octets de texte imprimable"
    ),
    "refuse_session_not_drawn": "la manche {session} n'est pas tirée ({drawn} tirée(s))",
    "refuse_sessions_drawn": (
        "les {sessions} manches sont tirées : --show N en imprime une à nouveau"
    ),
    "refuse_no_session": "la manche {session} n'est pas tirée",
    "refuse_pairs_sit_out": (
        "un championnat place des paires : --sit-out et --two sont pour --players"
    ),
    "refuse_round_not_drawn": "la ronde {round} n'est pas tirée ({drawn} tirée(s))",
    "refuse_rounds_drawn": "les {rounds} rondes sont tirées : --show N en imprime une à nouveau",
    "refuse_phone_port": (
        "un téléphone n'a pas besoin de --port : --phone --table N donne son lien"
    ),
    "refuse_table_where": "table {table} ({where})",
    "refuse_session_playing": (
        "la manche {session} se joue encore : {tables}. Tirez la suivante quand chaque table "
        "l'a finie (ardoise evening status dit où elles en sont), ou maintenant avec --force"
    ),
    "refuse_nothing_drawn": "aucune manche n'est tirée : rien à reprendre",
    "refuse_session_begun_one": (
        "la manche {session} est commencée à la table {tables} : un tirage ne se reprend "
        "qu'avant qu'une table le joue"
    ),
    "refuse_session_begun": (
        "la manche {session} est commencée aux tables {tables} : un tirage ne se reprend "
        "qu'avant qu'une table le joue"
    ),
    "refuse_player_unknown": "{name!r} n'est pas parmi les joueurs : rien n'a changé",
    "refuse_player_withdrawn": (
        "{name!r} n'est pas parmi les joueurs (déjà parti) : rien n'a changé"
    ),
    "refuse_player_plays": "{name} joue déjà ce soir : rien n'a changé",
    "refuse_most_players": "{count} joueurs : au plus {most}",
    "refuse_pairs_round_robin": (
        "le calendrier d'un toutes-rondes est fait pour ses paires : les paires n'arrivent et "
        "ne partent qu'en rondes suisses (new --format swiss)"
    ),
    "refuse_pair_unknown": "{line!r} n'est pas une paire qui joue : rien n'a changé",
    "refuse_pair_withdrawn": (
        "{line!r} n'est pas une paire qui joue (déjà partie) : rien n'a changé"
    ),
    "refuse_pair_problems": "{problems} : rien n'a changé",
    "refuse_line": "ligne {line} : {problem}",
    "refuse_pairs_file": "{path} ne peut pas être les paires :\n  {problems}",
    "refuse_few_pairs_one": (
        "{path} nomme 1 paire : un championnat en demande au moins deux (une par ligne, "
        "'Anne & Marc')"
    ),
    "refuse_few_pairs": (
        "{path} nomme {count} paires : un championnat en demande au moins deux (une par "
        "ligne, 'Anne & Marc')"
    ),
    "refuse_most_pairs": "{path} nomme {count} paires : au plus {most}",
    "refuse_not_pair": (
        "{line!r} n'est pas une paire : écrivez deux noms séparés par &, comme 'Anne & Marc'"
    ),
    "refuse_pair_twice": "{name!r} est deux fois dans la paire",
    "refuse_pair_again": "{pair} est déjà la paire de la ligne {line}",
    "refuse_pair_person": (
        "{name} est déjà dans la paire de la ligne {line} ({pair}) : on joue dans une seule paire"
    ),
    "refuse_round_robin": (
        "un toutes-rondes est pour {most} paires au plus (décision 35) ; {count} paires jouent "
        "des rondes suisses (--format swiss)"
    ),
    "refuse_rounds": (
        "--rounds {rounds} : {count} paires jouent de 1 à {most} rondes (au-delà, des paires "
        "se rencontreraient deux fois)"
    ),
    "refuse_pairs_rules": (
        "un championnat se joue avec les règles etivaz : les paires sont classées aux coches, "
        "que {rules} n'a pas"
    ),
    "refuse_target": "--target {target} : un match se joue en 1 à 99 coches",
    "refuse_round_minutes": (
        "--round-minutes {minutes:g} : donnez les minutes que peut durer une ronde"
    ),
    "refuse_table_not_begun": "table {table} ({pairs}) : pas commencé",
    "refuse_table_match": "table {table} : {match}",
    "refuse_round_playing": (
        "la ronde {round} se joue encore : {tables}.\nLa ronde suivante se tire quand chaque "
        "match de la ronde {round} est gagné"
    ),
    "refuse_few_for_table": (
        "{count} joueurs : une table en demande quatre (ou deux, avec --two : les règles "
        "`two` du Bruus)"
    ),
    "refuse_choose_sit_out_one": "--sit-out : 1 joueur se repose à chaque manche, à tour de rôle",
    "refuse_choose_sit_out": (
        "--sit-out : {left} joueurs se reposent à chaque manche, à tour de rôle"
    ),
    "refuse_choose_two": "--two : deux joueurs jouent à une table de deux (règles `two` du Bruus)",
    "refuse_choose_two_sit_out": (
        "--two : deux joueurs jouent à une table de deux (règles `two` du Bruus), {out} se "
        "repose, à tour de rôle"
    ),
    "refuse_tables_of_four": (
        "{count} joueurs ne font pas des tables de quatre ({left} en trop). Choisissez :\n"
        "  {choices}\nou ajoutez ou retirez des joueurs de la liste (ardoise evening new)"
    ),
    "refuse_organiser_id": (
        "{board!r} est l'utilisateur de l'organisateur : déployez l'ardoise avec un autre --id"
    ),
    "refuse_phone_id": (
        "{board} est le téléphone de la table {table} ce soir : déployez l'ardoise avec un "
        "autre --id"
    ),
    "refuse_other_board": (
        "l'ardoise {board} est déjà inscrite, et c'était une autre carte (id unique {before}, "
        "celle-ci {unique}) : deux cartes avec un même id mêleraient leurs journaux ; "
        "déployez celle-ci avec un autre --id"
    ),
    "refuse_table_taken": "la table {table} a déjà l'ardoise {board}",
    "refuse_no_table_drawn_one": "il n'y a pas de table {table} : le tirage place la table 1 seule",
    "refuse_no_table_drawn_more": (
        "il n'y a pas de table {table} : le tirage place les tables 1 à {most}"
    ),
    "refuse_no_table_players_one": (
        "il n'y a pas de table {table} : ses {players} joueurs font la table 1 seule"
    ),
    "refuse_no_table_players_more": (
        "il n'y a pas de table {table} : ses {players} joueurs font les tables 1 à {most}"
    ),
    "refuse_tables_full": (
        "chaque table a son ardoise ({boards}) : une ardoise de plus n'aurait personne"
    ),
    "refuse_no_wifi": (
        "la soirée {id} n'a pas encore de réseau Wi-Fi : donnez-le avec `ardoise evening wifi "
        "{folder} --ssid RÉSEAU`, puis inscrivez les ardoises"
    ),
    "refuse_board_id": (
        "l'id de cette ardoise est {board}, pas {given} : inscrivez-la comme {board}, ou "
        "changez son id avec `ardoise deploy --id {given}`"
    ),
    "refuse_no_board_id": "l'ardoise n'a pas d'id : donnez-lui en un avec --board-id NOM",
    "refuse_enrol_kept": (
        "l'ardoise a gardé autre chose que ce qui a été envoyé : inscrivez-la à nouveau"
    ),
    "refuse_phone_table": "un téléphone est pour une table : donnez --table N (1 la première)",
    "refuse_phone_board": (
        "la table {table} a l'ardoise {board} : un téléphone joue à une table sans ardoise "
        "(une ardoise morte : ardoise evening replace)"
    ),
    "refuse_phone_user": "{user} est l'id d'une ardoise ce soir, pas d'un téléphone",
    "refuse_no_phone": "la table {table} n'a pas de téléphone à reprendre",
    "refuse_no_board_at": (
        "aucune ardoise n'est inscrite à la table {table} : inscrivez-en une "
        "(ardoise evening enrol)"
    ),
    "refuse_spare_kept": (
        "l'ardoise de rechange a gardé autre chose que ce qui a été envoyé : remplacez à nouveau"
    ),
    "refuse_spare_itself": (
        "c'est l'ardoise {board} elle-même : branchez l'ardoise de rechange qui prend sa place"
    ),
    "refuse_spare_enrolled": (
        "cette ardoise est {board}, inscrite à la table {table} : une ardoise de rechange "
        "n'est d'aucune table"
    ),
    "refuse_spare_holds_one": (
        "cette ardoise garde 1 fichier de match à elle (ardoise {board}) : récupérez-le "
        "d'abord (ardoise pull-log --port PORT), puis remplacez avec --erase"
    ),
    "refuse_spare_holds": (
        "cette ardoise garde {count} fichiers de match à elle (ardoise {board}) : "
        "récupérez-les d'abord (ardoise pull-log --port PORT), puis remplacez avec --erase"
    ),
    "refuse_without_id": "sans id",
    "refuse_copy_state": "impossible de lire l'état de la copie de {board} : {error}",
    "refuse_broker_unreachable": "impossible de joindre le serveur à {host}:{port} : {error}",
    "refuse_broker_silent": "le serveur à {address} n'a pas répondu",
    "refuse_broker_refused": (
        "le serveur a refusé l'organisateur ({reason}) : vérifiez l'utilisateur et le mot de passe"
    ),
    "refuse_url_port": "le port de l'URL du serveur n'est pas un nombre : mqtt://USER@HOST:1883",
    "refuse_url": (
        "une URL de serveur a la forme mqtt://USER@HOST:1883 (celle donnée n'est pas répétée "
        "ici : elle peut contenir un mot de passe)"
    ),
    "refuse_url_password": (
        "l'URL du serveur contient un mot de passe, que chacun sur cet ordinateur peut lire "
        "dans la liste des processus pendant la soirée : donnez mqtt://USER@HOST:PORT, et le "
        "mot de passe dans un fichier (--broker-password-file FICHIER), dans {variable}, ou "
        "quand il est demandé (l'utilisateur de l'organisateur prend le sien dans secrets.json)"
    ),
    "refuse_password_file": "impossible de lire le fichier de mot de passe {path} : {error}",
    "refuse_no_password": (
        "le mot de passe de {user} sur le serveur : donnez-le dans un fichier "
        "(--broker-password-file FICHIER) ou dans {variable}, ou lancez ceci dans un terminal "
        "pour qu'il soit demandé"
    ),
    "port_page_port": "la page en direct",
    "port_broker_port": "le MQTT des ardoises",
    "port_websockets_port": "MQTT par WebSockets",
    "refuse_port_used": (
        "le port {port} ({what}) est déjà pris : un autre Mosquitto, peut-être le service de "
        "Debian (sudo systemctl stop mosquitto), ou un autre `ardoise evening run` ; ou "
        "donnez-en un autre : ardoise evening run DOSSIER --{option} N"
    ),
    "refuse_port": "impossible d'écouter sur le port {port} ({what}) : {error}",
    "refuse_no_mosquitto": (
        "Mosquitto n'est pas installé (sudo apt-get install mosquitto), ou donnez un serveur "
        "avec --broker mqtt://USER@HOST:1883"
    ),
    "refuse_mosquitto_stopped": "Mosquitto s'est arrêté aussitôt :\n  {said}",
    "refuse_mosquitto_silent": "Mosquitto n'a pas écouté sur le port {port} en {seconds} s",
    "refuse_mosquitto_stops": (
        "Mosquitto s'est arrêté {times} fois en une minute (la dernière : {why}) : la soirée "
        "s'arrête ici. Le dossier garde tout ; `ardoise evening run` reprend depuis lui "
        "quand Mosquitto peut tourner"
    ),
    "mosquitto_silent": "il ne répondait plus",
    "mosquitto_killed": "tué par {signal}",
    "mosquitto_exit": "code de sortie {code}",
    "run_mosquitto_stopped": (
        "Mosquitto s'est arrêté ({why}) : il redémarre ({times} sur {most} en une minute) ; la "
        "page reste en ligne, et les ardoises se reconnectent"
    ),
    "run_mosquitto_back": "Mosquitto est de retour sur le port {port}",
    "ask_ssid": "réseau Wi-Fi que les ardoises rejoignent : ",
    "ask_ssid_later": "réseau Wi-Fi que les ardoises rejoignent (Entrée : plus tard) : ",
    "ask_wifi_password": "mot de passe Wi-Fi de {ssid} (Entrée : réseau ouvert) : ",
    "ask_broker_password": "le mot de passe de {user} sur le serveur : ",
}
