# SPDX-License-Identifier: MIT
"""The README's first command without a screen: tools/emulator.py runs headless, plays a
whole CPU-against-CPU game and writes its screenshots."""
import os
import subprocess
import sys

import pygame

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_headless_emulator_plays_a_game_to_the_end(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy")
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "emulator.py"), "--headless",
                        "--seed", "3", "--shots", str(tmp_path)],
                       capture_output=True, text=True, env=env, timeout=600)
    assert r.returncode == 0, r.stderr
    assert "game over: " in r.stdout
    shots = sorted(os.listdir(str(tmp_path)))
    assert "game-over.png" in shots and "turn-001.png" in shots
    img = pygame.image.load(os.path.join(str(tmp_path), "game-over.png"))
    assert img.get_size() == (160, 128)
    # the last screen is the game-over panel, not a blank screen
    colours = {img.get_at((x, y))[:3] for x in range(0, 160, 4) for y in range(0, 128, 4)}
    assert len(colours) >= 2


def test_emulator_refuses_bad_options():
    env = dict(os.environ, SDL_VIDEODRIVER="dummy")
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "emulator.py"), "--headless",
                        "--factions", "clf,nobody"], capture_output=True, text=True, env=env,
                       timeout=120)
    assert r.returncode != 0 and "--factions" in (r.stderr + r.stdout)
