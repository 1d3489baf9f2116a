# SPDX-License-Identifier: MIT
"""tools/deploy.py installs all or nothing, as the board sees it (docs/RELIABILITY.md): an
install stopped at any point of its writing (Ctrl-C, or the drive pulled out) leaves the
old install, the stand-in entry files (the board runs no game), or the new install, never
a mix; the next run of the tool finishes it or leaves the old one, with no temporary file
left behind. Also the warnings about files CircuitPython runs before or instead of
code.py. A small made-up install stands in for the game's (the plan is not what is tested
here; tests/test_deploy.py installs the real one)."""
import errno
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from tools import deploy  # noqa: E402

OLD = {
    "code.py": b"# old title\n", "battle.py": b"# old battle\n", "viewer.py": b"# old viewer\n",
    "boards/common.py": b"old common\n", "engine/core/a.py": b"old a\n",
    "engine/core/b.py": b"old b\n", "lib/neopixel.py": b"old neopixel\n",
}
NEW = {
    "code.py": b"# new title\n", "battle.py": b"# new battle\n", "viewer.py": b"# new viewer\n",
    "boards/common.py": b"new common\n", "engine/core/a.mpy": b"C\x06new a\n",
    "engine/core/c.py": b"new c\n", "engine/pocket_tactics/odds.bin": b"\x00\x01\x02",
    "lib/neopixel.py": b"new neopixel\n",
}
# engine/core/a.py would shadow the new a.mpy on the board; b.py is no longer part of it
STALE = {"engine/core/a.py": "replaced by engine/core/a.mpy",
         "engine/core/b.py": "no longer part of the game"}
OWNER = {"boot.py": b"import storage\n", "notes/todo.txt": b"buy batteries\n",
         "lib/adafruit_ticks.mpy": b"C\x06 someone else's\n"}


def items(files=NEW):
    return [deploy.Item(rel, None, data, "lib" if rel.startswith("lib/") else "game")
            for rel, data in sorted(files.items())]


def put(dest, files):
    for rel, data in files.items():
        p = os.path.join(dest, *rel.split("/"))
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "wb") as f:
            f.write(data)


def files_in(dest):
    out = {}
    for base, _, names in os.walk(dest):
        for n in names:
            p = os.path.join(base, n)
            with open(p, "rb") as f:
                out[os.path.relpath(p, dest).replace(os.sep, "/")] = f.read()
    return out


def old_drive(tmp_path, name="drive"):
    dest = str(tmp_path / name)
    put(dest, OLD)
    put(dest, OWNER)
    return dest


def what_the_board_runs(dest):
    """"old", "new" or "nothing" (the stand-in entry files), from the files on the drive;
    AssertionError for a mix of the old and the new install."""
    got = files_in(dest)
    shown = {rel: data for rel, data in got.items()
             if rel not in OWNER and not rel.split("/")[-1].startswith(".")}
    if got.get("code.py") == getattr(deploy, "STAND_IN", None):
        return "nothing"
    for name, want in (("old", OLD), ("new", NEW)):
        if shown == want:
            return name
    raise AssertionError("a mix of the old and the new install: %s" % sorted(
        rel for rel in shown if shown[rel] != OLD.get(rel) or rel not in OLD))


def hidden(dest):
    """The names the install writes and then removes: temporary files and the journal."""
    return sorted(rel for rel in files_in(dest) if rel.split("/")[-1].startswith("."))


class Stop(Exception):
    pass


def stop_at(monkeypatch, k, how):
    """The k-th rename or removal on the drive (counting from 1) is interrupted: "ctrl-c"
    raises KeyboardInterrupt there; "pulled" fails it and every one after it (the drive is
    gone). Returns the list of the calls made."""
    calls = []
    real_replace, real_remove = os.replace, os.remove

    def cut(real):
        def f(*a, **kw):
            calls.append(a[0])
            if len(calls) == k and how == "ctrl-c":
                raise KeyboardInterrupt
            if len(calls) >= k and how == "pulled":
                raise OSError(errno.EIO, "Input/output error")
            return real(*a, **kw)
        return f

    monkeypatch.setattr(deploy.os, "replace", cut(real_replace))
    monkeypatch.setattr(deploy.os, "remove", cut(real_remove))
    return calls


