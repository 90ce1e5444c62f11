"""What happens in Objectives: Vietnam, as data, and the one place it is put into words.

The rules report every fact as an `Event` of an `ObjectivesEvent` kind (core/engine.py): the
seats it concerns (the acting seat first), the places the objectives screen lights
(`("pool", objective_card)`, `("seat", seat)`, `("nva", nva_card)`) and its plain values (card
ids, counts, totals, the cause; flat tuples at most, so that a value read back from a trace's JSON
equals the event's). `words` below is the narrator: the log, the traces and the screens
get their sentences from it, and nothing else reads meaning from a sentence.

Hidden information: an event is in every seat's view (core/objectives/view.py passes the events
through), so no value ever names a card some seat may not see: a face-down bid, a card drawn into
a hand, a reinforcement card handed out, an NVA card dealt face down or discarded unseen are told
by their number only.

The values of each kind (card ids are objective cards for `target`/`card` of the pool kinds, Free
World cards for bids and `fw`, NVA cards for `card` of the NVA kinds):

    DEALER (die)            players; seats[0] deals (the die's face is that seat's number)
    DECKS_SHUFFLED          (shuffle_draws only)
    HANDS_DEALT             cards (each seat's), first (the seat who begins)
    TURN_STARTED            turn, drawn (Free World cards drawn)
    FW_RESHUFFLED           cards (the discard's size)
    NVA_RESHUFFLED          cards (the discards' size, unseen ones included)
    OBJECTIVE_REVEALED      card, pool (cards in the pool now), weariness (war weariness now)
    OBJECTIVE_DUPLICATE     card (the duplicate, shuffled back), original (the card in the pool),
                            tokens (on the original now)
    OBJECTIVES_DECK_EMPTY   (nothing)
    ATTACK_DECLARED         target, score (NVA cards due), dealt (NVA cards dealt face down)
    PACIFICATION            target, tokens (removed)
    HEARTS_AND_MINDS        target
    PASSED                  drawn (0 or 1)
    TURN_ENDED              (nothing)
    BID_MADE                count (cards this seat has bid face down this round)
    BIDS_COUNTED            count (the seat's bid for the round, done)
    BIDS_REVEALED           bids (the Free World cards, in bid order), bidders (each one's seat)
    BARRAGE                 fw (the Artillery Barrage card); the NVA card it discards is unseen
    NVA_REVEALED            card, strength (in this combat)
    AMBUSH                  card (the Free World card lost; None: nothing was bid), strength;
                            seats[0] the card's owner (nothing bid: the attacker)
    NVA_REINFORCEMENTS      (nothing: the card joins the line face down)
    ENTRENCHED              card, strength
    ROUND_TOTALS            nva, fw (totals after a round without an overrun)
    OVERRUN                 nva, fw
    FINAL_TOTALS            fw, nva, won (every NVA card is face up)
    OBJECTIVE_TAKEN         target, points (its value), team, needed (team points and target)
    REINFORCEMENTS_DRAWN    cards (drawn face down to hand out)
    REINFORCEMENT_KEPT      (seats[0] keeps the next card)
    REINFORCEMENT_GIVEN     to (the seat given the next card)
    OBJECTIVE_HOLDS         target, tokens (now), cause ("overrun", "lost", "called_off")
    ATTACK_CALLED_OFF       target, discarded (the attacker's whole hand, counted)
    TEAM_WON                cause "team_target", points, needed
    GAME_WON                cause "pool_limit" (pool), "no_objectives" or "turn_cap" (turns)
"""

from __future__ import annotations

from collections.abc import Callable

from core.engine import Event, EventKind, Words, narrator
from core.objectives.cards import fw, nva, objective


