#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Faction balance: self-play between the five factions' suggested 50-point builds.

Every pair of different factions plays ``--games`` games at one CPU level (both sides the
same), half with each faction in the first seat, a different game seed every two games;
draws count half. Prints the win-rate matrix (row against column) with a 95 % interval,
and writes a heat map and a report:

  python tools/balance.py [--games 200] [--level normal] [--jobs N] [--factor F]
                          [--png docs/balance.png] [--md docs/BALANCE.md] [--no-write]

The CPU players think under the device's budget, as in tools/strength.py: the factor of
tools/devicetime.py (measured at the start, or ``--factor``) turns each process's CPU time
into device ms, so a busy machine does not change the figures; ``--factor 0``: no clock.

The report stores a hash of its inputs (``inputs_hash``: the game data, the rules engine and
the CPU, this tool): tests/test_balance.py fails when any of them changed since the report
was written, so the figures are never older than the game they describe. A Python file
counts by its code (its syntax tree without comments or docstrings): a comment made true
again does not make the report stale.
"""
import argparse
import ast
import hashlib
import math
import multiprocessing
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)
sys.path.insert(0, HERE)

from engine.pocket_tactics import ids as IDS  # noqa: E402
from engine.pocket_tactics import factions as F  # noqa: E402
from engine.pocket_tactics.cpu import LEVELS  # noqa: E402
from engine.pocket_tactics.tables import N_FACTIONS  # noqa: E402
from devicetime import measure, recheck  # noqa: E402
from docstrings import docstring_nodes  # noqa: E402
from strength import play  # noqa: E402

BASE_SEED = 9000
FAIR = (0.40, 0.60)  # the goal: no pairing outside this at "normal"
# what the figures depend on: the data, the rules and the CPU, and the tools that play
INPUTS = ("data/pocket_tactics", "engine/core", "engine/pocket_tactics", "tools/balance.py",
          "tools/strength.py")
# what only the screens read (the units' figures, the cards' texts, the names and their
# reader): no game depends on it
NOT_INPUTS = ("data/pocket_tactics/sprites.json", "engine/pocket_tactics/sprites.bin",
              "engine/pocket_tactics/texts.bin", "engine/pocket_tactics/names.bin",
              "engine/pocket_tactics/names.py")
HASH_LINE = "Inputs: "


def inputs_hash(root=ROOT):
    """SHA-256 (first 16 hex digits) of every file under INPUTS but NOT_INPUTS, by path and
    content."""
    h = hashlib.sha256()
    paths = []
    for p in INPUTS:
        full = os.path.join(root, p)
        if os.path.isfile(full):
            paths.append(p)
            continue
        for folder, dirs, files in os.walk(full):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for f in files:
                if not f.endswith(".pyc"):
                    paths.append(os.path.relpath(os.path.join(folder, f), root))
    for p in sorted(paths):
        if p.replace(os.sep, "/") in NOT_INPUTS:
            continue
        h.update(p.replace(os.sep, "/").encode())
        with open(os.path.join(root, p), "rb") as f:
            data = f.read()
        h.update(_code(data) if p.endswith(".py") else data)
    return h.hexdigest()[:16]


def _code(source):
    """A Python file's code: its syntax tree without its docstrings (comments are not in
    the tree), as bytes."""
    tree = ast.parse(source)
    for owner, _ in docstring_nodes(tree):
        owner.body = owner.body[1:] or [ast.Pass()]
    return ast.dump(tree).encode()


def game(job):
    """Game ``g`` of factions (x, y) at ``level``: x's score (1, 0.5, 0)."""
    x, y, g, level, factor = job
    seed = BASE_SEED + 1000 * (x * N_FACTIONS + y) + g // 2
    if g % 2 == 0:
        w, _ = play(level, level, seed, x, y, "pt", factor)
        mine = 0
    else:
        w, _ = play(level, level, seed, y, x, "pt", factor)
        mine = 1
    return x, y, 1.0 if w == mine else 0.5 if w == 2 else 0.0


