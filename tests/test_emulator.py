# SPDX-License-Identifier: MIT
"""The desktop adapter and tools/emulator.py, headless (SDL dummy video driver), driven by a
small stand-in app: a square that moves with the arrows and turns green on A."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"

from boards import host, keynames  # noqa: E402  (imports the pygame display before displayio)

import displayio  # noqa: E402
import numpy as np  # noqa: E402
import pygame  # noqa: E402

from boards.common import TICKS_START, ticks_diff  # noqa: E402
from boards.fake_clock import FakeClock  # noqa: E402
from boards.stub import MemoryStore  # noqa: E402
from engine.ui.kit import keys  # noqa: E402
from engine.ui.kit.keys import A, B, DOWN, LEFT, RELEASE, REPEAT, RIGHT, SELECT, START, UP  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import emulator  # noqa: E402

NAVY, RED, GREEN, WHITE = 0x000080, 0xFF0000, 0x00FF00, 0xFFFFFF
SQ = 16  # square size
START_XY = (72, 56)


class StandIn:
    """A tiny app with the real app's shape: update, read events, refresh."""

    def __init__(self):
        self.events = []
        self.tile = None
        self.square = None

    def __call__(self, board):
        pal = displayio.Palette(4)
        for i, c in enumerate((NAVY, RED, GREEN, WHITE)):
            pal[i] = c
        bg = displayio.Bitmap(160, 128, 4)
        for x in range(160):
            bg[x, 0] = 3  # a white top line
        g = displayio.Group()
        g.append(displayio.TileGrid(bg, pixel_shader=pal))
        self.square = displayio.Bitmap(SQ, SQ, 4)
        self.square.fill(1)
        self.tile = displayio.TileGrid(self.square, pixel_shader=pal, x=START_XY[0], y=START_XY[1])
        g.append(self.tile)
        board.display.root_group = g
        board.display.refresh()
        while True:
            board.update()
            ev = board.buttons.get()
            while ev >= 0:
                self.events.append(ev)
                if keys.is_press(ev):
                    k = keys.key_of(ev)
                    if k == LEFT:
                        self.tile.x -= 8
                    elif k == RIGHT:
                        self.tile.x += 8
                    elif k == UP:
                        self.tile.y -= 8
                    elif k == DOWN:
                        self.tile.y += 8
                    elif k == A:
                        self.square.fill(2)
                        board.pixels.fill(GREEN)
                        board.pixels.show()
                        board.tone(880, 30)
                ev = board.buttons.get()
            board.display.refresh()


def headless_board(**kw):
    kw.setdefault("store", MemoryStore())
    return host.make(headless=True, **kw)


def drain(board):
    out = []
    ev = board.buttons.get()
    while ev >= 0:
        out.append(ev)
        ev = board.buttons.get()
    return out


def square_box(surface_or_path, color):
    """Bounding box (x1, y1, x2, y2) of the pixels of ``color`` in a 160x128 image."""
    surf = pygame.image.load(surface_or_path) if isinstance(surface_or_path, str) else surface_or_path
    arr = pygame.surfarray.array3d(surf)  # [x, y, rgb]
    want = host.screen_color(color)
    rgb = (want >> 16, (want >> 8) & 0xFF, want & 0xFF)
    mask = np.all(arr == rgb, axis=2)
    xs, ys = np.nonzero(mask)
    if len(xs) == 0:
        return None
    return (int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1)


@pytest.fixture
def board():
    b = headless_board()
    yield b
    b.close()


# --------------------------------------------------------------------------- keyboard


def post_key(kind, key):
    pygame.event.post(pygame.event.Event(kind, key=key, mod=0, unicode="", scancode=0))


def test_key_table_maps_keyboard_to_buttons(board):
    expected = {
        pygame.K_UP: UP, pygame.K_DOWN: DOWN, pygame.K_LEFT: LEFT, pygame.K_RIGHT: RIGHT,
        pygame.K_z: A, pygame.K_x: B, pygame.K_BACKSPACE: SELECT, pygame.K_RETURN: START,
        pygame.K_KP_ENTER: START,
    }
    assert host.keyboard_map() == expected
    for code, key in expected.items():
        post_key(pygame.KEYDOWN, code)
        board.update()
        assert drain(board) == [key], pygame.key.name(code)
        post_key(pygame.KEYUP, code)
        board.update()
        assert drain(board) == [key | RELEASE], pygame.key.name(code)
    post_key(pygame.KEYDOWN, pygame.K_q)
    board.update()
    assert drain(board) == []


