# SPDX-License-Identifier: MIT
"""Gives the game's own names short spellings in the copy of the code that goes to the
device (tools/deploy.py) and to the MicroPython check (tools/mpcheck/mpcheck.py), after the
const folding (tools/constfold.py).

Why: the interpreter interns every name a module brings (its functions, classes,
parameters, attributes and globals) and keeps the text for good, one byte a letter and one
more; a game of a person against the CPU holds about a thousand of them, some 10 KB of
text. ``legal_actions`` becomes ``Xq``, ``_saving_battle`` ``_Rk``: the names are still
interned, but take a few bytes each (docs/PERFORMANCE_LOG.md, "Short names").

The map from old to new names is a function of the repository, not of the files being
built, so the check measures exactly what the device gets, and a copy renamed twice does not
change (no new name is an old one). It is made by ``names_map()``:

- A candidate is a name the game's packages define (``engine/``, ``boards/``): a def or
  class, a parameter, a name or attribute assigned, an import's ``as`` name, longer than
  the short name it would get.
- Left as they are, everywhere: names that begin and end with two underscores; Python's
  keywords, built-ins and the attributes of its built-in types; every name the stand-ins of
  the native modules use (``tools/mpcheck/standins/``, the native API the game calls);
  attributes read from a module that is not the game's own (``os.rename``,
  ``supervisor.runtime.serial_connected``) and names imported from one; the methods of a
  class derived from such a module's class (an override must keep the name it overrides:
  boards/host.py's display over Blinka's); keyword arguments of calls to built-ins; the names of the game's modules and packages; the game's
  exception classes (their names are what a traceback shows); and any name written inside a
  string literal (not a docstring) of the game, the check's harness and drivers and
  ``tools/bench/ui_bench.py`` (which writes the drivers' shims) (``getattr(board, "saves_games", True)`` keeps
  ``saves_games``); and every name of ``code.py``, ``battle.py`` and ``viewer.py``, which go to the
  device as they are written (the owner reads and edits them).
- A private name (``_x``) gets a private short name, so ``_X = const(1)`` stays out of its
  module's globals.

What it cannot see: a name reached through a string made at run time (``getattr(obj, "apply_"
+ kind)``) is renamed under that string. Such a name must appear whole in a string literal
somewhere (a tuple of the names the code picks from), which keeps it; the MicroPython check
runs the renamed copy, so a miss on a path it plays fails the tests, not the device.

The modules get short names of their own (``module_map``: "engine.pocket_tactics.state"
is something like "b.b.w", in b/b/w.mpy; ``device_path`` says where a file goes),
rewritten in the import statements and in the strings that name a module whole
(``rename_modules``), so a module's name and its file's path, which the interpreter keeps,
take a few bytes.

Renaming works on tokens: only NAME tokens (and a module's name in a string) change, no
line is added or removed, so a device traceback still points at the repository's line.
Its names are the short ones;
``python tools/shortnames.py < traceback.txt`` gives them back from the checkout the install
was made from (``python tools/shortnames.py --map`` prints the map).
"""
import ast
import builtins
import functools
import io
import keyword
import os
import re
import string
import sys
import tokenize

try:
    from tools.constfold import module_name
    from tools.docstrings import docstring_nodes
except ImportError:  # tools/ is on sys.path, the repository's root is not
    from constfold import module_name
    from docstrings import docstring_nodes

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Where the names that may be renamed are defined.
GAME_DIRS = ("engine", "boards")
GAME_FILES = ("code.py", "battle.py", "viewer.py")
# Files whose names are the native API or whose strings name the game's attributes.
STANDINS = os.path.join("tools", "mpcheck", "standins")
CODE_WRITERS = (os.path.join("tools", "mpcheck", "drivers"), os.path.join("tools", "mpcheck"),
                os.path.join("tools", "bench", "ui_bench.py"))  # ui_bench writes a shim
HARNESS = os.path.join("tools", "mpcheck", "run.mjs")

