"""The slate in a browser: the unchanged firmware on MicroPython's WebAssembly port.

build.py builds and serves the page (`make web`), page/ holds its sources,
webboard.py is the board glue that runs inside the port, keyscript.py plays
the tests' key scripts on it, node.py drives it in node (`make bench`).
"""
