# SPDX-License-Identifier: MIT
"""Device entry: pick the board adapter, run the app.

On a desktop this file sits where Python's standard ``code`` module may be looked up (pdb
imports it), so unless it is run as the main program there it stands aside for that module.
"""
import sys


def _show_error(board, err):
    # One line on the screen instead of a traceback; the details go to the serial console.
    msg = "%s: %s" % (type(err).__name__, err)
    print("pocket-tactics:", msg)
    try:
        import displayio
        import terminalio
        from adafruit_display_text.label import Label

        group = displayio.Group()
        group.append(Label(terminalio.FONT, text=msg[:26], color=0xFFFFFF, x=2, y=64))
        board.display.root_group = group
        board.display.refresh()
    except Exception as e:  # no display library: the console message has to do
        print("pocket-tactics: cannot show the error:", e)
    while True:
        board.update()
        board.sleep_ms(100)


def main():
    from boards import detect

    board = detect()
    try:
        from engine.ui.app import run_app
    except Exception as e:  # missing or broken UI, or out of memory while importing it
        _show_error(board, e)
    else:
        # autosave and Continue where the board has the heap (docs/DEVICE.md, "Saved games")
        run_app(board, saving=getattr(board, "saves_games", True))


def _be_the_standard_code_module():
    import importlib.util
    import os
    import sysconfig

    path = os.path.join(sysconfig.get_paths()["stdlib"], "code.py")
    spec = importlib.util.spec_from_file_location("code", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules["code"] = module  # the import statement returns this one
    spec.loader.exec_module(module)


if sys.implementation.name == "circuitpython" or __name__ == "__main__":
    main()
else:
    _be_the_standard_code_module()
