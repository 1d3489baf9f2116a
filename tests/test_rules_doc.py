# SPDX-License-Identifier: MIT
"""docs/RULES.md holds every rule id the project cites.

Citations are collected from engine/, tests/, tools/, docs/ and README.md:

- "RULES A5.2", "RULES.md B6", "RULES A5.2, A5.3", "RULES A5.2/A5.3", "RULES B4-B6" (a range
  names every id in it), also wrapped onto the next (comment) line;
- "RULINGS.md B9" / "RULINGS B9" (a ruling belongs to a rule section);
- the first column of the tables of docs/RULINGS.md;
- the rule column of the engine's phase tables (``PHASES``), ``END_RULE`` and
  ``RULE_OF_KIND``, which the engine prints in its error messages;
- any dotted id such as "B3.4" anywhere (bare "A1", "B2" also name units, hexes and combat
  results, so only dotted ids are taken without a "RULES" in front).

An id is in docs/RULES.md when it heads a section ("### A5 Assault") or a numbered item
("2. **A5.2 Bump phase.**"), or when it is a sub-id whose parent section exists and lists it.
"""
import ast
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RULES_MD = os.path.join(ROOT, "docs", "RULES.md")
RULINGS_MD = os.path.join(ROOT, "docs", "RULINGS.md")
SCAN = ("engine", "tests", "tools", "docs", "README.md")
SUFFIXES = (".py", ".md", ".sh", ".keys", ".txt")
SKIP_DIRS = {"__pycache__", "node_modules", ".venv", ".git", "screenshots"}
THIS = os.path.abspath(__file__)

ID = r"[A-Z]\d{1,2}(?:\.\d{1,2})?"  # a part letter: A, B (a third ruleset: C)
_ID_LIST = ID + r"(?:[ \t]*(?:,|/|-|\u2013|and)[ \t]*" + ID + r")*"
_WRAP = r"(?:[ \t]*\n[ \t]*(?:#[ \t]*)?|[ \t]+)"  # a space, or a line break (in a comment)
# "RULES A5.2", "RULES.md B6", "RULES B, B1" (part B, section B1), "RULINGS.md, B7"
CITE = re.compile(r"\bRUL(?:ES|INGS)(?:\.md)?,?" + _WRAP + r"(?:[A-Z],?[ \t]+)?(?:\u00a7[ \t]*)?("
                  + _ID_LIST + r")(?![\w.]|\.\d)")
DOTTED = re.compile(r"(?<![\w.])([A-Z]\d{1,2}\.\d{1,2})(?!\w|\.\d)")
ONE = re.compile(r"(" + ID + r")(?:[ \t]*[-\u2013][ \t]*(" + ID + r"))?")
HEADING = re.compile(r"^#{1,6}[ \t]+(" + ID + r")(?![\w.]|\.\d)", re.M)
# a list item or a bold run at the start of a line: "2. **A5.2 Bump", "- B3.1 Initiative"
ITEM = re.compile(r"^[ \t]*(?:(?:[-*+]|\d+\.)[ \t]+(?:\*\*|__)?|\*\*|__)(" + ID
                  + r")(?![\w.]|\.\d)", re.M)
PHASE_NAMES = ("PHASES", "END_RULE", "RULE_OF_KIND")


def _split(i):
    letter, rest = i[0], i[1:]
    major, _, minor = rest.partition(".")
    return letter, int(major), (int(minor) if minor else None)


def expand(text):
    """The ids of a citation list such as "A5.2, A5.3" or "B4-B6" (ranges spelled out)."""
    out = []
    for m in ONE.finditer(text):
        a, b = m.group(1), m.group(2)
        if b is None:
            out.append(a)
            continue
        la, ma, na = _split(a)
        lb, mb, nb = _split(b)
        if la == lb and na is None and nb is None and ma <= mb:
            out.extend("%s%d" % (la, k) for k in range(ma, mb + 1))
        elif la == lb and ma == mb and na is not None and nb is not None and na <= nb:
            out.extend("%s%d.%d" % (la, ma, k) for k in range(na, nb + 1))
        else:
            out.extend((a, b))
    return out


