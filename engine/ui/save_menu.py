# SPDX-License-Identifier: MIT
"""What the Start menu's "Undo last move" and "Replay this game" do in a battle that
autosaves (engine/ui/save_hooks.py adds the lines). Loaded for the moment a line is chosen
and let go after it, so that a battle does not hold this code between them.
"""


def undo_last(saver, st):
    """Takes back the last decision of a person, and the CPU's answers after it, when no
    die was rolled and no card drawn since (chance outcomes are all the hidden information
    there is), the same person is to decide again (in a hot-seat game a player never takes
    back the other's move) and undo is on (play flag bit 5 clear). ``st`` becomes the
    position before that decision, in place, and ``saver`` (engine/ui/autosave.py) saves
    it. Returns None, or why not (nothing changed). Before the first decision after a
    Continue there is nothing to undo."""
    i = saver.last_person
    if saver.play[3] & 32:
        return "undo is switched off"
    if i < 0:
        return "nothing to undo"
    if saver.last_chance > i:
        return "a die was rolled since"
    if st.to_act() != saver.person:
        return "the last move was the other player's"
    from .letgo import let_go_saves

    try:
        from engine.core.gamesave import replay
        from engine.core.record import Record

        fresh = replay(Record(saver.play[0], saver.config, saver.seed, []))
    finally:
        let_go_saves()
    acts = saver.log.list()[:i]
    saver.log.clear()
    saver.last_person = saver.person = saver.last_chance = -1
    for a in acts:
        who = fresh.to_act()
        fresh.apply(a)
        saver.add(a, who)
    st.copy_from(fresh)
    saver.saved = -1
    saver.rest(st)
    return None


def undo(screen, saver):
    """The menu's Undo: the position before this person's last decision, redrawn; or why
    not (Pocket-Tactics: a page; Tactical Hex: the status line)."""
    why = undo_last(saver, screen.st)
    if hasattr(screen, "cursor"):  # Tactical Hex
        screen._enter()
        if why is not None:
            screen.set_status("Not now: %s" % why)
        return
    if why is not None:
        from .screens import M_MAP

        screen._show_info(["Undo", "", "Not now: %s." % why], M_MAP)
        return
    screen.sel = 0xFF  # consts.NONE: nothing selected
    screen.intent = None
    screen.map.sync(screen.st, screen.unit_sprite)
    screen._enter()


def replay(screen, saver):
    """The replay viewer (engine/ui/replay.py) on the record so far, on the battle's own
    screen, lent to it (the device has no heap for a second screen): the screen's events
    and ticks go to the viewer until B or Start closes it, then the battle is back as it
    was (its position replayed from the record). The game is still on, so the viewer does
    not name the spell cards drawn (RULES A9). ``screen.replaying`` holds the open
    viewer."""
    from engine.core.record import Record

    from .replay import ReplayView

    view = ReplayView(screen.board, Record(saver.play[0], saver.config, saver.seed,
                                           saver.log.list()), secret=True, screen=screen)
    on_event = screen.on_event
    tick = screen.tick

    def event(ev):
        view.on_event(ev)
        if view.quit:
            screen.on_event = on_event  # the screen's own again
            screen.tick = tick
            screen.replaying = []
            view.give_back()
            _let_go_replay()
            screen.dirty = True

    def step(now):
        view.tick(now)
        if view.dirty:
            view.dirty = False
            screen.dirty = True
        return False

    screen.on_event = event
    screen.tick = step
    screen.replaying = [view]


def _let_go_replay():
    """The viewer's code and what replaying loaded: the rulesets' replay and notation."""
    import sys

    import engine.ui

    from .lazy import forget
    from .letgo import let_go_saves

    forget(engine.ui, "replay")
    for package in ("engine.pocket_tactics", "engine.tactical_hex"):
        loaded = sys.modules.get(package)
        if loaded is not None:  # only the game in play's is loaded
            forget(loaded, "saves")
            forget(loaded, "notation")
    let_go_saves()
