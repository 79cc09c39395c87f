"""Endgame tables on Ray: the partitioned mate-only analysis of one set as bulk-synchronous
rounds of Ray actors, then the file written by the driver, byte for byte ``minishogi tb gen``'s.

One actor per partition (runs of whole king pairs) holds the partition's work bytes in Rust
(``minishogi.TablePartition``) for the whole run: they never leave its process between rounds.
Round ``n`` is two calls on every actor: ``expand(n)`` returns one Ray object per destination
partition (the framed message, or ``None``), and ``apply(n, *refs)`` receives, as top-level
arguments, the references addressed to it, so Ray moves each message from the object store of
its sender's node to the receiver's (objects under Ray's inline limit, 100 KiB, travel through
the driver's memory store instead). The run stops after a round in which no partition expanded
a slot, the rule of the Rust driver; the actors' ``finish()`` bytes are gathered and
``minishogi.build_table_from_values`` writes the file (atomically) on the driver's node.

With ``checkpoint_every=k`` every actor saves its state (``to_bytes()``) into the object store
every ``k`` rounds; when an actor dies, a new one is started from its last state, every other
partition is rolled back to its own state of the same round, and the rounds are replayed from
there (apply is idempotent only from a saved state). Without checkpoints a dead actor is a clear
``RuntimeError``. See docs/tablebase/distributed.md.
"""

import json
import os
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable, Dict, List, Optional

from .connect import connect
from .manifest import write_atomic


@dataclass
class Volume:
    """Messages of one kind of route in a round: their number, slots listed and framed bytes."""

    messages: int = 0
    slots: int = 0
    bytes: int = 0

    def add(self, slots: int, size: int) -> None:
        self.messages += 1
        self.slots += slots
        self.bytes += size


@dataclass
class RoundReport:
    """One round: slots at distance ``level`` expanded, slots resolved, messages a partition
    sent itself (``local``) and to others (``cross``; ``across_nodes`` is the part of it between
    partitions on different nodes), and the round's wall time."""

    level: int
    expanded: int
    resolved: int
    local: Volume
    cross: Volume
    across_nodes: Volume
    seconds: float


