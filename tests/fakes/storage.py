# SPDX-License-Identifier: MIT
"""Fake ``storage``: records ``remount`` calls (``remounts``: (path, readonly, protection));
``getmount("/").readonly`` follows the last remount of "/" (read-only for CircuitPython at
the start, as after a power-on without boot.py)."""
remounts = []
readonly = True


class _Mount:
    @property
    def readonly(self):
        return readonly


def remount(mount_path, readonly=False, *, disable_concurrent_write_protection=False):
    remounts.append((mount_path, readonly, disable_concurrent_write_protection))
    if mount_path == "/":
        globals()["readonly"] = readonly


def getmount(mount_path):
    if mount_path != "/":
        raise OSError("no such mount: %s" % mount_path)
    return _Mount()
