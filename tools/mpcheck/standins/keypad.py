# SPDX-License-Identifier: MIT
"""Stand-in for CircuitPython's native ``keypad``: ShiftRegisterKeys with its EventQueue.

The heap it takes matches shared-module/keypad: the event ring (6 bytes an event: a 16-bit
key number and a timestamp pointer, ``max_events`` of them), the scanner and its queue, and
the pin objects and small arrays the scanner allocates. The check's driver puts events in
the queue with ``stub_put(key_number, pressed)`` where the device's scanner would.
"""

scanners = []  # every ShiftRegisterKeys made, for the driver


class Event:
    def __init__(self, key_number=0, pressed=True):
        self.key_number = key_number
        self.pressed = pressed


class EventQueue:
    def __init__(self, max_events):
        self._ring = bytearray(6 * max_events)
        self._n = max_events
        self._head = 0
        self._count = 0
        self.overflowed = False

    def stub_put(self, key_number, pressed):
        if self._count >= self._n:
            self.overflowed = True
            return
        i = (self._head + self._count) % self._n * 6
        v = key_number | (0x8000 if pressed else 0)
        self._ring[i] = v & 0xFF
        self._ring[i + 1] = v >> 8
        self._count += 1

    def get_into(self, event):
        if not self._count:
            return False
        i = self._head * 6
        v = self._ring[i] | (self._ring[i + 1] << 8)
        self._head = (self._head + 1) % self._n
        self._count -= 1
        event.key_number = v & 0x7FFF
        event.pressed = bool(v & 0x8000)
        return True

    def clear(self):
        self._head = 0
        self._count = 0
        self.overflowed = False


class ShiftRegisterKeys:
    def __init__(self, *, clock, data, latch, value_to_latch=True, key_count,
                 value_when_pressed, interval=0.020, max_events=64, debounce_threshold=1):
        # what the C scanner allocates besides itself and its queue: the clock, latch and
        # data DigitalInOuts and the data pin tuple (16 bytes each), the key_counts array
        # and the debounce counters (16 bytes each up to 16 keys): 96 bytes, here one
        # bytearray of 80 (and its 16-byte header)
        self._parts = bytearray(80)
        self.events = EventQueue(max_events)
        scanners.append(self)

    def reset(self):
        pass

    def deinit(self):
        pass