_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_FIRST = string.ascii_letters
_NEXT = string.ascii_letters + string.digits

_BUILTIN_TYPES = (str, bytes, bytearray, list, dict, tuple, int, float, bool, set, frozenset,
                  object, memoryview, type, range, slice, BaseException, property,
                  staticmethod, classmethod, io.FileIO, io.BufferedReader, io.BufferedWriter,
                  io.TextIOWrapper, io.BytesIO, io.StringIO, type((lambda: (yield))()),
                  type(lambda: 0), type(len), type(io))
# Attributes of CircuitPython's native modules that no stand-in models (the check never
# runs the code that reads them) and CPython's modules may not have.
_NATIVE_EXTRA = ("const", "mem_info", "qstr_info", "heap_lock", "heap_unlock", "opt_level",
                 "print_exception", "implementation", "monotonic_ns", "ticks_ms", "remount",
                 "getmount", "readonly", "nvm", "reload", "set_next_code_file", "runtime",
                 "serial_connected", "serial_bytes_available", "on_next_reset", "RunMode",
                 "collect", "mem_free", "mem_alloc", "threshold")


class NamesError(Exception):
    pass


def _py_files(folder):
    out = []
    for dirpath, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if d not in ("__pycache__", "node_modules")
                         and not d.startswith("."))
        out += [os.path.join(dirpath, f) for f in sorted(files) if f.endswith(".py")]
    return out


def _parse(path, text):
    try:
        return ast.parse(text, path)
    except SyntaxError as e:
        raise NamesError("%s does not parse: %s" % (path, e))


def _docstrings(tree):
    return set(id(d) for _, d in docstring_nodes(tree))


def string_words(tree):
    """The words of the string literals of a module, its docstrings left out."""
    docs = _docstrings(tree)
    out = set()
    for n in ast.walk(tree):
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs:
            out.update(_WORD.findall(n.value))
        elif isinstance(n, ast.JoinedStr):  # an f-string is one token: its names stay
            out.update(_WORD.findall(ast.unparse(n)))
    return out


def defined_names(tree):
    """Names a module defines: defs, classes, parameters, assigned names and attributes,
    import aliases."""
    out = set()
    for n in ast.walk(tree):
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(n.name)
        elif isinstance(n, ast.arg):
            out.add(n.arg)
        elif isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load):
            out.add(n.id)
        elif isinstance(n, ast.Attribute) and not isinstance(n.ctx, ast.Load):
            out.add(n.attr)
        elif isinstance(n, (ast.Import, ast.ImportFrom)):
            out.update(a.asname for a in n.names if a.asname)
        elif isinstance(n, ast.ExceptHandler) and n.name:
            out.add(n.name)
    return out


def _root(node):
    while isinstance(node, ast.Attribute):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def foreign_names(tree, own_modules):
    """Names that belong to modules that are not the game's own: attributes read along a
    chain that starts at such a module, names imported from one, the methods of a class
    derived from a class of one (an override keeps the base's name: boards/host.py's
    display), and the keyword arguments of calls to built-ins and to such modules'
    functions."""
    foreign = set()  # local names bound to foreign modules
    out = set()
    for n in ast.walk(tree):
        if isinstance(n, ast.Import):
            for a in n.names:
                if a.name.split(".")[0] not in own_modules:
                    foreign.add(a.asname or a.name.split(".")[0])
                    out.update(a.name.split("."))
        elif isinstance(n, ast.ImportFrom) and not n.level:
            if (n.module or "").split(".")[0] not in own_modules:
                for a in n.names:
                    out.add(a.name)
    imported = set(out)
    callee_builtin = set(dir(builtins))
    for n in ast.walk(tree):
        if isinstance(n, ast.ClassDef) and any(
                _root(b) in foreign or isinstance(b, ast.Name) and b.id in imported
                for b in n.bases):
            # a subclass of a foreign class: its methods may override the base's
            out.update(m.name for m in n.body
                       if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef)))
        if isinstance(n, ast.Attribute) and _root(n) in foreign:
            node = n
            while isinstance(node, ast.Attribute):
                out.add(node.attr)
                node = node.value
        elif isinstance(n, ast.Call):
            f = n.func
            if ((isinstance(f, ast.Name) and f.id in callee_builtin)
                    or (isinstance(f, ast.Attribute) and (_root(f) in foreign
                                                          or f.attr in _builtin_attrs()))):
                out.update(k.arg for k in n.keywords if k.arg)
    return out


