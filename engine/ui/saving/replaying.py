# SPDX-License-Identifier: MIT
"""The record of the game in play replayed over frames: a continued game's position
(Continue) and the taking back of a person's last decision (Undo). The Saver (saver.py)
loads this code while such a replay runs and lets it go when it ends, so a battle's turns,
its saves and its CPU go without it. Functions of the Saver ``sv``."""
from engine.core.lazy import collect
from engine.core.protocol import DecodeError, restart

STEP = 16  # actions a continued game's or an undo's replay applies a frame


def _replay(sv, st, n, apply):
    """Applies the first ``n`` actions of the log to ``st`` (at the game's start) through
    ``apply(a)``: a generator that yields after every STEP actions, so that a frame makes
    the garbage of a few actions only. Returns the byte of the log where it stopped."""
    done = [0]

    def one(a):
        apply(a)
        done[0] += 1

    at = 0
    while done[0] < n:
        at = sv.log.walk(one, min(STEP, n - done[0]), at)
        yield True
    return at


def resuming(sv, st, rng):
    """A continued game's position: the log applied to ``st`` at the game's start, each
    action checked by the rules, STEP a frame (yields True while it works); ValueError
    (IllegalAction) for an action the rules refuse, DecodeError when the replay does not
    end with the saved PRNG state ``rng`` (a save of another version, or damaged in a way
    the checksums miss)."""
    k = [0]

    def again(a):
        sv._seen(k[0], st.to_act())
        st.apply(a)
        k[0] += 1

    yield from _replay(sv, st, sv.log.count, again)
    if st.rng.get_state() != rng:
        raise DecodeError("the record replays to another position (saved by another "
                          "version)")


def undoing(sv, st):
    """The last decision of a person and the CPU's answers after it taken back: ``st``
    restarted in place (protocol.restart) and the log before that decision applied again,
    STEP a frame (yields True while it works); the Saver saves it then."""
    n = sv.last_person
    sv.last_person = sv.person = sv.last_chance = -1
    collect()  # the fresh state restart makes goes where the collector made room
    restart(st, sv.seed)
    yield True  # the spare state's garbage in a frame of its own
    k = [0]

    def again(a):
        sv._seen(k[0], st.to_act())
        st.apply_trusted(a)  # the record's own actions, legal when they were played
        k[0] += 1

    at = yield from _replay(sv, st, n, again)
    sv.log.n = at
    sv.log.count = n
