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


# --- the modules' names ----------------------------------------------------------------------

def test_every_module_gets_a_short_name_its_package_and_the_drive_can_tell_apart():
    modules = shortnames.modules_map()
    game, _, _, _ = shortnames.repository_sources()
    assert "engine.pocket_tactics.config_check" in modules and "boards.common" in modules
    assert modules["boards"] == "boards"  # the entry files import it by name
    names = set(shortnames.names_map().values())
    siblings = {}
    for old, new in modules.items():
        assert old.count(".") == new.count("."), old
        parent = modules[old.rpartition(".")[0]] if "." in old else ""
        assert new.startswith(parent), old  # a module lives in its package's folder
        leaf = new.rpartition(".")[2]
        if old != "boards":
            assert leaf == leaf.lower() and len(leaf) <= 2, old  # a FAT drive ignores case
        assert leaf not in names and not keyword.iskeyword(leaf), old
        siblings.setdefault(parent, []).append(leaf)
    for parent, leaves in siblings.items():
        assert len(set(leaves)) == len(leaves), parent
    # a package's modules share its namespace with what its __init__.py binds
    bound = set(shortnames.defined_names(shortnames._parse("boards/__init__.py",
                                                           game["boards/__init__.py"])))
    assert not bound & set(new.rpartition(".")[2] for old, new in modules.items()
                           if old.startswith("boards."))


def test_imports_and_the_strings_that_name_a_module_are_rewritten():
    modules = {"pkg": "a", "pkg.tables": "a.b", "pkg.sub": "a.c", "pkg.sub.deep": "a.c.d"}
    text = textwrap.dedent('''\
        import os
        from . import tables
        from . import tables as T
        from .tables import ROWS, COLS
        from .sub.deep import go
        from pkg.sub import deep as D
        import pkg.sub.deep as dd
        NAME = "pkg.sub.deep"
        OTHER = "pkg.sub.nothing"


        def f():
            if os:
                return 1
            from .sub import deep
            return deep
        ''')
    out = shortnames.rename_modules(text, modules, "pkg/use.py")
    assert out.count("\n") == text.count("\n")
    assert out.split("\n")[:9] == [
        "import os", "from . import b as tables", "from . import b as T",
        "from .b import ROWS, COLS", "from .c.d import go", "from a.c import d as D",
        "import a.c.d as dd", "NAME = 'a.c.d'", 'OTHER = "pkg.sub.nothing"']
    assert "    from .c import d as deep" in out.split("\n")
    assert shortnames.rename_modules(out, modules, "pkg/use.py") == out  # once is enough
    try:
        shortnames.rename_modules("import pkg.sub.deep\n", modules, "x.py")
    except shortnames.NamesError as e:
        assert "binds its package" in str(e)
    else:
        raise AssertionError("import pkg.sub.deep was let through")


def test_a_module_goes_to_its_short_path_and_a_traceback_names_it_back():
    modules = shortnames.modules_map()
    cpu = modules["engine.pocket_tactics.cpu"]
    assert shortnames.device_path("engine/pocket_tactics/cpu.py", modules) == (
        cpu.replace(".", "/") + ".py")
    assert shortnames.device_path("engine/pocket_tactics/odds.bin", modules) == (
        modules["engine.pocket_tactics"].replace(".", "/") + "/odds.bin")
    assert shortnames.device_path("engine/__init__.py", modules) == (
        modules["engine"] + "/__init__.py")
    assert shortnames.device_path("code.py", modules) == "code.py"
    text = '  File "%s", line 1, in %s\n' % (cpu, shortnames.names_map()["record_for"])
    assert shortnames.names_back(text) == (
        '  File "engine.pocket_tactics.cpu", line 1, in record_for\n')


def test_the_engine_under_its_modules_short_names_plays_the_same_games_on_cpython(tmp_path):
    texts = constfold.fold_files([(rel, path) for rel, path in deploy.game_files()
                                  if rel.endswith(".py")])
    modules = shortnames.modules_map()
    built, repo = games_on_cpython(
        str(tmp_path), shortnames.device_build(texts),
        shortnames.device_build({"games.py": GAMES})["games.py"],
        place=lambda rel: shortnames.device_path(rel, modules))
    assert not os.path.exists(os.path.join(str(tmp_path), "engine"))
    assert len(built) == N_GAMES + 1 and all(line.split()[0] != "0" for line in built[:-1])
    assert built == repo
