# SPDX-License-Identifier: MIT
"""Tactical Hex movement (RULES B4): engine/tactical_hex/movement.py."""
from engine.tactical_hex import tables as HT
from engine.tactical_hex.geometry import distance, neighbours, pack
from engine.tactical_hex.movement import destinations, is_river, step

JAPAN, RUSSIA = 0, 1


def _sides(units):
    """side_at for {hex: side}."""
    return lambda h: units.get(h, -1)


def test_one_mp_a_plain_hex_on_an_empty_map():
    # RULES B4: 1 MP per plain hex
    start = pack(9, 3)
    got = destinations(start, 3, JAPAN, _sides({}))
    assert all(got[h] == 3 - distance(start, h) for h in got)
    near = [h for h in range(HT.MAP_W * HT.MAP_H)
            if 1 <= distance(start, h) <= 3 and not is_river(h)]
    assert sorted(got) == sorted(near)  # no river in reach of (9, 3) blocks a detour


def test_rivers_cannot_be_entered():
    # RULES B1, B4: rivers are impassable; the unit goes round them
    assert is_river(pack(6, 3)) and is_river(pack(5, 4))
    start = pack(5, 3)
    assert step(start, pack(6, 3), 6, JAPAN, _sides({})) == -1
    got = destinations(start, 2, JAPAN, _sides({}))
    assert pack(6, 3) not in got and pack(5, 4) not in got
    far = destinations(pack(1, 4), 2, JAPAN, _sides({}))  # the tributary on row 5
    assert all(not is_river(h) for h in far) and pack(1, 6) not in far


def test_passing_a_friend_costs_one_more_and_no_move_ends_on_it():
    # RULES B1 (one unit per hex at the end of a move), B4 (+1 MP through a friend)
    start = pack(9, 3)
    friend = pack(10, 3)
    beyond = pack(11, 3)
    assert step(start, friend, 3, JAPAN, _sides({friend: JAPAN})) == 2 * 2  # cost 2, no stop
    got = destinations(start, 3, JAPAN, _sides({friend: JAPAN}))
    assert friend not in got
    assert got[beyond] == 0  # 2 into the friend's hex, 1 out of it


def test_enemies_are_neither_entered_nor_passed():
    # RULES B4: enemy units cannot be passed or entered
    start = pack(9, 2)
    enemy = pack(10, 2)
    assert step(start, enemy, 6, JAPAN, _sides({enemy: RUSSIA})) == -1
    got = destinations(start, 6, JAPAN, _sides({enemy: RUSSIA}))
    assert enemy not in got


def test_entering_next_to_an_enemy_stops_the_move_and_needs_one_mp_left():
    # RULES B4: stop next to an enemy, with 1 MP left for the attack, or do not enter
    start = pack(8, 4)
    enemy = pack(11, 4)
    side_at = _sides({enemy: RUSSIA})
    zoc = pack(10, 4)
    assert distance(zoc, enemy) == 1 and distance(start, zoc) == 2
    assert step(pack(9, 4), zoc, 1, JAPAN, side_at) == -1  # no MP left over
    assert step(pack(9, 4), zoc, 2, JAPAN, side_at) == 1 * 2 + 1  # cost 1, stop
    assert zoc not in destinations(start, 2, JAPAN, side_at)
    got = destinations(start, 3, JAPAN, side_at)
    assert got[zoc] == 1
    far = destinations(start, 6, JAPAN, side_at)
    for h, left in far.items():  # every stop next to the enemy keeps 1 MP for the attack
        if distance(h, enemy) == 1:
            assert left >= 1
    # a stop hex is entered from a hex that is not itself a stop
    behind = pack(11, 5)
    assert distance(behind, enemy) == 1 and behind in far
    assert any(distance(n, enemy) > 1 and step(n, behind, 6, JAPAN, side_at) >= 0
               for n in neighbours(behind))


def test_leaving_a_hex_next_to_an_enemy_costs_two_more():
    # RULES B4: +2 MP to leave a hex adjacent to an enemy
    start = pack(9, 4)
    enemy = pack(10, 4)
    side_at = _sides({enemy: RUSSIA})
    away = pack(8, 4)
    assert distance(away, enemy) == 2
    assert step(start, away, 3, JAPAN, side_at) == 3 * 2  # cost 3 (1 + 2 to leave)
    assert step(start, away, 2, JAPAN, side_at) == -1
    assert away not in destinations(start, 2, JAPAN, side_at)
    assert destinations(start, 3, JAPAN, side_at)[away] == 0
