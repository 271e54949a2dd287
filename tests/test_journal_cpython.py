"""tests/device/test_journal.py again on CPython, where the host tools and the
simulator run the same journal code (pytest skips tests/device)."""

import importlib.util
import pathlib

_PATH = pathlib.Path(__file__).resolve().parent / "device" / "test_journal.py"
_SPEC = importlib.util.spec_from_file_location("device_test_journal", _PATH)
_MODULE = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(_MODULE)

globals().update(
    (name, getattr(_MODULE, name)) for name in dir(_MODULE) if name.startswith("test_")
)
