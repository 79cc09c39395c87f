"""Self-play throughput: `minishogi selfplay` against the Ray path on the same cores.

    python crates/python/bench/bench_distributed.py [--games 120] [--nodes 2000] [--shard-games 10]
    python crates/python/bench/bench_distributed.py --address 127.0.0.1:6379 --cpus 2 ...

For 1 and 2 CPUs: games per minute of `minishogi selfplay --threads N` and of
`python -m minishogi.distributed selfplay --address local --num-cpus N` (a fresh Ray instance
each time: its start and stop are counted), the Ray path's overhead, and whether the merged file
equals the CLI's. With `--address`, the Ray path joins that running cluster instead (started with
`ray start --head --num-cpus N`), for `--cpus N` only. Needs ray and the package installed, and
target/release/minishogi built.
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def timed(cmd):
    start = time.monotonic()
    subprocess.run(cmd, check=True, capture_output=True)
    return time.monotonic() - start


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=120)
    p.add_argument("--nodes", type=int, default=2000)
    p.add_argument("--shard-games", type=int, default=10)
    p.add_argument("--address", default=None, help="a running cluster to join instead of local ones")
    p.add_argument("--cpus", type=int, default=2, help="the running cluster's CPUs (with --address)")
    p.add_argument("--cli", default=os.environ.get("MINISHOGI_BIN", str(ROOT / "target/release/minishogi")))
    a = p.parse_args()
    print("| cpus | `minishogi selfplay` games/min | Ray path games/min | overhead | merged file equal |")
    print("|---:|---:|---:|---:|---|")
    for cpus in ((a.cpus,) if a.address else (1, 2)):
        with tempfile.TemporaryDirectory() as tmp:
            tmp = Path(tmp)
            single = tmp / "single.data"
            t_cli = timed([a.cli, "selfplay", "--games", str(a.games), "--nodes", str(a.nodes),
                           "--threads", str(cpus), "--out", str(single)])
            merged = tmp / "merged.data"
            where = ["--address", a.address] if a.address else ["--address", "local", "--num-cpus", str(cpus)]
            t_ray = timed([sys.executable, "-m", "minishogi.distributed", "selfplay", *where,
                           "--games", str(a.games), "--nodes", str(a.nodes),
                           "--shard-games", str(a.shard_games), "--out", str(tmp / "run"), "--merge", str(merged)])
            equal = merged.read_bytes() == single.read_bytes()
            print(f"| {cpus} | {a.games / t_cli * 60:.0f} ({t_cli:.1f} s) | {a.games / t_ray * 60:.0f} ({t_ray:.1f} s) "
                  f"| {100 * (t_ray / t_cli - 1):+.1f} % | {'yes' if equal else 'NO'} |", flush=True)


if __name__ == "__main__":
    main()
