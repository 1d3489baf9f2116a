# SPDX-License-Identifier: MIT
"""Folds the shared ``const()`` numbers into the modules that use them, in the copy of the
code that goes to the device (tools/deploy.py) and to the MicroPython check
(tools/mpcheck/mpcheck.py).

Why: MicroPython replaces a ``const()`` name by its number only inside the module that
declares it, and drops the declaration only when the name is private (``_NAME``). Every
name that ``from .consts import NAME`` brings in is an interned string, a slot in the
importer's globals and a global lookup at each use, and the declaring module keeps it in
its own globals as well. Folded, the importer has the number itself where the name was (the
bytecode the compiler makes of a const), and the declaring module's copy becomes private
when nothing else needs it (docs/DEVICE.md, "What the device gets").

The sources in the repository are not changed: the desktop and the tests run them as
written. The folded copy still runs on CPython too.

What the pass does, per module of the tree (a dict of path -> source text):

- ``from M import NAME [as L]``, anywhere in the module, where ``M`` is a module of the tree
  that declares ``NAME = const(<int expression>)`` at its top level, or imports it from one
  that does (to any depth): the name leaves the
  import (an import left empty becomes ``pass``) and every use of ``L`` becomes ``(v)``,
  its value in parentheses.
- A declaring module renames ``NAME`` to ``_NAME`` when no module of the tree still imports
  it and no module reads an attribute of that name (``m.NAME``).
- No line is added or removed, so a device traceback points at the repository's line.
- Folding a folded copy changes nothing more, and an import of ``NAME`` still folds when
  the module imported from has it as ``_NAME`` by now: the desktop-only modules (the stub
  board) can be folded against an installed copy.

Anything the pass cannot do safely is refused with FoldError (a folded name that is also
assigned, a parameter or a keyword of the same name, ``_NAME`` already in use, ...): the build stops and says
which file and which name.
"""
import ast
import io
import tokenize


class FoldError(Exception):
    pass


_OPS = {
    ast.Add: lambda a, b: a + b,
    ast.Sub: lambda a, b: a - b,
    ast.Mult: lambda a, b: a * b,
    ast.FloorDiv: lambda a, b: a // b,
    ast.Mod: lambda a, b: a % b,
    ast.LShift: lambda a, b: a << b,
    ast.RShift: lambda a, b: a >> b,
    ast.BitOr: lambda a, b: a | b,
    ast.BitAnd: lambda a, b: a & b,
    ast.BitXor: lambda a, b: a ^ b,
}


def module_name(path):
    """"engine/core/rng.py" -> "engine.core.rng"; a package's __init__.py names the package."""
    parts = path[:-3].split("/")
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _value(node, known, where):
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if isinstance(node, ast.Name) and node.id in known:
        return known[node.id]
    if isinstance(node, ast.BinOp) and type(node.op) in _OPS:
        return _OPS[type(node.op)](_value(node.left, known, where), _value(node.right, known, where))
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.Invert)):
        v = _value(node.operand, known, where)
        return -v if isinstance(node.op, ast.USub) else ~v
    raise FoldError("%s: const() of something that is not an integer expression" % where)


def declared_consts(tree, path):
    """{name: int} of the module's top-level ``NAME = const(expr)``."""
    out = {}
    for node in tree.body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name) and isinstance(node.value, ast.Call)
                and isinstance(node.value.func, ast.Name) and node.value.func.id == "const"):
            name = node.targets[0].id
            where = "%s line %d (%s)" % (path, node.lineno, name)
            if len(node.value.args) != 1 or node.value.keywords:
                raise FoldError("%s: const() takes one argument" % where)
            out[name] = _value(node.value.args[0], out, where)
    return out


def _target(path, node):
    if not node.level:
        return node.module
    pkg = module_name(path).split(".")
    if not path.endswith("/__init__.py"):
        pkg = pkg[:-1]
    if node.level > 1:
        pkg = pkg[:len(pkg) - (node.level - 1)]
    return ".".join(pkg + ([node.module] if node.module else []))


