# SPDX-License-Identifier: MIT
"""The device's restart into the replay viewer (boards/common.py DeviceBoard
restart_for_replay), a module of its own so that its names are interned only when it is
used: CircuitPython keeps every name a loaded module brings for good."""

VIEWER_FILE = "viewer.py"  # at the drive's root, beside code.py (tools/deploy.py)


def into_viewer():
    """CircuitPython restarts into VIEWER_FILE, which shows the store's record
    (engine/ui/replay.py on_its_own) on an empty heap, and, once that file ends or fails,
    into code.py again (the setting holds for one run)."""
    import supervisor

    supervisor.set_next_code_file(VIEWER_FILE, reload_on_success=True,
                                  reload_on_error=True)
    supervisor.reload()
