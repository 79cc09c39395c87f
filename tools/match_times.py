#!/usr/bin/env python3
"""Time used per move and the split rate of a `minishogi match` records file.

    python3 tools/match_times.py games.tsv [more.tsv ...]

For each engine: moves, the median, 99th percentile and largest time a move took as the runner
timed it, and the games it lost on time. For the match: the pairs (games 2i+1 and 2i+2 play the
same opening with colours swapped) and the share that split 1-1.
"""

import argparse
import collections
import sys


def percentile(values, p):
    return values[min(len(values) - 1, int(p * len(values)))] if values else 0


def read(path):
    games = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            cols = line.rstrip("\n").split("\t")
            if len(cols) < 8:
                sys.exit(f"{path}: a line with {len(cols)} columns, expected 8: {line[:60]!r}")
            number, sente, gote, result, ending = int(cols[0]), cols[1], cols[2], cols[3], cols[4]
            times = [int(t) for t in cols[7].split()]
            games.append((number, sente, gote, result, ending, times))
    return games


def points(result, engine, sente):
    if result == "1/2-1/2":
        return 0.5
    won_sente = result == "1-0"
    return 1.0 if won_sente == (engine == sente) else 0.0


def report(path):
    games = read(path)
    times = collections.defaultdict(list)
    time_losses = collections.Counter()
    for _, sente, gote, result, ending, moves in games:
        for i, t in enumerate(moves):
            times[sente if i % 2 == 0 else gote].append(t)
        if ending.startswith("time-loss"):
            # The side to move lost: the winner is the other one.
            loser = gote if result == "1-0" else sente
            time_losses[loser] += 1
    print(f"{path}: {len(games)} games")
    for engine, ts in sorted(times.items()):
        ts.sort()
        print(
            f"  {engine}: {len(ts)} moves, median {percentile(ts, 0.5)} ms, p99 {percentile(ts, 0.99)} ms, "
            f"max {ts[-1]} ms; lost on time {time_losses[engine]}"
        )
    by_number = {g[0]: g for g in games}
    engine = games[0][1] if games else None
    pairs = splits = 0
    for n in sorted(by_number):
        if n % 2 == 1 and n + 1 in by_number:
            a, b = by_number[n], by_number[n + 1]
            score = points(a[3], engine, a[1]) + points(b[3], engine, b[1])
            pairs += 1
            splits += score == 1.0
    if pairs:
        print(f"  pairs {pairs}, split 1-1: {splits} ({100 * splits / pairs:.0f} %)")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("records", nargs="+", help="records files written by minishogi match --records")
    for path in ap.parse_args().records:
        report(path)


if __name__ == "__main__":
    main()
