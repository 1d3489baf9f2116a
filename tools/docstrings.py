# SPDX-License-Identifier: MIT
"""Empties the docstrings in the copy of the code that goes to the device (tools/deploy.py)
and to the checks (tools/mpcheck/mpcheck.py), after the const folding and the short names.

Why: a ``.py`` install compiles each module on the device when it is imported, and the
compiler's lexer makes a string of every docstring while it reads it (a module's can be
2-3 KB in one block) only to throw it away: MicroPython keeps no docstrings. The ``.mpy``
files have none either way. A docstring becomes an empty string with the same line breaks
(``\"\"\"`` and newlines), so no line moves and a device traceback still points at the
repository's line; the code runs as before (nothing of the game reads ``__doc__``).
"""
import ast
import io
import tokenize


class DocstringError(Exception):
    pass


def docstring_nodes(tree):
    """(owner, string) of each docstring of ``tree``: the module, class or function node
    whose body begins with it, and its string's node (also tools/shortnames.py's and
    tools/balance.py's way to tell a docstring)."""
    out = []
    for n in ast.walk(tree):
        if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            if (n.body and isinstance(n.body[0], ast.Expr)
                    and isinstance(n.body[0].value, ast.Constant)
                    and isinstance(n.body[0].value.value, str)):
                out.append((n, n.body[0].value))
    return out


def blank(text, path="<text>"):
    """``text`` with its docstrings emptied, every line where it was."""
    try:
        tree = ast.parse(text, path)
        starts = set((d.lineno, d.col_offset) for _, d in docstring_nodes(tree))
        tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (SyntaxError, tokenize.TokenError) as e:
        raise DocstringError("%s does not parse: %s" % (path, e))
    lines = text.splitlines(True)
    edits = []
    for t in tokens:
        if t.type == tokenize.STRING and t.start in starts:
            breaks = t.string.count("\n")
            edits.append((t.start, t.end, '"""' + "\n" * breaks + '"""' if breaks else '""'))
    for (r0, c0), (r1, c1), new in reversed(edits):
        head = lines[r0 - 1][:c0]
        tail = lines[r1 - 1][c1:]
        lines[r0 - 1:r1] = (head + new + tail).splitlines(True)
    return "".join(lines)


def blank_files(texts, keep=()):
    """{path: text} -> {path: text}, each with its docstrings emptied but the files of
    ``keep`` (the device's entry files, which go to the drive as they are written)."""
    return dict((p, t if p in keep else blank(t, p)) for p, t in texts.items())
