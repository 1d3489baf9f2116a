# SPDX-License-Identifier: MIT
"""The input fuzz of docs/RELIABILITY.md (tools/fuzz_inputs.py) with a fixed seed and
bounded counts: damaged and made-up game records for ``--replay`` (tools/play.py and
tools/hex_play.py), key scripts for the emulator (read, and run headless), and lines a
person types into the terminal games. Every outcome is a clean refusal (one line, exit
status 1 or 2, no traceback) or a correct load (the same state as the engine's own
replay; the steps the lines say); and both kinds occur, so the cases reach past the
first check."""
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from tools import fuzz_inputs  # noqa: E402

SEED = 20240601
# (records for each tool, scripts read, scripts run, typing sessions for each tool, tools)
PARTS = {
    "records for play.py": (500, 0, 0, 0, ("play",)),
    "records for hex_play.py": (150, 0, 0, 0, ("hex_play",)),
    "key scripts": (0, 800, 40, 0, ()),
    "typing": (0, 0, 0, 150, ("play", "hex_play")),
}
LOADED = {"refused", "loaded, over", "loaded, unfinished (said so)"}
TYPED = {"asked again to the end", "took a legal action"}
REACHED = {
    "records for play.py": {"records for play --replay": LOADED},
    "records for hex_play.py": {"records for hex_play --replay": LOADED},
    "key scripts": {"key scripts read": {"refused", "loaded"},
                    "key scripts run": {"refused", "ran to the end"}},
    "typing": {"lines typed into play": TYPED, "lines typed into hex_play": TYPED},
}


@pytest.mark.parametrize("part", sorted(PARTS))
def test_every_input_is_refused_in_one_line_or_loaded_right(part):
    records, scripts, runs, lines, tools = PARTS[part]
    tally = fuzz_inputs.run(SEED, records, scripts, runs, lines, tools)
    report = []
    tally.report(report.append)
    assert not tally.failures, "\n".join(report)
    outcomes = {}
    for (where, _, outcome), n in tally.counts.items():
        outcomes.setdefault(where, set()).add(outcome)
    assert outcomes == REACHED[part], "\n".join(report)
