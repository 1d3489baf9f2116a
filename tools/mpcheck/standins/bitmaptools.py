# SPDX-License-Identifier: MIT
"""Stand-in for CircuitPython's native ``bitmaptools``: ``blit`` and ``replace_color``, the
two functions adafruit_display_text uses. Like the C code they allocate nothing: they read
and write the stand-in Bitmaps pixel by pixel (``_get`` / ``_put``)."""


def blit(dest, source, x, y, *, x1=0, y1=0, x2=None, y2=None, skip_source_index=None,
         skip_dest_index=None):
    if x2 is None:
        x2 = source.width
    if y2 is None:
        y2 = source.height
    if x1 > x2:
        x1, x2 = x2, x1
    if y1 > y2:
        y1, y2 = y2, y1
    if x < 0 or y < 0 or x > dest.width or y > dest.height:
        raise ValueError("out of range of target")
    for sy in range(y1, y2):
        dy = y + sy - y1
        if dy >= dest.height:
            break
        for sx in range(x1, x2):
            dx = x + sx - x1
            if dx >= dest.width:
                break
            v = source._get(sx, sy)
            if v == skip_source_index:
                continue
            if skip_dest_index is not None and dest._get(dx, dy) == skip_dest_index:
                continue
            dest._put(dx, dy, v)


def replace_color(dest, old_color, new_color):
    for y in range(dest.height):
        for x in range(dest.width):
            if dest._get(x, y) == old_color:
                dest._put(x, y, new_color)
