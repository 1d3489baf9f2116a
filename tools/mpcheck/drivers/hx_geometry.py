# SPDX-License-Identifier: MIT
"""MicroPython check driver: the Tactical Hex geometry, deployment zones, movement and fire
arithmetic (engine/tactical_hex/geometry.py, setup.py, movement.py, combat.py), printed so that the test can
compare them with CPython's. One map row of firing hexes per step.

Prints for every pair of hexes within fire range, "L <a> <b> <crossed hexes>" (each crossed
hex as "h" or "h/other" along an edge), then "Z <side> <deployment zone>", "D <start> <hex:mp left ...>" (a Japanese unit's
destinations with 6 MP near two Russian units and a Japanese one), then "O <odds columns for
1..12 against 1..6>" and "END"."""
import gc

_row = 0


def setup(arg):
    gc.collect()


def step():
    global _row
    from engine.tactical_hex import combat as C
    from engine.tactical_hex import tables as T
    from engine.tactical_hex.geometry import between, distance

    n = T.MAP_W * T.MAP_H
    if _row < T.MAP_H:
        for a in range(_row * T.MAP_W, (_row + 1) * T.MAP_W):
            for b in range(n):
                if 2 <= distance(a, b) <= C.FIRE_RANGE:
                    parts = []
                    for h, other in between(a, b):
                        parts.append(str(h) if other < 0 else "%d/%d" % (h, other))
                    print("L %d %d %s" % (a, b, " ".join(parts)))
        _row += 1
        return True
    from engine.tactical_hex.movement import destinations
    from engine.tactical_hex.setup import deploy_zone

    for side in (0, 1):
        print("Z %d %s" % (side, " ".join(str(h) for h in deploy_zone(side))))

    units = {50: 1, 51: 0, 64: 1}  # two Russian units and a Japanese one
    for start in range(0, n, 7):
        if start not in units:
            got = destinations(start, 6, 0, lambda h: units.get(h, -1))
            print("D %d %s" % (start, " ".join("%d:%d" % (h, got[h]) for h in sorted(got))))
    cols = []
    for att in range(1, 13):
        for dfd in range(1, 7):
            cols.append(str(C.odds_column(att, dfd)))
    print("O %s" % " ".join(cols))
    print("END")
    return False
