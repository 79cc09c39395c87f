"""The game solver past one machine: a position's solve split at the frontier a few plies below
the root (``minishogi.SolveSplit``), the frontier positions solved as Ray tasks
(``minishogi.solve_subproblem``, each with a table of its own), and the results combined by
minimax into the root's answer and, when it is proved, one checked certificate.

The driver works in rounds of growing node budgets (``start_nodes``, four times as many, … up to
``nodes``). In a round it keeps up to ``in_flight`` tasks running on the subproblems that can
still change the root's answer (``combine``'s ``open`` list, the attacker's checks and captures
first), combines after every result, and cancels the tasks whose subproblems no longer matter;
the run ends once the root is proved or settled, or the last round has nothing left to solve.

Every result is written to the cache (``solve_cache``) as it arrives: a later run, of this
position or of another whose tree meets the same positions, reuses every proved or disproved
subproblem, and a killed run restarted with the same cache solves only what is missing.
See docs/solutions.md (§ Scale past one machine) and docs/distributed.md.
"""

import sys
import time
from dataclasses import asdict, dataclass, field
from typing import Callable, Dict, List, Optional, Tuple

from .connect import connect
from .solve_cache import SubproblemCache, is_better, is_final, position_key

PROVE = ("win", "loss", "both")


@dataclass(frozen=True)
class SolveSettings:
    """A distributed solve: the root, which results to prove (``win`` or ``loss`` for the side to
    move, or ``both``), the split's plies, the subproblems' node budgets and table size; with
    ``shortest``, a proved root's open subproblems that could shorten its proof are solved too."""

    sfen: str
    prove: str = "both"
    plies: int = 2
    nodes: int = 10_000_000
    start_nodes: Optional[int] = None
    memory_mb: int = 256
    shortest: bool = False

    def check(self) -> None:
        """``ValueError`` on settings no run can use."""
        if self.prove not in PROVE:
            raise ValueError(f"prove must be one of {', '.join(PROVE)}, got {self.prove!r}")
        if not 0 <= self.plies <= 8:
            raise ValueError(f"the split's plies must be 0 to 8, got {self.plies}")
        if self.nodes < 1 or (self.start_nodes is not None and not 1 <= self.start_nodes <= self.nodes):
            raise ValueError("nodes must be at least 1, and start_nodes between 1 and nodes")
        if self.memory_mb < 1:
            raise ValueError(f"memory_mb must be at least 1, got {self.memory_mb}")

    def budgets(self) -> List[int]:
        """The node budget of each round: ``start_nodes``, four times as many, …, ``nodes``."""
        budget = self.start_nodes or self.nodes
        out = [budget]
        while out[-1] < self.nodes:
            out.append(min(out[-1] * 4, self.nodes))
        return out


@dataclass
class SplitState:
    """One split (a win of ``attacker``) and what is known of it."""

    kind: str
    attacker: str
    subproblems: int
    tree_nodes: int
    repetitions: int
    outcome: Dict[str, object] = field(default_factory=dict)
    open: int = 0


@dataclass
class SolveRun:
    """What :func:`run_solve` did and found, for the side to move of ``sfen`` (``ray_nodes``: the
    Ray nodes whose workers solved this run's tasks)."""

    sfen: str
    settings: Dict[str, object]
    splits: List[SplitState]
    result: str = "unknown"
    plies: Optional[int] = None
    shortest: Optional[bool] = None
    text: str = ""
    tasks: int = 0
    ray_nodes: List[str] = field(default_factory=list)
    cached: int = 0
    cancelled: int = 0
    nodes: int = 0
    rounds: int = 0
    stopped: bool = False
    proof: Optional[str] = None
    proof_lines: Optional[int] = None
    seconds: float = 0.0

    def to_dict(self) -> Dict[str, object]:
        return asdict(self)


def solve_task(sfen: str, attacker: str, nodes: int, memory_mb: int) -> Dict[str, object]:
    """A Ray task: one subproblem solved for a win of ``attacker`` within ``nodes``, with the Ray
    node that solved it (``ray_node``)."""
    import minishogi
    import ray

    result = minishogi.solve_subproblem(sfen, attacker, nodes=nodes, memory_mb=memory_mb)
    result["ray_node"] = ray.get_runtime_context().get_node_id()
    return result


