"""A flood from one board (issue 31, item 6): 150 lines of 1 MiB took `run` from 27
to 334 MB and delayed another board's line 6.3 s. The broker caps a message
(message_size_limit, max_packet_size), the organiser a line (the rules' 1,280
bytes: refused, never stored), and says so without a line per message. The
bounds here are generous, the machine's load aside; `make bench` gives the
figures against the issue's targets (under 100 MB, another board's lines
within 2 s).
"""

from tests.evening.flood import flood

TIER = "network"


def test_a_flood_of_long_lines_stores_nothing_and_stops_no_board(evening):
    figures = flood(evening)
    output = figures["output"]
    assert figures["peak_mb"] < 100, figures  # the audit's: 334 MB
    assert figures["worst"] < 30, figures  # every line of the other board taken
    assert "Traceback" not in output, output
    assert output.count("board b3: a line refused") <= 2 * 3, output
    assert sorted(path.name for path in (evening.logs / "b3").glob("*")) == []


def test_a_line_just_over_the_cap_is_refused_unstored_and_said_once_a_while(evening):
    """Under the broker's cap, over the rules': the organiser refuses it."""
    figures = flood(evening, count=40, size=1281)
    output = figures["output"]
    said = [line for line in output.splitlines() if "board b3: a line refused" in line]
    assert said[0].endswith("its line is 1281 bytes (the rules take at most 1280)"), said
    assert len(said) <= 2 * 3, said  # three every 10 s, not one a message
    assert not (evening.logs / "b3").exists()
