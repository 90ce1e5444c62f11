"""Objectives: Vietnam as a `Game`: the registry's entry point for the engine in this package."""

from __future__ import annotations

from core.engine import IllegalAction, OptionError, Outcome, resolve_options
from core.objectives import rules, view
from core.objectives.cards import FW_BY_KEY, FW_CARDS, FW_TYPES, fw, nva, objective, team_target
from core.objectives.events import seat_name
from core.objectives.presets import PRESETS
from core.objectives.state import BID, CALL_OFF, MAIN, OPTIONS, OVER, REINFORCE, Rules

PHASE_TITLES = {
    MAIN: "Attack, play a special card, or end the turn",
    CALL_OFF: "Fight on, or call off the attack",
    BID: "Bid cards face down",
    REINFORCE: "Hand out reinforcements",
    OVER: "Game over",
}

# Returns for search and the arena: the team's win is worth something to everyone (the game is
# cooperative), the most points on top of it is the individual win (OV-7.3, ties shared).
TEAM_WIN = 0.25


class ObjectivesVietnam:
    id = "objectives"
    title = "Objectives: Vietnam"
    rules_version = 1
    seat_noun = "Player"
    seats = range(1, 7)
    options = OPTIONS
    presets = PRESETS
    hidden_information = True

    def new(self, options, players, seed):
        if players not in self.seats:
            raise OptionError("Objectives: Vietnam is for 1 to 6 players")
        values = Rules(**resolve_options(self.options, options))
        hand = rules.hand_size_for(values, players)
        if hand * players > len(FW_CARDS):
            raise OptionError(
                f"a starting hand of {hand} for {players} players needs {hand * players} Free "
                f"World cards; the deck has {len(FW_CARDS)}"
            )
        return rules.new_game(values, players, seed)

    def to_move(self, s):
        return rules.to_move(s)

    def turn(self, s):
        return s.turn

    def legal_actions(self, s):
        return rules.legal_actions(s)

    def apply(self, s, a):
        return rules.apply(s, a)

    def apply_unchecked(self, s, a):
        return rules.play(s, a)

    def apply_quiet(self, s, a):
        """`apply_unchecked` recording no events: the search's sampled worlds, whose events no
        one reads (the state's `events` is empty)."""
        return rules.play(s, a, quiet=True)

    def may_end_turn(self, s, a):
        """From the phase and the kind of action only (hidden cards decide the rest):
        `rules.may_end_turn`."""
        return rules.may_end_turn(s, a)

    def events(self, s):
        return s.events

    def outcome(self, s):
        if s.phase != OVER:
            return None
        if s.result != "team":
            return Outcome(
                (0.0,) * s.players, f"The NVA win: {s.end_reason}. No one wins.", (), "NVA win"
            )
        best = max(s.scores)
        winners = tuple(i for i, score in enumerate(s.scores) if score == best)
        share = 1.0 / len(winners)
        returns = tuple(
            TEAM_WIN + (1 - TEAM_WIN) * share if i in winners else TEAM_WIN
            for i in range(s.players)
        )
        names = " and ".join(seat_name(i) for i in winners)
        if s.players == 1:
            sentence = f"Victory: {s.end_reason}."
        else:
            sentence = (
                f"The players win: {s.end_reason}. {names} "
                f"{'win' if len(winners) > 1 else 'wins'} with {best} points."
            )
        return Outcome(returns, sentence, winners, "Team win")

    def undo_barrier(self, before, after) -> bool:
        """A decision that drew, dealt or turned up a card cannot be taken back: the table saw
        something new (a draw into a hand, a reveal, bids turned up, a reshuffle)."""
        return any(e.draws for e in after.events) or _seen(before) != _seen(after)

    def observe(self, s, seat):
        return view.observe(s, seat)

    def determinize(self, v, rng):
        return view.determinize(v, rng)

    def seat_count(self, s) -> int:
        return s.players

    def describe(self, s, a):
        verb = a[0]
        if verb == "attack":
            kind = objective(a[1])
            score = rules.effective_score(s, a[1])
            return (
                f"Attack {kind.name}: {score} NVA card{'s' if score != 1 else ''}, worth "
                f"{kind.value} point"
                f"{'s' if kind.value != 1 else ''}"
            )
        if verb == "pacify":
            return f"Play Pacification: remove the tokens from {objective(a[1]).name}"
        if verb == "hearts":
            return f"Play Hearts and Minds: shuffle {objective(a[1]).name} back into the deck"
        if verb == "end":
            if s.attacked and not s.rules.draw_after_attack:
                return "End the turn"
            return "Take a Free World card and pass"
        if verb == "continue":
            c = s.combat
            return f"Fight on: bid for round {c.round}" if c else "Fight on"
        if verb == "call_off":
            return "Call off the attack (discard your whole hand; the objective gets a token)"
        if verb == "bid":
            kind = FW_TYPES[FW_BY_KEY[a[1]]]
            extra = " (discards the next NVA card unseen)" if kind.special == "barrage" else ""
            return f"Bid {kind.name} ({kind.strength}){extra}"
        if verb == "bid_done":
            count = len(s.combat.bids[s.combat.bidder]) if s.combat and s.combat.bids else 0
            if not count:
                return "Bid nothing this round"
            return f"Done bidding ({count} card{'s' if count != 1 else ''})"
        if verb == "give":
            r = s.reinforce
            if r is not None and a[1] == r.attacker:
                return "Keep this reinforcement card"
            return f"Give this reinforcement card to {seat_name(a[1])}"
        raise IllegalAction(f"unknown action {a!r}")

    def public_describe(self, s, a):
        """The action as the rest of the table sees it: a bid is a card face down."""
        if a[0] == "bid":
            return "Bid a card face down"
        return self.describe(s, a)

    def to_json(self, v):
        data = {
            "turn": v.turn,
            "phase": PHASE_TITLES.get(v.phase, v.phase),
            "turn_of": seat_name(v.current),
            "team_points": f"{sum(v.scores)} of {team_target(v.players)}",
            "scores": {seat_name(i): score for i, score in enumerate(v.scores)},
            "war_weariness_pool": [
                {
                    "objective": objective(c).name,
                    "nva": objective(c).nva_score,
                    "tokens": t,
                    "effective": _effective(v, c),
                    "value": objective(c).value,
                }
                for c, t in v.pool
            ],
            "hand_sizes": {seat_name(i): n for i, n in enumerate(v.hand_sizes)},
            "decks": {
                "free_world": v.fw_deck_size,
                "nva": v.nva_deck_size,
                "objectives": len(v.obj_deck),
            },
        }
        if v.seat is not None and 0 <= v.seat < v.players:
            data["your_hand"] = [
                f"{fw(c).name} ({fw(c).strength})" if fw(c).combat else fw(c).name for c in v.hand
            ]
        c = v.combat
        if c is not None:
            data["combat"] = {
                "attacker": seat_name(c.attacker),
                "objective": objective(c.target).name,
                "round": c.round,
                "nva_face_down": c.face_down,
                "nva_revealed": [f"{nva(x).name} ({nva(x).strength})" for x in c.revealed],
                "free_world_revealed": [
                    f"{seat_name(s)}: {fw(x).name} ({fw(x).strength})"
                    + (" struck" if x in c.struck else "")
                    for s, x in c.fw_cards
                ],
                "bids_this_round": {seat_name(i): n for i, n in enumerate(c.bid_counts)},
            }
        if v.reinforce is not None:
            data["reinforcements_to_give"] = v.reinforce.pending
        if v.phase == OVER:
            data["result"] = v.end_reason
        return data


def _seen(s) -> tuple:
    """Everything that changes when a card leaves a deck or turns face up."""
    c = s.combat
    shown = (c.revealed, c.fw_cards) if c is not None else ()
    return (s.fw_deck, s.nva_deck, s.obj_deck, s.fw_discard, s.nva_discard, shown)


def _effective(v, card: int) -> int:
    return rules.effective_score(v, card)


GAME = ObjectivesVietnam()
