# SPDX-License-Identifier: MIT
"""RULES A7 (deploy and return): deploy from reserves in or next to a feature you control
(ruling: control = one of your units occupies it); return to reserves from a feature, or from
next to a feature an ally occupies (ruling: the ally stays)."""
from helpers import (CHANCE, act, do, legal, pin_feature, pin_plain, position, refused, where, who)

# Unit keys. Positions list each side's units in this order, so that they are A1, A2, ...
# and B1, B2, ... in the notation.
A1, A2, A3 = "company_trooper", "company_scout", "company_heavy"
B1, B2 = "goblin_rascal", "goblin_thug"

# A village on 0,0 with four tiles around it (1,0, 0,1, -1,0, 0,-1), a tower far away on
# 4,0 (3,0 and 2,0 lead there).
TILES = [("0,0", "grid", "village"), "1,0", "0,1", "-1,0", "0,-1", "2,0", "3,0",
         ("4,0", "grid", "tower")]


def cards(monkeypatch):
    pin_feature(monkeypatch, "village")
    pin_feature(monkeypatch, "tower")
    pin_plain(monkeypatch, A1, A2, A3, B1, B2)


def deploys(st, name):
    prefix = "deploy %s " % name
    return {a[len(prefix):] for a in legal(st) if a.startswith(prefix)}


def test_deploy_next_to_a_feature_you_occupy(monkeypatch):
    cards(monkeypatch)
    st = position(TILES, [("A", A1, "0,0"), ("A", A2, "reserve"), ("B", B1, "4,0")])
    # RULES A7: deploy in or adjacent to a feature you control (occupied by your unit, A7
    # ruling), on an unoccupied hex: the four empty tiles around the village.
    assert deploys(st, "A2") == {"1,0", "0,1", "-1,0", "0,-1"}
    # Not further away, and not on a hex with a unit.
    refused(st, "deploy A2 2,0", "A7")
    refused(st, "deploy A2 0,0", "A7")
    act(st, "deploy A2 0,1")
    # RULES A3: deploying is the whole turn.
    assert where(st, "A2") == "0,1"
    assert who(st) == "B"


def test_occupied_neighbours_are_not_deploy_hexes(monkeypatch):
    cards(monkeypatch)
    st = position(TILES, [("A", A1, "0,0"), ("A", A2, "1,0"), ("A", A3, "reserve"),
                          ("B", B1, "0,1"), ("B", B2, "4,0")])
    # RULES A7: on an unoccupied hex only (own or enemy units both occupy).
    assert deploys(st, "A3") == {"-1,0", "0,-1"}


def test_no_deploy_without_control(monkeypatch):
    cards(monkeypatch)
    # The village is empty: nobody controls it (A7 ruling), even with A1 next to it.
    st = position(TILES, [("A", A1, "1,0"), ("A", A2, "reserve"), ("B", B1, "4,0")])
    assert deploys(st, "A2") == set()
    refused(st, "deploy A2 0,1", "A7")
    # The village held by the enemy: B controls it, A does not.
    st = position(TILES, [("A", A1, "1,0"), ("A", A2, "reserve"), ("B", B1, "0,0")])
    assert deploys(st, "A2") == set()
    refused(st, "deploy A2 0,1", "A7")


def test_deploy_next_to_any_controlled_feature(monkeypatch):
    cards(monkeypatch)
    st = position(TILES, [("A", A1, "0,0"), ("A", A2, "4,0"), ("A", A3, "reserve"),
                          ("B", B1, "1,0")])
    # RULES A7: any feature you control -- both the village and the tower.
    assert deploys(st, "A3") == {"0,1", "-1,0", "0,-1", "3,0"}


def test_no_deploy_when_every_hex_is_taken(monkeypatch):
    cards(monkeypatch)
    tiles = [("0,0", "grid", "village"), "1,0", ("2,0", "grid", "tower")]
    st = position(tiles, [("A", A1, "0,0"), ("A", A2, "reserve"), ("B", B1, "1,0"),
                          ("B", B2, "2,0")])
    # RULES A7: if there is no such hex, you cannot deploy.
    assert deploys(st, "A2") == set()


def test_captives_cannot_be_deployed(monkeypatch):
    cards(monkeypatch)
    st = position(TILES, [("A", A1, "0,0"), ("A", A2, "captive"), ("B", B1, "4,0")])
    # RULES A5.5/A7: a captive is held by the enemy, it is not in the reserves.
    assert deploys(st, "A2") == set()
    refused(st, "deploy A2 1,0", "A7")


def test_return_from_a_feature_gives_up_control(monkeypatch):
    cards(monkeypatch)
    st = position(TILES, [("A", A1, "0,0"), ("A", A2, "reserve"), ("B", B1, "4,0")])
    assert "return A1" in legal(st)
    act(st, "return A1")
    # RULES A7: a unit occupying a feature may return to reserves directly, giving up
    # control of that feature.
    assert where(st, "A1") == "reserve"
    assert st.board.t_unit[0] == 255
    assert who(st) == "B" and st.winner() is None  # A still has units in reserve (A10)
    act(st, "move B1 3,0")
    # A controls no feature any more: no deploy (A7).
    assert deploys(st, "A1") == set() and deploys(st, "A2") == set()


def test_return_next_to_a_feature_an_ally_occupies(monkeypatch):
    cards(monkeypatch)
    st = position(TILES, [("A", A1, "0,0"), ("A", A2, "1,0"), ("B", B1, "4,0")])
    assert "return A2" in legal(st)
    act(st, "return A2")
    # RULES A7 + ruling: the returning unit goes to its owner's reserves; the ally stays.
    assert where(st, "A2") == "reserve"
    assert where(st, "A1") == "0,0"
    assert who(st) == "B"


def test_no_return_next_to_an_empty_or_enemy_feature(monkeypatch):
    cards(monkeypatch)
    # Next to an empty village: no ally occupies it.
    st = position(TILES, [("A", A1, "1,0"), ("B", B1, "4,0")])
    assert "return A1" not in legal(st)
    refused(st, "return A1", "A7")
    # Next to the village held by an enemy.
    st = position(TILES, [("A", A1, "1,0"), ("B", B1, "0,0")])
    refused(st, "return A1", "A7")
    # Far from any feature.
    st = position(TILES, [("A", A1, "2,0"), ("A", A2, "0,0"), ("B", B1, "4,0")])
    refused(st, "return A1", "A7")


def test_return_then_deploy_again(monkeypatch):
    cards(monkeypatch)
    st = position(TILES, [("A", A1, "0,0"), ("A", A2, "1,0"), ("B", B1, "4,0")])
    # RULES A7 both ways: A2 returns to reserves, then comes back next to the village.
    act(st, "return A2")
    act(st, "move B1 3,0")
    assert deploys(st, "A2") == {"1,0", "0,1", "-1,0", "0,-1"}
    act(st, "deploy A2 -1,0")
    assert where(st, "A2") == "-1,0"


def test_deploy_ignores_hazard_and_needs_no_dice(monkeypatch):
    cards(monkeypatch)
    tiles = [("0,0", "grid", "village"), ("1,0", "water"), "2,0", ("3,0", "grid", "tower")]
    st = position(tiles, [("A", A1, "0,0"), ("A", A2, "reserve"), ("B", B1, "3,0")])
    do(st, "deploy A2 1,0")
    # RULES A7: units deployed into a hazard hex ignore the hazard.
    assert st.to_act() != CHANCE
    assert where(st, "A2") == "1,0"
