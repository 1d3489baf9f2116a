# SPDX-License-Identifier: MIT
"""Pieces shared by the board adapters: the start of the ticks, the button queue with auto-repeat,
the analog stick, the NVM store and the device board itself (the store in memory of the
desktop and the tests is boards/memstore.py).

Runs on CircuitPython (the device adapters) and on CPython (host, stub, tests). The
hardware is set up by boards/device_parts.py, loaded for that moment when the device board
is made, so importing this module on a desktop touches no hardware, and a program's heap
holds only what runs every frame.

Nothing on the per-frame path (``DeviceBoard.update`` and what it calls) allocates: events
are small ints kept in a bytearray ring, the keypad event is reused through ``get_into``,
and the repeat deadlines live in a preallocated list of small ints.
"""
try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


from engine.core.ticks import TICKS_MAX, ticks_add, ticks_diff  # noqa: F401  (also for host.py)
from engine.core.lazy import moment
from engine.ui.kit.keys import (
    KEY_COUNT,
    RELEASE,
    REPEAT,
    REPEAT_DELAY,
    REPEAT_INTERVAL,
    RIGHT,
    UP,
    DOWN,
    LEFT,
)

WIDTH = const(160)
HEIGHT = const(128)
STORE_SIZE = const(8192)  # SAMD51 CircuitPython NVM: one 8 KB erase block
LED_COUNT = const(5)
LED_BRIGHTNESS = 0.05  # the NeoPixels are bright and the battery small

# supervisor.ticks_ms() counts milliseconds modulo 2**29 and starts 65.5 s before the first
# wrap (0x1FFF0000), so code that subtracts ticks directly breaks about a minute after boot:
# add and compare them with engine.core.ticks.
TICKS_START = const(0x1FFF0000)

# The game's files are installed all in one form (tools/deploy.py), so this file's tells
# which. From .py source the compiler needs heap of its own, and Pocket-Tactics' CPU
# "hard" fits the budget from the .mpy build only (docs/PERFORMANCE.md).
try:
    MPY_BUILD = __file__.endswith(".mpy")
except NameError:  # a build without __file__: take the safe side
    MPY_BUILD = False
PT_HARD = MPY_BUILD


class Buttons:
    """The button events of one board: a fixed-size ring of event bytes, the held keys, and
    the auto-repeat of held directions.

    The app reads with ``get()`` (-1 when empty). The adapter feeds it with ``key_down`` /
    ``key_up`` (state changes; repeated calls with the same state are ignored) and calls
    ``tick(now)`` once per frame to emit REPEAT events. ``push(ev)`` and ``press(key)`` put
    raw events in the queue (scripts, tests) without touching the held state.

    When the ring is full a new event is dropped and ``overflowed`` is set (it stays set);
    with 32 places and one poll per frame this needs a stalled app.
    """

    def __init__(self, size=32, delay=REPEAT_DELAY, interval=REPEAT_INTERVAL):
        self._buf = bytearray(size)
        self._size = size
        self._head = 0
        self._count = 0
        self.overflowed = False
        self.held = 0  # bit k set while key k is down
        self.delay = delay
        self.interval = interval
        self._next = [0, 0, 0, 0]  # next repeat deadline of UP, DOWN, LEFT, RIGHT

    # -- the app side
    def get(self):
        """The oldest event (a small int), or -1 when there is none."""
        if not self._count:
            return -1
        ev = self._buf[self._head]
        self._head += 1
        if self._head == self._size:
            self._head = 0
        self._count -= 1
        return ev

    def __len__(self):
        return self._count

    # -- the feeding side
    def push(self, ev):
        """Queue one raw event. Returns False (and sets ``overflowed``) when full."""
        if self._count >= self._size:
            self.overflowed = True
            return False
        i = self._head + self._count
        if i >= self._size:
            i -= self._size
        self._buf[i] = ev
        self._count += 1
        return True

    def press(self, key):
        """Queue a press and a release of ``key`` (a tap)."""
        self.push(key)
        self.push(key | RELEASE)

    def key_down(self, key, now):
        bit = 1 << key
        if self.held & bit:
            return
        self.held |= bit
        self.push(key)
        if key <= RIGHT:
            self._next[key] = ticks_add(now, self.delay)

    def key_up(self, key, now):
        bit = 1 << key
        if not self.held & bit:
            return
        self.held &= ~bit
        self.push(key | RELEASE)

    def release_all(self, now, mask=0xFF):
        """Release every held key in ``mask`` (lost focus, keypad overflow)."""
        held = self.held & mask
        if held:
            for key in range(KEY_COUNT):
                if held & (1 << key):
                    self.key_up(key, now)

    def tick(self, now):
        """Emit the REPEAT events that are due. At most one per key per call: after a slow
        frame the next deadline restarts from ``now`` rather than firing a burst."""
        held = self.held & 0x0F
        if not held:
            return
        nxt = self._next
        for key in range(4):
            if held & (1 << key) and ticks_diff(now, nxt[key]) >= 0:
                self.push(key | REPEAT)
                t = ticks_add(nxt[key], self.interval)
                if ticks_diff(now, t) >= 0:
                    t = ticks_add(now, self.interval)
                nxt[key] = t


