# SPDX-License-Identifier: MIT
"""The device's programs and the restart from one into the next (boards/common.py
DeviceBoard ``run_next``): each program runs in an interpreter of its own, with the heap to
itself (engine/ui/kit/app.py). A module of its own, so that its names are interned only
when it is used: CircuitPython keeps every name a loaded module brings for good."""

# the programs' files at the drive's root (tools/deploy.py installs them)
FILES = {"title": "code.py", "battle": "battle.py", "viewer": "viewer.py"}


def run_next(program):
    """CircuitPython restarts into ``program``'s file; when that file ends or fails, into
    code.py (the title) again: the setting holds for one run."""
    import supervisor

    if program != "title":
        supervisor.set_next_code_file(FILES[program], reload_on_success=True,
                                      reload_on_error=True)
    supervisor.reload()
