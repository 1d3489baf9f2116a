# SPDX-License-Identifier: MIT
"""MicroPython check driver: the Tactical Hex geometry, deployment zones, movement and fire
arithmetic (engine/tactical_hex/geometry.py, setup.py, movement.py, combat.py), printed so that the test can
compare them with CPython's. One firing hex per step (the check collects the garbage
between steps).

Prints for every pair of hexes within fire range, "L <a> <b> <crossed hexes>" (each crossed
hex as "h" or "h/other" along an edge) and "S <a> <b> <hexes> / <pairs>": what blocks the
line of sight as combat.line_of_sight answers, the hexes whose unit alone blocks it and the
pairs of next-door hexes ("h-k") whose units block it together, among the hexes at most one
step off the shortest routes from a to b (tests/hex_los_reference.py checks them); then "Z <side> <deployment zone>", "D <start> <hex:mp left ...>" (a Japanese unit's
destinations with 6 MP near two Russian units and a Japanese one), then "O <odds columns for
1..12 against 1..6>" and "END"."""
import gc

_at = 0


def setup(arg):
    gc.collect()


def _blockers(sees, distance, a, b, d, n):
    near = [k for k in range(n) if k != a and k != b and distance(a, k) + distance(k, b) <= d + 1]
    alone = [k for k in near if not sees(a, b, lambda h: h == k)]
    rest = [k for k in near if k not in alone]
    two = []
    for i in range(len(rest)):
        for m in rest[i + 1:]:
            k = rest[i]
            if distance(k, m) == 1 and not sees(a, b, lambda h: h == k or h == m):
                two.append("%d-%d" % (k, m))
    print("S %d %d %s / %s" % (a, b, " ".join(str(k) for k in alone), " ".join(two)))


def step():
    global _at
    from engine.tactical_hex import combat as C
    from engine.tactical_hex import tables as T
    from engine.tactical_hex.geometry import between, distance

    n = T.MAP_W * T.MAP_H
    if _at < n:
        a = _at
        for b in range(n):
            d = distance(a, b)
            if 2 <= d <= C.FIRE_RANGE:
                parts = []
                for h, other in between(a, b):
                    parts.append(str(h) if other < 0 else "%d/%d" % (h, other))
                print("L %d %d %s" % (a, b, " ".join(parts)))
            if 1 <= d <= C.FIRE_RANGE:
                _blockers(C.line_of_sight, distance, a, b, d, n)
        _at += 1
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
