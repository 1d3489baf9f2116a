# SPDX-License-Identifier: MIT
"""The Tactical Hex CPU (engine/tactical_hex/cpu.py) and its greedy baseline
(players.py): legal choices, the deadline of a fake clock, sensible decisions in scripted
positions, and a few games against the random player (not a measurement:
tools/strength.py --ruleset hex is; docs/TACTICAL_HEX.md has its figures)."""
from hex_helpers import JAPAN, NONE, RUSSIA, action, arrange, at, play
from engine.core.protocol import RandomPlayer
from engine.core.protocol import TERMINAL, step
from engine.tactical_hex.consts import (K_ATT, K_DEF, K_END, K_FIRE, K_HOLD, K_OPFIRE,
                                        K_RESOLVE, K_STEP, PH_ACT, PH_FIRE, PH_MELEE,
                                        kind_of, x_of)
from engine.tactical_hex.cpu import BREAKING, EXPECTED, LEVELS, evaluate, make_cpu
from engine.tactical_hex.players import D_CHANCE, MELEE_VALUE, GreedyPlayer
from engine.tactical_hex.state import State
from test_search import FakeClock


def test_column_tables_follow_the_crt():
    # RULES B6: only D results hurt in fire; B10: higher columns never worse for the firer
    assert D_CHANCE[0] == 0  # 1:3: no D result at all
    assert list(D_CHANCE) == sorted(D_CHANCE) and list(MELEE_VALUE) == sorted(MELEE_VALUE)
    assert MELEE_VALUE[0] < 0 < MELEE_VALUE[-1]


def test_think_returns_at_the_deadline_of_a_fake_clock():
    st = arrange({6: (9, 2), 5: (10, 2), 7: (9, 6), 8: (10, 6)}, spent_spares=False)
    clock = FakeClock(5000, 1000)  # a second passes at each reading
    p = make_cpu("hard", 3, clock)
    p.begin(st)
    done = p.think(1)
    while not done:
        done = p.think(1)
    # hard allows 4500 device ms (budget 192 evaluations): begin reads 6000, so the
    # deadline is 10500; the clock, read after each ply and each evaluation, passes it at
    # its 6th reading (11000), and the search stops there, whatever the ply
    assert LEVELS["hard"][0] > 5 and LEVELS["hard"][2] == 4500
    assert p.search.cut and clock.reads == 6 and p.search.evals < 5
    assert p.best() in st.legal_actions()


def test_the_cpu_fires_with_both_infantry_at_a_weak_target():
    # RULES B5: two infantry units, 3 hexes from a blank 3-strength counter (15): together
    # 2 + 1 = 3 : 3 (1:1) - alone 2 : 3 (1:2, no D result). Moving next to it would invite
    # the Russian counters' fire; the CPU fires, and with both
    st = arrange({6: (9, 2), 5: (10, 2), 15: (9, 5)}, spares=(4, 5))
    a = make_cpu("normal", 1).choose(st)
    assert kind_of(a) in (K_FIRE, K_STEP, K_END)
    g = GreedyPlayer(1).choose(st)
    assert kind_of(g) == K_FIRE and (g & 255) != NONE  # the joint fire


def test_the_greedy_mg_fires_only_with_a_chance_to_hit():
    # RULES B6: an MG at 1:3 or 1:2 odds has no D result: hold; closer, it fires
    st = arrange({0: (9, 2, 0), 7: (9, 6), 2: (11, 0)}, phasing=RUSSIA)
    play(st, action(K_STEP, 7, at(9, 5)))  # 3 hexes: 2 : 5
    assert GreedyPlayer(1).choose(st) == action(K_HOLD)
    st = arrange({0: (9, 2, 0), 15: (9, 4), 2: (11, 0)}, phasing=RUSSIA)
    play(st, action(K_STEP, 15, at(9, 3)))  # next to it: 4 : 3
    assert GreedyPlayer(1).choose(st) == action(K_OPFIRE, 0)


def test_sustained_fire_picks_the_target_worth_firing_at():
    # RULES B6: after a sustained die of 1-3 the MG chooses among the enemies in its sight:
    # the mover 7 three hexes off (2 : 5, 1:3: no D result) or 15, which did not move, two
    # hexes off (3 : 3, 1:1: D2 on a 6); the greedy player and the CPU fire at 15
    st = arrange({0: (9, 2, 0), 7: (9, 6), 15: (10, 3), 2: (11, 0)}, phasing=RUSSIA)
    play(st, action(K_STEP, 7, at(9, 5)), action(K_OPFIRE, 0), 6, 2)
    want = action(K_FIRE, 0, 15, NONE)
    assert want in st.legal_actions()
    assert GreedyPlayer(1).choose(st) == want
    assert make_cpu("normal", 1).choose(st) == want
    # with the mover 11 next to the MG (4 : 4) and 15 farther (3 : 3), both at 1:1, the
    # mover, worth more (4 + 2 against a blank 3), is the better shot
    st = arrange({0: (9, 2, 0), 11: (9, 4), 15: (10, 3), 2: (11, 0)}, phasing=RUSSIA)
    play(st, action(K_STEP, 11, at(9, 3)), action(K_OPFIRE, 0), 5, 2)
    assert want in st.legal_actions()
    assert GreedyPlayer(1).choose(st) == action(K_OPFIRE, 0)


