# SPDX-License-Identifier: MIT
"""docs/PLAYERS_GUIDE.md's table of presses is what tools/press_count.py counts (issue 31):
start a game against the CPU from power-on (before: New game with every default, under the
bar as the title had it before Quick battle; after: Quick battle), move a unit, make an
assault (the battle's key paths did not change: the same count before and after)."""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _printed():
    env = dict(os.environ, SDL_VIDEODRIVER="dummy")
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "press_count.py")],
                       capture_output=True, text=True, env=env, timeout=300)
    assert r.returncode == 0, r.stderr
    out = {}
    for line in r.stdout.splitlines():
        m = re.match(r"(\w+) (.+): (\d+) press(es)?$", line)
        assert m, line
        out[(m.group(1), m.group(2))] = int(m.group(3))
    return out


def _table():
    text = open(os.path.join(ROOT, "docs", "PLAYERS_GUIDE.md")).read()
    rows = {}
    for line in text.splitlines():
        m = re.match(r"\| (Start a game|Move a unit|Make an assault)[^|]*\| (\d+) \| (\d+) \|$",
                     line)
        if m:
            rows[m.group(1)] = (int(m.group(2)), int(m.group(3)))
    return rows


def test_the_guide_table_of_presses_is_what_the_script_counts():
    got = _printed()
    rows = _table()
    assert rows["Start a game"] == (got[("start", "New game, under the bar (before Quick "
                                           "battle)")], got[("start", "Quick battle")])
    assert rows["Move a unit"] == (got[("move", "a unit one hex")],) * 2
    assert rows["Make an assault"] == (got[("assault", "a unit on an enemy")],) * 2
    assert got[("start", "Quick battle")] == 1  # one press from power-on
    # New game's own figure, one line down, is the one the guide's text gives
    guide = open(os.path.join(ROOT, "docs", "PLAYERS_GUIDE.md")).read()
    assert "one line down: %d)" % got[("start", "New game, every default")] in guide
