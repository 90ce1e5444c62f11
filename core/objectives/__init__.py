"""Objectives: Vietnam (OV): 1-6 players together against the game, each for their own score.

The rules as implemented, with ids: docs/rules/objectives.md.
"""

from core.objectives.game import GAME, ObjectivesVietnam
from core.objectives.state import OVState, Rules

__all__ = ["GAME", "OVState", "ObjectivesVietnam", "Rules"]
