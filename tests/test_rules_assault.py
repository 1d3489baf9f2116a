# SPDX-License-Identifier: MIT
"""RULES A5 (assault): both units roll OFF and DEF dice, bump phase, re-roll phase (support,
favored terrain), tally, captives; the RULINGS that a player who stops is done for that phase
and that a unit with no OFF dice cannot assault."""
import pytest

from engine.pocket_tactics import assault
from engine.pocket_tactics.consts import K_BUMP, K_REROLL, K_STOP, action
from helpers import (CAPTIVE, CHANCE, NONE, PH_BUMP, PH_REROLL, PH_TURN, act, dice, do, legal, pin,
                     pin_feature, pin_plain, points, position, refused, row, scripted, tile, uid,
                     where, who)

# Unit keys. Positions list each side's units in this order, so that they are A1, A2, ...
# and B1, B2, ... in the notation.
A1, A2, A3 = "company_trooper", "company_scout", "company_heavy"
B1, B2 = "goblin_rascal", "goblin_thug"


def beats(off, dfn):
    """assault.beats on OFF faces ``off`` and DEF faces ``dfn`` laid out as in an assault."""
    d = bytearray(12)
    for i, f in enumerate(off):
        d[0 + i] = f
    for i, f in enumerate(dfn):
        d[9 + i] = f
    return assault.beats(d, 0, len(off), 9, len(dfn))


# --- the tally, on its own --------------------------------------------------------------

@pytest.mark.parametrize("off, dfn, defeated", [
    ((6, 2), (5, 5), True),   # RULES A5.4 tally: OFF 6,2 vs DEF 5,5 -> defeated (6 > 5)
    ((5, 3), (5,), True),     # RULES A5.4 tally: OFF 5,3 vs DEF 5 -> defeated (tie, 3 unmet)
    ((4, 4), (4, 4), False),  # RULES A5.4 tally: OFF 4,4 vs DEF 4,4 -> safe
    ((5,), (6, 1), False),    # RULES A5.4 tally: OFF 5 vs DEF 6,1 -> safe
    ((), (6,), False),        # RULES A5.4 tally: OFF (none) -> safe
    ((), (), False),          # RULES A5.4 tally: OFF (none) -> safe, even against no DEF
    ((1,), (), True),         # RULES A5.4: an OFF die with no DEF die to meet it defeats
])
def test_tally_examples(off, dfn, defeated):
    assert beats(off, dfn) is defeated


def test_tally_sorts_both_sides_descending():
    # RULES A5.4: sort both descending before comparing -- the order rolled does not count.
    assert beats((2, 6), (5, 5)) is True
    assert beats((3, 5), (5,)) is True
    assert beats((4, 4), (4, 4)) is False
    assert beats((1, 5), (6,)) is False
    assert beats((3, 3, 6), (6, 3, 2)) is True   # 6=6, 3=3, 3>2
    assert beats((3, 3, 6), (6, 4, 1)) is False  # 6=6, 3<4
    assert beats((6, 6, 1), (6, 6, 1)) is False  # all tied: safe


# --- the tally through real assaults -----------------------------------------------------

def fight(monkeypatch, a_off, a_def, d_off, d_def):
    """A1 (side A) assaults B1 (side B) next to it; both cards pinned to the given number of
    dice and nothing else, so after the scripted roll the tally follows at once."""
    pin(monkeypatch, A1, off=len(a_off), def_=len(a_def))
    pin(monkeypatch, B1, off=len(d_off), def_=len(d_def))
    pin_plain(monkeypatch, A2, B2)
    # Each side keeps a unit in reserve, so a defeat does not end the game (A10).
    st = position(row(0, 1), [("A", A1, "0,0"), ("B", B1, "1,0"), ("A", A2, "reserve"),
                              ("B", B2, "reserve")])
    do(st, "assault A1 B1")
    # RULES A5.1: all dice at once -- attacker OFF, attacker DEF, defender OFF, defender DEF.
    scripted(st, list(a_off) + list(a_def) + list(d_off) + list(d_def))
    assert st.phase != PH_BUMP and st.phase != PH_REROLL
    return st


