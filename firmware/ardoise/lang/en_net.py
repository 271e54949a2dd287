"""Generated from firmware/texts.toml by host_tools/texts.py (make texts): do not edit.
The slate at an evening (ardoise/net.py) in language en: a line each in the
order of net.py's constants (_PASSWORD...), loaded only at an evening."""

TEXT = (
    "Wi-Fi %s: wrong password. The slate plays without the network.",  # password
    "Wi-Fi %s not found. The slate keeps looking and keeps every line.",  # not_found
    "The evening's server (%s) does not answer. The slate tries again.",  # no_broker
    "The evening's server refuses this slate (enrolment). It plays without the network.",  # refused
    "No Wi-Fi or MQTT client on this board: the slate plays without the network.",  # no_wifi
    "The evening's enrolment (evening.json) is unreadable: no network.",  # bad_file
    "Session %d, table %d",  # seating
    "Round %d, table %d",  # round
    "Time is up: %s wins the match.",  # time_up
    "Time is up, all square: one more deal.",  # one_more
    "Round %d",  # round_short
)
