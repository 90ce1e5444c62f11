"""What a Vietnam Solitaire action did, as data: the kinds of fact, and the one narrator that
puts them into words.

The rules (core/solitaire/rules.py) report each fact as `event(SolitaireEvent.X, ...)` with plain
values; `words` below is the only place those facts become sentences (the log, the traces, a
die's purpose, what it was compared against and its result). Nothing else reads the sentences.

Every event concerns the one seat (`seats == (0,)`). `places` are the map references the screen
lights: `("area", p)` for an area (region * 4 + area, 0-19) and `("trail", t)` for a Trail area
(0-5); a fact about a whole region names it in a value (`region`, 0-4) instead. Units are named
by their keys (`"vc"`, `"nva"`, `"arvn"`, `"grunt"`, `"aircav"`).

One event is one line of the log, so a fact told inside another's sentence is a value of that
event rather than an event of its own: the units a combat round destroyed are its `enemy_lost`
and `your_lost`, the victory level is `WAR_OVER`'s `level`, and the Political Points an action
cost are its `pp_before` / `pp_after` (`pp_change` reads them off any event).
"""

from __future__ import annotations

from collections.abc import Callable

from core.engine import Event, EventKind, Words, narrator
from core.solitaire.board import (
    B52_REMOVES,
    GREEN_BERET_REMOVES,
    NAPALM_KILLS,
    PP_LIMIT,
    REGIONS,
    RESTRICTION_TEXT,
    TERRAIN_NAMES,
    TRAIL_NAMES,
    UNIT_BY_KEY,
    UNIT_NAMES,
    place_name,
    terrain_of,
)

SEATS = (0,)  # the player: every fact of the game concerns that one seat


class SolitaireEvent(EventKind):
    """Every fact Vietnam Solitaire reports. `*_ROLL` kinds carry dice (one event per roll)."""

    # the war
    SET_UP = "set_up"  # VS-A2: shortened (bool: D1, no Trail counters)
    TURN_BEGAN = "turn_began"  # VS-B0.1: turn, year, historical; pp_before, pp_after and
    # restriction (the B9 result in force), or in D3 the chart's arvn, napalm, b52,
    # green_berets, grunts, aircav
    PP_CHANGED = "pp_changed"  # VS-B9.1: cause ("regions"), enemy_only and yours_only (the
    # regions each side holds alone), pp_before, pp_after
    RESTRICTION_ROLL = "restriction_roll"  # VS-B9.3: pp, modifier, total, restriction (1-6)
    NOTHING_TO_WITHDRAW = "nothing_to_withdraw"  # VS-Q49: a 6+ with no American unit on the map
    REGIONS_HELD = "regions_held"  # VS-D3.6: held (the regions), the war goes on
    WAR_OVER = "war_over"  # VS-C: reason ("pp_immediate", "pp_b9", "regions", "turn_cap"),
    # turn, level (0 disastrous defeat .. 4 major victory), pp; with pp_immediate the cause
    # that crossed 14; with regions / turn_cap the regions held

    # the Trail
    TRAIL_GROWTH_ROLL = "trail_growth_roll"  # VS-B1.1: mode, targets, added, counters (each
    # target's count after)
    TRAIL_ATTACK_ROLL = "trail_attack_roll"  # VS-B2.4 / B2.5: weapon ("b52", "gb"), trail,
    # removed, counters, cost, pp_before, pp_after

    # your forces
    FREE_GRUNTS_OFFERED = "free_grunts_offered"  # VS-D2.1: grunts to place
    FREE_GRUNT_PLACED = "free_grunt_placed"  # VS-D2.1: unit, place, left
    UNIT_DEPLOYED = "unit_deployed"  # VS-D3.3: unit, place (the D3 chart)
    UNIT_WITHDRAWN = "unit_withdrawn"  # VS-B9.4 / VS-D3.3: unit, place, cause ("b9":
    # the B9 result 6+, no PP, not a loss; "d3_chart")
    UNIT_RAISED = "unit_raised"  # VS-B3.1: unit, place, cost, pp_before, pp_after
    UNIT_MOVED = "unit_moved"  # VS-B3.4 / B3.5: unit, origin, destination, cost, pp_*
    UNIT_REGROUPED = "unit_regrouped"  # VS-B3.3: unit, origin, destination
    UNIT_REDEPLOYED = "unit_redeployed"  # VS-B8.1: unit, origin, destination

    # napalm and ground combat
    NAPALM_ROLL = "napalm_roll"  # VS-B4.2: unit, place, destroyed, cost, pp_before, pp_after
    COMBAT_BEGAN = "combat_began"  # VS-B4.3: place
    COMBAT_ROLL = "combat_roll"  # VS-B4.4: place, round, unit, need, hit
    COMBAT_ROUND = "combat_round"  # VS-B4.5 / B4.6: place, round, hits_on_enemy, hits_on_you,
    # enemy_lost (VC, NVA), your_lost (ARVN, Grunt, AirCav), cost, pp_before, pp_after
    FORCES_RETREATED = "forces_retreated"  # VS-B4.8: origin, destination, forces (ARVN, Grunt,
    # AirCav that retreated)

    # the enemy
    VC_UPRISING_SKIPPED = "vc_uprising_skipped"  # VS-Q35: no region holds your units
    VC_REGION_ROLL = "vc_region_roll"  # VS-B5.1: region (None on a 6), reroll (no units there)
    VC_AREA_ROLL = "vc_area_roll"  # VS-B5.1: region, place (1 VC placed there)
    NVA_AREA_ROLL = "nva_area_roll"  # VS-B5.2: trail, region, place (1 NVA placed there)
    INSURGENCY = "insurgency"  # VS-B6.1 / VS-Q39: timing ("batch", "per_placement"), areas
    # (where the new units fight)
    OFFENSIVE_ROLL = "offensive_roll"  # VS-B7.1: region (None on a 6), regions (attacking)
    OFFENSIVE = "offensive"  # VS-B7.2-B7.4: region, steps (0: they hold), contacts (the
    # areas attacked; none: no unit of yours in the region); places: the region's areas, which
    # the advance changes (none when they hold)