@functools.lru_cache(maxsize=None)
def _builtin_attrs():
    """The attributes of Python's built-in types (made once)."""
    s = set()
    for t in _BUILTIN_TYPES:
        s.update(dir(t))
    for name in dir(builtins):
        obj = getattr(builtins, name)
        if isinstance(obj, type):
            s.update(dir(obj))
    return frozenset(s)


def exception_classes(trees):
    """Names of the classes of ``trees`` that derive from an exception."""
    known = set(n for n in dir(builtins) if isinstance(getattr(builtins, n), type)
                and issubclass(getattr(builtins, n), BaseException))
    classes = []
    for tree in trees:
        classes += [n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)]
    out = set()
    changed = True
    while changed:
        changed = False
        for c in classes:
            if c.name in out:
                continue
            for b in c.bases:
                name = b.attr if isinstance(b, ast.Attribute) else getattr(b, "id", None)
                if name in known or name in out:
                    out.add(c.name)
                    changed = True
                    break
    return out


def _short_names(taken):
    """Short names, shortest first, none of them in ``taken``."""
    for a in _FIRST:
        if a not in taken:
            yield a
    width = 1
    while True:
        for head in _FIRST:
            for tail in _tails(width):
                name = head + tail
                if name not in taken:
                    yield name
        width += 1


def _tails(width):
    if width == 0:
        yield ""
        return
    for a in _NEXT:
        for rest in _tails(width - 1):
            yield a + rest


def _read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def make_map(game, others, standins, kept_text=""):
    """{old: new}. game: {path: text} of the files whose names may be renamed; others: {path:
    text} of Python files whose strings and foreign names must be kept (the check's drivers,
    the tools that write code); standins: {path: text} of the native modules' stand-ins
    (their names all kept); kept_text: other text whose words are all kept (the entry files,
    the check's harness)."""
    return make_maps(game, others, standins, kept_text)[0]


def make_maps(game, others, standins, kept_text=""):
    """(names, modules): make_map's {old: new} of names and module_map's {dotted module
    name: its short dotted name} of the same sources. The modules' short names are chosen
    first and no name gets one of them (a package's modules are attributes of the
    package)."""
    own_modules = set()
    for path in list(game) + list(others):
        parts = path[:-3].split("/")
        own_modules.update(p for p in parts if p != "__init__")
    trees = dict((p, _parse(p, t)) for p, t in list(game.items()) + list(others.items()))
    keep = set(keyword.kwlist) | set(dir(builtins)) | _builtin_attrs() | own_modules
    keep.update(_NATIVE_EXTRA)
    keep.update(_WORD.findall(kept_text))
    for path, text in standins.items():
        keep.update(_WORD.findall(text))
    for path, tree in trees.items():
        keep |= string_words(tree)
        keep |= foreign_names(tree, own_modules)
    keep |= exception_classes(trees[p] for p in game)
    taken = set(keep)
    candidates = set()
    for path, text in list(game.items()) + list(others.items()):
        taken.update(_WORD.findall(text))
    # a package's modules are attributes of the package: their names must not be a name
    # its __init__.py binds; a top-level module's not a native module's or a driver's
    reserved = set(keyword.kwlist) | set(dir(builtins))
    inits = {}
    for path in game:
        if path.endswith("__init__.py"):
            inits[module_name(path)] = defined_names(trees[path]) | set(
                a.asname or a.name.split(".")[0] for n in ast.walk(trees[path])
                if isinstance(n, (ast.Import, ast.ImportFrom)) for a in n.names)
    top = set(reserved) | own_modules | set(_WORD.findall(kept_text))
    for path in standins:
        top.add(os.path.basename(path)[:-3])
    modules = module_map(game, reserved, top, inits)
    for short in modules.values():
        taken.update(short.split("."))
    for path in game:
        candidates |= defined_names(trees[path])
    candidates = sorted(n for n in candidates if n not in keep and not n.startswith("__"))
    public = _short_names(taken)
    private = ("_" + n for n in _short_names(set(t[1:] for t in taken if t.startswith("_"))))
    out = {}
    for name in candidates:
        new = next(private) if name.startswith("_") else next(public)
        if len(new) < len(name):
            out[name] = new
    return out, modules


