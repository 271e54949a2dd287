"""Generated from firmware/texts.toml by host_tools/texts.py (make texts): do not edit.
The slate at an evening (ardoise/net.py) in language fr: a line each in the
order of net.py's constants (_PASSWORD...), loaded only at an evening."""

TEXT = (
    "Wi-Fi %s : mot de passe refusé. L'ardoise joue sans réseau.",  # password
    "Wi-Fi %s introuvable. L'ardoise le cherche encore et garde tout.",  # not_found
    "Le serveur de la soirée (%s) ne répond pas. L'ardoise réessaie.",  # no_broker
    "Le serveur de la soirée refuse cette ardoise (inscription). Elle joue sans réseau.",  # refused
    "Pas de Wi-Fi ou de client MQTT sur cette carte : l'ardoise joue sans réseau.",  # no_wifi
    "Inscription à la soirée illisible (evening.json) : pas de réseau.",  # bad_file
    "Séance %d, table %d",  # seating
    "Tour %d, table %d",  # round
    "Temps écoulé : %s gagne le match.",  # time_up
    "Temps écoulé, égalité : encore une donne.",  # one_more
    "Tour %d",  # round_short
)
