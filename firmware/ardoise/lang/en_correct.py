"""Generated from firmware/texts.toml by host_tools/texts.py (make texts): do not edit.
The correction of a past deal (ardoise/correct.py) in language en."""

TEXT = (
    "Correct deal %d",  # title
    "Trump",  # trump
    "New totals",  # totals
    "Deal %d no longer fits:",  # later
    "Deal %d replaced",  # done
    "Deal %d would not end with its last entry.",  # ends
    "Correcting a deal: this game's module is missing.",  # missing
    "Deal %d:",  # deal
    "slate",  # slate
    "points",  # points
    "matches",  # sticks
)
