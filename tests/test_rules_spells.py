# SPDX-License-Identifier: MIT
"""RULES A9 (spell cards, Mage Guild): the deck, a hand of at most five, drawing up to five at
the start of each turn, casting by a Mage-type unit only, the discard pile, and every spell
effect of the project's data (docs/DATA.md)."""
import pytest

from engine.pocket_tactics.scenario import ScenarioError, build
from helpers import (CHANCE, PH_BUMP, SPELL_KEYS, act, do, draw, hand, legal, pile, pin, pin_plain,
                     pin_spell, points, position, refused, row, scripted, spell_card, spell_id,
                     uid, where, who)

APPRENTICE, GUARD, LIBRARIAN, INITIATE = ("guild_apprentice", "guild_guard",
                                          "grand_librarian", "guild_initiate")
B1, B2 = "goblin_rascal", "goblin_thug"


def cards(monkeypatch):
    pin(monkeypatch, APPRENTICE)                # a Mage (by its types), plain dice
    pin(monkeypatch, GUARD)                     # not a Mage
    pin(monkeypatch, INITIATE, off=0)           # a Mage with no OFF dice
    pin(monkeypatch, LIBRARIAN, off=0, ability="ARCHIVIST")
    pin_plain(monkeypatch, B1, B2)
    pin_spell(monkeypatch, "fireball", 3, 2)
    pin_spell(monkeypatch, "lightning", 3, 2)
    pin_spell(monkeypatch, "teleport", 3)
    pin_spell(monkeypatch, "rescue", 0)
    pin_spell(monkeypatch, "haste", 3)
    pin_spell(monkeypatch, "ward", 2, 1)
    pin_spell(monkeypatch, "weaken", 3, 1)
    pin_spell(monkeypatch, "recall", 4)


def casts(st):
    return {a for a in legal(st) if a.startswith("cast ")}


def test_spell_effects_are_the_documented_ones():
    # RULES A9: a card is cast "following the card's text" -- the data names its effect.
    eff = {k: spell_card(k)[1] for k in SPELL_KEYS}
    assert eff["fireball"] == "FIREBALL"
    assert eff["lightning"] == "LIGHTNING"
    assert eff["teleport"] == "TELEPORT"
    assert eff["rescue"] == "RESCUE"
    assert eff["haste"] == "HASTE"
    assert eff["ward"] == "WARD"
    assert eff["weaken"] == "WEAKEN"
    assert eff["recall"] == "RECALL"
    assert spell_card("fireball")[0] == 2  # RULES A11: Fireball, 2 pts


# --- who casts ------------------------------------------------------------------------------

def test_only_a_mage_type_unit_casts(monkeypatch):
    cards(monkeypatch)
    units = [("A", GUARD, "0,0"), ("A", APPRENTICE, "reserve"), ("B", B1, "2,0")]
    st = position(row(0, 2), units, hand={"A": ["fireball"]})
    # RULES A9: any Mage-type unit may cast; the Guard is no Mage, the Apprentice is off
    # the map.
    assert casts(st) == set()
    refused(st, "cast A1 fireball B1", "A9")
    st = position(row(0, 2), [("A", GUARD, "1,0"), ("A", APPRENTICE, "0,0"), ("B", B1, "2,0")],
                  hand={"A": ["fireball"]})
    # The Apprentice (Human, Mage) on the map may cast; the Guard still may not.
    assert "cast A2 fireball B1" in casts(st)
    assert not any(c.startswith("cast A1 ") for c in casts(st))


def test_a_mage_with_no_off_dice_still_casts(monkeypatch):
    cards(monkeypatch)
    st = position(row(0, 2), [("A", INITIATE, "0,0"), ("B", B1, "2,0"), ("B", B2, "reserve")],
                  hand={"A": ["fireball"]})
    # RULES A9: any Mage-type unit may cast (a spell attack is no assault, A5 ruling).
    assert casts(st) == {"cast A1 fireball B1"}


def test_no_card_no_cast(monkeypatch):
    cards(monkeypatch)
    st = position(row(0, 2), [("A", APPRENTICE, "0,0"), ("B", B1, "2,0")],
                  deck={"A": ["fireball"]}, discard={"A": ["fireball"]})
    # RULES A9: only cards in hand can be cast; deck and discard pile are not the hand.
    assert casts(st) == set()
    refused(st, "cast A1 fireball B1", "A9")


# --- hand, deck, draws, discard ---------------------------------------------------------------