# Modules whose names stay: the entry files (GAME_FILES) import the board package by name.
KEPT_MODULES = ("boards",)
_MODULE_FIRST = string.ascii_lowercase  # one case only: the device's drive (FAT) ignores case
_MODULE_NEXT = string.ascii_lowercase + string.digits


def _lower_names(taken):
    for a in _MODULE_FIRST:
        if a not in taken:
            yield a
    for head in _MODULE_FIRST:
        for tail in _MODULE_NEXT:
            if head + tail not in taken:
                yield head + tail
    for head in _MODULE_FIRST:
        for tail in _MODULE_NEXT:
            for end in _MODULE_NEXT:
                if head + tail + end not in taken:
                    yield head + tail + end


def module_map(game, reserved, top=(), inits=None):
    """{dotted name: short dotted name} of every module and package of ``game`` ({path:
    text} of the game's packages): each part of a module's name spelt in a lower-case
    letter or two (a digit may follow the first), told apart within each package and
    none of ``reserved`` (keywords, built-ins); a top-level name none of ``top`` (the
    native modules', the drivers', the entry files' words), a package's module none of
    the names its __init__.py binds (``inits``: {package: names}), which would share the
    package's namespace with it. The interpreter interns a module's name and its file's
    path and keeps them (in a battle some 130 of them,
    "engine/pocket_tactics/config_check.mpy"); "a.b.cd" and "a/b/cd.mpy" take a fraction
    of that. KEPT_MODULES keep their names."""
    inits = inits or {}
    names = sorted(set(module_name(p) for p in game))
    children = {}  # package -> its children's names (one level)
    for name in names:
        parts = name.split(".")
        for i in range(1, len(parts) + 1):
            parent, leaf = ".".join(parts[:i - 1]), parts[i - 1]
            kids = children.setdefault(parent, [])
            if leaf not in kids:
                kids.append(leaf)
    short_of = {}  # (parent, leaf) -> short leaf
    for parent in sorted(children):
        kept = [leaf for leaf in children[parent]
                if (parent + "." + leaf if parent else leaf) in KEPT_MODULES]
        fresh = _lower_names(set(reserved) | set(top if not parent else inits.get(parent, ()))
                             | set(kept))
        for leaf in sorted(children[parent]):
            short_of[(parent, leaf)] = leaf if leaf in kept else next(fresh)
    out = {}
    for name in names:
        parts = name.split(".")
        out[name] = ".".join(short_of[(".".join(parts[:i]), parts[i])]
                             for i in range(len(parts)))
    return out


def device_path(rel, modules):
    """The path in the device build of the repository file ``rel`` ('/'-separated): a
    module's under its short name, a data file (texts.bin) in its package's short folder;
    any other file where it was."""
    folder, _, leaf = rel.rpartition("/")
    package = folder.replace("/", ".")
    if not folder or package not in modules:
        return rel
    if leaf.endswith(".py") and leaf != "__init__.py":
        name = package + "." + leaf[:-3]
        if name in modules:
            return modules[name].replace(".", "/") + ".py"
    return modules[package].replace(".", "/") + "/" + leaf


