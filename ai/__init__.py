"""Agents that fill empty seats: random, rule-based per game, and IS-MCTS.

`agent("mcts:hard")` builds one by name. Names: `random`, `rules`, `mcts` (= `mcts:normal`),
`mcts:easy`, `mcts:normal`, `mcts:hard`.
"""

from __future__ import annotations

from importlib import import_module

from ai.base import Agent, AgentError, Budget, RandomAgent
from core.seats import AGENT_KINDS, LEVELS

__all__ = ["AGENT_KINDS", "Agent", "AgentError", "Budget", "RandomAgent", "agent", "rules_player"]


# game id -> module with the game's rule-based player (`RulesAgent`)
_RULES_MODULES = {
    "solitaire": "ai.solitaire",
    "objectives": "ai.objectives",
    "conquer": "ai.conquer",
}


def parse_agent_name(name: str) -> tuple[str, str | None]:
    """`"mcts:hard"` -> ("mcts", "hard"); a clear AgentError for anything else."""
    kind, colon, level = name.strip().lower().partition(":")
    if kind not in AGENT_KINDS:
        raise AgentError(f"unknown agent {name!r} (agents: random, rules, mcts:easy|normal|hard)")
    if kind == "mcts":
        if colon and not level:
            raise AgentError(f"{name!r} names no MCTS level (levels: {', '.join(LEVELS)})")
        level = level or "normal"
        if level not in LEVELS:
            raise AgentError(f"unknown MCTS level {level!r} (levels: {', '.join(LEVELS)})")
        return kind, level
    if colon:
        raise AgentError(f"agent {kind!r} has no levels; got {name!r}")
    return kind, None


def agent(name: str, level: str | None = None) -> Agent:
    """An agent by name: `agent("random")`, `agent("mcts:easy")`, `agent("mcts", "hard")`."""
    if level is not None:
        name = f"{name}:{level}"
    kind, lvl = parse_agent_name(name)
    if kind == "random":
        return RandomAgent()
    if kind == "rules":
        return RulesDispatch()
    from ai.mcts import MCTSAgent

    return MCTSAgent.at_level(lvl)


def rules_player(game_id: str):
    """The rule-based player of one game (its module's `RulesAgent()`)."""
    module = _RULES_MODULES.get(game_id)
    if module is None:
        raise AgentError(f"there is no rule-based player for {game_id!r}")
    return import_module(module).RulesAgent()


class RulesDispatch:
    """`rules` for any game: hands the decision to that game's rule-based player."""

    name = "rules"

    def __init__(self) -> None:
        self._players: dict[str, Agent] = {}

    def player(self, game) -> Agent:
        player = self._players.get(game.id)
        if player is None:
            player = self._players[game.id] = rules_player(game.id)
        return player

    def choose(self, game, view, legal, budget, rng):
        return self.player(game).choose(game, view, legal, budget, rng)

    def explain(self, game, view, legal, budget, rng) -> tuple:
        """The choice and its reason, where the game's rule-based player gives one."""
        player = self.player(game)
        explain = getattr(player, "explain", None)
        if explain is None:
            return player.choose(game, view, legal, budget, rng), ""
        return explain(game, view, legal, budget, rng)
