# SPDX-License-Identifier: MIT
"""RULES A6 (ranged assault): range 1+N over the shortest route through tiles, line of sight
(features, enemy units and hexes with no tile block it; allies do not; Flying ignores units
and features; the edge ruling), and the defender that cannot reach back rolls no OFF dice."""
import pytest

from helpers import (act, do, legal, pin, pin_feature, pin_plain, position, refused, row, scripted,
                     where, who)

# Unit keys. Positions list each side's units in this order, so that they are A1, A2, ...
# and B1, B2, ... in the notation.
A1, A2 = "company_trooper", "company_scout"
B1, B2, B3 = "goblin_rascal", "goblin_thug", "goblin_archer"


def can(st, a="A1", b="B1"):
    return ("assault %s %s" % (a, b)) in legal(st)


def setup_cards(monkeypatch, ranged=1, a_flying=0, b_flying=0):
    pin(monkeypatch, A1, ranged=ranged, flying=a_flying)
    pin(monkeypatch, B1, flying=b_flying)
    pin_plain(monkeypatch, A2, B2, B3)
    pin_feature(monkeypatch, "forest")  # a feature with no effect of its own
    pin_feature(monkeypatch, "village")


# --- range ------------------------------------------------------------------------------

def test_range_is_one_plus_ranged(monkeypatch):
    setup_cards(monkeypatch, ranged=1)
    tiles = row(0, 4)
    # RULES A6: Ranged 1 -> range 2.
    assert can(position(tiles, [("A", A1, "0,0"), ("B", B1, "2,0")]))
    st = position(tiles, [("A", A1, "0,0"), ("B", B1, "3,0")])
    assert not can(st)
    refused(st, "assault A1 B1", "A6")
    # RULES A6: Ranged 2 -> range 3.
    setup_cards(monkeypatch, ranged=2)
    assert can(position(tiles, [("A", A1, "0,0"), ("B", B1, "3,0")]))
    assert not can(position(tiles, [("A", A1, "0,0"), ("B", B1, "4,0")]))
    # RULES A5: without Ranged only the adjacent enemy.
    setup_cards(monkeypatch, ranged=0)
    assert not can(position(tiles, [("A", A1, "0,0"), ("B", B1, "2,0")]))


def test_ranged_assault_is_resolved_like_an_assault(monkeypatch):
    setup_cards(monkeypatch, ranged=1)
    st = position(row(0, 2), [("A", A1, "0,0"), ("B", B1, "2,0"), ("B", B2, "reserve")])
    # RULES A6 + A5.4: OFF 5 vs DEF 4 -> defeated; B1 cannot reach back (no OFF dice).
    act(st, "assault A1 B1", [5, 1, 4])
    assert where(st, "B1") == "captive"
    assert where(st, "A1") == "0,0"


def test_route_runs_through_occupied_hexes_and_allies_do_not_block(monkeypatch):
    setup_cards(monkeypatch, ranged=1)
    st = position(row(0, 2), [("A", A1, "0,0"), ("A", A2, "1,0"), ("B", B1, "2,0")])
    # RULES A6 rulings: the route runs through tiles, occupied ones included (the ally's hex
    # counts 1), and allies do not block line of sight.
    assert can(st)


def test_range_bonus_of_a_feature(monkeypatch):
    setup_cards(monkeypatch, ranged=1)
    pin_feature(monkeypatch, "tower", range_bonus=1)
    tiles = [("0,0", "grid", "tower")] + row(1, 4) + [("-1,0", "grid", "village")]
    # RULES A1/A6: a feature card may add Ranged (data: the tower's range bonus 1 here).
    assert can(position(tiles, [("A", A1, "0,0"), ("B", B1, "3,0")]))
    assert not can(position(tiles, [("A", A1, "0,0"), ("B", B1, "4,0")]))


# --- line of sight: blockers ----------------------------------------------------------------

def test_feature_between_blocks(monkeypatch):
    setup_cards(monkeypatch, ranged=1)
    tiles = ["0,0", ("1,0", "grid", "forest"), "2,0", ("0,1", "grid", "village")]
    units = [("A", A1, "0,0"), ("B", B1, "2,0")]
    st = position(tiles, units)
    # RULES A6: a feature on a hex between attacker and target blocks line of sight.
    assert not can(st)
    refused(st, "assault A1 B1", "A6")


def test_features_under_attacker_or_target_do_not_block(monkeypatch):
    setup_cards(monkeypatch, ranged=1)
    tiles = [("0,0", "grid", "forest"), "1,0", ("2,0", "grid", "village")]
    # RULES A6: only hexes *between* attacker and target block; the attacker's and the
    # target's own feature hexes do not.
    assert can(position(tiles, [("A", A1, "0,0"), ("B", B1, "2,0")]))


def test_enemy_unit_between_blocks(monkeypatch):
    setup_cards(monkeypatch, ranged=1)
    st = position(row(0, 2), [("A", A1, "0,0"), ("B", B1, "2,0"), ("B", B2, "1,0")])
    # RULES A6: an enemy unit between blocks; the enemy next to A1 may still be assaulted.
    assert where(st, "B2") == "1,0"
    assert not can(st)
    assert can(st, "A1", "B2")
    refused(st, "assault A1 B1", "A6")


