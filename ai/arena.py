"""The arena: agents against each other over seeded games, with a score and a 95% interval.

Game i is played from seed S + i, with the seats rotated across games so every agent sits in
every seat equally often. Games are spread over worker processes; results are gathered by game
index, so they are the same whatever the number of processes.

Scores (for each agent, from 0 to 1):
* Objective: Conquer: a win counts 1, a shared win 1/k.
* Objectives: Vietnam: an individual win (the team won and the seat had the most points, a
  shared top 1/k); the team win rate is reported beside it.
* Vietnam Solitaire (one seat): each seed is played once by every agent; an agent scores 1 for
  a seed where it reached a later turn than the other agents' mean, 1/2 for a tie; the mean
  difference of turns reached with its 95% interval is reported beside it.
"""

from __future__ import annotations

import contextlib
import math
import os
import signal
import statistics
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

import core
from ai import agent as make_agent
from ai.base import Budget
from ai.play import play_steps
from core.conquer.events import LAST_STANDING, NATIVE_SIDE, NONE_LEFT, ConquerEvent


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson 95% interval of a proportion (fractional wins allowed)."""
    if n == 0:
        return 0.0, 1.0
    p = score / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(values: list[float], z: float = 1.96) -> tuple[float, float, float]:
    mean = statistics.mean(values)
    if len(values) < 2:
        return mean, mean, mean
    half = z * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


@dataclass(frozen=True)
class Match:
    game: str
    index: int
    seed: int
    seats: tuple[str, ...]  # agent name per seat
    options: tuple


def seats_for(agents: list[str], players: int, index: int) -> tuple[str, ...]:
    """Rotate the agents round the seats: game i shifts them by i."""
    k = len(agents)
    return tuple(agents[(seat + index) % k] for seat in range(players))


def play_match(match: Match) -> dict:
    """One game (run in a worker process)."""
    game = core.game(match.game)
    agents = [make_agent(name) for name in match.seats]
    watch = WarStats() if match.game == "conquer" else None
    final = None
    for move in play_steps(game, agents, match.seed, dict(match.options), lambda: Budget()):
        final = move.after
        if watch is not None:
            watch.see(move)
    outcome = game.outcome(final)
    result = {
        "index": match.index,
        "seed": match.seed,
        "seats": list(match.seats),
        "returns": list(outcome.returns),
        "winners": list(outcome.winners),
        "turn": game.turn(final),
        "team_won": getattr(final, "result", "") == "team",
        "label": outcome.label or outcome.sentence,
    }
    if watch is not None:
        result.update(watch.summary(final))
    return result


class WarStats:
    """What happened in an Objective: Conquer game, read from its events' kinds and values:
    battles between players and with natives, castles lost, Administrators captured (and by
    whom), hexes explored, orders sent, how it ended."""

    def __init__(self) -> None:
        self.battles = self.native_battles = self.castles_lost = 0
        self.explored = self.orders = 0
        self.captured: list[dict] = []
        self.last_capture_by = ""
        self.end_why = ""

    def see(self, move) -> None:
        E = ConquerEvent
        for event in move.after.events:
            kind = event.kind
            if kind is E.BATTLE:
                natives = NATIVE_SIDE in event["sides"]
                self.native_battles += natives
                self.battles += not natives
            elif kind is E.CASTLE_TAKEN or kind is E.CASTLE_DESTROYED:
                self.castles_lost += 1
            elif kind is E.DISCOVERY_DIE:
                self.explored += 1
            elif kind is E.ORDER_SENT:
                self.orders += 1
            elif kind is E.ADMIN_CAPTURED:
                self.captured.append({"who": event.seats[0], "by": self._captor(event)})
                self.last_capture_by = self.captured[-1]["by"]
            elif kind is E.GAME_OVER:
                self.end_why = event["why"]

    @staticmethod
    def _captor(event) -> str:
        """Who took the Administrator: the enemy armies in its hex, or else the natives."""
        if event["by"]:
            return ",".join(f"Administrator {p + 1}" for p in event["by"])
        return "natives" if event["natives"] else "unknown"

    def summary(self, final) -> dict:
        if self.end_why == LAST_STANDING:
            end = "natives" if self.last_capture_by == "natives" else "conquest"
        elif self.end_why == NONE_LEFT:
            end = "no_winner"
        else:
            end = "turn_limit" if final.result else "no_winner"
        return {
            "battles": self.battles,
            "native_battles": self.native_battles,
            "castles_lost": self.castles_lost,
            "admins_captured": self.captured,
            "explored": self.explored,
            "orders_sent": self.orders,
            "money_end": [m / 100 for m in final.money],
            "end": end,
        }


def _worker_started(parent: int) -> None:
    """A worker process leaves Ctrl+C and SIGTERM to its parent, which ends the pool, and dies
    with the parent even if that is killed outright (Linux: PR_SET_PDEATHSIG)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)
    if sys.platform.startswith("linux"):
        import ctypes

        PR_SET_PDEATHSIG = 1
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:  # the parent ended before the worker was ready
        os._exit(1)


