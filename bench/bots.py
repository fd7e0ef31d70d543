"""The bots' strength and speed (issue 25), one process per core asked for. Never run by CI.

    nice -n 10 python bench/bots.py [--games 400] [--iterations N] [--candidates N] [--seconds 1.0]
                                     [--jobs 1] [--seed 1] [--each FILE]

In the same run: level 1 against level 0, level 2 against level 1 and level 1
against itself, each over --games games split evenly over 2 players and 2x2
teams, automatic and tabletop draws, the levels changing sides every game.
Prints each win rate with its 95 % (Wilson) interval, the first player's win
rate of level 1 against itself and, as the baseline for the others, how
often level 1 wins from the tested level's seat over the same deals (the
luck of a few hundred deals is worth several points), level 1's decisions per second and the
median / 95th percentile time of a level-2 move. Level 2 plays --iterations
playouts a move, fewer once --seconds have passed: level-2 games are
slow, so use --jobs 2 only when nothing else runs on the machine."""

import argparse
import math
import multiprocessing
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.bots import choose
from games.bots.search import CANDIDATES, DEFAULT_ITERATIONS
from games.engine import apply, deal, legal_actions, player_view, shuffled_deck
from games.engine.setup import TEAM_NAMES

TABLES = [(2, "automatic"), (2, "tabletop"), (4, "automatic"), (4, "tabletop")]
PAIRINGS = [(1, 0), (2, 1), (1, 1)]
BUDGET = {}  # set in each worker: iterations, seconds and candidates of a level-2 move


def play(task):
    """One game; returns (task, winner team or None, {level: [seconds of each decision]})."""
    _, players, draw_mode, levels, seed = task
    rng = random.Random(seed)
    state = deal(players=players, teams=2, draw_mode=draw_mode, deck=shuffled_deck(rng))
    times = {0: [], 1: [], 2: []}

    def shuffle(cards):
        return rng.sample(cards, len(cards))

    def act(seat):
        level = levels[seat % 2]
        started = time.perf_counter()
        action = choose(player_view(state, seat), legal_actions(state, seat), rng, level, **BUDGET)
        times[level].append(time.perf_counter() - started)
        return apply(state, seat, action["text"], shuffle=shuffle)[0]

    while state.result is None:
        for seat in range(players):  # tabletop: a bot takes its draw as soon as it may
            if state.pending[seat] is not None and seat != state.turn and state.result is None:
                state = act(seat)
        if state.result is None:
            state = act(state.turn)
    winner = state.result["winner"]
    return task, None if winner is None else TEAM_NAMES.index(winner), times


def wilson(wins: float, n: int) -> tuple[float, float]:
    if not n:
        return 0.0, 0.0
    z, p = 1.96, wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def level_1_speed() -> float:
    """Decisions a second of level 1 (view, legal actions and choice) over the
    positions of a few games, the fastest of five passes: the one least
    disturbed by whatever else the machine runs."""
    rng = random.Random(0)
    positions = []
    while len(positions) < 300:
        state = deal(players=2 + 2 * (len(positions) % 2), teams=2, draw_mode="automatic", deck=shuffled_deck(rng))
        while state.result is None and len(positions) < 300:
            positions.append((state, state.turn))
            action = choose(player_view(state, state.turn), legal_actions(state, state.turn), rng, 1)
            state = apply(state, state.turn, action["text"], shuffle=lambda cards: rng.sample(cards, len(cards)))[0]
    best = float("inf")
    for _ in range(5):
        started = time.perf_counter()
        for state, seat in positions:
            choose(player_view(state, seat), legal_actions(state, seat), rng, 1)
        best = min(best, time.perf_counter() - started)
    return len(positions) / best


