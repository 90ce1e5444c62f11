"""Vietnam Solitaire's forecast: how far the rest of this turn can push the Political Points.

From the player's view, the rest of the turn is played out in many sampled worlds (the search's
determinizations: the same table, fresh dice for everything the rules still have to roll: the
player's own strikes and fights, the enemy's placements, Insurgency and offensive, VS-B5-B7).
The player's remaining decisions follow one plain assumption: **you spend no more PP this turn**
(`done` at every step that offers it: no more Trail strikes, raises, moves or napalm), while
decisions that are not spending are played as the rule-based player would: fight or retreat
(VS-B4.8), the free AirCav redeploy at B8 (VS-B8.1). Each world ends at B9's count (VS-B9.1);
the war ends there at 14 PP (VS-B9.2), or earlier with `pp_check = immediate`.

The answer: the share of worlds in which the war ends this turn, and the likely PP at B9 (the
10th to the 90th percentile of the worlds' counts). Pure: it reads the view and draws from `rng`.
"""

from __future__ import annotations

from dataclasses import dataclass

from ai.solitaire import choose_action
from core.solitaire.board import PP_LIMIT
from core.solitaire.state import REDEPLOY, REMOVE_US_UNIT

DONE = ("done",)
WORLDS = 64  # sampled worlds per forecast: about ±6 points of noise on a 50% chance; ~15-25 ms
STEP_CAP = 200  # decisions per world: far above a turn's (a fight's rounds, a few redeploys)


@dataclass(frozen=True)
class Forecast:
    """The rest of this turn, if the player spends no more PP."""

    turn: int
    worlds: int
    war_ends: float  # share of worlds in which the war ends this turn (at B9 or before)
    pp_low: int  # the PP at B9 in the luckier worlds (10th percentile)
    pp_high: int  # and in the unluckier ones (90th percentile)
    pp_worst: int  # the highest count in any world


def spend_nothing(s, legal):
    """The forecast's player: `done` wherever it is offered (no more spending), except the free
    B8 redeploy; fights, retreats and the B9 withdrawal as the rule-based player would."""
    if DONE in legal and s.step != REDEPLOY:
        return DONE
    return choose_action(s, legal, None)


def play_out_turn(game, state) -> tuple[int, bool]:
    """One world to the end of its turn: (PP at B9 or at the war's end, whether the war ended)."""
    b9_counts = len(state.pp_history)
    for _ in range(STEP_CAP):
        if state.over:
            return state.pp, True
        if len(state.pp_history) > b9_counts:
            return state.pp_history[-1], False
        state = game.apply_unchecked(state, spend_nothing(state, game.legal_actions(state)))
    return state.pp, state.over


def forecast(game, view, rng, worlds: int = WORLDS) -> Forecast | None:
    """The forecast from `view` (None: no PP in this game, the war is over, or this turn's B9
    count is already made)."""
    s = view.state
    if s.over or s.rules.opt_historical or s.step == REMOVE_US_UNIT:
        return None
    counts, ended = [], 0
    for _ in range(worlds):
        pp, over = play_out_turn(game, game.determinize(view, rng))
        counts.append(pp)
        ended += over
    counts.sort()
    return Forecast(
        turn=s.turn,
        worlds=worlds,
        war_ends=ended / worlds,
        pp_low=counts[worlds // 10],
        pp_high=counts[worlds - 1 - worlds // 10],
        pp_worst=counts[-1],
    )


def forecast_words(f: Forecast) -> tuple[str, str]:
    """The forecast in words: (what it assumes, what it says), short enough for the PP track."""
    chance = round(100 * f.war_ends)
    if chance == 0 and f.war_ends > 0:
        odds = "<1%"
    elif chance == 100 and f.war_ends < 1:
        odds = ">99%"
    else:
        odds = f"{chance}%"
    span = f"{f.pp_low}" if f.pp_low == f.pp_high else f"{f.pp_low}-{f.pp_high}"
    danger = " ⚠" if f.pp_high >= PP_LIMIT else ""
    return "If you spend no more:", f"war ends {odds} · B9 PP {span}{danger}"
