# SPDX-License-Identifier: MIT
"""A game record: ruleset id, config bytes, seed and every action (chance outcomes too).

Replaying the actions on a fresh state of the same ruleset, config and seed reaches the same
state bytes on any interpreter (the state's PRNG advances once per chance node, whoever
chose the outcome).
"""
from .codec import Reader, Writer, frame, unframe

MAGIC = b"GR"
VERSION = 1


class Record:
    def __init__(self, ruleset, config_bytes, seed, actions=None):
        self.ruleset = ruleset
        self.config_bytes = bytes(config_bytes)
        self.seed = seed
        self.actions = actions if actions is not None else []

    def encode(self):
        w = Writer()
        w.u8(self.ruleset)
        w.raw(self.config_bytes)
        w.u32(self.seed)
        w.varint(len(self.actions))
        for a in self.actions:
            w.varint(a)
        return frame(MAGIC, VERSION, w.buf)

    @staticmethod
    def decode(blob):
        r = unframe(MAGIC, VERSION, blob)
        rec = Record(r.u8(), r.raw(), r.u32())
        n = r.varint()
        for _ in range(n):
            rec.actions.append(r.varint())
        r.done()
        return rec

    def config_reader(self):
        return Reader(self.config_bytes)


def config_bytes(config):
    w = Writer()
    config.encode(w)
    return bytes(w.buf)
