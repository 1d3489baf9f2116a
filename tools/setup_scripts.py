#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Records the emulator key scripts of docs/scripts/: from power-on to the first battle
turn, with a screenshot of every setup screen (into docs/screenshots/setup/).

Each script is recorded by playing it: the headless host board's own script player runs a
list of steps that grows as a player would decide (a key, a wait, a shot), so the recorded
run is exactly what ``tools/emulator.py --headless --script FILE`` replays later (same
fake clock, same seeds). tests/test_setup_scripts.py replays them and compares the
screenshots pixel by pixel.

  python tools/setup_scripts.py
"""
import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from boards import host, keynames  # noqa: E402
from engine.pocket_tactics.consts import PH_TURN  # noqa: E402
from engine.pocket_tactics.players import RandomPlayer  # noqa: E402
from engine.ui.kit import keys as K  # noqa: E402
from engine.ui.play import open_battle  # noqa: E402
from engine.ui.pt.screens import M_HANDOVER, M_INFO  # noqa: E402
from engine.ui.saving import store  # noqa: E402
from engine.ui.title import Title  # noqa: E402
from tools.ui_bot import Bot  # noqa: E402

SCRIPTS = os.path.join(ROOT, "docs", "scripts")
SHOTS = os.path.join(ROOT, "docs", "screenshots", "setup")
FRAME_MS = 20

# name -> (answers by page title: the line to pick; everything else takes the default)
GAMES = {
    "hotseat-suggested": {"Red player": "Human"},
    "custom-100-spells": {"Points": "100 points", "Faction of Blue": "Mage Guild",
                          "Army of Blue": "Choose units"},
    "random-tiles-draft": {"Tiles of Blue": "Random", "Tiles of Red": "Random"},
}
for _answers in GAMES.values():
    _answers["POCKET TACTICS"] = "New game"  # not Quick battle, the line under the bar
# the custom army of "custom-100-spells", by builder line: presses of RIGHT
CUSTOM_ARMY = (("Guild Initiate", 1), ("Guild Apprentice", 2), ("Guild Mage", 2),
               ("Guild Guard", 2), ("Grand Librarian", 1), ("Fireball", 3), ("Ward", 2),
               ("Haste", 1), ("Teleport", 1))


class Recorder(Bot):
    """Plays the app like ui_bot.Bot, one board update at a time, and writes down the key
    script that makes the emulator's script player do the same in the same updates.

    The script player, inside ``board.update()``: a key goes down in the update where its
    step starts and up in the next, and the following step starts one update later; a
    ``wait MS`` that starts in update s ends in update s + MS/20, where the following step
    starts; a ``shot`` is taken at the start of its update and the following step starts in
    the same update. Keys and shots are handed to the board's own script player as they
    happen; waits are only counted, and written where the gaps between steps are."""

    def __init__(self, board):
        self.board = board
        self.programs = None
        self.battle = None
        self.keys = 0
        self.screen = None
        self.player = board._script  # the board's script player
        self.updates = 0  # board updates run so far
        self.free = 0  # the update from which the next step may start
        self.lines = []

    def update(self):
        b = self.board
        b.update()
        self.updates += 1
        ev = b.buttons.get()
        while ev >= 0:
            self.screen.on_event(ev)
            ev = b.buttons.get()
        self.screen.tick(b.ticks_ms())
        if self.screen.dirty:
            self.screen.dirty = False
            b.display.refresh()

    def frame(self):
        self.update()

    def _gap(self):
        gap = self.updates - self.free
        if gap > 0:
            self.lines.append("wait %d" % (gap * FRAME_MS))

    def press(self, key):
        self.keys += 1
        self._gap()
        self.lines.append(keynames.NAMES[key])
        self.player.steps.append(("key", key))
        self.free = self.updates + 2
        self.update()  # down
        self.update()  # up

    def shot(self, name):
        self._gap()
        self.lines.append("shot %s" % name)
        self.player.steps.append(("shot", name))
        self.free = self.updates
        self.update()


def title_pages(rec, title, answers, name):
    rec.frame()  # the first update draws the title
    seen = set()
    while not title.quit:
        page = title.page[0]
        key = page.split(":")[0]
        if key not in seen:
            seen.add(key)
            rec.shot("%s-%02d-%s" % (name, len(seen), _slug(key)))
        if page.startswith("Army Blue:"):  # the army builder
            for unit, n in CUSTOM_ARMY:
                _bar_to(rec, title, unit[:15])  # the builder shows 15 letters of a name
                for _ in range(n):
                    rec.press(K.RIGHT)
            rec.shot("%s-army-builder" % name)
            _bar_to(rec, title, "Done")
            rec.press(K.A)
            continue
        want = answers.get(page)
        if want:
            _bar_to(rec, title, want)
        rec.press(K.A)


def _bar_to(rec, title, prefix):
    items = title.page[1]
    i = next(k for k, (t, _) in enumerate(items) if t.startswith(prefix))
    while title.sel != i:
        rec.press(K.DOWN if title.sel < i else K.UP)


def _slug(text):
    return "".join(c if c.isalnum() else "-" for c in text.lower()).strip("-")


def battle_setup(rec, battle, name):
    """Draft, own features and deployment by keys, until the first turn."""
    rec.battle = battle
    st = battle.st
    chooser = RandomPlayer(7)
    shot_phases = set()
    while True:
        rec.settle()
        if battle.mode in (M_HANDOVER, M_INFO):
            rec.press(K.A)
            continue
        if st.phase == PH_TURN:
            break
        if st.phase not in shot_phases:
            shot_phases.add(st.phase)
            rec.shot("%s-battle-phase-%02d" % (name, st.phase))
        rec.act(chooser.choose(st))
    rec.frame()
    rec.shot("%s-first-turn" % name)


def record(name, answers, scripts=SCRIPTS, shots=SHOTS):
    os.makedirs(scripts, exist_ok=True)
    os.makedirs(shots, exist_ok=True)
    board = host.HostBoard(window=True, clock=host.FakeClock(), advance_ms=FRAME_MS, fps=0,
                           store=host.FileStore(os.path.join(shots, ".store-%s" % name)),
                           script=[], exit_at_script_end=False, shots_dir=shots, sound=False)
    rec = Recorder(board)
    try:  # what the title program and the battle program do (engine/ui/title.py, play.py)
        offer = store.offers(board)
        title = rec.screen = Title(board, offer)
        title_pages(rec, title, answers, name)
        start = title.start
        why = store.new_game(board, offer.newest, start["ruleset"], start["players"],
                             start["seed"], start.get("config"),
                             title.settings, start.get("auto_draft", False))
        assert why is None, why
        rec.screen = open_battle(board)
        battle_setup(rec, rec.screen, name)
    finally:
        board.close()
        left = os.path.join(shots, ".store-%s" % name)
        if os.path.exists(left):
            os.remove(left)
    path = os.path.join(scripts, name + ".keys")
    with open(path, "w") as f:
        f.write("# %s: power-on to the first battle turn (tools/setup_scripts.py)\n" % name)
        f.write("\n".join(rec.lines) + "\n")
    return path, board.shots


def main():
    for name, answers in GAMES.items():
        path, shots = record(name, answers)
        print("%s: %d screenshots" % (path, len(shots)))


if __name__ == "__main__":
    main()
