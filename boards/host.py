# SPDX-License-Identifier: MIT
"""Desktop adapter: Blinka displayio drawn into a pygame window.

displayio renders the 160 x 128 screen into an off-screen pygame surface, exactly as the
device would (only the dirty areas of each ``refresh()``); the window shows that surface
scaled up (x4 by default) with the five NeoPixels as dots in a strip under it. The keyboard
stands in for the buttons (KEY_TABLE), F12 saves a screenshot, closing the window raises
``Closed`` (a SystemExit) from ``update()``.

Headless: ``make(headless=True)`` sets SDL_VIDEODRIVER=dummy, runs on a fake clock that
``update()`` moves one frame (``frame_ms``) per call, and can play a key script
(``parse_script``), raising ``ScriptDone`` (a SystemExit) from ``update()`` at its end.

For tests and tools: ``pixel(x, y)``, ``screenshot(path)``, ``screen_rgb()``, ``refresh_log``
(the dirty rectangles of every refresh), ``tone_log``, ``led_log``.
"""
import contextlib
import io
import os
import time

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# The pygame display package must be imported before displayio. Blinka prints a warning
# about running on a desktop processor while importing; keep it off the console.
with contextlib.redirect_stdout(io.StringIO()):
    import blinka_displayio_pygamedisplay as _pgd

import busdisplay  # noqa: E402
import displayio  # noqa: E402
import numpy as np  # noqa: E402
import pygame  # noqa: E402
from displayio._area import Area  # noqa: E402

from boards.common import (  # noqa: E402
    HEIGHT,
    LED_BRIGHTNESS,
    LED_COUNT,
    STORE_SIZE,
    TICKS_MAX,
    TICKS_START,
    WIDTH,
    Buttons,
    check_range,
    ticks_add,
    ticks_diff,
)
from boards.fake_clock import FakeClock  # noqa: E402,F401  (also for tools/setup_scripts.py)
from engine.ui.kit.keys import (  # noqa: E402
    A,
    B,
    DOWN,
    LEFT,
    RIGHT,
    SELECT,
    START,
    UP,
)
from boards.keynames import NAMES, key_from_name  # noqa: E402

# Keyboard -> buttons. (label, pygame key constant names, key id); tools/emulator.py prints it.
KEY_TABLE = (
    ("Up arrow", ("K_UP",), UP),
    ("Down arrow", ("K_DOWN",), DOWN),
    ("Left arrow", ("K_LEFT",), LEFT),
    ("Right arrow", ("K_RIGHT",), RIGHT),
    ("Z", ("K_z",), A),
    ("X", ("K_x",), B),
    ("Backspace", ("K_BACKSPACE",), SELECT),
    ("Enter", ("K_RETURN", "K_KP_ENTER"), START),
)
OTHER_KEYS = (("F12", "save a screenshot (PNG)"), ("close the window", "quit"))


def key_table_text():
    lines = ["%-14s %s" % (label, NAMES[key]) for label, _, key in KEY_TABLE]
    lines += ["%-14s %s" % (label, what) for label, what in OTHER_KEYS]
    return "\n".join(lines)


def keyboard_map():
    """{pygame key code: key id}"""
    out = {}
    for _, names, key in KEY_TABLE:
        for n in names:
            out[getattr(pygame, n)] = key
    return out


class Closed(SystemExit):
    """Raised by update() when the window is closed."""

    def __init__(self):
        super().__init__(0)


class ScriptDone(SystemExit):
    """Raised by update() in headless mode once the key script has run to its end."""

    def __init__(self):
        super().__init__(0)


class ScriptError(ValueError):
    pass


class ShotError(Exception):
    """A screenshot that cannot be written; the message names the file and why."""


