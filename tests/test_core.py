# SPDX-License-Identifier: MIT
"""engine/core: hex grid, PRNG, codec, records."""
import pytest

from engine.core.codec import DecodeError, Reader, Writer, crc16, frame, unframe
from engine.core.hexgrid import HexGrid
from engine.core.protocol import pick
from engine.core.record import Record
from engine.core.rng import Rng


def test_hex_distance_and_neighbours():
    g = HexGrid(9, 9)
    c = g.pack(4, 4)
    assert [g.distance(c, g.neighbour(c, d)) for d in range(6)] == [1] * 6
    assert g.distance(g.pack(0, 0), g.pack(3, 0)) == 3
    assert g.distance(g.pack(0, 3), g.pack(3, 0)) == 3  # along a diagonal axis
    assert g.distance(g.pack(0, 0), g.pack(3, 3)) == 6
    assert g.neighbour(g.pack(0, 0), 3) == -1  # off the grid reads as -1


def _line(g, a, b, side):
    """The whole straight line from ``a`` to ``b`` (both ends), hex by hex."""
    n = g.distance(a, b)
    return [a] + [g.line_at(a, b, n, i, side) for i in range(1, n + 1)]


def test_line_is_straight_and_contiguous():
    g = HexGrid(15, 15)
    a = g.pack(2, 9)
    b = g.pack(11, 3)
    for side in (1, -1):
        line = _line(g, a, b, side)
        assert line[0] == a and line[-1] == b
        assert len(line) == g.distance(a, b) + 1
        for x, y in zip(line, line[1:]):
            assert g.distance(x, y) == 1


def test_line_along_an_edge_gives_both_sides():
    # RULES A6 edge ruling: from (0,0) to (1,1) in axial, distance 2, the middle point
    # lies exactly on the edge between (1,0) and (0,1).
    g = HexGrid(5, 5)
    a = g.pack(0, 0)
    b = g.pack(1, 1)
    mids = {_line(g, a, b, 1)[1], _line(g, a, b, -1)[1]}
    assert mids == {g.pack(1, 0), g.pack(0, 1)}


def test_rng_is_deterministic_small_and_fair():
    a = Rng(1234)
    b = Rng(1234)
    seq = [a.d6() for _ in range(6000)]
    assert seq == [b.d6() for _ in range(6000)]
    for face in range(1, 7):
        assert 850 < seq.count(face) < 1150
    r = Rng(99)
    for _ in range(10000):
        r.next16()
        assert r.z < 2 ** 30 and r.w < 2 ** 30


def test_rng_peek_matches_next():
    r = Rng(5)
    for _ in range(100):
        p = r.peek16()
        assert r.next16() == p


def test_rng_known_values():
    # Pinned sequence: a change here breaks every saved game and record.
    r = Rng(42)
    assert [r.next16() for _ in range(5)] == [20870, 32287, 34353, 50510, 50378]


def test_pick_splits_die_evenly():
    counts = [0] * 6
    for v in range(65536):
        counts[pick([1] * 6, v)] += 1
    assert max(counts) - min(counts) <= 1


def test_codec_roundtrip_and_refusals():
    w = Writer()
    w.u8(7)
    w.u16(65535)
    w.u32(2 ** 30 - 1)
    for x in (0, 1, 127, 128, 300, 2 ** 28):
        w.varint(x)
    w.text("hex")
    blob = frame(b"XY", 3, w.buf)
    r = unframe(b"XY", 3, blob)
    assert (r.u8(), r.u16(), r.u32()) == (7, 65535, 2 ** 30 - 1)
    assert [r.varint() for _ in range(6)] == [0, 1, 127, 128, 300, 2 ** 28]
    assert r.text() == "hex"
    r.done()
    with pytest.raises(DecodeError, match="version"):
        unframe(b"XY", 4, blob)
    with pytest.raises(DecodeError, match="magic"):
        unframe(b"ZZ", 3, blob)
    flipped = bytearray(blob)
    flipped[5] ^= 0x10
    with pytest.raises(DecodeError, match="checksum"):
        unframe(b"XY", 3, bytes(flipped))
    with pytest.raises(DecodeError):
        Reader(b"\x80\x80").varint()
    # a count and that many varints, in a list made at its size; a count larger than the
    # bytes left is refused before anything is made (a damaged count allocates nothing)
    assert Reader(b"\x03\x01\xac\x02\x00").varints() == [1, 300, 0]
    with pytest.raises(DecodeError, match="more values than bytes"):
        Reader(b"\xff\xff\x03\x01").varints()
    assert crc16(b"123456789") == 0x29B1  # CRC-16/CCITT-FALSE check value


def test_record_roundtrip():
    rec = Record(1, b"\x01\x02", 77, [1, 2, 3 << 20 | 5])
    back = Record.decode(rec.encode())
    assert (back.ruleset, back.config_bytes, back.seed, back.actions) == (1, b"\x01\x02", 77, rec.actions)
    with pytest.raises(DecodeError):
        Record.decode(rec.encode()[:-3])


def test_held_code_stays_loaded_until_it_is_let_go():
    # engine/core/lazy.py: a menu's code is held while the menu is up, then let go
    import sys

    from engine.core.lazy import held, let_go
    import engine.ui.pt as package

    name = "engine.ui.pt.hexmenus"
    let_go(name)
    assert name not in sys.modules and not hasattr(package, "hexmenus")
    m = held(name)
    assert sys.modules[name] is m and held(name) is m and package.hexmenus is m
    let_go(name)
    assert name not in sys.modules and not hasattr(package, "hexmenus")
    let_go(name)  # nothing loaded: nothing to do
    assert held(name) is not m  # loaded again: a new copy
    let_go(name)


def test_kept_code_goes_with_what_its_making_loaded():
    # engine/core/lazy.py keep: a CPU level made with its code held; the odds table's
    # reader its player loads as it is made goes with it at let_go
    import sys

    from engine.core.lazy import keep, let_go

    cpu, odds = "engine.pocket_tactics.cpu", "engine.pocket_tactics.odds"
    for name in (cpu, odds):
        sys.modules.pop(name, None)
    p = keep(cpu, "make_cpu", "hard", 1)
    assert cpu in sys.modules and odds in sys.modules and p.greedy.odds is not None
    let_go(cpu)
    assert cpu not in sys.modules and odds not in sys.modules
    p = keep(cpu, "make_cpu", "normal", 1)
    assert odds not in sys.modules and p.greedy.odds is None
    let_go(cpu)
    assert cpu not in sys.modules
