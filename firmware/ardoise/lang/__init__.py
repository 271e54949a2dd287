"""What the screens say, in French (the default), German and English.

One module per language, loaded alone: TEXT holds the screens' words as one
"key=text" line each (one string costs a board far less RAM than a dict of
them); a list is "a|b|c". fr_reasons.py and de_reasons.py hold the rules
core's refusals by `Refused.key` in the same form, loaded only to show
one (English: the core's own scoring/reasons.py). A "…" after a key's
name on screen means holding it.
"""
