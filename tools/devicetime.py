# SPDX-License-Identifier: MIT
"""The device's speed, measured: how many seconds of a PyGamer's time one second of this
machine's CPython CPU time stands for, for the engine's own work (docs/PERFORMANCE.md,
"Device time").

The chain, every link measured in the same run on a CPU-time clock (a busy machine does
not change it):

1. CircuitPython on the device's chip runs ``DEVICE_PYSTONES`` pystone passes a second
   (the figure of record below);
2. CircuitPython's own interpreter (its unix port, ../shared/circuitpython) runs pystone
   here at P passes a second (tools/bench/pystone.py), so the device is P /
   DEVICE_PYSTONES times slower than that interpreter on this machine, for any Python code
   (same interpreter, same bytecode: only the processor differs);
3. the engine's kernel (tools/bench/kernel.py: CPU decisions from fixed positions) takes
   K_cp seconds of CPU time in that interpreter and K_py in CPython, the same work
   (their checksums agree).

device seconds = CPython CPU seconds x (K_cp / K_py) x (P / DEVICE_PYSTONES)

    python tools/devicetime.py [--ruleset pt|hex]     # print the calibration
"""
import os
import resource
import subprocess
import sys
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tools", "bench"))

# CircuitPython's own figure for a SAMD51 at 120 MHz (the PyGamer's and the PyBadge's
# chip and clock): 1521.6 pystone passes a second at 5000 passes on a Metro M4 Express,
# adafruit/circuitpython commit 568636d562 ("run_background_tasks: Do nothing unless there
# has been a tick", 2019-11-18), which also gives 1445 a second in 50-pass runs timed on
# an oscilloscope. Rounded down to 1500: the PyGamer's display refreshes take their share.
DEVICE_PYSTONES = 1500
PYSTONE_PASSES = 100000
KERNEL_REPS = {"pt": 200, "hex": 6}
REPEATS = 3  # timings of each link; the fastest is kept (calibrate)
DRIFT = 0.15  # a factor that moves more than this during a run is reported


def _child_cpu(argv):
    """CPU seconds (user + system) that the child ``argv`` took, and its output."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(argv, cwd=ROOT, check=True, capture_output=True, text=True).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), out


def _cp(exe, script, *args):
    return _child_cpu([exe, "-X", "heapsize=2M", script] + [str(a) for a in args])


class Calibration:
    """The figures of one calibration (``factor``: device s per CPython CPU s)."""

    def __init__(self, ruleset, cp_pystones, py_pystones, k_cp, k_py):
        self.ruleset = ruleset
        self.cp_pystones = cp_pystones
        self.py_pystones = py_pystones
        self.k_cp = k_cp
        self.k_py = k_py
        self.factor = (k_cp / k_py) * (cp_pystones / DEVICE_PYSTONES)

    def line(self):
        return ("device time (%s): pystone %.0f/s CircuitPython here, %.0f/s CPython, %d/s "
                "device; kernel %.3f s CircuitPython / %.3f s CPython = %.2f; device s = "
                "CPython CPU s x %.0f" % (
                    self.ruleset, self.cp_pystones, self.py_pystones, DEVICE_PYSTONES,
                    self.k_cp, self.k_py, self.k_cp / self.k_py, self.factor))


def calibrate(ruleset="pt", exe=None, repeats=REPEATS):
    """Measure the factor now (some seconds). Each timing is taken ``repeats`` times and
    the fastest kept: on a CPU-time clock a timing can only come out slower than the work
    (another process's cache traffic, a frequency step), never faster, and single timings
    gave factors 213-286 on a quiet machine. Raises RuntimeError without the CircuitPython
    interpreter (tools/circuitpython.py says where it is looked for)."""
    from tools.circuitpython import find_interpreter

    import kernel
    import pystone

    if exe is None:
        exe, why = find_interpreter()
        if exe is None:
            raise RuntimeError("device time needs CircuitPython's interpreter: %s "
                               "(docs/DEVICE.md)" % why)
    ps = os.path.join("tools", "bench", "pystone.py")
    kn = os.path.join("tools", "bench", "kernel.py")
    reps = KERNEL_REPS[ruleset]
    cp_ps, py_ps, k_cp, k_py = [], [], [], []
    for _ in range(max(1, repeats)):
        t_full, _ = _cp(exe, ps, PYSTONE_PASSES)
        t_zero, _ = _cp(exe, ps, 0)
        cp_ps.append(PYSTONE_PASSES / max(1e-6, t_full - t_zero))
        k_full, out = _cp(exe, kn, ruleset, reps)
        k_zero, _ = _cp(exe, kn, ruleset, 0)
        k_cp.append(k_full - k_zero)
        work = kernel.positions(ruleset)  # fresh: a CPU player's PRNG moves as it decides
        t = time.process_time()
        check = kernel.run(ruleset, reps, work)
        k_py.append(time.process_time() - t)
        if out.split() != ["KERNEL", str(check)]:
            raise RuntimeError("the kernel's work differs between interpreters: %r, %d" % (
                out, check))
        t = time.process_time()
        pystone.run(PYSTONE_PASSES)
        py_ps.append(PYSTONE_PASSES / max(1e-6, time.process_time() - t))
    return Calibration(ruleset, max(cp_ps), max(py_ps), min(k_cp), min(k_py))


def measure(ruleset):
    """A run's factor, measured at its start (its line printed). RuntimeError without
    CircuitPython's interpreter."""
    cal = calibrate(ruleset)
    print(cal.line())
    return cal.factor


def recheck(ruleset, factor):
    """Measure again at the end of a run that used ``factor``, printing the line and a
    warning past 15 %: a machine whose load changed during the run (two processes sharing
    a core run slower per CPU second)."""
    end = measure(ruleset)
    if abs(end - factor) > DRIFT * factor:
        print("WARNING: the factor moved from %.0f to %.0f during the run: the machine's "
              "load changed; run again on a quiet machine" % (factor, end))


def device_clock(factor):
    """A clock for the CPU players: device milliseconds, counted from this process's CPU
    time x ``factor``, on the 2**29 ms wheel of the board's ticks (engine/core/ticks.py)."""
    scale = 1000.0 * factor

    def clock():
        return int(time.process_time() * scale) & ((1 << 29) - 1)

    return clock


def main():
    import argparse

    ap = argparse.ArgumentParser(description="Measure the device-time factor.")
    ap.add_argument("--ruleset", choices=("pt", "hex"), default=None)
    args = ap.parse_args()
    for rs in (args.ruleset,) if args.ruleset else ("pt", "hex"):
        try:
            print(calibrate(rs).line())
        except RuntimeError as e:
            sys.exit("devicetime: %s" % e)


if __name__ == "__main__":
    main()