@dataclass
class TablesRun:
    """What :func:`run_tables` did."""

    material: str
    partitions: int
    bounds: List[int]
    placement: List[Dict[str, object]]
    rounds: List[RoundReport] = field(default_factory=list)
    longest: int = 0
    restarts: int = 0
    path: str = ""
    file_bytes: int = 0
    init_seconds: float = 0.0
    rounds_seconds: float = 0.0
    gather_seconds: float = 0.0
    write_seconds: float = 0.0
    total_seconds: float = 0.0

    def totals(self) -> Dict[str, int]:
        """Messages, slots and bytes over all rounds, within and across partitions."""
        out = {}
        for route in ("local", "cross", "across_nodes"):
            for key in ("messages", "slots", "bytes"):
                out[f"{route}_{key}"] = sum(getattr(getattr(r, route), key) for r in self.rounds)
        return out

    def to_json(self) -> str:
        d = asdict(self)
        d["totals"] = self.totals()
        return json.dumps(d, indent=1)

    def to_markdown(self) -> str:
        """The per-round table and the totals, as in docs/tablebase/distributed.md."""
        lines = [
            f"{self.material}, {self.partitions} partitions (king-pair bounds {self.bounds}), "
            f"{len(self.rounds)} rounds, longest mate {self.longest}, {self.restarts} restarts",
            "",
            "| level | expanded | resolved | local msgs | local slots | local bytes | cross msgs | cross slots | cross bytes "
            "| across nodes: bytes | ms |",
            "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for r in self.rounds:
            lines.append(
                f"| {r.level} | {r.expanded} | {r.resolved} | {r.local.messages} | {r.local.slots} | {r.local.bytes} "
                f"| {r.cross.messages} | {r.cross.slots} | {r.cross.bytes} | {r.across_nodes.bytes} | {r.seconds * 1e3:.0f} |"
            )
        t = self.totals()
        slots = t["local_slots"] + t["cross_slots"]
        lines += [
            "",
            f"total: {slots} slots in messages, {t['local_bytes'] + t['cross_bytes']} bytes, "
            f"{100.0 * t['cross_slots'] / max(slots, 1):.1f} % of the slots across partitions, "
            f"{t['across_nodes_bytes']} bytes across nodes; "
            f"time {self.total_seconds:.2f} s (initial pass {self.init_seconds:.2f}, rounds {self.rounds_seconds:.2f}, "
            f"gather {self.gather_seconds:.2f}, write {self.write_seconds:.2f})",
        ]
        return "\n".join(lines) + "\n"


class PartitionActor:
    """A Ray actor (wrapped by :func:`run_tables`) holding one partition."""

    def __init__(self, material: str, bounds: List[int], index: int, threads: int, state: Optional[bytes] = None):
        import minishogi

        self.parts = len(bounds) - 1
        self.index = index
        if state is None:
            self.p = minishogi.TablePartition(material, bounds, index, threads)
        else:
            self.p = minishogi.TablePartition.from_bytes(material, state, threads)
        self.threads = threads

    def where(self) -> Dict[str, object]:
        import ray

        return {"partition": self.index, "node": ray.get_runtime_context().get_node_id(),
                "host": os.uname().nodename, "pid": os.getpid()}

    def expand(self, level: int):
        """``[summary, message to 0, …, message to P − 1]`` (``None`` where there is none)."""
        out: List[Optional[bytes]] = [None] * self.parts
        for to, data in self.p.expand(level):
            out[to] = data
        slots = self.p.sent_slots
        sent = {to: (slots[to], len(data)) for to, data in enumerate(out) if data is not None}
        return [{"expanded": self.p.expanded, "sent": sent}, *out]

    def apply(self, level: int, *messages):
        resolved = self.p.apply(level, [m for m in messages if m is not None])
        return resolved, self.p.seeds_ahead

    def save(self) -> bytes:
        return self.p.to_bytes()

    def restore(self, material: str, state: bytes) -> None:
        import minishogi

        self.p = minishogi.TablePartition.from_bytes(material, state, self.threads)

    def finish(self):
        side = self.p.side_table
        return self.p.finish(), side


def _placement(ray, parts: int, cpus_per_partition: Optional[float]):
    """The scheduling options of each partition's actor: partitions dealt round-robin over the
    alive nodes (so they spread across nodes), each asking a share of its node's CPUs."""
    from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

    nodes = [n for n in ray.nodes() if n.get("Alive") and n["Resources"].get("CPU", 0) > 0]
    if not nodes:
        raise RuntimeError("the Ray cluster has no alive node with CPUs")
    nodes.sort(key=lambda n: n["NodeID"])
    options = []
    for p in range(parts):
        node = nodes[p % len(nodes)]
        here = len(range(p % len(nodes), parts, len(nodes)))
        cpus = cpus_per_partition
        if cpus is None:
            # A share of the node, rounded down so that the node's actors fit its CPUs exactly.
            cpus = min(1.0, int(node["Resources"]["CPU"] / here * 1e4) / 1e4)
        strategy = NodeAffinitySchedulingStrategy(node_id=node["NodeID"], soft=False)
        options.append({"num_cpus": cpus, "scheduling_strategy": strategy, "max_restarts": 0})
    return options


def _cause(error: Exception) -> str:
    """The first line of an error's text (Ray's carry the remote traceback after it)."""
    cause = getattr(error, "cause", None)
    text = str(cause if cause is not None else error).strip()
    return f"{type(cause or error).__name__}: {text.splitlines()[-1] if text else ''}"


def _actor_died(error: Exception, level: int) -> RuntimeError:
    return RuntimeError(f"a partition's actor died in round {level} ({type(error).__name__}); rerun, "
                        f"or use --checkpoint-every to resume from saved states")


def _dead(ray, actors) -> List[int]:
    """The partitions whose actors no longer answer."""
    dead = []
    for p, a in enumerate(actors):
        try:
            ray.get(a.where.remote(), timeout=60)
        except ray.exceptions.RayError:
            dead.append(p)
    return dead


def run_tables(
    material: str,
    partitions,
    out_dir,
    address: str = "local",
    num_cpus: Optional[int] = None,
    threads: int = 1,
    cpus_per_partition: Optional[float] = None,
    write_threads: Optional[int] = None,
    checkpoint_every: int = 0,
    max_restarts: int = 3,
    on_round: Optional[Callable[[RoundReport, List[object]], None]] = None,
) -> TablesRun:
    """Generates the table of ``material`` on Ray with ``partitions`` partitions (a count or
    king-pair bounds) and writes it into ``out_dir``; returns the run with per-round volumes.

    ``threads`` is each partition's thread count; ``write_threads`` those of the final write on the
    driver (default: all cores). ``on_round(report, actors)`` is called after each round (tests
    use it to kill an actor).
    """
    import minishogi

    start = time.monotonic()
    bounds = minishogi.TablePartition.bounds(material, partitions)  # bad arguments fail before Ray
    parts = len(bounds) - 1
    pair_bounds = partitions if isinstance(partitions, list) else None
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    ray = connect(address, num_cpus)
    options = _placement(ray, parts, cpus_per_partition)
    actor_class = ray.remote(PartitionActor)
    king_bounds = pair_bounds or [b // (bounds[-1] // 234) for b in bounds]

    def start_actor(p, state=None):
        return actor_class.options(**options[p]).remote(material, king_bounds, p, threads, state)

    actors = [start_actor(p) for p in range(parts)]
    try:
        placement = ray.get([a.where.remote() for a in actors])
    except ray.exceptions.RayError as e:
        raise RuntimeError(f"starting the partitions failed: {_cause(e)}") from e
    run = TablesRun(material=material, partitions=parts, bounds=king_bounds, placement=placement)
    run.init_seconds = time.monotonic() - start
    saved: Optional[tuple] = None  # (level, [state refs]) of the last checkpoint
    level, rounds_start = 0, time.monotonic()
    while True:
        if checkpoint_every and level % checkpoint_every == 0 and (saved is None or saved[0] != level):
            saved = (level, [a.save.remote() for a in actors], len(run.rounds))
        t = time.monotonic()
        try:
            report, stop = _round(ray, actors, [p["node"] for p in placement], level)
        except ray.exceptions.RayError as e:
            if not _dead(ray, actors):
                raise RuntimeError(f"round {level} failed: {_cause(e)}") from e
            if saved is None or run.restarts >= max_restarts:
                raise _actor_died(e, level) from e
            run.restarts += 1
            level, actors = _resume(ray, actors, saved, start_actor, material)
            del run.rounds[saved[2]:]
            continue
        report.seconds = time.monotonic() - t
        run.rounds.append(report)
        if report.expanded > 0:
            run.longest = level
        if on_round is not None:
            on_round(report, actors)
        if stop:
            break
        level += 1
    run.rounds_seconds = time.monotonic() - rounds_start
    t = time.monotonic()
    try:
        finished = ray.get([a.finish.remote() for a in actors])
    except ray.exceptions.RayActorError as e:
        raise _actor_died(e, level) from e
    run.gather_seconds = time.monotonic() - t
    t = time.monotonic()
    summary = minishogi.build_table_from_values(
        material, [v for v, _ in finished], str(out_dir), longest=run.longest, passes=len(run.rounds),
        side_table=sum(s for _, s in finished), threads=write_threads)
    run.write_seconds = time.monotonic() - t
    run.path, run.file_bytes = str(summary["path"]), summary["file_bytes"]
    for a in actors:
        ray.kill(a)
    run.total_seconds = time.monotonic() - start
    return run


def _round(ray, actors, nodes: List[str], level: int):
    """One round: every actor expands, each gets the references addressed to it and applies;
    ``nodes[p]`` is partition p's node."""
    parts = len(actors)
    outs = [a.expand.options(num_returns=parts + 1).remote(level) for a in actors]
    applied = [a.apply.remote(level, *[outs[src][1 + dst] for src in range(parts)]) for dst, a in enumerate(actors)]
    summaries = ray.get([o[0] for o in outs])
    results = ray.get(applied)
    local, cross, across = Volume(), Volume(), Volume()
    for src, s in enumerate(summaries):
        for dst, (slots, size) in s["sent"].items():
            (local if dst == src else cross).add(slots, size)
            if nodes[dst] != nodes[src]:
                across.add(slots, size)
    report = RoundReport(level=level, expanded=sum(s["expanded"] for s in summaries),
                         resolved=sum(r for r, _ in results), local=local, cross=cross, across_nodes=across,
                         seconds=0.0)
    stop = report.expanded == 0 and not any(ahead for _, ahead in results)
    return report, stop


def _resume(ray, actors, saved, start_actor, material: str):
    """After an actor died: the dead ones restarted from their saved states, the others rolled
    back to theirs; returns the level to replay from and the actors."""
    level, states, _ = saved
    dead = set(_dead(ray, actors))
    actors = [start_actor(p, states[p]) if p in dead else a for p, a in enumerate(actors)]
    ray.get([a.restore.remote(material, states[p]) for p, a in enumerate(actors) if p not in dead])
    ray.get([a.where.remote() for a in actors])
    return level, actors


def write_report(run: TablesRun, path) -> None:
    """The run as JSON (``.json``) or as the markdown table (any other suffix), atomically."""
    path = Path(path)
    text = run.to_json() if path.suffix == ".json" else run.to_markdown()
    write_atomic(path, text.encode())
