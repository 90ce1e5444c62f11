"""Command-palette commands (Ctrl+P) for the game screen: every game command by name."""

from __future__ import annotations

from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider

# (name, help, screen action)
GAME_COMMANDS = (
    ("Save game", "Write the game to a save file (Ctrl+S)", "save"),
    ("Undo", "Take back your last decision, never past a die roll (Ctrl+Z)", "undo"),
    ("Hint", "Ask the AI what it would do (F2)", "hint"),
    ("Autoplay turn", "Let the AI play the rest of your turn (F3)", "autoplay"),
    ("Stop the AI", "Stop a thinking AI; it plays its best move so far (Esc)", "escape"),
    ("Game summary", "Show the game-over summary again (F10)", "summary"),
    ("Rules", "How this game plays", "rules"),
)


class GameCommands(Provider):
    async def discover(self) -> Hits:
        for name, help_text, action in GAME_COMMANDS:
            yield DiscoveryHit(name, partial(self._run, action), help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, help_text, action in GAME_COMMANDS:
            score = matcher.match(name)
            if score > 0:
                yield Hit(
                    score, matcher.highlight(name), partial(self._run, action), help=help_text
                )

    async def _run(self, action: str) -> None:
        await self.screen.run_action(action)
