"""Generated from firmware/texts.toml by host_tools/texts.py (make texts): do not edit.
The slate at an evening (ardoise/net.py) in language de: a line each in the
order of net.py's constants (_PASSWORD...), loaded only at an evening."""

TEXT = (
    "WLAN %s: Passwort abgelehnt. Die Tafel spielt ohne Netz.",  # password
    "WLAN %s nicht gefunden. Die Tafel sucht weiter und behält alles.",  # not_found
    "Der Server des Abends (%s) antwortet nicht. Die Tafel versucht es weiter.",  # no_broker
    "Der Server des Abends lehnt diese Tafel ab (Anmeldung). Sie spielt ohne Netz.",  # refused
    "Kein WLAN oder MQTT-Client auf diesem Board: die Tafel spielt ohne Netz.",  # no_wifi
    "Anmeldung zum Abend unlesbar (evening.json): kein Netz.",  # bad_file
    "Runde %d, Tisch %d",  # seating
    "Runde %d, Tisch %d",  # round
    "Zeit um: %s gewinnt das Match.",  # time_up
    "Zeit um, Gleichstand: noch ein Spiel.",  # one_more
    "Runde %d",  # round_short
)
