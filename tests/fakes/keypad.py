# SPDX-License-Identifier: MIT
"""Fake ``keypad``: ShiftRegisterKeys whose event queue the test fills with ``inject``.
Keys in ``held_at_start`` are pressed when a scanner is made (its first scan queues them).
Also runs under MicroPython, where reading the queue allocates nothing."""
instances = []
held_at_start = set()


class Event:
    def __init__(self, key_number=0, pressed=True, timestamp=None):
        self.key_number = key_number
        self.pressed = pressed
        self.timestamp = timestamp

    @property
    def released(self):
        return not self.pressed


class EventQueue:
    def __init__(self, max_events):
        self._q = []  # (key_number, pressed), read from _i on (reading frees nothing)
        self._i = 0
        self._max = max_events
        self.overflowed = False
        self.last_target = None  # the Event object last passed to get_into
        self.targets = 0  # how many different Event objects get_into was given in a row

    def inject(self, key_number, pressed):
        if len(self._q) - self._i >= self._max:
            self.overflowed = True
            return
        self._q.append((key_number, pressed))

    def get_into(self, event):
        if event is not self.last_target:
            self.targets += 1
            self.last_target = event
        if self._i == len(self._q):
            return False
        event.key_number, event.pressed = self._q[self._i]
        self._i += 1
        return True

    def get(self):
        raise AssertionError("EventQueue.get() allocates an Event; use get_into()")

    def clear(self):
        self._q = []
        self._i = 0
        self.overflowed = False

    def __len__(self):
        return len(self._q) - self._i


class ShiftRegisterKeys:
    def __init__(
        self,
        *,
        clock,
        data,
        latch,
        value_to_latch=True,
        key_count,
        value_when_pressed,
        interval=0.020,
        max_events=64,
        debounce_threshold=1,
    ):
        self.clock = clock
        self.data = data
        self.latch = latch
        self.key_count = key_count
        self.value_when_pressed = value_when_pressed
        self.max_events = max_events
        self.events = EventQueue(max_events)
        self.resets = 0
        self.deinited = False
        for k in sorted(held_at_start):
            if k < key_count:
                self.events.inject(k, True)
        instances.append(self)

    def deinit(self):
        self.deinited = True

    def reset(self):
        self.resets += 1
