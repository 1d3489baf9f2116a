# SPDX-License-Identifier: MIT
"""Code loaded for a moment: the one place where modules are let go.

Each program (the title, a battle, the replay viewer: engine/ui/kit/app.py) runs in an
interpreter of its own on the device, so its code stays loaded while it runs. A few parts
are needed once or rarely and are large beside a battle's heap: the reading of a saved game
and of its config at the battle's start, writing a save, a rules page, a unit card's text,
the assault forecast. For those,
``moment(module, function, *args)`` imports the module, calls the function and lets go of
every module the call loaded (a module that was loaded before stays). What it returns must
hold no object of a class of those modules (plain bytes, ints, strings, lists and tuples),
else their code would stay on the heap beside the copy loaded next time.
"""
import sys


def moment(module, function, *args):
    """``module.function(*args)``, the modules it loaded let go afterwards."""
    before = list(sys.modules)
    try:
        __import__(module)
        return getattr(sys.modules[module], function)(*args)
    finally:
        for name in list(sys.modules):
            if name not in before:
                _forget(name)


def _forget(name):
    """Drop module ``name`` from sys.modules and from its package, so that nothing refers
    to it any more and the collector can free it."""
    sys.modules.pop(name, None)
    package, _, leaf = name.rpartition(".")
    parent = sys.modules.get(package)
    if parent is not None:
        try:
            delattr(parent, leaf)
        except (AttributeError, KeyError, TypeError):  # MicroPython: KeyError
            pass
