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

import math
import statistics
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

import core
from ai import agent as make_agent
from ai.base import Budget
from ai.play import play_game


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
    result = play_game(game, agents, match.seed, dict(match.options), budget=lambda: Budget())
    outcome = result.outcome
    final = result.final
    return {
        "index": match.index,
        "seed": match.seed,
        "seats": list(match.seats),
        "returns": list(outcome.returns),
        "winners": list(outcome.winners),
        "turn": game.turn(final),
        "team_won": getattr(final, "result", "") == "team",
        "label": outcome.label or outcome.sentence,
    }


def run_arena(
    game_id: str,
    agents: list[str],
    games: int,
    seed: int,
    players: int | None,
    options: dict,
    jobs: int = 1,
) -> dict:
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
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            results = list(pool.map(play_match, matches, chunksize=1))
    else:
        results = [play_match(m) for m in matches]
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
    report["games_detail"] = [
        {k: r[k] for k in ("seed", "seats", "winners", "turn", "label")} for r in results
    ]
    return report


def _solitaire_report(game_id, agents, games, seed, options, results) -> dict:
    by_seed: dict[int, dict[str, int]] = {}
    for r in results:
        by_seed.setdefault(r["seed"], {})[r["seats"][0]] = r["turn"]
    rows = []
    for name in agents:
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
                "mean_turn": round(statistics.mean(t[name] for t in by_seed.values()), 3),
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
    if "team_win_rate" in report:
        lines.append(f"\n  team win rate: {report['team_win_rate']:.3f}")
    return "\n".join(lines)