# The PyGamer stick reads 0..65535 per axis (low X = left, low Y = up) and rests near the
# middle. A direction is pressed when the stick is at least STICK_PRESS from the centre
# (about half of the travel) and released only when it comes back within STICK_RELEASE
# (under a third): between the two the state holds, so a stick resting near a threshold does
# not chatter. Inside +-STICK_RELEASE (22528..43008) nothing is ever pressed.
_STICK_CENTRE = const(32768)
STICK_PRESS = const(16384)  # press at <= 16384 or >= 49152
STICK_RELEASE = const(10240)  # release at > 22528 (low side) or < 43008 (high side)


class AnalogStick:
    """Turns two AnalogIn readings into UP/DOWN/LEFT/RIGHT key changes on a Buttons."""

    def __init__(self, ain_x, ain_y, buttons):
        self._x = ain_x
        self._y = ain_y
        self._buttons = buttons

    def poll(self, now):
        self._axis(self._x.value - _STICK_CENTRE, LEFT, RIGHT, now)
        self._axis(self._y.value - _STICK_CENTRE, UP, DOWN, now)

    def _axis(self, d, neg, pos, now):
        b = self._buttons
        # Releases first, so a flick from one side to the other gives release, then press.
        if d > -STICK_RELEASE:
            b.key_up(neg, now)
        if d < STICK_RELEASE:
            b.key_up(pos, now)
        if d <= -STICK_PRESS:
            b.key_down(neg, now)
        elif d >= STICK_PRESS:
            b.key_down(pos, now)


def check_range(size, offset, n):
    if offset < 0 or n < 0 or offset + n > size:
        raise ValueError("store range %d+%d outside 0..%d" % (offset, n, size))


_PIECE = const(64)  # bytes of the NVM compared at a time (each a copy on the heap)


class NvmStore:
    """The save store on ``microcontroller.nvm``: reads and writes are single slice
    operations (the chip erases a whole block per write, so never byte by byte), and a write
    of what is already there is skipped to spare the flash."""

    def __init__(self, nvm):
        self._nvm = nvm
        self.size = len(nvm)

    def read(self, offset, n):
        check_range(self.size, offset, n)
        return self._nvm[offset : offset + n]  # a new bytearray: one copy, not two

    def write(self, offset, data):
        n = len(data)
        check_range(self.size, offset, n)
        # compared a piece at a time: no copy of the whole range on the heap
        mv = memoryview(data)
        nvm = self._nvm
        for at in range(0, n, _PIECE):
            end = min(n, at + _PIECE)
            if nvm[offset + at:offset + end] != mv[at:end]:
                nvm[offset:offset + n] = data
                return


# Square wave for the speaker: one period of WAVE_LEN unsigned 16-bit samples, looped
# (boards/device_parts.py makes it), its pitch set by the sample rate (WAVE_LEN x frequency).
WAVE_LEN = const(16)
_TONE_MIN_HZ = const(40)
_TONE_MAX_HZ = const(6000)


