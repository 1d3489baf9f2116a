# SPDX-License-Identifier: MIT
"""Tests of the MicroPython check harness itself (tools/mpcheck), with the tiny drivers of
tests/mp_drivers/. They run the real MicroPython 1.27 WebAssembly build under Node."""
import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools", "mpcheck"))

import mpcheck  # noqa: E402
from tools import shortnames  # noqa: E402

DRIVERS = os.path.join(ROOT, "tests", "mp_drivers")
RUN_MJS = os.path.join(ROOT, "tools", "mpcheck", "run.mjs")


def drv(name):
    return os.path.join(DRIVERS, name + ".py")


def fake_engine(tmp_path, name="fakepkg"):
    """A tiny package standing in for engine/, so these tests do not depend on it."""
    pkg = tmp_path / "src" / name
    (pkg / "inner").mkdir(parents=True)
    (pkg / "__pycache__").mkdir()
    (pkg / "__init__.py").write_text("VALUE = 'top'\n")
    (pkg / "inner" / "__init__.py").write_text("")
    (pkg / "inner" / "leaf.py").write_text("VALUE = 6 * 7\n")
    (pkg / "__pycache__" / "junk.py").write_text("this is not python\n")
    (pkg / "notes.txt").write_text("not a module\n")
    return str(pkg)


def run_node(*args):
    p = subprocess.run(["node", RUN_MJS] + list(args), capture_output=True, text=True,
                       timeout=120)
    lines = p.stdout.splitlines()
    assert lines and lines[-1].startswith("MPCHECK "), p.stdout + p.stderr
    return p.returncode, lines[:-1], json.loads(lines[-1][len("MPCHECK "):])


# -- steps and output -----------------------------------------------------------------------

@pytest.mark.parametrize("n", [1, 7])
def test_a_driver_that_steps_n_times_reports_n_steps(n):
    res = mpcheck.run(drv("mp_count"), str(n))
    assert res.ok, res.error
    assert res.steps == n
    assert res.error is None
    assert res.lines == ["setup %d" % n] + ["step %d" % i for i in range(1, n + 1)]
    assert res.heap_size == 1024 * 1024
    assert 0 < res.setup_heap <= res.peak_heap


def test_max_steps_stops_early_and_says_so():
    res = mpcheck.run(drv("mp_count"), "50", max_steps=4)
    assert res.ok and res.truncated
    assert res.steps == 4
    assert res.lines[-1] == "step 4"


def test_run_mjs_contract_on_its_own(tmp_path):
    mpcheck.build_tree("py", str(tmp_path), [drv("mp_count")], engine_dir=fake_engine(tmp_path))
    code, lines, rep = run_node("--root", str(tmp_path), "--driver", "mp_count",
                                "--arg", "3", "--heap", "65536")
    assert code == 0
    assert lines == ["setup 3", "step 1", "step 2", "step 3"]
    for key in ("ok", "steps", "peak_heap", "setup_heap", "heap_size", "error"):
        assert key in rep
    assert rep["ok"] is True and rep["steps"] == 3 and rep["error"] is None
    assert rep["heap_size"] == 65536
    assert 0 < rep["setup_heap"] <= rep["peak_heap"] < 65536


def test_bad_usage_exits_2(tmp_path):
    code, _, rep = run_node("--root", str(tmp_path))
    assert code == 2 and rep["ok"] is False and "--driver" in rep["error"]
    code, _, rep = run_node("--root", str(tmp_path), "--driver", "x", "--heap", "lots")
    assert code == 2 and "--heap" in rep["error"]
    code, _, rep = run_node("--root", str(tmp_path / "nowhere"), "--driver", "x")
    assert code == 2 and "--root" in rep["error"]


def test_an_exception_fails_with_its_traceback_and_keeps_the_output():
    res = mpcheck.run(drv("mp_raise"))
    assert not res.ok
    assert res.returncode == 1
    assert res.steps == 3
    assert res.lines == ["MPCHECK this line is the driver's, not the report",
                         "before 1", "before 2", "before 3", "no newline"]
    assert "ValueError: boom at 3" in res.error
    assert 'mp_raise.py", line 17, in step' in res.error
    assert "_mpc_" not in res.error  # the harness's own frame is left out


