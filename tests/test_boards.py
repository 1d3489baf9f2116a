# SPDX-License-Identifier: MIT
"""Board adapters: the device adapters against the fakes in tests/fakes/, the shared pieces
(keys, ticks, button queue, auto-repeat, stick), the stub board, detect() and code.py."""
import importlib.util
import os
import runpy
import sys
import types
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import boards  # noqa: E402
from boards import common, keynames, pybadge, pygamer, saving, stub  # noqa: E402
from boards.common import (  # noqa: E402
    STICK_PRESS,
    STICK_RELEASE,
    Buttons,
    ticks_add,
    ticks_diff,
)
from engine.ui.kit import keys  # noqa: E402
from engine.ui.kit.keys import (  # noqa: E402
    A,
    B,
    DOWN,
    LEFT,
    RELEASE,
    REPEAT,
    RIGHT,
    SELECT,
    START,
    UP,
)

ROOT = Path(__file__).resolve().parent.parent
FAKES = Path(__file__).resolve().parent / "fakes"
FAKE_NAMES = (
    "board",
    "keypad",
    "analogio",
    "neopixel",
    "digitalio",
    "microcontroller",
    "audioio",
    "audiocore",
    "supervisor",
    "storage",
)
WRAP = 1 << 29


@pytest.fixture
def fakes(monkeypatch):
    """Fresh fake hardware modules under their real names, for one test."""
    ns = types.SimpleNamespace()
    for name in FAKE_NAMES:
        spec = importlib.util.spec_from_file_location(name, FAKES / (name + ".py"))
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        monkeypatch.setitem(sys.modules, name, mod)
        setattr(ns, name, mod)
    ns.supervisor.now = 10000
    return ns


def drain(board):
    out = []
    ev = board.buttons.get()
    while ev >= 0:
        out.append(ev)
        ev = board.buttons.get()
    return out


def make_gamer(fakes):
    fakes.board.configure("pygamer", joystick=True)
    return pygamer.make()


def make_badge(fakes):
    fakes.board.configure("pybadge", joystick=False)
    return pybadge.make()


# --------------------------------------------------------------------------- keys


def test_key_ids_and_flags():
    assert (UP, DOWN, LEFT, RIGHT, A, B, SELECT, START) == tuple(range(8))
    assert (keys.PRESS, keys.RELEASE, keys.REPEAT) == (0x00, 0x80, 0x40)
    for k in range(8):
        assert keys.key_of(k) == k
        assert keys.key_of(k | RELEASE) == k
        assert keys.key_of(k | REPEAT) == k
        assert keys.is_press(k) and keynames.is_first_press(k) and not keynames.is_release(k)
        assert keys.is_press(k | REPEAT) and not keynames.is_first_press(k | REPEAT)
        assert keynames.is_repeat(k | REPEAT) and not keynames.is_repeat(k)
        assert keynames.is_release(k | RELEASE) and not keys.is_press(k | RELEASE)
        assert keynames.key_from_name(keynames.key_name(k)) == k
    assert keys.key_of(-1) == keys.NONE == -1
    assert not keys.is_press(-1) and not keynames.is_release(-1) and not keynames.is_repeat(-1)
    assert not keynames.is_direction(-1) and keynames.is_direction(RIGHT | REPEAT)
    assert not keynames.is_direction(A)
    assert keynames.event_name(A) == "a press"
    assert keynames.event_name(LEFT | REPEAT) == "left repeat"
    assert keynames.event_name(START | RELEASE) == "start release"
    assert keynames.event_name(-1) == "none"
    assert keynames.key_from_name("Select") == SELECT
    assert keynames.key_from_name("x") == -1
    assert keynames.key_name(9) == "?"


def test_keys_module_imports_only_const():
    src = (ROOT / "engine" / "ui" / "kit" / "keys.py").read_text()
    imports = [ln.strip() for ln in src.splitlines() if ln.strip().startswith(("import", "from"))]
    assert imports == ["from micropython import const"]


# --------------------------------------------------------------------------- ticks


def test_ticks_diff_and_add_across_the_wrap():
    assert ticks_diff(5, 3) == 2
    assert ticks_diff(3, 5) == -2
    assert ticks_add(WRAP - 10, 25) == 15
    assert ticks_diff(15, WRAP - 10) == 25
    assert ticks_diff(WRAP - 10, 15) == -25
    assert ticks_diff(ticks_add(WRAP - 1, 350), WRAP - 1) == 350
    assert ticks_diff((1 << 28) - 1, 0) == (1 << 28) - 1
    assert common.TICKS_START == 0x1FFF0000