def test_held_arrow_key_repeats_on_frames(board):
    post_key(pygame.KEYDOWN, pygame.K_LEFT)
    evs = []
    for _ in range(30):  # 30 frames of 20 ms
        board.update()
        evs += [(ticks_diff(board.ticks_ms(), TICKS_START), e) for e in drain(board)]
    post_key(pygame.KEYUP, pygame.K_LEFT)
    board.update()
    evs += [(ticks_diff(board.ticks_ms(), TICKS_START), e) for e in drain(board)]
    # Pressed in the frame at 20 ms: repeats due at 370 and 490 land on frames 380 and 500.
    assert evs == [(20, LEFT), (380, LEFT | REPEAT), (500, LEFT | REPEAT), (620, LEFT | RELEASE)]


def test_focus_loss_releases_held_keys(board):
    post_key(pygame.KEYDOWN, pygame.K_z)
    board.update()
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    board.update()
    assert drain(board) == [A, A | RELEASE]


def test_window_close_raises_closed(board):
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    with pytest.raises(host.Closed):
        board.update()
    assert board.closed
    assert issubclass(host.Closed, SystemExit)


def test_f12_saves_a_screenshot(tmp_path, capsys):
    b = headless_board(shots_dir=str(tmp_path))
    try:
        post_key(pygame.KEYDOWN, pygame.K_F12)
        b.update()
        post_key(pygame.KEYDOWN, pygame.K_F12)
        b.update()
    finally:
        b.close()
    assert sorted(os.listdir(tmp_path)) == ["shot-001.png", "shot-002.png"]
    assert pygame.image.load(str(tmp_path / "shot-001.png")).get_size() == (160, 128)
    assert "shot-002.png" in capsys.readouterr().out


def test_injected_events_reach_the_app():
    b = headless_board(script="wait 100")
    app = StandIn()
    post_key(pygame.KEYDOWN, pygame.K_RIGHT)
    post_key(pygame.KEYUP, pygame.K_RIGHT)
    b.buttons.push(DOWN)  # board.buttons.push injects directly
    try:
        with pytest.raises(host.ScriptDone):
            app(b)
        assert app.events == [DOWN, RIGHT, RIGHT | RELEASE]
        assert (app.tile.x, app.tile.y) == (START_XY[0] + 8, START_XY[1] + 8)
        assert square_box(b.display.surface, RED) == (80, 64, 96, 80)
    finally:
        b.close()


# --------------------------------------------------------------------------- screen


def draw_pattern(board):
    """A bitmap of pseudo-random palette indices; returns the expected 0xRRGGBB per pixel."""
    colors = (0x000000, 0x123456, 0xFFFFFF, 0xFF8000, 0x00FF7F, 0x808080, 0x0000FF, 0x7F3F1F)
    pal = displayio.Palette(len(colors))
    for i, c in enumerate(colors):
        pal[i] = c
    bmp = displayio.Bitmap(160, 128, len(colors))
    expected = {}
    v = 12345
    for y in range(128):
        for x in range(160):
            v = (v * 1103515245 + 12345) & 0x7FFFFFFF
            i = (v >> 16) % len(colors)
            bmp[x, y] = i
            expected[x, y] = host.screen_color(colors[i])
    g = displayio.Group()
    g.append(displayio.TileGrid(bmp, pixel_shader=pal))
    board.display.root_group = g
    board.display.refresh()
    return expected


def test_screenshot_is_a_160x128_png_of_what_displayio_drew(board, tmp_path):
    expected = draw_pattern(board)
    path = str(tmp_path / "s.png")
    assert board.screenshot(path) == path
    with open(path, "rb") as f:
        assert f.read(8) == b"\x89PNG\r\n\x1a\n"
    img = pygame.image.load(path)
    assert img.get_size() == (160, 128)
    for (x, y), want in expected.items():
        c = img.get_at((x, y))
        got = (c.r << 16) | (c.g << 8) | c.b
        assert got == want == board.pixel(x, y), (x, y)


def test_screen_color_matches_rgb565_rendering(board):
    expected = draw_pattern(board)
    assert host.screen_color(0xFFFFFF) == 0xFFFFFF
    assert host.screen_color(0x000000) == 0
    assert host.screen_color(0x808080) == 0x838183
    raw = board.screen_rgb()
    assert len(raw) == 160 * 128 * 3
    x, y = 37, 91
    i = (y * 160 + x) * 3
    assert (raw[i] << 16 | raw[i + 1] << 8 | raw[i + 2]) == expected[x, y]


