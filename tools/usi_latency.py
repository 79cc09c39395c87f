#!/usr/bin/env python3
"""How late a USI engine's moves arrive over a pipe: sends `go btime 0 wtime 0 byoyomi B` for
positions of games the engine plays against itself and times each `bestmove` from the moment
`go` is written. The lateness beyond B is what `MoveOverhead` has to cover.

    python3 tools/usi_latency.py "minishogi usi" --byoyomi 20 --overhead 0 --moves 400
"""

import argparse
import random
import shlex
import subprocess
import sys
import time


class Engine:
    def __init__(self, command):
        self.proc = subprocess.Popen(
            shlex.split(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def until(self, prefix):
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                sys.exit(f"the engine closed its output while we waited for '{prefix}'")
            lines.append(line)
            if line.startswith(prefix):
                return lines


def percentile(sorted_values, p):
    return sorted_values[min(len(sorted_values) - 1, int(p * len(sorted_values)))]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("command", help='the engine\'s command line, e.g. "minishogi usi"')
    ap.add_argument("--byoyomi", type=int, default=20, help="byoyomi per move, ms (20)")
    ap.add_argument("--overhead", help="MoveOverhead to set, ms (default: the engine's)")
    ap.add_argument("--overhead-option", default="MoveOverhead", help="its name (Fairy-Stockfish: Move_Overhead)")
    ap.add_argument("--moves", type=int, default=400, help="moves to time (400)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    engine = Engine(args.command)
    engine.send("usi")
    engine.until("usiok")
    if args.overhead is not None:
        engine.send(f"setoption name {args.overhead_option} value {args.overhead}")
    engine.send("isready")
    engine.until("readyok")
    rng = random.Random(args.seed)
    moves, late = [], []
    for _ in range(args.moves):
        engine.send("position startpos moves " + " ".join(moves))
        engine.send("isready")
        engine.until("readyok")
        start = time.perf_counter()
        engine.send(f"go btime 0 wtime 0 byoyomi {args.byoyomi}")
        best = engine.until("bestmove")[-1].split()[1]
        late.append((time.perf_counter() - start) * 1000 - args.byoyomi)
        # A new game after a resignation, a long game, or now and then, for varied positions.
        if best in ("resign", "win") or len(moves) > 60 or rng.random() < 0.03:
            moves = []
        else:
            moves.append(best)
    engine.send("quit")
    late.sort()
    print(
        f"{len(late)} moves at byoyomi {args.byoyomi} ms: late by {percentile(late, 0.5):.2f} ms at the median, "
        f"{percentile(late, 0.9):.2f} at p90, {percentile(late, 0.99):.2f} at p99, {late[-1]:.2f} at most"
    )


if __name__ == "__main__":
    main()