class _Driver:
    """The state of one run: the splits, their results, the cache and the Ray tasks."""

    def __init__(self, settings: SolveSettings, cache: SubproblemCache):
        import minishogi

        self.settings = settings
        self.cache = cache
        root = minishogi.Position(settings.sfen)
        us = root.side_to_move
        them = "gote" if us == "sente" else "sente"
        kinds = ("win", "loss") if settings.prove == "both" else (settings.prove,)
        self.splits = {k: minishogi.SolveSplit(root, us if k == "win" else them, settings.plies) for k in kinds}
        # Where each subproblem sits: (position key, attacker) -> [(kind, index)].
        self.places: Dict[Tuple[str, str], List[Tuple[str, int]]] = {}
        self.results: Dict[str, List[Optional[Dict[str, object]]]] = {}
        self.cached = 0
        for kind, split in self.splits.items():
            self.results[kind] = []
            for i, sfen in enumerate(split.subproblems):
                self.places.setdefault((position_key(sfen), split.attacker), []).append((kind, i))
                found = cache.best(sfen, split.attacker)
                self.cached += found is not None
                self.results[kind].append(found)
        self.combined: Dict[str, Dict[str, object]] = {}
        self.recombine()

    def recombine(self) -> None:
        self.combined = {k: s.combine(self.results[k]) for k, s in self.splits.items()}

    def proved(self) -> Optional[str]:
        """The split whose root is proved, if any."""
        return next((k for k, c in self.combined.items() if c["outcome"] == "win"), None)

    def shorter(self, kind: str) -> List[int]:
        """The subproblems not final (open, or proved but not shown shortest) that could still
        shorten the proof of ``kind`` or show it shortest."""
        return [i for i in self.combined[kind]["shorter"]  # type: ignore[union-attr]
                if not is_final(self.results[kind][i] or {})]

    def finished(self) -> bool:
        proved = self.proved()
        if proved is not None:
            return not self.settings.shortest or not self.shorter(proved)
        return all(c["outcome"] == "no-win" for c in self.combined.values())

    def wanted(self, budget: int, tried: set) -> List[Tuple[str, str]]:
        """The subproblems to solve with ``budget`` that were not tried with it: the open ones,
        the splits' lists interleaved; once a split is proved, those that could shorten it."""
        proved = self.proved()
        if proved is not None:
            wanted = {proved: self.shorter(proved) if self.settings.shortest else []}
        else:
            wanted = {k: c["open"] for k, c in self.combined.items()}  # type: ignore[misc]
        lists = [[(self.splits[k].subproblems[i], self.splits[k].attacker) for i in idx]  # type: ignore[union-attr]
                 for k, idx in wanted.items()]
        out, seen = [], set()
        for j in range(max((len(x) for x in lists), default=0)):
            for x in lists:
                if j < len(x):
                    key = (position_key(x[j][0]), x[j][1])
                    if key not in seen and key not in tried:
                        seen.add(key)
                        out.append(x[j])
        return out

    def result_of(self, key: Tuple[str, str]) -> Optional[Dict[str, object]]:
        """The result held for a subproblem, or ``None``."""
        kind, i = self.places[key][0]
        return self.results[kind][i]

    def record(self, result: Dict[str, object], budget: int) -> None:
        """A new result: into the cache, and into every split that has the subproblem."""
        self.cache.put(result, budget)
        key = (position_key(str(result["sfen"])), str(result["attacker"]))
        for kind, i in self.places.get(key, []):
            old = self.results[kind][i]
            if old is None or is_better(result, budget, old):
                self.results[kind][i] = dict(result, budget=budget)
        self.recombine()


