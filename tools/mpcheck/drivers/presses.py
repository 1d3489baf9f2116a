# SPDX-License-Identifier: MIT
"""The scripted hands' presses (tools/mpcheck/drivers/ui_battle.py and ui_hex.py), where the
PyGamer sees them: the shift-register keys through the stand-in keypad's queue, the
directions on the stand-in joystick. One key is held at a time: ``press`` it, then
``release`` before the next frame's press; ``frame`` does both for a hand."""

HAND_EVERY = 4  # frames between two presses of a scripted hand
held = -1  # the key held down since the last frame (-1: none)


def frame(hand, screen, n):
    """Before frame ``n``: releases the key held since the last frame, or every HAND_EVERY
    frames presses the key ``hand(screen)`` answers (-1: none). Returns that answer, or
    None when the frame released a key or was not the hand's."""
    if held >= 0:
        release()
        return None
    if n % HAND_EVERY:
        return None
    key = hand(screen)
    if key >= 0:
        press(key)
    return key


def press(key):
    global held
    import analogio
    import keypad
    from engine.ui import keys as K

    if key <= K.RIGHT:
        axis = analogio.made[0 if key == K.LEFT or key == K.RIGHT else 1]
        axis.value = 0 if key == K.LEFT or key == K.UP else 65535
    else:
        keypad.scanners[0].events.stub_put(_key_number(key), True)
    held = key


def release():
    global held
    import analogio
    import keypad
    from engine.ui import keys as K

    if held <= K.RIGHT:
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
