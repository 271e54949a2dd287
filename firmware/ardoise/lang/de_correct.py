"""The correction of a past deal (ardoise/correct.py) in German: a line each
in the order of correct.KEYS. Loaded only while a correction is made."""

TEXT = (
    "Spiel %d ändern",  # title
    "Trumpf",  # trump
    "Neuer Stand",  # totals
    "Spiel %d passt nicht mehr:",  # later
    "Spiel %d korrigiert",  # done
    "Ein Spiel korrigieren: für dieses Spiel noch nicht.",  # none
)