class _Module:
    def __init__(self, path, text):
        self.path = path
        self.text = text
        try:
            self.tree = ast.parse(text, path)
        except SyntaxError as e:
            raise FoldError("%s does not parse: %s" % (path, e))
        self.name = module_name(path)
        self.consts = declared_consts(self.tree, path)
        # other bindings, the top-level NAME = const(...) declarations left out
        decl = set(id(n.targets[0]) for n in self.tree.body
                   if isinstance(n, ast.Assign) and len(n.targets) == 1
                   and isinstance(n.targets[0], ast.Name) and n.targets[0].id in self.consts)
        self.bound = dict((k, why) for k, (why, node) in _bindings(self.tree).items()
                          if id(node) not in decl)
        self.imports = [n for n in ast.walk(self.tree) if isinstance(n, ast.ImportFrom)]
        self.folded = {}        # local name -> value (imported and folded)
        self.dropped = {}       # ImportFrom node -> aliases folded out of it
        self.private = set()    # own declared names made private


def _bindings(tree):
    """{name: (why, node)} of the first binding of each name other than by ``from ...
    import``: "assigned or deleted at line 3", "a parameter at line 7", ..."""
    out = {}

    def bind(name, why, n):
        if name not in out:
            out[name] = ("%s at line %d" % (why, n.lineno), n)

    for n in ast.walk(tree):
        if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load):
            bind(n.id, "assigned or deleted", n)
        elif isinstance(n, ast.arg):
            bind(n.arg, "a parameter", n)
        elif isinstance(n, ast.keyword) and n.arg:
            bind(n.arg, "a keyword argument", n)
        elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bind(n.name, "a def or class", n)
        elif isinstance(n, ast.ExceptHandler) and n.name:
            bind(n.name, "an exception's name", n)
        elif isinstance(n, (ast.Global, ast.Nonlocal)):
            for name in n.names:
                bind(name, "declared global", n)
        elif isinstance(n, ast.Import):
            for a in n.names:
                bind(a.asname or a.name.split(".")[0], "imported", n)
    return out


def _name_tokens(text, path):
    """[(row, col, name)] of the NAME tokens that are not an attribute (after a dot)."""
    out = []
    prev = None
    try:
        for t in tokenize.generate_tokens(io.StringIO(text).readline):
            if t.type == tokenize.NAME and not (prev is not None and prev.string == "."):
                out.append((t.start[0], t.start[1], t.string))
            if t.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.COMMENT, tokenize.INDENT,
                              tokenize.DEDENT):
                prev = t
    except (tokenize.TokenError, SyntaxError) as e:
        raise FoldError("%s does not tokenize: %s" % (path, e))
    return out


def fold_files(files):
    """fold() of the Python files among [(path in the tree, file to read)]."""
    texts = {}
    for rel, path in files:
        if rel.endswith(".py"):
            with open(path, encoding="utf-8") as f:
                texts[rel] = f.read()
    return fold(texts)


