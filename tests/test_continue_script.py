# SPDX-License-Identifier: MIT
"""Switching off and Continue, by the headless emulator: a script plays from power-on and
shoots the screen, the process ends (the power goes), a second run against the same store
chooses Continue on the title, and its screen is the same pixel for pixel: position,
player to act, cursor and status line (engine/ui/resume.py)."""
import os
import subprocess
import sys

from test_setup_scripts import pixels

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRIPTS = os.path.join(ROOT, "docs", "scripts")


def _run(script, shots, store):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", POCKET_TACTICS_STORE=store)
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "emulator.py"),
                        "--headless", "--script", script, "--shots", shots],
                       capture_output=True, text=True, env=env, timeout=600)
    assert r.returncode == 0, r.stderr


def _continued(tmp_path, first, shot, handover):
    store = str(tmp_path / "store.bin")
    _run(first, str(tmp_path), store)
    assert os.path.getsize(store) == 8192  # the autosave wrote the store
    script = open(os.path.join(SCRIPTS, "continue.keys")).read()
    if handover:  # a hot-seat game: the hand-over screen first, A takes the device
        script = script.replace("shot after-continue", "a\nwait 500\nshot after-continue")
    second = tmp_path / "continue.keys"
    second.write_text(script)
    _run(str(second), str(tmp_path), store)
    return (pixels(str(tmp_path / (shot + ".png"))),
            pixels(str(tmp_path / "after-continue.png")))


def test_a_hot_seat_pocket_tactics_game_continues_as_it_was_left(tmp_path):
    before, after = _continued(tmp_path, os.path.join(SCRIPTS, "hotseat-suggested.keys"),
                               "hotseat-suggested-first-turn", handover=True)
    assert before == after


def test_a_tactical_hex_game_against_the_cpu_continues_as_it_was_left(tmp_path):
    before, after = _continued(tmp_path, os.path.join(SCRIPTS, "hex-japan-deploys.keys"),
                               "before-switching-off", handover=False)
    assert before == after