def _tokens(text):
    """``text``'s tokens, in order."""
    try:
        return list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, SyntaxError) as e:
        raise NamesError("does not tokenize: %s" % e)


def rename_modules(text, modules, path="<text>"):
    """``text`` (the module at ``path`` in the repository) with the game's module names
    spelt as ``modules`` says: in its import statements (a module imported from a package
    keeps the name it was bound to: ``from . import tables`` becomes ``from . import xy as
    tables``) and in the string literals that are a module's whole name ("engine.ui.play":
    the code names modules whole, never puts a name together). Lines as they were."""
    if not modules:
        return text
    tree = _parse(path, text)
    here = module_name(path) if path.endswith(".py") else ""
    package = here if path.endswith("/__init__.py") else here.rpartition(".")[0]
    tokens = _tokens(text)
    froms = dict((t.start, k) for k, t in enumerate(tokens)
                 if t.type == tokenize.NAME and t.string == "from")  # where each begins
    edits = []  # (row, start col, end col, new text)

    def absolute(node):
        if not node.level:
            return node.module or ""
        base = package.split(".") if package else []
        if node.level > 1:
            base = base[:len(base) - (node.level - 1)]
        return ".".join(base + ([node.module] if node.module else []))

    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            full = absolute(node)
            if full not in modules:  # not the game's (or already the build's name)
                continue
            short = modules[full]
            if node.level:  # the dots, then as many parts as were written
                keep = len(node.module.split(".")) if node.module else 0
                parts = short.split(".")
                new_module = "." * node.level + ".".join(parts[len(parts) - keep:] if keep
                                                         else [])
            else:
                new_module = short
            # the tokens between "from" and "import"
            i = froms[(node.lineno, node.col_offset)]
            j = i + 1
            while not (tokens[j].type == tokenize.NAME and tokens[j].string == "import"):
                j += 1
            first, last = tokens[i + 1], tokens[j - 1]
            if first.start[0] != last.end[0]:
                raise NamesError("%s:%d: the module of an import on more than one line"
                                 % (path, node.lineno))
            edits.append((first.start[0], first.start[1], last.end[1], new_module))
            for a in node.names:
                sub = full + "." + a.name
                if sub in modules:
                    leaf = modules[sub].rpartition(".")[2]
                    edits.append((a.lineno, a.col_offset, a.end_col_offset,
                                  "%s as %s" % (leaf, a.asname or a.name)))
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.name in modules:
                    if "." in a.name and not a.asname:
                        raise NamesError("%s:%d: import %s binds its package; write "
                                         "'from ... import' or 'import ... as'"
                                         % (path, node.lineno, a.name))
                    edits.append((a.lineno, a.col_offset, a.end_col_offset,
                                  modules[a.name] + (" as " + a.asname if a.asname else "")))
    for t in tokens:
        if t.type == tokenize.STRING and t.string[:1] in "\"'":
            try:
                value = ast.literal_eval(t.string)
            except (ValueError, SyntaxError):
                continue
            if isinstance(value, str) and value in modules and value not in KEPT_MODULES:
                if t.start[0] != t.end[0]:
                    continue
                edits.append((t.start[0], t.start[1], t.end[1], repr(modules[value])))
    lines = text.splitlines(True)
    for row, start, end, new in sorted(edits, reverse=True):
        line = lines[row - 1]
        lines[row - 1] = line[:start] + new + line[end:]
    return "".join(lines)


def device_build(texts, mapping=None, modules=None):
    """{path: text} -> {path: text} as the device build spells it: renamed by ``mapping``
    (names) and ``modules`` (module names), the repository's when None. The paths stay the
    repository's: device_path gives where each goes."""
    if mapping is None:
        mapping = names_map()
    if modules is None:
        modules = modules_map()
    return dict((p, rename_modules(rename(t, mapping, p), modules, p))
                for p, t in texts.items())


