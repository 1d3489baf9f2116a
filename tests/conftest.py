# SPDX-License-Identifier: MIT
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _own_save_store(tmp_path, monkeypatch):
    """Every test (and the emulator processes it starts) saves games in a store file of
    its own, never in the user's data directory."""
    monkeypatch.setenv("POCKET_TACTICS_STORE", str(tmp_path / "store.bin"))


def pytest_terminal_summary(terminalreporter):
    """One line at the end of the run when the CircuitPython tier could not run
    (tests/test_circuitpython.py skips its tests then, and fails them in CI)."""
    from tools import circuitpython

    missing = [why for exe, why in (circuitpython.find_mpy_cross(),
                                    circuitpython.find_interpreter()) if exe is None]
    if missing:
        terminalreporter.write_line(
            "THE CIRCUITPYTHON TIER DID NOT RUN: %s; %s" % ("; ".join(missing),
                                                           circuitpython.HOW))
