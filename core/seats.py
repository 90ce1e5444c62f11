"""Who may sit at a seat: a person or one of the agents, by name (`mcts:hard`).

The names are shared by the command line, the setup screen, the save format and the agents, so
they are kept here, once; `ai.parse_agent_name` turns a name into an agent.
"""

from __future__ import annotations

HUMAN = "human"
AGENT_KINDS = ("random", "rules", "mcts")
SEAT_KINDS = (HUMAN, *AGENT_KINDS)
LEVELS = ("easy", "normal", "hard")
LEVELLED = ("mcts",)  # the kinds that take a level
# every seat choice by its full name, as the setup screen and the settings offer them
SEAT_CHOICES = (HUMAN, "rules", *(f"mcts:{level}" for level in LEVELS), "random")