def test_hex_with_no_tile_blocks(monkeypatch):
    setup_cards(monkeypatch, ranged=2)
    units = [("A", A1, "0,0"), ("B", B1, "2,0")]
    # 1,0 has no tile; the route 0,0 -> 1,-1 -> 2,-1 -> 2,0 is 3, within range 3.
    tiles = ["0,0", "1,-1", "2,-1", "2,0"]
    # RULES A6: a hex with no tile between them always blocks line of sight.
    assert not can(position(tiles, units))
    # The same with a tile on 1,0: the line is clear.
    assert can(position(tiles + ["1,0"], units))


def test_flying_attacker_or_target_ignores_units_and_features(monkeypatch):
    cases = [
        ["0,0", ("1,0", "grid", "forest"), "2,0", ("0,1", "grid", "village")],
    ]
    for a_fly, b_fly in ((1, 0), (0, 1)):
        setup_cards(monkeypatch, ranged=1, a_flying=a_fly, b_flying=b_fly)
        # RULES A6: features and enemy units block unless the attacker or target is Flying.
        st = position(cases[0], [("A", A1, "0,0"), ("B", B1, "2,0")])
        assert can(st), (a_fly, b_fly)
        st = position(row(0, 2), [("A", A1, "0,0"), ("B", B1, "2,0"), ("B", B2, "1,0")])
        assert can(st), (a_fly, b_fly)


def test_flying_does_not_see_across_a_hex_with_no_tile(monkeypatch):
    setup_cards(monkeypatch, ranged=2, a_flying=1)
    # RULES A6: hexes with no tile always block it -- Flying or not.
    st = position(["0,0", "1,-1", "2,-1", "2,0"], [("A", A1, "0,0"), ("B", B1, "2,0")])
    assert not can(st)


def test_the_datas_flyer_is_seen_past_blockers():
    # RULES A6 with the factions' own cards (docs/DATA.md, no pinned card): the Company
    # Trooper (Ranged 1) may assault the Steam Witch (Flying 1) two hexes off past a forest
    # or past another enemy unit, where it may not assault the Dwarf Tinker (no Flying)
    from helpers import card

    assert card("steam_witch")["flying"] == 1 and card("dwarf_tinker")["flying"] == 0
    forest = ["0,0", ("1,0", "grid", "forest"), "2,0", "3,0"]
    for target, seen in (("steam_witch", True), ("dwarf_tinker", False)):
        st = position(forest, [("A", "company_trooper", "0,0"), ("B", target, "2,0")])
        assert can(st) == seen, target
        st = position(row(0, 2), [("A", "company_trooper", "0,0"), ("B", target, "2,0"),
                                  ("B", "blunderbuss", "1,0")])
        assert can(st) == seen, target


# --- line of sight along a hex edge ---------------------------------------------------------

# From 0,0 to 1,1 the straight line runs exactly along the edge between 1,0 and 0,1.
EDGE_TILES = ["0,0", "1,0", "0,1", "1,1"]


def edge(monkeypatch, tiles, extra_units):
    setup_cards(monkeypatch, ranged=1)
    return position(tiles, [("A", A1, "0,0"), ("B", B1, "1,1")] + extra_units)


def test_edge_line_clear_when_both_sides_clear(monkeypatch):
    # RULES A6 ruling: LOS along an edge is clear if either side is clear.
    assert can(edge(monkeypatch, EDGE_TILES, []))


def test_edge_line_clear_when_one_side_is_blocked(monkeypatch):
    # RULES A6 ruling: one side holds an enemy, the other is clear -> clear.
    assert can(edge(monkeypatch, EDGE_TILES, [("B", B2, "1,0")]))
    assert can(edge(monkeypatch, EDGE_TILES, [("B", B2, "0,1")]))
    # ... one side is a feature, the other clear -> clear.
    tiles = ["0,0", ("1,0", "grid", "forest"), "0,1", "1,1"]
    assert can(edge(monkeypatch, tiles, []))
    # ... one side has no tile, the other is clear -> clear.
    assert can(edge(monkeypatch, ["0,0", "1,0", "1,1"], []))
    assert can(edge(monkeypatch, ["0,0", "0,1", "1,1"], []))


def test_edge_line_blocked_when_both_sides_are_blocked(monkeypatch):
    # RULES A6 ruling: both sides blocked (by any blockers) -> blocked.
    st = edge(monkeypatch, EDGE_TILES, [("B", B2, "1,0"), ("B", B3, "0,1")])
    assert not can(st)
    refused(st, "assault A1 B1", "A6")
    tiles = ["0,0", ("1,0", "grid", "forest"), "0,1", "1,1"]
    assert not can(edge(monkeypatch, tiles, [("B", B2, "0,1")]))
    tiles = ["0,0", ("1,0", "grid", "forest"), "1,1"]  # 0,1 has no tile
    assert not can(edge(monkeypatch, tiles, []))


