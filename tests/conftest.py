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
