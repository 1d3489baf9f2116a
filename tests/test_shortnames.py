# SPDX-License-Identifier: MIT
"""tools/shortnames.py: the device build's short names (docs/DEVICE.md, "What the device
gets").

The MicroPython check runs the renamed copy: tests/test_micropython.py, test_ui_memory.py
and the others play it there; tests/test_deploy.py starts an installed (renamed) tree on
CPython. Here: what the map keeps and what it renames, on a small tree and on the
repository, and that the renamed engine plays the same games on CPython."""
import keyword
import os
import subprocess
import sys
import textwrap

from tests.device_build import GAMES, N_GAMES, games_on_cpython
from tools import constfold, deploy, shortnames

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

GAME = {
    "pkg/__init__.py": "",
    "pkg/store.py": textwrap.dedent('''\
        """A docstring naming read_back does not keep it."""
        import os
        from micropython import const

        _LIMIT = const(4)


        class StoreError(ValueError):
            pass


        class FileBox:
            def __init__(self, path, limit=_LIMIT):
                self.path = path
                self.limit = limit
                self.rename = getattr(os, "replace", None)

            def remove(self, what):  # os.remove below stays os.remove
                return "removed %s" % what

            def read_back(self, key=None):
                items = sorted([3, 1, 2], key=key, reverse=True)
                if len(items) > self.limit:
                    raise StoreError("too many")
                return items

            def saves_games(self):
                return True


        def cleanup(path):
            try:
                os.remove(path)
            except OSError:
                pass
            return os.path.basename(path)
        '''),
    "pkg/use.py": textwrap.dedent('''\
        from .store import FileBox, StoreError, cleanup


        def run(path):
            box = FileBox(path, limit=5)
            out = [box.read_back(), box.read_back(key=lambda v: -v), box.remove("x"),
                   cleanup(path), getattr(box, "saves_games")()]
            try:
                FileBox(path, 1).read_back()
            except StoreError as e:
                out.append(type(e).__name__)
            return out
        '''),
}
STANDINS = {"standins/displayio.py": "class TileGrid:\n    def __init__(self, tile_width):\n"
            "        self.tile_width = tile_width\n"}
DRIVER = {"drivers/drive.py": 'def step(s):\n    return getattr(s, "limit")\n'}


def small_map():
    return shortnames.make_map(GAME, DRIVER, STANDINS, "step setup")


def test_the_small_tree_renamed_does_what_it_did(tmp_path):
    mapping = small_map()
    out = shortnames.shorten(GAME, mapping)
    results = []
    for where, texts in (("before", GAME), ("after", out)):
        for rel, text in texts.items():
            path = tmp_path / where / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
        (tmp_path / where / "micropython.py").write_text("def const(x):\n    return x\n")
        code = "from pkg.use import run; print(run(%r))" % str(tmp_path / "nothing")
        if where == "after":
            code = shortnames.rename(code, mapping)
        p = subprocess.run([sys.executable, "-c", code], cwd=str(tmp_path / where),
                           capture_output=True, text=True, timeout=60)
        assert p.returncode == 0, p.stderr
        results.append(p.stdout)
    assert results[0] == results[1]
    assert "StoreError" in results[1]
    assert "read_back" not in out["pkg/store.py"].split('"""')[2]  # renamed: not the docstring


def test_what_the_map_keeps_and_what_it_renames():
    mapping = small_map()
    for kept in ("remove", "replace", "basename", "saves_games", "limit", "key", "reverse", "StoreError",
                 "store", "use", "pkg", "tile_width", "path", "__init__", "const", "step"):
        assert kept not in mapping, kept
    for renamed in ("FileBox", "read_back", "cleanup", "run", "rename"):  # self.rename: ours
        assert renamed in mapping, renamed
        assert len(mapping[renamed]) < len(renamed)
    assert mapping["_LIMIT"].startswith("_")  # const() private: still dropped by the compiler
    assert not mapping["FileBox"].startswith("_")


def test_renaming_keeps_every_line_and_a_renamed_copy_does_not_change():
    mapping = small_map()
    once = shortnames.shorten(GAME, mapping)
    for rel, text in GAME.items():
        assert once[rel].count("\n") == text.count("\n"), rel
    assert shortnames.shorten(once, mapping) == once


def test_the_repository_map_is_safe():
    game, others, standins, kept = shortnames.repository_sources()
    mapping = shortnames.names_map()
    assert len(mapping) > 500
    words = set()
    for text in list(game.values()) + list(others.values()):
        words.update(shortnames._WORD.findall(text))
    new = list(mapping.values())
    assert len(set(new)) == len(new)  # no two names share a spelling
    assert not set(new) & words  # no new name is a name of the sources
    assert not set(new) & set(keyword.kwlist)
    for old, short in mapping.items():
        assert old.startswith("_") == short.startswith("_"), old
        assert not old.startswith("__"), old
        assert len(short) < len(old), old
    for kept_name in ("saves_games", "cfg", "replaying", "run_app", "pixel_shader",
                      "IllegalAction", "ConfigError", "battle", "pocket_tactics", "setup",
                      "step", "remove", "rename"):
        assert kept_name not in mapping, kept_name
    for renamed in ("legal_actions", "SearchPlayer", "record_for"):
        assert renamed in mapping, renamed


def test_the_entry_files_go_to_the_device_as_written():
    texts = constfold.fold_files([(rel, path) for rel, path in deploy.game_files()
                                  if rel.endswith(".py")])
    out = shortnames.shorten(texts)
    for rel in deploy.ENTRY_FILES:
        assert out[rel] == texts[rel], rel
    assert out["engine/ui/kit/app.py"] != texts["engine/ui/kit/app.py"]


def test_a_traceback_gets_its_names_back():
    mapping = shortnames.names_map()
    text = ('Traceback (most recent call last):\n'
            '  File "engine.ui.battle", line 1, in %s\n'
            "AttributeError: '%s' object has no attribute '%s'\n"
            % (mapping["record_for"], mapping["SearchPlayer"], mapping["legal_actions"]))
    back = shortnames.names_back(text, mapping)
    assert "in record_for\n" in back
    assert "'SearchPlayer' object has no attribute 'legal_actions'" in back
    assert 'File "engine.ui.battle", line 1' in back


def test_the_renamed_engine_plays_the_same_games_on_cpython(tmp_path):
    texts = constfold.fold_files([(rel, path) for rel, path in deploy.game_files()
                                  if rel.endswith(".py")])
    built, repo = games_on_cpython(str(tmp_path), shortnames.shorten(texts),
                                   shortnames.rename(GAMES, shortnames.names_map()))
    assert len(built) == N_GAMES + 1 and all(line.split()[0] != "0" for line in built[:-1])
    assert built == repo
