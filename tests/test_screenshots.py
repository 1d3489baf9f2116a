# SPDX-License-Identifier: MIT
"""The screenshots in docs/screenshots/ are what tools/screenshots.py draws today: a change
to the UI or the data that alters a screen fails here until the screenshots are made again
(python tools/screenshots.py)."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from tools import screenshots  # noqa: E402

DOCS = screenshots.OUT


def pixels(path):
    img = pygame.image.load(path)
    return img.get_size(), pygame.image.tobytes(img, "RGB")


def test_screenshots_are_current(tmp_path):
    made = screenshots.generate(str(tmp_path))
    names = sorted(os.path.basename(p) for p in made)
    assert names == sorted(f for f in os.listdir(DOCS) if f.endswith(".png")), \
        "docs/screenshots/ and tools/screenshots.py disagree on the files"
    for name in names:
        want = pixels(os.path.join(DOCS, name))
        got = pixels(os.path.join(str(tmp_path), name))
        assert got[0] == (160, 128)
        assert got == want, "%s is stale: run python tools/screenshots.py" % name
