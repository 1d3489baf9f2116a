# SPDX-License-Identifier: MIT
"""The input fuzz of docs/RELIABILITY.md (tools/fuzz_inputs.py) with a fixed seed and
bounded counts: damaged and made-up game records for ``--replay`` (tools/play.py and
tools/hex_play.py), key scripts for the emulator (read, and run headless), lines a person
types into the terminal games, scenario files (tools/play.py --scenario), and saved games
whose checksums hold but whose settings, config, ruleset, seed, actions or dice state were
changed (the title's offer and the battle program). Every outcome is a clean refusal (one line, exit
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
# the cases of each part (fuzz_inputs.run's counts; the tools: those whose records and
# typing are fuzzed)
NONE = dict(records=0, scripts=0, runs=0, lines=0, tools=())
PARTS = {
    "records for play.py": dict(NONE, records=500, tools=("play",)),
    "records for hex_play.py": dict(NONE, records=150, tools=("hex_play",)),
    "key scripts": dict(NONE, scripts=800, runs=40),
    "typing": dict(NONE, lines=150, tools=("play", "hex_play")),
    "scenario files": dict(NONE, scenarios=600),
    "saved games": dict(NONE, stores=300),
}
LOADED = {"refused", "loaded, over", "loaded, unfinished (said so)"}
TYPED = {"asked again to the end", "took a legal action"}
REACHED = {
    "records for play.py": {"records for play --replay": LOADED},
    "records for hex_play.py": {"records for hex_play --replay": LOADED},
    "key scripts": {"key scripts read": {"refused", "loaded"},
                    "key scripts run": {"refused", "ran to the end"}},
    "typing": {"lines typed into play": TYPED, "lines typed into hex_play": TYPED},
    "scenario files": {"scenario files": {"refused", "loaded"}},
    "saved games": {"saved games (checksums holding)": {
        "refused on the title", "continued", "continued, its record refused (said so)"}},
}


@pytest.mark.parametrize("part", sorted(PARTS))
def test_every_input_is_refused_in_one_line_or_loaded_right(part):
    tally = fuzz_inputs.run(SEED, **PARTS[part])
    report = []
    tally.report(report.append)
    assert not tally.failures, "\n".join(report)
    outcomes = {}
    for (where, _, outcome), n in tally.counts.items():
        outcomes.setdefault(where, set()).add(outcome)
    assert outcomes == REACHED[part], "\n".join(report)