# -- heap ---------------------------------------------------------------------------------

def test_memory_kept_alive_gives_a_larger_peak_than_garbage():
    keep = mpcheck.run(drv("mp_alloc"), "keep,20,1000")
    drop = mpcheck.run(drv("mp_alloc"), "drop,20,1000")
    assert keep.ok and drop.ok, (keep.error, drop.error)
    assert keep.steps == drop.steps == 20
    # 20 kept blocks of 1000 bytes against one step's garbage of 1000 bytes.
    assert keep.peak_heap - drop.peak_heap >= 15 * 1000
    assert keep.peak_live_heap - drop.peak_live_heap >= 15 * 1000


def test_garbage_is_collected_between_steps_but_counted_within_one():
    big = mpcheck.run(drv("mp_alloc"), "drop,10,30000")
    small = mpcheck.run(drv("mp_alloc"), "drop,10,100")
    assert big.ok and small.ok, (big.error, small.error)
    # One step's garbage is in the figure ...
    assert big.steps_peak_heap - big.peak_live_heap >= 30000
    assert big.steps_peak_heap - small.steps_peak_heap >= 29000
    # ... but not the garbage of all ten steps: a collection ran between them.
    assert big.steps_peak_heap - small.steps_peak_heap < 2 * 30000
    assert abs(big.peak_live_heap - small.peak_live_heap) < 2000


def test_setup_heap_is_the_figure_after_setup():
    once = mpcheck.run(drv("mp_alloc"), "once,3,20000")
    none = mpcheck.run(drv("mp_alloc"), "once,3,0")
    assert once.ok and none.ok
    assert once.setup_heap - none.setup_heap >= 20000
    assert once.peak_heap >= once.setup_heap


def test_a_too_small_heap_raises_memoryerror_where_it_happens():
    fits = mpcheck.run(drv("mp_alloc"), "keep,20,1000", heap=64 * 1024)
    assert fits.ok, fits.error
    small = mpcheck.run(drv("mp_alloc"), "keep,20,1000", heap=12 * 1024)
    assert not small.ok
    assert small.returncode == 1
    assert small.heap_size == 12 * 1024
    assert "MemoryError" in small.error
    assert 'mp_alloc.py", line' in small.error and "in step" in small.error
    assert 1 <= small.steps < 20


def test_a_caught_memoryerror_still_fails_the_run():
    res = mpcheck.run(drv("mp_catch"), heap=16 * 1024)
    assert res.lines == ["caught"]
    assert not res.ok
    assert "MemoryError" in res.error
    roomy = mpcheck.run(drv("mp_catch"), heap=512 * 1024)
    assert roomy.ok and roomy.lines == []


# -- the MicroPython subset ------------------------------------------------------------------

def test_a_module_micropython_lacks_fails_with_the_error():
    res = mpcheck.run(drv("mp_missing"))
    assert not res.ok
    assert res.returncode == 1
    assert res.steps == 0
    assert "ImportError" in res.error and "dataclasses" in res.error


def test_syntax_micropython_lacks_fails_in_both_modes(tmp_path):
    eng = fake_engine(tmp_path)
    with open(os.path.join(eng, "inner", "leaf.py"), "a") as f:
        f.write("def f(x):\n    match x:\n        case 1:\n            return 1\n")
    for mode in ("py", "mpy"):
        res = mpcheck.run(drv("mp_where"), "fakepkg.inner.leaf", mode=mode, engine_dir=eng)
        assert not res.ok, mode
        assert "SyntaxError" in res.error, (mode, res.error)
        assert "leaf.py" in res.error, (mode, res.error)


# -- py and mpy trees --------------------------------------------------------------------------

@pytest.mark.parametrize("mode", ["py", "mpy"])
def test_the_mode_decides_what_is_loaded(tmp_path, mode):
    eng = fake_engine(tmp_path)
    res = mpcheck.run(drv("mp_where"), "fakepkg.inner.leaf", mode=mode, engine_dir=eng)
    assert res.ok, res.error
    assert res.lines == ["FILE /app/fakepkg/inner/leaf.%s" % mode, "VALUE 42"]
    res = mpcheck.run(drv("mp_where"), "fakepkg", mode=mode, engine_dir=eng)
    assert res.lines == ["FILE /app/fakepkg/__init__.%s" % mode, "VALUE top"]


