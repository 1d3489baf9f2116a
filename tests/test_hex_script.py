# SPDX-License-Identifier: MIT
"""A whole Tactical Hex game by the headless emulator: docs/scripts/hex-cpu-game.keys goes
from power-on through the title's new-game questions (Tactical Hex 1905, two CPU players)
to the game's end, and reproduces docs/screenshots/hex-game/ pixel for pixel (the CPU
thinks against the emulator's fake clock, so the game is the same every time)."""
import os
import subprocess
import sys

from test_setup_scripts import pixels

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRIPT = os.path.join(ROOT, "docs", "scripts", "hex-cpu-game.keys")
SHOTS = os.path.join(ROOT, "docs", "screenshots", "hex-game")


def test_a_whole_cpu_game_from_the_title_replays_to_the_same_screens(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", POCKET_TACTICS_STORE=str(tmp_path / "s"))
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "emulator.py"),
                        "--headless", "--script", SCRIPT, "--shots", str(tmp_path)],
                       capture_output=True, text=True, env=env, timeout=600)
    assert r.returncode == 0, r.stderr
    made = sorted(f for f in os.listdir(str(tmp_path)) if f.endswith(".png"))
    assert made == sorted(os.listdir(SHOTS))
    for f in made:
        assert pixels(os.path.join(str(tmp_path), f)) == pixels(os.path.join(SHOTS, f)), f
    # the last screen is the end of the game (RULES B9): its panel differs from the map's
    end = pixels(os.path.join(SHOTS, "hex-game-5-end.png"))
    assert end != pixels(os.path.join(SHOTS, "hex-game-4.png"))