@pytest.mark.parametrize("a_off, d_def, defeated", [
    ((6, 2), (5, 5), True),   # RULES A5.4 tally: OFF 6,2 vs DEF 5,5 -> defeated (6 > 5)
    ((5, 3), (5,), True),     # RULES A5.4 tally: OFF 5,3 vs DEF 5 -> defeated (tie, then 3)
    ((4, 4), (4, 4), False),  # RULES A5.4 tally: OFF 4,4 vs DEF 4,4 -> safe
    ((5,), (6, 1), False),    # RULES A5.4 tally: OFF 5 vs DEF 6,1 -> safe
])
def test_tally_examples_in_an_assault(monkeypatch, a_off, d_def, defeated):
    # The defender's own OFF die (1) against the attacker's DEF die (6) never defeats.
    st = fight(monkeypatch, a_off, (6,), (1,), d_def)
    assert where(st, "B1") == ("captive" if defeated else "1,0")
    assert where(st, "A1") == "0,0"
    assert who(st) == "B"


def test_tally_example_no_off_dice_in_an_assault(monkeypatch):
    # RULES A5.4 tally: OFF (none) -> safe. The defender has no OFF dice, so the attacker's
    # DEF 1 is never beaten; the attacker's OFF 1 does not beat DEF 6 either.
    st = fight(monkeypatch, (1,), (1,), (), (6,))
    assert st.ndice[2] == 0
    assert where(st, "A1") == "0,0" and where(st, "B1") == "1,0"


def test_both_sides_check_their_off_against_the_other_def(monkeypatch):
    # RULES A5: both units roll both kinds of dice; the defender's OFF 4 beats the attacker's
    # DEF 3, while the attacker's OFF 2 does not beat DEF 5: the attacker is defeated.
    st = fight(monkeypatch, (2,), (3,), (4,), (5,))
    assert where(st, "A1") == "captive"
    assert where(st, "B1") == "1,0"
    # RULES A5.5: the attacker becomes a captive of the defending player.
    assert st.captive_points(1) == points(A1)
    assert st.captive_points(0) == 0


def test_both_units_can_be_defeated_in_the_same_assault(monkeypatch):
    # RULES A5.5: both sides roll at once, so both can fall: OFF 6 vs DEF 1 both ways.
    pin_plain(monkeypatch, A2, B2)
    pin(monkeypatch, A1)
    pin(monkeypatch, B1)
    st = position(row(-1, 2), [("A", A1, "0,0"), ("B", B1, "1,0"),
                               ("A", A2, "reserve"), ("B", B2, "reserve")])
    act(st, "assault A1 B1", [6, 1, 6, 1])
    assert where(st, "A1") == "captive" and where(st, "B1") == "captive"
    # RULES A5.5: each is a captive of the player who defeated it.
    pts = points(A1), points(B1)
    assert st.captive_points(0) == pts[1]
    assert st.captive_points(1) == pts[0]
    assert st.winner() is None and who(st) == "B"  # both still have units in reserve


def test_captive_leaves_the_map_and_cannot_act(monkeypatch):
    st = fight(monkeypatch, (6,), (6,), (1,), (1,))
    # RULES A5.5: defeated units leave the map and become captives.
    assert st.u_where[uid(st, "B1")] == CAPTIVE
    assert st.board.t_unit[tile(st, "1,0")] == NONE
    # B's turn: the captive is no unit of B's to activate, deploy or return (A3, A7).
    assert not any("B1" in a for a in legal(st))


# --- who may assault ----------------------------------------------------------------------

def test_assault_needs_an_adjacent_enemy(monkeypatch):
    pin_plain(monkeypatch, A1, A2, B1)
    st = position(row(0, 2), [("A", A1, "0,0"), ("A", A2, "1,0"), ("B", B1, "2,0")])
    # RULES A5: the active unit assaults an adjacent enemy (A1 has no Ranged).
    assert "assault A2 B1" in legal(st)
    assert not any(a.startswith("assault A1") for a in legal(st))
    refused(st, "assault A1 B1", "A5")
    # Never an ally.
    refused(st, "assault A2 A1", "A5")


def test_unit_with_no_off_dice_cannot_assault(monkeypatch):
    pin(monkeypatch, A1, off=0, def_=2)
    pin_plain(monkeypatch, B1)
    st = position(row(0, 1) + ["0,1"], [("A", A1, "0,0"), ("B", B1, "1,0")])
    # RULINGS A5: a unit with no OFF dice cannot assault.
    assert legal(st) == {"move A1 0,1"}
    refused(st, "assault A1 B1", "A5")


