# SPDX-License-Identifier: MIT
"""RULES A4 (moving): steps, hops, Swift, Flying, feature movement rules, and the ruling that
a move is chosen by its destination and takes the route with the fewest hazards."""
from helpers import (CHANCE, act, do, legal, moves_of, pin, pin_feature, pin_plain, position,
                     refused, row, scripted, where, who)

# Unit keys. Positions list each side's units in this order, so that they are A1, A2, ...
# and B1, B2, ... in the notation.
A1, A2, A3 = "company_trooper", "company_scout", "company_heavy"
B1, B2 = "goblin_rascal", "goblin_thug"


def plain(monkeypatch):
    pin_plain(monkeypatch, A1, A2, A3, B1, B2)


def test_step_goes_to_an_adjacent_tile_with_no_unit(monkeypatch):
    plain(monkeypatch)
    # 0,0's neighbours: 1,0 and 1,-1 are empty tiles; 0,-1 holds an enemy; the others have
    # no tile. 2,0 is a tile but two steps away.
    st = position(["0,0", "1,0", "1,-1", "0,-1", "2,0"],
                  [("A", A1, "0,0"), ("B", B1, "0,-1")])
    # RULES A4: a move step goes to an adjacent hex that holds a tile and no unit.
    assert moves_of(st, "A1") == {"1,0", "1,-1"}
    # RULES A4: two hexes away is not one step.
    refused(st, "move A1 2,0", "A4")
    # RULES A4: an enemy's hex cannot be entered (and a plain unit cannot hop it).
    refused(st, "move A1 0,-1", "A4")
    act(st, "move A1 1,-1")
    assert where(st, "A1") == "1,-1"
    assert who(st) == "B"  # the move was the whole turn (A3)


def test_hop_over_an_adjacent_ally_to_any_empty_hex_next_to_it(monkeypatch):
    plain(monkeypatch)
    # A2 stands on 1,0; its other neighbours with tiles: 2,0, 2,-1, 1,1.
    st = position(["0,0", "1,0", "2,0", "2,-1", "1,1", "-1,0"],
                  [("A", A1, "0,0"), ("A", A2, "1,0"), ("B", B1, "reserve")])
    # RULES A4 hop: over the ally to any unoccupied hex adjacent to that ally (1,1 and 2,-1
    # are not next to A1's hex, yet they are reachable in one step by the hop).
    assert moves_of(st, "A1") == {"-1,0", "2,0", "2,-1", "1,1"}
    act(st, "move A1 1,1")
    assert where(st, "A1") == "1,1"
    assert where(st, "A2") == "1,0"  # the hopped ally stays where it was


def test_hop_cannot_land_on_an_occupied_hex(monkeypatch):
    plain(monkeypatch)
    st = position(["0,0", "1,0", "2,0", "2,-1"],
                  [("A", A1, "0,0"), ("A", A2, "1,0"), ("B", B1, "2,-1")])
    # RULES A4: the landing hex must be unoccupied (2,-1 holds an enemy).
    assert moves_of(st, "A1") == {"2,0"}
    refused(st, "move A1 2,-1", "A4")


def test_at_most_one_hop_per_move_step(monkeypatch):
    plain(monkeypatch)
    # A row of allies: A2 on 1,0 and A3 on 2,0, then the empty 3,0. 2,-1 touches both allies.
    tiles = row(-1, 3) + ["2,-1"]
    units = [("A", A1, "0,0"), ("A", A2, "1,0"), ("A", A3, "2,0"), ("B", B1, "reserve")]
    st = position(tiles, units)
    # RULES A4: one hop per step -- 3,0 would need two hops (over A2, then over A3) in the
    # single step of a plain unit; hopping A2 alone only reaches 2,-1.
    assert moves_of(st, "A1") == {"-1,0", "2,-1"}
    refused(st, "move A1 3,0", "A4")
    # RULES A4 + Swift 1: two steps, so two hops, one in each step (0,0 -> 2,-1 -> 3,0).
    pin(monkeypatch, A1, swift=1)
    st = position(tiles, units)
    assert moves_of(st, "A1") == {"-1,0", "2,-1", "3,0"}
    act(st, "move A1 3,0")
    assert where(st, "A1") == "3,0"


