# SPDX-License-Identifier: MIT
"""Tactical Hex (RULES part B): the map's geometry and the fire and melee arithmetic
(engine/tactical_hex/geometry.py, combat.py). The game state comes later."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import build_hex  # noqa: E402

from engine.tactical_hex import combat as C  # noqa: E402
from engine.tactical_hex import names as HN  # noqa: E402
from engine.tactical_hex import tables as HT  # noqa: E402
from engine.tactical_hex.geometry import between, distance, neighbours, pack  # noqa: E402
import hex_los_reference as REF  # noqa: E402

ALL = range(HT.MAP_W * HT.MAP_H)


def _xy(h):
    return h % HT.MAP_W, h // HT.MAP_W


def test_distance_and_neighbours_agree_with_the_data_compiler():
    # RULES B1 hex map: the compiler's odd-r distance and the engine's are the same
    for a in ALL:
        for b in ALL:
            assert distance(a, b) == build_hex.hex_distance(_xy(a), _xy(b))
        ns = neighbours(a)
        assert sorted(ns) == sorted(b for b in ALL if distance(a, b) == 1)
    corner = pack(0, 0)
    assert len(neighbours(corner)) == 2 and len(neighbours(pack(5, 4))) == 6
    assert pack(-1, 0) == -1 and pack(HT.MAP_W, 0) == -1


def test_line_between_hexes_is_a_chain_of_neighbours():
    # RULES B6 line of sight: the hexes a straight line crosses, from one end to the other
    for a in ALL:
        for b in ALL:
            n = distance(a, b)
            if not 2 <= n <= C.FIRE_RANGE:
                continue
            line = between(a, b)
            assert len(line) >= n - 1
            prev = a
            for h, other in line:
                assert distance(prev, h) == 1 and distance(h, b) <= distance(prev, b)
                if other >= 0:  # an edge: both hexes touch the one before
                    assert distance(prev, other) == 1 and distance(other, h) == 1
                prev = h
            assert distance(prev, b) == 1


def _sets(line):
    return ({h for h, o in line if o < 0}, {frozenset((h, o)) for h, o in line if o >= 0})


def _near(a, b):
    """The hexes at most one step off a shortest route from a to b (every hex the line
    passes through is on one: the reference holds them all, see below)."""
    n = distance(a, b)
    return [k for k in ALL if k not in (a, b) and distance(a, k) + distance(k, b) <= n + 1]


def test_line_of_sight_matches_an_exact_reference_for_every_pair():
    # RULES B6 and RULINGS B6, every firer/target pair within range on the real map: the
    # engine's line_of_sight, asked with a unit on each hex near the line alone and on each
    # two next-door hexes, blocks exactly where the exact geometry of
    # tests/hex_los_reference.py says; it asks about no hex farther off the line; and
    # between() names the same hexes
    pairs = REF.pairs()
    assert len(pairs) == 5746  # ordered pairs at distance 1 to 5 of the 12 x 9 map
    differ = []
    for a, b in pairs:
        want = REF.reference(a, b)
        near = _near(a, b)
        assert want[0] | {h for p in want[1] for h in p} <= set(near)
        asked = set()
        C.line_of_sight(a, b, lambda h: asked.add(h))
        if not asked <= set(near) or REF.signature(a, b, C.line_of_sight, near) != want \
                or distance(a, b) > 1 and _sets(between(a, b)) != want:
            differ.append((a, b))
    print("line of sight, CPython: %d pairs, %d differences" % (len(pairs), len(differ)))
    assert not differ, differ[:10]


def test_a_unit_on_a_hex_the_line_crosses_blocks_alone():
    # RULES B6: from A1 to D2 (cube direction 3, -4, 1: no two components equal) the line
    # passes through B1, crosses the edge of B2 and C1 at its middle, so it passes through
    # both, then C2: a unit on any of the four blocks on its own (the line does not run
    # along the edge of B2 and C1, so RULINGS B6 does not apply); A2 and D1 are off it
    a, b = pack(0, 0), pack(3, 1)
    on = [pack(1, 0), pack(1, 1), pack(2, 0), pack(2, 1)]
    assert between(a, b) == [(h, -1) for h in on]
    for h in on:
        assert not C.line_of_sight(a, b, lambda k: k == h)
        assert not C.line_of_sight(b, a, lambda k: k == h)
    assert C.line_of_sight(a, b, lambda k: k in (pack(0, 1), pack(3, 0)))


def test_line_along_a_row_and_along_an_edge():
    # RULES B6: a straight row crosses the hexes between; a line along the edge of two
    # hexes names both (RULINGS.md, B6)
    assert between(pack(1, 2), pack(4, 2)) == [(pack(2, 2), -1), (pack(3, 2), -1)]
    assert between(pack(2, 2), pack(3, 4)) == [(pack(2, 3), -1)]  # down one hex axis
    (h, other), = between(pack(2, 2), pack(2, 0))  # straight up: along an edge
    assert other >= 0 and {h, other} == {pack(1, 1), pack(2, 1)}


def test_line_of_sight_is_blocked_by_any_unit_between():
    # RULES B6: range at most 5; any unit (either side) in a hex between blocks it
    a = pack(1, 2)
    b = pack(4, 2)
    assert C.line_of_sight(a, b, lambda h: False)
    assert not C.line_of_sight(a, b, lambda h: h == pack(3, 2))
    assert C.line_of_sight(a, b, lambda h: h in (a, b))  # the ends do not block
    assert not C.line_of_sight(pack(0, 0), pack(6, 0), lambda h: False)  # range 6
    assert C.line_of_sight(pack(0, 0), pack(5, 0), lambda h: False)


def test_line_along_an_edge_is_blocked_only_by_both_hexes():
    # RULINGS.md, B6: a line along the edge between two hexes needs both to be taken
    a, b = pack(2, 2), pack(2, 0)
    left, right = pack(1, 1), pack(2, 1)
    assert C.line_of_sight(a, b, lambda h: h == left)
    assert C.line_of_sight(a, b, lambda h: h == right)
    assert not C.line_of_sight(a, b, lambda h: h in (left, right))


def test_fire_strength_falls_by_one_per_hex():
    # RULES B6 and its ruling: adjacent subtracts 1; 0 or less cannot fire
    assert C.fire_strength(5, 1) == 4
    assert C.fire_strength(5, 4) == 1
    assert C.fire_strength(5, 5) == 0
    assert C.fire_strength(3, 4) == 0


def test_odds_are_rounded_in_the_defenders_favour():
    # RULES B7: odds = attack : defence, rounded to the table's columns for the defender
    names = ["%d:%d" % (HT.ODDS[2 * c], HT.ODDS[2 * c + 1]) for c in range(C.N_COLUMNS)]
    col = {n: i for i, n in enumerate(names)}
    assert C.odds_column(6, 3) == col["2:1"]
    assert C.odds_column(5, 3) == col["3:2"]  # 1.67: not yet 2:1
    assert C.odds_column(8, 3) == col["2:1"]  # 2.67: not yet 3:1
    assert C.odds_column(3, 3) == col["1:1"]
    assert C.odds_column(2, 3) == col["1:2"]  # 0.67: not 1:1
    assert C.odds_column(20, 3) == col["4:1"]  # beyond the last column: the last
    # RULINGS.md, B7: below the first column (melee is mandatory) uses the first
    assert C.odds_column(1, 5) == col["1:3"]


def test_results_and_hits():
    # RULES B8: A1/A2 attacker, D1/D2 defender, E1/E2 both; the die picks the row
    for c in range(C.N_COLUMNS):
        for die in range(1, 7):
            res = C.result(c, die)
            att, dfd = C.hits(res)
            name = HN.RESULT_NAMES[res]
            assert (att, dfd) == build_hex.HITS[name]
    assert HN.RESULT_NAMES[C.result(0, 1)] == "A2" and HN.RESULT_NAMES[C.result(6, 6)] == "D2"


def _blockers(a, b):
    """The S line tools/mpcheck/drivers/hx_geometry.py prints for a pair, from CPython."""
    alone, two = REF.signature(a, b, C.line_of_sight, _near(a, b))
    return "S %d %d %s / %s" % (a, b, " ".join(str(k) for k in _near(a, b) if k in alone),
                                " ".join("%d-%d" % tuple(sorted(p)) for p in sorted(
                                    two, key=lambda p: tuple(sorted(p)))))


def _expected_lines():
    from engine.tactical_hex import tables as T

    out = []
    for a in range(T.MAP_W * T.MAP_H):
        for b in range(T.MAP_W * T.MAP_H):
            if 2 <= distance(a, b) <= C.FIRE_RANGE:
                parts = [str(h) if o < 0 else "%d/%d" % (h, o) for h, o in between(a, b)]
                out.append("L %d %d %s" % (a, b, " ".join(parts)))
            if 1 <= distance(a, b) <= C.FIRE_RANGE:
                out.append(_blockers(a, b))
    from engine.tactical_hex.movement import destinations
    from engine.tactical_hex.setup import deploy_zone

    for side in (0, 1):
        out.append("Z %d %s" % (side, " ".join(str(h) for h in deploy_zone(side))))
    units = {50: 1, 51: 0, 64: 1}
    for start in range(0, T.MAP_W * T.MAP_H, 7):
        if start not in units:
            got = destinations(start, 6, 0, lambda h: units.get(h, -1))
            out.append("D %d %s" % (start, " ".join("%d:%d" % (h, got[h]) for h in sorted(got))))
    cols = [str(C.odds_column(att, dfd)) for att in range(1, 13) for dfd in range(1, 7)]
    return out + ["O %s" % " ".join(cols), "END"]


def test_micropython_draws_the_same_lines_moves_and_odds():
    # DESIGN §6: the engine runs unchanged in MicroPython; integers only, so the lines match
    # CPython's, and its line of sight blocks exactly where the exact reference says (RULES
    # B6, RULINGS B6) for every pair within range
    sys.path.insert(0, os.path.join(ROOT, "tools", "mpcheck"))
    import mpcheck

    res = mpcheck.run(os.path.join(ROOT, "tools", "mpcheck", "drivers", "hx_geometry.py"), "",
                      mode="mpy")
    assert res.ok, res.error
    got = [line for line in res.lines if line.startswith(("L ", "S ", "Z ", "D ", "O ", "END"))]
    differ = []
    seen = 0
    for line in got:
        if line.startswith("S "):
            head, _, two = line.partition(" / ")
            f = [int(x) for x in head.split()[1:]]
            mine = (set(f[2:]), {frozenset(int(x) for x in p.split("-")) for p in two.split()})
            seen += 1
            if mine != REF.reference(f[0], f[1]):
                differ.append((f[0], f[1]))
    print("line of sight, MicroPython: %d pairs, %d differences" % (seen, len(differ)))
    assert seen == len(REF.pairs()) and not differ, differ[:10]
    assert got == _expected_lines()
