"""Self-play on a Ray cluster: shards of one run played as Ray tasks, with a manifest.

A run of ``games`` games with a seed is cut into shards of consecutive game numbers. Game ``i``
of a run always uses the random stream ``(seed, i)``, so a shard (``first_game``, ``games``) is
exactly those games of the single-machine run, whichever worker plays it and whenever it
finishes; :func:`merge_shards` concatenates the shards into the file ``minishogi selfplay`` writes
for the same settings, byte for byte. See docs/distributed.md.

Endgame tables: :func:`run_tables` runs one set's partitioned mate-only analysis as rounds of
Ray actors and writes the file ``minishogi tb gen`` writes (module ``tables``).

Solving: :func:`run_solve` splits a position's solve at the frontier a few plies below the root,
solves the subproblems as Ray tasks with their results cached on disk (a killed run resumes from
the cache), and combines them into the root's answer and certificate (module ``solve``).

Entry point: ``python -m minishogi.distributed selfplay|merge|status|tables|solve ...``.
"""

from .manifest import Manifest, ManifestError, ShardEntry
from .shards import Shard, plan_shards
from .selfplay import SelfplaySettings, merge_shards, run_selfplay
from .tables import RoundReport, TablesRun, run_tables
from .solve import SolveRun, SolveSettings, run_solve
from .solve_cache import SubproblemCache

__all__ = [
    "Manifest",
    "ManifestError",
    "RoundReport",
    "SelfplaySettings",
    "Shard",
    "ShardEntry",
    "SolveRun",
    "SolveSettings",
    "SubproblemCache",
    "TablesRun",
    "merge_shards",
    "plan_shards",
    "run_selfplay",
    "run_solve",
    "run_tables",
]
