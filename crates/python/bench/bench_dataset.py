"""Throughput of the Python package's learning paths: dataset positions into numpy per second,
and the engine's search speed through Python against `minishogi bench`-style runs of the CLI.

    python crates/python/bench/bench_dataset.py [--cli target/release/minishogi] [--games 200]

Plays a self-play dataset (the CLI's `selfplay`, so the file is the one users make), then
times `Dataset(path)`, `batches(1024)` (ordered and shuffled) and `features_batch`, and searches
the same positions to a fixed depth with `Engine` and with `minishogi usi`, printing nodes/s.
"""

import argparse
import os
import subprocess
import tempfile
import time
from pathlib import Path

import minishogi

ROOT = Path(__file__).resolve().parents[3]


def timed(f, repeat=3):
    """The best wall time of `repeat` runs of f(), and its last value."""
    best, value = float("inf"), None
    for _ in range(repeat):
        t = time.perf_counter()
        value = f()
        best = min(best, time.perf_counter() - t)
    return best, value


def usi_nodes_and_ms(cli, sfens, depth):
    """Total nodes and the engine's own search time (the `time` of each last info line) of
    `go depth` on each position, each after `usinewgame`, in one `minishogi usi` (each command
    sent once the previous search answered: a search ignores `position` meanwhile)."""
    nodes = ms = 0
    with subprocess.Popen([cli, "usi"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True) as p:
        p.stdin.write("usi\nisready\n")
        for s in sfens:
            p.stdin.write(f"usinewgame\nposition sfen {s}\ngo depth {depth}\n")
            p.stdin.flush()
            last = None
            for line in p.stdout:
                if line.startswith("info depth"):
                    last = line.split()
                elif line.startswith("bestmove"):
                    break
            nodes += int(last[last.index("nodes") + 1])
            ms += int(last[last.index("time") + 1])
        p.stdin.write("quit\n")
        p.stdin.close()
    return nodes, ms


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", default=str(ROOT / "target" / "release" / "minishogi"))
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--nodes", type=int, default=300)
    ap.add_argument("--batch", type=int, default=1024)
    ap.add_argument("--depth", type=int, default=9)
    ap.add_argument("--search-positions", type=int, default=20)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "sp.data")
        t = time.perf_counter()
        subprocess.run(
            [a.cli, "selfplay", "--games", str(a.games), "--nodes", str(a.nodes), "--out", path],
            check=True,
            capture_output=True,
        )
        print(f"selfplay (CLI): {a.games} games at {a.nodes} nodes in {time.perf_counter() - t:.1f} s")
        t_open, data = timed(lambda: minishogi.Dataset(path))
        n = len(data)
        print(f"Dataset(path): {n} positions in {t_open * 1e3:.1f} ms = {n / t_open:,.0f} positions/s")
        for shuffle in (False, True):
            t_all, _ = timed(lambda: sum(len(b["score"]) for b in data.batches(a.batch, shuffle=shuffle)))
            print(
                f"batches({a.batch}, shuffle={shuffle}): {n / t_all:,.0f} positions/s "
                f"({n / a.batch / t_all:,.0f} batches/s) into planes, indices and labels"
            )
        sfens = []
        for g in data.games[: max(1, 2000 // 60)]:
            pos = minishogi.Position(g["start"])
            for m in g["moves"]:
                sfens.append(pos.sfen())
                pos.push(m)
        t_feat, _ = timed(lambda: minishogi.features_batch(sfens))
        print(f"features_batch of {len(sfens)} SFENs: {len(sfens) / t_feat:,.0f} positions/s")

        search = sfens[:: max(1, len(sfens) // a.search_positions)][: a.search_positions]
        engine = minishogi.Engine()

        def py_search():
            nodes = ms = 0
            for s in search:
                engine.clear()
                r = engine.search(s, depth=a.depth)
                nodes, ms = nodes + r.nodes, ms + r.time_ms
            return nodes, ms

        t_py, (py_nodes, py_ms) = timed(py_search, repeat=1)
        cli_nodes, cli_ms = usi_nodes_and_ms(a.cli, search, a.depth)
        print(
            f"Engine.search depth {a.depth}, {len(search)} positions: {py_nodes} nodes, "
            f"{py_nodes / max(py_ms, 1) / 1e3:.2f} M nodes/s (search time), "
            f"{py_nodes / t_py / 1e6:.2f} M nodes/s (wall, Python loop and table clears included)"
        )
        print(
            f"minishogi usi go depth {a.depth}, same positions: {cli_nodes} nodes, "
            f"{cli_nodes / max(cli_ms, 1) / 1e3:.2f} M nodes/s (the engine's reported time)"
        )
        print("same node count" if py_nodes == cli_nodes else "NODE COUNTS DIFFER")


if __name__ == "__main__":
    main()
