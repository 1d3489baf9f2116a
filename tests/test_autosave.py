# SPDX-License-Identifier: MIT
"""Autosave and Continue (engine/ui/autosave.py, resume.py, engine/core/gamesave.py,
slotwrite.py): a battle saves whenever a person is to decide, Continue resumes the exact
game, a power cut never loads garbage, damaged saves are refused with a reason."""
import os
import random
import sys
import types

import pytest

from boards import stub
from engine.core import gamesave, protocol, savestore
from engine.core.codec import DecodeError
from engine.core.record import Record
from engine.core.protocol import CHANCE, TERMINAL
from engine.core.savestore import SaveSlots
from engine.ui import app, direct, replay, resume, save_hooks, save_menu
from engine.ui.autosave import Autosave, attach
from engine.ui.battle import Battle
from engine.ui.hex_battle import HexBattle
from engine.ui import keys as K
from engine.ui.replay import STEP
from engine.ui.screens import M_INFO
from tests.powercut import ERASE, FlashModel, PowerCut
from tests.test_savestore import run_driver_here

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _battle(ruleset, board, seed):
    """A hot-seat battle of ``ruleset`` (1 Pocket-Tactics, 2 Tactical Hex), autosaved."""
    if ruleset == 1:
        from engine.pocket_tactics.forces import suggested
        from engine.pocket_tactics.state import State

        st, kind = State(suggested(0, 1, 50), seed), Battle
    else:
        from engine.tactical_hex.state import State

        st, kind = State(seed), HexBattle
    play = resume.play_bytes(ruleset, ("human", "human"), False, False, True, 2)
    saver = resume.for_game(board, st, seed, ("human", "human"), play,
                            resume.where_newest(board))
    attach(st, saver)
    screen = kind(board, st, [None, None], handover=False)
    screen.saver = saver  # for the tests' eyes: the screen knows nothing of it
    return screen


def _pt_battle(board, seed):
    return _battle(1, board, seed)


def _hex_battle(board, seed):
    return _battle(2, board, seed)


def _play(screen, rng, decisions):
    """``decisions`` choices of the people (random legal actions, from ``rng``) through the
    screen, the dice rolled by the screen's own tick; then the dice that follow, until a
    person is to decide again (the game at rest, as when a player switches off)."""
    done = 0
    st = screen.st
    while st.to_act() != TERMINAL and (done < decisions or st.to_act() == CHANCE):
        if st.to_act() == CHANCE:
            screen.wait_until = -1
            if isinstance(screen, HexBattle):
                screen.mode = 0  # the map (a die's message needs no key)
            elif screen.mode == M_INFO:  # a result on the screen: close it
                screen.on_event(K.A)
                continue
            screen.tick(screen.board.ticks_ms())
            continue
        screen._apply(rng.choice(st.legal_actions()))
        done += 1
    return done


@pytest.mark.parametrize("make", [_pt_battle, _hex_battle], ids=["pocket-tactics", "hex"])
def test_continue_resumes_the_exact_game_and_ends_like_uninterrupted_play(make):
    # Two boards play the same seed with the same inputs; one is "switched off" after 25
    # decisions and continued from its store on a new screen. Both end in the same bytes.
    whole = make(stub.make(), 11)
    _play(whole, random.Random(5), 10 ** 6)

    board = stub.make()
    first = make(board, 11)
    rng = random.Random(5)
    _play(first, rng, 25)
    assert first.saver.saves > 0 and first.saver.error is None
    got, why = resume.resume(stub.make(store=board.store))
    assert got is not None, why
    settings, st, saver = got
    assert st.encode() == first.st.encode()  # a person was to decide: saved just now
    assert saver.log.list() == first.saver.log.list() and saver.log.count == first.saver.log.count
    assert settings["players"] == ("human", "human") and not settings["handover"]
    kind = Battle if make is _pt_battle else HexBattle
    attach(st, saver)
    again = kind(stub.make(store=board.store), st, [None, None], handover=False)
    again.saver = saver
    _play(again, rng, 10 ** 6)
    assert again.st.encode() == whole.st.encode()
    # the game is over: the save is cleared and the title offers no Continue
    assert resume.saved_game(again.board) == (False, None)


def test_one_save_per_decision_of_a_person_not_per_die():
    board = stub.make()
    battle = _pt_battle(board, 3)
    decisions = _play(battle, random.Random(1), 40)
    # each decision is followed by a rest (a person to decide again), and the first rest
    # comes after the opening dice; at most one write per rest
    assert 0 < len(board.store.writes) <= decisions + 1
    chances = battle.saver.log.count - decisions
    assert chances > 0  # dice were rolled, and none of them wrote on its own


def test_a_cpu_against_cpu_game_is_not_saved():
    board = stub.make()
    battle = direct.new_battle(board, players=("greedy", "random"), seed=2)
    st = battle.st
    attach(st, resume.for_game(board, st, 2, ("greedy", "random"),
                                          resume.play_bytes(1, ("greedy", "random"), True,
                                                            False, True, 2)))
    app.loop(board, battle, 400)
    assert board.store.writes == []


def _saved_game_store(seed=4, decisions=12):
    board = stub.make(store=FlashModel())
    battle = _pt_battle(board, seed)
    rng = random.Random(seed)
    _play(battle, rng, decisions)
    assert battle.st.to_act() >= 0 and battle.saver.saves > 1  # a game in progress
    return board, battle, rng


def test_every_power_cut_in_an_autosave_leaves_the_previous_or_the_new_game():
    # The flash model erases the 8 KB block, then programs 16 pages in order; cut at each.
    board, battle, rng = _saved_game_store()
    before = resume.resume(stub.make(store=board.store.copy()))[0][1].encode()
    outcomes = {"previous": 0, "new": 0, "none": 0}
    cuts = [ERASE] + list(range(16))
    for cut in cuts:
        flash = board.store.copy()
        b2 = stub.make(store=flash)
        saver = Autosave(b2, battle.saver.play, battle.saver.config, battle.saver.seed,
                         battle.saver.newest, battle.saver.log.list())
        st = battle.st
        a = rng.choice(st.legal_actions()) if st.to_act() >= 0 else None
        assert a is not None
        st2 = gamesave.replay(_record(saver))
        st2.apply(a)
        saver.add(a)
        flash.cut = cut
        with pytest.raises(PowerCut):
            saver.rest(st2)
        got, why = resume.resume(stub.make(store=flash))
        if got is None:
            assert why is None or why.startswith("no saved game"), why  # nothing half-loaded
            outcomes["none"] += 1
        elif got[1].encode() == st2.encode():
            outcomes["new"] += 1
        else:
            assert got[1].encode() == before
            outcomes["previous"] += 1
    print("power cuts in an autosave: %s" % outcomes)
    assert sum(outcomes.values()) == 17 and outcomes["new"] >= 1
    # only a cut inside the erase, or before the pages of the previous record are
    # programmed again, leaves no save (docs/DEVICE.md "Power cuts")
    assert outcomes["none"] <= (battle.saver.newest[1] + 511) // 512


