# SPDX-License-Identifier: MIT
"""The screenshots in docs/screenshots/ are what tools/screenshots.py draws today: a change
to the UI or the data that alters a screen fails here until the screenshots are made again
(python tools/screenshots.py). Each screen is there at 160 x 128 (NAME.png) and at 3x
(3x/NAME.png, 480 x 384, the same pixels as 3 x 3 blocks), with the contact sheet
overview.png; the README and the player's guide show the 3x copies."""
import glob
import os
import re

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from tools import screenshots  # noqa: E402

DOCS = screenshots.OUT
ROOT = os.path.dirname(DOCS.rstrip(os.sep).rsplit(os.sep, 1)[0])


def pixels(path):
    img = pygame.image.load(path)
    return img.get_size(), pygame.image.tobytes(img, "RGB")


def committed():
    """The generated files of docs/screenshots/ (the key scripts' folders, setup/ and
    hex-game/, are checked by their own tests)."""
    names = [f for f in os.listdir(DOCS) if f.endswith(".png")]
    names += [screenshots.BIG + "/" + f for f in os.listdir(os.path.join(DOCS, screenshots.BIG))
              if f.endswith(".png")]
    return sorted(names)


def tripled(size_rgb):
    """Nearest-neighbour 3x of (size, RGB bytes): every pixel a 3 x 3 block."""
    (w, h), rgb = size_rgb
    rows = []
    for y in range(h):
        row = rgb[y * w * 3:(y + 1) * w * 3]
        big = b"".join(row[x:x + 3] * 3 for x in range(0, len(row), 3))
        rows.append(big * 3)
    return (w * 3, h * 3), b"".join(rows)


def test_screenshots_are_current(tmp_path):
    made = screenshots.generate(str(tmp_path))
    names = sorted(os.path.relpath(p, str(tmp_path)).replace(os.sep, "/") for p in made)
    assert names == committed(), \
        "docs/screenshots/ and tools/screenshots.py disagree on the files"
    for name in names:
        want = pixels(os.path.join(DOCS, name))
        got = pixels(os.path.join(str(tmp_path), name))
        assert got == want, "%s is stale: run python tools/screenshots.py" % name
        if name.startswith(screenshots.BIG + "/"):
            assert got == tripled(pixels(os.path.join(DOCS, name.split("/")[1]))), name
        elif name != screenshots.OVERVIEW:
            assert got[0] == (160, 128)
    assert pixels(os.path.join(DOCS, screenshots.OVERVIEW))[0][0] >= 3 * 480


def test_docs_show_the_3x_screens_and_they_exist():
    """The README and the player's guide show each screen at 3x, none twice, and every
    image the docs cite exists."""
    docs = [os.path.join(ROOT, "README.md")] + sorted(glob.glob(os.path.join(ROOT, "docs",
                                                                            "*.md")))
    for path in docs:
        with open(path) as f:
            images = re.findall(r"!\[[^\]]*\]\(([^)\s]+)\)", f.read())
        shown = [i for i in images if "screenshots/" in i]
        for i in images:
            assert os.path.exists(os.path.join(os.path.dirname(path), i)), (path, i)
        for i in shown:
            rel = i.split("screenshots/", 1)[1]
            assert rel.startswith(screenshots.BIG + "/") or rel == screenshots.OVERVIEW, \
                (path, i, "show the 3x copy")
        assert len(set(shown)) == len(shown), (path, "a screen shown twice")
