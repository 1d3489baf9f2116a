# SPDX-License-Identifier: MIT
"""What tests/test_constfold.py and tests/test_shortnames.py share: a few whole games
played on CPython by a copy of the device build of the code (its folded, renamed files
written to a folder) and by the repository, to compare their results line for line."""
import os
import subprocess
import sys

from tools import deploy

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Each line printed: the number of actions and the final state's digest. Greedy and random
# players, the CPU's easy and normal levels (its search) and a Tactical Hex game.
GAMES = r"""
import hashlib, sys
from engine.core.protocol import step
from engine.pocket_tactics.forces import suggested
from engine.pocket_tactics.cpu import make_cpu
from engine.pocket_tactics.players import GreedyPlayer, RandomPlayer
from engine.pocket_tactics.state import State
from engine.tactical_hex.players import GreedyPlayer as HexGreedy
from engine.tactical_hex.state import State as HexState

def play(st, players):
    n = 0
    while step(st, players) is not None:
        n += 1
    return "%d %s" % (n, hashlib.sha256(st.encode()).hexdigest()[:16])

for seed, fa, fb in ((3, 0, 1), (8, 2, 3), (11, 4, 0)):
    print(play(State(suggested(fa, fb, 50), seed), [GreedyPlayer(seed), RandomPlayer(seed + 1)]))
print(play(State(suggested(1, 4, 50), 5), [make_cpu("easy", 5, lambda: 0), GreedyPlayer(6)]))
print(play(State(suggested(2, 3, 50), 8), [make_cpu("normal", 8, lambda: 0), GreedyPlayer(9)]))
print(play(HexState(7), [HexGreedy(7), HexGreedy(8)]))
"""
N_GAMES = 6


def games_on_cpython(folder, texts, script=GAMES, place=None):
    """The lines GAMES prints run by the device build ``texts`` ({path: text} of its
    Python files, written to ``folder`` with the game's data files) and by the repository:
    (build's lines, repository's lines). ``script`` is GAMES as the build's names spell it;
    ``place(rel)`` where the build puts the repository's file ``rel`` (where it is, by
    default)."""
    place = place or (lambda rel: rel)
    for rel, text in texts.items():
        path = os.path.join(folder, place(rel))
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    for rel, path in deploy.game_files():
        if not rel.endswith(".py"):  # texts.bin
            target = os.path.join(folder, place(rel))
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(path, "rb") as src, open(target, "wb") as f:
                f.write(src.read())
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    results = []
    for where, code in ((folder, script), (ROOT, GAMES)):
        p = subprocess.run([sys.executable, "-c", code], cwd=where, env=env,
                           capture_output=True, text=True, timeout=600)
        assert p.returncode == 0, p.stderr
        results.append(p.stdout.split("\n"))
    return results
