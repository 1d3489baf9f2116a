# SPDX-License-Identifier: MIT
"""Device entry: the title program (CircuitPython runs code.py at power-on, and after a
program asks for the title). The battle and the replay viewer are programs of their own,
battle.py and viewer.py, which the board restarts into (engine/ui/kit/app.py).

On a desktop this file sits where Python's standard ``code`` module may be looked up (pdb
imports it), so unless it is run as the main program there it stands aside for that module.
"""
import sys


def _be_the_standard_code_module():
    """This module becomes the standard library's ``code``: its source run in this
    module's namespace."""
    import os
    import sysconfig

    path = os.path.join(sysconfig.get_paths()["stdlib"], "code.py")
    with open(path, encoding="utf-8") as f:
        exec(compile(f.read(), path, "exec"), globals())


if sys.implementation.name == "circuitpython" or __name__ == "__main__":
    from boards import start

    start("title")
else:
    _be_the_standard_code_module()
