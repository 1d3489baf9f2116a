# SPDX-License-Identifier: MIT
"""The CircuitPython tier's driver of the game's programs: tools/mpcheck/drivers/ui_program.py
(the same argument, the same lines) run by tools/cpcheck/cprun.py at the root of a tree that
tools/bench/ui_bench.py builds (CpTree), where the run's files are (RUN.nvm; no RUN.imp:
CircuitPython collects garbage in the middle of an import, so the program imports its own
modules as on the device).

Two additions, neither in the heap a run's program needs:
- "base": at the end, after a collection, "LIVE <gc.mem_alloc()> <gc.mem_free()>": what the
  check itself keeps on the heap (the interpreter's start, the stand-ins of the native
  modules, this driver and the hand; a device has none of it), read by ui_bench's
  CpTree.own;
- "costs": a collection before every step, so that a step's gc.mem_alloc() difference is
  the objects it made and keeps (this interpreter collects only when an allocation fails;
  the MicroPython check collects between steps).
"""
import gc

import ui_program

ui_program.ROOT = ""  # the run's files: in the runner's folder, the tree's root

setup = ui_program.setup


def step():
    if ui_program._program == "costs":
        gc.collect()
    if ui_program.step():
        return True
    if ui_program._program == "base":
        gc.collect()
        print("LIVE %d %d" % (gc.mem_alloc(), gc.mem_free()))
    return False