def test_hop_never_lands_on_the_start_hex(monkeypatch):
    plain(monkeypatch)
    pin(monkeypatch, A1, swift=1)
    # A1 (Swift 1) could step to 1,-1 and hop A2 back onto 0,0, the hex it started from.
    st = position(["0,0", "1,0", "1,-1", "2,-1", "-1,0"],
                  [("A", A1, "0,0"), ("A", A2, "1,0"), ("B", B1, "reserve")])
    # RULES A4 ruling: the landing hex must not be the hex the unit started from -- the
    # start hex is never a destination of the move.
    assert "0,0" not in moves_of(st, "A1")
    assert moves_of(st, "A1") == {"-1,0", "1,-1", "2,-1"}
    refused(st, "move A1 0,0", "A4")


def test_no_hop_into_a_hex_with_no_tile(monkeypatch):
    plain(monkeypatch)
    units = [("A", A1, "0,0"), ("A", A2, "1,0"), ("B", B1, "reserve")]
    # 2,0 (straight over the ally) has no tile; 2,-1 does.
    st = position(["0,0", "1,0", "2,-1"], units)
    # RULES A4: hexes with no tile can never be entered, nor hopped into.
    assert moves_of(st, "A1") == {"2,-1"}
    # The same position with a tile on 2,0: the hop there becomes legal.
    st = position(["0,0", "1,0", "2,-1", "2,0"], units)
    assert moves_of(st, "A1") == {"2,-1", "2,0"}
    # Only a hex with no tile on every side of the ally: no hop at all, no move.
    st = position(["0,0", "1,0"], units)
    assert moves_of(st, "A1") == set()


def test_plain_unit_cannot_hop_an_enemy(monkeypatch):
    plain(monkeypatch)
    st = position(row(-1, 3), [("A", A1, "0,0"), ("B", B1, "1,0")])
    # RULES A4: the hop is over an ally; an enemy blocks a unit without Flying.
    assert moves_of(st, "A1") == {"-1,0"}
    refused(st, "move A1 2,0", "A4")


def test_swift_adds_extra_steps(monkeypatch):
    plain(monkeypatch)
    tiles = row(-3, 3)
    units = [("A", A1, "0,0"), ("B", B1, "reserve")]
    # RULES A4: one move step without Swift.
    assert moves_of(position(tiles, units), "A1") == {"-1,0", "1,0"}
    # RULES A4 Swift 1: up to one extra step.
    pin(monkeypatch, A1, swift=1)
    st = position(tiles, units)
    assert moves_of(st, "A1") == {"-2,0", "-1,0", "1,0", "2,0"}
    refused(st, "move A1 3,0", "A4")
    # RULES A4 Swift 2: up to two extra steps ("up to": a shorter move is fine too).
    pin(monkeypatch, A1, swift=2)
    st = position(tiles, units)
    assert moves_of(st, "A1") == {"-3,0", "-2,0", "-1,0", "1,0", "2,0", "3,0"}
    act(st, "move A1 3,0")
    assert where(st, "A1") == "3,0"


def test_swift_steps_go_around_units_and_missing_tiles(monkeypatch):
    plain(monkeypatch)
    pin(monkeypatch, A1, swift=1)
    # 1,0 holds an enemy and 1,1 has no tile, so the way round to 2,0 is 0,0 -> 1,-1 ->
    # 2,-1 -> 2,0: three steps, one more than Swift 1 gives. 2,-1 is two steps away.
    st = position(["0,0", "1,0", "1,-1", "2,-1", "2,0"], [("A", A1, "0,0"), ("B", B1, "1,0")])
    # RULES A4 Swift: every extra step is an ordinary step (tile, no unit).
    assert moves_of(st, "A1") == {"1,-1", "2,-1"}
    refused(st, "move A1 2,0", "A4")


def test_flying_gives_extra_steps_and_hops_enemies(monkeypatch):
    plain(monkeypatch)
    tiles = row(-2, 3)
    units = [("A", A1, "0,0"), ("B", B1, "1,0")]
    st = position(tiles, units)
    assert moves_of(st, "A1") == {"-1,0"}
    # RULES A4 Flying 1: one extra step, and enemies may be hopped as if they were allies.
    pin(monkeypatch, A1, flying=1)
    st = position(tiles, units)
    assert moves_of(st, "A1") == {"-2,0", "-1,0", "2,0", "3,0"}
    act(st, "move A1 2,0")
    assert where(st, "A1") == "2,0"
    assert where(st, "B1") == "1,0"  # hopping does nothing to the enemy