K = SolitaireEvent

# the cause of a Political Points change, by the kind of event that tells it
PP_CAUSES = {
    K.TURN_BEGAN: "new_year",
    K.TRAIL_ATTACK_ROLL: "strike",
    K.UNIT_RAISED: "purchase",
    K.UNIT_MOVED: "purchase",
    K.NAPALM_ROLL: "napalm",
    K.COMBAT_ROUND: "losses",
    K.PP_CHANGED: "regions",
}


def pp_change(e: Event) -> tuple[str, int, int] | None:
    """`(cause, before, after)` when `e` changed the Political Points, else None. Causes:
    "new_year" (set to the turn), "strike", "purchase" (a unit raised or a Grunt moved),
    "napalm", "losses" (combat), "regions" (the B9 count). A strike or napalm that the
    `immediate` check ends before its die shows its PP only in `WAR_OVER` (pp, cause)."""
    before = e.get("pp_before")
    if before is None or e.kind not in PP_CAUSES:
        return None
    after = e["pp_after"]
    return (PP_CAUSES[e.kind], before, after) if after != before else None


# --- the words ----------------------------------------------------------------------------------


def unit_name(key: str) -> str:
    return UNIT_NAMES[UNIT_BY_KEY[key]]


def lost_text(counts: tuple[int, ...], names: tuple[str, ...]) -> str:
    return ", ".join(f"{n} {name}" for n, name in zip(counts, names, strict=True) if n)


AREA_DIE = "area die: 1-2, 3-4, 5, 6"
NUMBERS = ("no", "one", "two", "three", "four")


def _set_up(e: Event) -> Words:
    trail = "no Trail counters (D1)." if e["shortened"] else "Trail counters in Hanoi and Haiphong."
    return f"Setup: a VC in area 1-2 and an ARVN in area 3-4 of every region; {trail}"


def _turn_began(e: Event) -> Words:
    turn, year = e["turn"], e["year"]
    if e["historical"]:
        return (
            f"Turn {turn} ({year}) begins. Historical chart: {e['arvn']} ARVN to raise, "
            f"{e['napalm']} napalm, {e['b52']} B-52, {e['green_berets']} Green Beret, "
            f"US forces {e['grunts']} Grunt / {e['aircav']} AirCav."
        )
    restriction = RESTRICTION_TEXT.get(e["restriction"], "none")
    return (
        f"Turn {turn} ({year}) begins: PP set to {e['pp_after']}. "
        f"Restriction this turn: {restriction}."
    )