class ObjectivesEvent(EventKind):
    DEALER = "dealer"
    DECKS_SHUFFLED = "decks_shuffled"
    HANDS_DEALT = "hands_dealt"
    TURN_STARTED = "turn_started"
    FW_RESHUFFLED = "fw_reshuffled"
    NVA_RESHUFFLED = "nva_reshuffled"
    OBJECTIVE_REVEALED = "objective_revealed"
    OBJECTIVE_DUPLICATE = "objective_duplicate"
    OBJECTIVES_DECK_EMPTY = "objectives_deck_empty"
    ATTACK_DECLARED = "attack_declared"
    PACIFICATION = "pacification"
    HEARTS_AND_MINDS = "hearts_and_minds"
    PASSED = "passed"
    TURN_ENDED = "turn_ended"
    BID_MADE = "bid_made"
    BIDS_COUNTED = "bids_counted"
    BIDS_REVEALED = "bids_revealed"
    BARRAGE = "barrage"
    NVA_REVEALED = "nva_revealed"
    AMBUSH = "ambush"
    NVA_REINFORCEMENTS = "nva_reinforcements"
    ENTRENCHED = "entrenched"
    ROUND_TOTALS = "round_totals"
    OVERRUN = "overrun"
    FINAL_TOTALS = "final_totals"
    OBJECTIVE_TAKEN = "objective_taken"
    REINFORCEMENTS_DRAWN = "reinforcements_drawn"
    REINFORCEMENT_KEPT = "reinforcement_kept"
    REINFORCEMENT_GIVEN = "reinforcement_given"
    OBJECTIVE_HOLDS = "objective_holds"
    ATTACK_CALLED_OFF = "attack_called_off"
    TEAM_WON = "team_won"
    GAME_WON = "game_won"


K = ObjectivesEvent


def seat_name(seat: int) -> str:
    return f"Player {seat + 1}"


def end_reason(cause: str, **numbers: int) -> str:
    """Why the game ended, as the outcome and the last event tell it (OV-7.1, OV-7.2, OV-Q8,
    OV-Q50)."""
    if cause == "team_target":
        return f"their objectives are worth {numbers['points']} of the {numbers['needed']} needed"
    if cause == "pool_limit":
        return f"the War Weariness pool reached {numbers['pool']} cards"
    if cause == "no_objectives":
        return "no objectives are left to take (OV-Q8)"
    if cause == "turn_cap":
        return f"the war dragged on past {numbers['turns']} turns (OV-Q50)"
    raise ValueError(f"no words for the end {cause!r}")


def _plural(n: int, noun: str) -> str:
    return f"{n} {noun}{'s' if n != 1 else ''}"


def _who(e: Event) -> str:
    return seat_name(e.seats[0])


def _name(card: int) -> str:
    return objective(card).name


def _numbers(e: Event) -> dict:
    return {k: v for k, v in e.values if k != "cause"}


def _revealed(e: Event) -> str:
    kind = objective(e["card"])
    return (
        f"Objective revealed: {kind.name} (NVA {kind.nva_score}, value {kind.value})."
        f" The pool holds {_plural(e['pool'], 'card')}; war weariness +{e['weariness']}."
    )


def _duplicate(e: Event) -> str:
    name = _name(e["card"])
    return (
        f"Objective revealed: {name}, a duplicate. It is shuffled back "
        f"into the deck and the {name} in the pool gets a token."
    )


def _attack(e: Event) -> str:
    score, dealt = e["score"], e["dealt"]
    short = f" (only {dealt} could be dealt)" if dealt < score else ""
    dealt_words = f"{_plural(score, 'NVA card')} {'is' if score == 1 else 'are'} dealt face down"
    return f"{_who(e)} attacks {_name(e['target'])}: {dealt_words}{short}."


def _bids(e: Event) -> str:
    names = ", ".join(
        f"{seat_name(s)}: {fw(x).name} ({fw(x).strength})"
        for s, x in zip(e["bidders"], e["bids"], strict=True)
    )
    return f"Bids revealed — {names or 'nothing was bid'}."


def _ambush(e: Event) -> str:
    card = e["card"]
    if card is None:
        return "Ambush: nothing was bid this round."
    return f"Ambush! {fw(card).name} ({e['strength']}) is lost."


def _taken(e: Event) -> str:
    return (
        f"{_name(e['target'])} is taken! {_who(e)} scores {e['points']} "
        f"(team {e['team']} of {e['needed']})."
    )


