# SPDX-License-Identifier: MIT
"""Stand-in for CircuitPython's native ``displayio`` in the MicroPython check: Bitmap,
Palette, TileGrid and Group with the heap each takes on the device (README.md beside this
file has the figures). Nothing is drawn."""


class Bitmap:
    def __init__(self, width, height, value_count):
        # bits per value as shared-bindings/displayio/Bitmap.c: 1, 2, 4, 8 (the stand-in
        # stops there: the UI needs no deeper bitmap)
        bits = 1
        while (value_count - 1) >> bits:
            bits <<= 1
        if bits > 8:
            raise NotImplementedError("stand-in Bitmap: at most 8 bits per value")
        self.width = width
        self.height = height
        self.bits_per_value = bits
        # rows padded to whole 32-bit words, as shared-module/displayio/Bitmap.c
        self._stride = (width * bits + 31) // 32 * 4
        self._data = bytearray(self._stride * height)

    def _get(self, x, y):
        bits = self.bits_per_value
        i = x * bits
        shift = 8 - bits - (i & 7)
        return (self._data[y * self._stride + (i >> 3)] >> shift) & ((1 << bits) - 1)

    def _put(self, x, y, v):
        bits = self.bits_per_value
        i = x * bits
        shift = 8 - bits - (i & 7)
        j = y * self._stride + (i >> 3)
        mask = ((1 << bits) - 1) << shift
        self._data[j] = (self._data[j] & ~mask) | ((v << shift) & mask)

    def __getitem__(self, index):
        if isinstance(index, int):
            x = index % self.width
            y = index // self.width
        else:
            x, y = index
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise IndexError("pixel out of range")
        return self._get(x, y)

    def __setitem__(self, index, value):
        if isinstance(index, int):
            x = index % self.width
            y = index // self.width
        else:
            x, y = index
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise IndexError("pixel out of range")
        if value >> self.bits_per_value:
            raise ValueError("value out of range")
        self._put(x, y, value)

    def fill(self, value):
        b = 0
        for _ in range(8 // self.bits_per_value):
            b = (b << self.bits_per_value) | value
        data = self._data
        for i in range(len(data)):
            data[i] = b


class Palette:
    def __init__(self, color_count, *, dither=False):
        # 16 bytes per colour (_displayio_color_t): rgb888 in bytes 0-2, byte 15 set when
        # the colour is transparent
        self._colors = bytearray(16 * color_count)

    def __len__(self):
        return len(self._colors) >> 4

    def __getitem__(self, i):
        c = self._colors
        i <<= 4
        return (c[i + 2] << 16) | (c[i + 1] << 8) | c[i]

    def __setitem__(self, i, color):
        c = self._colors
        i <<= 4
        c[i] = color & 0xFF
        c[i + 1] = (color >> 8) & 0xFF
        c[i + 2] = (color >> 16) & 0xFF

    def make_transparent(self, i):
        self._colors[(i << 4) + 15] = 1

    def make_opaque(self, i):
        self._colors[(i << 4) + 15] = 0

    def is_transparent(self, i):
        return self._colors[(i << 4) + 15] == 1


class TileGrid:
    def __init__(self, bitmap, *, pixel_shader, width=1, height=1, tile_width=None,
                 tile_height=None, default_tile=0, x=0, y=0):
        tw = tile_width or bitmap.width
        th = tile_height or bitmap.height
        n_tiles = (bitmap.width // tw) * (bitmap.height // th)
        if default_tile >= n_tiles:
            raise ValueError("default_tile out of range")
        self.bitmap = bitmap
        self.pixel_shader = pixel_shader
        self.x = x
        self.y = y
        self._f = 0  # hidden, flip_x, flip_y, transpose_xy: bits 0-3, as the C bit fields
        # width and height in tiles, and how many tiles the bitmap has
        self._size = (width, height, n_tiles)
        # tile indices, 1 byte each (2 past 255 tiles); a single one is kept inline, as
        # the C code keeps up to 4 bytes of them in its pointer
        n = width * height
        if n == 1:
            self._tiles = default_tile
            return
        self._tiles = bytearray(n if n_tiles <= 255 else 2 * n)
        for i in range(n):
            self._store(i, default_tile)

    def _flag(bit):
        def get(self):
            return bool(self._f & bit)

        def put(self, on):
            self._f = self._f | bit if on else self._f & ~bit

        return property(get, put)

    hidden = _flag(1)
    flip_x = _flag(2)
    flip_y = _flag(4)
    transpose_xy = _flag(8)
    del _flag

    @property
    def width(self):
        return self._size[0]

    @property
    def height(self):
        return self._size[1]

    def _slot(self, index):
        w, h, _ = self._size
        if not isinstance(index, int):
            x, y = index
            if not (0 <= x < w and 0 <= y < h):
                raise IndexError("Tile index out of bounds")
            index = y * w + x
        if not 0 <= index < w * h:
            raise IndexError("Tile index out of bounds")
        return index

    def _store(self, i, tile):
        t = self._tiles
        if self._size[2] > 255:
            t[2 * i] = tile & 0xFF
            t[2 * i + 1] = tile >> 8
        else:
            t[i] = tile

    def __getitem__(self, index):
        i = self._slot(index)
        t = self._tiles
        if isinstance(t, int):
            return t
        if self._size[2] > 255:
            return t[2 * i] | (t[2 * i + 1] << 8)
        return t[i]

    def __setitem__(self, index, tile):
        i = self._slot(index)
        if not 0 <= tile < self._size[2]:
            raise ValueError("Tile value out of bounds")
        if isinstance(self._tiles, int):
            self._tiles = tile
        else:
            self._store(i, tile)


class Group:
    def __init__(self, *, scale=1, x=0, y=0):
        self._members = []
        self._scale = scale
        self.x = x
        self.y = y
        self.hidden = False

    @property
    def scale(self):
        return self._scale

    @scale.setter
    def scale(self, value):
        self._scale = value

    def append(self, layer):
        self._members.append(layer)

    def insert(self, i, layer):
        self._members.insert(i, layer)

    def pop(self, i=-1):
        return self._members.pop(i)

    def remove(self, layer):
        self._members.remove(layer)

    def __len__(self):
        return len(self._members)

    def __getitem__(self, i):
        return self._members[i]

    def __iter__(self):
        return iter(self._members)
