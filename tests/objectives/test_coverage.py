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
}


def test_every_rule_id_has_a_test():
    assert len(doc_ids("objectives", "OV")) > 90
    assert untested("objectives", "OV", ["objectives"], EXEMPT) == []