# --- the bump phase -------------------------------------------------------------------------

def test_bump_raises_a_die_but_never_above_six(monkeypatch):
    pin(monkeypatch, A1, off_bumps=(3,))
    pin(monkeypatch, B1)
    st = position(row(0, 1), [("A", A1, "0,0"), ("B", B1, "1,0")])
    act(st, "assault A1 B1", [5, 6, 1, 6])
    assert st.phase == PH_BUMP and who(st) == "A"
    # RULES A5.2: an OFF bump applies to an OFF die of the bumping player's own unit.
    assert legal(st) == {"bump 1 off1", "stop"}
    do(st, "bump 1 off1")
    # RULES A5.2: 5 + 3 is capped at 6, and OFF 6 vs DEF 6 is a tie: safe (A5.4). Were the
    # die an 8, the defender would have fallen.
    assert st.phase == PH_TURN
    assert where(st, "B1") == "1,0"
    assert st.dice[0] == 6


def test_die_showing_six_cannot_be_bumped(monkeypatch):
    pin(monkeypatch, A1, off_bumps=(1,), def_bumps=(1,))
    pin(monkeypatch, B1)
    st = position(row(0, 1), [("A", A1, "0,0"), ("B", B1, "1,0")])
    act(st, "assault A1 B1", [6, 4, 1, 5])
    # RULES A5.2: never above 6 -- the OFF 6 takes no bump; the DEF bump fits the DEF die.
    assert legal(st) == {"bump 2 def1", "stop"}
    refused(st, "bump 1 off1", "A5.2")
    refused(st, "bump 2 off1", "A5.2")  # a DEF bump never goes on an OFF die
    do(st, "bump 2 def1")
    assert dice(st)[1] == [5]


def test_bumps_alternate_starting_with_the_attacker(monkeypatch):
    pin(monkeypatch, A1, off_bumps=(1, 1))
    pin(monkeypatch, B1, def_bumps=(1, 1))
    st = position(row(0, 1), [("A", A1, "0,0"), ("B", B1, "1,0")])
    act(st, "assault A1 B1", [2, 6, 1, 3])
    # RULES A5.2: starting with the attacking player, players alternate one bump at a time.
    order = []
    while st.phase == PH_BUMP:
        order.append(who(st))
        moves = sorted(a for a in legal(st) if a != "stop")
        do(st, moves[0])
    assert order == ["A", "B", "A", "B"]
    # RULES A5.2: each bump went on the player's own die: OFF 2 -> 4, DEF 3 -> 5.
    assert dice(st)[0] == [4] and dice(st)[3] == [5]


def test_bump_phase_starts_with_the_attacker_on_side_b_turn(monkeypatch):
    pin(monkeypatch, A1, def_bumps=(1,))
    pin(monkeypatch, B1, off_bumps=(1,))
    st = position(row(0, 1), [("A", A1, "0,0"), ("B", B1, "1,0")], to_move="B")
    act(st, "assault B1 A1", [2, 2, 2, 2])
    # RULES A5.2: the attacking player (here B) uses the first bump.
    assert who(st) == "B"
    assert legal(st) == {"bump 1 off1", "stop"}
    do(st, "bump 1 off1")
    assert who(st) == "A"
    assert legal(st) == {"bump 1 def1", "stop"}


def test_bumps_may_stack_on_one_die(monkeypatch):
    pin(monkeypatch, A1, off_bumps=(1, 2))
    pin(monkeypatch, B1)
    st = position(row(0, 1), [("A", A1, "0,0"), ("B", B1, "1,0")])
    act(st, "assault A1 B1", [2, 6, 1, 4])
    do(st, "bump 1 off1")
    # RULES A5.2: one bump at a time; B has none, so A goes on (RULINGS A5.2: a player
    # with no usable bump is skipped) and stacks the second bump on the same die: 2+1+2.
    assert who(st) == "A"
    do(st, "bump 2 off1")
    assert st.dice[0] == 5
    assert where(st, "B1") == "captive"  # OFF 5 > DEF 4 (A5.4)