def init_worker(budget):
    BUDGET.update(budget)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=400, help="games per pairing (split over the four tables)")
    parser.add_argument("--iterations", type=int, default=DEFAULT_ITERATIONS, help="level 2: playouts a move")
    parser.add_argument("--candidates", type=int, default=CANDIDATES, help="level 2: plays searched at most")
    parser.add_argument("--seconds", type=float, default=1.0, help="level 2: seconds a move at most")
    parser.add_argument("--jobs", type=int, default=1, help="processes (one core each)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tables", default="", help="only these tables, e.g. 4p-automatic,4p-tabletop")
    parser.add_argument("--pairings", default="1-0,2-1,1-1", help="which pairings to play, e.g. 1-0,1-1")
    parser.add_argument("--each", type=Path, help="write each game's pairing, index and whether the tested level won")
    args = parser.parse_args()
    if args.games < 4 or args.jobs < 1:
        parser.error("--games must be at least 4 and --jobs at least 1")
    pairings = [tuple(int(x) for x in p.split("-")) for p in args.pairings.split(",")]
    tables = [t for t in TABLES if not args.tables or f"{t[0]}p-{t[1]}" in args.tables.split(",")]
    budget = {"iterations": args.iterations, "seconds": args.seconds, "candidates": args.candidates}
    tasks = []
    for tested, other in pairings:
        for i in range(args.games):
            players, draw_mode = tables[i % len(tables)]
            # Sides change every game: the tested level is blue (moves first) in half of each table's games.
            levels = (tested, other) if (i // len(tables)) % 2 == 0 else (other, tested)
            tasks.append(((tested, other, i), players, draw_mode, levels, args.seed * 1_000_003 + i))
    started = time.perf_counter()
    results = {p: [] for p in pairings}
    times = {0: [], 1: [], 2: []}
    # One line a game, so that two runs on the same --seed can be compared game by game (paired screens).
    each = args.each.open("w") if args.each else None
    with multiprocessing.Pool(args.jobs, initializer=init_worker, initargs=(budget,)) as pool:
        for done, (task, winner, spent) in enumerate(pool.imap_unordered(play, tasks, chunksize=1), 1):
            (tested, other, index), players, draw_mode, levels, _ = task
            results[(tested, other)].append((players, draw_mode, levels, winner, index))
            if each:
                won = int(winner is not None and levels[winner] == tested)
                print(f"{tested}-{other}\t{index}\t{won}", file=each, flush=True)
            for level, seconds in spent.items():
                times[level].extend(seconds)
            if done % 50 == 0:
                print(
                    f"  {done}/{len(tasks)} games, {time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True
                )
    if each:
        each.close()
    elapsed = time.perf_counter() - started
    print(
        f"bench/bots.py: {args.games} games a pairing, level 2 at most {args.iterations} playouts "
        f"over {args.candidates} plays and {args.seconds} s a move, {args.jobs} process(es), {elapsed:.0f} s"
    )
    print()
    header = f"{'pairing':<10} {'table':<22} {'games':>5} {'wins':>5} {'draws':>5} {'win rate':>9} {'95 % CI':>15}"
    print(header)
    print("-" * len(header))
    for tested, other in pairings:
        games = results[(tested, other)]
        if tested == other:
            continue
        groups = [(f"{p}p {mode}", [g for g in games if g[0] == p and g[1] == mode]) for p, mode in tables]
        for label, group in [*groups, ("all", games)]:
            wins = sum(1 for _, _, levels, w, _ in group if w is not None and levels[w] == tested)
            draws = sum(1 for *_, w, _ in group if w is None)
            low, high = wilson(wins, len(group))
            rate = wins / len(group) if group else 0.0
            print(
                f"{tested} vs {other:<5} {label:<22} {len(group):>5} {wins:>5} {draws:>5} {rate:>8.1%} "
                f"{low:>6.1%}-{high:>6.1%}"
            )
    if (1, 1) in results:
        games = results[(1, 1)]
        firsts = sum(1 for *_, w, _ in games if w == 0)
        low, high = wilson(firsts, len(games))
        print(
            f"\nlevel 1 vs level 1, the first player (blue) wins {firsts}/{len(games)} = {firsts / len(games):.1%} "
            f"(95 % CI {low:.1%}-{high:.1%}; the published greedy bot: 52.5 %)"
        )
        # The same deals and sides as the other pairings' game i: what the luck
        # of those deals gives the tested level's side when level 1 plays it.
        lucky = sum(1 for *_, w, i in games if w == (i // len(tables)) % 2)
        low, high = wilson(lucky, len(games))
        print(
            f"level 1 in the tested level's seat, the same deals: {lucky}/{len(games)} = {lucky / len(games):.1%} "
            f"(95 % CI {low:.1%}-{high:.1%}): the baseline to read the other win rates against"
        )
    print()
    if times[1]:
        print(
            f"level 1 in the games: {len(times[1]) / sum(times[1]):.0f} decisions/s (view, legal actions and "
            f"choice; median {statistics.median(times[1]) * 1000:.2f} ms)"
        )
        print(f"level 1 on one core, the best of 5 passes over 300 positions: {level_1_speed():.0f} decisions/s")
    if times[2]:
        ordered = sorted(times[2])
        p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
        # The cap is checked between worlds, so a move it cut took at least --seconds.
        capped = sum(1 for t in ordered if t >= args.seconds)
        print(
            f"level 2: {len(ordered)} decisions, median {statistics.median(ordered) * 1000:.0f} ms, "
            f"95th percentile {p95 * 1000:.0f} ms, max {ordered[-1] * 1000:.0f} ms a decision; "
            f"{capped} ({capped / len(ordered):.1%}) cut by the {args.seconds} s cap"
        )


if __name__ == "__main__":
    main()
