# SPDX-License-Identifier: MIT
"""The Pocket-Tactics CPU opponent (engine/pocket_tactics/cpu.py, evaluate.py) and
State.copy_from: legal choices that leave the game alone, copies equal to the byte,
a choice that does not depend on the other player's private spell hand (RULES A9), the
evaluation's symmetry, and a short strength smoke test (not timed)."""
from engine.core.protocol import CHANCE, TERMINAL, sample_chance
from engine.pocket_tactics import tables as T
from engine.pocket_tactics.forces import suggested
from engine.pocket_tactics.consts import PH_OVER, PH_TURN
from engine.pocket_tactics.cpu import LEVELS, make_cpu
from engine.pocket_tactics.evaluate import WIN, evaluate
from engine.pocket_tactics.players import GreedyPlayer, RandomPlayer
from engine.pocket_tactics.state import State

MAGE_GUILD = 4  # the faction with spell cards


def _advance(st, players, actions):
    """Play ``actions`` actions (chance from the state's PRNG)."""
    for _ in range(actions):
        who = st.to_act()
        if who == TERMINAL:
            return
        st.apply(sample_chance(st) if who == CHANCE else players[who].choose(st))


def test_copy_from_gives_identical_bytes_and_fields():
    cpu = make_cpu("normal", 1)
    for seed in range(6):
        st = State(suggested(seed % 5, MAGE_GUILD, 50), seed)
        players = (RandomPlayer(seed), RandomPlayer(seed + 9))
        scratch = None
        for _ in range(12):
            _advance(st, players, 9)
            if st.phase == PH_OVER:
                break
            if st.phase < PH_TURN and st.turn == 0:
                continue  # the scratch shares the map, which is drafted before the battle
            scratch = cpu.scratch(st, scratch)
            scratch.copy_from(st)
            assert scratch.encode() == st.encode()
            for k, v in vars(st).items():
                if k not in ("cfg", "rng", "board", "_spare"):  # _spare: the scratch's own
                    assert getattr(scratch, k) == v, k
            assert st._spare is None and scratch._spare is not st._legal
            for k, v in vars(st.board).items():
                if k != "grid":  # the same fixed grid geometry
                    assert getattr(scratch.board, k) == v, k
            assert scratch.rng.get_state() == st.rng.get_state()
            # the copy plays on by itself without touching the original
            before = st.encode()
            _advance(scratch, players, 5)
            assert st.encode() == before


def _battle(seed, fa, fb, actions=0):
    st = State(suggested(fa, fb, 50), seed)
    players = (GreedyPlayer(seed), GreedyPlayer(seed + 1))
    while st.phase != PH_TURN:
        _advance(st, players, 1)
    _advance(st, players, actions)
    return st, players


def test_every_level_chooses_legal_actions_and_leaves_the_state_alone():
    for level in LEVELS:
        for seed in range(3):
            st, players = _battle(seed, seed % 5, (seed + 2) % 5)
            cpu = make_cpu(level, seed)
            for _ in range(12):
                while st.to_act() == CHANCE:
                    st.apply(sample_chance(st))
                if st.to_act() == TERMINAL:
                    break
                legal = list(st.legal_actions())
                before = st.encode()
                a = cpu.choose(st)
                assert a in legal
                assert st.encode() == before
                st.apply(a)
                _advance(st, players, 1)


def test_sliced_interface_matches_choose():
    st, _ = _battle(4, 2, 3, 6)
    while st.to_act() == CHANCE:
        st.apply(sample_chance(st))
    a = make_cpu("hard", 7)
    b = make_cpu("hard", 7)
    b.begin(st)
    slices = 0
    while not b.think(1):
        slices += 1
    assert b.best() == a.choose(st)


def test_forced_choice_returns_at_once():
    st, players = _battle(1, 0, 1)
    for _ in range(400):
        if st.to_act() == TERMINAL:
            break
        if st.to_act() != CHANCE and len(st.legal_actions()) == 1:
            cpu = make_cpu("hard", 1)
            cpu.begin(st)
            assert cpu.think(1)
            assert cpu.search.evals == 0
            assert cpu.best() == st.legal_actions()[0]
            return
        _advance(st, players, 1)
    raise AssertionError("no forced choice found")


def _swap_hidden_hand(st, p):
    """The same state with player ``p``'s hand redrawn: other cards from the same unseen
    pool (deck + hand), as many as before."""
    ns = T.N_SPELLS
    other = State(st.cfg)
    other.copy_from(st)
    base = p * ns
    held = 0
    for i in range(base, base + ns):
        held += other.hand[i]
        other.deck[i] += other.hand[i]
        other.hand[i] = 0
    # take the cards from the spell ids in reverse order of the pool, a different hand
    for i in range(base + ns - 1, base - 1, -1):
        while held and other.deck[i]:
            other.deck[i] -= 1
            other.hand[i] += 1
            held -= 1
    return other


def test_choice_does_not_depend_on_the_hidden_hand():
    """RULES A9: the CPU never looks at the other player's hand (the search redraws it)."""
    checked = 0
    for seed in range(8):
        st, players = _battle(seed, seed % 4, MAGE_GUILD, 4 + seed)
        while st.to_act() == CHANCE:
            st.apply(sample_chance(st))
        if st.to_act() != 0:
            _advance(st, players, 1)
            while st.to_act() == CHANCE:
                st.apply(sample_chance(st))
        if st.to_act() != 0:
            continue
        other = _swap_hidden_hand(st, 1)
        if bytes(other.hand) == bytes(st.hand):
            continue
        for level in ("normal", "hard"):
            a = make_cpu(level, 5)
            b = make_cpu(level, 5)
            assert a.choose(st) == b.choose(other)
            # the same values for every root action (no arrays: a decision without a search)
            sa, sb = a.search, b.search
            assert (sa.sums or [])[:sa.count] == (sb.sums or [])[:sb.count]
        checked += 1
    assert checked >= 3