def _record(saver):
    from engine.core.record import Record

    return Record(saver.play[0], saver.config, saver.seed, saver.log.list())


def test_a_continued_record_that_does_not_replay_is_refused_and_the_title_says_why():
    # a save whose checksums pass but whose record is not this version's (its PRNG state
    # differs at the end): the battle replays it, refuses it and quits; the next title
    # says why, and nothing was saved over it
    board, battle, _ = _saved_game_store(seed=5, decisions=20)
    saver = battle.saver
    z, w = battle.st.rng.get_state()
    blob = gamesave.pack(resume.play_bytes(1, ("human", "human"), False, True, True, 2)
                         + b"\xff\xff",
                         1, saver.config, saver.seed, saver.log.list(), (z ^ 1, w))
    flash = FlashModel()
    SaveSlots(flash).save(blob)
    b2 = stub.make(store=flash)
    settings = app.Settings()
    start = resume.prepare(b2, {"continue": True}, settings)
    frames = app._battle(b2, settings, None, start, 400)
    assert frames < 400 and start["refused"].startswith("Saved game refused: ")
    assert "another position" in start["refused"]
    assert settings.notice == ("Saved game", start["refused"])
    assert SaveSlots(flash).load()[0] == blob  # kept as it was
    title = resume.title_for(b2, settings)
    assert title.page[0] == "Saved game" and "another" in " ".join(t for t, _ in title.page[1])


def test_damaged_saves_are_refused_with_a_reason_never_loaded_half():
    board, battle, _ = _saved_game_store(seed=6, decisions=12)
    flash = board.store
    # the bytes of the two records, one in each half of the store
    spots = []
    for at in (0, 4096):
        n = (flash.data[at + 7] << 8 | flash.data[at + 8]) + savestore.OVERHEAD
        spots += range(at, at + n)
    assert battle.saver.newest[0] in (0, 4096)
    rng = random.Random(9)
    loaded = refused = 0
    for _ in range(300):
        f = flash.copy()
        for _ in range(rng.randint(1, 4)):
            i = rng.choice(spots)
            f.data[i] ^= 1 << rng.randrange(8)
        got, why = resume.resume(stub.make(store=f))
        if got is None:
            refused += 1
            assert why
        else:  # an untouched record: the newest, or the previous when the flips hit the newest
            loaded += 1
            acts = got[2].log.list()
            assert acts == battle.saver.log.list()[:len(acts)]
            assert got[1].encode() == gamesave.replay(_record(got[2])).encode()
    assert refused > 0 and loaded > 0
    for junk in (b"", b"\x00" * 8192, bytes(random.Random(1).randrange(256) for _ in range(8192))):
        f = FlashModel()
        f.data[0:len(junk)] = junk
        assert resume.resume(stub.make(store=f))[0] is None
        ok, _ = resume.saved_game(stub.make(store=f))
        assert ok is False


def test_a_save_that_replays_elsewhere_is_refused():
    # A record whose PRNG does not match the replay (another version of the rules).
    board, battle, _ = _saved_game_store(seed=8, decisions=10)
    slots = SaveSlots(board.store)
    blob, _ = slots.load()
    play, rec, rng = gamesave.unpack(blob)
    bad = gamesave.pack(play, rec.ruleset, rec.config_bytes, rec.seed, rec.actions,
                        (rng[0] ^ 1, rng[1]))
    with pytest.raises(DecodeError, match="another position"):
        gamesave.resume(bad)
    rec.actions.append(9999)  # an action the rules refuse
    with pytest.raises(DecodeError, match="does not replay"):
        gamesave.resume(gamesave.pack(play, rec.ruleset, rec.config_bytes, rec.seed,
                                      rec.actions, rng))
    with pytest.raises(DecodeError):
        gamesave.unpack(blob[:-3] + b"\x00\x00\x00")


def test_the_battles_blob_is_the_format_gamesave_reads():
    board, battle, _ = _saved_game_store(seed=2, decisions=8)
    s = battle.saver

    def saved_now():  # a save written now, read back from the store
        s.saved = -1
        assert s.rest(battle.st)
        return gamesave.unpack(SaveSlots(board.store).load()[0])

    play, rec, rng = saved_now()
    assert play == s.play + b"\xff\xff"  # no screen: no cursor
    assert resume.read_play(play)["cursor"] is None
    s.view = lambda: 0x123  # the hex under a screen's cursor
    play, rec, rng = saved_now()
    assert play == s.play + b"\x01\x23" and resume.read_play(play)["cursor"] == 0x123
    assert rec.seed == s.seed and rec.actions == s.log.list()
    assert rng == battle.st.rng.get_state() and rec.config_bytes == s.config


def test_save_after_keeps_the_newest_record_where_it_is():
    # each record goes into the half of the store the newest does not touch (savestore.py,
    # "Layout"), a clear's empty record too: it outranks the save beside it
    f = FlashModel()
    newest, _, kept = savestore.save_after(f, None, b"one")
    assert newest == (0, 15, 1) and not kept
    newest, _, kept = savestore.save_after(f, newest, b"two!")
    assert newest == (4096, 16, 2) and kept
    assert f.data[0:15] == savestore.record(1, b"one") and f.data[15:17] == b"\xff\xff"
    blob, _ = SaveSlots(f).load()
    assert blob == b"two!"
    newest, _, kept = savestore.save_after(f, newest, b"")
    assert newest == (0, 12, 3) and kept
    assert SaveSlots(f).load() == (None, "no saved game (cleared)")
    with pytest.raises(ValueError):
        savestore.save_after(f, None, b"x" * 8190)


def _continued(board, handover=False):
    """(start, screen) of the title's Continue as app.run_app runs it: prepare, the
    battle screen on the game's start, save_hooks.show, which replays the record over
    frames (the keys ignored meanwhile), then autosaves the game."""
    settings = app.Settings()
    start = resume.prepare(board, {"continue": True}, settings)
    kind = HexBattle if start["game"] == 1 else Battle
    screen = kind(board, start["state"], [None if p == "human" else app.make_player(p, 3)
                                          for p in start["players"]], handover=handover)
    save_hooks.show(screen, start)
    frames = 0
    while screen.replaying:
        assert screen.status.text == "Loading..."
        screen.on_event(K.A)  # ignored
        screen.tick(board.ticks_ms())
        frames += 1
    n = start["saver"].log.count
    # a frame to load the replay's code (save_hooks.show), UNDO_STEP actions a frame, then
    # the end
    assert frames == 2 + (n + save_menu.UNDO_STEP - 1) // save_menu.UNDO_STEP
    return start, screen