# --------------------------------------------------------------------------- button queue


def test_button_queue_is_fifo_across_the_ring():
    b = Buttons(size=4)
    seen = []
    for i in range(50):
        assert b.push(i % 8)
        if i % 3 == 2:
            b.push((i + 1) % 8 | RELEASE)
        while len(b) > 1:
            seen.append(b.get())
    while len(b):
        seen.append(b.get())
    expected = []
    for i in range(50):
        expected.append(i % 8)
        if i % 3 == 2:
            expected.append((i + 1) % 8 | RELEASE)
    assert seen == expected
    assert b.get() == -1
    assert isinstance(b._buf, bytearray) and len(b._buf) == 4


def test_button_queue_overflow_drops_newest_and_flags():
    b = Buttons(size=32)
    for i in range(32):
        assert b.push(i % 8)
    assert not b.overflowed
    assert not b.push(A)
    assert b.overflowed
    assert [b.get() for _ in range(32)] == [i % 8 for i in range(32)]
    assert b.get() == -1 and b.overflowed  # the flag stays set


def test_press_queues_press_and_release_without_holding():
    b = Buttons()
    b.press(START)
    assert [b.get(), b.get(), b.get()] == [START, START | RELEASE, -1]
    assert b.held == 0


def test_key_down_up_ignore_repeats_of_the_same_state():
    b = Buttons()
    b.key_down(A, 0)
    b.key_down(A, 5)
    assert b.held == 1 << A
    b.key_up(A, 10)
    b.key_up(A, 11)
    assert b.held == 0
    assert [b.get(), b.get(), b.get()] == [A, A | RELEASE, -1]


# --------------------------------------------------------------------------- PyGamer


def test_pygamer_shift_register_setup(fakes):
    g = make_gamer(fakes)
    keypad = fakes.keypad.instances[-1]
    assert keypad.key_count == 4 and keypad.value_when_pressed is True
    # A full keypad queue always fits in the board's event ring.
    assert keypad.max_events <= 16 < len(g.buttons._buf)
    assert keypad.clock is fakes.board.BUTTON_CLOCK
    assert keypad.data is fakes.board.BUTTON_OUT
    assert keypad.latch is fakes.board.BUTTON_LATCH
    assert g.name == "pygamer" and (g.width, g.height) == (160, 128)
    assert g.display is fakes.board.DISPLAY and g.display.auto_refresh is False
    assert set(fakes.analogio.instances) == {"JOYSTICK_X", "JOYSTICK_Y"}


def test_pygamer_button_mapping(fakes):
    g = make_gamer(fakes)
    q = fakes.keypad.instances[-1].events
    for n in range(4):
        q.inject(n, True)
        q.inject(n, False)
    g.update()
    assert drain(g) == [B, B | RELEASE, A, A | RELEASE, START, START | RELEASE,
                        SELECT, SELECT | RELEASE]


def test_device_reuses_one_event_object(fakes):
    g = make_gamer(fakes)
    q = fakes.keypad.instances[-1].events
    for _ in range(3):
        q.inject(1, True)
        q.inject(1, False)
        g.update()
    assert q.targets == 1  # and the fake get() would have raised


def test_pybadge_button_mapping_with_directions(fakes):
    b = make_badge(fakes)
    keypad = fakes.keypad.instances[-1]
    assert keypad.key_count == 8 and keypad.value_when_pressed is True
    assert fakes.analogio.instances == {}
    assert b.name == "pybadge"
    for n in range(8):
        keypad.events.inject(n, True)
        keypad.events.inject(n, False)
    b.update()
    order = [B, A, START, SELECT, RIGHT, DOWN, UP, LEFT]
    expected = []
    for k in order:
        expected += [k, k | RELEASE]
    assert drain(b) == expected


def test_pybadge_held_direction_repeats(fakes):
    b = make_badge(fakes)
    q = fakes.keypad.instances[-1].events
    q.inject(7, True)  # Left
    b.update()
    assert drain(b) == [LEFT]
    got = []
    for t in range(1, 600):
        fakes.supervisor.now = 10000 + t
        b.update()
        got += [(t, ev) for ev in drain(b)]
    q.inject(7, False)
    b.update()
    assert got == [(350, LEFT | REPEAT), (470, LEFT | REPEAT), (590, LEFT | REPEAT)]
    assert drain(b) == [LEFT | RELEASE]