def count_calls(tmp_path, monkeypatch):
    dest = old_drive(tmp_path, "count")
    with monkeypatch.context() as m:
        calls = stop_at(m, 0, "none")
        deploy.write_all(dest, items(), dict(STALE), lambda line: None)
    assert what_the_board_runs(dest) == "new" and hidden(dest) == []
    return len(calls)


@pytest.mark.parametrize("how", ["ctrl-c", "pulled"])
def test_an_install_stopped_anywhere_is_never_a_mix_and_the_next_run_finishes_it(
        tmp_path, monkeypatch, how):
    n = count_calls(tmp_path, monkeypatch)
    assert n >= len(NEW) + len(STALE)  # every file renamed, the stale ones removed
    stopped = []
    for k in range(1, n + 1):  # first what the board runs after each stop
        dest = old_drive(tmp_path, "%s-%d" % (how, k))
        with monkeypatch.context() as m:
            stop_at(m, k, how)
            try:
                with pytest.raises(deploy.DeployError) as e:
                    deploy.write_all(dest, items(), dict(STALE), lambda line: None)
            except KeyboardInterrupt:
                pytest.fail("Ctrl-C at the %d. rename or removal went through the install "
                            "(the board runs %s)" % (k, what_the_board_runs(dest)))
        assert "\n" not in str(e.value)
        now = what_the_board_runs(dest)
        if now == "nothing":  # the switch had begun: the message says how to finish it
            assert "run tools/deploy.py again" in str(e.value)
        if now == "new":  # all in place, but for the journal
            assert "the next run of tools/deploy.py removes it" in str(e.value)
        stopped.append((k, dest, now))
    assert set(now for _, _, now in stopped) == {"old", "nothing", "new"}
    for k, dest, now in stopped:  # then the next run: finished, or the old install
        lines = []
        said = deploy.finish_interrupted(dest, lines.append)
        assert hidden(dest) == [], (k, now)
        after = what_the_board_runs(dest)
        if said is None or said.startswith("removed "):  # stopped before the switch
            assert now == after == "old", (k, now, said)
        else:
            assert "finished the install" in said and after == "new", (k, now, said)
        assert all(files_in(dest)[rel] == data for rel, data in OWNER.items())
        assert deploy.finish_interrupted(dest, lines.append) is None  # nothing more to do


def test_ctrl_c_while_writing_the_new_files_leaves_the_old_install(tmp_path, monkeypatch):
    dest = old_drive(tmp_path)
    before = files_in(dest)
    for k in (1, 3, len(NEW) + 2):
        calls = []
        real = os.fsync

        def fsync(fd):
            calls.append(fd)
            if len(calls) == k:
                raise KeyboardInterrupt
            real(fd)

        with monkeypatch.context() as m:
            m.setattr(deploy.os, "fsync", fsync)
            with pytest.raises(deploy.DeployError, match="interrupted. Nothing was installed"):
                deploy.write_all(dest, items(), dict(STALE), lambda line: None)
        assert files_in(dest) == before


def test_temporary_files_of_an_install_pulled_out_while_writing_are_removed(tmp_path):
    # The drive went before the tool could clean up: hidden files, no journal.
    dest = old_drive(tmp_path)
    before = files_in(dest)
    put(dest, {".code.py.deploy-tmp": b"half", "engine/core/.c.py.deploy-tmp": b"ha",
               ".code.py.stand-in.deploy-tmp": deploy.STAND_IN,
               ".deploy-journal.deploy-tmp": b"{"})
    lines = []
    said = deploy.finish_interrupted(dest, lines.append)
    assert said == "removed 4 temporary files of an install that was interrupted on %s" % dest
    assert files_in(dest) == before


