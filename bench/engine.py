"""Random complete games through the public engine API, one core.

    python bench/engine.py [--games N] [--seed S]

Each turn the seat to play picks uniformly among its legal moves (resigning
left out: it would end most games at once). Prints games per second, moves
per game and the median time of one legal_moves + apply."""

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.engine import apply, deal, legal_moves, shuffled_deck


def play_one(rng: random.Random, players: int, teams: int, timings: list[float] | None) -> int:
    state = deal(players=players, teams=teams, draw_mode="automatic", deck=shuffled_deck(rng))

    def shuffle(cards):
        return rng.sample(cards, len(cards))

    pick = rng.random  # uniform choice without random.choice's overhead, which is the bench's, not the engine's
    moves = 0
    while state.result is None:
        seat = state.turn
        started = time.perf_counter() if timings is not None else 0.0
        options = legal_moves(state, seat)
        options.pop()  # "resign" is always last
        state, _ = apply(state, seat, options[int(pick() * len(options))], shuffle=shuffle)
        if timings is not None:
            timings.append(time.perf_counter() - started)
        moves += 1
    return moves


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{'setup':<10} {'games':>6} {'games/s':>9} {'moves/game':>11} {'median µs/move':>15}")
    for label, players, teams in (("2 players", 2, 2), ("3 players", 3, 3), ("2×6 teams", 12, 2)):
        rng = random.Random(args.seed)
        started = time.perf_counter()
        moves = [play_one(rng, players, teams, None) for _ in range(args.games)]
        elapsed = time.perf_counter() - started
        timings: list[float] = []
        rng = random.Random(args.seed)
        for _ in range(min(args.games, 200)):
            play_one(rng, players, teams, timings)
        print(
            f"{label:<10} {args.games:>6} {args.games / elapsed:>9.0f} {statistics.mean(moves):>11.1f} "
            f"{statistics.median(timings) * 1e6:>15.1f}"
        )


if __name__ == "__main__":
    main()