def _end_workers(pool: ProcessPoolExecutor) -> None:
    """Stop the pool's worker processes at once (each may be in the middle of a long game)."""
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14+
    if terminate is not None:
        terminate()
        return
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        with contextlib.suppress(Exception):
            process.terminate()


def run_arena(
    game_id: str,
    agents: list[str],
    games: int,
    seed: int,
    players: int | None,
    options: dict,
    jobs: int = 1,
    progress=None,
) -> dict:
    """Play the games and report. `progress(done, total)`, if given, is called as each game
    ends (in the order they end: with several jobs, not the order of the seeds)."""
    game = core.game(game_id)
    players = players or (1 if game_id == "solitaire" else max(len(agents), game.seats.start))
    matches = []
    if players == 1:  # paired seeds: every agent plays every seed
        for i in range(games):
            for name in agents:
                matches.append(
                    Match(game_id, len(matches), seed + i, (name,), tuple(sorted(options.items())))
                )
    else:
        for i in range(games):
            matches.append(
                Match(
                    game_id,
                    i,
                    seed + i,
                    seats_for(agents, players, i),
                    tuple(sorted(options.items())),
                )
            )
    results = []

    def ended(result: dict) -> None:
        results.append(result)
        if progress is not None:
            progress(len(results), len(matches))

    if jobs > 1:
        pool = ProcessPoolExecutor(
            max_workers=jobs, initializer=_worker_started, initargs=(os.getpid(),)
        )
        try:
            for result in pool.map(play_match, matches, chunksize=1):
                ended(result)
        except BaseException:  # Ctrl+C, a signal, an error: the workers stop now, not later
            _end_workers(pool)
            raise
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
    else:
        for match in matches:
            ended(play_match(match))
    results.sort(key=lambda r: r["index"])
    if players == 1:
        return _solitaire_report(game_id, agents, games, seed, options, results)
    return _table_report(game_id, agents, games, seed, players, options, results)


def _table_report(game_id, agents, games, seed, players, options, results) -> dict:
    totals = {name: 0.0 for name in agents}
    seats = {name: 0 for name in agents}
    for r in results:
        winners = r["winners"]
        for seat, name in enumerate(r["seats"]):
            seats[name] += 1
            if seat in winners:
                totals[name] += 1 / len(winners)
    rows = []
    for name in dict.fromkeys(agents):  # an agent named twice is one row
        low, high = wilson(totals[name], seats[name])
        rows.append(
            {
                "agent": name,
                "seats": seats[name],
                "score": round(totals[name] / max(1, seats[name]), 4),
                "ci_low": round(low, 4),
                "ci_high": round(high, 4),
            }
        )
    report = {
        "game": game_id,
        "agents": agents,
        "games": games,
        "seed": seed,
        "players": players,
        "options": options,
        "table": rows,
        **_first(rows),
    }
    if game_id == "objectives":
        report["team_win_rate"] = round(sum(r["team_won"] for r in results) / len(results), 4)
    war = ("battles", "native_battles", "castles_lost", "admins_captured", "explored",
           "orders_sent", "money_end", "end")  # fmt: skip
    report["games_detail"] = [
        {k: r[k] for k in ("seed", "seats", "winners", "turn", "label", *war) if k in r}
        for r in results
    ]
    if game_id == "conquer":
        report["war"] = war_summary(results)
    return report


