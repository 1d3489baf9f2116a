# SPDX-License-Identifier: MIT
"""The save slots (engine/core/savestore.py), for the autosave requirement "never lose a
game": whatever moment the power fails, loading gives back exactly the previous save or the
new one, or (only without the file copy, in the window the module docstring states) a clean
"no saved game" — never anything else.

The storage models are in tests/powercut.py: the SAMD51 NVM block (erase, then 16 pages
programmed in order, a cut possible inside the erase or after any page) and a file system
whose writes can be torn. Run with ``-s`` to see the counts of cut points per outcome.
"""
import importlib.util
import io
import os
import random
import runpy
import subprocess
import sys
from contextlib import redirect_stdout

import pytest

from engine.core import savestore
from engine.core.codec import crc16
from engine.core.protocol import step
from engine.core.rng import Rng
from engine.core.savestore import OVERHEAD, SEQ_MASK, SaveSlots, newer, record
from engine.pocket_tactics import tables as T
from engine.pocket_tactics.forces import suggested
from engine.pocket_tactics.players import RandomPlayer
from engine.pocket_tactics.saves import record_for
from engine.pocket_tactics.state import State

from powercut import ERASE, FlashModel, MemoryFiles, PowerCut

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SIZE = 8192
PAGE = 512
COPY = "/pocket-tactics.sav"
CUTS = (ERASE,) + tuple(range(SIZE // PAGE))  # inside the erase, after each of the 16 pages


def game_blobs(seed=14, at=(1, 60, 140, 220)):
    """What the game would save: its state bytes + its record bytes, after the actions
    ``at`` and at the end of a CPU game (351 to 1268 bytes for seed 14)."""
    cfg = suggested(seed % T.N_FACTIONS, (seed + 1) % T.N_FACTIONS, 100)
    st = State(cfg, seed)
    rec = record_for(cfg, seed)
    players = [RandomPlayer(seed), RandomPlayer(seed + 1)]
    out = []
    while True:
        a = step(st, players)
        if a is None:
            break
        rec.actions.append(a)
        if len(rec.actions) in at:
            out.append(st.encode() + rec.encode())
    out.append(st.encode() + rec.encode())
    return out


def big_blob(n, seed):
    """``n`` bytes of real game saves laid end to end (larger saves than a game makes today)."""
    out = b""
    while len(out) < n:
        out += game_blobs(seed, ())[-1]
        seed += 1
    return out[:n]


def save_sequence():
    """Saves of growing size (351 .. 3000 bytes), one repeated (not written again), two
    of 4100 bytes that do not fit together (the second is written alone), then a small one."""
    real = game_blobs()
    seq = real[:3] + [real[2]] + real[3:] + [big_blob(2000, 30), big_blob(3000, 40)]
    return seq + [big_blob(4100, 50), big_blob(4100, 60), real[1]]


SEQUENCE = save_sequence()


def fresh(copy=False, tear="truncated"):
    return FlashModel(SIZE, PAGE), (MemoryFiles(tear) if copy else None)


def slots(flash, files):
    return SaveSlots(flash, COPY if files is not None else None, fs=files)


def reboot_load(flash, files):
    return slots(flash, files).load()


def attempt(flash, files, blob, cut=None, budget=None):
    """On copies of the media: the game starts (load), then saves ``blob`` while the power
    fails at ``cut`` (NVM) or after ``budget`` file steps. Returns the media after the cut."""
    flash = flash.copy()
    files = files.copy() if files is not None else None
    s = slots(flash, files)
    s.load()
    flash.cut = cut
    if files is not None:
        files.budget = budget
    try:
        s.save(blob)
    except PowerCut:
        pass
    else:
        assert cut is None and budget is None, "the power cut did not happen"
    return flash, files


def outcome(got, prev, new):
    blob, reason = got
    assert isinstance(reason, str) and reason
    if blob is None:
        assert reason.startswith("no saved game"), reason
        return "none"
    if blob == new:
        return "new"
    if blob == prev:
        return "previous"
    raise AssertionError("loaded something else than the previous or the new save: %r"
                         % reason)


def pages(n):
    return (n + PAGE - 1) // PAGE


def layout(prev, new_len):
    """Where the save slots put a new record of ``new_len`` bytes after the record ``prev``
    = (offset, length) or None (savestore.py, "Layout"): into the half of the store the
    previous one does not touch, followed by two erased bytes; alone at 0 when it does not
    fit there. Returns ((offset, length) of the new record, whether the previous is kept)."""
    half = SIZE // 2
    if prev is None:
        return (0, new_len), False
    if prev[0] == 0 and prev[1] <= half and new_len <= half:
        return (half, new_len), True
    if prev[0] == half and new_len + 2 <= half:
        return (0, new_len), True
    return (0, new_len), False


def predicted_store_only(prev, new, kept):
    """Outcome counts over CUTS for the NVM write of the record ``new`` = (offset, length)
    beside the record ``prev`` (kept) or over it: after page k, a record is whole when its
    last byte lies in pages 0..k."""
    counts = {"none": 1, "previous": 0, "new": 0}  # inside the erase: nothing
    for k in range(SIZE // PAGE):
        done = (k + 1) * PAGE
        if done >= new[0] + new[1]:
            counts["new"] += 1
        elif kept and done >= prev[0] + prev[1]:
            counts["previous"] += 1
        else:
            counts["none"] += 1
    return counts


# -- torn writes --------------------------------------------------------------------------

def test_torn_store_writes_give_previous_new_or_clean_nothing():
    """Autosave requirement, store only: for every save of the sequence and every cut point
    of the NVM write, load gives exactly the previous or the new blob, or a clean "no saved
    game" — and the counts are the ones the layout predicts."""
    flash, files = fresh()
    prev = None
    at = None  # (offset, length) of the previous record in the store
    total = {"none": 0, "previous": 0, "new": 0}
    expected = {"none": 0, "previous": 0, "new": 0}
    lines = []
    for blob in SEQUENCE:
        if blob == prev:
            # Unchanged: nothing is written, so no cut can hit a write.
            before = flash.erase_cycles
            info = slots(flash, files).save(blob)
            assert not info.written and flash.erase_cycles == before
            continue
        new, kept = layout(at, len(blob) + OVERHEAD)
        counts = {"none": 0, "previous": 0, "new": 0}
        for cut in CUTS:
            f, _ = attempt(flash, files, blob, cut=cut)
            counts[outcome(reboot_load(f, None), prev, blob)] += 1
        want = predicted_store_only(at, new, kept)
        assert counts == want, (len(blob), counts)
        if not kept:
            assert counts["previous"] == 0
        lines.append("  %4d-byte record at %4d, the previous %s: previous %2d, new %2d, "
                     "no saved game %d" % (new[1], new[0], "kept" if kept else "overwritten",
                                           counts["previous"], counts["new"], counts["none"]))
        for k in total:
            total[k] += counts[k]
            expected[k] += want[k]
        info = slots(flash, files).save(blob)
        assert info.written and info.kept_previous == kept
        assert flash.data[new[0]:new[0] + new[1]] == record(info.seq, blob)  # where we said
        prev, at = blob, new
    print("\nautosave, NVM only: %d cut points: previous %d, new %d, no saved game %d"
          % (sum(total.values()), total["previous"], total["new"], total["none"]))
    print("\n".join(lines))
    assert total == expected
    assert total["none"] > 0 and total["previous"] > 0  # the window exists and is bounded


def file_cuts(steps, rec_len, every):
    """File-phase budgets to try: every one near the start and the end of the record, and
    every ``every``-th byte in between."""
    if every == 1:
        return list(range(steps))
    near = set(range(0, 16)) | set(range(rec_len - 4, steps))
    return sorted(near | set(range(16, rec_len - 4, every)))


@pytest.mark.parametrize("tear", ["truncated", "padded", "garbage", "empty"])
def test_torn_writes_with_the_copy_never_lose_the_previous_save(tear):
    """Autosave requirement, with the file copy: the copy is written (torn in every way the
    model has) before the store, so every cut point gives the previous or the new save.
    Every byte of the copy is a cut point for the first save with "truncated" tears, every
    97th (and all near the ends) otherwise."""
    flash, files = fresh(copy=True, tear=tear)
    s = slots(flash, files)
    s.save(SEQUENCE[0])
    prev = SEQUENCE[0]
    total = {"none": 0, "previous": 0, "new": 0}
    expected_prev = 0
    tried = 0
    for i, blob in enumerate(SEQUENCE):
        if blob == prev:
            continue
        rec_len = len(blob) + OVERHEAD
        # How many file steps the copy takes: open, the bytes, close, remove + rename.
        probe = files.copy()
        before = probe.steps
        slots(flash.copy(), probe).save(blob)
        steps = probe.steps - before
        assert steps == rec_len + 4
        every = 1 if tear == "truncated" and i == 1 else 97
        for budget in file_cuts(steps, rec_len, every):
            f, m = attempt(flash, files, blob, budget=budget)
            total[outcome(reboot_load(f, m), prev, blob)] += 1
            tried += 1
            # Previous while the record is not completely in the file (opening, then its
            # bytes; with "empty", until the file is closed); new once it is.
            expected_prev += budget <= rec_len or (tear == "empty" and budget == rec_len + 1)
        for cut in CUTS:
            f, m = attempt(flash, files, blob, cut=cut)
            total[outcome(reboot_load(f, m), prev, blob)] += 1
            tried += 1
        slots(flash, files).save(blob)
        prev = blob
    print("\nautosave, NVM + file copy (%s tear): %d cut points: previous %d, new %d, "
          "no saved game %d" % (tear, tried, total["previous"], total["new"], total["none"]))
    assert total["none"] == 0
    assert total["previous"] == expected_prev and total["new"] == tried - expected_prev


def test_cut_between_the_fat_remove_and_the_rename_loads_the_new_file():
    flash, files = fresh(copy=True)
    slots(flash, files).save(b"first")
    steps = len(b"second") + OVERHEAD + 2  # open, bytes, close: the next step removes
    f, m = attempt(flash, files, b"second", budget=steps + 1)  # removed, not yet renamed
    assert COPY not in m.files and COPY + ".new" in m.files
    assert reboot_load(f, m)[0] == b"second"


# -- refusing damage ----------------------------------------------------------------------

def expect_refused(flash, files=None):
    blob, reason = reboot_load(flash, files)
    assert blob is None and reason.startswith("no saved game"), reason
    return reason


def test_random_bytes_are_refused():
    r = random.Random(5)
    for i in range(300):
        flash, _ = fresh()
        n = r.randrange(SIZE + 1)
        flash.data[0:n] = r.randbytes(n)
        if i % 2 == 0:  # get past the magic and the version
            flash.data[0:3] = savestore.MAGIC + bytes([savestore.VERSION])
            if i % 4 == 0:  # and a length that fits
                flash.data[3] &= 0x3F
                flash.data[7] &= 0x0F
        expect_refused(flash)
    files = MemoryFiles()
    for i in range(300):
        junk = r.randbytes(r.randrange(300))
        if i % 2 == 0:
            junk = savestore.MAGIC + bytes([savestore.VERSION]) + junk
        files.files[COPY] = junk
        expect_refused(fresh()[0], files)


def test_bit_flips_are_refused_or_fall_back_to_the_other_save():
    a, b = SEQUENCE[0], SEQUENCE[1]
    flash, _ = fresh()
    slots(flash, None).save(b"only")
    one = bytes(flash.data)
    s = slots(flash, None)
    s.save(a)  # in the upper half (the lower holds "only")
    s.save(b)  # at 0, over "only": each record in a half of its own
    two = bytes(flash.data)
    la = len(a) + OVERHEAD
    lb = len(b) + OVERHEAD
    half = SIZE // 2
    assert two[half:half + la] == record(2, a) and two[0:lb] == record(3, b)
    r = Rng(8)
    for i in range(400):
        # one record: every flipped bit is refused
        flash.data[:] = one
        pos = r.below(4 + OVERHEAD)
        flash.data[pos] ^= 1 << r.below(8)
        expect_refused(flash)
        # two records: a flip in one leaves the other, which is found where it is
        flash.data[:] = two
        pos = r.below(la + lb)
        if pos >= lb:
            pos += half - lb
        flash.data[pos] ^= 1 << r.below(8)
        got, reason = reboot_load(flash, None)
        assert got == (a if pos < lb else b), (pos, reason)


def test_truncated_copies_are_refused():
    rec = record(7, SEQUENCE[0])
    files = MemoryFiles()
    for n in range(len(rec)):
        files.files[COPY] = rec[:n]
        expect_refused(fresh()[0], files)
        files.files[COPY] = rec[:n] + b"\xff" * (len(rec) - n)
        expect_refused(fresh()[0], files)
    files.files[COPY] = rec + b"\x00"
    expect_refused(fresh()[0], files)
    files.files[COPY] = rec
    assert reboot_load(fresh()[0], files) == (SEQUENCE[0], "save #7 from " + COPY)


def reframed(rec, at, value):
    """``rec`` with byte ``at`` changed and a correct checksum again."""
    bad = bytearray(rec)
    bad[at] = value
    n = len(bad) - OVERHEAD
    c = crc16(bytes(bad[0:9 + n]))
    bad[9 + n] = c >> 8
    bad[10 + n] = c & 0xFF
    return bytes(bad)


def test_other_version_magic_or_end_mark_is_refused_with_a_reason():
    rec = record(3, b"a saved game")
    for at, value, words in ((2, 2, "format version 2"), (0, ord("X"), "wrong magic"),
                             (3, 0x40, "bad sequence number")):
        flash, _ = fresh()
        flash.data[0:len(rec)] = reframed(rec, at, value)
        assert words in expect_refused(flash)
    flash, _ = fresh()
    flash.data[0:len(rec)] = rec[:-1] + b"\x00"
    assert "no end mark" in expect_refused(flash)
    flash.data[0:len(rec)] = rec[:12] + b"b" + rec[13:]
    assert "checksum" in expect_refused(flash)
    flash, _ = fresh()
    assert expect_refused(flash) == "no saved game (store: erased)"


def test_a_damaged_newest_save_falls_back_to_the_previous_with_a_note():
    flash, files = fresh(copy=True)
    s = slots(flash, files)
    s.save(b"one")
    s.save(b"two")
    rec = bytearray(files.files[COPY])
    rec[10] ^= 4  # the copy of "two" is damaged: the store still has it
    files.files[COPY] = bytes(rec)
    assert reboot_load(flash, files) == (b"two", "save #2 from store")
    flash.data[SIZE // 2 + 9 + 1] ^= 4  # now the store's "two" too (in the upper half)
    blob, reason = reboot_load(flash, files)
    assert blob == b"one" and "newer save #2" in reason and "refused" in reason


def test_saves_of_the_older_layout_load_and_the_next_save_is_written_alone():
    # Builds before the two halves wrote the previous record and the new one side by side
    # from 0 in one write: such a store loads its newest save (the middle may hold part of
    # a record, which is no record and no damage). The next save is written alone at 0
    # (and says so): kept where it is, the newest would come back after the one before it
    # in the chip's page order, and a cut could load that older one
    for sizes in ((700, 900), (3000, 2500)):
        a, b = big_blob(sizes[0], 70), big_blob(sizes[1], 80)
        flash, _ = fresh()
        old = record(8, a) + record(9, b)
        flash.data[0:len(old)] = old
        s = slots(flash, None)
        assert s.load() == (b, "save #9 from store") and not s.damaged
        seen = set()
        for cut in CUTS:  # a cut in that save: the new save or nothing, never a
            f, _ = attempt(flash, None, SEQUENCE[0], cut=cut)
            seen.add(outcome(reboot_load(f, None), b, SEQUENCE[0]))
        assert seen == {"none", "new"}
        info = s.save(SEQUENCE[0])
        assert info.written and not info.kept_previous
        got, reason = reboot_load(flash, None)
        assert got == SEQUENCE[0] and reason == "save #10 from store", reason
        info = s.save(SEQUENCE[1])  # and the halves from then on
        assert info.kept_previous and flash.data[4096:4098] == b"SV"


def test_a_flipped_length_in_one_half_hides_nothing_in_the_other():
    # The walk of the records from 0 follows the lengths; a flipped bit in the length of
    # the record at 0 must not hide the save in the upper half, newer or older
    for newest_low in (False, True):
        flash, _ = fresh()
        s = slots(flash, None)
        s.save(SEQUENCE[1])  # at 0
        s.save(SEQUENCE[2])  # in the upper half
        if newest_low:
            s.save(SEQUENCE[3])  # at 0 again, over SEQUENCE[1]
        keep = bytes(flash.data)
        upper = SEQUENCE[2]
        for byte in (7, 8):
            for bit in range(8):
                flash.data[:] = keep
                flash.data[byte] ^= 1 << bit
                got, reason = reboot_load(flash, None)
                assert got == upper, (newest_low, byte, bit, reason)


# -- sequence numbers, unchanged saves, sizes, counters ------------------------------------

def test_sequence_numbers_wrap_around():
    assert newer(1, 0) and not newer(0, 1) and not newer(5, 5)
    assert newer(0, SEQ_MASK) and not newer(SEQ_MASK, 0)
    assert newer(3, SEQ_MASK - 2)
    flash, files = fresh(copy=True)
    rec = record(SEQ_MASK - 1, b"before the wrap")
    flash.data[0:len(rec)] = rec
    s = slots(flash, files)
    assert s.load() == (b"before the wrap", "save #%d from store" % (SEQ_MASK - 1))
    seqs = [s.save(b"save %d" % i).seq for i in range(4)]
    assert seqs == [SEQ_MASK, 0, 1, 2]
    assert reboot_load(flash, files) == (b"save 3", "save #2 from store")
    # The newest by wrap-safe order wins between the copy and the store as well.
    flash2, _ = fresh()
    rec = record(SEQ_MASK, b"old")
    flash2.data[0:len(rec)] = rec
    files.files[COPY] = record(1, b"new")
    assert reboot_load(flash2, files)[0] == b"new"


def test_an_unchanged_blob_is_not_written_again():
    flash, files = fresh(copy=True)
    s = slots(flash, files)
    blob = SEQUENCE[2]
    assert s.save(blob).written
    before = (flash.erase_cycles, files.steps, bytes(flash.data))
    for again in (blob, bytearray(blob)):
        info = s.save(again)
        assert not info.written and info.seq == 1 and info.store_bytes == 0
    assert (flash.erase_cycles, files.steps, bytes(flash.data)) == before
    # Also right after a restart: the newest save is read back and compared.
    info = slots(flash, files).save(blob)
    assert not info.written and flash.erase_cycles == before[0]
    assert s.skipped == 2
    assert s.save(blob[:-1]).written


def test_a_save_too_large_for_the_store_is_refused_and_changes_nothing():
    flash, files = fresh(copy=True)
    s = slots(flash, files)
    s.save(b"kept")
    before = (bytes(flash.data), dict(files.files), flash.erase_cycles, s.erase_cycles)
    for n in (SIZE - OVERHEAD + 1, SIZE, 70000):
        with pytest.raises(ValueError, match="does not fit"):
            s.save(bytes(n))
    with pytest.raises(ValueError, match="empty"):
        s.save(b"")
    assert (bytes(flash.data), dict(files.files), flash.erase_cycles, s.erase_cycles) == before
    assert reboot_load(flash, files)[0] == b"kept"
    info = s.save(bytes(SIZE - OVERHEAD))  # exactly fills the store: written alone
    assert info.written and not info.kept_previous and info.store_bytes == SIZE


def test_counters_report_bytes_and_erase_cycles():
    flash, files = fresh(copy=True)
    s = slots(flash, files)
    sizes = []
    for blob in SEQUENCE:
        info = s.save(blob)
        sizes.append(info.store_bytes)
    written = [n for n in sizes if n]
    assert s.erase_cycles == len(written) == flash.erase_cycles == len(SEQUENCE) - 1
    assert s.bytes_written == sum(written) == flash.bytes_written
    distinct = [b for i, b in enumerate(SEQUENCE) if i == 0 or b != SEQUENCE[i - 1]]
    assert s.copy_bytes_written == sum(len(b) + OVERHEAD for b in distinct)
    assert s.skipped == 1
    # A typical save (the end of a game, 1268 bytes) beside the previous one (1024 bytes):
    # the new record and the two erased bytes after it; the previous stays where it is
    a, b = SEQUENCE[4], SEQUENCE[5]
    info = slots(*fresh()).save(a)
    assert info.store_bytes == len(a) + OVERHEAD + 2
    s2 = slots(*fresh())
    s2.save(a)
    info = s2.save(b)
    assert info.kept_previous and info.store_bytes == len(b) + OVERHEAD + 2
    print("\none save of %d bytes beside one of %d: 1 erase cycle, %d bytes written"
          % (len(SEQUENCE[5]), len(SEQUENCE[4]), info.store_bytes))


# -- the copy ------------------------------------------------------------------------------

def test_a_read_only_copy_reports_and_the_store_still_saves():
    flash, files = fresh(copy=True)
    s = slots(flash, files)
    s.save(b"while writable")
    files.read_only = True
    info = slots(flash, files).save(b"after")
    assert info.written and not info.copy_written and "Read-only" in info.copy_error
    assert reboot_load(flash, files) == (b"after", "save #2 from store")
    # The stale copy is used only when the store has nothing newer:
    erased, _ = fresh()
    assert reboot_load(erased, files)[0] == b"while writable"


def test_clear_outranks_an_old_copy():
    flash, files = fresh(copy=True)
    s = slots(flash, files)
    s.save(b"a game")
    files.read_only = True  # the copy cannot be cleared
    info = s.clear()
    assert info.written and info.copy_error
    assert reboot_load(flash, files) == (None, "no saved game (cleared)")
    assert not s.clear().written  # nothing more to clear
    assert s.save(b"next game").seq == 3
    assert reboot_load(flash, files)[0] == b"next game"


def test_without_rename_the_copy_is_written_in_place():
    class NoRename(MemoryFiles):
        rename = None

    flash, _ = fresh()
    files = NoRename()
    s = slots(flash, files)
    s.save(b"one")
    s.save(b"two")
    assert sorted(files.files) == [COPY]
    assert reboot_load(FlashModel(), files)[0] == b"two"


def test_real_files_on_the_host(tmp_path):
    from boards.host import FileStore
    from boards.stub import MemoryStore

    path = str(tmp_path / "copy" / "save.bin")
    os.makedirs(os.path.dirname(path))
    for store in (MemoryStore(), FileStore(str(tmp_path / "store.bin"))):
        s = SaveSlots(store, path)
        s.save(SEQUENCE[0])
        s.save(SEQUENCE[1])
        assert SaveSlots(store, path).load()[0] == SEQUENCE[1]
        assert SaveSlots(store).load()[0] == SEQUENCE[1]
        assert os.listdir(os.path.dirname(path)) == ["save.bin"]
        os.remove(path)
    s = SaveSlots(MemoryStore(), str(tmp_path / "no such folder" / "save.bin"))
    info = s.save(b"x")
    assert info.written and info.copy_error.startswith("copy not written")


def test_the_device_store(monkeypatch):
    from boards.common import NvmStore

    spec = importlib.util.spec_from_file_location(
        "microcontroller", os.path.join(ROOT, "tests", "fakes", "microcontroller.py"))
    mc = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mc)
    nvm = mc.FakeNvm()
    s = SaveSlots(NvmStore(nvm))
    s.save(SEQUENCE[0])
    s.save(SEQUENCE[1])
    s.save(SEQUENCE[1])
    # one slice a save, each in the half the other save is not in
    assert [w[0] for w in nvm.slice_writes] == [0, SIZE // 2] and nvm.byte_writes == []
    assert SaveSlots(NvmStore(nvm)).load()[0] == SEQUENCE[1]


def test_the_save_benchmark_runs():
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "bench", "save_bench.py"),
                        "--games", "1"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].startswith("game  ruleset") and len(lines) == 6  # a game of each ruleset
    assert lines[3].startswith("Pocket-Tactics: largest save ")
    assert lines[4].startswith("Tactical Hex: largest save ")
    assert lines[-1].startswith("largest save ")


# -- boot.py -------------------------------------------------------------------------------

BOOT = os.path.join(ROOT, "tools", "device", "boot.py")


def run_boot(monkeypatch, board_id, held):
    """Runs tools/device/boot.py with the fake board, keypad and storage of tests/fakes/."""
    mods = {}
    for name in ("board", "keypad", "storage"):
        spec = importlib.util.spec_from_file_location(
            name, os.path.join(ROOT, "tests", "fakes", name + ".py"))
        mods[name] = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mods[name])
        monkeypatch.setitem(sys.modules, name, mods[name])
    mods["board"].configure(board_id, joystick=board_id == "pygamer")
    mods["keypad"].held_at_start = set(held)
    out = io.StringIO()
    with redirect_stdout(out):
        runpy.run_path(BOOT)
    keys = mods["keypad"].instances
    assert len(keys) == 1 and keys[0].deinited
    assert keys[0].clock.name == "BUTTON_CLOCK" and keys[0].value_when_pressed is True
    return mods["storage"].remounts, keys[0].key_count, out.getvalue()


@pytest.mark.parametrize("board_id,count", [("pygamer", 4), ("pybadge", 8)])
def test_boot_py_gives_the_drive_to_the_game_unless_b_is_held(monkeypatch, board_id, count):
    remounts, key_count, said = run_boot(monkeypatch, board_id, held=())
    assert remounts == [("/", False, False)] and key_count == count
    assert "writable by the game" in said
    remounts, _, said = run_boot(monkeypatch, board_id, held=(1, 2))  # A and Start: no
    assert remounts == [("/", False, False)]
    remounts, _, said = run_boot(monkeypatch, board_id, held=(0,))  # B
    assert remounts == [] and "B held" in said


# -- the MicroPython check ------------------------------------------------------------------

DRIVER = os.path.join(ROOT, "tools", "mpcheck", "drivers", "savestore_check.py")
DRIVER_ARG = "11,6"


def run_driver_here(arg, driver=DRIVER):
    """The lines a MicroPython check driver prints, run here on CPython."""
    name = os.path.splitext(os.path.basename(driver))[0]
    spec = importlib.util.spec_from_file_location(name, driver)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    out = io.StringIO()
    with redirect_stdout(out):
        mod.setup(arg)
        while mod.step():
            pass
    return out.getvalue().splitlines()


def test_micropython_saves_and_loads_the_same_bytes():
    sys.path.insert(0, os.path.join(ROOT, "tools", "mpcheck"))
    try:
        import mpcheck
    finally:
        sys.path.pop(0)
    here = run_driver_here(DRIVER_ARG)
    res = mpcheck.run(DRIVER, DRIVER_ARG, mode="py", timeout=120,
                      extra_files=[os.path.join(ROOT, "tests", "powercut.py")])
    assert res.ok, res.error
    assert res.lines[:-1] == here
    assert here[-1].startswith("END ") and sum(line.startswith("LOAD ") for line in here) > 50
    # An autosave of 3000 bytes allocates its record's buffer and a few small objects, no
    # copy of the 3000-byte newest record beside it
    alloc = int(res.lines[-1].split()[1])
    assert res.lines[-1].startswith("ALLOC ") and 3000 < alloc < 3000 + 400
    print("\nMicroPython check of the save slots: %d lines identical to CPython's; one save "
          "of 3000 bytes allocates %d bytes" % (len(here), alloc))
