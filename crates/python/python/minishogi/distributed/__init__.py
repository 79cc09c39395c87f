"""Self-play on a Ray cluster: shards of one run played as Ray tasks, with a manifest.

A run of ``games`` games with a seed is cut into shards of consecutive game numbers. Game ``i``
of a run always uses the random stream ``(seed, i)``, so a shard (``first_game``, ``games``) is
exactly those games of the single-machine run, whichever worker plays it and whenever it
finishes; :func:`merge_shards` concatenates the shards into the file ``minishogi selfplay`` writes
for the same settings, byte for byte. See docs/distributed.md.

Entry point: ``python -m minishogi.distributed selfplay|merge|status ...``.
"""

from .manifest import Manifest, ManifestError, ShardEntry
from .shards import Shard, plan_shards
from .selfplay import SelfplaySettings, merge_shards, run_selfplay

__all__ = [
    "Manifest",
    "ManifestError",
    "SelfplaySettings",
    "Shard",
    "ShardEntry",
    "merge_shards",
    "plan_shards",
    "run_selfplay",
]
