#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Strength of the CPU levels: many games per pairing, seats swapped.

Every pairing plays ``--games`` games (half with each player first in the seat order), a
different game seed every two games. Pocket-Tactics: 50-point suggested builds of the five
factions, all 25 faction pairings in turn. Tactical Hex (``--ruleset hex``): the first seat
is Japan, so "seats swapped" is "each side in turn"; the table also gives the score from
each side. Draws count half. The CPU players think without a clock (their evaluation budget
only), so the figures do not depend on the machine's load.

  python tools/strength.py [--ruleset pt|hex] [--games 200] [--jobs 2] [--pairs hard:random,...]
"""
import argparse
import multiprocessing
import os
import sys
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, ROOT)

from engine.core.protocol import CHANCE, TERMINAL, sample_chance  # noqa: E402
from engine.pocket_tactics.players import RandomPlayer  # noqa: E402

PAIRS = ("hard:random", "hard:greedy", "normal:greedy", "easy:greedy", "normal:easy",
         "hard:normal")
HEX_PAIRS = ("normal:random", "normal:greedy", "easy:random", "hard:normal")
BASE_SEED = 5000


def _modules(ruleset):
    if ruleset == "hex":
        from engine.tactical_hex import cpu, players, state
    else:
        from engine.pocket_tactics import cpu, players, state
    return cpu, players, state


def make(kind, seed, ruleset="pt"):
    cpu, players, _ = _modules(ruleset)
    if kind in cpu.LEVELS:
        return cpu.make_cpu(kind, seed)
    if kind == "greedy":
        return players.GreedyPlayer(seed)
    return RandomPlayer(seed)


def play(a, b, seed, fa, fb, ruleset="pt"):
    """One game, ``a`` seated first: the winner (0, 1, 2 = draw) and the turns."""
    if ruleset == "hex":
        st = _modules(ruleset)[2].State(seed)
    else:
        from engine.pocket_tactics.forces import suggested

        st = _modules(ruleset)[2].State(suggested(fa, fb, 50), seed)
    players = (make(a, seed * 2 + 1, ruleset), make(b, seed * 2 + 2, ruleset))
    while True:
        who = st.to_act()
        if who == TERMINAL:
            return st.winner(), st.turn
        st.apply(sample_chance(st) if who == CHANCE else players[who].choose(st))


def game(job):
    """Game ``g`` of pairing (x, y): x's score (1, 0.5, 0) and the turns."""
    x, y, g, ruleset = job
    seed = BASE_SEED + g // 2
    fa = seed % 5
    fb = (seed // 5) % 5
    if g % 2 == 0:
        w, turns = play(x, y, seed, fa, fb, ruleset)
        mine = 0
    else:
        w, turns = play(y, x, seed, fb, fa, ruleset)
        mine = 1
    return x, y, (1.0 if w == mine else 0.5 if w == 2 else 0.0), turns, mine


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--ruleset", choices=("pt", "hex"), default="pt")
    ap.add_argument("--pairs", default=None)
    args = ap.parse_args()
    default = HEX_PAIRS if args.ruleset == "hex" else PAIRS
    pairs = [tuple(p.split(":")) for p in (args.pairs or ",".join(default)).split(",")]
    jobs = [(x, y, g, args.ruleset) for x, y in pairs for g in range(args.games)]
    t0 = time.time()
    results = {}
    with multiprocessing.Pool(args.jobs) as pool:
        for x, y, score, turns, seat in pool.imap_unordered(game, jobs, chunksize=4):
            seats = results.setdefault((x, y, "seat"), [0.0, 0.0])
            seats[seat] += score
            r = results.setdefault((x, y), [0.0, 0, 0, 0, 0])
            r[0] += score
            r[1] += 1
            r[2 if score == 1 else 3 if score == 0.5 else 4] += 1
            r.append(turns)
    seat_names = ("as Japan", "as Russia") if args.ruleset == "hex" else ("seat 1", "seat 2")
    print("%-16s %6s %6s %5s %5s %5s %7s %9s %9s" % (
        "pairing", "games", "score", "won", "drawn", "lost", "turns", seat_names[0],
        seat_names[1]))
    for x, y in pairs:
        r = results[(x, y)]
        turns = r[5:]
        seats = results[(x, y, "seat")]
        half = [(r[1] + 1 - k) // 2 for k in (0, 1)]  # games in each seat
        print("%-16s %6d %5.1f%% %5d %5d %5d %7.1f %8.1f%% %8.1f%%" % (
            "%s vs %s" % (x, y), r[1], 100.0 * r[0] / r[1], r[2], r[3], r[4],
            sum(turns) / len(turns), 100.0 * seats[0] / max(1, half[0]),
            100.0 * seats[1] / max(1, half[1])))
    print("(%s: %d games in %.0f s; draws count half; levels %s)" % (
        args.ruleset, len(jobs), time.time() - t0, _modules(args.ruleset)[0].LEVELS))


if __name__ == "__main__":
    main()