def test_keypad_overflow_releases_and_rescans(fakes):
    b = make_badge(fakes)
    keypad = fakes.keypad.instances[-1]
    keypad.events.inject(1, True)  # A down
    b.update()
    assert drain(b) == [A]
    for _ in range(70):  # more than max_events: the release is lost
        keypad.events.inject(0, True)
        keypad.events.inject(0, False)
    assert keypad.events.overflowed
    b.update()
    evs = drain(b)
    assert evs[-1] == A | RELEASE and not b.buttons.held & (1 << A)
    assert keypad.resets == 1 and not keypad.events.overflowed


# --------------------------------------------------------------------------- joystick


def stick(fakes):
    return fakes.analogio.instances["JOYSTICK_X"], fakes.analogio.instances["JOYSTICK_Y"]


def test_joystick_dead_zone_gives_no_events(fakes):
    g = make_gamer(fakes)
    x, y = stick(fakes)
    for vx, vy in [(32768, 32768), (32768 - STICK_RELEASE + 1, 32768 + STICK_RELEASE - 1),
                   (32768 + STICK_PRESS - 1, 32768), (32768, 32768 - STICK_PRESS + 1),
                   (20000, 45000), (30000, 36000)]:
        x.value, y.value = vx, vy
        g.update()
    assert drain(g) == []


@pytest.mark.parametrize(
    "axis,value,key",
    [("x", 0, LEFT), ("x", 65535, RIGHT), ("y", 0, UP), ("y", 65535, DOWN),
     ("x", 32768 - STICK_PRESS, LEFT), ("y", 32768 + STICK_PRESS, DOWN)],
)
def test_joystick_press_past_threshold_and_release_when_back(fakes, axis, value, key):
    g = make_gamer(fakes)
    ain = stick(fakes)[0 if axis == "x" else 1]
    ain.value = value
    g.update()
    assert drain(g) == [key]
    ain.value = 32768
    g.update()
    assert drain(g) == [key | RELEASE]


@pytest.mark.parametrize("axis,sign,key", [("x", 1, RIGHT), ("x", -1, LEFT), ("y", 1, DOWN),
                                           ("y", -1, UP)])
def test_joystick_hysteresis(fakes, axis, sign, key):
    g = make_gamer(fakes)
    ain = stick(fakes)[0 if axis == "x" else 1]
    press_at = 32768 + sign * STICK_PRESS
    release_at = 32768 + sign * STICK_RELEASE
    # Resting just around the press threshold: one press, no chatter.
    for d in [0, -500, 300, -2000, 0]:
        ain.value = press_at + sign * d
        g.update()
    ain.value = release_at
    g.update()
    assert drain(g) == [key]
    # Only inside the release threshold does it let go.
    ain.value = release_at - sign
    g.update()
    assert drain(g) == [key | RELEASE]
    # And between the thresholds nothing is pressed again.
    for v in [release_at + sign * 100, press_at - sign, release_at]:
        ain.value = v
        g.update()
    assert drain(g) == []


def test_joystick_flick_across_gives_release_then_press(fakes):
    g = make_gamer(fakes)
    x, _ = stick(fakes)
    x.value = 0
    g.update()
    x.value = 65535
    g.update()
    assert drain(g) == [LEFT, LEFT | RELEASE, RIGHT]


def test_joystick_diagonal_presses_both(fakes):
    g = make_gamer(fakes)
    x, y = stick(fakes)
    x.value, y.value = 65535, 0
    g.update()
    assert sorted(drain(g)) == sorted([RIGHT, UP])


# --------------------------------------------------------------------------- auto-repeat


def repeat_times(fakes, start):
    fakes.supervisor.now = start
    g = make_gamer(fakes)
    x, _ = stick(fakes)
    q = fakes.keypad.instances[-1].events
    x.value = 65535
    q.inject(1, True)  # A held too: never repeats
    g.update()
    assert drain(g) == [A, RIGHT]
    got = []
    for t in range(1, 1000):
        fakes.supervisor.now = start + t
        g.update()
        got += [(t, ev) for ev in drain(g)]
    x.value = 32768
    fakes.supervisor.now = start + 1000
    g.update()
    assert drain(g) == [RIGHT | RELEASE]
    fakes.supervisor.now = start + 2000
    g.update()
    assert drain(g) == []
    return got


