# SPDX-License-Identifier: MIT
"""The Tactical Hex game state (engine/tactical_hex/state.py, activation.py, melee.py):
RULES part B turn by turn, every die scripted. Positions are set up by hex_helpers.arrange;
counter numbers and their values are listed there."""
import pytest

from hex_helpers import CHANCE, F_SPENT, JAPAN, N, NONE, OFF, RUSSIA, State, action, arrange, at, play
from engine.core.protocol import TERMINAL, IllegalAction
from engine.tactical_hex import tables as T
from engine.tactical_hex.consts import (K_ATT, K_CLEAR, K_DEF, K_DEPLOY, K_DONE, K_END,
                                        K_FIRE, K_HIT, K_HOLD, K_OPFIRE, K_RESOLVE,
                                        K_RESTORE, K_STEP, K_STOP, K_SWITCH, PH_ACT,
                                        PH_COMBAT, PH_DEPLOY, PH_FIRE, PH_HITS, PH_INIT,
                                        PH_MOVE, PH_OPFIRE, PH_OVER, PH_RESET, PH_SUSTAIN,
                                        kind_of, x_of, y_of)
from engine.tactical_hex.setup import deploy_zone

END = action(K_END)
STOP = action(K_STOP)
HOLD = action(K_HOLD)
RESOLVE = action(K_RESOLVE)
DONE = action(K_DONE)


def step(u, col, row):
    return action(K_STEP, u, at(col, row))


def fire(u, t, u2=NONE):
    return action(K_FIRE, u, t, u2)


def kinds(st):
    return sorted({kind_of(a) for a in st.legal_actions()})


def refused(st, a):
    """``a`` raises IllegalAction and leaves every byte of the state as it was."""
    before = st.encode()
    with pytest.raises(IllegalAction):
        st.apply(a)
    assert st.encode() == before


# --- B2 deployment and B3.1 initiative ------------------------------------------------------

def test_japan_deploys_first_then_russia_then_the_first_initiative():
    # RULES B2 deployment: Japan's 7 counters, then Russia's 11, each in its own zone
    st = State(3)
    assert st.phase == PH_DEPLOY and st.player == JAPAN
    zones = (deploy_zone(JAPAN), deploy_zone(RUSSIA))
    for u in range(N):
        side = JAPAN if u < 7 else RUSSIA
        assert st.player == side
        hexes = {x_of(a) for a in st.legal_actions()}
        assert hexes == set(zones[side]) - {st.u_hex[v] for v in range(u)}
        # RULES B2: each MG/cavalry counter is placed with the side of the player's choice up
        faces = {y_of(a) for a in st.legal_actions()}
        assert faces == ({0, 1} if u < 2 else {0})
        a = max(st.legal_actions())  # the last hex (and the back side) of the list
        play(st, a)
    assert st.phase == PH_INIT and st.turn == 1 and st.to_act() == CHANCE
    assert st.u_face[0] == 1 and st.u_face[1] == 1  # both specials cavalry side up


def test_deploying_outside_the_zone_or_on_a_unit_is_refused():
    # RULES B2: within 4 hexes of the corner, one unit per hex
    st = State(3)
    refused(st, action(K_DEPLOY, at(11, 8)))
    play(st, action(K_DEPLOY, at(0, 0), 0))
    refused(st, action(K_DEPLOY, at(0, 0), 0))
    refused(st, action(K_DEPLOY, at(1, 0), 2))


def _deployed():
    st = State(5)
    while st.phase == PH_DEPLOY:
        play(st, st.legal_actions()[0])
    return st


def test_initiative_ties_roll_again_and_the_higher_die_goes_first():
    # RULES B3.1 initiative: each side rolls 1d6, ties re-roll
    st = _deployed()
    play(st, 4, 4)
    assert st.phase == PH_INIT
    play(st, 2, 5)
    assert st.first == RUSSIA and st.phasing == RUSSIA and st.player == RUSSIA
    assert list(st.roll) == [2, 5]
    st = _deployed()
    play(st, 6, 1)
    assert st.first == JAPAN and st.phase == PH_ACT and st.player == JAPAN


# --- B3 activations and the impulses --------------------------------------------------------