def test_player_without_bumps_is_skipped(monkeypatch):
    pin(monkeypatch, A1)
    pin(monkeypatch, B1, def_bumps=(1,))
    st = position(row(0, 1), [("A", A1, "0,0"), ("B", B1, "1,0"), ("B", B2, "reserve")])
    pin_plain(monkeypatch, B2)
    act(st, "assault A1 B1", [5, 6, 1, 4])
    # RULES A5.2 + RULINGS: the attacker has no bump to use, so the defender bumps first.
    assert st.phase == PH_BUMP and who(st) == "B"
    assert legal(st) == {"bump 1 def1", "stop"}
    do(st, "bump 1 def1")
    assert where(st, "B1") == "1,0"  # OFF 5 vs DEF 5: safe


def test_player_who_stops_is_done_for_the_bump_phase(monkeypatch):
    pin(monkeypatch, A1, off_bumps=(1, 1))
    pin(monkeypatch, B1, def_bumps=(1, 1))
    st = position(row(0, 1), [("A", A1, "0,0"), ("B", B1, "1,0")])
    act(st, "assault A1 B1", [2, 6, 1, 3])
    # RULES A5.2: a player may decline; RULINGS: who stops is done for that phase.
    do(st, "stop")
    order = []
    while st.phase == PH_BUMP:
        order.append(who(st))
        do(st, "bump %d def1" % len(order))
    assert order == ["B", "B"]  # A was not asked again
    assert dice(st)[0] == [2] and dice(st)[3] == [5]


# --- the re-roll phase ------------------------------------------------------------------------

def support_position(monkeypatch, a_favored=None, a_terrain="grid"):
    pin(monkeypatch, A1, favored=a_favored)
    pin_plain(monkeypatch, A2, A3, B1, B2)
    # A1 on 0,0 with allies A2 (-1,0) and A3 (0,-1) next to it; B1 on 1,0 with B2 on 2,0.
    tiles = [("0,0", a_terrain), "1,0", "2,0", "-1,0", "0,-1"]
    return position(tiles, [("A", A1, "0,0"), ("A", A2, "-1,0"), ("A", A3, "0,-1"),
                            ("B", B1, "1,0"), ("B", B2, "2,0")])


def test_support_gives_one_reroll_per_adjacent_ally(monkeypatch):
    st = support_position(monkeypatch)
    act(st, "assault A1 B1", [3, 3, 3, 3])
    # RULES A5.3 support: one re-roll per ally adjacent to the unit: A 2, B 1.
    assert list(st.rerolls) == [2, 1]
    assert st.phase == PH_REROLL and who(st) == "A"


def test_favored_terrain_gives_one_reroll(monkeypatch):
    # RULES A5.3 favored terrain: one re-roll while the unit occupies its favored terrain.
    st = support_position(monkeypatch, a_favored="wasteland", a_terrain="wasteland")
    act(st, "assault A1 B1", [3, 3, 3, 3])
    assert list(st.rerolls) == [3, 1]
    # Favored terrain elsewhere gives nothing.
    st = support_position(monkeypatch, a_favored="wasteland", a_terrain="grid")
    act(st, "assault A1 B1", [3, 3, 3, 3])
    assert list(st.rerolls) == [2, 1]


def test_favored_feature_gives_one_reroll(monkeypatch):
    pin_feature(monkeypatch, "village")
    pin_feature(monkeypatch, "tower")
    pin(monkeypatch, A1, favored="village")
    pin_plain(monkeypatch, B1)
    tiles = [("0,0", "grid", "village"), "1,0", ("-1,0", "grid", "tower")]
    st = position(tiles, [("A", A1, "0,0"), ("B", B1, "1,0")])
    act(st, "assault A1 B1", [3, 3, 3, 3])
    # RULES A5.3: favored feature -> one re-roll (a feature hex counts as the feature, A1).
    assert list(st.rerolls) == [1, 0]


def test_rerolls_alternate_and_only_own_dice(monkeypatch):
    st = support_position(monkeypatch)
    act(st, "assault A1 B1", [3, 3, 3, 3])
    # RULES A5.3 ruling: a player re-rolls only their own unit's dice.
    assert legal(st) == {"reroll off1", "reroll def1", "stop"}
    # (as die slots: the attacker's OFF die is slot 0, its DEF die slot 3)
    assert set(st.legal_actions()) == {action(K_REROLL, 0), action(K_REROLL, 3),
                                       action(K_STOP)}
    order = []
    faces = iter([4, 5, 6])
    while st.phase == PH_REROLL:
        order.append(who(st))
        do(st, "reroll off1")
        scripted(st, [next(faces)])  # RULES A5.3: the new result stands
    # RULES A5.3: starting with the attacker, the players alternate: A, B, then A's second.
    assert order == ["A", "B", "A"]
    off_a, def_a, off_b, def_b = dice(st)
    assert off_a == [6] and off_b == [5]
    # Tally: A's OFF 6 beats B's DEF 3; B's OFF 5 beats A's DEF 3 -> both fall (A5.4, A5.5).
    assert where(st, "A1") == "captive" and where(st, "B1") == "captive"