def test_evaluation_is_zero_sum_and_knows_the_end():
    st = arrange({6: (9, 2), 7: (9, 6)})
    assert evaluate(st, JAPAN) != 0 or evaluate(st, RUSSIA) != 0
    st.finish(JAPAN)
    assert evaluate(st, JAPAN) > 0 > evaluate(st, RUSSIA)


def test_hard_weighs_how_near_each_side_is_to_breaking():
    # RULES B9: a side with 3 units or fewer loses; Japan (7 counters) can lose 4, Russia 8.
    # Five units each: Japan has 2 of its 4 to lose left (5000), Russia 2 of 8 (2500)
    st = arrange({6: (9, 2), 7: (9, 6)})
    assert evaluate(st, JAPAN, 10000) - evaluate(st, JAPAN) == 5000 - 2500
    assert evaluate(st, RUSSIA, 10000) - evaluate(st, RUSSIA) == 2500 - 5000
    for level in LEVELS:
        assert make_cpu(level).evaluate(st, JAPAN) == evaluate(st, JAPAN, BREAKING[level])
    assert BREAKING["hard"] > BREAKING["normal"] == BREAKING["easy"] == 0


def _each_roll(st, p, w):
    """The evaluation for ``p`` after each of the six rolls of the die ``st`` waits for."""
    out = []
    for die in range(1, 7):
        c = State(11)
        c.copy_from(st)
        c.apply(die)
        out.append(evaluate(c, p, w))
    return out


def _hard_takes_the_mean_of_the_rolls(st):
    """``st`` waits for a die: hard's evaluation is the mean of the six rolls' (and the
    lower levels roll it in the play-out); ``st`` is left as it was. Returns how many
    different values the rolls give."""
    before = st.encode()
    w = BREAKING["hard"]
    for level in LEVELS:
        assert make_cpu(level).expects(st) == (level in EXPECTED)
    hard = make_cpu("hard")
    for p in (JAPAN, RUSSIA):
        rolls = _each_roll(st, p, w)
        assert hard.evaluate(st, p) == sum(rolls) // 6
    assert st.encode() == before
    assert EXPECTED == ("hard",)
    return len(set(rolls))


def test_hard_values_a_fire_by_its_expected_outcome():
    # RULES B6: the MG fires at the mover 11 next to it (4 : 4, column 1:1): five rolls
    # miss, the 6 hits twice (B8)
    st = arrange({0: (9, 2, 0), 11: (9, 4), 15: (10, 3), 2: (11, 0)}, phasing=RUSSIA)
    play(st, action(K_STEP, 11, at(9, 3)), action(K_OPFIRE, 0))
    assert st.phase == PH_FIRE
    assert _hard_takes_the_mean_of_the_rolls(st) == 2


def test_hard_values_an_engagement_by_its_expected_outcome():
    # RULES B7: 6 attacks 7 alone, one unit a side (no choice of where a hit goes, B8):
    # the CRT column's results hurt one side, the other, or neither
    st = arrange({6: (9, 3), 7: (9, 4)})
    play(st, action(K_END), action(K_DEF, 7), action(K_ATT, 6), action(K_RESOLVE))
    assert st.phase == PH_MELEE
    assert _hard_takes_the_mean_of_the_rolls(st) > 1


def test_every_level_plays_only_legal_actions_to_the_end():
    for level in LEVELS:
        st = State(11)
        players = [make_cpu(level, 5), RandomPlayer(6)]
        n = 0
        while step(st, players) is not None:  # step() applies with the legality check
            n += 1
        assert st.to_act() == TERMINAL and n > 100


def test_the_cpu_beats_the_random_player_from_both_sides():
    # a few games only (tools/strength.py measures): normal wins all of these
    for seed in (1, 2):
        for side in (JAPAN, RUSSIA):
            players = [None, None]
            players[side] = make_cpu("normal", seed)
            players[1 - side] = RandomPlayer(seed + 9)
            st = State(seed)
            while step(st, players) is not None:
                pass
            assert st.winner() == side, (seed, side)


def test_the_cpu_does_not_change_the_state_it_thinks_about():
    st = arrange({6: (9, 2), 5: (10, 2), 7: (9, 6), 8: (10, 6)}, spent_spares=False)
    before = st.encode()
    p = make_cpu("normal", 2)
    a = p.choose(st)
    assert st.encode() == before and a in st.legal_actions() and st.phase == PH_ACT
    assert x_of(a) < 18