class SquareTone:
    """Non-blocking beeps through ``audioio.AudioOut`` on ``board.SPEAKER``: the amplifier
    (``board.SPEAKER_ENABLE``) is switched on while a tone plays. Made by
    boards/device_parts.py."""

    def __init__(self, enable, sample, out):
        self._enable = enable  # a DigitalInOut, an output, off
        self._sample = sample  # the wave (RawSample)
        self._out = out  # the AudioOut
        self.playing = False
        self._end = 0

    def start(self, freq, ms, now):
        if freq < _TONE_MIN_HZ:
            freq = _TONE_MIN_HZ
        elif freq > _TONE_MAX_HZ:
            freq = _TONE_MAX_HZ
        if self.playing:
            self._out.stop()
        # A new rate takes effect at the next play().
        self._sample.sample_rate = freq * WAVE_LEN
        self._enable.value = True
        self._out.play(self._sample, loop=True)
        self._end = ticks_add(now, ms)
        self.playing = True

    def update(self, now):
        if self.playing and ticks_diff(now, self._end) >= 0:
            self.stop()

    def stop(self):
        self._out.stop()
        self._enable.value = False
        self.playing = False


class DeviceBoard:
    """The PyGamer / PyBadge adapter. ``keymap[n]`` is the key id of shift-register key
    number n; ``stick`` adds the PyGamer's analog joystick for the directions."""

    width = WIDTH
    height = HEIGHT
    # plies of a CPU level's search a frame (engine/ui/kit/thinker.py): about one of hard's
    # evaluations, some 30 ms on the SAMD51 (docs/PERFORMANCE.md)
    cpu_work = 8
    pt_hard = PT_HARD  # Pocket-Tactics offers its CPU "hard" (engine/ui/newgame.py)
    # the replay viewer (the title's "Replay last game", a battle's "Replay this game")
    replays = True

    def __init__(self, name, keymap, stick):
        self.name = name
        self.buttons = Buttons()
        self._keymap = keymap
        mask = 0
        for k in keymap:
            mask |= 1 << k
        self._keypad_mask = mask
        # the hardware, set up by code loaded for that moment (boards/device_parts.py)
        (self.display, self._ticks, self._keys, self._event, self._stick, self.pixels,
         self._tone, self.store) = moment("boards.device_parts", "parts", len(keymap), stick,
                                          self.buttons)
        self._events = self._keys.events
        self.sound_on = True
        # the save's copy on CIRCUITPY (boards/saving.py, its code for the moment)
        self.save_copy = moment("boards.saving", "copy_path")

    def export_record(self, data):
        """The record of a game that has just ended, as one line on the serial console
        (boards/saving.py, its code for the moment)."""
        moment("boards.saving", "print_record", data)

    def run_next(self, program):
        """Restarts the board into ``program`` ("title", "battle", "viewer": each runs in an
        interpreter of its own, engine/ui/kit/app.py); boards/restart.py."""
        from .restart import run_next

        run_next(program)

    def ticks_ms(self):
        return self._ticks()

    def sleep_ms(self, ms):
        import time

        time.sleep(ms / 1000)

    def tone(self, freq_hz, ms):
        if self.sound_on and self._tone is not None and freq_hz > 0 and ms > 0:
            self._tone.start(freq_hz, ms, self._ticks())

    def update(self):
        now = self._ticks()
        b = self.buttons
        ev = self._event
        events = self._events
        keymap = self._keymap
        while events.get_into(ev):
            if ev.pressed:
                b.key_down(keymap[ev.key_number], now)
            else:
                b.key_up(keymap[ev.key_number], now)
        if events.overflowed:
            # Transitions were lost: start over from "all released"; the scanner then
            # reports the keys still down as new presses.
            events.clear()
            b.release_all(now, self._keypad_mask)
            self._keys.reset()
        if self._stick is not None:
            self._stick.poll(now)
        b.tick(now)
        t = self._tone
        if t is not None and t.playing:
            if not self.sound_on:
                t.stop()
            else:
                t.update(now)
