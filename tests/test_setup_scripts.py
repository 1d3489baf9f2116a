# SPDX-License-Identifier: MIT
"""The emulator key scripts of docs/scripts/ go from power-on to the first battle turn
(hot-seat with suggested builds; a custom 100-point Mage Guild army with spells; random
tiles with a played map draft): replayed headless by tools/emulator.py they reproduce every
setup screenshot of docs/screenshots/setup/ pixel for pixel (tools/setup_scripts.py records
both)."""
import os
import subprocess
import sys

import pytest
import pygame

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRIPTS = os.path.join(ROOT, "docs", "scripts")
SHOTS = os.path.join(ROOT, "docs", "screenshots", "setup")


def pixels(path):
    img = pygame.image.load(path)
    return img.get_size(), pygame.image.tobytes(img, "RGB")


@pytest.mark.parametrize("name", ["hotseat-suggested", "custom-100-spells",
                                  "random-tiles-draft"])
def test_script_replays_to_the_same_screens(name, tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", POCKET_TACTICS_STORE=str(tmp_path / "s"))
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "emulator.py"), "--headless",
                        "--script", os.path.join(SCRIPTS, name + ".keys"), "--shots",
                        str(tmp_path)], capture_output=True, text=True, env=env, timeout=600)
    assert r.returncode == 0, r.stderr
    made = sorted(f for f in os.listdir(str(tmp_path)) if f.endswith(".png"))
    want = sorted(f for f in os.listdir(SHOTS) if f.startswith(name + "-"))
    assert made == want
    assert any(f.endswith("first-turn.png") for f in made)
    for f in made:
        assert pixels(os.path.join(str(tmp_path), f)) == pixels(os.path.join(SHOTS, f)), f
