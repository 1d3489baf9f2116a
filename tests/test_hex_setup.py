# SPDX-License-Identifier: MIT
"""Tactical Hex set-up (RULES B2) and initiative (B3.1): engine/tactical_hex/setup.py."""
from engine.tactical_hex import tables as HT
from engine.tactical_hex.geometry import distance, pack
from engine.tactical_hex.movement import is_river
from engine.tactical_hex.setup import (JAPAN, RUSSIA, deploy_hexes, deploy_zone, deploys_first,
                                       initiative)


def _count(side):
    return sum(1 for i in range(HT.N_COUNTERS) if HT.COUNTERS[i * HT.COUNTER_SIZE] == side)


def test_deployment_zones_are_the_corners_within_range():
    # RULES B2: Japan within 4 hexes of the top-left corner, Russia of the bottom-right
    for side, corner in ((JAPAN, pack(0, 0)), (RUSSIA, pack(HT.MAP_W - 1, HT.MAP_H - 1))):
        zone = deploy_zone(side)
        assert zone == sorted(zone)
        assert all(distance(h, corner) <= HT.DEPLOY_RANGE and not is_river(h) for h in zone)
        assert corner in zone and len(zone) >= _count(side)
        outside = [h for h in range(HT.MAP_W * HT.MAP_H)
                   if h not in zone and not is_river(h)]
        assert all(distance(h, corner) > HT.DEPLOY_RANGE for h in outside)
    assert not set(deploy_zone(JAPAN)) & set(deploy_zone(RUSSIA))


def test_one_unit_per_hex_while_deploying():
    # RULES B2: one unit per hex; Japan deploys first
    assert deploys_first() == JAPAN
    zone = deploy_zone(JAPAN)
    taken = {zone[0]: JAPAN, zone[3]: JAPAN}
    free = deploy_hexes(JAPAN, lambda h: taken.get(h, -1))
    assert free == [h for h in zone if h not in taken]


def test_initiative_goes_to_the_higher_die_and_ties_roll_again():
    # RULES B3.1: each side rolls 1d6, re-roll ties; the higher is the first player
    assert initiative(5, 2) == JAPAN
    assert initiative(1, 6) == RUSSIA
    assert all(initiative(d, d) == -1 for d in range(1, 7))
