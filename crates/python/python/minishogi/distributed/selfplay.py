"""The Ray driver of distributed self-play, and the task each worker runs.

Each shard is one Ray task. The task plays its games with the Rust harness
(``minishogi.selfplay`` with ``first_game``) into a private temporary directory and returns the
file's bytes; the driver alone writes shard files (temporary name, then rename) and the
manifest, so workers need no shared file system and a shard is never half-written or written
twice. A task whose worker dies is retried by Ray (``max_retries``); a rerun of the same command
skips the shards the manifest lists.
"""

import hashlib
import os
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Callable, Dict, Optional, Tuple

from .connect import connect
from .manifest import Manifest, ManifestError, ShardEntry, sha256_of, write_atomic
from .shards import Shard, plan_shards

ATTEMPTS_LOG = "attempts.log"


@dataclass(frozen=True)
class SelfplaySettings:
    """A self-play run: the settings of ``minishogi selfplay`` plus the shard size.

    ``weights`` is a linear weights file, ``"initial"`` or ``"linear"`` (the shipped ones); ``network`` a network
    file (it plays instead of the weights); ``name`` what the dataset's metadata calls the player
    (by default the library's name for the weights or network).
    """

    games: int
    nodes: int = 2000
    seed: int = 1
    shard_games: int = 100
    weights: Optional[str] = None
    network: Optional[str] = None
    name: Optional[str] = None
    opening_min: int = 2
    opening_max: int = 6
    opening_balance: int = 150
    ply_cap: int = 300
    node_jitter: float = 0.25
    threads_per_task: int = 1

    def manifest_settings(self) -> Dict[str, object]:
        """What a rerun must agree on to reuse the shards (files by content, not by path)."""
        s = asdict(self)
        del s["threads_per_task"]  # the games do not depend on it
        for key in ("weights", "network"):
            path = s[key]
            if path is not None and os.path.isfile(path):
                s[key] = "sha256:" + sha256_of(Path(path))
        return s

    def selfplay_kwargs(self, shard: Shard) -> Dict[str, object]:
        """The keyword arguments of ``minishogi.selfplay`` for one shard."""
        return {
            "games": shard.games,
            "first_game": shard.first_game,
            "nodes": self.nodes,
            "seed": self.seed,
            "threads": self.threads_per_task,
            "weights": self.weights,
            "network": self.network,
            "name": self.name,
            "opening_min": self.opening_min,
            "opening_max": self.opening_max,
            "opening_balance": self.opening_balance,
            "ply_cap": self.ply_cap,
            "node_jitter": self.node_jitter,
        }


def _log_attempt(log: Optional[str], shard: Shard) -> None:
    """Appends ``index pid host`` to the attempts log (one short O_APPEND write per attempt)."""
    if log is None:
        return
    line = f"{shard.index} {os.getpid()} {os.uname().nodename}\n".encode()
    fd = os.open(log, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        os.write(fd, line)
    finally:
        os.close(fd)


def play_shard(kwargs: Dict[str, object], shard: Dict[str, int], attempts_log: Optional[str]) -> Tuple[bytes, int]:
    """A Ray task: plays one shard and returns the dataset file's bytes and its labelled
    positions."""
    import minishogi

    shard = Shard(**shard)
    _log_attempt(attempts_log, shard)
    with tempfile.TemporaryDirectory(prefix="minishogi-shard-") as tmp:
        out = Path(tmp) / shard.file
        data = minishogi.selfplay(out=str(out), **kwargs)
        return out.read_bytes(), len(data)


def run_selfplay(
    settings: SelfplaySettings,
    out_dir,
    address: str = "local",
    num_cpus: Optional[int] = None,
    max_retries: int = 3,
    on_shard: Optional[Callable[[ShardEntry, int, int], None]] = None,
) -> Manifest:
    """Plays the run's missing shards on Ray and returns the manifest.

    ``on_shard(entry, done, total)`` is called as each shard is recorded. Shards already in the
    manifest with intact files are skipped; a manifest of a run with other settings is an error.
    """
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    manifest = Manifest.open(out_dir, settings.manifest_settings())
    plan = plan_shards(settings.games, settings.shard_games)
    todo = [s for s in plan if not manifest.is_done(s.index)]
    done = len(plan) - len(todo)
    if not todo:
        return manifest
    ray = connect(address, num_cpus)
    task = ray.remote(num_cpus=settings.threads_per_task, max_retries=max_retries)(play_shard)
    log = str(out_dir / ATTEMPTS_LOG)
    pending = {task.remote(settings.selfplay_kwargs(s), asdict(s), log): s for s in todo}
    while pending:
        ready, _ = ray.wait(list(pending), num_returns=1)
        for ref in ready:
            shard = pending.pop(ref)
            data, positions = ray.get(ref)
            write_atomic(out_dir / shard.file, data)
            entry = ShardEntry(
                index=shard.index,
                file=shard.file,
                first_game=shard.first_game,
                games=shard.games,
                seed=settings.seed,
                positions=positions,
                sha256=hashlib.sha256(data).hexdigest(),
            )
            manifest.record(entry)
            done += 1
            if on_shard is not None:
                on_shard(entry, done, len(plan))
    return manifest


def merge_shards(out_dir, dest) -> int:
    """Concatenates the run's shards, in game order, into the dataset file ``dest`` (the file
    ``minishogi selfplay`` writes for the same settings) and returns its number of games. Every
    shard of the plan must be listed and intact."""
    import minishogi

    out_dir = Path(out_dir)
    manifest = Manifest.read(out_dir)
    if manifest is None:
        raise ManifestError(f"no manifest in {out_dir}: run the selfplay command first")
    games = int(manifest.settings["games"])
    plan = plan_shards(games, int(manifest.settings["shard_games"]))
    missing = [s.index for s in plan if not manifest.is_done(s.index)]
    if missing:
        raise ManifestError(
            f"{len(missing)} of {len(plan)} shards are missing or damaged in {out_dir} "
            f"(first: {plan[missing[0]].file}): rerun the selfplay command to finish them"
        )
    minishogi.merge_datasets([str(out_dir / s.file) for s in plan], str(dest))
    return games


def report_shard(entry: ShardEntry, done: int, total: int, start: float) -> None:
    """One progress line on stderr."""
    elapsed = time.monotonic() - start
    print(
        f"shard {entry.index + 1}/{total} ({done} done): {entry.games} games, "
        f"{entry.positions} positions, {elapsed:.1f} s",
        file=sys.stderr,
        flush=True,
    )
