# SPDX-License-Identifier: MIT
"""The shape of the code (docs/ARCHITECTURE.md): read from the sources with ``ast``.

- No import cycle among the modules of engine/ and boards/ and the entry files: every
  import statement counts, inside functions too (a lazy import is still an import).
- engine/core imports no ruleset and no UI; engine/ imports nothing of boards/ or tools/;
  the rules engine (core and the rulesets) imports no displayio.
- Nothing replaces another object's method at run time to add behaviour: no assignment of
  a function (a lambda, a def of the scope) to an attribute of anything but ``self``.
- sys.modules is changed in one place only: engine/core/lazy.py.
"""
import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGES = ("engine", "boards")
ENTRIES = ("code.py", "battle.py", "viewer.py")
LAZY = "engine/core/lazy.py"


def _sources():
    """{module name: (path relative to ROOT, ast tree)} of engine/, boards/ and the entries."""
    out = {}
    for pkg in PACKAGES:
        for folder, dirs, files in os.walk(os.path.join(ROOT, pkg)):
            dirs[:] = [d for d in dirs if d != "__pycache__"]
            for name in files:
                if not name.endswith(".py"):
                    continue
                path = os.path.join(folder, name)
                rel = os.path.relpath(path, ROOT).replace(os.sep, "/")
                mod = rel[:-3].replace("/", ".")
                if mod.endswith(".__init__"):
                    mod = mod[:-len(".__init__")]
                with open(path, encoding="utf-8") as f:
                    out[mod] = (rel, ast.parse(f.read(), rel))
    for name in ENTRIES:
        with open(os.path.join(ROOT, name), encoding="utf-8") as f:
            out["<%s>" % name] = (name, ast.parse(f.read(), name))
    return out


SOURCES = _sources()


def _package_of(mod, rel):
    return mod if rel.endswith("__init__.py") else mod.rpartition(".")[0]


def imports_of(mod):
    """The modules of SOURCES that ``mod`` imports (``from pkg import name`` counts as
    pkg.name when that is a module, else as pkg)."""
    rel, tree = SOURCES[mod]
    here = _package_of(mod, rel)
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                out.add(a.name)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = here.split(".")
                parts = parts[:len(parts) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            for a in node.names:
                sub = base + "." + a.name
                out.add(sub if sub in SOURCES else base)
    return {m for m in out if m in SOURCES and m != mod}


def cycles():
    """The strongly connected components of more than one module (Tarjan)."""
    graph = {m: imports_of(m) for m in SOURCES}
    index = {}
    low = {}
    stack = []
    on = set()
    found = []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_import_cycle():
    assert cycles() == []


def test_the_cycle_finder_finds_a_cycle():
    # the test above can fail: two modules made to import each other are found
    SOURCES["engine.x_one"] = ("x_one.py", ast.parse("from engine import x_two\n"))
    SOURCES["engine.x_two"] = ("x_two.py", ast.parse("import engine.x_one\n"))
    try:
        assert ["engine.x_one", "engine.x_two"] in cycles()
    finally:
        del SOURCES["engine.x_one"], SOURCES["engine.x_two"]


def test_the_layers_import_downwards_only():
    for mod in SOURCES:
        got = imports_of(mod)
        if mod.startswith("engine.core"):
            bad = [m for m in got if not m.startswith("engine.core")]
            assert bad == [], "%s imports %s (engine/core imports no ruleset)" % (mod, bad)
        if mod.startswith("engine"):
            assert not [m for m in got if m.startswith("boards")], mod
    for mod, (rel, tree) in SOURCES.items():
        if mod.startswith("engine") and not mod.startswith("engine.ui"):
            names = {a.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                     for a in node.names}
            names |= {node.module for node in ast.walk(tree)
                      if isinstance(node, ast.ImportFrom) and node.module}
            assert "displayio" not in names and "engine.ui" not in names, mod


def _patches(tree):
    """(line, text) of each assignment of a function to an attribute of another object."""
    out = []
    for scope in ast.walk(tree):
        if not isinstance(scope, (ast.Module, ast.FunctionDef, ast.ClassDef)):
            continue
        local_defs = {n.name for n in scope.body if isinstance(n, ast.FunctionDef)}
        for node in ast.walk(scope):
            if not isinstance(node, ast.Assign):
                continue
            for target in node.targets:
                if not isinstance(target, ast.Attribute):
                    continue
                owner = target.value
                if isinstance(owner, ast.Name) and owner.id in ("self", "cls"):
                    continue
                v = node.value
                if isinstance(v, ast.Lambda) or (isinstance(v, ast.Name) and
                                                 v.id in local_defs):
                    out.append((node.lineno, ast.unparse(node)))
    return out


def test_nothing_replaces_another_objects_methods():
    found = {}
    for mod, (rel, tree) in SOURCES.items():
        p = _patches(tree)
        if p:
            found[rel] = p
    assert found == {}
    # and the check finds one
    assert _patches(ast.parse("def f(st):\n    def g(a):\n        pass\n    st.apply = g\n"))
    assert _patches(ast.parse("screen.tick = lambda now: None\n"))


def test_sys_modules_is_changed_in_the_lazy_helper_only():
    found = []
    for mod, (rel, tree) in SOURCES.items():
        if rel == LAZY:
            continue
        for node in ast.walk(tree):
            # sys.modules.pop(...), del sys.modules[...], sys.modules[...] = ...
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                    ast.unparse(node.func.value) == "sys.modules" and \
                    node.func.attr in ("pop", "clear", "update", "setdefault", "popitem"):
                found.append((rel, node.lineno))
            if isinstance(node, (ast.Delete, ast.Assign)):
                for t in getattr(node, "targets", []):
                    if isinstance(t, ast.Subscript) and ast.unparse(t.value) == "sys.modules":
                        found.append((rel, node.lineno))
    assert found == []
