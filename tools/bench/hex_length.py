#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Tactical Hex's game length (RULES B9 and its turn-limit ruling): who wins, and how many
games the turn limit decides rather than play.

Two players of the same kind play ``--games`` games, player A as Japan in the even games
and as Russia in the odd ones (sides swapped), a new game seed every two games. Prints
each side's wins and the share of games decided by the turn limit (a side still above
the victory threshold when the last turn is over: RULINGS.md B9), each with its 95 %
interval (Wilson), player A's score (a check of the swap: about 50 % between equals), and
the turns the games lasted. The CPU players think by their evaluation budget, not by a
clock, so the same arguments give the same figures on any machine.

``--turns N`` plays with a limit of N turns instead of the scenario's (data/tactical_hex:
``turns``), and then also shows, for each shorter limit L, how many of these games would
still be on after L turns and how many of those the side that holds out did not win in
play: what a limit of L would decide that play decides otherwise.

  python tools/bench/hex_length.py [--games 200] [--players normal] [--jobs 2] [--turns N]
"""
import argparse
import math
import multiprocessing
import os
import sys
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tools"))

from engine.core.protocol import CHANCE, TERMINAL, sample_chance  # noqa: E402
from engine.tactical_hex import tables as T  # noqa: E402
from engine.tactical_hex.state import State  # noqa: E402

BASE_SEED = 7000
SIDES = ("Japan", "Russia")


def wilson(k, n):
    """The 95 % interval (low, high) of a share k / n (Wilson's score interval)."""
    if not n:
        return 0.0, 1.0
    z = 1.96
    p = k / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, mid - half), min(1.0, mid + half)


def play(job):
    """Game ``g``: (A's side, the winner, turns played, decided by the turn limit)."""
    from strength import make

    kind, g, turns = job
    if turns:
        # a what-if of the measurement alone: the scenario's limit, which state.py reads
        # from the generated tables at each turn, replaced in this process
        T.TURNS = turns
    seed = BASE_SEED + g // 2
    a_side = g % 2
    players = [None, None]
    players[a_side] = make(kind, seed * 2 + 1, "hex")
    players[1 - a_side] = make(kind, seed * 2 + 2, "hex")
    st = State(seed)
    while True:
        who = st.to_act()
        if who == TERMINAL:
            break
        st.apply(sample_chance(st) if who == CHANCE else players[who].choose(st))
    by_limit = st.count(0) > T.VICTORY_UNITS and st.count(1) > T.VICTORY_UNITS
    return a_side, st.winner(), st.turn, by_limit


def line(name, k, n):
    lo, hi = wilson(k, n)
    return "| %s | %d | %.1f %% | %.1f-%.1f %% |" % (name, k, 100.0 * k / n, 100 * lo, 100 * hi)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", default="normal",
                    help="the kind of both players: random, greedy, easy, normal, hard")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--turns", type=int, default=0, help="a turn limit instead of the data's")
    args = ap.parse_args(argv)
    t0 = time.time()
    jobs = [(args.players, g, args.turns) for g in range(args.games)]
    games = []
    with multiprocessing.Pool(args.jobs) as pool:
        for r in pool.imap(play, jobs, chunksize=2):
            games.append(r)
            if len(games) % 20 == 0:
                sys.stderr.write("%d games, %.0f s\n" % (len(games), time.time() - t0))
    n = len(games)
    limit = args.turns or T.TURNS
    print("Tactical Hex, %s against %s, %d games (sides swapped), a limit of %d turns "
          "(the side that holds out: %s)" % (args.players, args.players, n, limit,
                                             SIDES[T.HOLDS_OUT]))
    print()
    print("| Outcome | Games | Share | 95 % interval |")
    print("|---|---|---|---|")
    for side in (0, 1):
        print(line("%s wins" % SIDES[side], sum(1 for g in games if g[1] == side), n))
        print(line("%s wins by the limit" % SIDES[side],
                   sum(1 for g in games if g[1] == side and g[3]), n))
    print(line("decided by the turn limit", sum(1 for g in games if g[3]), n))
    print(line("player A's wins", sum(1 for g in games if g[1] == g[0]), n))
    played = [g[2] for g in games if not g[3]]
    print()
    print("Turns: %.1f on average; games decided in play: %d, by turn %s" % (
        sum(g[2] for g in games) / float(n), len(played),
        ", ".join("%d: %d" % (t, played.count(t)) for t in sorted(set(played)))))
    if args.turns:
        print()
        print("| Limit L | Games still on after L turns | ... which play did not give to %s |"
              % SIDES[T.HOLDS_OUT])
        print("|---|---|---|")
        for cut in range(2, limit + 1):
            on = [g for g in games if g[2] > cut or g[3]]
            wrong = sum(1 for g in on if g[1] != T.HOLDS_OUT and not g[3])
            print("| %d | %d (%.1f %%) | %d (%.1f %%) |" % (cut, len(on), 100.0 * len(on) / n,
                                                          wrong, 100.0 * wrong / n))
    print()
    print("(%d games in %.0f s)" % (n, time.time() - t0))


if __name__ == "__main__":
    main()
