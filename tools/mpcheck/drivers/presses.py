# SPDX-License-Identifier: MIT
"""The scripted hands' presses (tools/mpcheck/drivers/ui_battle.py and ui_hex.py), where the
PyGamer sees them: the shift-register keys through the stand-in keypad's queue, the
directions on the stand-in joystick. One key is held at a time: ``press`` it, then
``release`` before the next frame's press."""

held = -1  # the key held down since the last frame (-1: none)


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
