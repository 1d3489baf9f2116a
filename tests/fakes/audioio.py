# SPDX-License-Identifier: MIT
"""Fake ``audioio``: AudioOut recording play() and stop()."""
instances = []


class AudioOut:
    def __init__(self, left_channel, *, right_channel=None, quiescent_value=0x8000):
        self.pin = left_channel
        self.playing = False
        self.plays = []  # (sample, sample rate at play time, loop)
        self.stops = 0
        instances.append(self)

    def play(self, sample, *, loop=False):
        self.plays.append((sample, sample.sample_rate, loop))
        self.playing = True

    def stop(self):
        self.stops += 1
        self.playing = False
