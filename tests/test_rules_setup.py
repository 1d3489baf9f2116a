# SPDX-License-Identifier: MIT
"""RULES A2 (setting up), end to end: the centre tile with the central feature, the roll-off
(ties re-rolled), the alternating map draft (each tile next to one already placed), own
features "as far as possible" (its ruling), deployment of up to three units in or next to
the own feature, who takes the first turn, and the opening hands of spell cards (A9)."""
from engine.pocket_tactics.config import Config
from engine.pocket_tactics.consts import (CENTRE, K_DEPLOY, K_FEATURE, K_PLACE, PH_FEATURE,
                                          PH_PLACE_TILE, SU_FIRST, action)
from engine.pocket_tactics.state import State
from helpers import (CHANCE, PH_TURN, do, faction_id, feature_id, hand, legal, pile, refused,
                     scripted, spell_id, terrain_id, tile, unit_id, where, who)

U = unit_id
F = feature_id
GRID, MASONRY = terrain_id("grid"), terrain_id("masonry")
FSP, NIGHTFALL, MAGES = (faction_id(k) for k in ("fsp", "nightfall", "mage_guild"))

A_FORCE = [U(k) for k in ("company_trooper", "company_scout", "company_heavy",
                          "combat_medic")]
B_FORCE = [U(k) for k in ("goblin_rascal", "goblin_thug", "goblin_archer", "witch_queen",
                          "goblin_beast")]


def new_game(a_force=A_FORCE, b_force=B_FORCE, factions=(FSP, NIGHTFALL), spells=((), ()),
             seed=1):
    # A chooses 6 Grid tiles, B 6 Masonry tiles (A2.2); central feature a village; A's own
    # feature a fortress, B's a tower (A2.3).
    cfg = Config(factions, (a_force, b_force), spells, ((GRID,) * 6, (MASONRY,) * 6),
                 F("village"), (F("fortress"), F("tower")), 100)
    return State(cfg, seed)


def draft(st, hexes, first):
    """Draw and place the 11 remaining tiles in the given order; asserts the players
    alternate, the first player starting (A2.6). Masonry and Grid are drawn in turn."""
    p = first
    for i, h in enumerate(hexes):
        assert st.to_act() == CHANCE and not st.chance_is_die()
        left = dict(st.chance_outcomes())
        terrain = "masonry" if left.get(MASONRY, 0) >= left.get(GRID, 0) else "grid"
        do(st, "draw " + terrain)
        # RULES A2.6: players alternately place the drawn tile.
        assert who(st) == p, "tile %d (%s) should be placed by %s" % (i + 1, h, p)
        do(st, "place " + h)
        p = "B" if p == "A" else "A"


# The line map: -5,0 .. 5,0 and -5,1 (which is also 5 steps from the centre).
LINE = ["1,0", "-1,0", "2,0", "-2,0", "3,0", "-3,0", "4,0", "-4,0", "5,0", "-5,0", "-5,1"]


