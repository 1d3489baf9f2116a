# SPDX-License-Identifier: MIT
"""tools/constfold.py: the device build's folding of shared const() numbers into the modules
that use them (docs/DEVICE.md, "What the device gets").

The MicroPython check runs the folded copy: tests/test_micropython.py and
tests/test_hex_micropython.py compare its games with the repository's on CPython, byte for
byte. Here: what the pass writes, what it refuses, and the folded engine on CPython."""
import os
import textwrap

import pytest

from tests.device_build import N_GAMES, games_on_cpython
from tools import constfold, deploy
from tools.constfold import FoldError, fold

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

CONSTS = textwrap.dedent('''\
    # SPDX-License-Identifier: MIT
    from micropython import const

    LOW = const(3)
    HIGH = const(LOW << 4)  # an expression of an earlier const
    NEG = const(-1)
    SEEN = const(7)  # read as an attribute somewhere: stays public


    def twice(x):
        return 2 * x + LOW
    ''')


def tree(**modules):
    out = {"pkg/__init__.py": "", "pkg/consts.py": CONSTS}
    for name, text in modules.items():
        out["pkg/%s.py" % name] = textwrap.dedent(text)
    return out


def run(text, name="m"):
    """Executes folded module text on CPython with const() as the identity."""
    ns = {"const": lambda x: x, "__name__": name}
    exec(compile(text, name, "exec"), ns)
    return ns


USER = '''\
    # a user of the consts
    from .consts import (HIGH, LOW,
                         NEG, twice)


    def f(x):
        from .consts import LOW as L
        return x * HIGH + NEG + L + (LOW).bit_length()
    '''


def test_imports_fold_to_the_numbers_and_lines_stay_where_they_were():
    out = fold(tree(user=USER, other="from .consts import SEEN\n"))
    text = out["pkg/user.py"]
    assert "from .consts import twice" in text.splitlines()[1]
    assert "HIGH" not in text and "LOW" not in text and "NEG" not in text
    assert "x * (48) + (-1) + (3) + ((3)).bit_length()" in text
    assert text.count("\n") == textwrap.dedent(USER).count("\n")
    f = run(text.replace("from .consts import twice", "pass"))["f"]
    assert f(2) == 2 * 48 - 1 + 3 + 2
    assert out["pkg/other.py"] == "pass\n"


def test_the_declaring_module_keeps_only_what_others_still_need():
    out = fold(tree(user=USER, reader="from . import consts\nx = consts.SEEN\n"))
    consts = out["pkg/consts.py"]
    assert "_LOW = const(3)" in consts and "_HIGH = const(_LOW << 4)" in consts
    assert "_NEG = const(-1)" in consts
    assert "SEEN = const(7)" in consts and "_SEEN" not in consts  # m.SEEN is read
    assert "return 2 * x + _LOW" in consts
    assert run(consts)["twice"](1) == 5


def test_a_re_export_folds_at_every_depth():
    out = fold(tree(mid="from .consts import LOW, HIGH as H\n",
                    top="from .mid import LOW, H\nv = LOW + H\n"))
    assert run(out["pkg/top.py"])["v"] == 51
    assert "import" not in out["pkg/top.py"]


def test_an_absolute_import_and_a_file_outside_the_package_fold_too():
    src = tree()
    src["driver.py"] = "def g():\n    from pkg.consts import NEG, twice\n    return NEG\n"
    out = fold(src)
    assert out["driver.py"] == ("def g():\n    from pkg.consts import twice\n"
                                "    return (-1)\n")


@pytest.mark.parametrize("body,why", [
    ("from .consts import LOW\nLOW = 4\n", "assigned"),
    ("from .consts import LOW\ndef f(LOW=1):\n    return LOW\n", "a parameter"),
    ("from .consts import LOW\nx = dict(LOW=2)\n", "a keyword argument"),
    ("from .consts import LOW\nfor LOW in range(2):\n    pass\n", "assigned"),
    ("from .consts import LOW\nclass LOW:\n    pass\n", "a def or class"),
    ("from .consts import LOW\ntry:\n    pass\nexcept ValueError as LOW:\n    pass\n",
     "an exception's name"),
    ("import os; from .consts import LOW\n", "shares its line"),
])
def test_what_cannot_be_folded_safely_is_refused_with_the_file_and_the_name(body, why):
    with pytest.raises(FoldError) as e:
        fold(tree(user=body))
    assert "pkg/user.py" in str(e.value) and why in str(e.value)


def test_a_private_name_that_is_taken_is_refused():
    src = tree()
    src["pkg/consts.py"] += "_LOW = 9\n"
    with pytest.raises(FoldError, match="_LOW, that name is already used"):
        fold(src)


def test_a_const_of_something_else_than_an_integer_is_refused():
    src = tree()
    src["pkg/consts.py"] += "NAME = const('x')\n"
    with pytest.raises(FoldError, match="not an integer expression"):
        fold(src)


def test_folding_a_folded_copy_changes_nothing_and_still_folds_a_newcomer():
    once = fold(tree(user=USER))
    assert fold(once) == once
    again = dict(once)
    again["late.py"] = "from pkg.consts import HIGH\nv = HIGH\n"
    assert run(fold(again)["late.py"])["v"] == 48


def device_sources():
    texts = {}
    for rel, path in deploy.game_files():
        if rel.endswith(".py"):
            with open(path, encoding="utf-8") as f:
                texts[rel] = f.read()
    return texts


def test_the_device_files_fold_line_for_line_and_the_shared_numbers_go_private():
    texts = device_sources()
    out = fold(texts)
    for rel, text in texts.items():
        assert out[rel].count("\n") == text.count("\n"), rel
    for rel in ("engine/pocket_tactics/consts.py", "engine/tactical_hex/consts.py"):
        tree_ = constfold.declared_consts(__import__("ast").parse(out[rel]), rel)
        public = sorted(n for n in tree_ if not n.startswith("_"))
        assert public == [], (rel, public)
        assert len(tree_) > 30
    assert "NONE" not in out["engine/pocket_tactics/assault.py"]


def test_the_folded_engine_plays_the_same_games_on_cpython(tmp_path):
    built, repo = games_on_cpython(str(tmp_path), fold(device_sources()))
    assert len(built) == N_GAMES + 1 and all(line.split()[0] != "0" for line in built[:-1])
    assert built == repo


def test_a_private_const_does_not_hide_a_public_name_of_the_same_spelling():
    src = tree(user="from .consts import HALF\nv = HALF()\n")
    src["pkg/consts.py"] += "_HALF = const(2)\n\n\ndef HALF():\n    return 0.5\n"
    assert fold(src)["pkg/user.py"] == src["pkg/user.py"]


def test_a_use_the_pass_cannot_rewrite_is_refused():
    with pytest.raises(FoldError, match="cannot rewrite it"):
        fold(tree(user='from .consts import LOW\nx = f"{LOW}"\n'))
