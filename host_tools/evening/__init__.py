"""A tournament evening, live: the organiser's side (`ardoise evening`).

The slates publish every journal line over MQTT; the organiser's laptop runs
the broker (Mosquitto, with a password file and an ACL made for the evening),
keeps each board's journal byte for byte in the evening's folder, as
`pull-log` would, and serves the live ranking to the tables' phones.

- folder.py: the evening's folder, its settings and its secrets, the topics;
- broker.py: Mosquitto's config, password file and ACL, started and stopped;
- draw.py: the seating of each session, and its printable plan;
- results.py: each session's tables and standing, the evening's places;
- printouts.py: the results, the prize list and the table cards to print;
- lang/: the texts a player or the organiser reads, one module a language;
- championship.py: a Le Brouc championship's pairs, rounds, plans, the
  seating of a round and the record of its clock; pairing.py its draw;
- enrol.py: a board given the evening's Wi-Fi, broker and its credentials;
- intake.py: what a board sends, read once: bounded, checked, shown escaped;
- copy.py: each board's journal kept line by line, never guessed;
- live.py: the standing, each table's state, the page and its events;
- run.py: the evening itself (`run`) and `status`;
- command.py: `ardoise evening` and its subcommands.
"""
