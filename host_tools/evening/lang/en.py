"""The evening's texts in English (host_tools/evening/lang/__init__.py)."""

TEXTS = {
    # the printouts and the page
    "table": "table",
    "table_n": "Table {table}",
    "match": "match",
    "deals": "deals",
    "deal": "deal {deal}",
    "deal_of": "deal {deal}/{deals}",
    "not_begun": "not begun",
    "session_over": "session over",
    "teams_against": "{first} against {second}",
    "against": "against",
    "place": "place",
    "player": "player",
    "points": "points",
    "total": "total",
    "difference": "difference",
    "matches": "matches",
    "session_short": "S{session}",
    "session_of": "Session {session} of {sessions}",
    "session_results": "Session {session} of {sessions}: results",
    "session_standing": "Standing of session {session}",
    "prize_list": "Prize list",
    "sitting_out": "Sitting out: {names}",
    "tie_break": (
        "Places: the {unit} won (ruling 29: each player is credited with what their side won); "
        "equal, the difference between the {unit} won and conceded; still equal, a shared place."
    ),
    "outside_sessions": "Counted, though no session's seating holds them: {logs}",
    "unit_matchsticks": "matchsticks",
    "unit_coches": "coches",
    "unit_parties": "parties",
    "unit_games_won": "games won",
    "cards_title": "Table cards, session {session}",
    "card_wifi": "Wi-Fi: {ssid}",
    "card_scan": "The live ranking",
}