@pytest.mark.parametrize("scale", [4, 2])
def test_window_is_the_screen_scaled_plus_the_led_strip(scale):
    b = host.make(headless=True, scale=scale, store=MemoryStore())
    try:
        draw_pattern(b)
        colours = (0xFF0000, 0x00FF00, 0x0000FF, 0xFFFF00, 0)
        for i, c in enumerate(colours):
            b.pixels[i] = c
        b.pixels.show()
        win = pygame.display.get_surface()
        strip = 12 * scale
        assert win.get_size() == (160 * scale, 128 * scale + strip)
        w = pygame.surfarray.array3d(win)
        s = pygame.surfarray.array3d(b.display.surface)
        scaled = s.repeat(scale, axis=0).repeat(scale, axis=1)
        assert np.array_equal(w[:, : 128 * scale], scaled)
        for i, c in enumerate(colours):
            x, y = b.display.led_centre(i)
            assert 128 * scale <= y < 128 * scale + strip
            got = win.get_at((x, y))
            want = c if c else 0x303030
            assert (got.r << 16 | got.g << 8 | got.b) == want, i
        corner = win.get_at((1, 128 * scale + 1))
        assert (corner.r, corner.g, corner.b) == (0x10, 0x10, 0x10)
        assert b.led_log[-1] == colours
    finally:
        b.close()


def test_refresh_log_lists_the_dirty_rectangles():
    b = headless_board(script="right\nwait 40\na")
    app = StandIn()
    try:
        with pytest.raises(host.ScriptDone):
            app(b)
        areas = [r for r in b.refresh_log if r]
        assert areas[0] == [(0, 0, 160, 128)]  # first refresh: the whole screen
        x, y = START_XY
        assert areas[1] == [(x, y, x + 8 + SQ, y + SQ)]  # the move: old and new square
        assert areas[2] == [(x + 8, y, x + 8 + SQ, y + SQ)]  # recolour in place
        assert len(areas) == 3
        assert [host.area_of(r) for r in areas] == [160 * 128, (8 + SQ) * SQ, SQ * SQ]
        assert square_box(b.display.surface, GREEN) == (x + 8, y, x + 8 + SQ, y + SQ)
        assert b.tone_log == [(880, 30)] and b.led_log == [(GREEN,) * 5]
    finally:
        b.close()


def test_partial_refresh_matches_full_redraw():
    script = "right\nright\nhold down 500\nleft\nup\na\nleft"
    screens = []
    for full in (False, True):
        b = headless_board(script=script, full_redraw=full)
        try:
            with pytest.raises(host.ScriptDone):
                StandIn()(b)
            screens.append(b.screen_rgb())
        finally:
            b.close()
    assert screens[0] == screens[1]
    assert square_box(pygame.image.frombuffer(screens[0], (160, 128), "RGB"), GREEN)


def test_refresh_never_sleeps_and_returns_true(board):
    draw_pattern(board)
    assert board.display.refresh(target_frames_per_second=1) is True
    assert board.refresh_log[-1] == []


# --------------------------------------------------------------------------- scripts


def test_parse_script():
    steps = host.parse_script(
        "# demo\n\nUp\nhold LEFT 500  # long\nwait 30\nshot title\nstart\n"
    )
    assert steps == [("key", UP), ("hold", LEFT, 500), ("wait", 30), ("shot", "title"),
                     ("key", START)]


@pytest.mark.parametrize("text,line", [("up\njump", 2), ("hold a", 1), ("wait -5", 1),
                                       ("a\n\nwait soon", 3), ("shot", 1), ("up down", 1)])
def test_parse_script_errors_name_the_line(text, line):
    with pytest.raises(host.ScriptError, match="line %d" % line):
        host.parse_script(text)


def test_script_tap_releases_on_the_next_frame():
    b = headless_board(script="a\nb", frame_ms=5)
    seen = []
    try:
        with pytest.raises(host.ScriptDone):
            while True:
                b.update()
                t = ticks_diff(b.ticks_ms(), TICKS_START)
                seen += [(t, e) for e in drain(b)]
    finally:
        b.close()
    assert seen == [(5, A), (10, A | RELEASE), (15, B), (20, B | RELEASE)]


