"""Batched table probes per second: `Tablebase.probe_many` (with and without the line) against `minishogi tb probe` reading
the same SFENs from stdin (one process, `--json`).

    python crates/python/bench/bench_probes.py [--positions 10000] [--set RG]

Builds the set's table with the CLI (`minishogi tb gen SET --dir D`), draws positions of the set
from seeded random playouts (every position a playout passes through, from a start with the
set's pieces in sente's hand), probes them all, and checks that both give the same answers.
Needs the package installed and target/release/minishogi built.
"""

import argparse
import json
import os
import random
import subprocess
import tempfile
import time
from pathlib import Path

import minishogi

ROOT = Path(__file__).resolve().parents[3]


def positions(material, n, seed):
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        pos = minishogi.Position(f"4k/5/5/5/K4 b {material} 1")
        for _ in range(60):
            moves = pos.legal_moves()
            if not moves or pos.result() is not None:
                break
            pos.push(rng.choice(moves))
            out.append(pos.sfen())
    return out[:n]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--positions", type=int, default=10000)
    p.add_argument("--set", default="RG")
    p.add_argument("--reps", type=int, default=5)
    p.add_argument("--cli", default=os.environ.get("MINISHOGI_BIN", str(ROOT / "target/release/minishogi")))
    a = p.parse_args()
    with tempfile.TemporaryDirectory() as d:
        subprocess.run([a.cli, "tb", "gen", a.set, "--dir", d], check=True, capture_output=True)
        sfens = positions(a.set, a.positions, 1)
        tb = minishogi.Tablebase(d)
        tb.probe_many(sfens[:10])  # opens and maps the table
        best = float("inf")
        for _ in range(a.reps):
            start = time.perf_counter()
            answers = tb.probe_many(sfens)
            best = min(best, time.perf_counter() - start)
        best_noline = float("inf")
        for _ in range(a.reps):
            start = time.perf_counter()
            tb.probe_many(sfens, line=False)
            best_noline = min(best_noline, time.perf_counter() - start)
        cli_best = float("inf")
        text = "\n".join(sfens) + "\n"
        for _ in range(a.reps):
            start = time.perf_counter()
            done = subprocess.run([a.cli, "tb", "probe", "--json", "--dir", d], input=text, check=True,
                                  capture_output=True, text=True)
            cli_best = min(cli_best, time.perf_counter() - start)
        cli_answers = [json.loads(line) for line in done.stdout.splitlines()]
        same = [x.to_dict() for x in answers] == cli_answers
        results = {}
        for x in answers:
            results[x.result] = results.get(x.result, 0) + 1
        print(f"{len(sfens)} positions of {a.set} ({results}); answers equal to the CLI's: {'yes' if same else 'NO'}")
        print(f"probe_many: {best * 1e3:.1f} ms = {len(sfens) / best:,.0f} probes/s (best of {a.reps})")
        print(f"probe_many(line=False): {best_noline * 1e3:.1f} ms = {len(sfens) / best_noline:,.0f} probes/s")
        print(f"minishogi tb probe --json (stdin, process start included): {cli_best * 1e3:.1f} ms = "
              f"{len(sfens) / cli_best:,.0f} probes/s")


if __name__ == "__main__":
    main()