def test_title_offers_continue_and_resumes_the_game(monkeypatch):
    board, battle, _ = _saved_game_store(seed=5, decisions=20)
    b2 = stub.make(store=board.store)
    title = resume.title_for(b2, app.Settings(), None)
    assert [t for t, _ in title.page[1]][:2] == ["New game", "Continue"]
    start, screen = _continued(b2)
    assert screen.st.encode() == battle.st.encode() and start["game"] == 0
    assert screen.st is start["state"] and not screen.quit
    saves = start["saver"].saves
    _play(screen, random.Random(5), 3)  # and it goes on saving
    assert start["saver"].saves > saves
    # a damaged store: no Continue, and the reason on a page of its own
    assert battle.saver.newest[0] in (0, 4096)  # and the previous save in the other half
    board.store.data[20] ^= 0xFF
    board.store.data[4096 + 20] ^= 0xFF
    title = resume.title_for(stub.make(store=board.store), app.Settings(), None)
    assert title.page[0] == "Saved game"
    assert "checksum" in " ".join(t for t, _ in title.page[1])
    title.on_event(K.B)
    assert [t for t, _ in title.page[1]][0] == "New game"
    assert "Continue" not in [t for t, _ in title.page[1]]



def test_continue_gives_the_cursor_back_and_a_hot_seat_hex_game_the_hand_over():
    from engine.ui.hex_battle import M_HANDOVER, M_MAP

    board = stub.make(store=FlashModel())
    start = {"game": 1, "seed": 3, "players": ("human", "human")}
    settings = app.Settings()
    start = resume.prepare(board, start, settings)
    screen = HexBattle(board, start["state"], [None, None], handover=True)
    save_hooks.show(screen, start)
    assert screen.mode == M_MAP  # a new game: no hand-over before the first move
    screen.cursor = 7
    _play(screen, random.Random(3), 6)
    b2 = stub.make(store=board.store)
    again, shown = _continued(b2, handover=True)
    assert again["cursor"] == 7 and shown.st.encode() == screen.st.encode()
    assert shown.cursor == 7 and shown.mode == M_HANDOVER


AUTOSAVE_DRIVER = os.path.join(ROOT, "tools", "mpcheck", "drivers", "autosave_check.py")


@pytest.mark.parametrize("arg", ["1,4,30", "2,6,30"], ids=["pocket-tactics", "hex"])
def test_resume_equals_uninterrupted_play_in_micropython(arg):
    # tools/mpcheck/drivers/autosave_check.py: autosave, the power cut at a decision,
    # Continue from the store, the same choices: the same final bytes as the game that
    # was not interrupted, in MicroPython (from .mpy) and on CPython, line for line.
    sys.path.insert(0, os.path.join(ROOT, "tools", "mpcheck"))
    try:
        import mpcheck
    finally:
        sys.path.pop(0)
    here = run_driver_here(arg, AUTOSAVE_DRIVER)
    assert here[0].startswith("SAVES ") and int(here[0].split()[1]) > 10
    assert here[1].startswith("RESUMED ")
    assert here[-1].startswith("END same ")
    res = mpcheck.run(AUTOSAVE_DRIVER, arg, mode="mpy", timeout=300)
    assert res.ok, res.error
    assert res.lines == here


@pytest.mark.parametrize("ruleset", [1, 2], ids=["pocket-tactics", "hex"])
def test_an_ended_game_leaves_its_record_and_the_cli_replays_it(ruleset, tmp_path):
    # The desktop board writes last-game.rec beside its store file; the terminal CLI of
    # the game's ruleset replays it to the same final state.
    import hashlib
    import json
    import subprocess

    from boards.host import FileStore, HostBoard

    store = FileStore(str(tmp_path / "store.bin"))
    board = stub.make(store=store)
    board.export_record = lambda data: HostBoard.export_record(board, data)
    screen = _battle(ruleset, board, 9)
    _play(screen, random.Random(9), 10 ** 6)
    assert screen.st.to_act() == TERMINAL and screen.saver.ended
    rec = tmp_path / "last-game.rec"
    assert gamesave.replay(Record.decode(rec.read_bytes())).encode() == screen.st.encode()
    tool = "play.py" if ruleset == 1 else "hex_play.py"
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", tool), "--replay",
                        str(rec), "--json"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert out["actions"] == screen.saver.log.count
    if ruleset == 1:
        from tools.play import state_hash

        assert out["state_hash"] == state_hash(screen.st)
    else:
        assert out["state_sha256"] == hashlib.sha256(screen.st.encode()).hexdigest()


def _to_a_person(st, rng):
    """Rolls the dice (the state's own PRNG) until a person is to decide."""
    from engine.core.protocol import sample_chance

    while st.to_act() == CHANCE:
        st.apply(sample_chance(st))


def _undo_game(ruleset, undo=True, cpu=False):
    board = stub.make(store=FlashModel())
    if ruleset == 1:
        from engine.pocket_tactics.forces import suggested
        from engine.pocket_tactics.state import State

        st = State(suggested(0, 1, 50), 5)
    else:
        from engine.tactical_hex.state import State

        st = State(5)
    people = ("human", "greedy" if cpu else "human")
    saver = resume.for_game(board, st, 5, people,
                            resume.play_bytes(ruleset, people, True, False, True, 2, undo))
    attach(st, saver)
    return board, st, saver


def _arrays(obj):
    return {k: v for k, v in vars(obj).items() if isinstance(v, (bytearray, list))}


@pytest.mark.parametrize("ruleset", [1, 2], ids=["pocket-tactics", "hex"])
def test_restart_makes_the_game_begin_again_in_place(ruleset):
    # The restart of the undo and the viewer (engine/core/protocol.py): the state of a game
    # well under way becomes the fresh game of its seed, field for field, in the arrays it
    # had, and plays on as the fresh game does.
    from engine.core.protocol import sample_chance

    if ruleset == 1:
        from engine.pocket_tactics.forces import suggested
        from engine.pocket_tactics.state import State

        def fresh(seed):
            return State(suggested(0, 1, 50), seed)
    else:
        from engine.tactical_hex.state import State as fresh
    st = fresh(7)
    rng = random.Random(3)
    for _ in range(150):
        if st.to_act() == TERMINAL:
            break
        st.apply(sample_chance(st) if st.to_act() == CHANCE else rng.choice(st.legal_actions()))
    assert st.version > 100
    held = _arrays(st)
    if ruleset == 1:
        held.update(("board." + k, v) for k, v in _arrays(st.board).items())
        assert st.board.n > 1  # tiles were placed
    protocol.restart(st, 11)  # the undo's and the viewer's step back
    want = fresh(11)
    for k, v in vars(want).items():
        # not the scratch buffers, filled before each use (legal_actions' list, Tactical
        # Hex's enemy_next buffer)
        if k not in ("rng", "board", "cfg", "_spare", "_zoc"):
            assert getattr(st, k) == v, k
    assert st.rng.get_state() == want.rng.get_state()
    if ruleset == 1:
        for k, v in _arrays(want.board).items():
            assert getattr(st.board, k) == v, k
    now = _arrays(st)
    if ruleset == 1:
        now.update(("board." + k, v) for k, v in _arrays(st.board).items())
    assert all(now[k] is v for k, v in held.items())  # in place
    for _ in range(60):
        a = sample_chance(st) if st.to_act() == CHANCE else st.legal_actions()[0]
        st.apply(a)
        want.apply(a)
    assert st.encode() == want.encode()


