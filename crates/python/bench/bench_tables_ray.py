"""One set's table by the partitioned rounds on a local two-node Ray cluster against `minishogi tb
gen` on the same cores: total times, per-round volumes, and a byte comparison of the files.

    python crates/python/bench/bench_tables_ray.py GGS --partitions 2 4 [--cli target/release/minishogi]

Starts a head and a worker node on this machine with one CPU each (the cluster of the tests),
runs `tb gen SET --threads 2` once, then `python -m minishogi.distributed tables SET
--partitions P` for each P (one thread per partition, the write on 2 threads), writing each
run's per-round table to `--out` (default: a temporary directory) as SET-PP.md and .json.
"""

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from minishogi.distributed.local_cluster import local_cluster

ROOT = Path(__file__).resolve().parents[3]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("set")
    ap.add_argument("--partitions", type=int, nargs="+", default=[2, 4])
    ap.add_argument("--cli", default=str(ROOT / "target" / "release" / "minishogi"))
    ap.add_argument("--out", default=None, help="directory of the reports")
    args = ap.parse_args()
    work = Path(tempfile.mkdtemp(prefix="bench-tables-ray-"))
    out = Path(args.out) if args.out else work
    out.mkdir(parents=True, exist_ok=True)
    t = time.monotonic()
    subprocess.run([args.cli, "tb", "gen", args.set, "--dir", str(work / "gen"), "--threads", "2"], check=True,
                   capture_output=True)
    gen_seconds = time.monotonic() - t
    (expected,) = (work / "gen").glob("*.mstb")
    print(f"tb gen {args.set} --threads 2: {gen_seconds:.2f} s")
    with local_cluster(nodes=2, cpus_per_node=1) as address:
        for p in args.partitions:
            report = out / f"{args.set}-P{p}.json"
            cmd = [sys.executable, "-m", "minishogi.distributed", "tables", args.set, "--partitions", str(p),
                   "--address", address, "--dir", str(work / f"ray{p}"), "--write-threads", "2",
                   "--report", str(report), "--report", str(report.with_suffix(".md"))]
            t = time.monotonic()
            done = subprocess.run(cmd, capture_output=True, text=True)
            seconds = time.monotonic() - t
            if done.returncode != 0:
                sys.exit(f"P={p}: {done.stderr}")
            run = json.loads(report.read_text())
            same = Path(run["path"]).read_bytes() == expected.read_bytes()
            tot = run["totals"]
            slots = tot["local_slots"] + tot["cross_slots"]
            nbytes = tot["local_bytes"] + tot["cross_bytes"]
            peak = max(run["rounds"], key=lambda r: r["local"]["bytes"] + r["cross"]["bytes"])
            print(f"P={p}: {len(run['rounds'])} rounds on {len({x['node'] for x in run['placement']})} nodes; "
                  f"{slots} slots, {nbytes} bytes in messages ({100.0 * tot['cross_bytes'] / max(nbytes, 1):.1f} % "
                  f"of the bytes across partitions, {tot['across_nodes_bytes']} bytes across nodes), peak round {peak['level']}: "
                  f"{peak['local']['bytes'] + peak['cross']['bytes']} bytes; "
                  f"driver {run['total_seconds']:.2f} s (initial pass {run['init_seconds']:.2f}, rounds "
                  f"{run['rounds_seconds']:.2f}, gather {run['gather_seconds']:.2f}, write {run['write_seconds']:.2f}), "
                  f"command {seconds:.2f} s; file identical: {same}")
            if not same:
                sys.exit("the files differ")
    print(f"reports: {out}")


if __name__ == "__main__":
    main()
