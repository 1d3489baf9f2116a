# SPDX-License-Identifier: MIT
"""RULES A8 (hazards): Water is a DV 5 DEF test on moving in, with its ruling (roll the DEF
dice, apply DEF bumps, pass if any die reaches 5; no DEF dice fails; the victim is nobody's
captive); no test when deployed there, on favored terrain, or on a feature hex."""
from engine.pocket_tactics import tables as T
from helpers import (CHANCE, DESTROYED, act, do, legal, pin, pin_feature, pin_plain, position,
                     scripted, terrain_id, uid, where, who)

# Unit keys. Positions list each side's units in this order, so that they are A1, A2, ...
# and B1, B2, ... in the notation.
A1, A2 = "company_trooper", "company_scout"
B1, B2 = "goblin_rascal", "goblin_thug"

WATER_MAP = ["0,0", ("1,0", "water"), "2,0"]


def water(monkeypatch, **card):
    pin(monkeypatch, A1, **card)
    pin_plain(monkeypatch, A2, B1, B2)
    return position(WATER_MAP, [("A", A1, "0,0"), ("A", A2, "reserve"), ("B", B1, "reserve")])


def test_water_is_a_dv5_hazard():
    # RULES A8: Water -- a DV 5 DEF test (the terrain data must say so).
    assert T.T_HAZARD[terrain_id("water")] == 5


def test_water_test_passed_with_a_five(monkeypatch):
    st = water(monkeypatch)
    do(st, "move A1 1,0")
    # RULES A8: one die per DEF die of the unit is rolled, as a chance node.
    assert st.to_act() == CHANCE and st.chance_is_die()
    # RULES A8 ruling: passes if any die is >= 5.
    scripted(st, [5])
    assert where(st, "A1") == "1,0"
    assert who(st) == "B"


def test_water_test_failed_with_a_four(monkeypatch):
    st = water(monkeypatch)
    act(st, "move A1 1,0", [4])
    # RULES A8: failed -> defeated at once; removed and nobody's captive.
    assert st.u_where[uid(st, "A1")] == DESTROYED
    assert where(st, "A1") == "destroyed"
    assert st.captive_points(1) == 0
    assert st.board.t_unit[1] == 255
    assert who(st) == "B" and st.winner() is None  # A still has A2 in reserve


def test_water_test_any_die_of_several(monkeypatch):
    st = water(monkeypatch, def_=3)
    do(st, "move A1 1,0")
    # RULES A8 ruling: all DEF dice are rolled; one die reaching 5 is enough.
    scripted(st, [1, 2, 6])
    assert where(st, "A1") == "1,0"
    st = water(monkeypatch, def_=3)
    act(st, "move A1 1,0", [4, 4, 4])
    assert where(st, "A1") == "destroyed"


def test_water_test_applies_def_bumps(monkeypatch):
    # RULES A8 ruling: the unit's DEF bumps apply: 4 + 1 = 5 passes.
    st = water(monkeypatch, def_bumps=(1,))
    act(st, "move A1 1,0", [4])
    assert where(st, "A1") == "1,0"
    # ... 3 + 1 = 4 fails.
    st = water(monkeypatch, def_bumps=(1,))
    act(st, "move A1 1,0", [3])
    assert where(st, "A1") == "destroyed"
    # OFF bumps do not help a DEF test.
    st = water(monkeypatch, off_bumps=(2,))
    act(st, "move A1 1,0", [4])
    assert where(st, "A1") == "destroyed"


def test_water_test_bumps_never_above_six_still_pass(monkeypatch):
    st = water(monkeypatch, def_bumps=(3,))
    act(st, "move A1 1,0", [6])
    assert where(st, "A1") == "1,0"


def test_unit_with_no_def_dice_fails(monkeypatch):
    st = water(monkeypatch, def_=0)
    do(st, "move A1 1,0")
    # RULES A8 ruling: a unit with no DEF dice fails -- no die to roll, defeated at once.
    assert st.to_act() != CHANCE
    assert where(st, "A1") == "destroyed"
    assert who(st) == "B"


def test_favored_terrain_ignores_the_hazard(monkeypatch):
    st = water(monkeypatch, favored="water")
    do(st, "move A1 1,0")
    # RULES A8: no test when the hex's type is the unit's favored terrain.
    assert st.to_act() != CHANCE
    assert where(st, "A1") == "1,0" and who(st) == "B"


