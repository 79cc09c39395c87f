#!/usr/bin/env python3
"""The Python package `minishogi` against `minishogilib` (PyPI) on the same work, in one run.

    python3 crates/python/bench/bench_vs_minishogilib.py [--reps N] [--skip-venv]

Without --skip-venv it first makes its own virtual environment (in a temporary directory) with
maturin, `minishogilib` from PyPI and `pip install ./crates/python`, and runs itself there. It
needs `target/release/minishogi` (`cargo build --release -p minishogi-cli`) for the CLI row.

Measured for both packages: a Python perft loop to depth 6 from the start (legal moves, push,
pop: 8,276,188 leaves), legal moves of 10^4 positions from seeded random playouts (the same
SFENs for both, each position new to the package), the legal moves and then push/pop of each of
them for those positions; and ours `Position.perft(6)`
against `minishogi perft --depth 6`. Each figure is the best of --reps runs (at least 10 for the
two perft(6) calls).
"""

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
CLI = ROOT / "target" / "release" / "minishogi"
POSITIONS = 10_000


def bootstrap():
    """Runs this script again inside a fresh venv holding both packages."""
    work = Path(tempfile.mkdtemp(prefix="bench-msl-"))
    subprocess.run([sys.executable, "-m", "venv", str(work / "venv")], check=True)
    py = str(work / "venv" / "bin" / "python")
    env = dict(os.environ, PATH=f"{work / 'venv' / 'bin'}:{os.environ['PATH']}")
    pip = [py, "-m", "pip", "install", "--quiet"]
    subprocess.run(pip + ["--upgrade", "pip"], check=True, env=env)
    subprocess.run(pip + ["maturin>=1.5,<2", "minishogilib"], check=True, env=env)
    subprocess.run(pip + ["--no-build-isolation", str(ROOT / "crates" / "python")], check=True, env=env)
    args = [py, __file__, "--skip-venv"] + sys.argv[1:]
    code = subprocess.run(args, env=env, cwd=str(work)).returncode
    shutil.rmtree(work)
    sys.exit(code)


def best(reps, fn):
    """The shortest wall time of `reps` calls of `fn`, and its last return value."""
    times, value = [], None
    for _ in range(reps):
        start = time.perf_counter()
        value = fn()
        times.append(time.perf_counter() - start)
    return min(times), value


def perft_ours(pos, depth):
    moves = pos.legal_moves()
    if depth == 1:
        return len(moves)
    n = 0
    for m in moves:
        pos.push(m)
        n += perft_ours(pos, depth - 1)
        pos.pop()
    return n


def perft_msl(pos, depth):
    moves = pos.generate_moves()
    if depth == 1:
        return len(moves)
    n = 0
    for m in moves:
        pos.do_move(m)
        n += perft_msl(pos, depth - 1)
        pos.undo_move()
    return n


def playout_sfens(minishogi, count, seed=2024):
    """SFENs of every position along seeded uniform random games (150 plies at most)."""
    rng = random.Random(seed)
    sfens = []
    while len(sfens) < count:
        pos = minishogi.Position()
        for _ in range(150):
            moves = pos.legal_moves()
            if not moves or pos.result() is not None or len(sfens) >= count:
                break
            sfens.append(pos.sfen())
            pos.push(rng.choice(moves))
    return sfens


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--skip-venv", action="store_true", help="use the current interpreter's packages")
    args = parser.parse_args()
    if not args.skip_venv:
        bootstrap()
    import minishogi
    import minishogilib

    def msl_position(sfen=None):
        p = minishogilib.Position()
        if sfen is None:
            p.set_start_position()
        else:
            p.set_sfen(sfen)
        return p

    rows = []
    t_ours, n = best(args.reps, lambda: perft_ours(minishogi.Position(), 6))
    t_msl, n_msl = best(args.reps, lambda: perft_msl(msl_position(), 6))
    assert n == n_msl == 8_276_188, (n, n_msl)
    rows.append(("Python perft loop, depth 6 (8,276,188 leaves)", t_ours, t_msl, "s"))

    sfens = playout_sfens(minishogi, POSITIONS)

    def fresh(make):
        """`reps` timings of `work` on positions made anew (untimed) before each run, so that
        no run sees what an earlier one cached."""

        def timed(work):
            times, value = [], None
            for _ in range(args.reps):
                positions = [make(s) for s in sfens]
                start = time.perf_counter()
                value = work(positions)
                times.append(time.perf_counter() - start)
            return min(times), value

        return timed

    ours, theirs = fresh(minishogi.Position), fresh(msl_position)
    t_ours, moves_ours = ours(lambda ps: sum(len(p.legal_moves()) for p in ps))
    t_msl, moves_msl = theirs(lambda ps: sum(len(p.generate_moves()) for p in ps))
    rows.append((f"legal moves of {POSITIONS:,} positions ({moves_ours:,} / {moves_msl:,} moves)", t_ours, t_msl, "s"))

    def push_pop_ours(positions):
        for p in positions:
            for m in p.legal_moves():
                p.push(m)
                p.pop()

    def push_pop_msl(positions):
        for p in positions:
            for m in p.generate_moves():
                p.do_move(m)
                p.undo_move()

    t_ours, _ = ours(push_pop_ours)
    t_msl, _ = theirs(push_pop_msl)
    rows.append((f"legal moves, then push + pop of each ({moves_ours:,})", t_ours, t_msl, "s"))

    print(f"{'measurement':<72} {'minishogi':>10} {'minishogilib':>13} {'ratio':>6}")
    for name, a, b, unit in rows:
        print(f"{name:<72} {a:>9.3f}{unit} {b:>12.3f}{unit} {b / a:>5.2f}x")

    # Both take about 0.1 s: more runs, so that the best of them is not one slowed by other jobs.
    quick = max(args.reps, 10)
    t_binding, nodes = best(quick, lambda: minishogi.Position().perft(6))
    assert nodes == 8_276_188
    if CLI.exists():
        def cli():
            out = subprocess.run([str(CLI), "perft", "--depth", "6", "--time"], capture_output=True, text=True, check=True)
            return out.stderr

        t_cli_wall, stderr = best(quick, cli)
        print(f"Position.perft(6): {t_binding:.3f}s; minishogi perft --depth 6: {t_cli_wall:.3f}s wall (process included), "
              f"its own report: {stderr.strip()}")
    else:
        print(f"Position.perft(6): {t_binding:.3f}s; no {CLI} for the CLI row")


if __name__ == "__main__":
    main()