def test_up_to_two_activations_then_the_other_side():
    # RULES B3.2 two activations; B3.4 then the second player activates
    st = arrange({2: (9, 0), 3: (10, 0), 4: (11, 0), 7: (8, 7), 8: (9, 7)})
    play(st, step(2, 9, 1), STOP, step(3, 10, 1), STOP)
    assert st.phasing == RUSSIA and st.phase == PH_ACT
    assert st.u_flag[2] & F_SPENT and st.u_flag[3] & F_SPENT and not st.u_flag[4] & F_SPENT
    # RULINGS B3: a spent unit cannot be activated again this turn
    play(st, END)
    assert st.phasing == JAPAN
    assert not any(x_of(a) in (2, 3) for a in st.legal_actions() if kind_of(a) == K_STEP)


def test_both_sides_declining_in_a_row_ends_the_turn():
    # RULES B3.6: the impulses repeat until both sides decline to act; then B3.7 reset
    st = arrange({2: (9, 0), 7: (8, 7)}, spares=4)
    play(st, END)
    assert st.phasing == RUSSIA and st.phase == PH_ACT
    play(st, END)
    assert st.phase == PH_INIT and st.turn == 2  # no reset choice to make: next turn
    assert not any(st.u_flag)  # RULES B3.7: all counters unspent


def test_the_turn_ends_when_every_unit_is_spent():
    # RULES B3.6: ... until every unit of both sides is spent
    st = arrange({2: (9, 0), 7: (8, 7)})
    play(st, step(2, 9, 1), STOP)
    assert st.phasing == RUSSIA
    play(st, step(7, 8, 6), STOP)
    assert st.phase == PH_INIT and st.turn == 2


def test_a_side_without_unspent_units_is_passed_over():
    # RULES B3.6: Russia has nothing left to activate, Japan goes on with its second unit
    st = arrange({2: (9, 0), 3: (11, 0), 7: (8, 7)})
    st.u_flag[7] = F_SPENT
    play(st, step(2, 9, 1), STOP, END)
    assert st.phasing == JAPAN and st.phase == PH_ACT
    assert [x_of(a) for a in st.legal_actions() if kind_of(a) == K_STEP] == [3] * len(
        [a for a in st.legal_actions() if kind_of(a) == K_STEP])


# --- B4 movement -----------------------------------------------------------------------------

def test_a_move_goes_hex_by_hex_within_the_allowance():
    # RULES B4: 1 MP per plain hex; counter 5 has 3 MP
    st = arrange({5: (9, 1), 7: (8, 8)})
    play(st, step(5, 9, 2), step(5, 9, 3), step(5, 9, 4))
    assert st.mover == NONE  # no MP left: the move ended there
    assert st.phasing == RUSSIA  # Japan has nothing else to activate (spares are spent)
    assert st.u_hex[5] == at(9, 4) and st.cell[at(9, 4)] == 5 and st.cell[at(9, 1)] == NONE


def test_rivers_cannot_be_entered():
    # RULES B1, B4: rivers are impassable; (6, 2) and (6, 3) are river hexes
    st = arrange({5: (7, 2), 7: (11, 8)})
    dests = {y_of(a) for a in st.legal_actions() if kind_of(a) == K_STEP and x_of(a) == 5}
    assert at(6, 2) not in dests and at(6, 3) not in dests
    refused(st, step(5, 6, 2))


def test_entering_a_hex_next_to_an_enemy_stops_the_move_and_needs_one_mp_left():
    # RULES B4: stop next to an enemy, with 1 MP left for the coming attack
    st = arrange({5: (9, 1), 7: (9, 4)})
    play(st, step(5, 9, 2))
    # (9, 3) is next to (9, 4): 3 MP - 2 spent leaves 1 after entering: allowed, and stops
    play(st, step(5, 9, 3))
    assert st.mover == NONE and st.u_hex[5] == at(9, 3)
    st = arrange({5: (9, 0), 7: (9, 4)})
    play(st, step(5, 9, 1), step(5, 9, 2))
    # one MP left: entering (9, 3) would leave none for the attack
    assert at(9, 3) not in [y_of(a) for a in st.legal_actions() if kind_of(a) == K_STEP]
    refused(st, step(5, 9, 3))


