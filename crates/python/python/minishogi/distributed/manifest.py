"""The manifest of a distributed self-play run: its settings and the shards written so far.

``manifest.json`` is rewritten atomically (temporary file, fsync, rename) after each shard, so a
driver killed at any moment leaves either the old or the new list. A shard is listed only once
its file is complete (the library writes it under a temporary name and renames it); a rerun
trusts an entry only when the file's SHA-256 still matches.
"""

import hashlib
import json
import os
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Dict, Optional

FORMAT = "minishogi-selfplay-manifest/1"
NAME = "manifest.json"


class ManifestError(Exception):
    """A manifest that cannot be read, or that belongs to a run with other settings."""


@dataclass(frozen=True)
class ShardEntry:
    """A finished shard: games ``first_game .. first_game + games`` of the run's seed."""

    index: int
    file: str
    first_game: int
    games: int
    seed: int
    positions: int
    sha256: str


def sha256_of(path: Path) -> str:
    """The SHA-256 of a file, in hex."""
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def write_atomic(path: Path, data: bytes) -> None:
    """Writes ``data`` to ``path`` through a temporary file, fsync and a rename."""
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


class Manifest:
    """The settings of a run and its finished shards, kept in ``dir/manifest.json``."""

    def __init__(self, directory: Path, settings: Dict[str, object]):
        self.path = Path(directory) / NAME
        self.settings = settings
        self.shards: Dict[int, ShardEntry] = {}

    @classmethod
    def open(cls, directory: Path, settings: Dict[str, object]) -> "Manifest":
        """The run's manifest: read back when present (its settings must equal ``settings``),
        else a new, empty one."""
        manifest = cls(directory, settings)
        existing = cls.read(directory)
        if existing is None:
            return manifest
        if existing.settings != settings:
            changed = sorted(
                k
                for k in set(settings) | set(existing.settings)
                if settings.get(k) != existing.settings.get(k)
            )
            raise ManifestError(
                f"{manifest.path} belongs to a run with other settings ({', '.join(changed)}): "
                "use another --out directory"
            )
        manifest.shards = existing.shards
        return manifest

    @classmethod
    def read(cls, directory: Path) -> Optional["Manifest"]:
        """The manifest in ``directory``, or ``None`` when there is none."""
        path = Path(directory) / NAME
        try:
            data = json.loads(path.read_text())
        except FileNotFoundError:
            return None
        except (OSError, ValueError) as e:
            raise ManifestError(f"cannot read {path}: {e}") from e
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ManifestError(f"{path} is not a {FORMAT} manifest")
        manifest = cls(directory, data.get("settings", {}))
        try:
            for entry in data.get("shards", []):
                shard = ShardEntry(**entry)
                manifest.shards[shard.index] = shard
        except TypeError as e:
            raise ManifestError(f"{path}: bad shard entry: {e}") from e
        return manifest

    def is_done(self, index: int) -> bool:
        """Whether shard ``index`` is listed and its file is intact."""
        entry = self.shards.get(index)
        if entry is None:
            return False
        path = self.path.parent / entry.file
        return path.is_file() and sha256_of(path) == entry.sha256

    def record(self, entry: ShardEntry) -> None:
        """Adds a finished shard and rewrites the manifest."""
        self.shards[entry.index] = entry
        self.save()

    def save(self) -> None:
        """Writes the manifest atomically."""
        data = {
            "format": FORMAT,
            "settings": self.settings,
            "shards": [asdict(self.shards[i]) for i in sorted(self.shards)],
        }
        write_atomic(self.path, (json.dumps(data, indent=1, sort_keys=True) + "\n").encode())
