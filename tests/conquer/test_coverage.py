"""Every Objective: Conquer rule id in docs/rules/conquer.md is named by a test."""

from tests.rule_coverage import doc_ids, untested

EXEMPT = {
    **{f"OC-{n}": "section heading" for n in range(3, 14)},
    "OC-H10": "a table of terrain roles derived from the rules (no behaviour of its own)",
    "OC-Q1": "web-page clutter",
    "OC-Q3": "the phase headings: the phase order is checked by OC-2.1",
    "OC-Q9": "'occupied' is a display word",
    "OC-Q33": "the lost Heirs appendix: not implemented",
    "OC-Q74": "typos",
    "OC-Q75": "typos",
    "OC-Q76": "no money transfers: there is no action for one",
    "OC-Q81": "Meadow's role: the terrain changes (OC-H7)",
    "OC-Q82": "flavour",
}


def test_every_rule_id_has_a_test():
    assert len(doc_ids("conquer", "OC")) > 150
    assert untested("conquer", "OC", ["conquer", "ai"], EXEMPT) == []
