# SPDX-License-Identifier: MIT
"""Stand-in for CircuitPython's ``audiocore``: RawSample keeps a reference to the sample
buffer, as the C object does (no copy)."""


class RawSample:
    def __init__(self, buffer, *, channel_count=1, sample_rate=8000, single_buffer=True):
        self.buffer = buffer
        self.sample_rate = sample_rate
