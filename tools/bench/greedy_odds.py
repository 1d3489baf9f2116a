#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Self-play: the greedy player valuing assaults with the odds table (odds.py, the
default) against the same player with the single-roll P_BEAT valuation (``odds=False``,
what it used before). Prints the result; asserts nothing.

Games cycle through every faction pairing, the 50 and 100 point builds and both seats (the
new player is side A in half of them, side B in the other half).

  python tools/bench/greedy_odds.py [--games 400] [--seed 1000]
"""
import argparse
import os
import sys
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
sys.path.insert(0, ROOT)

from engine.core.protocol import step  # noqa: E402
from engine.pocket_tactics import tables as T  # noqa: E402
from engine.pocket_tactics.forces import suggested  # noqa: E402
from engine.pocket_tactics.players import GreedyPlayer  # noqa: E402
from engine.pocket_tactics.state import State  # noqa: E402


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1000)
    args = ap.parse_args(argv)
    nf = T.N_FACTIONS
    pairings = nf * nf
    wins = [0, 0, 0]  # new, old, draws
    t = time.time()
    for g in range(args.games):
        fa, fb = g % nf, (g // nf) % nf
        limit = (50, 100)[(g // pairings) % 2]
        new_seat = (g // (2 * pairings)) % 2
        seed = args.seed + g
        st = State(suggested(fa, fb, limit), seed)
        players = [None, None]
        players[new_seat] = GreedyPlayer(seed * 2 + 1)
        players[1 - new_seat] = GreedyPlayer(seed * 2 + 2, odds=False)
        while step(st, players) is not None:
            pass
        w = st.winner()
        wins[2 if w not in (0, 1) else 0 if w == new_seat else 1] += 1
    n = args.games
    print("greedy with the odds table vs single-roll greedy, %d games (%.0f s): "
          "wins %d, losses %d, draws %d; score %.3f"
          % (n, time.time() - t, wins[0], wins[1], wins[2], (wins[0] + wins[2] / 2) / n))


if __name__ == "__main__":
    main()
