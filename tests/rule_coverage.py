"""Every rule id in a game's docs/rules file is named by at least one test of that game."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def doc_ids(game: str, prefix: str) -> set[str]:
    text = (ROOT / "docs" / "rules" / f"{game}.md").read_text()
    pattern = rf"\b{prefix}-(?:[A-Z]?\d+(?:\.\d+)?|[A-Z]\.\d+)\b"
    return set(re.findall(pattern, text))


def tested_ids(test_dirs: list[str]) -> str:
    return "\n".join(p.read_text() for d in test_dirs for p in (ROOT / "tests" / d).glob("*.py"))


def untested(game: str, prefix: str, test_dirs: list[str], exempt: dict[str, str]) -> list[str]:
    source = tested_ids(test_dirs)
    missing = []
    for rule in sorted(doc_ids(game, prefix)):
        token = re.escape(rule.replace("-", "_").replace(".", "_"))
        named = re.search(rf"{token}(?![0-9]|_[0-9])", source) or re.search(
            rf"{re.escape(rule)}(?![0-9]|\.[0-9])", source
        )
        if not named and rule not in exempt:
            missing.append(rule)
    return missing