def test_setup_end_to_end():
    st = new_game()
    # RULES A2.4: one tile is drawn from the bag (a chance node over the 12 tiles) and the
    # central feature is placed into it.
    assert sorted(st.chance_outcomes()) == [(GRID, 6), (MASONRY, 6)]
    do(st, "draw grid")
    assert st.board.n == 1 and st.board.t_hex[0] == CENTRE
    assert st.board.t_feature[0] == F("village")
    assert list(st.bag[:4]) == [5, 0, 0, 6]  # 11 tiles left in the bag

    # RULES A2.5: each rolls a die (A, then B); a tie is re-rolled.
    scripted(st, [4, 4])
    assert st.to_act() == CHANCE and st.chance_is_die()
    scripted(st, [2, 5])
    # B rolled higher: B goes first in setup.
    assert st.setup[SU_FIRST] == 1

    # RULES A2.6: a tile goes next to any tile already placed: at first, the centre's six
    # neighbours only.
    do(st, "draw masonry")
    assert who(st) == "B"
    assert legal(st) == {"place 1,0", "place 1,-1", "place 0,-1", "place -1,0", "place -1,1",
                         "place 0,1"}
    refused(st, "place 2,0", "A2.6")
    refused(st, "place 5,5", "A2.6")
    do(st, "place 1,0")
    draft(st, LINE[1:], "A")
    assert st.board.n == 12

    # RULES A2.7 + ruling: in turn order (B first) each player places their own feature as
    # far as possible: the tiles at the greatest route from the centre (5 steps: 5,0, -5,0,
    # -5,1), ties the player's choice.
    assert who(st) == "B"
    assert legal(st) == {"feature 5,0", "feature -5,0", "feature -5,1"}
    refused(st, "feature 4,0", "A2.7")
    do(st, "feature -5,0")
    assert st.board.t_feature[tile(st, "-5,0")] == F("tower")
    # A: among 5,0 and -5,1 (both 5 from the centre), the one farther from B's feature:
    # 5,0 (10 steps) beats -5,1 (1 step).
    assert who(st) == "A"
    assert legal(st) == {"feature 5,0"}
    refused(st, "feature -5,1", "A2.7")
    do(st, "feature 5,0")
    assert st.board.t_feature[tile(st, "5,0")] == F("fortress")

    # RULES A2.8: in turn order (B first) up to three units in or next to the own feature:
    # for B the tower -5,0 and its neighbours -4,0 and -5,1.
    assert who(st) == "B"
    deploys = {a.split()[-1] for a in legal(st) if a.startswith("deploy B1 ")}
    assert deploys == {"-5,0", "-4,0", "-5,1"}
    refused(st, "deploy B1 -3,0", "A2.8")
    do(st, "deploy B1 -5,0")
    refused(st, "deploy B2 -5,0", "A2.8")  # one unit per hex, feature hexes included
    do(st, "deploy B2 -4,0")
    do(st, "deploy B3 -5,1")
    # Three placed (and no room left): A deploys next. For A: the fortress 5,0 and 4,0 --
    # two units fit ("as many as fit").
    assert who(st) == "A"
    assert {a.split()[-1] for a in legal(st) if a.startswith("deploy A1 ")} == {"5,0", "4,0"}
    do(st, "deploy A1 5,0")
    do(st, "deploy A2 4,0")
    # Units not placed form the reserves.
    assert [where(st, n) for n in ("A3", "A4", "B4", "B5")] == ["reserve"] * 4
    # RULES A2.9: play begins with the player who placed units last: A.
    assert st.phase == PH_TURN and who(st) == "A"
    assert st.turn == 1


# The blob map: a far end with 5,0, 5,-1 and 4,1 all five steps from the centre.
BLOB = ["1,0", "2,0", "3,0", "4,0", "5,0", "5,-1", "4,1", "-1,0", "-2,0", "-3,0", "-4,0"]


def blob_game(**kw):
    st = new_game(**kw)
    do(st, "draw masonry")
    scripted(st, [6, 1])  # RULES A2.5: A rolls higher and goes first
    assert st.setup[SU_FIRST] == 0
    draft(st, BLOB, "A")
    # RULES A2.7 ruling: A chooses among the three farthest tiles.
    assert legal(st) == {"feature 5,0", "feature 5,-1", "feature 4,1"}
    do(st, "feature 5,0")
    # B: 5,-1 and 4,1 are both 5 from the centre and 1 from A's feature: B's choice.
    assert legal(st) == {"feature 5,-1", "feature 4,1"}
    do(st, "feature 5,-1")
    return st


def test_deployment_is_at_most_three_units():
    st = blob_game()
    # RULES A2.8: A may use the fortress 5,0 and 4,0, 5,-1, 4,1 next to it.
    assert who(st) == "A"
    assert {a.split()[-1] for a in legal(st) if a.startswith("deploy A1 ")} == \
        {"5,0", "4,0", "5,-1", "4,1"}
    do(st, "deploy A1 5,0")
    do(st, "deploy A2 4,0")
    do(st, "deploy A3 4,1")
    # Up to three: A4 stays in reserve though 5,-1 is free; B deploys now.
    assert where(st, "A4") == "reserve"
    assert who(st) == "B"
    assert not any(a.startswith("deploy A") for a in legal(st))
    # RULES A2.8 "up to": B declines to place any unit.
    do(st, "stop")
    # RULES A2.9: A placed units last, so A takes the first turn.
    assert st.phase == PH_TURN and who(st) == "A"
    assert all(where(st, "B%d" % i) == "reserve" for i in range(1, 6))


def test_second_player_deploying_last_moves_first():
    st = blob_game()
    do(st, "deploy A1 5,0")
    do(st, "stop")  # RULES A2.8: fewer than three is fine
    assert who(st) == "B" and where(st, "A2") == "reserve"
    # B's tower 5,-1: itself and 4,0 are free (5,0 holds A1).
    assert {a.split()[-1] for a in legal(st) if a.startswith("deploy B1 ")} == {"5,-1", "4,0"}
    do(st, "deploy B1 5,-1")
    do(st, "deploy B2 4,0")
    # RULES A2.9: B placed units last -> B moves first.
    assert st.phase == PH_TURN and who(st) == "B"