@pytest.mark.parametrize("ruleset", [1, 2], ids=["pocket-tactics", "hex"])
def test_undo_takes_back_the_last_decision_before_any_die(ruleset):
    board, st, saver = _undo_game(ruleset)
    rng = random.Random(4)
    undone = refused = 0
    for _ in range(400):
        _to_a_person(st, rng)
        if st.to_act() == TERMINAL:
            break
        before = st.encode()
        who = st.to_act()
        n = saver.log.count
        st.apply(rng.choice(st.legal_actions()))
        if st.to_act() == who:  # no die since, the same person to decide: undo works
            assert save_menu.undo_last(saver, st) is None
            assert st.encode() == before and saver.log.count == n
            # the undone position is the save: Continue gives it back
            got, _ = resume.resume(stub.make(store=board.store))
            assert got[1].encode() == before
            undone += 1
            st.apply(rng.choice(st.legal_actions()))
        elif st.to_act() == CHANCE:  # a die or a card comes next: after it, no undo
            _to_a_person(st, rng)
            if st.to_act() >= 0:
                after = st.encode()
                assert save_menu.undo_last(saver, st) == "a die was rolled since"
                assert st.encode() == after  # refused: nothing changed
                refused += 1
        else:  # the other player's turn (hot seat): not theirs to take back
            after = st.encode()
            assert save_menu.undo_last(saver, st) == "the last move was the other player's"
            assert st.encode() == after
    assert undone > 3 and refused > 3


def test_undo_does_not_check_the_config_again(monkeypatch):
    # The game's config was checked when it began (resume.py makes its State unchecked);
    # the undo's fresh state must not check it again: that loads forces.py, which the
    # battle let go (Battle.__init__) and would then keep for the rest of the game.
    import sys

    from engine.pocket_tactics.config import Config

    board, st, saver = _undo_game(1)
    rng = random.Random(4)
    for _ in range(400):
        _to_a_person(st, rng)
        who = st.to_act()
        before = st.encode()
        st.apply(rng.choice(st.legal_actions()))
        if st.to_act() == who:
            break
    else:
        raise AssertionError("no decision to take back")
    checks = []
    monkeypatch.setattr(Config, "validate", lambda cfg: checks.append(cfg) or cfg)
    monkeypatch.delitem(sys.modules, "engine.pocket_tactics.forces", raising=False)
    assert save_menu.undo_last(saver, st) is None and st.encode() == before
    assert checks == [] and "engine.pocket_tactics.forces" not in sys.modules


def test_undo_takes_back_the_cpus_answer_too_and_can_be_switched_off():
    # Against the CPU, undo goes back before the person's decision, the CPU's answer
    # included, when no die was rolled between them.
    board, st, saver = _undo_game(1, cpu=True)
    cpu = app.make_player("greedy", 3)
    rng = random.Random(2)
    for _ in range(300):
        _to_a_person(st, rng)
        if st.to_act() == TERMINAL:
            break
        if st.to_act() == 1:
            st.apply(cpu.choose(st))
            continue
        before = st.encode()
        n = saver.log.count
        st.apply(rng.choice(st.legal_actions()))
        if st.to_act() == 1:
            st.apply(cpu.choose(st))
            if st.to_act() == 0 and saver.last_chance < n:
                assert save_menu.undo_last(saver, st) is None and st.encode() == before
                break
    else:
        raise AssertionError("no decision answered by the CPU without a die")
    board, st, saver = _undo_game(2, undo=False)
    st.apply(st.legal_actions()[0])
    after = st.encode()
    assert save_menu.undo_last(saver, st) == "undo is switched off" and st.encode() == after


@pytest.mark.parametrize("ruleset", [1, 2], ids=["pocket-tactics", "hex"])
def test_the_title_replays_the_last_game_forward_and_back(ruleset):
    # "Replay last game" on the title: the record the store kept when the game ended (the
    # device's way; the desktop keeps a file too), stepped on the battle screen once the
    # title is gone (app.run_app); every position is the replay of the record up to it.
    from engine.ui.replay import ReplayView

    board = stub.make(store=FlashModel())
    screen = _battle(ruleset, board, 9)
    _play(screen, random.Random(9), 10 ** 6)
    s = screen.saver
    data = Record(ruleset, s.config, s.seed, s.log.list()).encode()
    assert SaveSlots(board.store).load()[0] == data  # kept in the save's place
    viewer_board = stub.make(store=board.store)
    title = resume.title_for(viewer_board, app.Settings())
    names = [t for t, _ in title.page[1]]
    assert "Continue" not in names  # the game is over
    assert names.index("Replay last game") == names.index("Rules") - 1
    title.sel = names.index("Replay last game")
    title.on_event(K.A)
    assert title.quit and title.start == {"replay": "last"}
    from engine.ui.shown_record import record_for

    record, why = record_for(viewer_board, "last")
    assert why is None
    assert (record.ruleset, record.config_bytes, record.seed, record.actions) == (
        ruleset, s.config, s.seed, s.log.list())
    view = ReplayView(viewer_board, record)  # as replay.run makes it
    assert view.i == 0 and view.n == s.log.count
    for key, i in ((K.RIGHT, 1), (K.DOWN, 11), (K.DOWN, 21), (K.LEFT, 20), (K.UP, 10),
                   (K.DOWN, 20), (K.UP, 10), (K.UP, 0)):
        view.on_event(key)
        frames = _settle(view)
        if key in (K.LEFT, K.UP):  # back: the record applied again from the start, over
            assert frames == (i + STEP - 1) // STEP  # frames, the keys waiting meanwhile
        assert view.i == i
        assert view.st.encode() == gamesave.replay(record, i).encode()
        assert view.screen.status.text.startswith("%d/%d " % (i, view.n))
        assert "replaying" not in view.screen.status.text  # shown, the start (0) too
    view.go(view.n)  # the end, then back from it
    assert view.st.encode() == screen.st.encode() and view.st.to_act() == TERMINAL
    view.on_event(K.LEFT)
    assert view.busy and view.screen.status.text.endswith("replaying...")
    view.on_event(K.B)  # waits too
    assert not view.quit
    _settle(view)
    assert view.st.encode() == gamesave.replay(record, view.n - 1).encode()
    first_die = next(i for i in range(view.n)
                     if gamesave.replay(record, i).to_act() == CHANCE
                     and gamesave.replay(record, i).chance_is_die())
    view.go(first_die + 1)  # a die is named with its face
    _settle(view)
    assert view.screen.status.text.startswith(
        "%d/%d %s " % (first_die + 1, view.n, "roll" if ruleset == 1 else "die"))
    view.on_event(K.B)
    assert view.quit