def test_edge_line_ally_on_one_side_does_not_block(monkeypatch):
    # RULES A6 rulings: allies do not block, so the ally's side is clear.
    assert can(edge(monkeypatch, EDGE_TILES, [("A", A2, "1,0"), ("B", B2, "0,1")]))


@pytest.mark.parametrize("target, side1, side2", [
    ("1,1", "1,0", "0,1"),
    ("2,-1", "1,-1", "1,0"),
    ("1,-2", "1,-1", "0,-1"),
    ("-1,-1", "0,-1", "-1,0"),
    ("-2,1", "-1,0", "-1,1"),
    ("-1,2", "0,1", "-1,1"),
])
def test_edge_rule_in_all_six_directions(monkeypatch, target, side1, side2):
    setup_cards(monkeypatch, ranged=1)
    tiles = ["0,0", side1, side2, target]
    # RULES A6 ruling, each of the six directions in which a line runs along an edge:
    # clear with one side blocked (either one), blocked with both.
    assert can(position(tiles, [("A", A1, "0,0"), ("B", B1, target), ("B", B2, side1)]))
    assert can(position(tiles, [("A", A1, "0,0"), ("B", B1, target), ("B", B2, side2)]))
    assert not can(position(tiles, [("A", A1, "0,0"), ("B", B1, target), ("B", B2, side1),
                                     ("B", B3, side2)]))


def test_long_edge_line_needs_a_clear_side_at_each_step(monkeypatch):
    setup_cards(monkeypatch, ranged=3)
    # 0,0 -> 2,2: the line runs along the edge 1,0|0,1, through the centre of 1,1, then along
    # the edge 2,1|1,2.
    tiles = ["0,0", "1,0", "0,1", "1,1", "2,1", "1,2", "2,2"]
    base = [("A", A1, "0,0"), ("B", B1, "2,2")]
    # RULES A6 ruling: blockers on opposite sides at the two edges leave each step clear.
    assert can(position(tiles, base + [("B", B2, "1,0"), ("B", B3, "1,2")]))
    # Both sides of the second edge blocked -> blocked.
    assert not can(position(tiles, base + [("B", B2, "2,1"), ("B", B3, "1,2")]))
    # The centre hex 1,1 blocked -> blocked.
    assert not can(position(tiles, base + [("B", B2, "1,1")]))


# --- the defender that cannot reach back --------------------------------------------------

def test_defender_out_of_range_rolls_no_off_dice(monkeypatch):
    setup_cards(monkeypatch, ranged=1)
    st = position(row(0, 2), [("A", A1, "0,0"), ("B", B1, "2,0")])
    do(st, "assault A1 B1")
    # RULES A6: B1 (no Ranged) cannot reach A1 two hexes away: no OFF dice, DEF still rolled.
    assert list(st.ndice) == [1, 1, 0, 1]
    # Three dice: A OFF 1, A DEF 1, B DEF 6. A1's DEF 1 would fall to any OFF die but B has
    # none (A5.4: no OFF dice, no defeat).
    scripted(st, [1, 1, 6])
    assert where(st, "A1") == "0,0" and where(st, "B1") == "2,0"
    assert who(st) == "B"


def test_defender_in_range_with_sight_rolls_off_dice(monkeypatch):
    setup_cards(monkeypatch, ranged=1)
    pin(monkeypatch, B1, ranged=1)
    st = position(row(0, 2), [("A", A1, "0,0"), ("B", B1, "2,0"), ("A", A2, "reserve")])
    do(st, "assault A1 B1")
    # RULES A6: B1 has Ranged 1 and a clear line back: it rolls its OFF die.
    assert list(st.ndice) == [1, 1, 1, 1]
    scripted(st, [1, 1, 2, 6])
    assert where(st, "A1") == "captive"  # OFF 2 > DEF 1 (A5.4)


def test_defender_without_line_of_sight_back_rolls_no_off_dice(monkeypatch):
    setup_cards(monkeypatch, ranged=1)
    pin(monkeypatch, B1, ranged=1)
    # A2 stands between: A's ally does not block A1's sight (A6 ruling), but for B1 it is an
    # enemy unit that blocks the line back.
    st = position(row(0, 2), [("A", A1, "0,0"), ("A", A2, "1,0"), ("B", B1, "2,0")])
    do(st, "assault A1 B1")
    # RULES A6: no line of sight back -> no OFF dice for the defender.
    assert list(st.ndice) == [1, 1, 0, 1]
    scripted(st, [1, 1, 6])
    assert where(st, "A1") == "0,0"


def test_adjacent_defender_always_strikes_back(monkeypatch):
    setup_cards(monkeypatch, ranged=1)
    st = position(row(0, 1), [("A", A1, "0,0"), ("B", B1, "1,0")])
    do(st, "assault A1 B1")
    # RULES A5: an adjacent defender rolls both kinds of dice.
    assert list(st.ndice) == [1, 1, 1, 1]
