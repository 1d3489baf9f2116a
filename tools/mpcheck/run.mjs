// SPDX-License-Identifier: MIT
// Runs a driver module inside the real MicroPython (WebAssembly build, npm package
// @micropython/micropython-webassembly-pyscript 1.27.0) and reports how much heap it needed.
//
//   node tools/mpcheck/run.mjs --root DIR --driver MODNAME [--arg STRING] [--heap BYTES]
//                              [--max-steps N]
//
// Every file under DIR is copied to /app in the interpreter's filesystem and /app is put
// first on sys.path. Then `import MODNAME; MODNAME.setup(ARG)` runs as one top-level call
// and `MODNAME.step()` as one more top-level call each time, until it returns a false value.
// The driver's printed lines go to stdout unchanged; the last line is
//   MPCHECK {"ok":..., "steps":..., "peak_heap":..., "setup_heap":..., "heap_size":...,
//            "error":..., ...}
// Exit code: 0 ok, 1 a Python exception (MemoryError included), 2 bad usage,
// 3 the harness itself failed (e.g. the npm package is not installed).
//
// How this build manages its heap (MicroPython 1.27, webassembly port, pyscript variant):
// - It is built with MICROPY_GC_SPLIT_HEAP_AUTO. `heapsize` is only the first GC area; when
//   an allocation does not fit, the GC does NOT collect (pointers held in WebAssembly locals
//   are out of its sight in the middle of a call) but adds another area from the C heap.
//   So on its own the build never raises MemoryError for a small heap, only when a single
//   request exceeds ~128 MiB.
// - gc.collect() and the 16 KiB allocation threshold only mark a collection as pending; it
//   runs when control returns to JavaScript at the end of a top-level call (a runPython or a
//   call through a Python proxy), with the module globals and other roots only.
// - gc.mem_alloc() is the bytes in allocated blocks over all areas; gc.mem_free() is the free
//   bytes plus the 128 MiB the GC may still add ("max new split").
//
// What this script does with that:
// - Heap needed: at the end of setup and of each step, inside the same top-level call and so
//   before any collection, it reads gc.mem_alloc() (live memory plus the garbage of that one
//   call) and keeps the peak. It then asks for a collection, which runs as the call returns,
//   so every step starts from live memory only. The live figure at the start of each step
//   is reported too (peak_live_heap).
// - Heap size: to make --heap a real limit like on a device, growth of the WebAssembly memory
//   is blocked and the free C heap is used up (all but a 2 KiB reserve for the loader's own
//   small buffers, which can never hold a new GC area). When the GC then tries to add an area
//   the request fails, so the allocation raises a real MemoryError where it happened; from
//   then on growth is allowed again so the traceback can be built. As a second check the
//   total size of the GC areas is compared after every call.
//   Like the reading above this is a safe upper bound: a device with that heap would collect
//   before failing, this build fails when live memory plus the garbage of the current call
//   does not fit.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const PKG = path.join(HERE, "node_modules", "@micropython", "micropython-webassembly-pyscript",
  "micropython.mjs");
const DEFAULT_HEAP = 1024 * 1024;
const MIN_HEAP = 4096;
const RESERVE = 2048; // free C-heap bytes left for the loader's small buffers
const APP = "/app";

const USAGE = "usage: node run.mjs --root DIR --driver MODNAME [--arg STRING] [--heap BYTES] " +
  "[--max-steps N]";

// -- output -------------------------------------------------------------------------------

function emit(text) {
  process.stdout.write(text + "\n");
}

function finish(report, code) {
  emit("MPCHECK " + JSON.stringify(report));
  process.exitCode = code;
}

function blankReport(heap) {
  return {
    ok: false, steps: 0, peak_heap: 0, setup_heap: 0, heap_size: heap, error: null,
    steps_peak_heap: 0, peak_live_heap: 0, truncated: false,
  };
}

// -- arguments ----------------------------------------------------------------------------

function parseSize(text) {
  const m = /^(\d+)([kKmM]?)$/.exec(text);
  if (!m) return NaN;
  const mult = { "": 1, k: 1024, K: 1024, m: 1048576, M: 1048576 }[m[2]];
  return parseInt(m[1], 10) * mult;
}

