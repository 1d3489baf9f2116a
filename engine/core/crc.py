# SPDX-License-Identifier: MIT
"""CRC-16/CCITT-FALSE, the checksum of every framed blob (codec.py) and save record
(savestore.py), in a module of its own: a battle that autosaves needs it without the
codec's reading code."""


def crc16(data, crc=0xFFFF):
    """CRC-16/CCITT-FALSE of ``data`` (any bytes-like object), continuing from ``crc``."""
    for b in data:
        crc ^= b << 8
        for _ in range(8):
            if crc & 0x8000:
                crc = ((crc << 1) ^ 0x1021) & 0xFFFF
            else:
                crc = (crc << 1) & 0xFFFF
    return crc
