"""Le Brouc's awards (coches, parties, a cape's tens on the slate) are one table
in scoring/brouc.py, each with the ruling it comes from: the rules score from
that table alone, and each value is one its ruling in docs/rules.md says."""

import ast
import re

from host_tools.common import ROOT

TIER = "quick"

SOURCE = ROOT / "firmware" / "scoring" / "brouc.py"
RULES = ROOT / "docs" / "rules.md"
TABLE = re.compile(r"^(_[A-Z0-9_]+) = const\((\d+)\)(?:  # (?:.*?\brule (\d+))?)?", re.M)
# Where the rules score: these calls' score, these names' values, these returns.
SCORING_CALLS = ("_add_to_match", "_game_won")
SCORES = ("coches", "parties")
SLATE = "self.slate["  # what a cape adds to in "31" (rule 18)
SCORING_FUNCTIONS = ("_parties_against",)


def awards():
    """[(name, value, ruling)] of the table, in its order; a line that names
    no ruling goes on with the one before it."""
    text = SOURCE.read_text(encoding="utf-8")
    start = text.index("# Le Brouc's awards: what each outcome scores")
    block = text[start : text.index("\n\n\n", start)]
    rows, ruling = [], None
    for name, value, cited in TABLE.findall(block):
        ruling = int(cited) if cited else ruling
        rows.append((name, int(value), ruling))
    return rows


def ruling_text(number):
    """The text of ruling `number` in docs/rules.md (a numbered item, to the next)."""
    text = RULES.read_text(encoding="utf-8")
    found = re.search(r"^%d\. (.*?)(?=^\d+\. |^## |\Z)" % number, text, re.M | re.S)
    assert found, "no ruling %d in docs/rules.md" % number
    return " ".join(found.group(1).split())


def test_each_award_is_what_its_ruling_says():
    rows = awards()
    assert len(rows) >= 10, rows
    for name, value, ruling in rows:
        assert ruling is not None, "%s cites no ruling" % name
        said = ruling_text(ruling)
        assert re.search(r"(?<![\d.])%d(?![\d.])" % value, said), (name, value, ruling, said)


def literal_numbers(node):
    return [
        child.value
        for child in ast.walk(node)
        if isinstance(child, ast.Constant) and type(child.value) is int and child.value > 1
    ]


def test_the_rules_score_from_the_table_alone():
    """No score written as a number where the rules give it: 0 and 1 are
    arithmetic there (a side, the other side), any other number an award.
    (A marriage's value, rule 3, is card points, not an award.)"""
    tree = ast.parse(SOURCE.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "attr", None) in SCORING_CALLS:
            found += [(node.lineno, n) for n in literal_numbers(node.args[1])]
        elif isinstance(node, ast.Assign) and any(
            getattr(target, "id", None) in SCORES for target in node.targets
        ):
            found += [(node.lineno, n) for n in literal_numbers(node.value)]
        elif isinstance(node, ast.AugAssign) and SLATE in ast.unparse(node.target):
            # a number added as it stands (a deal's points are divided by ten: rule 6)
            if isinstance(node.value, ast.Constant):
                found += [(node.lineno, n) for n in literal_numbers(node.value)]
        elif isinstance(node, ast.FunctionDef) and node.name in SCORING_FUNCTIONS:
            for returned in ast.walk(node):
                if isinstance(returned, (ast.Return, ast.Compare)):
                    found += [(returned.lineno, n) for n in literal_numbers(returned)]
    assert not found, "scores written as numbers (line, number): %s" % found
