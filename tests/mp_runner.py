"""Run plain test modules under the MicroPython unix port.

    micropython tests/mp_runner.py tests/core/test_brouc_etivaz.py [...]

A test module holds `test_*` functions that use nothing but `assert` and the
helpers beside them, so pytest runs the very same functions on CPython
(tests/test_micropython.py calls this runner). Prints one line per failure
and a closing count; exits 1 if anything failed.
"""

import sys


def folder_of(path):
    cut = path.rfind("/")
    return path[:cut] if cut > 0 else "."


def run_module(path):
    """(passed, failed) for one test module."""
    folder = folder_of(path)
    sys.path.insert(0, folder)
    name = path[len(folder) + 1 : -3]
    passed = failed = 0
    try:
        module = __import__(name)
    except Exception as error:
        print("ERROR importing %s:" % path)
        sys.print_exception(error)
        return 0, 1
    finally:
        sys.path.pop(0)
    for attribute in sorted(dir(module)):
        test = getattr(module, attribute)
        if not attribute.startswith("test_") or not callable(test):
            continue
        try:
            test()
            passed += 1
        except Exception as error:
            failed += 1
            print("FAIL %s::%s" % (path, attribute))
            sys.print_exception(error)
    return passed, failed


def main(paths):
    root = folder_of(folder_of(sys.argv[0]))
    sys.path.insert(0, root + "/firmware")
    passed = failed = 0
    for path in paths:
        ok, bad = run_module(path)
        passed += ok
        failed += bad
    print("micropython: %d passed, %d failed" % (passed, failed))
    return 1 if failed or not passed else 0


sys.exit(main(sys.argv[1:]))