def test_auto_repeat_timing(fakes):
    got = repeat_times(fakes, 10000)
    assert got == [(t, RIGHT | REPEAT) for t in (350, 470, 590, 710, 830, 950)]


def test_auto_repeat_timing_across_tick_wrap(fakes):
    # supervisor.ticks_ms() wraps at 2**29: start 400 ms before it, so the wrap falls
    # between the press and the first repeat, and again 100 ms before a later one.
    for start in (WRAP - 200, WRAP - 500, WRAP - 1):
        got = repeat_times(fakes, start)
        assert got == [(t, RIGHT | REPEAT) for t in (350, 470, 590, 710, 830, 950)], start


def test_slow_frame_gives_one_repeat_not_a_burst(fakes):
    fakes.supervisor.now = 0
    g = make_gamer(fakes)
    x, _ = stick(fakes)
    x.value = 0
    g.update()
    fakes.supervisor.now = 1000  # one frame of a whole second
    g.update()
    assert drain(g) == [LEFT, LEFT | REPEAT]
    fakes.supervisor.now = 1119
    g.update()
    assert drain(g) == []
    fakes.supervisor.now = 1120
    g.update()
    assert drain(g) == [LEFT | REPEAT]


# --------------------------------------------------------------------------- LEDs, sound


def test_neopixels_low_brightness_and_show(fakes):
    g = make_gamer(fakes)
    np = fakes.neopixel.instances[-1]
    assert np.n == 5 and np.pin is fakes.board.NEOPIXEL
    assert np.brightness <= 0.05 and np.auto_write is False
    assert g.pixels is np
    assert np.shows == [(0, 0, 0, 0, 0)]  # cleared at start
    g.pixels[2] = 0x00FF00
    g.pixels.show()
    g.pixels.fill(0x100000)
    g.pixels.show()
    assert np.shows[1:] == [(0, 0, 0x00FF00, 0, 0), (0x100000,) * 5]


def test_tone_starts_and_stops_from_update(fakes):
    g = make_badge(fakes)
    out = fakes.audioio.instances[-1]
    enable = fakes.digitalio.instances["SPEAKER_ENABLE"]
    assert out.pin is fakes.board.SPEAKER
    assert enable.direction == "output" and enable.value is False
    fakes.supervisor.now = 20000
    g.tone(440, 100)
    assert out.playing and enable.value is True
    sample, rate, loop = out.plays[-1]
    assert loop is True and rate == 440 * 16
    wave = list(sample.buffer)
    assert len(wave) == 16 and len(set(wave)) == 2 and wave[0] > 0x8000 > wave[-1]
    fakes.supervisor.now = 20099
    g.update()
    assert out.playing
    fakes.supervisor.now = 20100
    g.update()
    assert not out.playing and enable.value is False


def test_tone_restart_changes_pitch_and_mute(fakes):
    g = make_badge(fakes)
    out = fakes.audioio.instances[-1]
    g.tone(440, 100)
    g.tone(880, 50)
    assert out.stops == 1 and out.plays[-1][1] == 880 * 16 and out.playing
    g.sound_on = False
    g.update()  # muting stops what plays
    assert not out.playing
    n = len(out.plays)
    g.tone(1000, 100)
    assert len(out.plays) == n and not out.playing


def test_tone_across_tick_wrap(fakes):
    g = make_badge(fakes)
    out = fakes.audioio.instances[-1]
    fakes.supervisor.now = WRAP - 30
    g.tone(600, 60)
    fakes.supervisor.now = WRAP + 29
    g.update()
    assert out.playing
    fakes.supervisor.now = WRAP + 30
    g.update()
    assert not out.playing


# --------------------------------------------------------------------------- store


def test_the_save_copy_is_kept_when_boot_py_gave_the_drive_to_the_game(fakes, monkeypatch):
    # docs/DEVICE.md "Saved games": CIRCUITPY writable by CircuitPython (tools/device/boot.py
    # remounted it) -> a copy of each save in a file there; else the NVM only
    assert make_gamer(fakes).save_copy is None  # read-only for the game: no boot.py
    fakes.storage.remount("/", readonly=False)
    assert make_gamer(fakes).save_copy == saving.SAVE_COPY == "/pocket-tactics.sav"
    # boards/saving.py is loaded for that moment only (engine/core/lazy.py)
    assert "boards.saving" not in sys.modules or sys.modules["boards.saving"] is saving
    monkeypatch.setitem(sys.modules, "storage", None)  # no storage module: no copy
    assert make_gamer(fakes).save_copy is None


