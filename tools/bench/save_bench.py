#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Save slots benchmark (engine/core/savestore.py): prints figures, asserts nothing.

Plays CPU games (random players, 100-point armies) and saves after every action what the
game would save (its state bytes + its record bytes) through SaveSlots into an 8 KB store
with the file copy. Every action of the protocol counts, dice included, so this is more
saves than autosave after each completed player action makes. Prints per game: saves, erase cycles of the NVM
block, bytes written to the store and to the copy; per save: blob size, bytes per store
write, and the power-cut window without the copy (cut points of 17 that leave no save).

  python tools/bench/save_bench.py [--games 5]
"""
import argparse
import os
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
sys.path.insert(0, ROOT)

from engine.core.protocol import step  # noqa: E402
from engine.core.savestore import OVERHEAD, SaveSlots  # noqa: E402
from engine.pocket_tactics import tables as T  # noqa: E402
from engine.pocket_tactics.config import suggested  # noqa: E402
from engine.pocket_tactics.players import RandomPlayer  # noqa: E402
from engine.pocket_tactics.saves import record_for  # noqa: E402
from engine.pocket_tactics.state import State  # noqa: E402

SIZE = 8192
PAGE = 512


class CountingStore:
    """8 KB in memory, like the NVM: each write is one erase cycle of the whole block."""

    def __init__(self):
        self.size = SIZE
        self.data = bytearray(b"\xff" * SIZE)

    def read(self, offset, n):
        return bytes(self.data[offset:offset + n])

    def write(self, offset, data):
        self.data[offset:offset + len(data)] = data


class CountingFiles:
    """The copy's files in memory (open/rename as SaveSlots uses them)."""

    def __init__(self):
        self.files = {}

    def open(self, path, mode):
        files = self.files

        class F:
            def __init__(self):
                self.buf = bytearray()

            def read(self, n=-1):
                return files[path]

            def write(self, data):
                self.buf += data

            def flush(self):
                pass

            def close(self):
                if "w" in mode:
                    files[path] = bytes(self.buf)

        if "r" in mode and path not in files:
            raise OSError(2, "No such file or directory")
        return F()

    def rename(self, old, new):
        self.files[new] = self.files.pop(old)


def window(prev_record):
    """Cut points (of 17) leaving no save when the previous record has this many bytes."""
    return 1 + max(0, (prev_record + PAGE - 1) // PAGE - 1)


def play(seed):
    cfg = suggested(seed % T.N_FACTIONS, (seed + 1) % T.N_FACTIONS, 100)
    st = State(cfg, seed)
    rec = record_for(cfg, seed)
    players = [RandomPlayer(seed), RandomPlayer(seed + 1)]
    slots = SaveSlots(CountingStore(), "/save.bin", fs=CountingFiles())
    sizes = []
    per_write = []
    windows = []
    prev = 0  # the record that stays in the store beside the new one
    while True:
        a = step(st, players)
        if a is None:
            break
        rec.actions.append(a)
        blob = st.encode() + rec.encode()
        info = slots.save(blob)
        sizes.append(len(blob))
        if info.written:
            per_write.append(info.store_bytes)
            windows.append(window(prev) if info.kept_previous else window(0))
            prev = len(blob) + OVERHEAD
    return slots, sizes, per_write, windows


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=5)
    args = ap.parse_args(argv)
    print("game  saves  erases  store bytes  copy bytes  blob min/mean/max  "
          "bytes/write mean/max  no-save window mean/max (of 17)")
    for seed in range(args.games):
        slots, sizes, per_write, windows = play(seed)
        print("%4d  %5d  %6d  %11d  %10d  %5d/%4d/%4d  %9d/%4d  %14.1f/%d" % (
            seed, len(sizes), slots.erase_cycles, slots.bytes_written, slots.copy_bytes_written,
            min(sizes), sum(sizes) // len(sizes), max(sizes),
            sum(per_write) // len(per_write), max(per_write),
            sum(windows) / len(windows), max(windows)))


if __name__ == "__main__":
    main()
