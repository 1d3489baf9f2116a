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


def test_new_game_options_need_players_and_say_so(tmp_path):
    # issue 31: --factions, --limit and --seed choose the game of --players (or the headless
    # game without a script); with the title they would be ignored, so they are refused in
    # one line that names --players, as --help says
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", POCKET_TACTICS_STORE=str(tmp_path / "s"))
    script = tmp_path / "one.keys"
    script.write_text("a\n")
    emulator = [sys.executable, os.path.join(ROOT, "tools", "emulator.py"), "--headless",
                "--script", str(script)]
    for extra in (["--seed", "3"], ["--factions", "clf,fsp"], ["--limit", "100"]):
        r = subprocess.run(emulator + extra, capture_output=True, text=True, env=env,
                           timeout=120)
        assert r.returncode == 2 and r.stdout == ""
        assert r.stderr.count("\n") == 1 and extra[0] in r.stderr and "--players" in r.stderr
    r = subprocess.run(emulator + ["--players", "human,greedy", "--seed", "3", "--factions",
                                   "mage_guild,nightfall", "--limit", "100"],
                       capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "emulator.py"), "--help"],
                       capture_output=True, text=True, env=env, timeout=120)
    assert " ".join(r.stdout.split()).count("needs --players, or --headless without") == 3


def test_run_game_headless_writes_its_pictures_where_it_was_started(tmp_path):
    # tools/run_game.sh without a screen: the CPU game's PNGs go into the folder it was
    # started from, never into the repository
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", POCKET_TACTICS_STORE=str(tmp_path / "s"))
    before = set(os.listdir(ROOT))
    r = subprocess.run(["bash", os.path.join(ROOT, "tools", "run_game.sh"), "--seed", "3"],
                       capture_output=True, text=True, env=env, cwd=str(tmp_path),
                       timeout=600)
    assert r.returncode == 0, r.stderr
    assert "game-over.png" in os.listdir(str(tmp_path))
    assert set(os.listdir(ROOT)) == before