def run(games, level, jobs, factor=0):
    """{(x, y): (score of x, games)} for every pair x < y; ``factor``: device s per CPU s
    (0: no clock)."""
    work = [(x, y, g, level, factor) for x in range(N_FACTIONS)
            for y in range(x + 1, N_FACTIONS) for g in range(games)]
    out = {}
    with multiprocessing.Pool(jobs) as pool:
        for x, y, score in pool.imap_unordered(game, work, chunksize=8):
            s = out.get((x, y), (0.0, 0))
            out[x, y] = (s[0] + score, s[1] + 1)
    return out


def matrix(results):
    """m[x][y]: x's score against y (None on the diagonal)."""
    m = [[None] * N_FACTIONS for _ in range(N_FACTIONS)]
    for (x, y), (score, n) in results.items():
        m[x][y] = score / n
        m[y][x] = 1.0 - score / n
    return m


def margin(p, n):
    """Half the width of the 95 % interval of a score ``p`` over ``n`` games."""
    return 1.96 * math.sqrt(max(p * (1.0 - p), 0.25 / n) / n)


def unfair(m):
    """The pairs (x, y) where x scores more than the fair range allows."""
    return [(x, y) for x in range(N_FACTIONS) for y in range(N_FACTIONS)
            if m[x][y] is not None and m[x][y] > FAIR[1]]


def text_table(m, n):
    names = [F.FACTION_NAMES[f] for f in range(N_FACTIONS)]
    w = max(len(s) for s in names)
    lines = ["%-*s  %s" % (w, "row vs column", "  ".join("%12s" % s[:12] for s in names))]
    for x in range(N_FACTIONS):
        cells = []
        for y in range(N_FACTIONS):
            p = m[x][y]
            cells.append("%12s" % ("-" if p is None else "%3.0f%% +-%2.0f" % (
                100 * p, 100 * margin(p, n))))
        lines.append("%-*s  %s" % (w, names[x], "  ".join(cells)))
    return lines


