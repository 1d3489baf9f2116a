# SPDX-License-Identifier: MIT
"""tools/docstrings.py: the device build's docstrings emptied, every line where it was, the
code otherwise the same."""
import ast
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
from tools import docstrings  # noqa: E402

SOURCE = '''"""A module's docstring
over two lines."""
X = "kept: not a docstring"


def f(a):
    """Only a docstring."""


class C:
    r"""A raw one,
    \\n and all."""

    def m(self):
        """Method's."""
        return "also kept"  # a comment """ with quotes
'''


def _without_docstrings(text):
    tree = ast.parse(text)
    for n in ast.walk(tree):
        if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef)) and n.body and \
                isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant) \
                and isinstance(n.body[0].value.value, str):
            n.body[0].value.value = ""
    return ast.dump(tree)


def test_docstrings_are_emptied_and_nothing_else_changes():
    out = docstrings.blank(SOURCE)
    assert out.count("\n") == SOURCE.count("\n")
    assert "A module's" not in out and "raw one" not in out and "Method's" not in out
    assert '"kept: not a docstring"' in out and '"also kept"' in out
    assert '# a comment """ with quotes' in out
    assert _without_docstrings(out) == _without_docstrings(SOURCE)
    space = {}
    exec(compile(out, "<test>", "exec"), space)
    assert space["f"](1) is None and space["C"]().m() == "also kept"


def test_every_line_of_the_game_stays_where_it_was():
    for top in ("engine", "boards"):
        for folder, _, files in os.walk(os.path.join(ROOT, top)):
            for name in files:
                if not name.endswith(".py"):
                    continue
                path = os.path.join(folder, name)
                with open(path, encoding="utf-8") as f:
                    text = f.read()
                out = docstrings.blank(text, path)
                assert out.count("\n") == text.count("\n"), path
                assert _without_docstrings(out) == _without_docstrings(text), path
                assert len(out) <= len(text), path


def test_a_file_that_does_not_parse_is_refused():
    try:
        docstrings.blank("def f(:\n", "bad.py")
    except docstrings.DocstringError as e:
        assert "bad.py" in str(e)
    else:
        raise AssertionError("no DocstringError")