def test_leaving_a_hex_next_to_an_enemy_costs_two_more():
    # RULES B4: +2 MP to leave a hex adjacent to an enemy; cavalry 2 has 6 MP
    st = arrange({2: (9, 3), 7: (9, 4)})
    play(st, step(2, 9, 2))  # 1 + 2 = 3 MP
    assert st.mp == 3
    st = arrange({5: (9, 3), 7: (9, 4)})  # infantry: 3 MP, exactly enough to step away
    play(st, step(5, 9, 2))
    assert st.mover == NONE and st.u_hex[5] == at(9, 2)


def test_passing_a_friend_costs_one_more_and_no_move_ends_on_it():
    # RULES B1, B4: one counter per hex at the end of a move; +1 MP to pass a friend
    st = arrange({5: (9, 1), 6: (9, 2), 7: (11, 8)})
    play(st, step(5, 9, 2))
    assert st.mp == 1 and st.cell[at(9, 2)] == 6
    assert STOP not in st.legal_actions()
    refused(st, STOP)
    play(st, step(5, 9, 3))
    assert st.u_hex[5] == at(9, 3) and st.u_hex[6] == at(9, 2)
    # with 2 MP left a friend's hex can be entered only when the move can go on from it
    st = arrange({0: (9, 1, 0), 6: (9, 2), 7: (11, 8)})  # counter 0 as MG: 2 MP
    assert step(0, 9, 2) not in st.legal_actions()


def test_enemies_are_neither_entered_nor_passed():
    # RULES B4
    st = arrange({2: (9, 2), 7: (9, 3)})
    refused(st, step(2, 9, 3))


def test_cavalry_never_fires():
    # RULES B4: cavalry never fires (counter 2 is cavalry, 5 infantry)
    st = arrange({2: (9, 2), 5: (10, 2), 7: (9, 5)})
    firers = {x_of(a) for a in st.legal_actions() if kind_of(a) == K_FIRE}
    assert firers == {5}


# --- B5 active fire, B6 the fire procedure ---------------------------------------------------

def test_infantry_fires_alone_a_d_result_damages_the_target():
    # RULES B5 active fire, B6 fire strength: counter 6 (6) two hexes from counter 7 (4):
    # 6 - 2 = 4 against 4, column 1:1; die 5 on 1:1 is E1: no effect on fire (B6)
    st = arrange({6: (9, 2), 7: (9, 4)})
    play(st, fire(6, 7))
    assert st.phase == PH_FIRE and st.fire_str == 4
    play(st, 5)
    assert st.u_face[7] == 0 and st.u_face[6] == 0 and st.u_flag[6] & F_SPENT
    # a 6 at 1:2 is E2, still nothing: counter 5 (5) three hexes from 11 (4), 2 against 4
    st = arrange({5: (9, 1), 11: (9, 4)})
    play(st, fire(5, 11))
    assert st.fire_str == 2
    play(st, 6)
    assert st.u_face[11] == 0
    # a D result does: counter 6 on 11 (4 against 4, 1:1) rolls a 6, D2: two hits remove it
    st = arrange({6: (9, 2), 11: (9, 4)})
    play(st, fire(6, 11), 6)
    assert st.u_hex[11] == OFF


def test_two_units_fire_together_with_their_strengths_added():
    # RULES B5: two activated units fire together at one target; B6 strength by distance:
    # 6 (6) and 5 (5) at distance 2 from counter 15 (3, blank): 4 + 3 = 7 : 3, column 2:1;
    # die 5 on 2:1 is D1: the blank counter is eliminated (B8)
    st = arrange({6: (9, 2), 5: (10, 2), 15: (9, 4)}, spent_spares=False)
    play(st, fire(5, 15, 6))
    assert st.fire_str == 7 and st.acts == 2
    play(st, 5)
    assert st.u_hex[15] == OFF and st.cell[at(9, 4)] == NONE
    assert st.phasing == RUSSIA  # both activations used


