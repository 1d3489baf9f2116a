# SPDX-License-Identifier: MIT
"""Fake ``storage``: records ``remount`` calls (``remounts``: (path, readonly, protection))."""
remounts = []


def remount(mount_path, readonly=False, *, disable_concurrent_write_protection=False):
    remounts.append((mount_path, readonly, disable_concurrent_write_protection))
