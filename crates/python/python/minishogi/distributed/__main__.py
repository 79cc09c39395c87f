"""``python -m minishogi.distributed``: self-play and endgame tables on a Ray cluster.

    python -m minishogi.distributed selfplay --address auto --games 24000 --nodes 1000 \\
        --shard-games 500 --out shards/ [--merge data.data]
    python -m minishogi.distributed merge shards/ --out data.data
    python -m minishogi.distributed status shards/
    python -m minishogi.distributed tables GGS --partitions 4 --address auto --dir tables/ \\
        [--report GGS.md|GGS.json] [--checkpoint-every 10]

Exit status 0 on success, 1 on an error (one line on stderr), 2 on bad arguments.
"""

import argparse
import sys
import time

from .manifest import Manifest, ManifestError
from .selfplay import SelfplaySettings, merge_shards, report_shard, run_selfplay
from .shards import plan_shards
from .tables import run_tables, write_report


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m minishogi.distributed", description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="command", required=True)

    sp = sub.add_parser("selfplay", help="play a self-play run's shards as Ray tasks (resumable)")
    sp.add_argument("--address", default="local", help="auto (the running cluster), local (a new one here), or host:port [default: local]")
    sp.add_argument("--num-cpus", type=int, default=None, help="CPUs of a --address local cluster (default: all)")
    sp.add_argument("--games", type=int, required=True, help="games of the whole run")
    sp.add_argument("--nodes", type=int, default=2000, help="nodes searched per move [default: 2000]")
    sp.add_argument("--seed", type=int, default=1, help="seed of the run: game i uses the stream (seed, i) [default: 1]")
    sp.add_argument("--shard-games", type=int, default=100, help="games per shard (one Ray task each) [default: 100]")
    sp.add_argument("--threads-per-task", type=int, default=1, help="threads (and Ray CPUs) per task [default: 1]")
    sp.add_argument("--weights", default=None, help="linear weights that play: a file, initial or linear (default, the shipped ones)")
    sp.add_argument("--network", default=None, help="a network file that plays instead of the weights")
    sp.add_argument("--name", default=None, help="the player's name in the dataset's metadata")
    sp.add_argument("--opening-min", type=int, default=2, help="fewest random plies of an opening [default: 2]")
    sp.add_argument("--opening-max", type=int, default=6, help="most random plies of an opening [default: 6]")
    sp.add_argument("--opening-balance", type=int, default=150, help="largest |score| after the random plies [default: 150]")
    sp.add_argument("--ply-cap", type=int, default=300, help="plies after which a game is scored a draw [default: 300]")
    sp.add_argument("--node-jitter", type=float, default=0.25, help="each move's node budget is drawn from nodes * (1 +- this) [default: 0.25]")
    sp.add_argument("--max-retries", type=int, default=3, help="retries of a task whose worker dies [default: 3]")
    sp.add_argument("--out", required=True, help="directory of the shards and manifest.json")
    sp.add_argument("--merge", default=None, metavar="FILE", help="when every shard is done, write the merged dataset here")

    mp = sub.add_parser("merge", help="concatenate a finished run's shards into one dataset")
    mp.add_argument("dir", help="the run's directory")
    mp.add_argument("--out", required=True, help="the dataset to write")

    st = sub.add_parser("status", help="the shards done and missing")
    st.add_argument("dir", help="the run's directory")

    tp = sub.add_parser("tables", help="one set's table by partitioned rounds of Ray actors (the file of tb gen)")
    tp.add_argument("set", help="the material set, e.g. GGS")
    tp.add_argument("--partitions", type=int, required=True, help="partitions (runs of king pairs), one actor each")
    tp.add_argument("--address", default="local", help="auto, local (a new cluster here), or host:port [default: local]")
    tp.add_argument("--num-cpus", type=int, default=None, help="CPUs of a --address local cluster (default: all)")
    tp.add_argument("--dir", required=True, help="the table directory")
    tp.add_argument("--threads", type=int, default=1, help="threads per partition [default: 1]")
    tp.add_argument("--cpus-per-partition", type=float, default=None, help="Ray CPUs per actor (default: a share of its node)")
    tp.add_argument("--write-threads", type=int, default=None, help="threads of the final write on the driver (default: all)")
    tp.add_argument("--checkpoint-every", type=int, default=0, metavar="K", help="save every partition's state every K rounds, and resume a dead actor from it [default: 0, off]")
    tp.add_argument("--report", action="append", default=[], metavar="FILE", help="write the per-round volumes here (.json, else markdown); repeatable")
    return p


def _selfplay(args) -> int:
    settings = SelfplaySettings(
        games=args.games,
        nodes=args.nodes,
        seed=args.seed,
        shard_games=args.shard_games,
        weights=args.weights,
        network=args.network,
        name=args.name,
        opening_min=args.opening_min,
        opening_max=args.opening_max,
        opening_balance=args.opening_balance,
        ply_cap=args.ply_cap,
        node_jitter=args.node_jitter,
        threads_per_task=args.threads_per_task,
    )
    plan_shards(settings.games, settings.shard_games)  # bad sizes fail before Ray starts
    start = time.monotonic()
    manifest = run_selfplay(
        settings,
        args.out,
        address=args.address,
        num_cpus=args.num_cpus,
        max_retries=args.max_retries,
        on_shard=lambda e, d, t: report_shard(e, d, t, start),
    )
    positions = sum(e.positions for e in manifest.shards.values())
    elapsed = time.monotonic() - start
    print(f"{settings.games} games in {len(manifest.shards)} shards, {positions} positions, {elapsed:.1f} s: {args.out}")
    if args.merge:
        merge_shards(args.out, args.merge)
        print(f"merged: {args.merge}")
    return 0


def _status(args) -> int:
    manifest = Manifest.read(args.dir)
    if manifest is None:
        raise ManifestError(f"no manifest in {args.dir}")
    plan = plan_shards(int(manifest.settings["games"]), int(manifest.settings["shard_games"]))
    done = [s for s in plan if manifest.is_done(s.index)]
    print(f"{len(done)} of {len(plan)} shards done, {sum(s.games for s in done)} of {manifest.settings['games']} games")
    return 0 if len(done) == len(plan) else 3


def _tables(args) -> int:
    if args.partitions < 1:
        raise ValueError(f"--partitions must be at least 1, got {args.partitions}")
    if args.checkpoint_every < 0:
        raise ValueError("--checkpoint-every must not be negative")
    run = run_tables(args.set, args.partitions, args.dir, address=args.address, num_cpus=args.num_cpus,
                     threads=args.threads, cpus_per_partition=args.cpus_per_partition,
                     write_threads=args.write_threads, checkpoint_every=args.checkpoint_every)
    t = run.totals()
    slots = t["local_slots"] + t["cross_slots"]
    nodes = len({p["node"] for p in run.placement})
    print(f"{run.material}: {run.partitions} partitions on {nodes} nodes, {len(run.rounds)} rounds, "
          f"longest mate {run.longest}; {slots} slots in messages, {t['local_bytes'] + t['cross_bytes']} bytes, "
          f"{t['cross_bytes']} bytes across partitions; {run.total_seconds:.2f} s: {run.path}")
    for path in args.report:
        write_report(run, path)
    return 0


def main(argv=None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command == "selfplay":
            return _selfplay(args)
        if args.command == "tables":
            return _tables(args)
        if args.command == "merge":
            games = merge_shards(args.dir, args.out)
            print(f"{games} games: {args.out}")
            return 0
        return _status(args)
    except (ManifestError, ValueError, OSError, RuntimeError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