def test_feature_hex_is_no_hazard(monkeypatch):
    pin_feature(monkeypatch, "village")
    pin_feature(monkeypatch, "tower")
    pin_plain(monkeypatch, A1, A2, B1)
    # A village built on a Water tile, and a second feature so that taking the village does
    # not win the game (A10).
    tiles = ["0,0", ("1,0", "water", "village"), ("-1,0", "grid", "tower")]
    st = position(tiles, [("A", A1, "0,0"), ("B", B1, "reserve")])
    do(st, "move A1 1,0")
    # RULES A1/A8: a hex holding a feature counts as the feature; its terrain hazard does not
    # apply.
    assert st.to_act() != CHANCE
    assert where(st, "A1") == "1,0" and who(st) == "B"


def test_deployed_into_water_no_test(monkeypatch):
    pin_feature(monkeypatch, "village")
    pin_feature(monkeypatch, "tower")
    pin_plain(monkeypatch, A1, A2, B1)
    tiles = [("0,0", "grid", "village"), ("1,0", "water"), "2,0", "3,0", "4,0",
             ("5,0", "grid", "tower")]
    st = position(tiles, [("A", A1, "0,0"), ("A", A2, "reserve"), ("B", B1, "5,0")])
    assert "deploy A2 1,0" in legal(st)
    do(st, "deploy A2 1,0")
    # RULES A7/A8: units deployed into a hazard hex ignore the hazard.
    assert st.to_act() != CHANCE
    assert where(st, "A2") == "1,0" and who(st) == "B"


def test_each_hazard_entered_is_a_test(monkeypatch):
    pin(monkeypatch, A1, swift=1)
    pin_plain(monkeypatch, B1)
    # The only way to 2,0 is through the water on 1,0, which is entered (a test), then 2,0
    # is another Water hex (a second test).
    tiles = ["0,0", ("1,0", "water"), ("2,0", "water")]
    st = position(tiles, [("A", A1, "0,0"), ("B", B1, "reserve")])
    do(st, "move A1 2,0")
    # RULES A4/A8: hazards trigger when moving into a hex -- every one on the way.
    scripted(st, [5])
    assert st.to_act() == CHANCE
    scripted(st, [6])
    assert where(st, "A1") == "2,0" and who(st) == "B"
    # Failing the first test ends the move at once: the unit is lost, no second test.
    st = position(tiles, [("A", A1, "0,0"), ("B", B1, "reserve"), ("B", B2, "reserve")])
    act(st, "move A1 2,0", [2])
    assert where(st, "A1") == "destroyed"
    assert st.winner() == 1  # A has no unit left (A10)


def test_hopping_over_water_is_not_entering_it(monkeypatch):
    pin_plain(monkeypatch, A1, A2, B1)
    st = position(["0,0", ("1,0", "water"), "2,0"],
                  [("A", A1, "0,0"), ("A", A2, "1,0"), ("B", B1, "reserve")])
    do(st, "move A1 2,0")
    # RULES A4/A8: the hop jumps over the ally's Water hex; only the hex moved into counts.
    assert st.to_act() != CHANCE
    assert where(st, "A1") == "2,0"


def test_hop_landing_in_water_is_a_test(monkeypatch):
    pin_plain(monkeypatch, A1, A2, B1)
    st = position(["0,0", "1,0", ("2,0", "water")],
                  [("A", A1, "0,0"), ("A", A2, "1,0"), ("B", B1, "reserve")])
    do(st, "move A1 2,0")
    # RULES A4/A8 (RULINGS A8): a hop that lands in Water moves the unit into it -> test.
    assert st.to_act() == CHANCE
    scripted(st, [3])
    assert where(st, "A1") == "destroyed"


def test_moving_out_of_water_is_no_test(monkeypatch):
    pin_plain(monkeypatch, A1, B1)
    st = position([("0,0", "water"), "1,0"], [("A", A1, "0,0"), ("B", B1, "reserve")])
    do(st, "move A1 1,0")
    # RULES A8: the hazard triggers on moving *into* the hex.
    assert st.to_act() != CHANCE
    assert where(st, "A1") == "1,0"