function parseArgs(argv) {
  const opts = { root: null, driver: null, arg: "", heap: DEFAULT_HEAP, maxSteps: null };
  const names = { "--root": "root", "--driver": "driver", "--arg": "arg", "--heap": "heap",
    "--max-steps": "maxSteps" };
  for (let i = 0; i < argv.length; i++) {
    let key = argv[i];
    let value;
    const eq = key.indexOf("=");
    if (key.startsWith("--") && eq > 0) {
      value = key.slice(eq + 1);
      key = key.slice(0, eq);
    }
    if (key === "-h" || key === "--help") return { help: true };
    const name = names[key];
    if (!name) return { error: "unknown argument " + JSON.stringify(argv[i]) };
    if (value === undefined) {
      if (i + 1 >= argv.length) return { error: key + " needs a value" };
      value = argv[++i];
    }
    opts[name] = value;
  }
  if (!opts.root) return { error: "--root is required" };
  if (!opts.driver) return { error: "--driver is required" };
  if (!/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/.test(opts.driver)) {
    return { error: "--driver must be a module name such as my_driver, not a path" };
  }
  if (typeof opts.heap === "string") {
    opts.heap = parseSize(opts.heap);
    if (!(opts.heap >= MIN_HEAP) || opts.heap > 512 * 1048576) {
      return { error: "--heap must be a byte count from " + MIN_HEAP + " to 512M" };
    }
  }
  if (opts.maxSteps !== null) {
    if (!/^\d+$/.test(opts.maxSteps)) return { error: "--max-steps must be a whole number" };
    opts.maxSteps = parseInt(opts.maxSteps, 10);
  }
  let st;
  try {
    st = fs.statSync(opts.root);
  } catch (e) {
    st = null;
  }
  if (!st || !st.isDirectory()) return { error: "--root is not a directory: " + opts.root };
  return opts;
}

// -- the WebAssembly memory: who may grow it ------------------------------------------------

// "free": growth allowed; "deny": refused quietly (filling the C heap, first try of a loader
// buffer); "budget": a request from inside the interpreter, i.e. the GC adding an area: it is
// refused and remembered, and the mode becomes "tripped", which refuses the runtime's further
// tries for the same request (it tries up to three sizes) and ends, with growth allowed
// again, when the runtime gives up and says so on console.error. By then the allocation has
// failed and MemoryError is being raised; its traceback and text may now take memory.
const mem = { mode: "free", exceeded: false };
const rawGrow = WebAssembly.Memory.prototype.grow;
WebAssembly.Memory.prototype.grow = function (pages) {
  if (mem.mode === "free") return rawGrow.call(this, pages);
  if (mem.mode === "budget") {
    mem.exceeded = true;
    mem.mode = "tripped";
  }
  throw new RangeError("mpcheck: heap limit");
};

// The emscripten runtime reports each refused growth on console.error; those are expected.
const rawConsoleError = console.error;
console.error = (...args) => {
  const first = String(args[0]);
  if (first.startsWith("Failed to grow the heap") || first.startsWith("Cannot enlarge memory")) {
    if (mem.mode === "tripped") mem.mode = "free";
    return;
  }
  if (first.startsWith("growMemory:")) return;
  rawConsoleError(...args);
};

// Takes every free byte of the C heap (growth refused), keeping RESERVE bytes free.
function makeFiller(module, rawMalloc) {
  const held = [];
  return function fill() {
    const before = mem.mode;
    mem.mode = "deny";
    const reserve = rawMalloc(RESERVE);
    for (let size = 1 << 27; size >= 8; size >>= 1) {
      for (;;) {
        const p = rawMalloc(size);
        if (!p) break;
        held.push(p);
      }
    }
    if (reserve) module._free(reserve);
    mem.mode = before;
  };
}

// -- the Python side --------------------------------------------------------------------------

// Runs once, before the budget applies. Everything the steps touch exists already, so that a
// step allocates nothing of the harness's own apart from the exception text on failure.
const PRELUDE = `
import sys, gc, io
sys.path.insert(0, ${JSON.stringify(APP)})
import _mpcheck_js
_mpc_grow = _mpcheck_js.grow
_mpc_report = _mpcheck_js.report
_mpc_mod = None

def _mpc_total():
    return gc.mem_alloc() + gc.mem_free()

def _mpc_text(e):
    _mpc_grow()
    s = io.StringIO()
    sys.print_exception(e, s)
    return s.getvalue()

def _mpc_setup(name, arg):
    global _mpc_mod
    live = gc.mem_alloc()
    try:
        m = __import__(name)
        for part in name.split(".")[1:]:
            m = getattr(m, part)
        _mpc_mod = m
        m.setup(arg)
    except BaseException as e:
        a = gc.mem_alloc()
        t = _mpc_total()
        _mpc_report(-1, a, live, t, _mpc_text(e))
        gc.collect()
        return
    a = gc.mem_alloc()
    _mpc_report(1, a, live, _mpc_total(), None)
    gc.collect()

def _mpc_step():
    live = gc.mem_alloc()
    try:
        r = _mpc_mod.step()
    except BaseException as e:
        a = gc.mem_alloc()
        t = _mpc_total()
        _mpc_report(-1, a, live, t, _mpc_text(e))
        gc.collect()
        return
    a = gc.mem_alloc()
    _mpc_report(1 if r else 0, a, live, _mpc_total(), None)
    gc.collect()

gc.collect()
`;

