"""Objective: Conquer as a `Game`: the registry's entry point for the engine in this package."""

from __future__ import annotations

from typing import NamedTuple

from core.conquer import rules
from core.conquer.hexes import DIRECTION_NAMES, board
from core.conquer.state import OPTIONS, OVER, PHASE_NAMES, CState, Rules
from core.conquer.tables import (
    CASTLE_POINT_COST,
    EXPLORE_COST,
    TERRAIN_CHANGES,
    TERRAIN_LETTERS,
    dollars,
    recruit_cost,
)
from core.dice import Dice
from core.engine import (
    IllegalAction,
    OptionError,
    Outcome,
    resolve_options,
    turn_may_end_by_the_rules,
)
from core.scratch import replacer

_replace_state = replacer(CState)  # a view or a sampled world at every search step


class ConquerView(NamedTuple):
    """Nothing is hidden in Objective: Conquer (OC-Q80) but the dice seed."""

    seat: int | None
    state: CState


def _with_dice(s: CState, dice) -> CState:
    return _replace_state(s, {"dice": dice})


class ObjectiveConquer:
    id = "conquer"
    title = "Objective: Conquer"
    rules_version = 1
    seat_noun = "Administrator"  # what the rules call a seat: "Administrator 2" everywhere
    seats = range(2, 7)
    options = OPTIONS
    presets = ()
    hidden_information = False
    automatic_seat = "natives"  # the seat after the players: run by ai/natives.py (OC-Q83)
    contract_options = {"turn_limit": 15}  # random play to a game's end, quickly

    def new(self, options, players, seed):
        if players not in self.seats:
            raise OptionError("Objective: Conquer is for 2 to 6 players")
        values = resolve_options(self.options, options)
        return rules.new_game(Rules(**values), players, seed)

    def to_move(self, s):
        return rules.to_move(s)

    def turn(self, s):
        return s.turn

    def seat_count(self, s) -> int:
        return s.players

    def seat_name(self, seat: int) -> str:
        return "Natives"

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

    def may_end_turn(self, s, a) -> bool:
        """OC-2.1 / OC-Q16: whether `a` may pass the move to another seat (the next Administrator
        in initiative order, the natives) or end the turn or the game (OC-14.1, OC-Q92), by the
        rules alone: `a` is played with every way the dice it rolls itself could fall (a
        discovery, OC-5.4 / OC-Q22 / OC-8.6; a search and its cave, OC-8.2 / OC-8.3 / OC-8.5 /
        OC-Q42; a mine, OC-8.4), and what needs more dice after it (the natives, OC-7.1; the
        battles, OC-9.1) may. So `done` may; a move, an order, a purchase may only when it leaves
        the Administrator nothing more to do in the phase ("a player with nothing to do is passed
        over"); choosing where a battle's losses fall (OC-9.5) may with its last choice."""
        return turn_may_end_by_the_rules(self, s, a, _with_dice, draws=3)

    def events(self, s):
        return s.events

    def outcome(self, s):
        if s.phase != OVER:
            return None
        winners = s.result
        returns = tuple(1.0 / len(winners) if p in winners else 0.0 for p in range(s.players))
        if not winners:
            return Outcome(returns, f"No winner: {s.end_reason}.", (), "No winner")
        names = " and ".join(rules.player_name(p) for p in winners)
        verb = "win" if len(winners) > 1 else "wins"
        label = "Shared win" if len(winners) > 1 else "Win"
        return Outcome(returns, f"{names} {verb}: {s.end_reason}.", winners, label)

    def observe(self, s, seat):
        return ConquerView(seat, _replace_state(s, {"dice": None}))

    def determinize(self, view, rng):
        return _replace_state(view.state, {"dice": Dice(rng.getrandbits(64))})

    def reseed(self, s, dice):
        """s with other dice: all that tells two sampled worlds apart (`determinize`), so a
        search may carry a step that rolled no die from one world to the next."""
        return _with_dice(s, dice)

    def describe(self, s, a):
        b = board(s.radius)
        verb = a[0]
        if verb == "done":
            return f"Done ({PHASE_NAMES[s.phase].lower()})"
        if verb == "move":
            chit = next(c for c in s.chits if c.id == a[1])
            target = b.neighbours[chit.hex][a[2]]
            if s.terrain[target] is not None:
                where = f"{s.terrain[target]} {b.label(target)}"
            elif (chit.owner, target) in s.paid:
                where = f"the unknown {b.label(target)} (explore: free, already paid)"
            else:
                where = f"the unknown {b.label(target)} (explore: {dollars(EXPLORE_COST)})"
            return (
                f"{chit.points}-pt army{self.twin_tag(s, chit)} at {self.place(s, chit.hex)} -> "
                f"{DIRECTION_NAMES[a[2]]} to {where}"
            )
        if verb == "order":
            text = rules.order_text(a[2], a[3])
            if a[2] == "move":
                target = b.neighbours[a[1]][a[3]]
                text += f" to {self.place(s, target)}"
            elif a[2] == "terrain":
                here = s.terrain[a[1]]
                text += f" ({here} -> {TERRAIN_CHANGES[a[3]][0][here]})"
            return f"Order the army at {self.place(s, a[1])}: {text} (arrives next turn)"
        if verb == "admin":
            here = s.admins[rules.acting(s)]
            return (
                f"Administrator {DIRECTION_NAMES[a[1]]} to "
                f"{self.place(s, b.neighbours[here][a[1]])}"
            )
        if verb == "native":
            native = next(n for n in s.natives if n.id == a[1])
            how = "hunts" if s.rules.natives_policy == "hunting" else "wanders"
            return (
                f"Native #{native.id} (strength {native.strength}) at {b.label(native.hex)} "
                f"{how}: the die picks the way"
            )
        if verb == "spelunk":
            p = rules.acting(s)
            cost = rules.can_spelunk(s, p, a[1], True, free_ok=True)[1]
            return f"Spelunk the Mountain at {b.label(a[1])} ({'free' if not cost else '$4.00'})"
        if verb == "mine":
            return f"Work the mine at {b.label(a[1])}"
        if verb == "hit":
            kind, ident = a[1], a[2]
            if kind == "chit":
                chit = next(c for c in s.chits if c.id == ident)
                k = s.casualties
                spread = k is not None and k.hex < 0  # the points may fall in any hex
                where = f" at {b.label(chit.hex)}" if spread else ""
                tag = self.twin_tag(s, chit, anywhere=spread)
                return f"Take a loss on the {chit.points}-point army{tag}{where}"
            if kind == "castle":
                return f"Take a loss on the castle at {b.label(ident)}"
            native = next(n for n in s.natives if n.id == ident)
            return f"Hit native #{native.id} (strength {native.strength})"
        if verb == "terrain":
            changes, cost, _ = TERRAIN_CHANGES[a[2]]
            here = s.terrain[a[1]]
            return (
                f"{a[2].capitalize()} {b.label(a[1])}: {here} -> {changes[here]} ({dollars(cost)})"
            )
        if verb == "recruit":
            return (
                f"Raise a {a[2]}-point army at the castle {b.label(a[1])} "
                f"({dollars(recruit_cost(a[2]))})"
            )
        if verb == "drill":
            chit = next(c for c in s.chits if c.id == a[1])
            free = chit.fresh and chit.points == 5
            army = f"{chit.points}-point army{self.twin_tag(s, chit)}"
            return (
                f"Train the {army} at {b.label(chit.hex)} to "
                f"{chit.points + 1} ({'free' if free else '$1.00'})"
            )
        if verb == "combine":
            x = next(c for c in s.chits if c.id == a[1])
            y = next(c for c in s.chits if c.id == a[2])
            tags = self.twin_tag(s, x) or self.twin_tag(s, y)
            if tags:
                return (
                    f"Combine the {x.points}-point army #{x.id} and the {y.points}-point army "
                    f"#{y.id} at {b.label(x.hex)}"
                )
            return f"Combine the {x.points}- and {y.points}-point armies at {b.label(x.hex)}"
        if verb == "split":
            chit = next(c for c in s.chits if c.id == a[1])
            army = f"{chit.points}-point army{self.twin_tag(s, chit)}"
            return f"Split the {army} at {b.label(chit.hex)} into {chit.points - a[2]} and {a[2]}"
        if verb == "develop":
            castle = rules.castle_at(s, a[1])
            what = (
                "Found a castle" if castle is None else f"Build the castle to {castle.points + 1}"
            )
            return f"{what} at {b.label(a[1])} ({dollars(CASTLE_POINT_COST)})"
        raise IllegalAction(f"unknown action {a!r}")

    def twin_tag(self, s, chit, anywhere: bool = False) -> str:
        """ " #7" when another army of the same owner and points stands in the same hex (in any
        hex with `anywhere`), so two actions on them never read alike; else nothing."""
        for c in s.chits:
            if (
                c.id != chit.id
                and c.owner == chit.owner
                and c.points == chit.points
                and (anywhere or c.hex == chit.hex)
            ):
                return f" #{chit.id}"
        return ""

    def place(self, s, h: int) -> str:
        """A hex as a player reads it: "Castle (0,4)", "Meadow (1,3)", "unknown (2,2)"."""
        b = board(s.radius)
        castle = rules.castle_at(s, h)
        if castle is not None:
            return f"Castle {b.label(h)}"
        terrain = s.terrain[h]
        return f"{terrain or 'unknown'} {b.label(h)}"

    def places_of(self, s, a) -> tuple[int, ...]:
        """The hexes an action is about: where it acts and, for a move, where it goes."""
        b = board(s.radius)
        verb = a[0]
        if verb == "move":
            chit = next((c for c in s.chits if c.id == a[1]), None)
            return () if chit is None else (chit.hex, b.neighbours[chit.hex][a[2]])
        if verb == "order":
            if a[2] == "move" and b.neighbours[a[1]][a[3]] >= 0:
                return (a[1], b.neighbours[a[1]][a[3]])
            return (a[1],)
        if verb == "admin":
            here = s.admins[rules.acting(s)]
            return (here, b.neighbours[here][a[1]])
        if verb in ("spelunk", "mine", "terrain", "recruit", "develop"):
            return (a[1],)
        if verb == "native":
            native = next((n for n in s.natives if n.id == a[1]), None)
            return () if native is None else (native.hex,)
        if verb in ("drill", "split", "combine"):
            chit = next((c for c in s.chits if c.id == a[1]), None)
            return () if chit is None else (chit.hex,)
        if verb == "hit":
            if a[1] == "chit":  # the army that takes the loss (its points may fall anywhere)
                chit = next((c for c in s.chits if c.id == a[2]), None)
                return () if chit is None else (chit.hex,)
            return (s.casualties.hex,) if s.casualties is not None and s.casualties.hex >= 0 else ()
        return ()

    def to_json(self, view):
        s = view.state
        b = board(s.radius)
        players = []
        for p in range(s.players):
            players.append(
                {
                    "name": rules.player_name(p),
                    "administrator": None if s.admins[p] is None else b.label(s.admins[p]),
                    "money": dollars(s.money[p]),
                    "armies": [f"{c.points} at {b.label(c.hex)}" for c in s.chits if c.owner == p],
                    "castles": [
                        f"{c.points} at {b.label(c.hex)}" for c in s.castles if c.owner == p
                    ],
                    "controlled_hexes": len(rules.controlled_hexes(s, p)),
                    "score": rules.score(s, p),
                }
            )
        data = {
            "turn": s.turn,
            "phase": f"{s.phase}. {PHASE_NAMES[s.phase]}",
            "initiative": [rules.player_name(p) for p in s.initiative],
            "players": players,
            "natives": [f"#{n.id} strength {n.strength} at {b.label(n.hex)}" for n in s.natives],
            "discovered": {
                b.label(h): TERRAIN_LETTERS[t] for h, t in enumerate(s.terrain) if t is not None
            },
            "orders": [
                f"{rules.player_name(o.player)} -> {b.label(o.hex)}: "
                f"{rules.order_text(o.kind, o.arg)} (sent turn {o.turn})"
                for o in s.orders
            ],
        }
        if s.casualties is not None:
            k = s.casualties
            data["casualties"] = (
                f"{rules.side_name(k.loser)} must lose {k.points} at {b.label(k.hex)}"
            )
        if s.phase == OVER:
            data["result"] = s.end_reason
        return data


GAME = ObjectiveConquer()
