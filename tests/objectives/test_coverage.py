"""Every Objectives: Vietnam rule id in docs/rules/objectives.md is named by a test."""

from tests.rule_coverage import doc_ids, untested

# Ids with no behaviour of their own, and why.
EXEMPT = {
    **{f"OV-{n}": "section heading" for n in range(1, 8)},
    "OV-D3": "decision point list (calling off is OV-4.9)",
    "OV-D4": "decision point list (bidding is OV-4.2)",
    "OV-D5": "decision point list (reinforcements are OV-4.8)",
    "OV-Q1": "the game's name",
    "OV-Q2": "a spelling",
    "OV-Q3": "the decks are OV-H1..H3 data, checked by OV-1.1",
    "OV-Q37": "wording: the game (the NVA side) wins, checked by OV-7.1",
    "OV-Q41": "places and events play alike: flavour",
    "OV-Q42": "one number, two names",
    "OV-Q54": "calibration figures of a throwaway bot: measured by benchmarks/objectives.py",
}


def test_every_rule_id_has_a_test():
    assert len(doc_ids("objectives", "OV")) > 90
    assert untested("objectives", "OV", ["objectives"], EXEMPT) == []


def test_every_rule_id_of_the_product_rulebook_has_a_test():
    """The product rulebook (../shared/rules/objectives.md) beside the project: each of its OV
    ids is named by a test here, or exempt with the reason above."""
    import re

    from tests.rule_coverage import ROOT, tested_ids

    shared = ROOT.parent / "shared" / "rules" / "objectives.md"
    if not shared.exists():
        import pytest

        pytest.skip(f"the product rulebook is not beside the project ({shared})")
    ids = set(re.findall(r"\bOV-(?:[A-Z]?\d+(?:\.\d+)?|[A-Z]\.\d+)\b", shared.read_text()))
    source = tested_ids(["objectives"])
    missing = [
        rule
        for rule in sorted(ids)
        if rule not in EXEMPT
        and not re.search(re.escape(rule.replace("-", "_").replace(".", "_")) + r"(?![0-9]|_[0-9])",
                          source)
        and not re.search(re.escape(rule) + r"(?![0-9]|\.[0-9])", source)
    ]  # fmt: skip
    assert missing == []


def asserted_kinds() -> set[str]:
    """The `ObjectivesEvent` members (written `K.NAME` or `ObjectivesEvent.NAME`) named inside an
    `assert` statement, or as the kind `the(state, K.NAME)` asserts there is exactly one of, in
    this game's tests."""
    import ast

    from tests.rule_coverage import ROOT

    named: set[str] = set()
    for path in (ROOT / "tests" / "objectives").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            checked = isinstance(node, ast.Assert) or (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "the"
            )
            if not checked:
                continue
            for inner in ast.walk(node):
                if (
                    isinstance(inner, ast.Attribute)
                    and isinstance(inner.value, ast.Name)
                    and inner.value.id in ("K", "ObjectivesEvent")
                ):
                    named.add(inner.attr)
    return named


def test_every_event_kind_is_asserted_by_a_test():
    from core.objectives.events import ObjectivesEvent

    missing = sorted(k.name for k in ObjectivesEvent if k.name not in asserted_kinds())
    assert missing == []