def fold(sources):
    """sources: {path: text} of every Python file of the tree (paths with "/", relative to
    the tree's root). Returns {path: text} with the folded modules rewritten (the others as
    they were). Raises FoldError."""
    mods = {p: _Module(p, t) for p, t in sources.items()}
    attrs = set()
    for m in mods.values():
        for n in ast.walk(m.tree):
            if isinstance(n, ast.Attribute):
                attrs.add(n.attr)

    # 1. fold the imports of consts: declared by the module imported from, or imported
    # there in turn (a re-export), to any depth
    provides = {}
    for m in mods.values():
        provides[m.name] = dict(m.consts)
        for name, value in m.consts.items():
            # a name this pass made private before (a copy that was folded already, such
            # as an installed one) is still found under its public name
            public = name[1:]
            if (name.startswith("_") and not name.startswith("__")
                    and public not in m.consts and public not in m.bound):
                provides[m.name][public] = value
    changed = True
    while changed:
        changed = False
        for m in mods.values():
            for node in m.imports:
                target = _target(m.path, node)
                if target not in provides:
                    continue
                for a in node.names:
                    value = provides[target].get(a.name)
                    if value is None or a in m.dropped.get(node, ()):
                        continue
                    local = a.asname or a.name
                    if m.folded.get(local, value) != value:
                        raise FoldError("%s: %s is imported twice with different values"
                                        % (m.path, local))
                    m.folded[local] = value
                    m.dropped.setdefault(node, []).append(a)
                    provides[m.name].setdefault(local, value)
                    changed = True
    for m in mods.values():
        for local in m.folded:
            if local in m.consts:
                raise FoldError("%s: %s is both imported and declared" % (m.path, local))
            if local in m.bound:
                raise FoldError("%s: cannot fold %s, it is also %s"
                                % (m.path, local, m.bound[local]))

    # 2. make a declaring module's consts private when nothing outside needs the name
    still = {}  # module name -> names still imported from it
    for m in mods.values():
        for node in m.imports:
            target = _target(m.path, node)
            gone = m.dropped.get(node, ())
            for a in node.names:
                if a not in gone:
                    still.setdefault(target, set()).add(a.name)
    for m in mods.values():
        wanted = still.get(m.name, ())
        for name in m.consts:
            if name in wanted or "*" in wanted or name in attrs or name.startswith("_"):
                continue
            if name in m.bound:
                raise FoldError("%s: cannot make %s private, it is also %s"
                                % (m.path, name, m.bound[name]))
            m.private.add(name)

    return {p: (_rewrite(m) if (m.folded or m.private) else m.text) for p, m in mods.items()}


def _rewrite(m):
    lines = m.text.split("\n")
    spans = {}  # first line -> (last line, replacement)
    for node, gone in m.dropped.items():
        first, last = node.lineno, node.end_lineno
        head = lines[first - 1][:node.col_offset]
        tail = lines[last - 1][node.end_col_offset:].strip()
        if head.strip() or (tail and not tail.startswith("#")):
            raise FoldError("%s line %d: an import that shares its line with other code"
                            % (m.path, first))
        keep = [a for a in node.names if a not in gone]
        if keep:
            module = "." * node.level + (node.module or "")
            names = ", ".join(a.name + (" as " + a.asname if a.asname else "") for a in keep)
            spans[first] = (last, "%sfrom %s import %s" % (head, module, names))
        else:
            spans[first] = (last, head + "pass")
    tokens = _name_tokens(m.text, m.path)
    used = set(t[2] for t in tokens)
    for name in m.private:
        if "_" + name in used:
            raise FoldError("%s: cannot rename %s to _%s, that name is already used"
                            % (m.path, name, name))
    in_imports = set(r for first, (last, _) in spans.items() for r in range(first, last + 1))
    edits = {}  # row -> [(col, name)]
    seen = {}
    for row, col, name in tokens:
        if (name in m.folded or name in m.private) and row not in in_imports:
            edits.setdefault(row, []).append((col, name))
            seen[name] = seen.get(name, 0) + 1
    uses = {}
    for n in ast.walk(m.tree):
        if isinstance(n, ast.Name) and (n.id in m.folded or n.id in m.private):
            uses[n.id] = uses.get(n.id, 0) + 1
    for name, count in uses.items():
        if seen.get(name, 0) != count:
            raise FoldError("%s: %s is used where the pass cannot rewrite it (an f-string?)"
                            % (m.path, name))
    for row, cols in edits.items():
        line = lines[row - 1]
        for col, name in sorted(cols, reverse=True):
            if name in m.private:
                new = "_" + name
            else:
                new = "(%d)" % m.folded[name]
            line = line[:col] + new + line[col + len(name):]
        lines[row - 1] = line
    for first, (last, text) in spans.items():
        lines[first - 1] = text
        for r in range(first, last):
            lines[r] = ""
    out = "\n".join(lines)
    try:
        compile(out, m.path, "exec")
    except SyntaxError as e:
        raise FoldError("%s: folding made code that does not parse: %s" % (m.path, e))
    return out