def citations_in(text):
    """[(id, line)] of the citations in one file's text."""
    out = []
    for rx in (CITE, DOTTED):
        for m in rx.finditer(text):
            line = text.count("\n", 0, m.start()) + 1
            out.extend((i, line) for i in expand(m.group(1)))
    return out


def rulings_table_ids(text):
    """[(id, line)] of the ids in the first column of docs/RULINGS.md's tables."""
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        if line.startswith("|") and not set(line) <= set("|-: "):
            cell = line.split("|")[1]
            out.extend((i, n) for i in expand(cell))
    return out


def phase_table_ids(source):
    """[(id, line)] of the rule ids in a module's PHASES, END_RULE and RULE_OF_KIND."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Assign):
            continue
        names = [getattr(t, "id", getattr(t, "attr", None)) for t in node.targets]
        if not set(names) & set(PHASE_NAMES):
            continue
        v = node.value
        if isinstance(v, ast.Tuple):
            strings = [row.elts[3] for row in v.elts
                       if isinstance(row, ast.Tuple) and len(row.elts) > 3]
        elif isinstance(v, ast.Dict):
            strings = v.values
        else:
            strings = [v]
        for s in strings:
            if isinstance(s, ast.Constant) and isinstance(s.value, str):
                out.extend((i, s.lineno) for i in expand(s.value))
    return out


def _files():
    for top in SCAN:
        path = os.path.join(ROOT, top)
        if os.path.isfile(path):
            yield path
            continue
        for folder, dirs, files in os.walk(path):
            dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS)
            for name in sorted(files):
                p = os.path.join(folder, name)
                if name.endswith(SUFFIXES) and os.path.abspath(p) != THIS:
                    yield p


def cited_ids():
    """{id: ["path:line", ...]} of every rule id cited in the project."""
    out = {}
    for path in _files():
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        rel = os.path.relpath(path, ROOT).replace(os.sep, "/")
        found = citations_in(text)
        if path == RULINGS_MD:
            found += rulings_table_ids(text)
        if rel.startswith("engine/") and path.endswith(".py") and any(
                n in text for n in PHASE_NAMES):
            found += phase_table_ids(text)
        for i, line in found:
            out.setdefault(i, []).append("%s:%d" % (rel, line))
    return out


def sections(text):
    """({id: the section's text} of the headed sections, {ids of headings and items})."""
    heads = list(HEADING.finditer(text))
    body = {}
    for k, m in enumerate(heads):
        end = heads[k + 1].start() if k + 1 < len(heads) else len(text)
        body[m.group(1)] = text[m.end():end]
    named = set(body) | {m.group(1) for m in ITEM.finditer(text)}
    return body, named


def missing(ids, text):
    """The ids of ``ids`` that the rules document ``text`` does not have, sorted."""
    body, named = sections(text)
    out = set()
    for i in ids:
        if i in named:
            continue
        parent = i.partition(".")[0]
        if "." in i and parent in body and re.search(
                r"(?<![\w.])" + re.escape(i) + r"(?!\w|\.\d)", body[parent]):
            continue
        out.add(i)
    return sorted(out, key=lambda i: (i[0], _split(i)[1], _split(i)[2] or 0))


def _rules_text():
    with open(RULES_MD, encoding="utf-8") as f:
        return f.read()


# --- the project's citations ---------------------------------------------------------------

def test_every_cited_rule_id_is_in_rules_md():
    cited = cited_ids()
    gone = missing(cited, _rules_text())
    assert not gone, "rule ids cited but not in docs/RULES.md: " + "; ".join(
        "%s (%s)" % (i, ", ".join(cited[i][:3])) for i in gone)


def test_the_collector_finds_the_known_citations():
    # so that a collector finding nothing cannot pass the test above
    cited = cited_ids()
    for i in ("A2.7", "A5.2", "A5.4", "A9", "A10", "A11", "B3.1", "B3.7", "B6", "B9", "B10"):
        assert i in cited, i
    # the engine's phase tables and docs/RULINGS.md's tables are read
    assert any(p.startswith("engine/pocket_tactics/state.py") for p in cited["A5.1"])
    assert any(p.startswith("engine/tactical_hex/state.py") for p in cited["B3.7"])
    assert any(p.startswith("docs/RULINGS.md") for p in cited["B3.6"])
    # a section taken out of the document is reported
    cut = _rules_text().replace("### A7 ", "### ").replace("**B3.4 ", "**")
    assert missing(cited, cut) == ["A7", "B3.4"]


def test_rules_md_has_both_parts_and_every_section():
    body, named = sections(_rules_text())
    assert [i for i in body if i.startswith("A")] == ["A%d" % k for k in range(1, 12)]
    assert [i for i in body if i.startswith("B")] == ["B%d" % k for k in range(1, 11)]
    for i in ["A2.%d" % k for k in range(1, 10)] + ["A5.%d" % k for k in range(1, 6)] + [
            "B3.%d" % k for k in range(1, 8)]:
        assert i in named, i


# --- the checker itself --------------------------------------------------------------------

DOC = """# Rules
### A5 Assault
1. **A5.1 Roll.** All dice.
2. **A5.2 Bump phase.** One at a time.
### A6 Ranged assault
Ranged N, see A6.3 for sight.
### B3 Turn sequence
- B3.1 Initiative.
B3.3 starts this line but is no item; B3 lists it all the same.
"""


def test_made_up_ids_are_reported_missing():
    body, named = sections(DOC)
    assert sorted(body) == ["A5", "A6", "B3"]
    assert sorted(named) == ["A5", "A5.1", "A5.2", "A6", "B3", "B3.1"]
    assert missing(["A5", "A5.1", "A5.2", "A6", "A6.3", "B3.1", "B3.3"], DOC) == []
    assert missing(["A99", "A5.9", "A7", "A7.1", "B3.2", "B31"], DOC) == [
        "A5.9", "A7", "A7.1", "A99", "B3.2", "B31"]
    # and against the real document
    assert missing(["A99", "B3.99", "B11", "A5.6"], _rules_text()) == [
        "A5.6", "A99", "B3.99", "B11"]


def test_citations_are_read_in_every_form():
    src = ("x = 1  # RULES A99: made up\n"
           "# RULES B3.2, B4-B6 and RULES A5.2 / A5.3\n"
           "# the rule (RULES\n"
           "#     A2.4-A2.6)\n"
           '"""RULES.md A7/A8; RULINGS.md, B7; RULES B, B1; B3.4 then; RULES part B; hex A1."""\n')
    assert {i for i, _ in citations_in(src)} == {
        "A99", "B3.2", "B4", "B5", "B6", "A5.2", "A5.3", "A2.4", "A2.5", "A2.6", "A7", "A8",
        "B7", "B1", "B3.4"}
    assert ("A99", 1) in citations_in(src)
    table = "| Where | Ruling |\n|---|---|\n| A2.1 | x |\n| A9, DESIGN \u00a71.5 | y |\n"
    assert rulings_table_ids(table) == [("A2.1", 3), ("A9", 4)]
    phases = ('PHASES = ((True, f, g, "A5.1", "roll"), (False, f, g, "B99", "x"))\n'
              'END_RULE = "A10"\nRULE_OF_KIND = {1: "A5, A6"}\nRESULTS = ("A1", "E1")\n')
    assert sorted(i for i, _ in phase_table_ids(phases)) == ["A10", "A5", "A5.1", "A6", "B99"]
    assert missing([i for i, _ in phase_table_ids(phases)], _rules_text()) == ["B99"]