def switched_half_way(tmp_path, monkeypatch, name="drive"):
    """A drive whose install stopped in the middle of the switch (the board shows the
    stand-in)."""
    dest = old_drive(tmp_path, name)
    with monkeypatch.context() as m:
        stop_at(m, 6, "ctrl-c")
        with pytest.raises(deploy.DeployError):
            deploy.write_all(dest, items(), dict(STALE), lambda line: None)
    assert what_the_board_runs(dest) == "nothing"
    return dest


def test_an_install_that_cannot_be_finished_is_replaced_by_the_next(tmp_path, monkeypatch):
    dest = switched_half_way(tmp_path, monkeypatch)
    os.remove(os.path.join(dest, "engine", "core", ".c.py.deploy-tmp"))  # lost with the drive
    # a library-only install cannot replace the entry files: it says what to do
    with pytest.raises(deploy.DeployError, match="without --lib-only"):
        deploy.finish_interrupted(dest, print, full=False)
    said = deploy.finish_interrupted(dest, print)
    assert "cannot be finished" in said and "engine/core/c.py" in said
    assert hidden(dest) == [] and what_the_board_runs(dest) == "nothing"
    deploy.write_all(dest, items(), dict(STALE), lambda line: None)
    assert what_the_board_runs(dest) == "new" and hidden(dest) == []


def test_a_damaged_journal_is_not_followed(tmp_path, monkeypatch):
    dest = switched_half_way(tmp_path, monkeypatch)
    journal = os.path.join(dest, deploy.JOURNAL)
    with open(journal, "w") as f:  # a path out of the drive
        f.write('{"format": 1, "entries": [], "remove": [["../../x", "why"]], "files": []}')
    said = deploy.finish_interrupted(dest, print)
    assert "not one this version writes" in said
    with open(journal, "w") as f:
        f.write("{ cut")
    assert "cannot be read" in deploy.finish_interrupted(dest, print)
    assert hidden(dest) == []


def fast_plan(monkeypatch):
    """deploy.plan gives the made-up install (the real plan takes seconds)."""
    info = {"left_out": [], "libs": ["neopixel.py"], "builtins": ["board"],
            "not_shipped": []}
    monkeypatch.setattr(deploy, "plan", lambda *a, **kw: (items(), dict(STALE), info))


def test_the_tool_says_what_happened_and_finishes_on_the_next_run(tmp_path, monkeypatch,
                                                                    capsys):
    fast_plan(monkeypatch)
    dest = old_drive(tmp_path)
    with monkeypatch.context() as m:
        stop_at(m, 8, "ctrl-c")
        assert deploy.main([dest, "--py"]) == 1
    out, err = capsys.readouterr()
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert "run tools/deploy.py again" in err
    assert what_the_board_runs(dest) == "nothing"
    assert deploy.main([dest, "--py", "--dry-run"]) == 0
    out, err = capsys.readouterr()
    assert "interrupted: a run without --dry-run finishes it first" in out
    assert what_the_board_runs(dest) == "nothing"
    assert deploy.main([dest, "--py"]) == 0
    out, err = capsys.readouterr()
    assert "finished the install that was interrupted" in out and err == ""
    assert what_the_board_runs(dest) == "new" and hidden(dest) == []


def test_warns_of_files_circuitpython_runs_instead_of_the_game(tmp_path, monkeypatch, capsys):
    fast_plan(monkeypatch)
    dest = old_drive(tmp_path)
    put(dest, {"CODE.TXT": b"print('hi')\n", "main.py": b"print('old')\n"})
    assert deploy.main([dest, "--py"]) == 0
    out, _ = capsys.readouterr()
    warned = [ln for ln in out.splitlines() if ln.startswith("warning: ")]
    assert len(warned) == 2
    assert "CODE.TXT" in warned[0] and "instead of code.py" in warned[0]
    assert "main.py" in warned[1] and "only when there is no code.py" in warned[1]
    assert files_in(dest)["CODE.TXT"] == b"print('hi')\n"  # warned about, left alone
    assert deploy.drive_warnings(str(tmp_path / "nowhere")) == []