def test_fire_needs_line_of_sight_and_range():
    # RULES B6: any unit between blocks the line; range at most 5
    st = arrange({6: (9, 2), 2: (9, 3), 7: (9, 5), 8: (9, 8), 9: (8, 5)})
    targets = {y_of(a) for a in st.legal_actions() if kind_of(a) == K_FIRE and x_of(a) == 6}
    assert 7 not in targets  # (9, 3) stands between (9, 2) and (9, 5)
    assert 8 not in targets  # (9, 8) is 6 hexes away
    assert 9 in targets  # (9, 3) is not on the line to (8, 5)
    refused(st, fire(6, 7))


def test_a_line_along_a_hex_edge_is_blocked_only_by_units_on_both_sides():
    # RULINGS B6: (9, 2) to (9, 4) runs along the edge of (8, 3) and (9, 3)
    def targets(placed):
        st = arrange(placed)
        return {y_of(a) for a in st.legal_actions() if kind_of(a) == K_FIRE and x_of(a) == 6}
    assert 7 in targets({6: (9, 2), 2: (8, 3), 7: (9, 4)})
    assert 7 in targets({6: (9, 2), 2: (9, 3), 7: (9, 4)})
    assert 7 not in targets({6: (9, 2), 2: (8, 3), 3: (9, 3), 7: (9, 4)})


def test_a_unit_on_a_hex_the_line_crosses_blocks_fire_and_opportunity_fire():
    # RULES B6: from I1 to L2 (distance 4) the line crosses the edge of J2 and K1 at its
    # middle, so it passes through both: a unit on either blocks on its own, active fire
    # (counter 6, 5 - 4 = 1) and opportunity fire (MG 0 at I1, 5 - 4 = 1) alike
    def targets(placed):
        st = arrange(placed)
        return {y_of(a) for a in st.legal_actions() if kind_of(a) == K_FIRE and x_of(a) == 6}
    assert 7 in targets({6: (8, 0), 7: (11, 1)})
    for blocker in ((9, 1), (10, 0), (9, 0), (10, 1)):
        assert 7 not in targets({6: (8, 0), 2: blocker, 7: (11, 1)}), blocker
    st = arrange({6: (8, 0), 2: (9, 1), 7: (11, 1)})
    refused(st, fire(6, 7))
    for placed, asked in (({0: (8, 0, 0), 7: (11, 2)}, True),
                          ({0: (8, 0, 0), 2: (9, 1), 7: (11, 2)}, False),
                          ({0: (8, 0, 0), 2: (10, 0), 7: (11, 2)}, False)):
        st = arrange(placed, phasing=RUSSIA)
        play(st, step(7, 11, 1))
        assert (st.phase == PH_OPFIRE) == asked, placed


def test_a_fire_strength_of_zero_cannot_fire():
    # RULINGS B6: strength minus distance 0 or less cannot fire; counter 5 on its back is 3,
    # three hexes from counter 7
    st = arrange({5: (9, 1, 1), 7: (9, 4)})
    assert not [a for a in st.legal_actions() if kind_of(a) == K_FIRE]


# --- B6 opportunity fire --------------------------------------------------------------------

def _russian_move_past_mg():
    """MG 0 (5) at (9, 2); Russia's counter 7 (4) at (9, 6) steps to (9, 5), 3 hexes away:
    fire strength 2 against 4, column 1:2."""
    st = arrange({0: (9, 2, 0), 7: (9, 6), 2: (11, 0)}, phasing=RUSSIA)
    play(st, step(7, 9, 5))
    return st


def test_each_hex_a_russian_unit_enters_may_draw_mg_fire():
    # RULES B6: Japan decides at each hex the enemy enters
    st = _russian_move_past_mg()
    assert st.phase == PH_OPFIRE and st.player == JAPAN
    assert sorted(st.legal_actions()) == [action(K_OPFIRE, 0), HOLD]
    play(st, HOLD)
    assert st.phase == PH_MOVE and st.player == RUSSIA
    play(st, step(7, 9, 4))  # (9, 4): 2 hexes from the MG, asked again
    assert st.phase == PH_OPFIRE


