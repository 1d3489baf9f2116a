# SPDX-License-Identifier: MIT
"""Tactical Hex's map view (engine/ui/hex/mapview.py) on the stub board, read back by pixels:
plains and rivers (RULES B1), counters in their side's colour with type, strength and move,
greyed when spent (B3) and capped dark when damaged (B8), gone when eliminated; the cursor
and the sideways scroll of the 200-px map."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import displayio  # noqa: E402

from boards import stub  # noqa: E402
from boards.host import screen_color  # noqa: E402
from engine.tactical_hex.consts import F_SPENT, OFF  # noqa: E402
from engine.tactical_hex.geometry import pack  # noqa: E402
from engine.tactical_hex.state import State  # noqa: E402
from engine.ui.hex.sprites import (C_CURSOR, C_INK, C_PLAIN, C_RIVER, C_SIDE,  # noqa: E402
                                   COLORS)
from engine.ui.hex.mapview import MAP_PX, HexMapView, hex_x, hex_y  # noqa: E402


def color(slot):
    return screen_color(COLORS[slot])


def setup_view(placed):
    """A state with counters at (col, row[, face]) and the rest off the map, drawn."""
    st = State(1)
    for u in range(len(st.u_hex)):
        st.u_hex[u] = OFF
    for u, where in placed.items():
        h = pack(where[0], where[1])
        st.u_hex[u] = h
        st.cell[h] = u
        st.u_face[u] = where[2] if len(where) > 2 else 0
    board = stub.make()
    view = HexMapView()
    root = displayio.Group()
    root.append(view.group)
    board.display.root_group = root
    view.show(st)
    board.display.refresh()
    return board, view, st


def at_hex(board, view, h, dx=8, dy=8):
    return board.pixel(hex_x(h) + view.cam_x + dx, hex_y(h) + dy)


def test_plains_and_rivers():
    board, view, st = setup_view({})
    assert at_hex(board, view, pack(1, 1)) == color(C_PLAIN)
    assert at_hex(board, view, pack(6, 2)) == color(C_RIVER)  # (6, 2) is a river hex


def test_counters_show_side_type_strength_and_move():
    # counter 5 (Japan, infantry 5-3) and 7 (Russia, infantry 4-3)
    board, view, st = setup_view({5: (2, 2), 7: (4, 4)})
    j = at_hex(board, view, pack(2, 2), 4, 6)
    r = at_hex(board, view, pack(4, 4), 4, 6)
    assert j == color(C_SIDE) and r == color(C_SIDE + 2)
    ink = color(C_INK)
    # the strength digit 5 (x 3-5, y 9-13) and the move digit 3 (x 10-12) are drawn in ink
    five = [(x, y) for y in range(9, 14) for x in range(3, 6)
            if at_hex(board, view, pack(2, 2), x, y) == ink]
    three = [(x, y) for y in range(9, 14) for x in range(10, 13)
             if at_hex(board, view, pack(2, 2), x, y) == ink]
    from engine.ui.hex.sheet import _DIGITS

    assert len(five) == "".join(_DIGITS[5]).count("#")  # every pixel of the 3 x 5 glyphs
    assert len(three) == "".join(_DIGITS[3]).count("#")


def test_spent_damaged_and_eliminated():
    board, view, st = setup_view({6: (2, 2), 7: (4, 4)})
    st.u_flag[6] = F_SPENT  # B3: spent
    st.u_face[7] = 1  # B8: damaged
    view.show(st)
    board.display.refresh()
    assert at_hex(board, view, pack(2, 2), 4, 6) == color(C_SIDE + 1)
    assert at_hex(board, view, pack(4, 4), 8, 3) == color(C_INK)  # the dark cap
    st.u_hex[7] = OFF
    view.show(st)
    board.display.refresh()
    assert at_hex(board, view, pack(4, 4), 4, 6) == color(C_PLAIN)


def test_the_cursor_and_the_sideways_scroll():
    board, view, st = setup_view({})
    view.set_cursor(pack(3, 3))
    board.display.refresh()
    assert view.cam_x == 0
    assert at_hex(board, view, pack(3, 3), 8, 1) == color(C_CURSOR)
    view.set_cursor(pack(11, 4))  # the far right: the map scrolls to show it
    board.display.refresh()
    x = hex_x(pack(11, 4)) + view.cam_x
    assert view.cam_x < 0 and 0 <= x <= 160 - 16
    assert view.cam_x >= 160 - MAP_PX
    assert at_hex(board, view, pack(11, 4), 8, 1) == color(C_CURSOR)
    view.set_cursor(pack(0, 0))
    assert view.cam_x == 0
