# SPDX-License-Identifier: MIT
"""The rules in short pages for the device (RULES.md part A, with the project's rulings).
Loaded while the pages are shown, then let go. Each page: a title and up to nine lines of
at most 26 characters."""

PAGES = (
    ("The game", (
        "Two armies on 12 tiles.",
        "On your turn do ONE thing:",
        "- move a unit",
        "- assault with a unit",
        "- deploy from reserves",
        "- return a unit",
        "- cast a spell (Mages)",
        "Nothing possible? Pass.",
    )),
    ("Moving", (
        "A step goes to an empty",
        "next hex with a tile.",
        "Hop: jump over a next",
        "ally to an empty hex next",
        "to it (one hop a step).",
        "Swift N: N extra steps.",
        "Flying N: N extra steps,",
        "and hops enemies too.",
        "Some features stop moves.",
    )),
    ("Assault 1: dice", (
        "Attack a next enemy. BOTH",
        "units roll OFF (gold) and",
        "DEF (silver) dice at once.",
        "Then, attacker first,",
        "each side uses bumps one",
        "at a time: +N on one of",
        "its dice, never over 6.",
        "Then re-rolls the same",
        "way: one die each.",
    )),
    ("Assault 2: tally", (
        "Sort OFF and enemy DEF",
        "high to low, compare the",
        "highest: OFF higher, the",
        "enemy falls; tie, next",
        "pair; DEF higher, safe.",
        "OFF die with no DEF die",
        "left: falls. Both can",
        "fall. The fallen become",
        "captives of the other.",
    )),
    ("Re-rolls", (
        "One per ally next to",
        "your unit (support).",
        "One on favored terrain",
        "or feature.",
        "Abilities give more or",
        "take some away.",
        "The forecast shows the",
        "odds before you commit.",
    )),
    ("Ranged assault", (
        "Ranged N: attack up to",
        "1+N hexes away along the",
        "tiles. Needs sight:",
        "features, enemies and",
        "gaps block it (flying",
        "units see over units",
        "and features). A target",
        "that cannot reach back",
        "rolls no OFF dice.",
    )),
    ("Deploy and return", (
        "Deploy: a reserve unit",
        "to an empty hex next to",
        "a feature you hold (one",
        "of your units stands on",
        "it).",
        "Return: a unit on a",
        "feature, or next to one",
        "an ally holds, goes back",
        "to your reserves.",
    )),
    ("Hazards", (
        "Moving into Water: test",
        "your DEF dice, bumps on",
        "the best die: 5 or more",
        "passes, else the unit is",
        "lost. Ice: 2 or more.",
        "No test when deployed",
        "there, on favored",
        "terrain, or on a feature.",
    )),
    ("Victory", (
        "You win when the enemy",
        "has no units on the map",
        "or in reserve, or when",
        "you hold every feature.",
        "Two passes in a row: a",
        "draw. After 150 turns,",
        "more captive points",
        "win.",
    )),
    ("Spells", (
        "Mage Guild: a deck of",
        "spell cards; draw up to",
        "five at each turn start.",
        "A Mage on the map casts",
        "one card as its action;",
        "the card is discarded.",
        "Only the owner ever sees",
        "the hand.",
    )),
)


def titles():
    """The pages' titles (a list made for the moment: engine/core/lazy.py)."""
    return [p[0] for p in PAGES]


def page(i):
    """Page ``i``: (its title, its lines)."""
    return PAGES[i]
