"""The correction of a past deal (ardoise/correct.py) in German: a line each
in the order of correct.KEYS. Loaded only while a correction is made."""

TEXT = (
    "Spiel %d ändern",  # title
    "Trumpf",  # trump
    "Neuer Stand",  # totals
    "Spiel %d passt nicht mehr:",  # later
    "Spiel %d ersetzt",  # done
    "Spiel %d endete nicht mit seinem letzten Eintrag.",  # ends
    "Spiel ändern: das Modul dieses Spiels fehlt.",  # missing
    "Spiel %d:",  # deal
    "Tafel",  # slate
    "Punkte",  # points
    "Hölzer",  # sticks
)
