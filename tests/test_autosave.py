# SPDX-License-Identifier: MIT
"""Autosave and Continue (engine/ui/autosave.py, resume.py, engine/core/gamesave.py,
slotwrite.py): a battle saves whenever a person is to decide, Continue resumes the exact
game, a power cut never loads garbage, damaged saves are refused with a reason."""
import os
import random
import sys

import pytest

from boards import stub
from engine.core import gamesave, savestore
from engine.core.codec import DecodeError
from engine.core.record import Record
from engine.core.protocol import CHANCE, TERMINAL
from engine.core.savestore import SaveSlots
from engine.ui import app, resume, save_hooks, save_menu
from engine.ui.autosave import Autosave, attach
from engine.ui.battle import Battle
from engine.ui.hex_battle import HexBattle
from engine.ui import keys as K
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
    battle = app.new_battle(board, players=("greedy", "random"), seed=2)
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


def test_damaged_saves_are_refused_with_a_reason_never_loaded_half():
    board, battle, _ = _saved_game_store(seed=6, decisions=12)
    flash = board.store
    n = battle.saver.newest[0] + battle.saver.newest[1]
    rng = random.Random(9)
    loaded = refused = 0
    for _ in range(300):
        f = flash.copy()
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(n)
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


def test_save_after_keeps_the_previous_record_and_clears_alone():
    f = FlashModel()
    newest = savestore.save_after(f, None, b"one")[0]
    newest = savestore.save_after(f, newest, b"two!")[0]
    assert newest == (15, 16, 2)
    blob, _ = SaveSlots(f).load()
    assert blob == b"two!"
    savestore.save_after(f, newest, b"")
    assert SaveSlots(f).load() == (None, "no saved game (cleared)")
    with pytest.raises(ValueError):
        savestore.save_after(f, None, b"x" * 8190)


def test_title_offers_continue_and_resumes_the_game(monkeypatch):
    board, battle, _ = _saved_game_store(seed=5, decisions=20)
    b2 = stub.make(store=board.store)
    title = resume.title_for(b2, app.Settings(), None)
    assert [t for t, _ in title.page[1]][:2] == ["New game", "Continue"]
    start = resume.prepare(b2, {"continue": True}, app.Settings())
    assert start["state"].encode() == battle.st.encode() and start["game"] == 0
    # a damaged store: no Continue, and the reason on a page of its own
    board.store.data[20] ^= 0xFF
    board.store.data[battle.saver.newest[0] + 20] ^= 0xFF
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
    again = resume.prepare(b2, {"continue": True}, app.Settings())
    assert again["cursor"] == 7 and again["state"].encode() == screen.st.encode()
    shown = HexBattle(b2, again["state"], [None, None], handover=True)
    save_hooks.show(shown, again)
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
    # "Replay last game" on the desktop's title: the record of the game that ended, stepped
    # on the battle screen; every position is the replay of the record up to it.
    board = stub.make()
    screen = _battle(ruleset, board, 9)
    _play(screen, random.Random(9), 10 ** 6)
    s = screen.saver
    data = Record(ruleset, s.config, s.seed, s.log.list()).encode()
    viewer_board = stub.make()
    viewer_board.last_record = lambda: data
    title = resume.title_for(viewer_board, app.Settings())
    names = [t for t, _ in title.page[1]]
    assert names.index("Replay last game") == names.index("Rules") - 1
    title.sel = names.index("Replay last game")
    title.on_event(K.A)
    view = title.viewer
    assert view is not None and view.i == 0 and view.n == s.log.count
    rec = Record.decode(data)
    for key, i in ((K.RIGHT, 1), (K.DOWN, 11), (K.DOWN, 21), (K.LEFT, 20), (K.UP, 10)):
        title.on_event(key)
        assert view.i == i
        assert view.st.encode() == gamesave.replay(rec, i).encode()
        assert view.screen.status.text.startswith("%d/%d " % (i, view.n))
    view.go(view.n)  # the end, then back from it
    assert view.st.encode() == screen.st.encode() and view.st.to_act() == TERMINAL
    title.on_event(K.LEFT)
    assert view.st.encode() == gamesave.replay(rec, view.n - 1).encode()
    first_die = next(i for i in range(view.n)
                     if gamesave.replay(rec, i).to_act() == CHANCE
                     and gamesave.replay(rec, i).chance_is_die())
    view.go(first_die + 1)  # a die is named with its face
    assert view.screen.status.text.startswith(
        "%d/%d %s " % (first_die + 1, view.n, "roll" if ruleset == 1 else "die"))
    title.on_event(K.B)
    assert title.quit and title.start is None  # back to a new title