SENTENCES: dict[ObjectivesEvent, Callable[[Event], str]] = {
    K.DECKS_SHUFFLED: lambda e: "The Free World, NVA and Objectives decks are shuffled.",
    K.HANDS_DEALT: lambda e: (
        f"Each player is dealt {_plural(e['cards'], 'Free World card')}. "
        f"{seat_name(e['first'])} begins."
    ),
    K.TURN_STARTED: lambda e: (
        f"Turn {e['turn']}: {_who(e)} draws {_plural(e['drawn'], 'Free World card')}."
    ),
    K.FW_RESHUFFLED: lambda e: (
        f"The Free World discard ({_plural(e['cards'], 'card')}) is shuffled into a new deck."
    ),
    K.NVA_RESHUFFLED: lambda e: (
        f"The NVA discard ({_plural(e['cards'], 'card')}) is shuffled into a new deck."
    ),
    K.OBJECTIVE_REVEALED: _revealed,
    K.OBJECTIVE_DUPLICATE: _duplicate,
    K.OBJECTIVES_DECK_EMPTY: lambda e: "The Objectives deck is empty: nothing is revealed (OV-Q8).",
    K.ATTACK_DECLARED: _attack,
    K.PACIFICATION: lambda e: (
        f"{_who(e)} plays Pacification: the tokens on {_name(e['target'])} are removed."
    ),
    K.HEARTS_AND_MINDS: lambda e: (
        f"{_who(e)} plays Hearts and Minds: "
        f"{_name(e['target'])} is shuffled back into the Objectives deck."
    ),
    K.PASSED: lambda e: (
        f"{_who(e)} takes {'a' if e['drawn'] else 'no'} Free World card and passes."
    ),
    K.TURN_ENDED: lambda e: f"{_who(e)} ends the turn.",
    K.BID_MADE: lambda e: f"{_who(e)} bids a card face down.",
    K.BIDS_COUNTED: lambda e: f"{_who(e)} has bid {_plural(e['count'], 'card')}.",
    K.BIDS_REVEALED: _bids,
    K.BARRAGE: lambda e: "Artillery Barrage: the next NVA card is discarded unseen.",
    K.NVA_REVEALED: lambda e: f"NVA card revealed: {nva(e['card']).name} ({e['strength']}).",
    K.AMBUSH: _ambush,
    K.NVA_REINFORCEMENTS: lambda e: (
        "NVA Reinforcements: one more NVA card joins the line face down."
    ),
    K.ENTRENCHED: lambda e: (
        f"Entrenched: strength {e['strength']} against an objective with tokens."
    ),
    K.ROUND_TOTALS: lambda e: f"NVA {e['nva']} against Free World {e['fw']}.",
    K.OVERRUN: lambda e: f"NVA {e['nva']} against Free World {e['fw']}: overrun!",
    K.FINAL_TOTALS: lambda e: (
        f"All NVA cards are face up: Free World {e['fw']} against NVA {e['nva']}."
    ),
    K.OBJECTIVE_TAKEN: _taken,
    K.REINFORCEMENTS_DRAWN: lambda e: (
        f"{_who(e)} draws {_plural(e['cards'], 'reinforcement card')} face down to hand out."
    ),
    K.REINFORCEMENT_KEPT: lambda e: f"{_who(e)} keeps a card.",
    K.REINFORCEMENT_GIVEN: lambda e: f"{_who(e)} gives a card to {seat_name(e['to'])}.",
    K.OBJECTIVE_HOLDS: lambda e: (
        f"{_name(e['target'])} holds: it gets a token (now {e['tokens']})."
    ),
    K.ATTACK_CALLED_OFF: lambda e: (
        f"{_who(e)} calls off the attack and discards {_plural(e['discarded'], 'card')}."
    ),
    K.TEAM_WON: lambda e: f"The players win: {end_reason(e['cause'], **_numbers(e))}.",
    K.GAME_WON: lambda e: f"The game wins: {end_reason(e['cause'], **_numbers(e))}.",
}


@narrator(ObjectivesEvent)
def words(e: Event) -> Words:
    """The sentence of an event; for the dealer's die, its purpose, what it was compared
    against, and its result."""
    if e.kind is K.DEALER:
        return "Dealer", f"a seat, 1-{e['players']}", seat_name(e.seats[0])
    return SENTENCES[e.kind](e)
