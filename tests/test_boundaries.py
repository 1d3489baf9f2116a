# SPDX-License-Identifier: MIT
"""DESIGN.md §2 (fixed): engine/ imports nothing from boards/, tools/, tests/, pygame or
Blinka; the rules (core and rulesets) import no displayio; no hardware modules anywhere in
engine/; and no CPython-only modules or syntax outside try/except ImportError guards."""
import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ENGINE = os.path.join(ROOT, "engine")

NEVER = {"boards", "tools", "tests", "pygame", "blinka_displayio_pygamedisplay", "board",
         "keypad", "neopixel", "microcontroller", "analogio", "digitalio", "audioio",
         "audiopwmio", "supervisor"}
UI_ONLY = {"displayio", "terminalio", "adafruit_display_text", "adafruit_displayio_layout",
           "vectorio", "fontio"}
CPYTHON_ONLY = {"dataclasses", "enum", "abc", "functools", "itertools", "typing"}


def engine_files():
    for dirpath, _, files in os.walk(ENGINE):
        for f in files:
            if f.endswith(".py"):
                yield os.path.join(dirpath, f)


def imports(tree):
    """(module, guarded) for every import; guarded = inside try/except ImportError."""
    out = []

    def visit(node, guarded):
        if isinstance(node, ast.Try):
            g = any(isinstance(h.type, ast.Name) and h.type.id == "ImportError"
                    for h in node.handlers if h.type is not None)
            for child in node.body:
                visit(child, guarded or g)
            for child in node.handlers + node.orelse + node.finalbody:
                visit(child, guarded)
            return
        if isinstance(node, ast.Import):
            for a in node.names:
                out.append((a.name.split(".")[0], guarded))
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out.append((node.module.split(".")[0], guarded))
        for child in ast.iter_child_nodes(node):
            visit(child, guarded)

    visit(tree, False)
    return out


def test_engine_files_exist():
    assert len(list(engine_files())) >= 15


def test_engine_imports_respect_the_boundaries():
    bad = []
    for path in engine_files():
        rel = os.path.relpath(path, ROOT)
        in_ui = rel.startswith(os.path.join("engine", "ui"))
        with open(path) as f:
            tree = ast.parse(f.read(), rel)
        for mod, guarded in imports(tree):
            if mod in NEVER:
                bad.append("%s imports %s (belongs in boards/ or tools/)" % (rel, mod))
            if mod in UI_ONLY and not in_ui:
                bad.append("%s imports %s (only engine/ui may)" % (rel, mod))
            if mod in CPYTHON_ONLY and not guarded:
                bad.append("%s imports %s outside a try/except ImportError" % (rel, mod))
    assert not bad, "\n".join(bad)


def test_engine_syntax_is_in_the_subset():
    bad = []
    for path in engine_files():
        rel = os.path.relpath(path, ROOT)
        with open(path) as f:
            tree = ast.parse(f.read(), rel)
        for node in ast.walk(tree):
            if isinstance(node, ast.Match):
                bad.append("%s:%d match statement" % (rel, node.lineno))
            if isinstance(node, ast.NamedExpr):
                bad.append("%s:%d walrus operator" % (rel, node.lineno))
            if isinstance(node, ast.JoinedStr):
                bad.append("%s:%d f-string (use %% formatting)" % (rel, node.lineno))
            if isinstance(node, (ast.AsyncFunctionDef, ast.ClassDef)) and getattr(
                    node, "decorator_list", None):
                for d in node.decorator_list:
                    if isinstance(d, ast.Name) and d.id == "dataclass":
                        bad.append("%s:%d dataclass" % (rel, node.lineno))
    assert not bad, "\n".join(bad)


def test_the_checker_catches_a_forbidden_import():
    tree = ast.parse("import pygame\ntry:\n    import typing\nexcept ImportError:\n    pass\n")
    assert imports(tree) == [("pygame", False), ("typing", True)]
