# SPDX-License-Identifier: MIT
"""The save store in memory, for the desktop (a game that is not kept) and the tests: not
on the device, whose adapter (boards/common.py) holds only what the device runs."""
from boards.common import STORE_SIZE, check_range


class MemoryStore:
    """The save store in a bytearray, starting erased (0xFF) like fresh flash (the tests',
    and the desktop's for a game that is not kept). ``writes`` lists (offset, length) of
    every write."""

    def __init__(self, size=STORE_SIZE):
        self.size = size
        self.data = bytearray(b"\xff" * size)
        self.writes = []

    def read(self, offset, n):
        check_range(self.size, offset, n)
        return bytes(self.data[offset : offset + n])

    def write(self, offset, data):
        n = len(data)
        check_range(self.size, offset, n)
        self.data[offset : offset + n] = data
        self.writes.append((offset, n))


