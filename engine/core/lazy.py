# SPDX-License-Identifier: MIT
"""Code loaded for a moment: the one place where modules are let go.

Each program (the title, a battle, the replay viewer: engine/ui/kit/app.py) runs in an
interpreter of its own on the device, so its code stays loaded while it runs. A few parts
are needed once or rarely and are large beside a battle's heap: the reading of a saved game
and of its config at the battle's start, writing a save, a rules page, a unit card's text,
the assault forecast, a CPU's decision that needs no search. For those, ``moment(module,
function, *args)`` imports the module, calls the function and lets go of every module the
call loaded (a module that was loaded before stays). What it returns must hold no object of
a class of those modules (plain bytes, ints, strings, lists and tuples), else their code
would stay on the heap beside the copy loaded next time. A moment begins with a collection,
so that the code it loads goes where the collector has made room, not into the gaps between
the garbage (a save's moment is the battle program's peak: docs/PERFORMANCE.md).

Code needed over many frames while one part of the program is at work is ``held(module)``
and ``let_go(module)`` when that part is done: the ruleset registry and the reading of the
play bytes while the battle or the viewer makes its screen, the battles' menus (the action
a menu chooses is applied and saved without their code), the Pocket-Tactics pages over the
map (an assault's, its result, the game's end), Continue's and Undo's replay over frames,
and the code of a CPU level, held while it decides (engine/ui/kit/thinker.py): a person's
turn, its menus and its saves, goes without it. Code that loads more code as it makes its
object (a CPU level's player, the odds table's reader) is made by ``keep(module,
function, *args)``, which holds what the call loaded too.
"""
import gc
import sys

# MicroPython's and CircuitPython's collector runs when an allocation fails, so a collection
# at a quiet moment decides where the next allocations go; CPython frees by reference
# counts, and a full collection there takes longer than the rest of a save
_COLLECTS = sys.implementation.name != "cpython"


def collect():
    """A collection now, on the device (and MicroPython); nothing on CPython."""
    if _COLLECTS:
        gc.collect()


def moment(module, function, *args):
    """``module.function(*args)``, the modules it loaded let go afterwards."""
    collect()  # the code to load goes where the collector has made room
    before = _names()
    try:
        __import__(module)
        return getattr(sys.modules[module], function)(*args)
    finally:
        for name in _since(before):
            _drop(name)


_HELD = {}  # module held -> the names its loading loaded (held)


def held(module):
    """``module``, imported now if it is not loaded (after a collection, as a moment's code):
    code that stays loaded while one part of the program needs it, across frames (a menu
    and what it opens, a CPU's decision), until ``let_go(module)`` drops it and the modules
    its loading brought. The holder keeps none of its objects (instances, functions, the
    closures it made) past let_go, else that copy would stay on the heap beside the one
    loaded next. A module loaded before stays: a program loads its own code first."""
    m = sys.modules.get(module)
    if m is None:
        collect()  # the code to load goes where the collector has made room
        before = _names()
        __import__(module)
        m = sys.modules[module]
        _HELD[module] = _since(before)
    return m


def keep(module, function, *args):
    """``module.function(*args)``, with ``module`` and every module its loading or the
    call loaded held until ``let_go(module)``: code that makes an object which loads more
    code as it is made (a CPU level, whose player loads the odds table's reader), so that
    letting go of the object's code lets go of all of it."""
    collect()  # the code to load goes where the collector has made room
    before = _names()
    __import__(module)
    try:
        return getattr(sys.modules[module], function)(*args)
    finally:
        got = _HELD.get(module) or [module]
        for name in _since(before):
            if name not in got:
                got.append(name)
        _HELD[module] = got


def let_go(module):
    """The end of ``held(module)``: the module and those its loading brought are dropped
    (a module not loaded: nothing)."""
    for name in _HELD.pop(module, (module,)):
        _drop(name)


def _names():
    """The names of the modules loaded now, in a list of their size: a list grown a name
    at a time would be up to twice as large and leave its smaller copies behind."""
    out = [None] * len(sys.modules)
    i = 0
    for name in sys.modules:
        out[i] = name
        i += 1
    return out


def _since(before):
    """The few modules loaded since ``before`` (_names) was taken."""
    new = []
    for name in sys.modules:
        if name not in before:
            new.append(name)
    return new


def _drop(module):
    """``module`` dropped from sys.modules and from its package, so that nothing refers to
    it any more and the collector can free it."""
    sys.modules.pop(module, None)
    package, _, leaf = module.rpartition(".")
    parent = sys.modules.get(package)
    if parent is not None:
        try:
            delattr(parent, leaf)
        except (AttributeError, KeyError, TypeError):  # MicroPython: KeyError
            pass
