#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Saving benchmark (engine/ui/saving/saver.py over engine/core/slotwrite.py): prints
figures, asserts nothing.

Plays whole games of both rulesets between two greedy CPU players, 100-point armies for
Pocket-Tactics (the suggested builds of a pairing that changes with the seed), told to a
Saver as if both players were people at the device (a hot-seat game: the most saves a game
makes). Each save is one write of the 8 KB NVM block, i.e. one erase cycle.
Prints per game: actions, decisions of the players, saves (erase cycles), bytes written to
the store (each save writes its own record only: the chip keeps the rest of its block), and
the size of the save (min/mean/max); then the largest save of all the games against the
store's 8192 bytes, and the mean bytes written and erases per game (and what the chip
programs for them: its whole block at each erase).

  python tools/bench/save_bench.py [--games 5]
"""
import argparse
import os
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
sys.path.insert(0, ROOT)

from engine.core.protocol import CHANCE, TERMINAL, sample_chance  # noqa: E402
from engine.core.slotwrite import OVERHEAD  # noqa: E402
from engine.pocket_tactics import tables as T  # noqa: E402
from engine.ui.saving.play import Settings, play_bytes  # noqa: E402
from engine.ui.saving.saver import Saver  # noqa: E402

SIZE = 8192


class CountingStore:
    """8 KB in memory, like the NVM: each write is one erase cycle of the whole block."""

    def __init__(self):
        self.size = SIZE
        self.data = bytearray(b"\xff" * SIZE)
        self.erases = 0
        self.bytes = 0

    def read(self, offset, n):
        return bytes(self.data[offset:offset + n])

    def write(self, offset, data):
        self.data[offset:offset + len(data)] = data
        self.erases += 1
        self.bytes += len(data)


class Board:
    def __init__(self):
        self.store = CountingStore()


def new_game(ruleset, seed):
    if ruleset == 1:
        from engine.pocket_tactics.forces import suggested
        from engine.pocket_tactics.players import GreedyPlayer
        from engine.pocket_tactics.state import State

        st = State(suggested(seed % T.N_FACTIONS, (seed + 1) % T.N_FACTIONS, 100), seed)
        players = [GreedyPlayer(seed, odds=False), GreedyPlayer(seed + 1, odds=False)]
    else:
        from engine.tactical_hex.players import GreedyPlayer
        from engine.tactical_hex.state import State

        st = State(seed)
        players = [GreedyPlayer(seed), GreedyPlayer(seed + 1)]
    return st, players


def play(ruleset, seed):
    from engine.core.record import config_bytes

    st, players = new_game(ruleset, seed)
    board = Board()
    people = ("human", "human")
    saver = Saver(board, play_bytes(ruleset, people, Settings()), ruleset,
                  config_bytes(st.cfg) if ruleset == 1 else b"", seed)
    sizes = []  # each save's blob, in bytes
    decisions = 0
    newest = saver.newest
    while st.to_act() != TERMINAL:
        who = st.to_act()
        if who == CHANCE:
            a = sample_chance(st)
        else:
            decisions += 1
            a = players[who].choose(st)
        st.apply(a)
        saver.applied(st, a, who)
        if saver.newest != newest:
            newest = saver.newest
            sizes.append(newest[1] - OVERHEAD)
    return saver.log.count, decisions, board.store, sizes or [0]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=5)
    args = ap.parse_args(argv)
    print("game  ruleset         actions  decisions  saves (erases)  store bytes  "
          "save bytes min/mean/max")
    largest = 0
    erases = written = games = 0
    per = []  # each ruleset's (name, largest save, its bytes an action at the game's end)
    for ruleset, name in ((1, "Pocket-Tactics"), (2, "Tactical Hex")):
        top = (0, 0.0)
        for seed in range(args.games):
            n, decisions, store, sizes = play(ruleset, seed)
            largest = max(largest, max(sizes))
            top = max(top, (max(sizes), (sizes[-1] - sizes[0]) / float(max(1, n))))
            erases += store.erases
            written += store.bytes
            games += 1
            print("%4d  %-14s  %7d  %9d  %14d  %11d  %5d/%4d/%4d" % (
                seed, name, n, decisions, store.erases, store.bytes, min(sizes),
                sum(sizes) // len(sizes), max(sizes)))
        per.append((name, top[0], top[1]))
    for name, size, per_action in per:
        print("%s: largest save %d bytes (%.1f bytes an action in that game, the save of "
              "move 0 aside)" % (name, size, per_action))
    print("largest save %d bytes of the store's %d (%.0f %%); per game %.0f erases, "
          "%.0f bytes written (the chip programs its whole 8 KB block at each erase: "
          "%.0f KB a game)" % (largest, SIZE, 100.0 * largest / SIZE, erases / games,
                               written / games, erases * SIZE / 1024.0 / games))


if __name__ == "__main__":
    main()
