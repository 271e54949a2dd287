"""Generated from firmware/texts.toml by host_tools/texts.py (make texts): do not edit.
The correction of a past deal (ardoise/correct.py) in language fr."""

TEXT = (
    "Corr. donne %d",  # title
    "Atout",  # trump
    "Nouveaux totaux",  # totals
    "La donne %d ne va plus:",  # later
    "Donne %d refaite",  # done
    "La donne %d ne finirait pas à son dernier coup.",  # ends
    "Corriger une donne: le module de ce jeu manque.",  # missing
    "Donne %d:",  # deal
    "ardoise",  # slate
    "points",  # points
    "allumettes",  # sticks
)
