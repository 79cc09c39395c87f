#!/usr/bin/env python3
"""Time used per move, the split rate and the pentanomial of `minishogi match` records files.

    python3 tools/match_times.py games.tsv [more.tsv ...]

For each file and each engine: moves, the median, 99th percentile and largest time a move took as
the runner timed it, and the games it lost on time. For each file, and for all files together (a
match played in parts): the pairs (games 2i+1 and 2i+2 play the same opening with colours
swapped), the share that split 1-1, and the pentanomial and Elo of the first file's first engine
with its 95 % interval (the normal approximation over pairs, as `minishogi match` reports it).
When the files play an opening more than once (several matches on one book), it also counts the
openings by how many of their pairs split, and those split with sente favoured in one pair and gote
in another.
"""

import argparse
import collections
import math
import sys


def percentile(values, p):
    return values[min(len(values) - 1, int(p * len(values)))] if values else 0


Game = collections.namedtuple("Game", "number sente gote result ending opening times")


def read(path):
    """The games of a records file (`minishogi match --records`), in file order."""
    games = []
    try:
        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.startswith("#") or not line.strip():
                    continue
                cols = line.rstrip("\n").split("\t")
                if len(cols) < 8 or not cols[0].isdigit():
                    sys.exit(f"{path}: not a records line (8 columns, the game's number first): {line[:60]!r}")
                times = [int(t) for t in cols[7].split()]
                games.append(Game(int(cols[0]), cols[1], cols[2], cols[3], cols[4], cols[5], times))
    except OSError as e:
        sys.exit(f"{path}: {e}")
    return games


def points(result, engine, sente):
    if result == "1/2-1/2":
        return 0.5
    won_sente = result == "1-0"
    return 1.0 if won_sente == (engine == sente) else 0.0


def pairs(games):
    """The pairs (game 2i+1, game 2i+2: one opening, colours swapped) whose both games are there."""
    by_number = {g.number: g for g in games}
    return [(by_number[n], by_number[n + 1]) for n in sorted(by_number) if n % 2 == 1 and n + 1 in by_number]


def pair_points(pair, engine):
    """The points `engine` scored in a pair."""
    return sum(points(g.result, engine, g.sente) for g in pair)


def elo_of_score(s):
    return -400.0 * math.log10(1.0 / s - 1.0) if 0.0 < s < 1.0 else math.copysign(math.inf, s - 0.5)


def pentanomial(points):
    """How many pairs scored 0, 0.5, 1, 1.5 and 2 points, from each pair's points."""
    counts = [0] * 5
    for p in points:
        counts[round(2 * p)] += 1
    return counts


def summary(label, both, engine):
    """The split share, pentanomial and Elo (95 %) of `engine` over the pairs `both`."""
    if not both:
        return
    counts = pentanomial(pair_points(pair, engine) for pair in both)
    splits = counts[2]
    n = len(both)
    # Each pair's score in [0, 1]; its mean and standard error map through the logistic curve.
    scores = [k / 4 for k in range(5)]
    mean = sum(c * x for c, x in zip(counts, scores)) / n
    var = sum(c * (x - mean) ** 2 for c, x in zip(counts, scores)) / n
    half = 1.96 * math.sqrt(var / n)
    print(
        f"  {label}: pairs {n}, split 1-1: {splits} ({100 * splits / n:.0f} %); {engine}: pentanomial {counts}, "
        f"Elo {elo_of_score(mean):+.1f} (95 %: {elo_of_score(mean - half):+.1f} .. {elo_of_score(mean + half):+.1f})"
    )


def repeated_splits(both):
    """Openings by how many of their pairs split (k of n); those split both ways (sente won both
    games of one pair, gote of another). Nothing when no opening was played twice."""
    by_opening = collections.defaultdict(list)
    for pair in both:
        by_opening[pair[0].opening].append(pair)
    if max((len(v) for v in by_opening.values()), default=0) < 2:
        return
    histogram = collections.Counter()
    both_ways = 0
    for played in by_opening.values():
        # A pair splits when the same colour won both games.
        sente_wins = [sum(g.result == "1-0" for g in pair) for pair in played]
        split = [w for w in sente_wins if w != 1]
        histogram[(len(split), len(played))] += 1
        both_ways += 2 in split and 0 in split
    print(f"  {len(by_opening)} openings; split in k of their n pairs (k/n: openings): "
          + ", ".join(f"{k}/{n}: {c}" for (k, n), c in sorted(histogram.items())))
    print(f"  split with sente favoured in one pair and gote in another: {both_ways}")


def report(path):
    """Prints one file's times and pairs; returns its games."""
    games = read(path)
    times = collections.defaultdict(list)
    time_losses = collections.Counter()
    for g in games:
        for i, t in enumerate(g.times):
            times[g.sente if i % 2 == 0 else g.gote].append(t)
        if g.ending.startswith("time-loss"):
            # The side to move lost: the winner is the other one.
            loser = g.gote if g.result == "1-0" else g.sente
            time_losses[loser] += 1
    print(f"{path}: {len(games)} games")
    for engine, ts in sorted(times.items()):
        ts.sort()
        print(
            f"  {engine}: {len(ts)} moves, median {percentile(ts, 0.5)} ms, p99 {percentile(ts, 0.99)} ms, "
            f"max {ts[-1]} ms; lost on time {time_losses[engine]}"
        )
    if games:
        summary("this file", pairs(games), games[0].sente)
    return games


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("records", nargs="+", help="records files written by minishogi match --records")
    paths = ap.parse_args().records
    # Game numbers restart in each file, so pairs are formed file by file.
    both, engine = [], None
    for path in paths:
        games = report(path)
        if games and engine is None:
            engine = games[0].sente
        both += pairs(games)
    if len(paths) > 1 and engine is not None:
        print(f"all {len(paths)} files:")
        summary("together", both, engine)
        repeated_splits(both)


if __name__ == "__main__":
    main()
