# SPDX-License-Identifier: MIT
"""What the README and the docs cite exists (issue 31): the key scripts given to
``--script``, the tools named by path; docs/TACTICAL_HEX.md does not say its rules are
missing."""
import glob
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOCS = [os.path.join(ROOT, "README.md")] + sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))


def _text(path):
    with open(path) as f:
        return f.read()


def test_cited_key_scripts_and_tools_exist():
    missing = []
    for path in DOCS:
        text = _text(path)
        cited = re.findall(r"--script\s+(\S+?)[`\s)]", text)
        cited += re.findall(r"\b((?:tools|docs/scripts)/[\w/.-]+\.(?:py|sh|keys))\b", text)
        for c in cited:
            if c.isupper() or c in ("FILE", "DIR"):
                continue  # a placeholder
            if not os.path.exists(os.path.join(ROOT, c)):
                missing.append("%s: %s" % (os.path.basename(path), c))
    assert not missing, missing


def test_tactical_hex_doc_has_its_rules_and_its_strength_tool():
    text = _text(os.path.join(ROOT, "docs", "TACTICAL_HEX.md"))
    assert "not in yet" not in text and "hex_strength" not in text
    assert "tools/strength.py --ruleset hex" in text