def test_mg_fire_then_sustained_fire_keeps_it_ready_on_1_to_3():
    # RULES B6 sustained fire: from (9, 4), strength 5 - 2 = 3 against 4: column 1:2; die 6
    # is E2 (nothing). Sustained die 2: the MG may fire again at once
    st = _russian_move_past_mg()
    play(st, HOLD, step(7, 9, 4), action(K_OPFIRE, 0))
    assert st.fire_str == 3
    play(st, 6)
    assert st.phase == PH_SUSTAIN
    play(st, 2)
    assert st.phase == PH_OPFIRE and not st.u_flag[0] & F_SPENT
    # again: die 6, then sustained die 4: the MG is spent, the move goes on
    play(st, action(K_OPFIRE, 0), 6, 4)
    assert st.u_flag[0] & F_SPENT and st.phase == PH_MOVE and st.player == RUSSIA
    # RULES B4: (9, 3) is next to the MG and 7 has 1 MP left: it cannot go there
    assert step(7, 9, 3) not in st.legal_actions()
    play(st, step(7, 10, 4))  # not next to the MG; the spent MG is not asked
    assert st.mover == NONE and st.u_hex[7] == at(10, 4)


def test_an_mg_hit_damages_the_mover_and_its_move_goes_on():
    # RULES B6, B8: the MG at distance 1 from counter 15 (3, blank): 4 : 3 is 1:1 and die 6
    # there is D2: eliminated, the move ends with it
    st = arrange({0: (9, 2, 0), 15: (9, 4), 2: (11, 0)}, phasing=RUSSIA)
    play(st, step(15, 9, 3))
    play(st, action(K_OPFIRE, 0), 6)
    assert st.u_hex[15] == OFF and st.cell[at(9, 3)] == NONE
    play(st, 1)  # sustained fire: the target is gone and no other in sight: spent (B6)
    assert st.u_flag[0] & F_SPENT and st.mover == NONE and st.phase == PH_ACT
    # RULINGS B6: a damaged mover keeps its points and goes on
    st = arrange({0: (9, 2, 0), 7: (9, 6), 2: (11, 0)}, phasing=RUSSIA)
    play(st, step(7, 9, 5), action(K_OPFIRE, 0))  # 2 : 4, column 1:2, die 6 is E2: no
    play(st, 6, 5)
    assert st.u_face[7] == 0 and st.phase == PH_MOVE and st.mp == 2


def test_opportunity_fire_does_not_spend_an_mg():
    # RULES B3 ruling (corrected): opportunity fire does not spend an MG. MG 0 fires at 7
    # (2 : 4, die 6 is E2: nothing), sustained die 3: still ready; Japan holds, and holding
    # spends nothing either; after Russia's impulse the MG may be activated (RULES B3.2)
    st = _russian_move_past_mg()
    play(st, action(K_OPFIRE, 0), 6, 3)
    assert not st.u_flag[0] & F_SPENT and st.phase == PH_OPFIRE
    play(st, HOLD)
    assert not st.u_flag[0] & F_SPENT and st.phase == PH_MOVE
    play(st, STOP)  # Russia has no unspent unit left: Japan's impulse
    assert st.phasing == JAPAN and st.phase == PH_ACT and not st.u_flag[0] & F_SPENT
    assert step(0, 8, 2) in st.legal_actions()


def test_a_failed_sustained_roll_spends_the_mg():
    # RULES B3 ruling, B6: a sustained-fire die of 4-6 turns the MG: it is not asked at the
    # next hex, and Japan cannot activate it this turn
    st = _russian_move_past_mg()
    play(st, action(K_OPFIRE, 0), 6, 4)
    assert st.u_flag[0] & F_SPENT and st.phase == PH_MOVE
    play(st, step(7, 9, 4))  # 2 hexes from the MG now
    assert st.phase == PH_MOVE
    play(st, STOP)
    assert st.phasing == JAPAN and st.phase == PH_ACT
    assert not [a for a in st.legal_actions() if kind_of(a) == K_STEP and x_of(a) == 0]