def test_cast_card_goes_to_the_discard_pile(monkeypatch):
    cards(monkeypatch)
    st = position(row(0, 3), [("A", APPRENTICE, "0,0"), ("A", GUARD, "1,0"),
                              ("B", B1, "3,0")],
                  hand={"A": ["ward", "fireball"]})
    act(st, "cast A1 ward A2")
    # RULES A9: a cast card goes to the discard pile.
    assert hand(st, "A") == ["fireball"]
    assert pile(st, st.discard, "A") == ["ward"]
    assert who(st) == "B"
    act(st, "move B1 2,0")
    # ... and cannot be used again: A's next turn offers no Ward (the deck is empty, so no
    # draw either).
    assert not any(" ward " in c for c in casts(st))
    refused(st, "cast A1 ward A2", "A9")


def test_draw_up_to_five_at_the_start_of_a_turn(monkeypatch):
    cards(monkeypatch)
    st = position(row(0, 3), [("A", APPRENTICE, "0,0"), ("B", B1, "3,0")], to_move="B",
                  hand={"A": ["ward", "ward", "haste"]},
                  deck={"A": ["fireball", "teleport", "recall", "weaken"]})
    act(st, "move B1 2,0")
    # RULES A9: at the start of each of their turns, a player with fewer than five cards
    # draws up to five -- two draws from the shuffled deck, before A acts.
    assert st.to_act() == CHANCE and not st.chance_is_die()
    draw(st, "teleport")
    assert st.to_act() == CHANCE
    draw(st, "fireball")
    assert who(st) == "A"
    assert hand(st, "A") == sorted(["ward", "ward", "haste", "teleport", "fireball"])
    assert pile(st, st.deck, "A") == ["recall", "weaken"]


def test_draw_offers_only_cards_left_in_the_deck(monkeypatch):
    cards(monkeypatch)
    st = position(row(0, 3), [("A", APPRENTICE, "0,0"), ("B", B1, "3,0")], to_move="B",
                  hand={"A": ["ward"]}, deck={"A": ["fireball", "fireball", "recall"]},
                  discard={"A": ["haste"]})
    act(st, "move B1 2,0")
    # RULES A9: the draw is from the deck, in proportion to the cards in it; the discard
    # pile is not shuffled back.
    assert sorted(st.chance_outcomes()) == [(spell_id("fireball"), 2), (spell_id("recall"), 1)]
    refused(st, spell_id("haste"))
    draw(st, "fireball", "fireball", "recall")
    # The deck is empty: four cards in hand, and the turn begins.
    assert who(st) == "A"
    assert len(hand(st, "A")) == 4
    assert pile(st, st.discard, "A") == ["haste"]


def test_no_draw_with_five_in_hand_or_an_empty_deck(monkeypatch):
    cards(monkeypatch)
    five = ["ward", "ward", "haste", "recall", "weaken"]
    st = position(row(0, 3), [("A", APPRENTICE, "0,0"), ("B", B1, "3,0")], to_move="B",
                  hand={"A": five}, deck={"A": ["fireball"]})
    act(st, "move B1 2,0")
    # RULES A9: a hand never holds more than five cards -- no draw at five.
    assert who(st) == "A"
    assert len(hand(st, "A")) == 5
    st = position(row(0, 3), [("A", APPRENTICE, "0,0"), ("B", B1, "3,0")], to_move="B",
                  hand={"A": ["ward"]})
    act(st, "move B1 2,0")
    # Nothing left to draw: the turn starts with one card.
    assert who(st) == "A" and hand(st, "A") == ["ward"]


def test_scenario_spell_piles_are_as_written(monkeypatch):
    cards(monkeypatch)
    doc = {"tiles": [{"at": "0,0"}, {"at": "1,0"}],
           "units": [{"owner": "A", "unit": APPRENTICE, "at": "0,0"},
                     {"owner": "B", "unit": B1, "at": "1,0"}],
           "hand": {"A": ["ward"]}, "deck": {"A": ["fireball"]},
           "discard": {"A": ["haste"]}}
    st = build(doc)
    # RULES A9: every spell card of a player is in exactly one place -- hand, deck or
    # discard pile. A position written with one card in each holds one card in each (the
    # hand's and the discard pile's cards are not also in the deck).
    assert hand(st, "A") == ["ward"]
    assert pile(st, st.discard, "A") == ["haste"]
    assert pile(st, st.deck, "A") == ["fireball"]


def test_a_hand_holds_at_most_five_cards(monkeypatch):
    cards(monkeypatch)
    # RULES A9: a hand never holds more than five cards.
    with pytest.raises(ScenarioError):
        position(row(0, 1), [("A", APPRENTICE, "0,0"), ("B", B1, "1,0")],
                 hand={"A": ["ward"] * 6})


