# SPDX-License-Identifier: MIT
"""RULES A10 (victory) and A3 (passing): no units left, control of every feature, both last
units falling together, passing with no legal action and the draw after two passes in a
row, and the end of the game."""
from helpers import (DRAW, TERMINAL, act, do, legal, pin, pin_feature, pin_plain, position,
                     refused, row, where, who)

# Unit keys. Positions list each side's units in this order, so that they are A1, A2, ...
# and B1, B2, ... in the notation.
A1, A2 = "company_trooper", "company_scout"
B1, B2 = "goblin_rascal", "goblin_thug"


def cards(monkeypatch):
    pin_plain(monkeypatch, A1, A2, B1, B2)
    for f in ("village", "tower", "fortress"):
        pin_feature(monkeypatch, f)


# --- no units left ------------------------------------------------------------------------

def test_capturing_the_last_enemy_unit_wins(monkeypatch):
    cards(monkeypatch)
    st = position(row(0, 1), [("A", A1, "0,0"), ("B", B1, "1,0"), ("B", B2, "captive")])
    act(st, "assault A1 B1", [6, 6, 1, 1])
    # RULES A10 + ruling: B has no unit on the map and none in reserve -> A wins.
    assert st.winner() == 0
    assert st.to_act() == TERMINAL
    assert st.legal_actions() == []


def test_units_in_reserve_keep_a_player_in_the_game(monkeypatch):
    cards(monkeypatch)
    st = position(row(0, 1), [("A", A1, "0,0"), ("B", B1, "1,0"), ("B", B2, "reserve")])
    act(st, "assault A1 B1", [6, 6, 1, 1])
    # RULES A10 ruling: a unit in reserve can still be deployed one day -- no win yet, and
    # B (who controls no feature, A7) passes (A3).
    assert where(st, "B1") == "captive"
    assert st.winner() is None
    assert who(st) == "B" and legal(st) == {"pass"}


def test_losing_the_last_unit_to_a_hazard_loses(monkeypatch):
    cards(monkeypatch)
    st = position(["0,0", ("1,0", "water")], [("A", A1, "0,0"), ("B", B1, "reserve")])
    act(st, "move A1 1,0", [1])
    # RULES A8 + A10: the drowned unit was A's last -> B wins, though B took no captive.
    assert st.winner() == 1
    assert st.captive_points(1) == 0


def test_both_last_units_falling_together_is_a_draw(monkeypatch):
    cards(monkeypatch)
    st = position(row(0, 1), [("A", A1, "0,0"), ("B", B1, "1,0")])
    act(st, "assault A1 B1", [6, 1, 6, 1])
    # RULES A5.5: both are defeated in the same assault; RULES A10: then neither player can
    # activate or deploy a unit, so neither wins over the other: a draw.
    assert where(st, "A1") == "captive" and where(st, "B1") == "captive"
    assert st.winner() == DRAW
    assert st.to_act() == TERMINAL


def test_attacker_falling_alone_loses(monkeypatch):
    cards(monkeypatch)
    st = position(row(0, 1), [("A", A1, "0,0"), ("B", B1, "1,0")])
    act(st, "assault A1 B1", [1, 1, 6, 6])
    # RULES A5.4/A10: the defender's OFF 6 beats the attacker's DEF 1; A has nothing left.
    assert st.winner() == 1


# --- control of every feature -----------------------------------------------------------

def test_controlling_every_feature_wins_at_once(monkeypatch):
    cards(monkeypatch)
    tiles = [("0,0", "grid", "village"), "1,0", ("2,0", "grid", "tower"), "3,0"]
    st = position(tiles, [("A", A1, "0,0"), ("A", A2, "1,0"), ("B", B1, "3,0")])
    assert st.winner() is None
    act(st, "move A2 2,0")
    # RULES A10: a player wins at once when they control every feature (A7 ruling: occupy).
    assert st.winner() == 0
    assert st.to_act() == TERMINAL


def test_single_feature_taken_wins(monkeypatch):
    cards(monkeypatch)
    tiles = ["0,0", ("1,0", "grid", "fortress"), "2,0"]
    st = position(tiles, [("A", A1, "0,0"), ("B", B1, "2,0")], to_move="B")
    act(st, "move B1 1,0")
    # RULES A10: every feature on the map (here the only one) -> B wins.
    assert st.winner() == 1