def test_nobody_deploying_gives_the_first_turn_to_the_second_player():
    st = blob_game()
    do(st, "stop")
    do(st, "stop")
    # RULES A2.9 (RULINGS A2.9): nobody placed a unit, so the second player in turn order
    # (B; A won the roll-off) takes the first turn.
    assert st.phase == PH_TURN and who(st) == "B"


def test_opening_hands_of_five():
    mages = [U(k) for k in ("guild_apprentice", "guild_guard")]
    sp_a = [spell_id(k) for k in ("fireball", "fireball", "ward", "haste", "recall", "weaken",
                                  "teleport")]
    sp_b = [spell_id(k) for k in ("ward", "ward", "meteor", "lightning", "rescue", "haste")]
    st = blob_game(a_force=mages, b_force=mages, factions=(MAGES, MAGES), spells=(sp_a, sp_b))
    # Before the battle nobody holds a card: all are in the decks.
    assert hand(st, "A") == [] and len(pile(st, st.deck, "A")) == 7
    assert hand(st, "B") == [] and len(pile(st, st.deck, "B")) == 6
    do(st, "deploy A1 5,0")
    do(st, "deploy A2 4,0")  # A has no unit left to place: B's turn to deploy
    assert who(st) == "B"
    do(st, "deploy B1 5,-1")  # B's only free hex: its deployment ends there
    # RULES A9: at the start of the game each player shuffles their spell cards into a deck
    # and draws up to five: chance nodes over that player's deck.
    draws = {"A": 0, "B": 0}
    while st.to_act() == CHANCE:
        assert not st.chance_is_die()
        p = "AB"[st.player]
        deck = pile(st, st.deck, p)
        assert sorted(st.chance_outcomes()) == sorted(
            (spell_id(k), deck.count(k)) for k in set(deck))
        do(st, "draw " + deck[0])
        draws[p] += 1
    assert draws == {"A": 5, "B": 5}
    assert len(hand(st, "A")) == 5 and len(pile(st, st.deck, "A")) == 2
    assert len(hand(st, "B")) == 5 and len(pile(st, st.deck, "B")) == 1
    # Then the first turn (B deployed last, A2.9); B already holds five: no more draws.
    assert st.phase == PH_TURN and who(st) == "B"


def test_every_illegal_setup_action_changes_nothing():
    st = new_game()
    pool = {action(K_PLACE, h) for h in (CENTRE, CENTRE + 1, CENTRE + 5)} | \
        {action(K_FEATURE, t) for t in range(12)} | \
        {action(K_DEPLOY, u, t) for u in range(9) for t in range(12)} | {0, 1, 6, 7, 99} | \
        {action(k, x, y) for k in range(16) for x in (0, 1, 63, 1023) for y in (0, 1, 1023)}

    def sweep():
        now = set(st.legal_actions())
        pool.update(now)
        for a in sorted(pool):
            if a not in now:
                refused(st, a)

    sweep()                                  # centre tile draw
    do(st, "draw grid")
    sweep()                                  # roll-off
    scripted(st, [3, 3, 1, 2])
    sweep()                                  # tile draw
    do(st, "draw grid")
    sweep()                                  # tile placement
    do(st, "place 1,0")
    draft(st, LINE[1:], "A")
    sweep()                                  # own feature
    do(st, "feature 5,0")
    do(st, "feature -5,0")
    sweep()                                  # deployment
    do(st, "deploy B1 5,0")
    sweep()


def test_routes_are_the_shortest_paths_over_placed_tiles():
    # RULES A6 ruling: a route runs through hexes that hold a tile; the board keeps the
    # length of the shortest one between every two tiles (Board._link, after each tile of
    # the draft, A2.6). Checked against a plain search over the grid hexes, on random drafts.
    import random

    for seed in range(40):
        rng = random.Random(seed)
        st = new_game(seed=seed)
        b = st.board
        while st.phase != PH_FEATURE:
            st.apply(rng.choice(st.legal_actions()))
            if st.phase == PH_PLACE_TILE:
                continue
            tiles = {h: t for t, h in enumerate(b.t_hex)}
            for a, ha in enumerate(b.t_hex):
                far = {ha: 0}
                ring = [ha]
                while ring:  # breadth-first over the grid's hexes that hold a tile
                    nxt = []
                    for h in ring:
                        for d in range(6):
                            nb = b.grid.neighbour(h, d)
                            if nb in tiles and nb not in far:
                                far[nb] = far[h] + 1
                                nxt.append(nb)
                    ring = nxt
                for hb, t in tiles.items():
                    assert b.route(a, t) == far[hb], (seed, a, t)