def test_only_the_player_to_move_draws(monkeypatch):
    cards(monkeypatch)
    st = position(row(0, 3), [("A", APPRENTICE, "0,0"), ("A", GUARD, "1,0"), ("B", B1, "3,0")],
                  hand={"A": ["ward", "fireball"]}, deck={"A": ["recall"]})
    act(st, "cast A1 ward A2")
    # RULES A9: draws happen at the start of the player's own turn, not the opponent's.
    assert who(st) == "B"
    assert hand(st, "A") == ["fireball"]


# --- the spell effects ------------------------------------------------------------------------

def fireball_position(monkeypatch, target="2,0", extra=()):
    cards(monkeypatch)
    units = [("A", APPRENTICE, "0,0"), ("B", B1, target), ("B", B2, "reserve")] + list(extra)
    return position(row(0, 4), units, hand={"A": ["fireball"]})


def test_fireball_defeats_when_its_dice_beat_the_def_dice(monkeypatch):
    st = fireball_position(monkeypatch)
    do(st, "cast A1 fireball B1")
    # RULES A9 Fireball: 2 red dice against the target's DEF dice, tallied as in A5.4:
    # OFF 6,1 vs DEF 5 -> defeated; the target becomes A's captive.
    scripted(st, [6, 1, 5])
    assert where(st, "B1") == "captive"
    assert st.captive_points(0) == points(B1)
    assert who(st) == "B"


def test_fireball_that_does_not_beat_the_def_dice(monkeypatch):
    st = fireball_position(monkeypatch)
    # RULES A9 Fireball, tallied as in A5.4: OFF 4,3 vs DEF 5 -> safe; the card is spent.
    act(st, "cast A1 fireball B1", [4, 3, 5])
    assert where(st, "B1") == "2,0"
    assert pile(st, st.discard, "A") == ["fireball"]


def test_fireball_needs_range_and_line_of_sight(monkeypatch):
    # RULES A9 Fireball: within 3 hexes...
    st = fireball_position(monkeypatch, target="4,0")
    assert casts(st) == set()
    refused(st, "cast A1 fireball B1", "A9")
    # ... in line of sight: an enemy unit between blocks it (A6).
    pin_plain(monkeypatch, "goblin_archer")
    st = fireball_position(monkeypatch, target="2,0", extra=[("B", "goblin_archer", "1,0")])
    assert "cast A1 fireball B1" not in casts(st)
    assert "cast A1 fireball B3" in casts(st)


def test_meteor_rolls_its_own_number_of_dice(monkeypatch):
    cards(monkeypatch)
    pin_spell(monkeypatch, "meteor", 4, 3)
    st = position(row(0, 4), [("A", APPRENTICE, "0,0"), ("B", B1, "4,0"), ("B", B2, "reserve")],
                  hand={"A": ["meteor"]})
    # RULES A9 / docs/DATA.md: the FIREBALL effect rolls the card's n red dice (Meteor: 3,
    # range 4) against the DEF dice: OFF 5,5,2 vs DEF 5 -> tie, then 5 unmet -> defeated.
    do(st, "cast A1 meteor B1")
    assert list(st.ndice) == [3, 0, 0, 1]
    scripted(st, [5, 2, 5, 5])
    assert where(st, "B1") == "captive"


def test_arcane_adds_to_spell_ranges(monkeypatch):
    cards(monkeypatch)
    pin(monkeypatch, "guild_mage", ability="ARCANE", ability_n=1)
    units = [("A", "guild_mage", "0,0"), ("B", B1, "4,0"), ("B", B2, "reserve")]
    st = position(row(0, 4), units, hand={"A": ["fireball"]})
    # docs/RULINGS.md A9: Arcane n adds n hexes to a spell's range (Fireball 3 -> 4).
    assert casts(st) == {"cast A1 fireball B1"}
    pin(monkeypatch, "guild_mage")
    st = position(row(0, 4), units, hand={"A": ["fireball"]})
    assert casts(st) == set()


def test_lightning_needs_no_line_of_sight(monkeypatch):
    cards(monkeypatch)
    pin_plain(monkeypatch, "goblin_archer")
    st = position(row(0, 3), [("A", APPRENTICE, "0,0"), ("B", B1, "2,0"),
                              ("B", "goblin_archer", "1,0"), ("B", B2, "reserve")],
                  hand={"A": ["lightning"]})
    # RULES A9 Lightning Bolt: no line of sight needed -- the unit between does not matter.
    assert "cast A1 lightning B1" in casts(st)
    act(st, "cast A1 lightning B1", [3, 6, 5])
    assert where(st, "B1") == "captive"  # OFF 6,3 vs DEF 5 (A5.4)


