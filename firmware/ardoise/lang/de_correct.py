"""Generated from firmware/texts.toml by host_tools/texts.py (make texts): do not edit.
The correction of a past deal (ardoise/correct.py) in language de."""

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