def test_the_device_prints_a_finished_games_record_as_one_console_line(fakes, capsys):
    from engine.core.record import Record

    rec = Record(1, bytes(range(40)), 12345, [3, 1 << 20, 70000] * 30)
    g = make_gamer(fakes)
    g.export_record(rec.encode())
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert len(lines) == 1 and lines[0] == "record " + rec.encode().hex()
    # what the serial console shows around it is read past (tools/play.py --replay)
    got = Record.read(("boot_out\r\n" + out + ">>> \n").encode())
    assert (got.ruleset, got.config_bytes, got.seed, got.actions) == \
        (rec.ruleset, rec.config_bytes, rec.seed, rec.actions)


def test_nvm_store_writes_whole_slices(fakes):
    g = make_gamer(fakes)
    nvm = fakes.microcontroller.nvm
    assert g.store.size == 8192
    assert g.store.read(0, 4) == b"\xff" * 4
    data = bytes(range(200)) * 10
    g.store.write(100, data)
    assert nvm.slice_writes == [(100, 2100, data)] and nvm.byte_writes == []
    assert g.store.read(100, len(data)) == data
    got = g.store.read(0, 1)
    assert isinstance(got, (bytes, bytearray))
    got[0:1] = b"x" if isinstance(got, bytearray) else got  # a copy: the NVM is unchanged
    assert g.store.read(0, 1) == b"\xff"
    g.store.write(100, data)  # unchanged: no flash write
    assert len(nvm.slice_writes) == 1
    late = data[:1500] + b"!" + data[1501:]  # a change in the third page: one whole write
    g.store.write(100, late)
    assert nvm.slice_writes[-1] == (100, 2100, late) and g.store.read(1600, 1) == b"!"
    g.store.write(100, data)
    g.store.write(8190, b"zz")
    assert nvm.slice_writes[-1][0:2] == (8190, 8192) and bytes(nvm.slice_writes[-1][2]) == b"zz"
    with pytest.raises(ValueError):
        g.store.write(8191, b"zz")
    with pytest.raises(ValueError):
        g.store.read(-1, 2)
    assert nvm.byte_writes == []


# --------------------------------------------------------------------------- detect


@pytest.fixture
def on_circuitpython(monkeypatch):
    impl = types.SimpleNamespace(**vars(sys.implementation))
    impl.name = "circuitpython"
    monkeypatch.setattr(sys, "implementation", impl)


@pytest.mark.parametrize(
    "board_id,joystick,name",
    [("pygamer", True, "pygamer"), ("pygamer_advance", True, "pygamer"),
     ("pybadge", False, "pybadge"), ("pybadge_airlift", False, "pybadge"),
     ("edgebadge", False, "pybadge")],
)
def test_detect_known_ids(fakes, on_circuitpython, capsys, board_id, joystick, name):
    fakes.board.configure(board_id, joystick)
    b = boards.detect()
    assert b.name == name
    assert capsys.readouterr().out == ""


@pytest.mark.parametrize("joystick,name", [(True, "pygamer"), (False, "pybadge")])
def test_detect_unknown_id_falls_back_by_joystick(fakes, on_circuitpython, capsys,
                                                   joystick, name):
    fakes.board.configure("some_other_badge", joystick)
    b = boards.detect()
    assert b.name == name
    out = capsys.readouterr().out
    assert "some_other_badge" in out and name in out


def test_detect_on_a_desktop_is_the_host(monkeypatch, tmp_path):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("POCKET_TACTICS_STORE", str(tmp_path / "s.bin"))
    b = boards.detect()
    try:
        assert b.name == "host"
        assert b.store.path == str(tmp_path / "s.bin")
    finally:
        b.close()


def test_adapter_name_table():
    assert boards.adapter_name("pygamer", False) == "pygamer"
    assert boards.adapter_name("pybadge", True) == "pybadge"
    assert boards.adapter_name(None, True) == "pygamer"
    assert boards.adapter_name("x", False) == "pybadge"


# --------------------------------------------------------------------------- stub


