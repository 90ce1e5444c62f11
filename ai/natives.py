"""The natives of Objective: Conquer: a seat of their own, never a player (OC-Q83).

Each native's move is one action, recorded like every other, so a replay shows where each went.
The natives decide nothing themselves: the game's own dice pick the direction (OC-H2), among all
six ways (`natives_policy = random`, the seed's rule) or among the ways toward the nearest army
(`hunting`), and every die is in the log and the trace with its purpose. The engine also keeps
natives that share a hex with an army or a castle in place (OC-7.3) and destroys those that wander
off the map or into the unknown (OC-7.2).
"""

from __future__ import annotations


class NativesAgent:
    name = "natives"

    def choose(self, game, view, legal, budget, rng):
        return legal[0]  # ("native", id): the game rolls the direction
