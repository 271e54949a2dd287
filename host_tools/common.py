"""What every host tool shares: refusing to write over its own input, and ending on a signal."""

import os
import pathlib
import signal


class OutputError(Exception):
    """An output that would replace what the command reads; nothing was written."""


def check_outputs(outputs, inputs=()):
    """Refuse, before anything is written, an output that would destroy an input.

    `outputs` and `inputs` are paths (None is skipped); a folder stands for
    everything in it. Refused, whatever path names the file (a symbolic
    link, "..", a hard link): an output that is an input, holds one or lies
    in an input folder; two outputs that are one file; and any output named
    *.jsonl, since a report never replaces a match log. Raises OutputError.
    """
    written = []
    for output in (pathlib.Path(path) for path in outputs if path is not None):
        if output.suffix.lower() == ".jsonl":
            raise OutputError(
                "will not write %s: a .jsonl file is a match log; name the output otherwise"
                % output
            )
        for other in written:
            if _overlap(output, other):
                raise OutputError(
                    "will not write %s and %s: they are one file; give each output its own"
                    % (other, output)
                )
        for source in (pathlib.Path(path) for path in inputs if path is not None):
            if _overlap(output, source):
                raise OutputError(
                    "will not write %s: it would replace %s, which this command reads"
                    % (output, source)
                )
        written.append(output)


def _overlap(a, b):
    """Whether writing `a` can touch `b` (or the reverse): one file, or one inside the other."""
    try:
        if os.path.samefile(a, b):
            return True
    except OSError:
        pass  # one of them does not exist (yet): compare where the names lead
    a, b = pathlib.Path(os.path.realpath(a)), pathlib.Path(os.path.realpath(b))
    return a == b or a in b.parents or b in a.parents


def end_on_signals():
    """Ctrl-C and SIGTERM end the program as KeyboardInterrupt, so its `finally`
    blocks stop the programs it started.

    Installed explicitly: a program started with SIGINT ignored (a job run
    with `&` by a non-interactive shell, some CI runners) inherits that, and
    Python then raises no KeyboardInterrupt; SIGTERM would end it at once,
    leaving its MicroPython child running.
    """
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, signal.default_int_handler)
