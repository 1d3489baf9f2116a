# SPDX-License-Identifier: MIT
"""Stand-in for CircuitPython's ``audioio``: AudioOut. The first play() allocates the DMA
buffer the SAMD51 port allocates (ports/atmel-samd/audio_dma.c: the sample's length, kept
for later plays)."""


class AudioOut:
    def __init__(self, left_channel, *, right_channel=None, quiescent_value=0x8000):
        self._dma = None
        self.playing = False

    def play(self, sample, *, loop=False):
        if self._dma is None:
            b = sample.buffer
            self._dma = bytearray(len(b) * (b.itemsize if hasattr(b, "itemsize") else 2))
        self.playing = True

    def stop(self):
        self.playing = False

    def deinit(self):
        pass
