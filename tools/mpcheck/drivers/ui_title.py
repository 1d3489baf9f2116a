# SPDX-License-Identifier: MIT
"""The scripted hand of the title program (engine/ui/title.py) for ui_program.py: from the
title menu, a rules page, a unit card of the browser, Settings (the CPU level set to easy),
then a new Pocket-Tactics game of two CPU players at 100 points, with army A made in the
army builder and the tiles of A picked one by one, until the title hands the game to the
battle program.

SCRIPT is read a word at a time: a key's name is pressed; "=TEXT" moves the bar to the
first line of the page that starts with TEXT (the shorter way round: the lines wrap) and
presses A. Finding lines by their text keeps the script right whether or not the menu
offers Continue (a store holding a game in play: "Yes" to the question whether the new
game may overwrite it) or "Replay last game".

``look`` marks what the title showed (SEEN): "menu" (the title menu), "continue" (Continue
on it), "rules" (the rules list), "text" (a page to read: a rules page, a unit card),
"browser", "settings", "builder" (the army builder), "tiles" (the tile picker), "draft"
(the last question), "hard" (a player's page offers the CPU at hard: boards/common.py
PT_HARD, the .mpy build)."""

SCRIPT = (
    "=Rules A B B "  # the rules list, its first page, back, back
    "=Units A A B B B "  # the browser, a faction, a unit's card, back x3
    "=Settings =CPU =Done "  # the CPU level: normal to easy
    "=New =Pocket "  # a new game of Pocket-Tactics
    "=CPU A "  # player A: CPU normal; player B: the CPU at the level of Settings (easy)
    "=100 A A "  # 100 points; the factions of A and B as offered
    "=Choose RIGHT RIGHT RIGHT RIGHT DOWN RIGHT RIGHT DOWN RIGHT =Done "  # army A: builder
    "A "  # army B: suggested
    "=Choose RIGHT RIGHT RIGHT DOWN RIGHT RIGHT RIGHT =Done "  # tiles of A: picked
    "A A A A A"  # tiles of B suggested, the features as offered, the draft played
)
NAMES = ("menu", "continue", "rules", "text", "browser", "settings", "builder", "tiles",
         "draft", "hard")
PAGES = ("POCKET TACTICS", "", "Rules", "", "Units and terrain", "Settings", "Army Blue:",
         "Tiles Blue:", "Map building")

_words = None
_at = 0
_want = None  # the text of the line the bar goes to ("=TEXT"), or None
_seen = 0


def setup(flags):
    global _words
    _words = SCRIPT.split()


def key(title):
    """The key pressed now on ``title``."""
    global _at, _want
    from engine.ui.kit.keys import A, DOWN, UP

    from presses import key_named

    items = title.page[1]
    if _want is None and title.page[0] == "Overwrite saved game?":
        _want = "Yes"  # a store with a game in play: the new game replaces it
    if _want is None:
        if _at >= len(_words):
            raise RuntimeError("the title's script ran out on page %r" % title.page[0])
        word = _words[_at]
        _at += 1
        if not word.startswith("="):
            return key_named(word)
        _want = word[1:]
    n = len(items)
    for i in range(n):
        if items[i][0].startswith(_want):
            if i == title.sel:
                _want = None
                return A
            down = (i - title.sel) % n
            return DOWN if down <= n - down else UP
    raise RuntimeError("no line %r on page %r" % (_want, title.page[0]))


def look(title):
    global _seen
    head = title.page[0]
    for i in range(len(PAGES)):
        if PAGES[i] and head.startswith(PAGES[i]):
            _seen |= 1 << i
    if title.indent == "":
        _seen |= 8
    for item in title.page[1]:
        if head == PAGES[0] and item[0] == "Continue":
            _seen |= 2
        if item[0] == "CPU hard":
            _seen |= 512


def report():
    print("SEEN %s" % " ".join(NAMES[i] for i in range(len(NAMES)) if _seen & (1 << i)))
