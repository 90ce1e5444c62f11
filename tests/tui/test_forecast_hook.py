"""The forecast a game's screen may show: computed from the acting seat's view in a worker after
every decision, seeded by the position, and dropped when the game has moved on."""

from __future__ import annotations

from tests.tui.helpers import make_app, started, wait_until
from tests.tui.test_play_flow import before_the_loss
from tui.screens.solitaire import SolitaireScreen


async def test_a_screens_forecast_sees_the_view_and_shows_after_every_decision(
    tmp_path, monkeypatch
):
    seen, shown = [], []

    def forecast(self, view, rng):
        seen.append((view, rng.random()))
        return f"forecast {len(self.session.actions)}"

    monkeypatch.setattr(SolitaireScreen, "forecast", forecast)
    monkeypatch.setattr(SolitaireScreen, "show_forecast", lambda self, r: shown.append(r))
    app = make_app(tmp_path, session=before_the_loss())
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await started(pilot)
        await wait_until(pilot, lambda: shown)
        session = screen.session
        assert shown[-1] == f"forecast {len(session.actions)}"
        view, draw = seen[-1]
        assert view == session.game.observe(session.state, session.to_move)  # a view, not a state
        screen.refresh_forecast()  # the same position again: the same draws
        await wait_until(pilot, lambda: len(seen) > 1)
        assert seen[-1][1] == draw
        before = len(shown)
        screen.play(session.legal()[0])
        await wait_until(pilot, lambda: len(shown) > before and session.human_to_move)
        assert shown[-1] == f"forecast {len(session.actions)}"