def test_spell_range_counts_the_route_over_tiles(monkeypatch):
    cards(monkeypatch)
    # 3,0 is 3 hexes from 0,0 as the crow flies, but with no tiles on 1,0 and 2,0 the route
    # is 0,0 -> 0,1 -> 1,1 -> 2,1 -> 3,0: four.
    tiles = ["0,0", "0,1", "1,1", "2,1", "3,0"]
    units = [("A", APPRENTICE, "0,0"), ("B", B1, "3,0")]
    st = position(tiles, units, hand={"A": ["lightning"]})
    # RULES A6 ruling: ranges count the route over hexes that hold a tile.
    assert casts(st) == set()
    st = position(tiles + ["1,0", "2,0"], units, hand={"A": ["lightning"]})
    assert casts(st) == {"cast A1 lightning B1"}


def test_teleport_is_not_a_move(monkeypatch):
    cards(monkeypatch)
    tiles = ["0,0", "1,0", "2,0", ("3,0", "water"), "4,0"]
    st = position(tiles, [("A", APPRENTICE, "0,0"), ("A", GUARD, "1,0"), ("B", B1, "2,0")],
                  hand={"A": ["teleport"]})
    # RULES A9 Teleport: to any empty tile within 3 hexes (over a wall of units).
    targets = {c.split()[-1] for c in casts(st)}
    assert targets == {"3,0"}
    do(st, "cast A1 teleport 3,0")
    # RULINGS: a teleport is not a move -- no hazard test in the water.
    assert st.to_act() != CHANCE
    assert where(st, "A1") == "3,0"
    assert who(st) == "B"


def test_teleport_into_water_next_to_the_caster_is_no_test(monkeypatch):
    cards(monkeypatch)
    tiles = ["0,0", ("1,0", "water"), "2,0", "3,0"]
    st = position(tiles, [("A", APPRENTICE, "0,0"), ("B", B1, "3,0")],
                  hand={"A": ["teleport"]})
    # A move to 1,0 would be a DV 5 test (A8); RULINGS: a teleport is not a move.
    assert "move A1 1,0" in legal(st)
    do(st, "cast A1 teleport 1,0")
    assert st.to_act() != CHANCE
    assert where(st, "A1") == "1,0" and who(st) == "B"


def test_rescue_brings_a_captive_back_to_reserves(monkeypatch):
    cards(monkeypatch)
    st = position(row(0, 3), [("A", APPRENTICE, "0,0"), ("A", GUARD, "captive"),
                              ("B", B1, "3,0")],
                  hand={"A": ["rescue"]})
    # RULES A9 Rescue: one of your units held captive by the enemy goes back to reserves.
    assert casts(st) == {"cast A1 rescue A2"}
    assert st.captive_points(1) > 0
    act(st, "cast A1 rescue A2")
    assert where(st, "A2") == "reserve"
    assert st.captive_points(1) == 0


def test_haste_gives_an_ally_a_normal_move(monkeypatch):
    cards(monkeypatch)
    tiles = row(0, 3) + [("1,1", "water")]
    st = position(tiles, [("A", APPRENTICE, "0,0"), ("A", GUARD, "1,0"), ("B", B1, "3,0")],
                  hand={"A": ["haste"]})
    assert "cast A1 haste A2" in casts(st)
    do(st, "cast A1 haste A2")
    # RULES A9 Haste: the ally immediately makes a normal move (or the player declines).
    assert who(st) == "A"
    assert legal(st) == {"move A2 2,0", "move A2 1,1", "stop"}
    do(st, "move A2 1,1")
    # A normal move: moving into Water is a DV 5 test (A8).
    assert st.to_act() == CHANCE
    scripted(st, [6])
    assert where(st, "A2") == "1,1" and who(st) == "B"


def test_haste_move_may_be_declined(monkeypatch):
    cards(monkeypatch)
    st = position(row(0, 3), [("A", APPRENTICE, "0,0"), ("A", GUARD, "1,0"),
                              ("B", B1, "3,0")],
                  hand={"A": ["haste"]})
    do(st, "cast A1 haste A2")
    do(st, "stop")
    assert where(st, "A2") == "1,0" and who(st) == "B"
    assert pile(st, st.discard, "A") == ["haste"]