def test_the_pocket_tactics_viewer_draws_without_the_battles_code():
    # The viewer's screen is the map without play (engine/ui/screens.py MapScreen): made
    # once the battle's code is let go (app.run_app after a battle: letgo.let_go_battle),
    # it loads none of the battle's deciding code back, and shows an assault's page with
    # its dice, and the game's end, as the battle does (RULES A7 dice, A10 end)
    import sys

    from engine.ui.letgo import let_go_battle
    from engine.ui.screens import ROLL_PHASES
    from engine.ui.replay import ReplayView

    board = stub.make(store=FlashModel())
    screen = _battle(1, board, 3)
    _play(screen, random.Random(3), 10 ** 6)  # a game with assaults, to its end
    s = screen.saver
    record = Record(1, s.config, s.seed, s.log.list())
    screen = s = None
    let_go_battle()
    view = ReplayView(stub.make(), record)
    for name in ("battle", "menus", "mapmode", "feedback", "autosave", "save_hooks"):
        assert "engine.ui." + name not in sys.modules, name
    assert "engine.pocket_tactics.players" not in sys.modules  # the CPU's and the battle's
    assert not view.screen.panel.shown and view.screen.human() == -1
    rolled = next(i for i in range(view.n)
                  if gamesave.replay(record, i).phase in ROLL_PHASES
                  and any(gamesave.replay(record, i).dice))
    view.go(rolled)
    panel = view.screen.panel
    assert panel.shown and " > " in panel.text[0]  # "A1 > B2": who assaults whom
    assert any(not grid.hidden for grid in panel.dice)  # the dice rolled so far
    view.go(view.n)
    assert panel.shown and panel.text[0] == "Game over"
    view.go(0)
    _settle(view)
    assert not panel.shown and view.screen.status.text.startswith("0/%d start" % view.n)


def _settle(view):
    """Ticks the replay viewer until a step back is replayed; returns the frames."""
    frames = 0
    while view.busy:
        view.tick(0)
        frames += 1
    return frames


def test_a_record_of_another_version_is_shown_up_to_its_illegal_action():
    # an action the rules refuse there (a record made by another version): the viewer
    # stops before it and says so, never a crash
    from engine.ui.replay import ReplayView

    board = stub.make(store=FlashModel())
    screen = _battle(1, board, 9)
    _play(screen, random.Random(9), 30)
    s = screen.saver
    acts = s.log.list()
    bad = Record(1, s.config, s.seed, acts[:20] + [acts[20] ^ 0x7FFF] + acts[21:])
    view = ReplayView(stub.make(), bad)
    view.on_event(K.DOWN)
    view.on_event(K.DOWN)
    view.on_event(K.DOWN)  # to 20, then the 21st is refused
    assert view.i == view.n == 20 and not view.busy
    assert "record refused at 21" in view.screen.status.text
    assert view.st.encode() == gamesave.replay(bad, 20).encode()
    view.on_event(K.LEFT)
    _settle(view)
    assert view.i == 19


def test_the_desktops_record_file_is_replayed_when_the_store_has_none():
    board = stub.make()
    data = Record(1, b"", 7, [1]).encode()  # the desktop's file
    board.last_record = lambda: data
    assert resume.last_record(board) == data
    title = resume.title_for(board, app.Settings())
    assert "Replay last game" in [t for t, _ in title.page[1]]
    assert resume.last_record(stub.make()) is None
    title = resume.title_for(stub.make(), app.Settings())
    assert "Replay last game" not in [t for t, _ in title.page[1]]


def test_the_title_reads_the_store_once():
    # Continue and "Replay last game" are offered from one reading of the store (the
    # device's NVM), for a game in play and for a game that ended.
    board = stub.make(store=FlashModel())
    screen = _pt_battle(board, 9)
    rng = random.Random(9)
    for ended in (False, True):
        _play(screen, rng, 40 if not ended else 10 ** 6)
        reads = []
        store = board.store
        read = store.read
        store.read = lambda offset, n: reads.append(n) or read(offset, n)
        resume.saved_game(board)
        alone = len(reads)
        del reads[:]
        title = resume.title_for(board, app.Settings())
        del store.read
        names = [t for t, _ in title.page[1]]
        assert ("Continue" in names) is not ended
        assert ("Replay last game" in names) is ended
        assert alone > 0 and len(reads) == alone


def test_a_damaged_last_record_is_refused_on_a_page():
    # the title's choice runs nothing: the next title says why, on a page of its own
    from engine.ui.kit import Kit

    board = stub.make()
    board.last_record = lambda: b"GR\x01garbage"
    settings = app.Settings()
    frames = replay.run(board, settings, Kit(board), {"replay": "last"}, -1)
    assert frames == 0 and settings.notice[0] == "Replay"
    title = resume.title_for(board, settings)
    assert title.page[0] == "Replay" and settings.notice is None
    assert "refused" in " ".join(t for t, _ in title.page[1])


@pytest.mark.parametrize("record, why", [
    (Record(3, b"", 1, [0, 1]), "a game of an unknown ruleset (3)"),
    (Record(1, b"\x07", 1, [0]), "data ends too early"),
])
def test_a_record_whose_game_cannot_be_set_up_is_refused_on_a_page(record, why):
    # a record whose checksum holds but whose ruleset or config this version does not
    # have: the title says why instead of the viewer crashing (issue: bad data)
    from engine.ui.kit import Kit

    board = stub.make()
    data = record.encode()
    board.last_record = lambda: data
    settings = app.Settings()
    frames = replay.run(board, settings, Kit(board), {"replay": "last"}, -1)
    assert frames == 0
    assert settings.notice == ("Replay", "The record is refused: %s" % why)


