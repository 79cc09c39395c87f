"""How a run of self-play games is cut into shards of consecutive game numbers."""

from dataclasses import dataclass
from typing import List


@dataclass(frozen=True)
class Shard:
    """Games ``first_game .. first_game + games`` of a run, written to ``file``."""

    index: int
    first_game: int
    games: int

    @property
    def file(self) -> str:
        """The shard's file name inside the output directory."""
        return f"shard-{self.index:05d}.data"


def plan_shards(games: int, shard_games: int) -> List[Shard]:
    """The shards of a run of ``games`` games, ``shard_games`` each (the last may be shorter)."""
    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    if shard_games < 1:
        raise ValueError(f"shard_games must be at least 1, not {shard_games}")
    return [
        Shard(index=i, first_game=first, games=min(shard_games, games - first))
        for i, first in enumerate(range(0, games, shard_games))
    ]