function copyTree(FS, src, dst) {
  FS.mkdirTree(dst);
  for (const ent of fs.readdirSync(src, { withFileTypes: true })) {
    const s = path.join(src, ent.name);
    const d = dst + "/" + ent.name;
    if (ent.isDirectory()) {
      copyTree(FS, s, d);
    } else if (ent.isFile() || (ent.isSymbolicLink() && fs.statSync(s).isFile())) {
      FS.writeFile(d, fs.readFileSync(s));
    }
  }
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (opts.help) {
    emit(USAGE);
    return;
  }
  if (opts.error) {
    process.stderr.write("mpcheck: " + opts.error + "\n" + USAGE + "\n");
    const r = blankReport(null);
    r.error = "usage: " + opts.error;
    finish(r, 2);
    return;
  }
  const report = blankReport(opts.heap);

  if (!fs.existsSync(PKG)) {
    report.error = "mpcheck: " + PKG + " is missing; run tools/setup.sh";
    finish(report, 3);
    return;
  }
  const { loadMicroPython } = await import(pathToFileURL(PKG).href);

  // Forward the interpreter's output line by line, unchanged.
  const mp = await loadMicroPython({
    heapsize: opts.heap,
    linebuffer: true,
    stdout: (line) => emit(line),
    stderr: (line) => process.stderr.write(line + "\n"),
  });
  const module = mp._module;
  const flushOutput = () => {
    for (const [name, sink] of [["_stdoutBuffer", emit],
      ["_stderrBuffer", (t) => process.stderr.write(t + "\n")]]) {
      const buf = module[name];
      if (buf && buf.length) {
        sink(module._textDecoder.decode(new Uint8Array(buf)));
        module[name] = [];
      }
    }
  };

  // From here on the heap size is a limit: the C heap is used up and only the loader's own
  // buffers may grow the WebAssembly memory.
  const rawMalloc = module._malloc;
  const fill = makeFiller(module, rawMalloc);
  module._malloc = (n) => {
    const before = mem.mode;
    mem.mode = "deny";
    let p = rawMalloc(n);
    if (!p) {
      mem.mode = "free";
      p = rawMalloc(n);
      fill();
    }
    mem.mode = before;
    return p;
  };
  fill();

  copyTree(mp.FS, opts.root, APP);

  // Results come back through this callback, called from inside the top-level call.
  let last = null;
  mp.registerJsModule("_mpcheck_js", {
    grow: () => {
      mem.mode = "free";
    },
    report: (state, alloc, live, total, error) => {
      last = { state, alloc, live, total, error };
    },
  });

  let setupFn, stepFn, baseTotal, failure = null;
  mem.mode = "budget";
  mem.exceeded = false;
  try {
    mp.runPython(PRELUDE);
    setupFn = mp.globals.get("_mpc_setup");
    stepFn = mp.globals.get("_mpc_step");
    baseTotal = mp.globals.get("_mpc_total")();
  } catch (e) {
    failure = e;
  }
  mem.mode = "free";
  flushOutput();
  if (mem.exceeded) {
    report.error = "MemoryError: a heap of " + opts.heap + " bytes is too small for the " +
      "interpreter and the harness alone";
    finish(report, 1);
    return;
  }
  if (failure) {
    report.error = "mpcheck: internal error: " + (failure.message || String(failure));
    finish(report, 3);
    return;
  }

  // One top-level call; returns the state: 1 go on, 0 done, -1 failed (a Python exception,
  // or the heap limit was broken; report.error says which).
  const call = (fn, args, what) => {
    last = null;
    mem.mode = "budget";
    mem.exceeded = false;
    try {
      fn(...args);
    } catch (e) {
      // An exception escaping the wrappers (the wrappers catch every Python exception).
      mem.mode = "free";
      flushOutput();
      report.error = e && e.name === "PythonError" ? e.message : "mpcheck: " + String(e);
      return -1;
    }
    mem.mode = "free";
    flushOutput();
    if (!last) {
      report.error = "mpcheck: " + what + " returned no report";
      return -1;
    }
    report.peak_heap = Math.max(report.peak_heap, last.alloc);
    if (what !== "setup") {
      report.steps_peak_heap = Math.max(report.steps_peak_heap, last.alloc);
      report.peak_live_heap = Math.max(report.peak_live_heap, last.live);
    }
    if (last.state < 0) {
      // Drop the harness's own frame (the wrapper runs from "<stdin>").
      report.error = String(last.error).split("\n")
        .filter((l) => !/^ {2}File "<stdin>", line \d+, in _mpc_/.test(l)).join("\n");
      return -1;
    }
    if (mem.exceeded || last.total > baseTotal) {
      report.error = "MemoryError: " + what + " needed more than the heap of " + opts.heap +
        " bytes (" + last.alloc + " bytes allocated at its end; the MemoryError was caught " +
        "inside the driver or the heap grew)";
      return -1;
    }
    return last.state;
  };

  let state = call(setupFn, [opts.driver, opts.arg], "setup");
  if (state >= 0) {
    report.setup_heap = last.alloc;
    while (true) {
      if (opts.maxSteps !== null && report.steps >= opts.maxSteps) {
        report.truncated = true;
        break;
      }
      report.steps += 1;
      state = call(stepFn, [], "step " + report.steps);
      if (state <= 0) break;
    }
  } else if (last) {
    report.setup_heap = last.alloc;
  }
  flushOutput();
  report.ok = state >= 0;
  finish(report, report.ok ? 0 : 1);
}

main().catch((e) => {
  // Never print the stack: it would quote the whole minified loader.
  const r = blankReport(null);
  r.error = "mpcheck: internal error: " + (e && e.message ? e.message : String(e));
  finish(r, 3);
});