def test_emulator_script_writes_shots(tmp_path, capsys):
    script = tmp_path / "demo.keys"
    script.write_text(
        "# the square starts at 72,56\n"
        "shot start\n"
        "right\nright\n"
        "shot two_right\n"
        "hold down 500\n"
        "shot after_hold\n"
        "a\n"
        "shot green.png\n"
    )
    shots = tmp_path / "shots"
    app = StandIn()
    rc = emulator.main(["--headless", "--script", str(script), "--shots", str(shots)], app=app)
    assert rc == 0
    assert sorted(os.listdir(shots)) == ["after_hold.png", "green.png", "start.png",
                                         "two_right.png"]
    x, y = START_XY
    assert square_box(str(shots / "start.png"), RED) == (x, y, x + SQ, y + SQ)
    assert square_box(str(shots / "two_right.png"), RED) == (x + 16, y, x + 16 + SQ, y + SQ)
    # Held 500 ms at 20 ms frames: the press and repeats at 360 and 480 ms.
    assert square_box(str(shots / "after_hold.png"), RED) == (x + 16, y + 24, x + 32, y + 40)
    assert square_box(str(shots / "green.png"), RED) is None
    assert square_box(str(shots / "green.png"), GREEN) == (x + 16, y + 24, x + 32, y + 40)
    for name in os.listdir(shots):
        assert pygame.image.load(str(shots / name)).get_size() == (160, 128)
    assert app.events.count(DOWN | REPEAT) == 2
    assert "green.png" in capsys.readouterr().out


def test_emulator_headless_without_script_exits(tmp_path):
    app = StandIn()
    assert emulator.main(["--headless"], app=app) == 0
    assert app.events == []


def test_emulator_rejects_a_bad_script(tmp_path, capsys):
    bad = tmp_path / "bad.keys"
    bad.write_text("up\nfly 3\n")
    assert emulator.main(["--headless", "--script", str(bad)], app=StandIn()) == 2
    assert "line 2" in capsys.readouterr().err
    assert emulator.main(["--headless", "--script", str(tmp_path / "none")], app=StandIn()) == 2


def test_emulator_help_prints_the_key_table():
    out = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "emulator.py"), "--help"],
        capture_output=True, text=True, timeout=60,
        env=dict(os.environ, SDL_VIDEODRIVER="dummy"),
    )
    assert out.returncode == 0, out.stderr
    text = out.stdout
    for label, _, key in host.KEY_TABLE:
        line = [ln for ln in text.splitlines() if ln.strip().startswith(label)]
        assert line and line[0].split()[-1] == keynames.NAMES[key], label
    assert "F12" in text and "--headless" in text and "--script" in text
    assert "WARNING" not in text + out.stderr


def test_host_pixels_take_slices_and_tuples(board):
    board.pixels[1:3] = [(1, 2, 3), 0x0A0B0C]
    board.pixels.show()
    assert board.led_log[-1] == (0, 0x010203, 0x0A0B0C, 0, 0)
    assert len(board.pixels) == 5 and board.pixels[2] == 0x0A0B0C


# --------------------------------------------------------------------------- store, clock


