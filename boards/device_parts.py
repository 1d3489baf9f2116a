# SPDX-License-Identifier: MIT
"""The device's hardware, set up once when a program starts (boards/common.py DeviceBoard),
by code loaded for that moment (engine/core/lazy.py ``moment``): what runs every frame stays
in boards/common.py, what runs once goes after it has run.

Runs on CircuitPython only (the hardware modules are imported here)."""
try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


from boards.common import (LED_BRIGHTNESS, LED_COUNT, WAVE_LEN, AnalogStick, NvmStore,
                           SquareTone)

# The keypad's own queue is kept smaller than the board's ring (Buttons, 32), so draining a
# full keypad queue in one update (after a long stall) always fits, releases included.
_KEYPAD_EVENTS = const(16)
# the square wave's two levels around the DAC's rest level, 0x8000
_WAVE_HIGH = const(0x8000 + 0x1800)
_WAVE_LOW = const(0x8000 - 0x1800)


def parts(n_keys, stick, buttons):
    """(the display, the ticks function, the shift-register keys, a keypad Event to read
    into, the AnalogStick on ``buttons`` or None (``stick``: the board has the joystick),
    the NeoPixels or None, the SquareTone or None, the NvmStore): the display with
    auto-refresh off, the LEDs dark. Only native objects and boards/common.py's."""
    import board
    import keypad
    import microcontroller
    import supervisor

    display = board.DISPLAY
    display.auto_refresh = False
    keys = keypad.ShiftRegisterKeys(
        clock=board.BUTTON_CLOCK,
        data=board.BUTTON_OUT,
        latch=board.BUTTON_LATCH,
        key_count=n_keys,
        value_when_pressed=True,
        max_events=_KEYPAD_EVENTS,
    )
    pad = None
    if stick:
        import analogio

        pad = AnalogStick(analogio.AnalogIn(board.JOYSTICK_X),
                          analogio.AnalogIn(board.JOYSTICK_Y), buttons)
    try:
        tone = _tone(board)
    except (ImportError, ValueError, RuntimeError) as e:  # pin in use, no audioio
        print("pocket-tactics: no sound:", e)
        tone = None
    return (display, supervisor.ticks_ms, keys, keypad.Event(), pad, _pixels(board), tone,
            NvmStore(microcontroller.nvm))


def _tone(board):
    """The speaker's SquareTone: the amplifier's enable pin (off), one period of the square
    wave, the AudioOut."""
    import array

    import audiocore
    import audioio
    import digitalio

    enable = digitalio.DigitalInOut(board.SPEAKER_ENABLE)
    enable.switch_to_output(value=False)
    wave = array.array("H", [_WAVE_LOW] * WAVE_LEN)
    for i in range(WAVE_LEN // 2):
        wave[i] = _WAVE_HIGH
    return SquareTone(enable, audiocore.RawSample(wave, sample_rate=8000),
                      audioio.AudioOut(board.SPEAKER))


def _pixels(board):
    try:
        import neopixel
    except ImportError:
        return None
    pixels = neopixel.NeoPixel(board.NEOPIXEL, LED_COUNT, brightness=LED_BRIGHTNESS,
                               auto_write=False)
    pixels.fill(0)
    pixels.show()
    return pixels