def test_stub_interface():
    s = stub.make()
    assert s.name == "stub" and (s.width, s.height) == (160, 128)
    assert s.display.auto_refresh is False and s.display.window is None
    assert s.store.size == 8192 and s.store.read(0, 3) == b"\xff\xff\xff"
    s.store.write(10, b"abc")
    assert s.store.read(9, 5) == b"\xffabc\xff" and s.store.writes == [(10, 3)]
    with pytest.raises(ValueError):
        s.store.read(8190, 3)


def test_stub_records_leds_and_tones():
    s = stub.make()
    s.pixels[0] = 0xFF0000
    s.pixels[4] = (0, 0, 255)
    s.pixels.show()
    s.pixels.fill(0x010203)
    s.pixels.show()
    assert s.led_log == [(0xFF0000, 0, 0, 0, 0x0000FF), (0x010203,) * 5]
    assert s.pixels.brightness <= 0.05
    s.tone(440, 50)
    assert s.tone_log == [(440, 50)] and s.tone_playing
    s.advance(49)
    s.update()
    assert s.tone_playing
    s.advance(1)
    s.update()
    assert not s.tone_playing
    s.sound_on = False
    s.tone(880, 10)
    assert s.tone_log == [(440, 50)]


def test_stub_scripted_buttons_and_clock():
    s = stub.make()
    t0 = s.ticks_ms()
    s.press(A)
    s.push(B | RELEASE)
    assert drain(s) == [A, A | RELEASE, B | RELEASE]
    s.hold(UP)
    s.advance(349)
    s.update()
    assert drain(s) == [UP]
    s.advance(1)
    s.update()
    assert drain(s) == [UP | REPEAT]
    s.let_go(UP)
    s.advance(500)
    s.update()
    assert drain(s) == [UP | RELEASE]
    assert ticks_diff(s.ticks_ms(), t0) == 850
    s.sleep_ms(150)
    assert ticks_diff(s.ticks_ms(), t0) == 1000


# --------------------------------------------------------------------------- code.py


class _Stop(Exception):
    pass


def test_each_entry_file_runs_its_program_then_the_next(monkeypatch):
    # code.py, battle.py and viewer.py run the title, the battle and the viewer program
    # (boards.start); the device then restarts into the program named next
    # (DeviceBoard.run_next), a desktop runs it in the same process (run_programs)
    s = stub.make()
    monkeypatch.setattr(boards, "detect", lambda: s)
    ran = []
    for module, program in (("engine.ui.title", "title"), ("engine.ui.play", "battle"),
                            ("engine.ui.viewer", "viewer")):
        fake = types.ModuleType(module)

        def make(board, on_screen=None, name=program):
            ran.append((name, board))
            return "stop"
            yield

        fake.program = make
        monkeypatch.setitem(sys.modules, module, fake)
    nexts = []
    monkeypatch.setattr(s, "run_next", nexts.append, raising=False)
    for entry in ("code.py", "battle.py", "viewer.py"):
        runpy.run_path(str(ROOT / entry), run_name="__main__")
    assert ran == [("title", s), ("battle", s), ("viewer", s)]
    assert nexts == ["stop"] * 3


def test_the_device_restarts_into_the_next_programs_file(monkeypatch):
    from boards import restart

    calls = []
    sup = types.ModuleType("supervisor")
    sup.set_next_code_file = lambda name, **kw: calls.append((name, kw))
    sup.reload = lambda: calls.append("reload")
    monkeypatch.setitem(sys.modules, "supervisor", sup)
    restart.run_next("battle")
    restart.run_next("viewer")
    restart.run_next("title")  # code.py: what CircuitPython runs after a plain reload
    kw = {"reload_on_success": True, "reload_on_error": True}
    assert calls == [("battle.py", kw), "reload", ("viewer.py", kw), "reload", "reload"]
    assert set(restart.FILES.values()) == {"code.py", "battle.py", "viewer.py"}
    for name in restart.FILES.values():
        assert (ROOT / name).is_file()