def test_sustained_fire_may_choose_a_target_that_did_not_move():
    # RULES B6, the postcard: on 1-3 the MG fires again "choosing a target in line of
    # sight". MG 0 fires at the mover 7 (2 : 5, die 6: nothing), sustained die 2; now it may
    # fire at 15, which has not moved, 2 hexes away: 5 - 2 = 3 : 3 (1:1), die 6 is D2 and
    # the blank counter is gone; sustained die 1, the mover still in sight: ready again
    st = arrange({0: (9, 2, 0), 7: (9, 6), 15: (10, 3), 2: (11, 0)}, phasing=RUSSIA)
    play(st, step(7, 9, 5))
    assert sorted(st.legal_actions()) == [action(K_OPFIRE, 0), HOLD]  # no shot yet
    play(st, action(K_OPFIRE, 0), 6, 2)
    assert sorted(st.legal_actions()) == [fire(0, 15), action(K_OPFIRE, 0), HOLD]
    play(st, fire(0, 15))
    assert st.phase == PH_FIRE and st.target == 15 and st.fire_str == 3
    play(st, 6)
    assert st.u_hex[15] == OFF and st.phase == PH_SUSTAIN
    play(st, 1)
    assert st.phase == PH_OPFIRE and not st.u_flag[0] & F_SPENT
    play(st, HOLD)  # the move goes on
    assert st.phase == PH_MOVE and st.mover == 7 and st.u_hex[7] == at(9, 5)


def test_an_mg_whose_mover_fell_fires_on_only_with_a_target_in_sight():
    # RULES B6 ruling: the mover eliminated (15, 4 : 3 at 1:1, die 6 D2), a sustained die of
    # 2 lets the MG fire at 16, still in its sight; it is spent only when no target is left
    st = arrange({0: (9, 2, 0), 15: (9, 4), 16: (10, 3), 2: (11, 0)}, phasing=RUSSIA)
    play(st, step(15, 9, 3), action(K_OPFIRE, 0), 6)
    assert st.u_hex[15] == OFF
    play(st, 2)
    assert st.legal_actions() == [fire(0, 16), HOLD] and not st.u_flag[0] & F_SPENT
    play(st, HOLD)  # the move is over with its unit
    assert st.mover == NONE and st.phase == PH_ACT and not st.u_flag[0] & F_SPENT
    # no other target in sight: spent (test_an_mg_hit_damages_the_mover_...)


def test_the_moving_unit_blocks_sustained_fire_at_a_target_behind_it():
    # RULES B6: any unit between blocks the line, the moving one too: from (8, 4) the MG
    # sees 15 at (11, 4) past (10, 5), not past 7 standing on (10, 4)
    for frm, to, seen in (((10, 3), (10, 4), False), ((10, 6), (10, 5), True)):
        st = arrange({0: (8, 4, 0), 7: frm, 15: (11, 4), 2: (11, 0)}, phasing=RUSSIA)
        play(st, step(7, *to), action(K_OPFIRE, 0), 6, 2)
        assert (fire(0, 15) in st.legal_actions()) == seen


def test_only_japanese_mgs_make_opportunity_fire():
    # RULES B6: cavalry side up, or Russian units moving past Japanese infantry: no prompt
    st = arrange({0: (9, 2, 1), 7: (9, 6), 6: (11, 0)}, phasing=RUSSIA)
    play(st, step(7, 9, 5))
    assert st.phase == PH_MOVE
    st = arrange({0: (9, 2, 0), 7: (9, 6), 2: (9, 5)})  # Japan moves: no fire at all
    play(st, step(2, 10, 5))
    assert st.phase in (PH_MOVE, PH_ACT)


# --- B7 combat, B8 hits -----------------------------------------------------------------------

def test_combat_is_mandatory_for_a_unit_that_moved_next_to_an_enemy():
    # RULES B7: every enemy next to an attacker must be attacked; B3.2 then combat
    st = arrange({6: (9, 1), 7: (9, 4)}, spent_spares=False)
    play(st, step(6, 9, 2), step(6, 9, 3), END)
    assert st.phase == PH_COMBAT and st.player == JAPAN
    assert sorted(st.legal_actions()) == [action(K_DEF, 7)]
    play(st, action(K_DEF, 7))
    assert sorted(st.legal_actions()) == [action(K_ATT, 6), action(K_CLEAR)]
    refused(st, RESOLVE)  # no attacker yet
    play(st, action(K_ATT, 6), RESOLVE)
    assert st.to_act() == CHANCE
    # 5 : 5 is 1:1; die 4 is E1: each side takes one hit
    play(st, 4)
    assert st.u_face[6] == 1 and st.u_face[7] == 1
    assert st.u_flag[6] & F_SPENT and st.u_flag[7] & F_SPENT  # RULES B7: all spent
    assert st.phasing == RUSSIA


