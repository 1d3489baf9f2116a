# SPDX-License-Identifier: MIT
"""Code loaded for a moment: the one place where modules are let go.

Each program (the title, a battle, the replay viewer: engine/ui/kit/app.py) runs in an
interpreter of its own on the device, so its code stays loaded while it runs. A few parts
are needed once or rarely and are large beside a battle's heap: the reading of a saved game
and of its config at the battle's start, writing a save, a rules page, a unit card's text,
the assault forecast. For those, ``moment(module, function, *args)`` imports the module,
calls the function and lets go of every module the call loaded (a module that was loaded
before stays). What it returns must hold no object of a class of those modules (plain
bytes, ints, strings, lists and tuples), else their code would stay on the heap beside the
copy loaded next time. A moment begins with a collection, so that the code it loads goes
where the collector has made room, not into the gaps between the garbage (a save's moment
is the battle program's peak: docs/PERFORMANCE.md).

Code needed while one part of a screen is up, over many frames, is ``held(module)`` and
``let_go(module)`` when that part closes: the Pocket-Tactics battle's menus, so that the
action a menu chooses is applied (and saved) and the CPU thinks without their code.
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
    # the names loaded before, in a list of their size: a list grown a name at a time
    # would be up to twice as large and leave its smaller copies behind
    before = [None] * len(sys.modules)
    i = 0
    for name in sys.modules:
        before[i] = name
        i += 1
    try:
        __import__(module)
        return getattr(sys.modules[module], function)(*args)
    finally:
        new = []  # the few loaded since (no copy of all of sys.modules)
        for name in sys.modules:
            if name not in before:
                new.append(name)
        for name in new:
            let_go(name)


def held(module):
    """``module``, imported now if it is not loaded (after a collection, as a moment's code):
    code that stays loaded while one part of a screen is up across frames (a menu and what
    it opens), until ``let_go(module)`` when that part closes. The holder keeps none of its
    objects (functions, the closures it made) past let_go, else that copy would stay on the
    heap beside the one loaded next."""
    m = sys.modules.get(module)
    if m is None:
        collect()  # the code to load goes where the collector has made room
        __import__(module)
        m = sys.modules[module]
    return m


def let_go(module):
    """The end of ``held(module)`` (nothing if it is not loaded), and of each module a moment
    loaded: dropped from sys.modules and from its package, so that nothing refers to it any
    more and the collector can free it."""
    sys.modules.pop(module, None)
    package, _, leaf = module.rpartition(".")
    parent = sys.modules.get(package)
    if parent is not None:
        try:
            delattr(parent, leaf)
        except (AttributeError, KeyError, TypeError):  # MicroPython: KeyError
            pass
