"""tests/device/test_buttons.py again on CPython, where the simulator runs the
same buttons code with the fallback tick arithmetic (pytest skips tests/device)."""

import importlib.util
import pathlib

_PATH = pathlib.Path(__file__).resolve().parent / "device" / "test_buttons.py"
_SPEC = importlib.util.spec_from_file_location("device_test_buttons", _PATH)
_MODULE = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(_MODULE)

globals().update(
    (name, getattr(_MODULE, name)) for name in dir(_MODULE) if name.startswith("test_")
)