def test_not_every_feature_is_no_win(monkeypatch):
    cards(monkeypatch)
    tiles = [("0,0", "grid", "village"), "1,0", "2,0", ("3,0", "grid", "tower")]
    st = position(tiles, [("A", A1, "1,0"), ("B", B1, "2,0")])
    act(st, "move A1 0,0")
    # RULES A10: A holds the village but the tower is empty: the game goes on.
    assert st.winner() is None
    act(st, "move B1 3,0")
    # One feature each: still no winner.
    assert st.winner() is None and who(st) == "A"


def test_every_feature_must_be_held_at_the_same_time(monkeypatch):
    cards(monkeypatch)
    tiles = [("0,0", "grid", "village"), ("1,0", "grid", "tower"), "2,0"]
    st = position(tiles, [("A", A1, "0,0"), ("B", B1, "1,0"), ("B", B2, "reserve")])
    act(st, "assault A1 B1", [6, 6, 1, 1])
    # B1 is captured from the tower: the tower is empty, A holds the village only.
    assert st.winner() is None
    act(st, "pass")  # B has a reserve unit but no feature to deploy next to (A7): pass (A3)
    act(st, "move A1 1,0")
    # Moving off the village leaves it empty -- still not every feature.
    assert st.winner() is None


# --- passing ---------------------------------------------------------------------------------

def boxed(monkeypatch):
    """Both sides have one unit with no OFF dice and nowhere to go: no legal action."""
    pin(monkeypatch, A1, off=0)
    pin(monkeypatch, B1, off=0)
    return position(row(0, 1), [("A", A1, "0,0"), ("B", B1, "1,0")])


def test_player_with_no_legal_action_passes(monkeypatch):
    st = boxed(monkeypatch)
    # RULES A3 ruling: a player with no legal action passes -- it is the only action.
    assert legal(st) == {"pass"}
    do(st, "pass")
    assert who(st) == "B" and st.winner() is None


def test_pass_only_when_nothing_else_is_legal(monkeypatch):
    cards(monkeypatch)
    st = position(row(0, 2), [("A", A1, "0,0"), ("B", B1, "2,0")])
    # RULES A3: a player who can act does exactly one of the actions -- no pass.
    assert "pass" not in legal(st)
    refused(st, "pass", "A3")


def test_both_players_passing_in_a_row_is_a_draw(monkeypatch):
    st = boxed(monkeypatch)
    do(st, "pass")
    do(st, "pass")
    # RULES A10 ruling: if both players pass in a row, the game is a draw.
    assert st.winner() == DRAW
    assert st.to_act() == TERMINAL


def test_passes_not_in_a_row_do_not_end_the_game(monkeypatch):
    pin(monkeypatch, A1, off=0)
    pin(monkeypatch, B1, off=0)
    # A is stuck (no OFF dice, B1 in the way); B can still move back and forth.
    st = position(row(0, 2), [("A", A1, "0,0"), ("B", B1, "1,0")])
    do(st, "pass")
    act(st, "move B1 2,0")
    # A now has a move, so it must not pass.
    act(st, "move A1 1,0")
    # B1 on 2,0 is stuck, A1 on 1,0 can go back: B passes, A moves, B passes: no two
    # passes in a row (A10 ruling).
    do(st, "pass")
    act(st, "move A1 0,0")
    assert st.winner() is None
    assert legal(st) == {"move B1 1,0"}


def test_nothing_is_legal_after_the_game_is_over(monkeypatch):
    st = boxed(monkeypatch)
    do(st, "pass")
    do(st, "pass")
    # RULES A10: the game is over.
    assert st.legal_actions() == []
    refused(st, "pass", "A10")
    refused(st, 1, "A10")


# --- the turn limit (the project's addition to A10) ----------------------------------------

def test_turn_limit_goes_to_the_player_with_more_captive_points(monkeypatch):
    cards(monkeypatch)
    st = position(row(0, 3), [("A", A1, "0,0"), ("B", B1, "3,0"), ("B", B2, "captive")],
                  max_turns=2)
    assert st.captive_points(0) > 0 and st.captive_points(1) == 0
    act(st, "move A1 1,0")
    assert st.winner() is None
    act(st, "move B1 2,0")
    # RULINGS A10 (turn limit): after max_turns turns the player holding the more captive
    # points wins -- A holds B2.
    assert st.to_act() == TERMINAL
    assert st.winner() == 0


def test_turn_limit_with_equal_captive_points_is_a_draw(monkeypatch):
    cards(monkeypatch)
    st = position(row(0, 3), [("A", A1, "0,0"), ("B", B1, "3,0")], max_turns=1)
    act(st, "move A1 1,0")
    # RULINGS A10 (turn limit): equal captive points (none) -> a draw.
    assert st.winner() == DRAW