def _menu_battle(undo=True):
    """The desktop's Pocket-Tactics battle as the title starts it (resume.prepare, show):
    a person against the greedy CPU, autosaved; ``undo``: the Settings switch."""
    from engine.pocket_tactics.forces import suggested
    from tools.ui_bot import Bot

    board = stub.make(store=FlashModel())
    settings = app.Settings()
    settings.undo = undo
    start = resume.prepare(board, {"config": suggested(0, 1, 50), "players": ("human", "greedy"),
                                   "auto_draft": True, "seed": 5}, settings)
    battle = Battle(board, start["state"], [None, app.make_player("greedy", 3)],
                    handover=False, auto_draft=True)
    start["show"](battle, start)
    return battle, start["saver"], Bot(board, battle)


def test_the_turn_menu_offers_undo_and_refuses_it_after_a_die():
    # RULES A3 (one action a turn) and the misclick guard: Start, "Undo last move"
    # takes back the person's move and the CPU's answer when no die was rolled since; after
    # a die the menu line says why not, and nothing changes
    from engine.pocket_tactics.consts import K_MOVE, PH_TURN, kind_of
    from engine.ui.screens import M_MAP

    battle, saver, bot = _menu_battle()
    st = battle.st
    rng = random.Random(3)
    undone = refused = 0
    redo = None
    for _ in range(400):
        bot.settle()
        if battle.mode == M_INFO:
            bot.press(K.A)
            continue
        if st.to_act() == TERMINAL:
            break
        before = st.encode()
        n = saver.log.count
        moves = [a for a in st.legal_actions() if kind_of(a) == K_MOVE]
        a = rng.choice(moves) if st.phase == PH_TURN and moves and rng.random() < 0.5 else \
            rng.choice(st.legal_actions())
        if redo is not None:  # the move taken back is played again, and the game goes on
            a, redo = redo, None
            bot.act(a)
            continue
        bot.act(a)
        bot.settle()
        if battle.mode != M_MAP or battle.human() != 0:
            continue
        bot.press(K.START)
        assert [t for t, _ in battle.menu][-3:] == ["Undo last move", "Replay this game",
                                                    "Quit to title"]
        if saver.last_chance < n:  # no die since the move
            bot.choose_text("Undo last move")
            assert battle.replaying and battle.status.text == "Undoing..."
            bot.press(K.A)  # ignored while the record replays, a few frames
            bot.settle()
            assert not battle.replaying
            assert st.encode() == before and battle.mode == M_MAP
            assert saver.log.count == n
            undone += 1
            redo = a
        else:
            after = st.encode()
            bot.choose_text("Undo last move")
            assert battle.mode == M_INFO and "a die was rolled since" in " ".join(
                battle.panel.text)
            assert st.encode() == after
            bot.press(K.A)
            refused += 1
    assert undone > 2 and refused >= 1


def test_undo_switched_off_in_settings_leaves_the_menu_without_it():
    battle, saver, bot = _menu_battle(undo=False)
    bot.settle()
    bot.press(K.START)
    assert "Undo last move" not in [t for t, _ in battle.menu]
    # and Settings shows the switch on the desktop's title (the device has no saves)
    from engine.ui.title import Title

    title = resume.title_for(stub.make(), app.Settings())
    title.settings_page()
    assert "Undo: on" in [t for t, _ in title.page[1]]
    plain = Title(stub.make(), app.Settings())
    plain.settings_page()
    assert not any(t.startswith("Undo") for t, _ in plain.page[1])


def test_tactical_hex_start_menu_offers_undo():
    # the same misclick guard in Tactical Hex's Start menu (hot seat): taken back while the
    # same person decides again with no die since; refused (status line) otherwise
    board = stub.make(store=FlashModel())
    settings = app.Settings()
    start = resume.prepare(board, {"game": 1, "players": ("human", "human"), "seed": 6},
                           settings)
    screen = HexBattle(board, start["state"], [None, None], handover=False)
    start["show"](screen, start)
    saver = start["saver"]
    st = screen.st
    rng = random.Random(6)
    undone = refused = 0
    for _ in range(300):
        _to_a_person(st, rng)
        if st.to_act() == TERMINAL or (undone > 2 and refused > 2):
            break
        screen._enter()
        before = st.encode()
        who = st.to_act()
        n = saver.log.count
        a = rng.choice(st.legal_actions())
        screen._apply(a)
        _to_a_person(st, rng)
        if st.to_act() < 0:
            continue
        screen._enter()
        screen._start_menu()
        texts = [t for t, _ in screen.menu]
        assert texts[-4:] == ["Undo last move", "Replay this game", "Leave the game",
                              "Back to the map"]
        screen.menu_i = len(texts) - 4
        after = st.encode()
        screen._menu_key(K.A)
        frames = 0
        while screen.replaying:  # the record replays, save_menu.UNDO_STEP actions a frame
            screen.on_event(K.A)  # keys are ignored meanwhile
            screen.tick(0)
            frames += 1
        if st.encode() != after:  # taken back: to the position before the decision
            # a frame for the restart, UNDO_STEP actions a frame, then the save
            assert frames == 2 + (n + save_menu.UNDO_STEP - 1) // save_menu.UNDO_STEP
            assert st.encode() == before and saver.log.count == n and st.to_act() == who
            undone += 1
            screen._apply(a)
        else:
            assert frames == 0 and screen.status.text.startswith("Not now: ")
            refused += 1
    assert undone > 2 and refused > 2


def _hot_seat_on_the_map(board, ruleset, decisions=25):
    """(start, screen): a game of two people as the saving title starts it (prepare, show),
    ``decisions`` in, the map waiting for a person."""
    if ruleset == 1:
        from engine.pocket_tactics.forces import suggested

        start = {"config": suggested(0, 1, 50), "players": ("human", "human"),
                 "auto_draft": True, "seed": 8}
    else:
        start = {"game": 1, "players": ("human", "human"), "seed": 8}
    start = resume.prepare(board, start, app.Settings())
    kind = Battle if ruleset == 1 else HexBattle
    kw = {"auto_draft": True} if ruleset == 1 else {}
    screen = kind(board, start["state"], [None, None], handover=False, **kw)
    start["show"](screen, start)
    _play(screen, random.Random(8), decisions)
    for _ in range(20):  # a result on the screen: close it, to the map
        if screen.mode == 0 and screen.human() >= 0:
            break
        screen.on_event(K.A)
    assert screen.mode == 0 and screen.human() >= 0
    return start, screen


@pytest.mark.parametrize("ruleset,decisions", [(1, 25), (1, 26), (2, 25), (2, 26)],
                         ids=["pocket-tactics", "pocket-tactics-b", "hex", "hex-b"])
