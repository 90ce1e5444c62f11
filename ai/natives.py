"""The natives of Objective: Conquer: a seat of their own, never a player (OC-Q83).

Each native's move is one action: the face of its direction die (OC-H2). The natives roll their
own die from the seeded rng every agent is handed (an agent never sees the game's dice), so the
face is recorded in the action and replays are exact.

* `random` (the seed's rule, OC-7.1): one die picks one of the six directions.
* `hunting` (option `natives_policy`): step toward the nearest player army; the die breaks ties.

The engine itself keeps natives that share a hex with an army or a castle in place (OC-7.3) and
destroys those that wander off the map or into the unknown (OC-7.2).
"""

from __future__ import annotations

from core.conquer.hexes import board


def hunting_faces(s, native_id: int) -> list[int]:
    """The die faces whose direction brings the native closer to the nearest player army."""
    native = next(n for n in s.natives if n.id == native_id)
    b = board(s.radius)
    armies = {c.hex for c in s.chits}
    if not armies:
        return list(range(1, 7))
    nearest = min(b.distance(native.hex, h) for h in armies)
    targets = [h for h in armies if b.distance(native.hex, h) == nearest]
    faces = set()
    for h in targets:
        faces.update(d + 1 for d in b.step_towards(native.hex, h))
    return sorted(faces) or list(range(1, 7))


class NativesAgent:
    name = "natives"

    def choose(self, game, view, legal, budget, rng):
        s = view.state
        native_id = legal[0][1]
        if s.rules.natives_policy == "hunting":
            faces = hunting_faces(s, native_id)
            return ("native", native_id, faces[rng.randrange(len(faces))])
        return ("native", native_id, rng.randint(1, 6))