def war_summary(results: list[dict]) -> dict:
    """The means of the war statistics over the games, and how the games ended."""
    n = len(results)
    ends: dict[str, int] = {}
    for r in results:
        ends[r["end"]] = ends.get(r["end"], 0) + 1
    by_conquest: dict[str, int] = {}
    for r in results:
        if r["end"] == "conquest":
            for seat in r["winners"]:
                name = r["seats"][seat]
                by_conquest[name] = by_conquest.get(name, 0) + 1
    return {
        "battles": round(sum(r["battles"] for r in results) / n, 2),
        "native_battles": round(sum(r["native_battles"] for r in results) / n, 2),
        "castles_lost": round(sum(r["castles_lost"] for r in results) / n, 2),
        "admins_captured": round(sum(len(r["admins_captured"]) for r in results) / n, 2),
        "explored": round(sum(r["explored"] for r in results) / n, 2),
        "orders_sent": round(sum(r["orders_sent"] for r in results) / n, 2),
        "mean_end_turn": round(sum(r["turn"] for r in results) / n, 2),
        "ends": dict(sorted(ends.items())),
        "conquest_share": round(ends.get("conquest", 0) / n, 3),
        "wins_by_conquest": by_conquest,
    }


VICTORY_TURN = 11  # Vietnam Solitaire: a war that lasts to turn 11 is a victory (VS-C.1)


def _solitaire_report(game_id, agents, games, seed, options, results) -> dict:
    by_seed: dict[int, dict[str, int]] = {}
    labels = {name: Counter() for name in agents}
    for r in results:
        by_seed.setdefault(r["seed"], {})[r["seats"][0]] = r["turn"]
        labels[r["seats"][0]][r["label"]] += 1
    rows = []
    for name in agents:
        ends = [t[name] for t in by_seed.values()]
        score = 0.0
        diffs = []
        for turns in by_seed.values():
            others = [t for a, t in turns.items() if a != name]
            mine = turns[name]
            other = statistics.mean(others)
            score += 1.0 if mine > other else (0.5 if mine == other else 0.0)
            diffs.append(mine - other)
        low, high = wilson(score, len(by_seed))
        mean, dlow, dhigh = mean_interval(diffs)
        rows.append(
            {
                "agent": name,
                "seeds": len(by_seed),
                "score": round(score / len(by_seed), 4),
                "ci_low": round(low, 4),
                "ci_high": round(high, 4),
                "mean_turn": round(statistics.mean(ends), 3),
                # VS-C.1: a war lasting to turn 11 or later is a victory
                "reached_11": round(sum(t >= VICTORY_TURN for t in ends) / len(ends), 4),
                "levels": dict(labels[name].most_common()),
                "mean_turn_diff": round(mean, 3),
                "diff_ci_low": round(dlow, 3),
                "diff_ci_high": round(dhigh, 3),
            }
        )
    return {
        "game": game_id,
        "agents": agents,
        "games": games,
        "seed": seed,
        "players": 1,
        "options": options,
        "table": rows,
        "games_detail": [
            {"seed": r["seed"], "agent": r["seats"][0], "turn": r["turn"], "label": r["label"]}
            for r in results
        ],
        **_first(rows),
    }