def _pp_changed(e: Event) -> Words:
    return (
        f"B9: {len(e['enemy_only'])} region(s) held only by the NVA/VC, {len(e['yours_only'])} "
        f"only by you: PP {e['pp_before']} -> {e['pp_after']}."
    )


def _restriction_roll(e: Event) -> Words:
    return (
        "B9 Restriction for next turn",
        f"PP {e['pp']}: modifier {e['modifier']:+d}",
        f"{e['total']}: {RESTRICTION_TEXT[e['restriction']]}",
    )


def _war_over(e: Event) -> Words:
    reason = e["reason"]
    if reason == "pp_immediate":
        return f"Political Points reach {e['pp']}: the war is over (immediate PP check, VS-Q10)."
    if reason == "pp_b9":
        return f"Political Points {e['pp']} >= {PP_LIMIT}: the war is over."
    return f"D3: you hold {len(e['held'])} region(s)."


def _trail_growth_roll(e: Event) -> Words:
    if e["mode"] == "sum_2d6":
        against = f"total {sum(e.dice)} -> {TRAIL_NAMES[e['targets'][0]]}"
    else:
        against = "each die names a Trail area 1-6"
    results = [
        f"{TRAIL_NAMES[t]} +1 (now {n})" if added else f"{TRAIL_NAMES[t]} already has a counter"
        for t, added, n in zip(e["targets"], e["added"], e["counters"], strict=True)
    ]
    return "B1 Trail growth", against, "; ".join(results)


def _trail_attack_roll(e: Event) -> Words:
    if e["weapon"] == "b52":
        name, (lo, hi) = "B-52 strike", B52_REMOVES
    else:
        name, (lo, hi) = "Green Beret raid", GREEN_BERET_REMOVES
    return (
        f"B2 {name} on {TRAIL_NAMES[e['trail']]}",
        f"{lo}-{hi} removes the counter",
        "Trail counter removed" if e["removed"] else "the counter stays",
    )


def _napalm_roll(e: Event) -> Words:
    name = unit_name(e["unit"])
    lo, hi = NAPALM_KILLS
    return (
        f"B4 Napalm on {name} in {place_name(e['place'])}",
        f"{lo}-{hi} destroys it",
        f"{name} destroyed" if e["destroyed"] else f"the {name} survives",
    )


def _combat_roll(e: Event) -> Words:
    p = e["place"]
    faces = "1" if e["need"] == 1 else f"1-{e['need']}"
    return (
        f"Combat {place_name(p)} round {e['round']}: {unit_name(e['unit'])}",
        f"hits on {faces} in {TERRAIN_NAMES[terrain_of(p)]}",
        "hit" if e["hit"] else "miss",
    )


def _combat_round(e: Event) -> Words:
    enemy = lost_text(e["enemy_lost"], UNIT_NAMES[:2]) or "no NVA/VC"
    yours = lost_text(e["your_lost"], UNIT_NAMES[2:]) or "none of yours"
    cost = f" (PP +{e['cost']})" if e["cost"] else ""
    return (
        f"{place_name(e['place'])}: {e['hits_on_enemy']} hit(s) on the NVA/VC, "
        f"{e['hits_on_you']} on your forces. Lost: {enemy}; {yours}{cost}."
    )


def _vc_region_roll(e: Event) -> Words:
    region = e["region"]
    if region is None:
        return "B5 VC uprising: region", "1-5 a region, 6 none", "no VC this turn"
    if e["reroll"]:
        return (
            "B5 VC uprising: region",
            "a region with your units",
            f"none of your units in {REGIONS[region]}: roll again",
        )
    return "B5 VC uprising: region", "1-5 a region, 6 none", REGIONS[region]


def _offensive_roll(e: Event) -> Words:
    region, attacking = e["region"], e["regions"]
    if region is None:
        result = "offensive in every region with NVA/VC" if attacking else "no NVA/VC anywhere"
    elif attacking:
        result = f"offensive in {REGIONS[region]}"
    else:
        result = f"no NVA/VC in {REGIONS[region]}: no offensive"
    return "B7 NVA/VC offensive: region", "1-5 a region, 6 all", result


