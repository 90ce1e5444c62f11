"""Every Vietnam Solitaire rule id in docs/rules/solitaire.md is named by a test."""

from tests.rule_coverage import doc_ids, untested

# Ids with no behaviour of their own, and why.
EXEMPT = {
    "VS-Q3": "region names: data, checked by VS-A1.2",
    "VS-Q4": "die face per region: data, checked through VS-B5.1 and VS-B7.1",
    "VS-Q5": "Trail area names and numbers: data, checked by VS-A1.3 and VS-B1.1",
    "VS-Q38": "a name (Insurgency), no behaviour",
    "VS-Q48": "wording: the B9 roll sets only the restriction (VS-B9.4)",
    "VS-Q55": "the chart extension is VS-H4 data, checked by VS-D3.2",
    "VS-Q56": "a column that does not exist: B7 runs every turn as in the standard game",
    "VS-Q68": "the counter mix: the limits of VS-A1.8",
    "VS-Q69": "one PP number, a naming note",
    "VS-H1": "data table",
    "VS-H2": "data table",
    "VS-H3": "data table",
    "VS-H4": "data table",
    "VS-D6": "decision point list (redeployment is VS-B8.1)",
    "VS-D4": "decision point list (napalm is VS-B4.2)",
    "VS-D5": "decision point list (retreat is VS-B4.8)",
    "VS-D7": "decision point list (removal is VS-B9.4)",
    "VS-D8": "decision point list (D2 setup is VS-D2.1)",
    "VS-D9": "decision point list (D3 adjustment is VS-D3.3)",
    "VS-A1": "section heading",
    "VS-A2": "section heading",
    "VS-B0": "section heading",
    "VS-R1": "dice order",
    "VS-R4": "dice order",
    "VS-R8": "dice order",
}


def test_every_rule_id_has_a_test():
    assert len(doc_ids("solitaire", "VS")) > 100
    assert untested("solitaire", "VS", ["solitaire"], EXEMPT) == []