def test_odds_round_in_the_defenders_favour():
    # RULES B7: 6 + 5 = 11 against 4 is 2.75:1, the 2:1 column; die 3 there is E1
    st = arrange({6: (9, 1), 5: (10, 2), 7: (9, 4)})
    play(st, step(6, 9, 2), step(6, 9, 3), step(5, 10, 3), step(5, 10, 4))
    play(st, action(K_DEF, 7), action(K_ATT, 5), action(K_ATT, 6), RESOLVE)
    assert st.fire_str == 4  # the column index of 2:1
    play(st, 3)  # E1: one hit on each side, the attackers' first
    assert st.phase == PH_HITS and st.player == JAPAN  # RULINGS B8: Japan places its hit
    assert sorted(st.legal_actions()) == [action(K_HIT, 5), action(K_HIT, 6)]
    play(st, action(K_HIT, 5))
    assert st.u_face[5] == 1 and st.u_face[6] == 0 and st.u_face[7] == 1


def test_unspent_units_next_to_an_enemy_must_attack_even_without_moving():
    # RULES B7: combat follows the activations even when the side declined them
    st = arrange({6: (9, 3), 7: (9, 4)})
    play(st, END)
    assert st.phase == PH_COMBAT


def test_spent_units_do_not_attack():
    # RULINGS B7: a unit spent before this impulse neither must nor may attack
    st = arrange({6: (9, 3), 7: (9, 4)})
    st.u_flag[6] = F_SPENT
    play(st, END)
    assert st.phasing == RUSSIA


def test_an_engagement_that_would_leave_an_enemy_unattackable_cannot_be_resolved():
    # RULES B7: a unit attacks once per combat step, and every adjacent enemy is attacked.
    # Counter 6 at (9, 3) is next to both (9, 4) and (10, 3): alone, it must take both on.
    st = arrange({6: (9, 3), 7: (9, 4), 8: (10, 3)})
    play(st, END, action(K_DEF, 7), action(K_ATT, 6))
    assert RESOLVE not in st.legal_actions()
    play(st, action(K_DEF, 8), RESOLVE)
    # 6 : 8 is the 1:2 column; die 1 is A2: the lone attacker flips, then is eliminated
    play(st, 1)
    assert st.u_hex[6] == OFF and st.u_face[7] == 0 and st.u_face[8] == 0
    assert st.turn == 2  # RULES B7: everybody is spent now, so the turn is over (B3.6)


def test_clear_empties_the_engagement():
    st = arrange({6: (9, 3), 7: (9, 4)})
    play(st, END, action(K_DEF, 7), action(K_CLEAR))
    assert sorted(st.legal_actions()) == [action(K_DEF, 7)]


def test_the_mg_cavalry_counter_defends_with_3_and_dies_of_one_hit():
    # RULES B8: Russian 7 (4) and 11 (4) attack Japan's MG (shows 5, defends with 3): 8:3
    # is the 2:1 column; die 5 is D1: the counter is eliminated by one hit
    st = arrange({0: (9, 3, 0), 7: (9, 4), 11: (10, 3), 6: (11, 0)}, phasing=RUSSIA)
    play(st, END, action(K_DEF, 0), action(K_ATT, 7), action(K_ATT, 11), RESOLVE)
    assert st.fire_str == 4
    play(st, 5)
    assert st.u_hex[0] == OFF


def test_a_second_hit_eliminates():
    # RULES B8: each hit flips the counter; a hit on the back eliminates it. 6 (6) and 5 (5)
    # against 11 (4): 11 : 4 is the 2:1 column; die 6 there is D2
    st = arrange({6: (9, 3), 5: (10, 4), 11: (9, 4)})
    play(st, END, action(K_DEF, 11), action(K_ATT, 6), action(K_ATT, 5), RESOLVE)
    assert st.fire_str == 4
    play(st, 6)
    assert st.u_hex[11] == OFF