def test_code_py_shows_a_one_line_error_when_the_app_is_missing(monkeypatch, capsys):
    s = stub.make()
    monkeypatch.setattr(boards, "detect", lambda: s)
    monkeypatch.setitem(sys.modules, "engine.ui.title", None)  # import fails

    def stop():
        raise _Stop()

    monkeypatch.setattr(s, "update", stop)
    with pytest.raises(_Stop):
        runpy.run_path(str(ROOT / "code.py"), run_name="__main__")
    out = capsys.readouterr().out
    assert out.startswith("pocket-tactics: ModuleNotFoundError") and "engine.ui.title" in out
    assert s.display.root_group is not None
    lit = [(x, y) for y in range(128) for x in range(160) if s.pixel(x, y) != 0]
    assert lit, "no error text on the screen"
    assert all(50 <= y <= 75 for _, y in lit)  # one line


def test_code_py_stands_aside_for_the_standard_code_module():
    # From the project root, "import code" (pdb does it) must not start the game.
    import subprocess

    out = subprocess.run(
        [sys.executable, "-c", "import code, pdb; print(code.InteractiveConsole.__name__)"],
        cwd=str(ROOT), capture_output=True, text=True, timeout=60,
        env=dict(os.environ, SDL_VIDEODRIVER="dummy"),
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "InteractiveConsole"


# --------------------------------------------------------------------------- MicroPython

_MP_DRIVER = '''
import gc
import analogio
import keypad
import supervisor
from engine.ui.kit.keys import RELEASE, REPEAT

_board = None
_x = None
_y = None
_q = None
_arg = ""


def setup(arg):
    global _board, _x, _y, _q, _arg
    _arg = arg
    start = int(arg.split(",")[1])
    supervisor.now = start
    if arg.startswith("pygamer"):
        from boards import pygamer
        _board = pygamer.make()
        _x = analogio.instances["JOYSTICK_X"]
        _y = analogio.instances["JOYSTICK_Y"]
    else:
        from boards import pybadge
        _board = pybadge.make()
    _q = keypad.instances[-1].events


def step():
    b = _board
    q = _q
    nkeys = 4 if _x else 8
    stick = (32768, 65535, 65535, 40000, 0, 20000, 50000, 32768)
    presses = 0
    releases = 0
    repeats = 0
    alloc = 0
    frame = 0
    for rnd in range(8):
        for k in range(nkeys):  # queued outside the measure: the fake allocates to fill
            q.inject(k, rnd % 2 == 0)
        before = gc.mem_alloc()
        for _ in range(200):
            frame += 1
            supervisor.now = supervisor.now + 7
            if _x:
                _x.value = stick[(frame // 60) % 8]
                _y.value = stick[(frame // 90) % 8]
            b.update()
            ev = b.buttons.get()
            while ev >= 0:
                if ev & RELEASE:
                    releases += 1
                elif ev & REPEAT:
                    repeats += 1
                else:
                    presses += 1
                ev = b.buttons.get()
        alloc += gc.mem_alloc() - before
    print("ALLOC", alloc, presses, releases, repeats, q.targets)
    return False
'''


@pytest.mark.parametrize("arg", ["pygamer,10000", "pybadge,10000",
                                 "pygamer,%d" % (WRAP - 3000)])
def test_device_update_allocates_nothing_in_micropython(tmp_path, arg):
    """The device path (DeviceBoard.update, the keypad drain, the stick, the repeats and the
    app's buttons.get()) runs in the real MicroPython of the MicroPython check, with the fakes
    as hardware, without allocating a byte over 1200 frames full of events."""
    sys.path.insert(0, str(ROOT / "tools" / "mpcheck"))
    try:
        import mpcheck
    finally:
        sys.path.pop(0)
    driver = tmp_path / "board_alloc.py"
    driver.write_text(_MP_DRIVER)
    extra = [(str(driver), "board_alloc.py")]
    extra += [(str(FAKES / (n + ".py")), n + ".py") for n in FAKE_NAMES]
    for name in ("__init__.py", "common.py", "device_parts.py", "pygamer.py", "pybadge.py",
                 "saving.py"):
        extra.append((str(ROOT / "boards" / name), "boards/" + name))
    root = mpcheck.build_tree("py", str(tmp_path / "tree"), extra)
    res = mpcheck.run_tree(root, "board_alloc", arg=arg, timeout=300)
    assert res.ok, res.error
    line = [ln for ln in res.lines if ln.startswith("ALLOC")]
    assert line, res.lines
    alloc, presses, releases, repeats, targets = (int(v) for v in line[0].split()[1:])
    assert presses >= 16 and releases >= 16 and repeats >= 20, line[0]
    assert targets == 1
    assert alloc == 0, line[0]