def test_a_damaged_last_record_is_refused_on_a_page():
    board = stub.make()
    board.last_record = lambda: b"GR\x01garbage"
    title = resume.title_for(board, app.Settings())
    title.sel = [t for t, _ in title.page[1]].index("Replay last game")
    title.on_event(K.A)
    assert title.viewer is None and title.page[0] == "Replay"
    assert "refused" in " ".join(t for t, _ in title.page[1])


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
        if st.encode() != after:  # taken back: to the position before the decision
            assert st.encode() == before and saver.log.count == n and st.to_act() == who
            undone += 1
            screen._apply(a)
        else:
            assert screen.status.text.startswith("Not now: ")
            refused += 1
    assert undone > 2 and refused > 2


def _hot_seat_on_the_map(board, ruleset):
    """(start, screen): a game of two people as the saving title starts it (prepare, show),
    25 actions in, the map waiting for a person."""
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
    _play(screen, random.Random(8), 25)
    for _ in range(20):  # a result on the screen: close it, to the map
        if screen.mode == 0 and screen.human() >= 0:
            break
        screen.on_event(K.A)
    assert screen.mode == 0 and screen.human() >= 0
    return start, screen


@pytest.mark.parametrize("ruleset", [1, 2], ids=["pocket-tactics", "hex"])
def test_replay_from_the_start_menu_and_back_to_the_game(ruleset):
    # the replay "from the pause menu": the record so far on the replay viewer,
    # stepped to its end (the position in play), then B: the battle as it was
    board = stub.make(store=FlashModel())
    start, screen = _hot_seat_on_the_map(board, ruleset)
    st = screen.st
    before = st.encode()
    root = board.display.root_group
    players, handover = screen.players, screen.handover
    screen.on_event(K.START)
    screen.tick(board.ticks_ms())
    names = [t for t, _ in screen.menu]
    assert "Replay this game" in names
    screen.menu_i = names.index("Replay this game")
    screen.on_event(K.A)
    view = screen.replaying[0]
    saver = start["saver"]
    saves, acts = saver.saves, saver.log.list()
    assert view.screen is screen  # the battle's own screen, lent (no second one)
    assert view.n == len(acts) > 25
    assert view.i == 0 and st.encode() != before  # the start on the screen
    for _ in range(view.n // 10 + 2):
        screen.on_event(K.DOWN)
    assert view.i == view.n and view.st.encode() == before  # the end is the game in play
    screen.on_event(K.LEFT)
    assert view.i == view.n - 1 and st.encode() != before
    screen.tick(board.ticks_ms())  # the game waits: nobody plays in the viewer
    assert view.i == view.n - 1 and screen.human() < 0
    screen.on_event(K.B)
    assert not screen.replaying and board.display.root_group is root
    assert st.encode() == before and screen.human() >= 0  # the game as it was
    assert (screen.players, screen.handover) == (players, handover)
    assert saver.saves == saves and saver.log.list() == acts  # the viewer saved nothing


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
            lines.append(view.screen.status.text)
        named = [t for t in lines if any(n in t for n in names)]
        hidden = [t for t in lines if "a spell card drawn" in t]
        if secret:
            assert hidden and not named
        else:
            assert named and not hidden


def test_the_device_autosaves_games_of_people_and_tactical_hex_against_the_cpu():
    from engine.pocket_tactics.forces import suggested

    # boards/common.py DeviceBoard.saves_cpu_games is (2,): a Pocket-Tactics battle has no
    # heap for both a CPU level's search and the saving code (docs/PERFORMANCE.md,
    # "Autosave"), a Tactical Hex battle has; the desktop's boards save every game with a
    # person in it. A game of two CPU players is never saved.
    from boards.common import DeviceBoard

    assert DeviceBoard.saves_cpu_games == (2,)
    board = stub.make()
    for ruleset in (1, 2):
        assert resume.autosaved(board, ("human", "normal"), ruleset)
        assert resume.autosaved(board, ("hard", "human"), ruleset)
        assert not resume.autosaved(board, ("greedy", "random"), ruleset)
    board.saves_cpu_games = DeviceBoard.saves_cpu_games
    for ruleset in (1, 2):
        assert resume.autosaved(board, ("human", "human"), ruleset)
        assert resume.autosaved(board, ["human", "human"], ruleset)  # the title's: a list
        assert not resume.autosaved(board, ("normal", "easy"), ruleset)
    for players in (("human", "normal"), ("easy", "human")):
        assert not resume.autosaved(board, players, 1)
        assert resume.autosaved(board, players, 2)
    start = resume.prepare(board, {"config": suggested(0, 1, 50), "players": ("human", "easy"),
                                   "seed": 4, "auto_draft": False}, app.Settings())
    assert start["saver"] is None and "show" not in start and start["state"] is not None
    assert SaveSlots(board.store).load()[0] is None  # nothing written
    start = resume.prepare(board, {"config": suggested(0, 1, 50), "players": ("human", "human"),
                                   "seed": 4, "auto_draft": False}, app.Settings())
    st, saver = start["state"], start["saver"]
    assert saver is not None and "show" in start
    from engine.core.protocol import sample_chance

    while st.to_act() == CHANCE:  # the draws before the first decision of a person
        st.apply(sample_chance(st))
    assert saver.saves == 1  # saved when a person is to decide
    assert gamesave.unpack(SaveSlots(board.store).load()[0])[1].seed == 4
    # Tactical Hex against the CPU: saved from its first decision of the person
    start = resume.prepare(board, {"game": 1, "players": ("human", "easy"), "seed": 6},
                           app.Settings())
    st, saver = start["state"], start["saver"]
    assert saver is not None and "show" in start
    while st.to_act() != 0:
        st.apply(sample_chance(st) if st.to_act() == CHANCE else st.legal_actions()[0])
    assert saver.saves == 1
    assert gamesave.unpack(SaveSlots(board.store).load()[0])[1].seed == 6


@pytest.mark.parametrize("ruleset", [1, 2], ids=["pocket-tactics", "hex"])
def test_a_board_without_the_viewers_heap_offers_undo_but_no_replay(ruleset):
    # boards/common.py DeviceBoard.replays_in_battle is False (docs/PERFORMANCE.md: with the
    # battle the viewer needs 134 KB): the Start menu keeps Undo, and has no Replay line
    board = stub.make(store=FlashModel())
    board.replays_in_battle = False
    _, screen = _hot_seat_on_the_map(board, ruleset)
    screen.on_event(K.START)
    screen.tick(board.ticks_ms())
    names = [t for t, _ in screen.menu]
    assert "Undo last move" in names and "Replay this game" not in names


@pytest.mark.parametrize("ruleset", [1, 2], ids=["pocket-tactics", "hex"])
def test_a_board_without_the_heap_for_undo_offers_none(ruleset):
    # boards/common.py DeviceBoard.undoes is False (docs/PERFORMANCE.md: one undo needs
    # 127.7 KB in the check): neither the Start menu's line nor the Settings switch
    from boards.common import DeviceBoard

    assert DeviceBoard.undoes is False and DeviceBoard.replays_in_battle is False
    board = stub.make(store=FlashModel())
    board.undoes = False
    board.replays_in_battle = False
    _, screen = _hot_seat_on_the_map(board, ruleset)
    screen.on_event(K.START)
    screen.tick(board.ticks_ms())
    names = [t for t, _ in screen.menu]
    assert "Undo last move" not in names and "Replay this game" not in names
    assert names[-1] in ("Quit to title", "Back to the map")  # the game's own lines stay
    title = resume.title_for(board, app.Settings())
    title.settings_page()
    assert not any(t.startswith("Undo") for t, _ in title.page[1])