def test_replay_from_the_start_menu_and_back_to_the_game(ruleset, decisions):
    # the replay "from the pause menu": the battle is left for the viewer (app.
    # run_app: the battle and the viewer never share the heap), which shows the record
    # so far; stepped to its end it is the game in play; B: the game continued as it was,
    # the same person to act, no hand-over (they hold the device still)
    from engine.ui.hex_battle import M_HANDOVER as HEX_HANDOVER
    from engine.ui.screens import M_HANDOVER

    board = stub.make(store=FlashModel())
    settings = app.Settings()
    settings.handover = True
    start, screen = _hot_seat_on_the_map(board, ruleset, decisions)
    saver = start["saver"]
    before, who = screen.st.encode(), screen.st.to_act()
    saves, acts = saver.saves, saver.log.list()
    screen.on_event(K.START)
    screen.tick(board.ticks_ms())
    names = [t for t, _ in screen.menu]
    screen.menu_i = names.index("Replay this game")
    if ruleset == 1:
        screen.on_event(K.A)
    else:
        screen._menu_key(K.A)
    assert screen.quit and start["after"] == {"replay": "saved",
                                              "then": {"continue": True, "back": True}}
    seen = []

    def loop(board_, shown, max_frames=-1, until_over=False):
        """Stands in for app.loop: what a person presses on each screen."""
        seen.append(shown)
        if type(shown).__name__ == "ReplayView":  # its module is let go after each replay
            assert shown.secret and shown.n == len(acts) > 25 and shown.i == 0
            for _ in range(shown.n // 10 + 2):
                shown.on_event(K.DOWN)
            assert shown.i == shown.n and shown.st.encode() == before  # the game in play
            shown.on_event(K.LEFT)
            _settle(shown)
            assert shown.i == shown.n - 1 and shown.st.encode() != before
            shown.on_event(K.B)
            assert shown.quit
        else:
            while shown.replaying:  # the continued game's record, over frames
                shown.tick(board_.ticks_ms())
            shown.quit = True
        return 1

    real = app.loop
    app.loop = loop
    try:
        frames = replay.run(board, settings, None, start["after"], -1)
        then = start["after"]["then"]
        assert frames == 1 and then is not None and then["back"]
        app._battle(board, settings, None, then, -1)
    finally:
        app.loop = real
    again = seen[-1]
    # the same screen's class, by name: app._battle lets the battle's modules go after
    # each battle, and their next import makes new classes
    assert type(again).__name__ == type(screen).__name__ and again is not screen
    assert again.st.encode() == before and again.human() == who  # the game as it was
    handover_mode = M_HANDOVER if ruleset == 1 else HEX_HANDOVER
    assert again.mode != handover_mode and again.handover  # hot-seat, no hand-over page
    assert then["saver"].log.list() == acts and then["saver"].saves == 0  # nothing saved
    assert saver.saves == saves


def test_a_replay_that_cannot_be_shown_says_why_in_the_game_it_left(monkeypatch):
    # the game is continued, its status line says why the viewer did not open
    board = stub.make(store=FlashModel())
    settings = app.Settings()
    start, screen = _hot_seat_on_the_map(board, 1)
    before = screen.st.encode()
    screen.on_event(K.START)
    screen.tick(board.ticks_ms())
    screen.menu_i = [t for t, _ in screen.menu].index("Replay this game")
    screen.on_event(K.A)
    assert screen.quit
    fake = types.ModuleType("engine.ui.shown_record")  # the module replay.run imports
    fake.record_for = lambda board, what: (None, "no record here")
    monkeypatch.setitem(sys.modules, "engine.ui.shown_record", fake)
    frames = replay.run(board, settings, None, start["after"], -1)
    then = start["after"]["then"]
    assert frames == 0 and settings.notice is None and then["note"] == "no record here"
    shown = []

    def loop(board_, s, max_frames=-1, until_over=False):
        while s.replaying:
            s.tick(board_.ticks_ms())
        shown.append((s.st.encode(), s.status.text))
        return 1

    monkeypatch.setattr(app, "loop", loop)
    app._battle(board, settings, None, then, -1)
    assert shown == [(before, "no record here")]


def test_both_people_come_back_from_a_replay_without_a_hand_over():
    # the parametrized runs above leave the game for its replay with each person to act
    seen = set()
    for ruleset in (1, 2):
        for decisions in (25, 26):
            start, screen = _hot_seat_on_the_map(stub.make(store=FlashModel()), ruleset,
                                                 decisions)
            seen.add((ruleset, screen.st.to_act()))
    assert seen == {(1, 0), (1, 1), (2, 0), (2, 1)}


@pytest.mark.parametrize("ruleset", [1, 2], ids=["pocket-tactics", "hex"])
def test_a_board_without_the_viewers_heap_offers_no_replay(ruleset):
    # a board whose ``replays`` is False: no "Replay this game" in the Start menu, no
    # "Replay last game" on the title even with a record kept; Undo stays
    board = stub.make(store=FlashModel())
    board.replays = False
    _, screen = _hot_seat_on_the_map(board, ruleset)
    screen.on_event(K.START)
    screen.tick(board.ticks_ms())
    names = [t for t, _ in screen.menu]
    assert "Undo last move" in names and "Replay this game" not in names
    record = Record(ruleset, b"", 7, [1]).encode()
    board.last_record = lambda: record
    names = [t for t, _ in resume.title_for(board, app.Settings()).page[1]]
    assert "Replay last game" not in names
    board.replays = True
    names = [t for t, _ in resume.title_for(board, app.Settings()).page[1]]
    assert "Replay last game" in names


class _Restarts:
    """What the device's supervisor is asked (boards/common.py restart_for_replay)."""

    def __init__(self):
        self.calls = []

    def set_next_code_file(self, name, **options):
        self.calls.append(("next", name, options))

    def reload(self):
        self.calls.append(("reload",))


def test_the_device_restarts_into_its_viewer_and_back(monkeypatch):
    # the device runs the viewer in an interpreter of its own: run_app asks the board to
    # restart into viewer.py (once, for the next run: after it ends or fails, code.py)
    # and returns, the viewer not run beside what the battle left
    import ast
    import importlib
    import types

    from boards.common import DeviceBoard
    from boards.restart import VIEWER_FILE

    assert DeviceBoard.replays is True
    with open(os.path.join(ROOT, VIEWER_FILE)) as f:  # the names it imports exist
        for node in ast.parse(f.read()).body:
            if isinstance(node, ast.ImportFrom):
                module = importlib.import_module(node.module)
                assert all(hasattr(module, a.name) for a in node.names), node.module
    sup = _Restarts()
    monkeypatch.setitem(sys.modules, "supervisor", types.SimpleNamespace(
        set_next_code_file=sup.set_next_code_file, reload=sup.reload))
    DeviceBoard.restart_for_replay(None)
    assert sup.calls == [("next", VIEWER_FILE, {"reload_on_success": True,
                                                "reload_on_error": True}), ("reload",)]
    board = stub.make(store=FlashModel())
    asked = []
    board.restart_for_replay = lambda: asked.append(1)
    ran = []
    monkeypatch.setattr(replay, "run", lambda *a: ran.append(a) or 0)
    monkeypatch.setattr(app, "_title", lambda *a: ({"replay": "last"}, 3))
    assert app.run_app(board, saving=True) == 3
    assert asked == [1] and ran == []


@pytest.mark.parametrize("ruleset", [1, 2], ids=["pocket-tactics", "hex"])
def test_viewer_py_shows_the_stores_record_ended_or_in_play(ruleset, monkeypatch):
    # viewer.py's program (replay.on_its_own): the record the store holds, a finished
    # game's with its cards named, a game in play's without (RULES A9), from one reading
    # of the store (the device's NVM); then it returns for the restart into code.py
    board = stub.make(store=FlashModel())
    start, screen = _hot_seat_on_the_map(board, ruleset)
    made = []

    def loop(b, view, left=-1):
        made.append((view.secret, view.n, view.st.encode()))
        return 0

    monkeypatch.setattr(app, "loop", loop)
    store = board.store
    read = store.read
    reads = []

    def counted(offset, n):
        reads.append(n)
        return read(offset, n)

    monkeypatch.setattr(store, "read", counted)
    resume.saved_game(board)
    once = len(reads)
    del reads[:]
    replay.on_its_own(stub.make(store=store))
    assert once > 0 and len(reads) == once
    saver = start["saver"]
    begin = screen.st.__class__(saver.seed) if ruleset == 2 else \
        screen.st.__class__(screen.st.cfg, saver.seed)
    assert made == [(True, saver.log.count, begin.encode())]  # its start shown first
    saver.over()  # the game's end: the store keeps its record
    del reads[:]
    replay.on_its_own(stub.make(store=store))
    assert len(reads) == once
    assert made[1] == (False, saver.log.count, begin.encode())


def test_viewer_py_says_on_the_title_why_a_record_is_not_shown(monkeypatch):
    # a record of a ruleset this version does not have: the title, run as code.py's, opens
    # on a page that says why
    board = stub.make(store=FlashModel())
    data = Record(3, b"", 1, [0]).encode()
    board.last_record = lambda: data
    titles = []
    monkeypatch.setattr(app, "run_app", lambda b, saving, settings: titles.append(
        settings.notice))
    replay.on_its_own(board)
    assert titles == [("Replay", "The record is refused: a game of an unknown ruleset (3)")]


def test_the_game_is_not_left_for_its_replay_when_its_last_save_failed():
    board = stub.make(store=FlashModel())
    start, screen = _hot_seat_on_the_map(board, 1)
    start["saver"].error = "Not saved: the store is full"
    screen.on_event(K.START)
    screen.tick(board.ticks_ms())
    screen.menu_i = [t for t, _ in screen.menu].index("Replay this game")
    screen.on_event(K.A)
    assert not screen.quit and "after" not in start
    assert screen.status.text == "Not now: the game is not saved"


def test_replay_during_a_game_does_not_name_the_cards_drawn():
    # RULES A9: the hands are private. The replay of a game still on says "a spell card
    # drawn"; the title's replay of a finished game names the card.
    from engine.core.record import Record
    from engine.pocket_tactics import ids as IDS
    from engine.pocket_tactics.forces import suggested
    from engine.ui.replay import ReplayView

    board = stub.make(store=FlashModel())
    start = resume.prepare(board, {"config": suggested(4, 4, 50), "players": ("human", "human"),
                                   "auto_draft": True, "seed": 3}, app.Settings())
    screen = Battle(board, start["state"], [None, None], handover=False, auto_draft=True)
    start["show"](screen, start)
    _play(screen, random.Random(3), 40)  # the draft, deployment, turns: five cards each
    saver = start["saver"]
    names = ["draw " + k for k in IDS.SPELL_KEYS]
    for secret in (True, False):
        view = ReplayView(stub.make(), Record(saver.play[0], saver.config, saver.seed,
                                              saver.log.list()), secret=secret)
        lines = []
        for i in range(1, view.n + 1):
            view.go(i)
            assert not view.busy  # forward: at once
            lines.append(view.screen.status.text)
        named = [t for t in lines if any(n in t for n in names)]
        hidden = [t for t in lines if "a spell card drawn" in t]
        if secret:
            assert hidden and not named
        else:
            assert named and not hidden


def test_the_device_autosaves_every_game_a_person_plays_against_the_cpu_too():
    from engine.pocket_tactics.forces import suggested

    # Every game with a person in it is saved, on the device too (boards/common.py: the
    # board says nothing of which games; a Pocket-Tactics CPU's search rests while the game
    # is saved, engine/ui/sliced.py); a game of two CPU players is not. The title starts
    # the game at once, with no page before it.
    from boards.common import DeviceBoard

    assert not hasattr(DeviceBoard, "saves_cpu_games")
    for players in (("human", "normal"), ("hard", "human"), ("human", "human"),
                    ["human", "human"]):  # the title's: a list
        assert resume.autosaved(players)
    assert not resume.autosaved(("greedy", "random"))
    assert not resume.autosaved(("normal", "easy"))
    board = stub.make()
    title = resume.title_for(board, app.Settings())
    for _ in range(30):  # New game, every question's default: a person against normal
        if title.quit:
            break
        title.on_event(K.A)
    assert title.quit and tuple(title.start["players"]) == ("human", "normal")
    start = resume.prepare(board, {"config": suggested(0, 1, 50), "players": ("human", "easy"),
                                   "seed": 4, "auto_draft": False}, app.Settings())
    st, saver = start["state"], start["saver"]
    assert saver is not None and "show" in start
    from engine.core.protocol import sample_chance

    while st.to_act() == CHANCE:  # the draws before the first decision of the person
        st.apply(sample_chance(st))
    assert saver.saves == 1  # saved when the person is to decide
    assert gamesave.unpack(SaveSlots(board.store).load()[0])[1].seed == 4
    start = resume.prepare(board, {"config": suggested(0, 1, 50), "players": ("normal", "easy"),
                                   "seed": 4, "auto_draft": False}, app.Settings())
    assert start["saver"] is None and "show" not in start and start["state"] is not None
    # Tactical Hex against the CPU: saved from its first decision of the person
    start = resume.prepare(board, {"game": 1, "players": ("human", "easy"), "seed": 6},
                           app.Settings())
    st, saver = start["state"], start["saver"]
    assert saver is not None and "show" in start
    while st.to_act() != 0:
        st.apply(sample_chance(st) if st.to_act() == CHANCE else st.legal_actions()[0])
    assert saver.saves == 1
    assert gamesave.unpack(SaveSlots(board.store).load()[0])[1].seed == 6