def _offensive(e: Event) -> Words:
    region = REGIONS[e["region"]]
    if e["contacts"]:
        where = ", ".join(place_name(p) for p in e["contacts"])
        return f"B7: the NVA/VC in {region} advance {e['steps']} area(s) and attack {where}."
    if e["steps"]:
        return (
            f"B7: the NVA/VC in {region} advance one area; none of your units are there (VS-Q42)."
        )
    return f"B7: none of your units in {region}; the NVA/VC hold (VS-Q42)."


def _insurgency(e: Event) -> Words:
    if e["timing"] == "per_placement":
        where = place_name(e["areas"][0])
        return f"B6 Insurgency: the new unit in {where} attacks at once (VS-Q39)."
    return "B6 Insurgency: new NVA/VC units attack at once."


def _unit_withdrawn(e: Event) -> Words:
    why = "B9 result 6+" if e["cause"] == "b9" else "D3 chart"
    return f"{unit_name(e['unit'])} withdrawn from {place_name(e['place'])} ({why})."


def _moved(verb: str) -> Callable[[Event], Words]:
    def words(e: Event) -> Words:
        return (
            f"{unit_name(e['unit'])} {verb} {place_name(e['origin'])} -> "
            f"{place_name(e['destination'])}."
        )

    return words


WORDS: dict[SolitaireEvent, Callable[[Event], Words]] = {
    K.SET_UP: _set_up,
    K.TURN_BEGAN: _turn_began,
    K.PP_CHANGED: _pp_changed,
    K.RESTRICTION_ROLL: _restriction_roll,
    K.NOTHING_TO_WITHDRAW: lambda e: "No American units on the map: nothing to remove (VS-Q49).",
    K.REGIONS_HELD: lambda e: f"D3: you hold {len(e['held'])} region(s).",
    K.WAR_OVER: _war_over,
    K.TRAIL_GROWTH_ROLL: _trail_growth_roll,
    K.TRAIL_ATTACK_ROLL: _trail_attack_roll,
    K.FREE_GRUNTS_OFFERED: lambda e: (
        f"D2 Allied participation: place {NUMBERS[e['grunts']]} free Grunts anywhere."
    ),
    K.FREE_GRUNT_PLACED: lambda e: f"Free Grunt placed in {place_name(e['place'])} (D2).",
    K.UNIT_DEPLOYED: lambda e: (
        f"{unit_name(e['unit'])} deployed to {place_name(e['place'])} (D3 chart)."
    ),
    K.UNIT_WITHDRAWN: _unit_withdrawn,
    K.UNIT_RAISED: lambda e: f"{unit_name(e['unit'])} raised in {place_name(e['place'])}.",
    K.UNIT_MOVED: _moved("moves"),
    K.UNIT_REGROUPED: _moved("regroups"),
    K.UNIT_REDEPLOYED: _moved("redeploys"),
    K.NAPALM_ROLL: _napalm_roll,
    K.COMBAT_BEGAN: lambda e: (
        f"Ground combat in {place_name(e['place'])} ({TERRAIN_NAMES[terrain_of(e['place'])]})."
    ),
    K.COMBAT_ROLL: _combat_roll,
    K.COMBAT_ROUND: _combat_round,
    K.FORCES_RETREATED: lambda e: (
        f"Your forces retreat from {place_name(e['origin'])} to {place_name(e['destination'])}."
    ),
    K.VC_UPRISING_SKIPPED: lambda e: (
        "B5 VC uprising: no region holds your units, so no VC is placed (VS-Q35)."
    ),
    K.VC_REGION_ROLL: _vc_region_roll,
    K.VC_AREA_ROLL: lambda e: (
        f"B5 VC uprising in {REGIONS[e['region']]}: area",
        AREA_DIE,
        f"1 VC placed in {place_name(e['place'])}",
    ),
    K.NVA_AREA_ROLL: lambda e: (
        f"B5 NVA arrival from {TRAIL_NAMES[e['trail']]} into {REGIONS[e['region']]}",
        AREA_DIE,
        f"1 NVA placed in {place_name(e['place'])}",
    ),
    K.INSURGENCY: _insurgency,
    K.OFFENSIVE_ROLL: _offensive_roll,
    K.OFFENSIVE: _offensive,
}


@narrator(SolitaireEvent)
def words(e: Event) -> Words:
    """The sentence of an event, or for a die its (purpose, against, result)."""
    return WORDS[e.kind](e)