def test_a_hit_on_a_blank_back_eliminates():
    # RULES B8: counter 15 has a blank back; 6 : 3 is 2:1, die 5 is D1
    st = arrange({6: (9, 3), 15: (9, 4)})
    play(st, END, action(K_DEF, 15), action(K_ATT, 6), RESOLVE, 5)
    assert st.u_hex[15] == OFF


# --- B3.7 reset, B9 victory -------------------------------------------------------------------

def test_reset_restores_one_counter_each_and_japan_may_switch_its_specials():
    # RULES B3.7
    st = arrange({5: (9, 2, 1), 6: (10, 2, 1), 0: (9, 0, 0), 7: (9, 7, 1)}, spares=3)
    play(st, END, END)
    assert st.phase == PH_RESET and st.player == JAPAN
    assert sorted(st.legal_actions()) == sorted([action(K_RESTORE, 5), action(K_RESTORE, 6),
                                                 action(K_SWITCH, 0), DONE])
    play(st, action(K_RESTORE, 6))
    assert action(K_RESTORE, 5) not in st.legal_actions()  # one counter a side
    play(st, action(K_SWITCH, 0))
    assert st.u_face[0] == 1  # now cavalry: 3, move 6
    assert st.phase == PH_RESET and st.player == RUSSIA  # nothing left for Japan
    play(st, action(K_RESTORE, 7))
    assert st.phase == PH_INIT and st.turn == 2
    assert st.u_face[5] == 1 and st.u_face[6] == 0 and st.u_face[7] == 0


def test_a_side_with_three_units_left_loses_at_once():
    # RULES B9 ruling: 3 or fewer units on the map loses; Russia has 4 here
    st = arrange({6: (9, 2), 5: (10, 2), 15: (9, 4)}, spares=3)
    play(st, fire(5, 15, 6), 5)  # D1 eliminates counter 15 (see the joint-fire test)
    assert st.phase == PH_OVER and st.winner() == JAPAN and st.to_act() == TERMINAL
    refused_over = st.encode()
    with pytest.raises(IllegalAction):
        st.apply(END)
    assert st.encode() == refused_over


def test_when_both_sides_fall_together_the_second_in_initiative_wins():
    # RULES B9 ruling: E1 eliminates one unit of each side, both drop to 3
    st = arrange({6: (9, 3, 1), 15: (9, 4)}, spares=3)
    # Japan first this turn; 3 : 3 is 1:1, die 4 is E1: both eliminated
    play(st, END, action(K_DEF, 15), action(K_ATT, 6), RESOLVE, 4)
    assert st.winner() == RUSSIA
    st = arrange({6: (9, 3, 1), 15: (9, 4)}, spares=3, phasing=RUSSIA)
    play(st, END, action(K_DEF, 6), action(K_ATT, 15), RESOLVE, 4)
    assert st.winner() == JAPAN


def test_after_the_last_turn_the_side_that_holds_out_wins():
    # RULINGS B9: the game's length (TURNS) and who wins when it runs out (HOLDS_OUT: Japan,
    # holding the line) are scenario data; losses do not matter then
    assert T.HOLDS_OUT == JAPAN
    for japan, russia in ((7, 11), (4, 11), (5, 4 + 1)):
        st = arrange({2: (9, 0), 7: (9, 7)}, spares=(japan - 1, russia - 1), turn=T.TURNS)
        play(st, END, END)
        while st.phase == PH_RESET:  # B3.7: Japan's MG/cavalry counters may switch
            play(st, DONE)
        assert st.phase == PH_OVER and st.winner() == JAPAN
    # one turn earlier the game goes on
    st = arrange({2: (9, 0), 7: (9, 7)}, turn=T.TURNS - 1)
    play(st, END, END)
    assert st.phase == PH_INIT and st.turn == T.TURNS


def test_an_illegal_action_names_the_rule_and_changes_nothing():
    st = arrange({6: (9, 2), 7: (9, 4)})
    before = st.encode()
    with pytest.raises(IllegalAction) as e:
        st.apply(step(6, 6, 2))
    assert "B3.2" in str(e.value) and st.encode() == before