def test_flying_hop_over_enemy_still_needs_a_tile_to_land(monkeypatch):
    plain(monkeypatch)
    pin(monkeypatch, A1, flying=1)
    # Beyond the enemy on 1,0 there is no tile: nothing to land on (A4).
    st = position(["0,0", "1,0", "-1,0"], [("A", A1, "0,0"), ("B", B1, "1,0")])
    assert moves_of(st, "A1") == {"-1,0"}


def test_the_datas_flyers_hop_enemies():
    # RULES A4 Flying with the factions' own cards (docs/DATA.md, no pinned card): the Steam
    # Witch of the Order of Artifice and the Goblin Beast of Nightfall have Flying 1: one
    # extra step, and the enemy next to them is hopped like an ally. A Dwarf Tinker or a
    # Goblin Thug in the same place may not pass it
    from helpers import card

    tiles = row(-2, 3)
    for flyer, walker, foe in (("steam_witch", "dwarf_tinker", "goblin_rascal"),
                               ("goblin_beast", "goblin_thug", "dwarf_tinker")):
        assert card(flyer)["flying"] == 1 and card(walker)["flying"] == 0
        st = position(tiles, [("A", walker, "0,0"), ("B", foe, "1,0")])
        assert moves_of(st, "A1") == {"-1,0"}
        st = position(tiles, [("A", flyer, "0,0"), ("B", foe, "1,0")])
        assert moves_of(st, "A1") == {"-2,0", "-1,0", "2,0", "3,0"}, flyer
        act(st, "move A1 3,0")
        assert where(st, "A1") == "3,0" and where(st, "B1") == "1,0"


def test_feature_that_ends_the_move(monkeypatch):
    plain(monkeypatch)
    pin(monkeypatch, A1, swift=2)
    pin_feature(monkeypatch, "forest", stops=1)
    pin_feature(monkeypatch, "village")
    # (A second feature, the village on -1,0, keeps A1 from controlling every feature.)
    tiles = [("-1,0", "grid", "village"), "0,0", ("1,0", "grid", "forest"), "2,0", "3,0"]
    st = position(tiles, [("A", A1, "0,0"), ("B", B1, "reserve")])
    # RULES A4: feature cards may add movement rules, as data -- entering this feature ends
    # the move, so a Swift unit cannot go on past it.
    assert moves_of(st, "A1") == {"-1,0", "1,0"}
    refused(st, "move A1 2,0", "A4")
    act(st, "move A1 1,0")
    # Leaving it again on a later turn is a normal move with all its steps.
    do(st, "pass")
    assert sorted(moves_of(st, "A1")) == ["-1,0", "0,0", "2,0", "3,0"]


def test_move_takes_the_route_with_the_fewest_hazards(monkeypatch):
    plain(monkeypatch)
    pin(monkeypatch, A1, swift=1)
    # 1,1 is two steps from 0,0, either through 1,0 (water) or through 0,1 (grid).
    tiles = [("0,0",), ("1,0", "water"), ("0,1",), ("1,1",), ("2,0",)]
    st = position(tiles, [("A", A1, "0,0"), ("B", B1, "reserve")])
    # RULINGS (move routes): the move is chosen by its destination and takes the route with
    # the fewest hazards, so no hazard test is rolled (A8).
    do(st, "move A1 1,1")
    assert st.to_act() != CHANCE
    assert where(st, "A1") == "1,1" and who(st) == "B"
    # 2,0 can only be reached through the water: one DV 5 test (A8), passed with a 5.
    st = position(tiles, [("A", A1, "0,0"), ("B", B1, "reserve")])
    do(st, "move A1 2,0")
    assert st.to_act() == CHANCE
    scripted(st, [5])
    assert where(st, "A1") == "2,0" and who(st) == "B"


def test_only_own_units_move_and_only_on_own_turn(monkeypatch):
    plain(monkeypatch)
    st = position(row(-2, 2), [("A", A1, "-2,0"), ("B", B1, "2,0")])
    # RULES A3: the active player activates one of their own units.
    assert "move B1 1,0" not in legal(st)
    refused(st, "move B1 1,0", "A4")
    act(st, "move A1 -1,0")
    refused(st, "move A1 0,0", "A4")
    act(st, "move B1 1,0")
    assert where(st, "B1") == "1,0"
