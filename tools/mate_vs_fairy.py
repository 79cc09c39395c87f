#!/usr/bin/env python3
"""Mates found by `minishogi mate` (df-pn, tsume) and by Fairy-Stockfish (alpha-beta, `go mate`)
on the same positions with the same time per position.

Usage:
    python3 tools/mate_vs_fairy.py data/mate-suite.txt --time 1000 \
        --fairy /path/to/fairy-stockfish [--minishogi target/release/minishogi]

Fairy-Stockfish is not built here: give the path of a build (USI mode, variant minishogi). Each
position is sent as `position sfen S` then `go mate 50 movetime T` (stop at a mate within 50
moves, or after T ms); a positive `score mate` in its last `info` line counts as found. Our solver
runs `minishogi mate --time T --json` over the whole file (tsume: every attacker move checks, so
it can miss a quiet mate that Fairy-Stockfish finds; it can also prove "no mate", which an
alpha-beta search cannot). Each program stops by its own clock (a few milliseconds late at most),
and an answer counts whatever its time. Prints one line per position and a summary; timings
depend on the machine's load.
"""

import argparse
import json
import math
import subprocess
import sys
import time


def fairy_mates(path, sfens, time_ms):
    """For each SFEN: (mate length in plies or None, seconds until `bestmove`)."""
    engine = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(line):
        engine.stdin.write(line + "\n")

    def wait_for(prefix):
        lines = []
        while True:
            line = engine.stdout.readline()
            if not line:
                sys.exit(f"{path} ended while waiting for '{prefix}'")
            lines.append(line.strip())
            if line.startswith(prefix):
                return lines

    send("usi")
    wait_for("usiok")
    send("setoption name USI_Variant value minishogi")
    answers = []
    for sfen in sfens:
        send("usinewgame")
        send("isready")
        wait_for("readyok")
        send(f"position sfen {sfen}")
        start = time.monotonic()
        send(f"go mate 50 movetime {time_ms}")
        lines = wait_for("bestmove")
        seconds = time.monotonic() - start
        answers.append((last_mate(lines), seconds))
    send("quit")
    engine.wait(timeout=10)
    return answers


def last_mate(lines):
    """The plies of the last positive `score mate` of the `info` lines (USI counts plies)."""
    mate = None
    for line in lines:
        words = line.split()
        if words[:1] == ["info"] and "score" in words:
            i = words.index("score")
            if words[i + 1 : i + 2] == ["mate"]:
                plies = int(words[i + 2])
                mate = plies if plies > 0 else None
            else:
                mate = None
    return mate


def our_answers(minishogi, suite, time_ms):
    """`minishogi mate --json` answers, one per position."""
    with open(suite) as f:
        out = subprocess.run([minishogi, "mate", "--time", str(time_ms), "--json"], stdin=f,
                             capture_output=True, text=True, check=False)
    return [json.loads(line) for line in out.stdout.splitlines()]


def percentile(values, q):
    """The value at quantile `q` (nearest rank)."""
    values = sorted(values)
    return values[max(0, min(len(values) - 1, math.ceil(len(values) * q) - 1))] if values else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("suite")
    parser.add_argument("--time", type=int, default=1000, help="milliseconds per position")
    parser.add_argument("--fairy", required=True, help="the Fairy-Stockfish binary")
    parser.add_argument("--minishogi", default="target/release/minishogi")
    args = parser.parse_args()
    with open(args.suite) as f:
        sfens = [line.strip() for line in f if line.strip()]
    ours = our_answers(args.minishogi, args.suite, args.time)
    fairy = fairy_mates(args.fairy, sfens, args.time)
    counts = {"ours_mate": 0, "ours_nomate": 0, "fairy_mate": 0, "both": 0, "only_ours": 0, "only_fairy": 0}
    for sfen, mine, (fs_plies, fs_secs) in zip(sfens, ours, fairy):
        our_secs = mine["time_ms"] / 1000
        our_mate = mine["result"] == "mate"
        fs_mate = fs_plies is not None
        counts["ours_mate"] += our_mate
        counts["ours_nomate"] += mine["result"] == "nomate"
        counts["fairy_mate"] += fs_mate
        counts["both"] += our_mate and fs_mate
        counts["only_ours"] += our_mate and not fs_mate
        counts["only_fairy"] += fs_mate and not our_mate
        ours_text = f"{mine['result']} {mine['plies'] or ''}".strip()
        fs_text = f"mate {fs_plies}" if fs_mate else "-"
        print(f"{ours_text:>10} {our_secs * 1000:7.0f} ms | fairy {fs_text:>8} {fs_secs * 1000:7.0f} ms | {sfen}")
    n = len(sfens)
    our_times = [a["time_ms"] for a in ours]
    fs_times = [s * 1000 for _, s in fairy]
    print(f"{n} positions, {args.time} ms each")
    print(f"minishogi mate: {counts['ours_mate']} mates, {counts['ours_nomate']} proved no mate; "
          f"median {percentile(our_times, 0.5):.0f} ms, p90 {percentile(our_times, 0.9):.0f} ms")
    print(f"Fairy-Stockfish: {counts['fairy_mate']} mates; "
          f"median {percentile(fs_times, 0.5):.0f} ms, p90 {percentile(fs_times, 0.9):.0f} ms")
    print(f"mates found by both {counts['both']}, only by minishogi {counts['only_ours']}, "
          f"only by Fairy-Stockfish {counts['only_fairy']}")


if __name__ == "__main__":
    main()