class RealClock:
    """Wall-clock milliseconds on the same 2**29 wheel as supervisor.ticks_ms(), starting,
    like CircuitPython, 65.5 s before the wrap."""

    def __init__(self, start=TICKS_START):
        self._start = start
        self._t0 = time.monotonic_ns()

    def ticks_ms(self):
        return (self._start + (time.monotonic_ns() - self._t0) // 1000000) & TICKS_MAX

    def sleep_ms(self, ms):
        time.sleep(ms / 1000)


def to_rgb(color):
    """0xRRGGBB from an int or an (r, g, b[, w]) tuple, as neopixel accepts."""
    if isinstance(color, int):
        return color & 0xFFFFFF
    r, g, b = color[0], color[1], color[2]
    return (r << 16) | (g << 8) | b


def screen_color(rgb):
    """The 0xRRGGBB that ``pixel()`` reads back where displayio drew ``rgb``: the display
    is RGB565, so each channel is cut to 5/6/5 bits and expanded again."""
    r5 = (rgb >> 19) & 0x1F
    g6 = (rgb >> 10) & 0x3F
    b5 = (rgb >> 3) & 0x1F
    return (int(r5 * 255.0 / 31.0) << 16) | (int(g6 * 255.0 / 63.0) << 8) | int(b5 * 255.0 / 31.0)


def area_of(rects):
    """Pixels sent for one refresh_log entry (overlapping rectangles count twice, as on
    the device, which sends each dirty area on its own)."""
    return sum((x2 - x1) * (y2 - y1) for x1, y1, x2, y2 in rects)


def _color(rgb):
    return pygame.Color((rgb >> 16) & 0xFF, (rgb >> 8) & 0xFF, rgb & 0xFF)


# ---------------------------------------------------------------------------------------
# Display


class HostDisplay(_pgd.PyGameDisplay):
    """PyGameDisplay that renders off-screen at the panel's size and keeps what each refresh
    redrew.

    - ``surface``: the 160 x 128 pygame surface displayio draws into.
    - ``window``: the pygame window (None without one): ``surface`` scaled by ``scale``
      above a strip of ``LED_COUNT`` dots (``leds``, 0xRRGGBB each).
    - ``refresh_log``: one list per refresh() of the rectangles (x1, y1, x2, y2), x2/y2
      exclusive, clipped to the screen, that displayio redrew (what the device would send
      over SPI). The first refresh after a new root_group is the whole screen.
    - ``full_redraw=True`` redraws the whole screen at each refresh (the log still lists the
      dirty rectangles); the default draws only the dirty areas, like the device.

    ``refresh()`` never sleeps: the frame-rate arguments are accepted and ignored.
    """

    def __init__(self, window=True, scale=4, caption="Pocket Tactics", full_redraw=False):
        self.scale = scale
        self.full_redraw = full_redraw
        self.refresh_log = []
        self.refresh_log_limit = 10000
        self.leds = [0] * LED_COUNT
        self.window = None
        self._want_window = window
        self.strip_height = 12 * scale if window else 0
        super().__init__(width=WIDTH, height=HEIGHT, caption=caption, auto_refresh=False)

    # The base class opens a window of the panel's size here; draw off-screen instead.
    def _initialize(self, init_sequence):
        self.surface = pygame.Surface((self.width, self.height))
        self._pygame_screen = self.surface  # where the base _refresh_area blits
        if self._want_window:
            pygame.display.init()
            if self._caption:
                pygame.display.set_caption(self._caption)
            self.window = pygame.display.set_mode(
                (self.width * self.scale, self.height * self.scale + self.strip_height)
            )
            self.window.fill(0)

    def _get_refresh_areas(self):
        # The base class always redraws the whole screen; use displayio's dirty areas.
        areas = busdisplay.BusDisplay._get_refresh_areas(self)
        rects = []
        clipped = Area()
        for area in areas:
            if self._core.clip_area(area, clipped):
                rects.append((clipped.x1, clipped.y1, clipped.x2, clipped.y2))
        log = self.refresh_log
        log.append(rects)
        if len(log) > self.refresh_log_limit:
            del log[: len(log) - self.refresh_log_limit]
        if self.full_redraw and rects:
            return [self._core.area]
        return areas

    # The base class sizes its buffer one word short for areas of an odd pixel count; draw
    # each area in one pass with a buffer that fits.
    def _refresh_area(self, area):
        clipped = Area()
        if not self._core.clip_area(area, clipped):
            return True
        w = clipped.width()
        h = clipped.height()
        n = w * h
        buffer = memoryview(bytearray(((n + 1) // 2) * 4)).cast("I")
        mask = memoryview(bytearray(((n // 32) + 1) * 4)).cast("I")
        self._core.fill_area(clipped, mask, buffer)
        # RGB565 with the bytes of each pixel swapped (the panel's order), as the base class.
        px = np.frombuffer(buffer.tobytes()[: n * 2], dtype=">u2")
        rgb = np.empty((n, 3), dtype=np.uint8)
        rgb[:, 0] = ((px >> 11) & 0x1F) * 255.0 / 31.0
        rgb[:, 1] = ((px >> 5) & 0x3F) * 255.0 / 63.0
        rgb[:, 2] = (px & 0x1F) * 255.0 / 31.0
        image = pygame.image.frombuffer(rgb.tobytes(), (w, h), "RGB")
        self.surface.blit(image, (clipped.x1, clipped.y1))
        return True

    def _refresh_display(self):
        full = self._core.full_refresh
        done = busdisplay.BusDisplay._refresh_display(self)
        if full and done and self._core.start_refresh():
            # Blinka keeps the layers' change flags through a full refresh (in case a
            # background refresh races a change), so the next refresh would redraw them
            # again; CircuitPython's finish_refresh clears them. Nothing can have changed
            # since (no background refresh here), so consume them without drawing.
            busdisplay.BusDisplay._get_refresh_areas(self)
            self._core.finish_refresh()
        self.present()
        return done

    def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
        self._first_manual_refresh = False
        self._refresh_display()
        return True

    def _release(self):
        # The base class quits pygame here; only let go of the root group.
        busdisplay.BusDisplay._release(self)

    def _background(self):
        # Blinka's displayio thread calls this about every millisecond to post auto-refresh
        # events; the board refreshes by hand each frame (auto_refresh is off), so there is
        # nothing to do, and nothing of this object is read from that thread.
        return

    def led_centre(self, i):
        w = self.width * self.scale
        return ((2 * i + 1) * w // (2 * LED_COUNT), self.height * self.scale + self.strip_height // 2)

    def present(self):
        """Copy the screen (scaled) and the LEDs to the window."""
        win = self.window
        if win is None:
            return
        s = self.scale
        win.blit(pygame.transform.scale(self.surface, (self.width * s, self.height * s)), (0, 0))
        top = self.height * s
        win.fill(_color(0x101010), (0, top, self.width * s, self.strip_height))
        radius = 3 * s
        for i in range(LED_COUNT):
            c = self.leds[i]
            pygame.draw.circle(win, _color(c if c else 0x303030), self.led_centre(i), radius)
        pygame.display.flip()


class HostPixels:
    """Five NeoPixels drawn under the screen. Takes 0xRRGGBB or (r, g, b) like neopixel;
    reads back 0xRRGGBB. ``brightness`` is kept for the interface (the window shows the
    colours at full strength so they can be seen)."""

    def __init__(self, board):
        self._board = board
        self._c = [0] * LED_COUNT
        self.brightness = LED_BRIGHTNESS
        self.auto_write = False
        self.show_count = 0

    def __len__(self):
        return LED_COUNT

    def __setitem__(self, i, color):
        if isinstance(i, slice):
            for j, c in zip(range(*i.indices(LED_COUNT)), color):
                self._c[j] = to_rgb(c)
        else:
            self._c[i] = to_rgb(color)

    def __getitem__(self, i):
        return self._c[i]

    def fill(self, color):
        c = to_rgb(color)
        for i in range(LED_COUNT):
            self._c[i] = c

    def show(self):
        self.show_count += 1
        self._board._leds_shown(tuple(self._c))


# ---------------------------------------------------------------------------------------
# Store


def default_store_path():
    """$POCKET_TACTICS_STORE, else $XDG_DATA_HOME/pocket-tactics/store.bin, else
    ~/.local/share/pocket-tactics/store.bin."""
    path = os.environ.get("POCKET_TACTICS_STORE")
    if path:
        return path
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(
        os.path.expanduser("~"), ".local", "share"
    )
    return os.path.join(base, "pocket-tactics", "store.bin")


class FileStore:
    """The save store as a file of ``size`` bytes. A missing file reads as erased flash
    (0xFF), like a device whose NVM was never written. Writes replace the file atomically,
    and never a file that is not a store (``not_a_store``: a mistyped
    $POCKET_TACTICS_STORE must not destroy a file): such a write raises OSError saying
    why, which the game says on screen."""

    def __init__(self, path, size=STORE_SIZE):
        self.path = path
        self.size = size

    def _load(self):
        try:
            with open(self.path, "rb") as f:
                data = bytearray(f.read(self.size + 1))
        except FileNotFoundError:
            data = bytearray()
        if len(data) < self.size:
            data += b"\xff" * (self.size - len(data))
        return data

    def not_a_store(self):
        """Why the file at ``path`` is not a save store (None when it is one, or is
        missing): a store is exactly ``size`` bytes and begins with a save record ("SV") or
        erased flash (0xFF)."""
        try:
            n = os.path.getsize(self.path)
        except OSError:
            return None
        if n == 0:
            return None
        if n != self.size:
            return "%s is not a save store (%d bytes, a store has %d)" % (self.path, n,
                                                                          self.size)
        if self._load()[0:2] not in (b"SV", b"\xff\xff"):
            return "%s is not a save store (it does not begin with a save record)" % self.path
        return None

    def read(self, offset, n):
        check_range(self.size, offset, n)
        return bytes(self._load()[offset : offset + n])

    def write(self, offset, data):
        n = len(data)
        check_range(self.size, offset, n)
        why = self.not_a_store()
        if why is not None:
            raise OSError("refusing to write over it: " + why)
        buf = self._load()[0:self.size]
        buf[offset : offset + n] = data
        folder = os.path.dirname(os.path.abspath(self.path))
        os.makedirs(folder, exist_ok=True)
        tmp = self.path + ".tmp"
        with open(tmp, "wb") as f:
            f.write(buf)
        os.replace(tmp, self.path)


# ---------------------------------------------------------------------------------------
# Key scripts


# The longest ``wait`` or ``hold``: ticks compare only within 2**28 ms (three days) of each
# other (engine/core/ticks.py), and the board's clock wraps at 2**29.
SCRIPT_MS_LIMIT = (1 << 28) - 1


def parse_script(text):
    """Parse a key script into a list of steps.

    One step per line; blank lines and ``#`` comments are skipped:
        up | down | left | right | a | b | select | start   press, released one frame later
        hold KEY MS                                          hold KEY for MS ms (repeats fire)
        wait MS                                              let MS ms pass
        shot NAME                                            screenshot NAME.png (shots dir)

    MS is 0..SCRIPT_MS_LIMIT; NAME a file name in the shots folder (letters, digits, ``-``,
    ``_`` and ``.``, not first). ScriptError naming the line for anything else.
    """
    steps = []
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        words = line.split()
        word = words[0].lower()
        try:
            if word == "hold":
                if len(words) != 3:
                    raise ValueError("hold KEY MS")
                steps.append(("hold", _script_key(words[1]), _script_ms(words[2])))
            elif word == "wait":
                if len(words) != 2:
                    raise ValueError("wait MS")
                steps.append(("wait", _script_ms(words[1])))
            elif word == "shot":
                if len(words) != 2:
                    raise ValueError("shot NAME")
                steps.append(("shot", _shot_name(words[1])))
            elif len(words) == 1:
                steps.append(("key", _script_key(word)))
            else:
                raise ValueError("unknown step")
        except ValueError as e:
            shown = raw.strip()
            if len(shown) > 60:
                shown = shown[:57] + "..."
            raise ScriptError("script line %d: %r: %s" % (lineno, shown, e)) from None
    return steps


def _script_key(word):
    key = key_from_name(word)
    if key < 0:
        raise ValueError("unknown key %r (keys: %s)" % (word[:20], ", ".join(NAMES)))
    return key


def _script_ms(word):
    if not (word.isascii() and word.isdigit()):
        raise ValueError("MS is a whole number of milliseconds, 0 or more")
    if len(word) > 10 or int(word) > SCRIPT_MS_LIMIT:
        raise ValueError("MS is at most %d (2**28 - 1 ms, three days: the board's tick "
                         "counter compares no longer times)" % SCRIPT_MS_LIMIT)
    return int(word)


_SHOT_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")


def _shot_name(word):
    """A screenshot's name: a file name inside the shots folder, never a path out of it."""
    if word[0] == "." or len(word) > 100 or not set(word) <= _SHOT_CHARS:
        raise ValueError("NAME is a file name inside the shots folder: letters, digits, "
                         "'-', '_' and '.' (not first), at most 100 characters")
    return word


class ScriptPlayer:
    """Plays parsed script steps from inside ``update()``, on the board's clock.

    A tap presses in one update and releases in the next; the following step starts one
    update later. ``shot`` is taken at the start of an update, so it shows what the app drew
    in the frames before. In headless mode the update after the last step raises
    ScriptDone, so the app has handled everything the script did."""

    def __init__(self, steps):
        self.steps = list(steps)
        self.index = 0
        self._t0 = None  # the ticks when the current wait or key step was last timed
        self._elapsed = 0  # ms since it began, summed frame by frame (no wrap of the ticks)
        self.shots = []  # paths written

    @property
    def done(self):
        return self.index >= len(self.steps)

    def _since(self, now):
        """ms since the current step began: the ticks between two calls are added up, so a
        long wait is timed right however far the clock wraps."""
        self._elapsed += ticks_diff(now, self._t0)
        self._t0 = now
        return self._elapsed

    def _begin(self, now):
        self._t0 = now
        self._elapsed = 0

    def step(self, board, now):
        while self.index < len(self.steps):
            op = self.steps[self.index]
            kind = op[0]
            if kind == "shot":
                self.shots.append(board.save_shot(op[1]))
                self.index += 1
            elif kind == "wait":
                if self._t0 is None:
                    self._begin(now)
                if self._since(now) < op[1]:
                    return
                self._t0 = None
                self.index += 1
            else:  # key / hold
                if self._t0 is None:
                    board.buttons.key_down(op[1], now)
                    self._begin(now)
                    return
                hold = op[2] if kind == "hold" else 0
                if self._since(now) < hold:
                    return
                board.buttons.key_up(op[1], now)
                self._t0 = None
                self.index += 1
                return


# ---------------------------------------------------------------------------------------
# Sound


class MixerTone:
    """Square-wave beeps through pygame.mixer (only with a real window)."""

    RATE = 22050

    def __init__(self):
        pygame.mixer.init(frequency=self.RATE, size=-16, channels=1)
        self._cache = {}
        self._playing = None

    def play(self, freq, ms):
        import array

        key = (freq, ms)
        snd = self._cache.get(key)
        if snd is None:
            n = self.RATE * ms // 1000
            half = max(1, self.RATE // (2 * max(1, freq)))
            wave = array.array("h", (4000 if (i // half) % 2 == 0 else -4000 for i in range(n)))
            snd = pygame.mixer.Sound(buffer=wave.tobytes())
            if len(self._cache) < 64:
                self._cache[key] = snd
        self.stop()
        snd.play()
        self._playing = snd

    def stop(self):
        if self._playing is not None:
            self._playing.stop()
            self._playing = None

    def close(self):
        self.stop()
        pygame.mixer.quit()


# ---------------------------------------------------------------------------------------
# The board


class HostBoard:
    """The board interface on a desktop (see boards/__init__.py and make())."""

    width = WIDTH
    height = HEIGHT

    def __init__(
        self,
        name="host",
        window=True,
        scale=4,
        clock=None,
        advance_ms=0,
        fps=60,
        store=None,
        script=None,
        exit_at_script_end=False,
        shots_dir=None,
        full_redraw=False,
        sound=None,
        log_limit=10000,
    ):
        displayio.release_displays()  # Blinka allows one display at a time
        self.name = name
        self.display = HostDisplay(window=window, scale=scale, full_redraw=full_redraw)
        self.buttons = Buttons()
        self.pixels = HostPixels(self)
        self.store = store if store is not None else FileStore(default_store_path())
        self.sound_on = True
        self.clock = clock if clock is not None else RealClock()
        self.shots_dir = shots_dir
        self.closed = False
        self.tone_log = []  # (freq, ms) of every tone started
        self.led_log = []  # the 5 colours at every pixels.show()
        self.tone_playing = False
        self._log_limit = log_limit
        self._tone_end = 0
        self._advance_ms = advance_ms
        self._frame_s = 1.0 / fps if fps else 0.0
        self._last_frame = time.perf_counter()
        self._keymap = keyboard_map()
        self._script = ScriptPlayer(script) if script is not None else None
        self._exit_at_script_end = exit_at_script_end
        self._mixer = None
        if sound is None:
            sound = window and os.environ.get("SDL_VIDEODRIVER") != "dummy"
        self._want_sound = sound  # the mixer opens at the first tone

    # -- interface
    @property
    def refresh_log(self):
        return self.display.refresh_log

    def ticks_ms(self):
        return self.clock.ticks_ms()

    def sleep_ms(self, ms):
        self.clock.sleep_ms(ms)

    def tone(self, freq_hz, ms):
        if not self.sound_on or freq_hz <= 0 or ms <= 0:
            return
        self._log(self.tone_log, (freq_hz, ms))
        self._tone_end = ticks_add(self.clock.ticks_ms(), ms)
        self.tone_playing = True
        if self._mixer is None and self._want_sound:
            self._want_sound = False
            try:
                self._mixer = MixerTone()
            except pygame.error:  # no audio device: stay silent
                self._mixer = None
        if self._mixer is not None:
            self._mixer.play(freq_hz, ms)

    def update(self):
        if self._advance_ms:
            self.clock.advance(self._advance_ms)
        elif self._frame_s:
            self._pace()
        now = self.clock.ticks_ms()
        if self.display.window is not None:
            self._pump_events(now)
        if self._script is not None:
            # End one update after the last step, so the app sees that frame's events.
            if self._exit_at_script_end and self._script.done:
                raise ScriptDone()
            self._script.step(self, now)
        self.buttons.tick(now)
        if self.tone_playing and (not self.sound_on or ticks_diff(now, self._tone_end) >= 0):
            self.tone_playing = False
            if self._mixer is not None:
                self._mixer.stop()

    # -- reading the screen back
    def pixel(self, x, y):
        """0xRRGGBB of screen pixel (x, y) as displayio last drew it (see screen_color)."""
        c = self.display.surface.get_at((x, y))
        return (c.r << 16) | (c.g << 8) | c.b

    def screen_rgb(self):
        """The whole screen as bytes, 3 per pixel, row by row."""
        return pygame.image.tobytes(self.display.surface, "RGB")

    def screenshot(self, path):
        """Save the 160 x 128 screen (unscaled) as a PNG; ShotError if it cannot be
        written."""
        folder = os.path.dirname(os.path.abspath(path))
        try:
            os.makedirs(folder, exist_ok=True)
            pygame.image.save(self.display.surface, path)
        except (OSError, pygame.error) as e:
            raise ShotError("cannot save the screenshot %s: %s" % (
                path, getattr(e, "strerror", None) or e)) from None
        return path

    def export_record(self, data):
        """Keeps the record of a game that has just ended (engine/ui/saving/saver.py): the file
        last-game.rec beside the store's file (GR bytes), which ``tools/play.py --replay``
        and ``tools/hex_play.py --replay`` replay to the same final state. Returns its
        path, or None when the store is not a file."""
        path = self.record_path()
        if path is None:
            return None
        with open(path, "wb") as f:
            f.write(data)
        print("game record:", path)
        return path

    def record_path(self):
        """Where export_record keeps the last game's record (None: no store file)."""
        path = getattr(self.store, "path", None)
        if path is None:
            return None
        return os.path.join(os.path.dirname(os.path.abspath(path)), "last-game.rec")

    def save_shot(self, name=None):
        """Screenshot into ``shots_dir`` (default: the current directory): NAME.png, or the
        next free shot-NNN.png."""
        folder = self.shots_dir or os.getcwd()
        if name is None:
            n = 1
            while os.path.exists(os.path.join(folder, "shot-%03d.png" % n)):
                n += 1
            name = "shot-%03d.png" % n
        else:
            if os.path.basename(name) != name or name in (".", ".."):
                raise ShotError("a screenshot's name is a file name in the shots folder, "
                                "not %r" % name)
            if not name.lower().endswith(".png"):
                name += ".png"
        return self.screenshot(os.path.join(folder, name))

    @property
    def script_done(self):
        return self._script is None or self._script.done

    @property
    def shots(self):
        """Paths of the screenshots the script's ``shot`` lines wrote."""
        return list(self._script.shots) if self._script is not None else []

    def close(self):
        """Let go of the display and the window."""
        displayio.release_displays()
        if self._mixer is not None:
            self._mixer.close()
            self._mixer = None
        if self.display.window is not None:
            self.display.window = None
            pygame.display.quit()

    # -- internals
    def _log(self, log, item):
        log.append(item)
        if self._log_limit is not None and len(log) > self._log_limit:
            del log[: len(log) - self._log_limit]

    def _leds_shown(self, colours):
        self._log(self.led_log, colours)
        self.display.leds[:] = colours
        self.display.present()

    def _pace(self):
        wait = self._frame_s - (time.perf_counter() - self._last_frame)
        if wait > 0:
            time.sleep(wait)
        self._last_frame = time.perf_counter()

    def _pump_events(self, now):
        for e in pygame.event.get():
            t = e.type
            if t == pygame.KEYDOWN:
                if e.key == pygame.K_F12:
                    try:
                        print("screenshot:", self.save_shot())
                    except ShotError as err:  # the window stays: say so and go on
                        print("screenshot not saved: %s" % err)
                else:
                    key = self._keymap.get(e.key)
                    if key is not None:
                        self.buttons.key_down(key, now)
            elif t == pygame.KEYUP:
                key = self._keymap.get(e.key)
                if key is not None:
                    self.buttons.key_up(key, now)
            elif t == pygame.QUIT or t == pygame.WINDOWCLOSE:
                self.closed = True
                raise Closed()
            elif t == pygame.WINDOWFOCUSLOST:
                self.buttons.release_all(now)
            elif t in (pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.WINDOWRESTORED):
                self.display.present()


def make(
    headless=False,
    scale=4,
    script=None,
    shots_dir=None,
    frame_ms=20,
    store=None,
    full_redraw=False,
):
    """The desktop board.

    headless: no visible window (SDL_VIDEODRIVER=dummy) and a fake clock moved ``frame_ms``
    per ``update()``; with a ``script``, ``update()`` raises ScriptDone once it has run.
    Otherwise a window on the wall clock, paced to 60 frames a second by ``update()``; a
    script plays, then the keyboard goes on. ``script``: the text of a key script
    (parse_script) or parsed steps. ``store``: a store object; default the file of
    default_store_path().
    """
    if isinstance(script, str):
        script = parse_script(script)
    if headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        return HostBoard(
            window=True,
            scale=scale,
            clock=FakeClock(),
            advance_ms=frame_ms,
            fps=0,
            store=store,
            script=script,
            exit_at_script_end=script is not None,
            shots_dir=shots_dir,
            full_redraw=full_redraw,
            sound=False,
        )
    return HostBoard(
        window=True,
        scale=scale,
        store=store,
        script=script,
        shots_dir=shots_dir,
        full_redraw=full_redraw,
    )
