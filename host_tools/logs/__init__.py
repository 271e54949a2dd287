"""The match logs read on the PC: the spec's replay (replay.py), the logs read
back through the rules core (matchlog.py), the slate report and its drawing
(slate.py, chalk.py), the tournament ranking (tournament.py), and the
README's pictures made from example logs and board files (pictures.py)."""
