"""Vietnam Solitaire (VS): one player against the dice-driven NVA/VC.

The rules as implemented, with ids: docs/rules/solitaire.md.
"""

from core.solitaire.game import GAME, SolitaireView, VietnamSolitaire
from core.solitaire.state import Rules, SolitaireState

__all__ = ["GAME", "Rules", "SolitaireState", "SolitaireView", "VietnamSolitaire"]