def test_evaluation_is_zero_sum_and_terminal_is_large():
    for seed in range(5):
        st, players = _battle(seed, seed % 5, (seed * 3 + 1) % 5, 3 * seed)
        for _ in range(40):
            v = evaluate(st, 0)
            assert v == -evaluate(st, 1)
            assert abs(v) < 1 << 30
            if st.to_act() == TERMINAL:
                break
            _advance(st, players, 1)
        if st.phase == PH_OVER:
            w = st.winner()
            if w in (0, 1):
                assert evaluate(st, w) == WIN and evaluate(st, 1 - w) == -WIN


def test_hard_beats_random_smoke():
    """A few games (not a measurement: tools/strength.py is): hard must win most."""
    score = 0
    for g in range(6):
        seed = 300 + g
        st = State(suggested(g % 5, (g + 1) % 5, 50), seed)
        seat = g % 2
        players = [RandomPlayer(seed), RandomPlayer(seed)]
        players[seat] = make_cpu("hard", seed)
        _advance(st, players, 10000)
        score += 1 if st.winner() == seat else 0
    assert score >= 5


def _setup_until(st, phase, players):
    while st.phase != phase:
        _advance(st, players, 1)


def _touching(st, h):
    b = st.board
    n = 0
    for d in range(6):
        nb = b.grid.neighbour(h, d)
        if nb >= 0 and b.cell[nb]:
            n += 1
    return n


def test_cpu_drafts_a_compact_map():
    """RULES A2.6: the CPU puts the drawn tile where it touches the most placed tiles
    (room around the features for A2.8); every choice is among the legal ones."""
    from engine.pocket_tactics.consts import PH_PLACE_TILE, PH_FEATURE, x_of

    for seed in range(4):
        st = State(suggested(seed % 5, (seed + 2) % 5, 50), seed)
        cpu = make_cpu("normal", seed)
        placed = 0
        while st.phase != PH_FEATURE:
            if st.phase == PH_PLACE_TILE:
                legal = st.legal_actions()
                a = cpu.choose(st)
                assert a in legal
                most = max(_touching(st, x_of(b)) for b in legal)
                assert _touching(st, x_of(a)) == most
                st.apply(a)
                placed += 1
            else:
                _advance(st, (RandomPlayer(1), RandomPlayer(2)), 1)
        assert placed == 11  # 12 tiles, the centre drawn (A2.4)


def test_cpu_feature_leaves_room_to_deploy():
    """RULES A2.7 (ruling: ties are the player's choice) and A2.8: among the tiles the
    rule leaves, the CPU takes the one with the most free tiles around it."""
    from engine.pocket_tactics.consts import NONE, PH_FEATURE, x_of

    chosen = 0
    for seed in range(12):
        st = State(suggested(seed % 5, (seed + 1) % 5, 50), seed)
        rnd = (RandomPlayer(seed), RandomPlayer(seed + 5))
        _setup_until(st, PH_FEATURE, rnd)
        legal = st.legal_actions()
        a = make_cpu("easy", seed).choose(st)
        assert a in legal
        b = st.board

        def room(t):
            return sum(1 for u in range(b.n) if b.route(t, u) == 1 and b.t_feature[u] == NONE)

        assert room(x_of(a)) == max(room(x_of(c)) for c in legal)
        chosen += len(legal) > 1
    assert chosen >= 2  # some seeds leave a real choice


def test_hard_values_assaults_with_the_exact_odds():
    """RULES A5.2/A5.3: bumps and re-rolls change an assault's odds; the hard level's
    evaluation counts them (odds.py's exact odds), easy and normal the single roll."""
    from engine.pocket_tactics.consts import MAP
    from engine.pocket_tactics.evaluate import best_assault, exact_odds, pbeat_odds
    from engine.pocket_tactics.odds import assault_odds

    from engine.pocket_tactics import cpu

    assert cpu.make_cpu("hard", 1).odds is cpu.exact_odds
    assert cpu.make_cpu("normal", 1).odds is cpu.pbeat_odds
    assert cpu.make_cpu("easy", 1).odds is cpu.pbeat_odds
    differ = 0
    for seed in range(30):
        st, players = _battle(seed, seed % 5, (seed + 3) % 5, 2 * seed)
        on = [u for u in range(st.cfg.n_units) if st.u_where[u] == MAP]
        for a in on:
            for d in on:
                if st.u_owner[a] == st.u_owner[d]:
                    continue
                o = assault_odds(st, a, d, bytearray(2))
                assert exact_odds(st, a, d, True) == (o[0] * 1000 // 255, o[1] * 1000 // 255)
                assert exact_odds(st, a, d, False)[1] == 0  # no strike back (A6)
                differ += exact_odds(st, a, d, True) != pbeat_odds(st, a, d, True)
        v_exact = evaluate(st, 0, exact_odds)
        assert v_exact == -evaluate(st, 1, exact_odds)
        assert best_assault(st, 0, exact_odds) >= 0
    assert differ > 10  # the bumps and re-rolls matter
