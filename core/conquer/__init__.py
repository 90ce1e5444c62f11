"""Objective: Conquer (OC): 2-6 Administrators explore a hex map, build and fight; natives roam.

The rules as implemented, with ids: docs/rules/conquer.md.
"""

from core.conquer.game import GAME, ConquerView, ObjectiveConquer
from core.conquer.state import CState, Rules

__all__ = ["GAME", "CState", "ConquerView", "ObjectiveConquer", "Rules"]