def write_md(path, m, n, level, seconds, factor):
    names = [F.FACTION_NAMES[f] for f in range(N_FACTIONS)]
    budget = ("at the device's speed (a CPython CPU second counted as %.0f device seconds, "
              "tools/devicetime.py; %d ms a decision at most)" % (factor, LEVELS[level][2])
              if factor else "without a clock (the evaluation budget only)")
    out = ["# Faction balance", "",
           "Written by `tools/balance.py --games %d --level %s` on %s; do not edit by hand."
           % (n, level, time.strftime("%Y-%m-%d")), "",
           "%s%s (the data, the rules engine and the CPU this report was made with: "
           "tests/test_balance.py fails once any of them changes)." % (HASH_LINE,
                                                                        inputs_hash()), "",
           "Each pair of factions played %d games with their suggested 50-point builds, both "
           "sides the CPU at \"%s\" (%d evaluations a decision, looking %d turn%s ahead) %s, "
           "half with each faction in the first seat; draws count half. A cell is the row "
           "faction's score against the column faction, with its 95 %% interval (%d games "
           "in %.0f s)." % (n, level, LEVELS[level][0], LEVELS[level][1],
                            "" if LEVELS[level][1] == 1 else "s", budget,
                            n * len(names) * (len(names) - 1) // 2, seconds), "",
           "![heat map of the scores](balance.png)", "",
           "| row vs column | %s |" % " | ".join(names),
           "|---|%s" % ("---|" * len(names))]
    for x in range(len(names)):
        cells = ["-" if m[x][y] is None else "%.0f %% (+-%.0f)" % (
            100 * m[x][y], 100 * margin(m[x][y], n)) for y in range(len(names))]
        out.append("| %s | %s |" % (names[x], " | ".join(cells)))
    bad = unfair(m)
    out.append("")
    if bad:
        out.append("Outside the goal of %d/%d: %s." % (
            100 * FAIR[0], 100 * FAIR[1], ", ".join(
                "%s over %s (%.0f %%)" % (names[x], names[y], 100 * m[x][y]) for x, y in bad)))
    else:
        out.append("Every pairing is within the goal of %d/%d." % (100 * FAIR[0], 100 * FAIR[1]))
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")


def write_png(path, m, n, level):
    """A heat map: a row faction's score against a column faction, red (low) to blue (high)
    through white, with the percentages written in."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.font.init()
    font = pygame.font.Font(None, 20)
    names = [F.FACTION_NAMES[f] for f in range(N_FACTIONS)]
    left = max(font.size("%s (%s)" % (s, k))[0] for s, k in zip(names, IDS.FACTION_KEYS)) + 16
    cell = 80
    top = 56
    size = (left + cell * len(names) + 8, top + cell * len(names) + 32)
    img = pygame.Surface(size)
    img.fill((255, 255, 255))
    ink = (20, 20, 20)
    img.blit(font.render("Score of the row against the column (%s, %d games a pair)"
                         % (level, n), True, ink), (8, 8))
    for i, s in enumerate(names):
        label = font.render("%s (%s)" % (s, IDS.FACTION_KEYS[i]), True, ink)
        img.blit(label, (8, top + i * cell + (cell - label.get_height()) // 2))
        short = font.render(IDS.FACTION_KEYS[i], True, ink)
        img.blit(short, (left + i * cell + (cell - short.get_width()) // 2, top - 22))
    for x in range(len(names)):
        for y in range(len(names)):
            r = pygame.Rect(left + y * cell, top + x * cell, cell - 2, cell - 2)
            p = m[x][y]
            if p is None:
                pygame.draw.rect(img, (200, 200, 200), r)
                continue
            t = max(-1.0, min(1.0, (p - 0.5) / 0.25))  # 25 % to 75 % spans the colours
            if t < 0:
                col = (255, int(255 * (1 + t)), int(255 * (1 + t)))
            else:
                col = (int(255 * (1 - t)), int(255 * (1 - t * 0.6)), 255)
            pygame.draw.rect(img, col, r)
            v = font.render("%.0f%%" % (100 * p), True, ink)
            img.blit(v, (r.centerx - v.get_width() // 2, r.centery - v.get_height() // 2))
    img.blit(font.render("goal: every cell between %d%% and %d%%" % (
        100 * FAIR[0], 100 * FAIR[1]), True, ink), (8, size[1] - 26))
    pygame.image.save(img, path)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=200, help="games per pair of factions")
    ap.add_argument("--level", default="normal", choices=sorted(LEVELS))
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--png", default=os.path.join(ROOT, "docs", "balance.png"))
    ap.add_argument("--md", default=os.path.join(ROOT, "docs", "BALANCE.md"))
    ap.add_argument("--no-write", action="store_true", help="print only")
    ap.add_argument("--factor", type=float, default=None,
                    help="device s per CPU s (default: measured now; 0: no clock)")
    args = ap.parse_args(argv)
    if args.games < 2 or args.games % 2:
        ap.error("--games must be even (seats are swapped) and at least 2")
    factor = args.factor
    if factor is None:
        try:
            factor = measure("pt")
        except RuntimeError as e:
            ap.error("%s; or pass --factor" % e)
    t0 = time.time()
    m = matrix(run(args.games, args.level, args.jobs, factor))
    seconds = time.time() - t0
    if args.factor is None:
        recheck("pt", factor)
    for line in text_table(m, args.games):
        print(line)
    bad = unfair(m)
    print("%d games in %.0f s; outside %d/%d: %s" % (
        args.games * N_FACTIONS * (N_FACTIONS - 1) // 2, seconds, 100 * FAIR[0],
        100 * FAIR[1], ", ".join("%s>%s" % (F.FACTION_NAMES[x], F.FACTION_NAMES[y])
                                 for x, y in bad) or "none"))
    if not args.no_write:
        write_md(args.md, m, args.games, args.level, seconds, factor)
        write_png(args.png, m, args.games, args.level)
        print("wrote %s and %s" % (args.md, args.png))
    return 0


if __name__ == "__main__":
    sys.exit(main())
