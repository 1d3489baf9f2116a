# SPDX-License-Identifier: MIT
"""A game record: ruleset id, config bytes, seed and every action (chance outcomes too).

Replaying the actions on a fresh state of the same ruleset, config and seed reaches the same
state bytes on any interpreter (the state's PRNG advances once per chance node, whoever
chose the outcome).
"""
from .codec import DecodeError, Writer, unframe
from .slotwrite import RECORD_MAGIC as MAGIC
from .slotwrite import RECORD_VERSION as VERSION

# The write path (actionlog.py's ActionLog, slotwrite.py's packing) is imported by encode() alone: a
# record read for the replay viewer holds only this module's and the codec's code, and
# slotwrite.py is loaded only for the moment of a save (engine/core/lazy.py).


class Record:
    def __init__(self, ruleset, config_bytes, seed, actions=None):
        self.ruleset = ruleset
        self.config_bytes = bytes(config_bytes)
        self.seed = seed
        self.actions = actions if actions is not None else []

    def encode(self):
        if not 0 <= self.ruleset < 256:
            raise ValueError("u8 out of range: %d" % self.ruleset)
        from .actionlog import ActionLog
        from .slotwrite import game_bound, pack_record

        log = ActionLog(self.actions)
        buf = bytearray(game_bound(self.config_bytes, log))
        end = pack_record(buf, 0, self.ruleset, self.config_bytes, self.seed, log)
        return bytes(memoryview(buf)[0:end])

    @staticmethod
    def decode(blob):
        r = unframe(MAGIC, VERSION, blob)
        rec = Record(r.u8(), r.raw(), r.u32(), r.varints())
        r.done()
        return rec

    @staticmethod
    def read(data):
        """The record in ``data``: GR bytes, their hex, or text from the device's serial
        console holding a line "record <hex>" (boards/common.py export_record; the last
        such line). DecodeError when it holds none."""
        if data[:2] == MAGIC:
            return Record.decode(bytes(data))
        try:
            text = bytes(data).decode()
        except UnicodeError:
            raise DecodeError("neither a game record nor its text")
        found = text.strip()
        for line in text.splitlines():
            line = line.strip()
            if line.startswith("record "):
                found = line[7:].strip()
        try:
            blob = bytes.fromhex(found)
        except ValueError:
            raise DecodeError("no game record in the text (hex, or a line \"record <hex>\")")
        return Record.decode(blob)


def config_bytes(config):
    w = Writer()
    config.encode(w)
    return bytes(w.buf)
