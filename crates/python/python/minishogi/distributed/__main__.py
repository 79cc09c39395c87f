"""``python -m minishogi.distributed``: self-play, endgame tables and solving on a Ray cluster.

    python -m minishogi.distributed selfplay --address auto --games 24000 --nodes 1000 \\
        --shard-games 500 --out shards/ [--merge data.data]
    python -m minishogi.distributed merge shards/ --out data.data
    python -m minishogi.distributed status shards/
    python -m minishogi.distributed tables GGS --partitions 4 --address auto --dir tables/ \\
        [--report GGS.md|GGS.json] [--checkpoint-every 10]
    python -m minishogi.distributed solve (SFEN | --handicap NAME) --plies 2 --nodes 10000000 \\
        --cache cache/ [--start-nodes N] [--proof FILE] [--prove win|loss|both] [--shortest] [--json]

Exit status 0 on success, 1 on an error (one line on stderr), 2 on bad arguments.
"""

import argparse
import json
import sys
import time

from .manifest import Manifest, ManifestError
from .selfplay import SelfplaySettings, merge_shards, report_shard, run_selfplay
from .shards import plan_shards
from .solve import PROVE, SolveSettings, report_result, run_solve
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

    so = sub.add_parser("solve", help="a position's solve split into subproblems as Ray tasks (cached, resumable)")
    so.add_argument("sfen", nargs="*", help="the position: one quoted SFEN or its four fields")
    so.add_argument("--handicap", default=None, help="a handicap start instead: bishop, rook, two-piece, three-piece, four-piece, naked-king")
    so.add_argument("--plies", type=int, default=2, help="plies from the root to the frontier of subproblems [default: 2]")
    so.add_argument("--nodes", type=int, default=10_000_000, help="the node budget of a subproblem in the last round [default: 10000000]")
    so.add_argument("--start-nodes", type=int, default=None, help="the first round's budget; each round has four times more, up to --nodes (default: --nodes)")
    so.add_argument("--memory", type=int, default=256, help="each subproblem's table in MB [default: 256]")
    so.add_argument("--shortest", action="store_true", help="once proved, also solve the subproblems that could shorten the proof")
    so.add_argument("--prove", choices=PROVE, default="both", help="a win or a loss of the side to move, or both [default: both]")
    so.add_argument("--cache", required=True, help="directory of the subproblems' results (reused by later runs)")
    so.add_argument("--proof", default=None, metavar="FILE", help="write the certificate here when proved (.zst: compressed)")
    so.add_argument("--address", default="local", help="auto, local (a new cluster here), or host:port [default: local]")
    so.add_argument("--num-cpus", type=int, default=None, help="CPUs of a --address local cluster (default: all)")
    so.add_argument("--in-flight", type=int, default=None, help="tasks at once (default: twice the cluster's CPUs)")
    so.add_argument("--max-tasks", type=int, default=None, help="stop after this many new results (a partial run)")
    so.add_argument("--json", action="store_true", help="print the run as one JSON object")
    return p


def _solve(args) -> int:
    import minishogi

    if args.handicap is not None:
        if args.sfen:
            raise ValueError("give an SFEN or --handicap, not both")
        sfen = minishogi.Position.handicap(args.handicap).sfen()
    elif len(args.sfen) in (1, 4):
        sfen = " ".join(args.sfen)
    else:
        raise ValueError("give one quoted SFEN, its four fields, or --handicap NAME")
    settings = SolveSettings(sfen=sfen, prove=args.prove, plies=args.plies, nodes=args.nodes,
                             start_nodes=args.start_nodes, memory_mb=args.memory, shortest=args.shortest)
    run = run_solve(settings, args.cache, address=args.address, num_cpus=args.num_cpus, in_flight=args.in_flight,
                    max_tasks=args.max_tasks, proof=args.proof, on_result=None if args.json else report_result)
    if args.json:
        print(json.dumps(run.to_dict(), sort_keys=True))
        return 0
    for s in run.splits:
        print(f"{s.kind} ({s.attacker} wins): {s.subproblems} subproblems, {s.tree_nodes} tree nodes, "
              f"{s.repetitions} repetitions; {s.outcome['outcome']}, {s.open} open")
    print(f"{run.tasks} tasks ({run.nodes} nodes) on {len(run.ray_nodes)} Ray nodes, {run.cached} results from the cache, {run.cancelled} cancelled, "
          f"{run.rounds} rounds, {run.seconds:.1f} s{' (stopped: --max-tasks)' if run.stopped else ''}")
    if run.proof:
        print(f"proof: {run.proof} ({run.proof_lines} lines)")
    print(run.text)
    return 0


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
        if args.command == "solve":
            return _solve(args)
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