def _first(rows) -> dict:
    first = rows[0]
    extra = {k: first[k] for k in ("mean_turn_diff", "diff_ci_low", "diff_ci_high") if k in first}
    return {
        "score": first["score"],
        "ci_low": first["ci_low"],
        "ci_high": first["ci_high"],
        **extra,
    }


def report_table(report: dict) -> str:
    game = core.game(report["game"])
    lines = [
        f"{game.title}: {report['games']} games from seed {report['seed']}, "
        f"{report['players']} player(s)",
        "",
    ]
    if report["players"] == 1:
        lines.append(
            f"  {'agent':<14} {'score':>6}  {'95% interval':>15}  {'mean turn':>9}  "
            f"{'vs others':>10}  {'95% interval':>15}"
        )
        for r in report["table"]:
            lines.append(
                f"  {r['agent']:<14} {r['score']:>6.3f}  {r['ci_low']:>6.3f}..."
                f"{r['ci_high']:<6.3f}  {r['mean_turn']:>9.2f}  "
                f"{r['mean_turn_diff']:>+10.2f}  {r['diff_ci_low']:>+6.2f}..."
                f"{r['diff_ci_high']:<+6.2f}"
            )
    else:
        lines.append(f"  {'agent':<14} {'seats':>5}  {'score':>6}  {'95% interval':>15}")
        for r in report["table"]:
            lines.append(
                f"  {r['agent']:<14} {r['seats']:>5}  {r['score']:>6.3f}  "
                f"{r['ci_low']:>6.3f}...{r['ci_high']:<6.3f}"
            )
    if report["players"] == 1:
        lines += ["", f"  {'agent':<14} reached turn {VICTORY_TURN}  by victory level"]
        for r in report["table"]:
            levels = ", ".join(f"{label} {n}" for label, n in r["levels"].items())
            lines.append(f"  {r['agent']:<14} {r['reached_11']:>15.1%}  {levels}")
    if "team_win_rate" in report:
        lines.append(f"\n  team win rate: {report['team_win_rate']:.3f}")
    if "war" in report:
        lines += ["", *war_table(report["games_detail"])]
        w = report["war"]
        lines += [
            "",
            f"  per game: {w['battles']} battles between players, {w['native_battles']} with "
            f"natives, {w['castles_lost']} castles lost, {w['admins_captured']} Administrators "
            f"captured, {w['explored']} hexes explored, {w['orders_sent']} orders sent",
            "  games ended: "
            + ", ".join(f"{k} {v}" for k, v in w["ends"].items())
            + f" (mean end turn {w['mean_end_turn']})",
        ]
        if w["wins_by_conquest"]:
            lines.append(
                "  wins by conquest: "
                + ", ".join(f"{k} {v}" for k, v in w["wins_by_conquest"].items())
            )
    return "\n".join(lines)


def war_table(games: list[dict]) -> list[str]:
    """One line per Conquer game: who won and how, and what the war cost."""
    lines = [
        f"  {'seed':>6} {'winner':<22} {'end':<10} {'turn':>4} {'battles':>7} {'natives':>7} "
        f"{'castles':>7} {'captured':<18} {'explored':>8} {'orders':>6}  money at the end"
    ]
    for g in games:
        winners = ", ".join(f"{g['seats'][w]} ({w + 1})" for w in g["winners"]) or "-"
        captured = ", ".join(f"{c['who'] + 1} by {_short(c['by'])}" for c in g["admins_captured"])
        money = " ".join(f"{'-' if m < 0 else ''}${abs(m):.2f}" for m in g["money_end"])
        lines.append(
            f"  {g['seed']:>6} {winners[:22]:<22} {g['end']:<10} {g['turn']:>4} "
            f"{g['battles']:>7} {g['native_battles']:>7} {g['castles_lost']:>7} "
            f"{(captured or '-')[:18]:<18} {g['explored']:>8} {g['orders_sent']:>6}  {money}"
        )
    return lines


def _short(by: str) -> str:
    return by.replace("Administrator ", "")