def test_die_may_be_rerolled_more_than_once_and_rerolls_may_be_declined(monkeypatch):
    st = support_position(monkeypatch)
    act(st, "assault A1 B1", [1, 6, 1, 6])
    do(st, "reroll off1")
    scripted(st, [2])
    assert dice(st)[0] == [2]
    # B declines its re-roll (RULES A5.3 ruling) and is done; A re-rolls the same die again.
    assert who(st) == "B"
    do(st, "stop")
    assert who(st) == "A"
    do(st, "reroll off1")
    scripted(st, [4])
    assert dice(st)[0] == [4]
    assert st.rerolls[0] == 0
    # No re-rolls left on either side: the tally follows (OFF 4 vs DEF 6: safe both ways).
    assert st.phase == PH_TURN and who(st) == "B"
    assert where(st, "B1") == "1,0" and where(st, "A1") == "0,0"


def test_no_rerolls_without_support_or_favored_terrain(monkeypatch):
    pin_plain(monkeypatch, A1, B1)
    st = position(row(0, 1), [("A", A1, "0,0"), ("B", B1, "1,0")])
    act(st, "assault A1 B1", [3, 3, 3, 3])
    # RULES A5.3: re-rolls come only from support, favored terrain and abilities.
    assert list(st.rerolls) == [0, 0]
    assert st.phase == PH_TURN


def test_bump_then_reroll_then_tally(monkeypatch):
    pin(monkeypatch, A1, off_bumps=(1,))
    pin_plain(monkeypatch, A2, B1)
    st = position(row(-1, 1), [("A", A1, "0,0"), ("A", A2, "-1,0"), ("B", B1, "1,0")])
    act(st, "assault A1 B1", [4, 6, 1, 5])
    # RULES A5 order: bump phase (4 -> 5), then re-roll phase (the bumped 5 re-rolled to 6).
    assert st.phase == PH_BUMP
    do(st, "bump 1 off1")
    assert st.phase == PH_REROLL
    do(st, "reroll off1")
    scripted(st, [6])
    # RULES A5.4: OFF 6 > DEF 5 -> defeated.
    assert where(st, "B1") == "captive"


# --- illegal actions leave the state as it was ------------------------------------------

def test_every_illegal_action_in_an_assault_changes_nothing(monkeypatch):
    pin(monkeypatch, A1, off_bumps=(1,))
    pin_plain(monkeypatch, A2, B1, B2)
    st = position(row(-1, 2), [("A", A1, "0,0"), ("A", A2, "-1,0"), ("B", B1, "1,0"),
                               ("B", B2, "2,0")])
    pool = set()
    for k in (K_BUMP, K_REROLL):
        for x in range(8):
            for y in range(12):
                pool.add(action(k, x, y))
    # Every kind of action with odd arguments too (units, tiles, spells that do not exist).
    for k in range(16):
        for x in (0, 1, 5, 63, 1023):
            for y in (0, 1, 5, 63, 8 << 6 | 1, 1023):
                pool.add(action(k, x, y))

    def sweep():
        legal_now = set(st.legal_actions())
        pool.update(legal_now)
        tried = 0
        for a in sorted(pool | {0, 7, -1, 10 ** 9} | set(range(1, 7))):
            if a not in legal_now:
                refused(st, a)
                tried += 1
        assert tried

    sweep()                       # turn phase
    do(st, "assault A1 B1")
    sweep()                       # a chance node: only die faces 1..6
    scripted(st, [2, 2, 2, 2])
    assert st.phase == PH_BUMP
    sweep()                       # bump phase
    do(st, "bump 1 off1")
    sweep()                       # re-roll phase (A has one re-roll from A2)
    do(st, "reroll off1")
    assert st.to_act() == CHANCE
    sweep()                       # the re-rolled die
    scripted(st, [1])
    sweep()