def repository_sources(root=ROOT):
    """(game, others, standins, kept text) as make_map takes them, read from ``root``."""
    game = {}
    for folder in GAME_DIRS:
        for p in _py_files(os.path.join(root, folder)):
            game[os.path.relpath(p, root).replace(os.sep, "/")] = _read(p)
    others = {}
    for name in GAME_FILES:
        others[name] = _read(os.path.join(root, name))
    for folder in CODE_WRITERS:
        full = os.path.join(root, folder)
        if full.endswith(".py"):
            files = [full]
        elif folder.endswith("drivers"):
            files = _py_files(full)
        else:
            files = [os.path.join(full, f) for f in sorted(os.listdir(full)) if f.endswith(".py")]
        for p in files:
            others[os.path.relpath(p, root).replace(os.sep, "/")] = _read(p)
    standins = dict((p, _read(p)) for p in _py_files(os.path.join(root, STANDINS)))
    kept = "".join(others[name] for name in GAME_FILES) + _read(os.path.join(root, HARNESS))
    return game, others, standins, kept


@functools.lru_cache(maxsize=None)
def _maps():
    return make_maps(*repository_sources())


def names_map():
    """The repository's map of names (made once per process)."""
    return _maps()[0]


def modules_map():
    """The repository's map of module names (module_map; made once per process)."""
    return _maps()[1]


def rename(text, mapping, path="<text>"):
    """``text`` with every NAME token found in ``mapping`` spelt as the map says; lines and
    everything else as they were."""
    lines = text.splitlines(True)
    edits = []
    try:
        for t in tokenize.generate_tokens(io.StringIO(text).readline):
            if t.type == tokenize.NAME and t.string in mapping:
                edits.append((t.start[0], t.start[1], t.end[1], mapping[t.string]))
    except (tokenize.TokenError, SyntaxError) as e:
        raise NamesError("%s does not tokenize: %s" % (path, e))
    for row, start, end, new in reversed(edits):
        line = lines[row - 1]
        lines[row - 1] = line[:start] + new + line[end:]
    return "".join(lines)


def shorten(texts, mapping=None):
    """{path: text} -> {path: text}, each text renamed by ``mapping`` (the repository's map
    when None)."""
    if mapping is None:
        mapping = names_map()
    return dict((p, rename(t, mapping, p)) for p, t in texts.items())


def map_text(mapping=None, modules=None):
    """The maps as lines "new old", the modules' first, each sorted by the new name: what
    turns a device traceback's names back."""
    if mapping is None:
        mapping = names_map()
    if modules is None:
        modules = modules_map()
    out = ""
    for table in (modules, mapping):
        out += "".join("%s %s\n" % (new, old) for old, new in sorted(table.items(),
                                                                      key=lambda kv: kv[1]))
    return out


# In a traceback the game's names stand after ", in " (the function) and between single
# quotes (the message's object, attribute or name).
_TRACE_NAMES = re.compile(r"(, in |')([A-Za-z_][A-Za-z0-9_]*)")


# ... and its modules in 'File "a.b.cd"' (the device build names a module's file so).
_TRACE_FILES = re.compile(r'(File ")([A-Za-z_][A-Za-z0-9_.]*)(")')


def names_back(text, mapping=None, modules=None):
    """A device traceback with the short names of its functions, quoted names and modules
    spelt as in the repository."""
    if mapping is None:
        mapping = names_map()
    if modules is None:
        modules = modules_map()
    back = dict((new, old) for old, new in mapping.items())
    files = dict((new, old) for old, new in modules.items())
    text = _TRACE_FILES.sub(lambda m: m.group(1) + files.get(m.group(2), m.group(2))
                            + m.group(3), text)
    return _TRACE_NAMES.sub(lambda m: m.group(1) + back.get(m.group(2), m.group(2)), text)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if argv == ["--map"]:
        sys.stdout.write(map_text())
    elif not argv:
        sys.stdout.write(names_back(sys.stdin.read()))
    else:
        sys.stderr.write("usage: python tools/shortnames.py [--map] < traceback.txt\n")
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