def test_ward_adds_a_def_bump_until_the_casters_next_turn(monkeypatch):
    cards(monkeypatch)
    # The Guard on 2,0 is two hexes from the caster; nobody has an ally next to them, so
    # there are no re-rolls (A5.3).
    st = position(row(0, 3), [("A", APPRENTICE, "0,0"), ("A", GUARD, "2,0"),
                              ("B", B1, "3,0"), ("B", B2, "reserve")],
                  hand={"A": ["ward"]})
    act(st, "cast A1 ward A2")
    assert st.u_status[uid(st, "A2")] & 3 == 1
    # B assaults the warded Guard: B OFF 5, B DEF 6, Guard OFF 1, Guard DEF 4.
    act(st, "assault B1 A2", [5, 6, 1, 4])
    # RULES A9 Ward: an extra +1 DEF bump -- the Guard's player may raise DEF 4 to 5.
    assert st.phase == PH_BUMP and who(st) == "A"
    assert legal(st) == {"bump 1 def1", "stop"}
    do(st, "bump 1 def1")
    # OFF 5 vs DEF 5: tie -> safe (A5.4).
    assert where(st, "A2") == "2,0"
    # RULES A9: "until your next turn" -- gone when A's turn begins.
    assert who(st) == "A"
    assert st.u_status[uid(st, "A2")] & 3 == 0


def test_without_ward_the_same_dice_defeat(monkeypatch):
    cards(monkeypatch)
    # The Guard on 2,0 is two hexes from the caster; nobody has an ally next to them, so
    # there are no re-rolls (A5.3).
    st = position(row(0, 3), [("A", APPRENTICE, "0,0"), ("A", GUARD, "2,0"),
                              ("B", B1, "3,0"), ("B", B2, "reserve")], to_move="B")
    act(st, "assault B1 A2", [5, 6, 1, 4])
    assert where(st, "A2") == "captive"


def test_weaken_takes_an_off_die_until_the_casters_next_turn(monkeypatch):
    cards(monkeypatch)
    pin(monkeypatch, B1, off=2)
    # The Guard on 2,0 is two hexes from the caster; nobody has an ally next to them, so
    # there are no re-rolls (A5.3).
    st = position(row(0, 3), [("A", APPRENTICE, "0,0"), ("A", GUARD, "2,0"),
                              ("B", B1, "3,0"), ("B", B2, "reserve")],
                  hand={"A": ["weaken"]})
    # RULES A9 Weaken: an enemy within 3 in line of sight.
    act(st, "cast A1 weaken B1")
    do(st, "assault B1 A2")
    # RULES A9 Weaken: the enemy rolls 1 fewer OFF die (2 -> 1).
    assert list(st.ndice) == [1, 1, 1, 1]
    scripted(st, [6, 6, 1, 6])
    assert where(st, "A2") == "2,0"  # OFF 6 vs DEF 6: tie, safe
    # RULES A9: gone at the start of A's next turn.
    assert who(st) == "A"
    assert st.u_status[uid(st, "B1")] == 0


def test_weaken_needs_line_of_sight(monkeypatch):
    cards(monkeypatch)
    st = position(row(0, 3), [("A", APPRENTICE, "0,0"), ("B", B1, "2,0"), ("B", B2, "1,0")],
                  hand={"A": ["weaken"]})
    # RULES A9 Weaken: in line of sight -- B2 on 1,0 blocks the line to B1 (A6).
    assert casts(st) == {"cast A1 weaken B2"}


def test_recall_sends_an_ally_back_to_reserves(monkeypatch):
    cards(monkeypatch)
    st = position(row(0, 5), [("A", APPRENTICE, "0,0"), ("A", GUARD, "4,0"),
                              ("B", B1, "5,0")],
                  hand={"A": ["recall"]})
    # RULES A9 Recall: an ally on the map within 4 hexes goes back to reserves.
    assert "cast A1 recall A2" in casts(st)
    act(st, "cast A1 recall A2")
    assert where(st, "A2") == "reserve"
    st = position(row(0, 5), [("A", APPRENTICE, "0,0"), ("A", GUARD, "5,0"),
                              ("B", B1, "4,0")],
                  hand={"A": ["recall"]})
    assert "cast A1 recall A2" not in casts(st)  # 5 hexes: out of range


def test_librarian_cards_go_back_into_the_deck(monkeypatch):
    cards(monkeypatch)
    st = position(row(0, 3), [("A", LIBRARIAN, "0,0"), ("A", GUARD, "1,0"),
                              ("B", B1, "3,0")],
                  hand={"A": ["ward"]})
    act(st, "cast A1 ward A2")
    # RULES A9: a cast card goes to the discard pile "unless an ability says otherwise" --
    # the Grand Librarian's cards go back into the deck.
    assert pile(st, st.discard, "A") == []
    assert pile(st, st.deck, "A") == ["ward"]