def test_file_store_location_and_contents(tmp_path, monkeypatch):
    monkeypatch.delenv("POCKET_TACTICS_STORE", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert host.default_store_path() == str(tmp_path / "xdg" / "pocket-tactics" / "store.bin")
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert host.default_store_path() == str(
        tmp_path / "home" / ".local" / "share" / "pocket-tactics" / "store.bin")
    monkeypatch.setenv("POCKET_TACTICS_STORE", str(tmp_path / "mine.bin"))
    assert host.default_store_path() == str(tmp_path / "mine.bin")

    st = host.FileStore(str(tmp_path / "deep" / "store.bin"))
    assert st.size == 8192 and st.read(0, 4) == b"\xff" * 4
    st.write(8000, b"save!")
    again = host.FileStore(str(tmp_path / "deep" / "store.bin"))
    assert again.read(7999, 7) == b"\xffsave!\xff"
    assert os.path.getsize(tmp_path / "deep" / "store.bin") == 8192
    assert os.listdir(tmp_path / "deep") == ["store.bin"]
    with pytest.raises(ValueError):
        st.write(8190, b"abc")


def test_a_file_that_is_not_a_store_is_never_written_over(tmp_path):
    # a mistyped $POCKET_TACTICS_STORE naming another file: a save refuses to write over it
    # (OSError saying why, which the battle says on screen), and the file stays as it was
    for data in (b"x" * 100000, bytes(range(256)) * 32, b"notes\n"):
        path = tmp_path / "precious"
        path.write_bytes(data)
        store = host.FileStore(str(path))
        assert "not a save store" in store.not_a_store()
        with pytest.raises(OSError, match="refusing to write over it"):
            store.write(0, b"SV\x01")
        assert path.read_bytes() == data
    empty = tmp_path / "empty.bin"
    empty.write_bytes(b"")
    host.FileStore(str(empty)).write(0, b"SV")  # an empty file is no one's: a new store
    assert os.path.getsize(empty) == 8192


def test_host_board_uses_the_store_file_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("POCKET_TACTICS_STORE", str(tmp_path / "s.bin"))
    b = host.make(headless=True)
    try:
        b.store.write(0, b"hi")
    finally:
        b.close()
    assert (tmp_path / "s.bin").read_bytes()[:3] == b"hi\xff"


def test_real_clock_runs_on_the_ticks_wheel():
    c = host.RealClock()
    t = c.ticks_ms()
    assert 0 <= ticks_diff(t, TICKS_START) < 1000
    assert 0 <= ticks_diff(c.ticks_ms(), t)
    c2 = host.RealClock(start=(1 << 29) - 1)
    assert c2.ticks_ms() < 1 << 29


def test_headless_tone_stops_after_its_time(board):
    board.tone(440, 50)
    assert board.tone_playing and board.tone_log == [(440, 50)]
    board.update()
    board.update()
    assert board.tone_playing  # 40 ms
    board.update()
    assert not board.tone_playing  # 60 ms


def test_fake_clock_is_what_headless_uses(board):
    assert isinstance(board.clock, FakeClock)
    t = board.ticks_ms()
    board.update()
    assert ticks_diff(board.ticks_ms(), t) == 20


# --------------------------------------------------------------------------- refusals


def refused(capsys, argv, *words):
    """emulator.main(argv) refuses with exit status 2 and one line naming ``words``."""
    assert emulator.main(argv, app=StandIn()) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1, err
    for w in words:
        assert w in err, (w, err)


@pytest.mark.parametrize("text,line,words", [
    ("up\nshot ../x\n", 2, "inside the shots folder"),
    ("shot /abs/path\n", 1, "inside the shots folder"),
    ("a\nshot .hidden\n", 2, "inside the shots folder"),
    ("wait 268435456\n", 1, "at most 268435455"),
    ("hold a 99999999999999999999\n", 1, "at most 268435455"),
    ("wait \u00b2\n", 1, "whole number"),
    ("wait " + "9" * 5000 + "\n", 1, "at most"),
], ids=["up", "abs", "hidden", "2**28", "huge", "superscript", "5000-digits"])
def test_a_script_line_out_of_bounds_is_refused_naming_the_line(tmp_path, capsys, text, line,
                                                                 words):
    script = tmp_path / "s.keys"
    script.write_text(text, encoding="utf-8")
    refused(capsys, ["--headless", "--script", str(script), "--shots", str(tmp_path / "out")],
            "script line %d" % line, words)
    assert not (tmp_path / "out").exists() or os.listdir(tmp_path / "out") == []
    assert not os.path.exists(tmp_path / "x.png") and not os.path.exists("/abs/path.png")


def test_a_binary_script_is_refused(tmp_path, capsys):
    script = tmp_path / "s.keys"
    script.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe")
    refused(capsys, ["--headless", "--script", str(script)], "not text", "not UTF-8")
    script.write_bytes(b"up\n\x00\x00down\n")
    refused(capsys, ["--headless", "--script", str(script)], "NUL")
    script.write_bytes(b"\xef\xbb\xbfup\r\nwait 20\r\n")  # a BOM and CRLF: text all right
    assert emulator.main(["--headless", "--script", str(script)], app=StandIn()) == 0


def test_an_unwritable_shots_folder_is_refused_before_the_run(tmp_path, capsys):
    (tmp_path / "afile").write_text("x")
    script = tmp_path / "s.keys"
    script.write_text("up\nshot one\n")
    for bad in (tmp_path / "afile", tmp_path / "afile" / "sub"):
        refused(capsys, ["--headless", "--script", str(script), "--shots", str(bad)],
                "cannot write screenshots into %s" % bad)


@pytest.mark.parametrize("ms", ["0", "-20", "1001"])
def test_frame_ms_that_would_stop_the_clock_is_refused(capsys, ms):
    refused(capsys, ["--headless", "--frame-ms", ms], "--frame-ms must be 1..1000")


def test_a_wait_as_long_as_the_ticks_allow_ends_across_the_wrap():
    # The longest wait the scripts take, timed in steps of 2**26 ms: the script player adds
    # up the time between frames, so the tick counter's wrap at 2**29 (and ticks_diff's
    # range of 2**28) does not make it wait for ever.
    player = host.ScriptPlayer(host.parse_script("wait %d\nwait 1" % host.SCRIPT_MS_LIMIT))
    now = TICKS_START
    for frame in range(8):
        player.step(None, now)
        if player.index:
            break
        now = (now + (1 << 26)) & ((1 << 29) - 1)
    assert frame == 4 and player.index == 1
