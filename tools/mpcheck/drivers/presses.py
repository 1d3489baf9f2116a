# SPDX-License-Identifier: MIT
"""The scripted hands' presses (tools/mpcheck/drivers/ui_program.py and its hands:
ui_title.py, ui_battle.py, ui_hex.py, ui_view.py), where the PyGamer sees them: the
shift-register keys through the stand-in keypad's queue, the directions on the stand-in
joystick. One key is held at a time: ``press`` it, then ``release`` before the next
frame's press; ``frame`` does both for a hand.

A hand is a module with ``key(screen)``: the key it presses now on ``screen`` (the screen
the program shows), or -1 for none. Engine modules are imported inside the functions, so
that importing a hand loads none of the game's code."""

HAND_EVERY = 2  # frames between two presses of a scripted hand: a press, a release
held = -1  # the key held down since the last frame (-1: none)


def frame(key, screen, n):
    """Before frame ``n``: releases the key held since the last frame, or every HAND_EVERY
    frames presses the key ``key(screen)`` answers (-1: none). Returns that answer, or
    None when the frame released a key or was not the hand's."""
    if held >= 0:
        release()
        return None
    if n % HAND_EVERY:
        return None
    k = key(screen)
    if k >= 0:
        press(k)
    return k


def end_key(screen):
    """The hand of a game of two CPU players: A once the game is over (the battle then
    quits, and the program returns the next program's name)."""
    from engine.ui.kit.keys import A

    return A if screen.over else -1


def press(key):
    global held
    import analogio
    import keypad
    from engine.ui.kit.keys import LEFT, RIGHT, UP

    if key <= RIGHT:
        axis = analogio.made[0 if key == LEFT or key == RIGHT else 1]
        axis.value = 0 if key == LEFT or key == UP else 65535
    else:
        keypad.scanners[0].events.stub_put(_key_number(key), True)
    held = key


def release():
    global held
    import analogio
    import keypad
    from engine.ui.kit.keys import RIGHT

    if held <= RIGHT:
        analogio.made[0].value = 32768
        analogio.made[1].value = 32768
    else:
        keypad.scanners[0].events.stub_put(_key_number(held), False)
    held = -1


def _key_number(key):
    from boards.pygamer import KEYMAP

    for i in range(len(KEYMAP)):
        if KEYMAP[i] == key:
            return i
    return -1


def key_named(name):
    """The key id of a key's name ("UP", "A", ...)."""
    from engine.ui.kit.keys import A, B, DOWN, LEFT, RIGHT, SELECT, START, UP

    return (UP, DOWN, LEFT, RIGHT, A, B, SELECT, START)[NAMES.index(name)]


NAMES = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "SELECT", "START")