def test_build_tree_layout(tmp_path):
    eng = fake_engine(tmp_path)
    for mode in ("py", "mpy"):
        dest = tmp_path / ("out_" + mode)
        mpcheck.build_tree(mode, str(dest), [drv("mp_count"), (drv("mp_where"), "sub/w.py")],
                           engine_dir=eng)
        got = sorted(os.path.relpath(os.path.join(d, f), str(dest)).replace(os.sep, "/")
                     for d, _, fs in os.walk(str(dest)) for f in fs)
        assert got == sorted(["fakepkg/__init__." + mode, "fakepkg/inner/__init__." + mode,
                              "fakepkg/inner/leaf." + mode, "mp_count.py", "sub/w.py"])
    with open(str(tmp_path / "out_mpy" / "fakepkg" / "inner" / "leaf.mpy"), "rb") as f:
        head = f.read(4)
    assert head[:2] == b"M\x06"  # .mpy format version 6 ...
    with open(str(tmp_path / "out_py" / "fakepkg" / "inner" / "leaf.py")) as f:
        assert f.read() == "VALUE = 6 * 7\n"
    with pytest.raises(mpcheck.MpcheckError):
        mpcheck.build_tree("pyc", str(tmp_path / "x"), engine_dir=eng)


def test_build_tree_of_the_real_engine_compiles_every_file(tmp_path):
    src = sorted(os.path.relpath(os.path.join(d, f), mpcheck.ENGINE).replace(os.sep, "/")
                 for d, ds, fs in os.walk(mpcheck.ENGINE) if "__pycache__" not in d
                 for f in fs if f.endswith(".py"))
    assert "__init__.py" in src
    dest = str(tmp_path / "t")
    mpcheck.build_tree("mpy", dest)
    got = sorted(os.path.relpath(os.path.join(d, f), dest).replace(os.sep, "/")
                 for d, _, fs in os.walk(dest) for f in fs)
    data = sorted(os.path.relpath(os.path.join(d, f), mpcheck.ENGINE).replace(os.sep, "/")
                  for d, ds, fs in os.walk(mpcheck.ENGINE) if "__pycache__" not in d
                  for f in fs if f.endswith(mpcheck.DATA_SUFFIXES))
    assert data == ["pocket_tactics/names.bin", "pocket_tactics/odds.bin",
                    "pocket_tactics/sprites.bin", "pocket_tactics/texts.bin"]  # as they are
    # each where the device build puts it, under its short name (tools/shortnames.py)
    modules = shortnames.modules_map()
    assert got == sorted([shortnames.device_path("engine/" + p, modules)[:-3] + ".mpy"
                          for p in src]
                         + [shortnames.device_path("engine/" + p, modules) for p in data])


# -- failures of the harness ----------------------------------------------------------------------

def test_a_step_that_never_returns_times_out():
    res = mpcheck.run(drv("mp_spin"), timeout=3)
    assert not res.ok
    assert "timed out" in res.error


def test_missing_node_modules_says_to_run_setup(monkeypatch):
    monkeypatch.setattr(mpcheck, "PACKAGE", "/nonexistent/micropython.mjs")
    with pytest.raises(mpcheck.MpcheckError) as e:
        mpcheck.run(drv("mp_count"), "1")
    assert "tools/setup.sh" in str(e.value)


def test_cli_prints_lines_and_summary_and_sets_the_exit_code():
    cli = [sys.executable, os.path.join(ROOT, "tools", "mpcheck", "mpcheck.py")]
    p = subprocess.run(cli + ["--mode", "py", "--driver", drv("mp_count"), "--arg", "2",
                              "--heap", "65536"], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    out = p.stdout.splitlines()
    assert out[:3] == ["setup 2", "step 1", "step 2"]
    assert out[-1].startswith("mpcheck: OK mode=py steps=2 peak heap ")
    assert " KB" in out[-1]
    p = subprocess.run(cli + ["--driver", drv("mp_missing")], capture_output=True, text=True,
                       timeout=120)
    assert p.returncode != 0
    assert "dataclasses" in p.stderr
    assert "FAILED" in p.stdout.splitlines()[-1]