def run_solve(
    settings: SolveSettings,
    cache_dir,
    address: str = "local",
    num_cpus: Optional[int] = None,
    in_flight: Optional[int] = None,
    max_tasks: Optional[int] = None,
    max_retries: int = 3,
    proof=None,
    on_result: Optional[Callable[[Dict[str, object], "SolveRun"], None]] = None,
) -> SolveRun:
    """Solves ``settings.sfen`` split into subproblems solved as Ray tasks, with the results
    cached in ``cache_dir``; writes the certificate to ``proof`` when the root is proved.

    ``in_flight`` tasks at most at once (default: twice the cluster's CPUs); ``max_tasks`` stops
    the run after that many new results (a partial run: the cache keeps them). Ray is only
    started when something is left to solve. ``on_result(result, run)`` is called after each.
    """
    settings.check()
    start = time.monotonic()
    d = _Driver(settings, SubproblemCache(cache_dir))
    run = SolveRun(
        sfen=settings.sfen,
        settings=asdict(settings),
        splits=[SplitState(kind=k, attacker=s.attacker, subproblems=len(s.subproblems), tree_nodes=s.tree_nodes,
                           repetitions=s.repetitions) for k, s in d.splits.items()],
        cached=d.cached,
    )
    ray = None
    task = None
    for budget in settings.budgets():
        if d.finished() or run.stopped:
            break
        run.rounds += 1
        tried: set = set()
        pending: Dict[object, Tuple[str, str]] = {}
        while not d.finished():
            wanted = d.wanted(budget, tried)
            # Tasks whose subproblems no longer matter are cancelled, and count as not tried:
            # the shortening that follows a proof may want them again.
            relevant = {(position_key(s), a) for s, a in d.wanted(budget, set())}
            for ref, (sfen, attacker) in list(pending.items()):
                if (position_key(sfen), attacker) not in relevant:
                    ray.cancel(ref)  # type: ignore[union-attr]
                    del pending[ref]
                    tried.discard((position_key(sfen), attacker))
                    run.cancelled += 1
            running = {(position_key(s), a) for s, a in pending.values()}
            for sfen, attacker in wanted:
                key = (position_key(sfen), attacker)
                if key in running:
                    continue
                known = d.result_of(key)
                if known is not None and int(known["budget"]) >= budget:  # type: ignore[call-overload]
                    tried.add(key)  # an open result of this budget, from the cache
                    continue
                # Another run sharing the cache may have solved it since.
                hit = d.cache.get(sfen, attacker, budget)
                if hit is not None:
                    tried.add(key)
                    d.record(hit, int(hit["budget"]))  # type: ignore[call-overload]
                    run.cached += 1
                    break  # the open list may have changed
                if max_tasks is not None and run.tasks + len(pending) >= max_tasks:
                    break
                if ray is None:
                    ray = connect(address, num_cpus)
                    task = ray.remote(num_cpus=1, max_retries=max_retries)(solve_task)
                    if in_flight is None:
                        in_flight = max(2, 2 * int(ray.cluster_resources().get("CPU", 1)))
                if len(pending) >= in_flight:  # type: ignore[operator]
                    break
                pending[task.remote(sfen, attacker, budget, settings.memory_mb)] = (sfen, attacker)  # type: ignore[union-attr]
                tried.add(key)
                running.add(key)
            else:
                if not pending:
                    break  # this round has nothing left to solve
            if not pending:
                if max_tasks is not None and run.tasks >= max_tasks:
                    run.stopped = True
                    break
                continue
            ready, _ = ray.wait(list(pending), num_returns=1)  # type: ignore[union-attr]
            ref = ready[0]
            sfen, attacker = pending.pop(ref)
            try:
                result = ray.get(ref)  # type: ignore[union-attr]
            except ray.exceptions.RayError as e:  # type: ignore[union-attr]
                raise RuntimeError(f"solving {sfen} for {attacker} failed: {_cause(e)}") from e
            run.tasks += 1
            run.nodes += int(result["nodes"])
            if result.get("ray_node") not in run.ray_nodes:
                run.ray_nodes.append(str(result.get("ray_node")))
            d.record(result, budget)
            if on_result is not None:
                on_result(result, run)
        for ref in pending:
            ray.cancel(ref)  # type: ignore[union-attr]
            run.cancelled += 1
    _conclude(d, run, proof)
    run.seconds = time.monotonic() - start
    return run


def _cause(error: Exception) -> str:
    cause = getattr(error, "cause", None)
    text = str(cause if cause is not None else error).strip()
    return f"{type(cause or error).__name__}: {text.splitlines()[-1] if text else ''}"


def _conclude(d: _Driver, run: SolveRun, proof) -> None:
    """The root's answer for its side to move, and the certificate of a proof."""
    for state in run.splits:
        c = d.combined[state.kind]
        state.outcome = {k: v for k, v in c.items() if k != "open"}
        state.open = len(c["open"])  # type: ignore[arg-type]
    proved = [k for k, c in d.combined.items() if c["outcome"] == "win"]
    if proved:
        kind = proved[0]
        c = d.combined[kind]
        certificate = d.splits[kind].certificate(d.results[kind], str(proof) if proof is not None else None)
        run.result, run.plies = kind, int(certificate["plies"])
        run.shortest = bool(c["shortest"]) and certificate["plies"] == c["plies"]
        if proof is not None:
            run.proof, run.proof_lines = str(proof), int(certificate["lines"])
        bound = "(shortest)" if run.shortest else "(an upper bound: not proved shortest)"
        run.text = f"{kind} in {run.plies} {bound}"
        return
    facts = []
    for kind, c in d.combined.items():
        who = "the side to move" if kind == "win" else "the other side"
        if c["outcome"] == "no-win":
            facts.append(f"{who} has no forced win that avoids repetition")
        elif c.get("no_win_within") is not None:
            facts.append(f"{who} has no forced win within {c['no_win_within']} plies")
    run.text = "unknown" + (": " + "; ".join(facts) if facts else "")


def report_result(result: Dict[str, object], run: SolveRun) -> None:
    """One progress line on stderr."""
    tail = f" in {result['plies']}" if result["outcome"] == "win" else ""
    print(f"task {run.tasks}: {result['attacker']} {result['outcome']}{tail}, {result['nodes']} nodes, "
          f"{int(result['time_ms']) / 1000:.1f} s: {result['sfen']}", file=sys.stderr, flush=True)  # type: ignore[call-overload]
