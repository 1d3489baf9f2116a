# SPDX-License-Identifier: MIT
"""Fake ``microcontroller``: an 8 KB ``nvm`` that records every write."""


class FakeNvm:
    def __init__(self, size=8192):
        self._b = bytearray(b"\xff" * size)
        self.slice_writes = []  # (start, stop, bytes) of every slice assignment
        self.byte_writes = []  # index of every single-byte assignment

    def __len__(self):
        return len(self._b)

    def __getitem__(self, k):
        if isinstance(k, slice):
            return bytearray(self._b[k])
        return self._b[k]

    def __setitem__(self, k, v):
        if isinstance(k, slice):
            start, stop, step = k.indices(len(self._b))
            if step != 1 or stop - start != len(v):
                raise ValueError("Slice and value different lengths.")
            self.slice_writes.append((start, stop, bytes(v)))
            self._b[k] = v
        else:
            self.byte_writes.append(k)
            self._b[k] = v


nvm = FakeNvm()
