"""The results of solved subproblems on disk, so that any later run reuses them and a killed run
picks up where it stopped.

One JSON file per subproblem, named by the SHA-256 of its position (the SFEN without the move
number) and the side that must win: ``DIR/<2 hex>/<64 hex>.json``, holding the result of
``minishogi.solve_subproblem`` and the node budget it was solved with; a win's certificate sits
beside it (``.proof``), named in the JSON with its SHA-256. Both are written atomically
(temporary file, fsync, rename), the certificate first, so a driver killed at any moment leaves
the old entry or the new one, never half of one.

A settled result (``win`` or ``no-win``) is reused by every later run, whatever its budget; an
``open`` one only by a request for at most its budget (a larger budget solves again), and it is
replaced only by a result of a larger budget or a settled one. An entry that cannot be read,
belongs to another position or side, or whose certificate is missing or changed, counts as
absent.
"""

import hashlib
import json
from pathlib import Path
from typing import Dict, Optional

from .manifest import write_atomic

FORMAT = "minishogi-subproblem/1"


def position_key(sfen: str) -> str:
    """The SFEN without its move number: board, side to move and hands."""
    return " ".join(sfen.split()[:3])


def is_settled(result: Dict[str, object]) -> bool:
    """A win or no win: nothing more to search."""
    return result.get("outcome") in ("win", "no-win")


class SubproblemCache:
    """The cache in ``directory`` (created when missing)."""

    def __init__(self, directory):
        self.dir = Path(directory)
        self.dir.mkdir(parents=True, exist_ok=True)

    def _path(self, sfen: str, attacker: str) -> Path:
        digest = hashlib.sha256(f"{position_key(sfen)}\t{attacker}".encode()).hexdigest()
        return self.dir / digest[:2] / f"{digest}.json"

    def best(self, sfen: str, attacker: str) -> Optional[Dict[str, object]]:
        """The stored result of the subproblem, certificate included, or ``None``."""
        path = self._path(sfen, attacker)
        try:
            entry = json.loads(path.read_text())
        except (OSError, ValueError):
            return None
        if not isinstance(entry, dict) or entry.get("format") != FORMAT:
            return None
        result = entry.get("result")
        if not isinstance(result, dict) or not isinstance(entry.get("budget"), int):
            return None
        if position_key(str(result.get("sfen", ""))) != position_key(sfen) or result.get("attacker") != attacker:
            return None
        if result.get("outcome") == "win":
            try:
                text = (path.parent / str(entry["proof"])).read_text()
            except (OSError, KeyError, ValueError):
                return None
            if hashlib.sha256(text.encode()).hexdigest() != entry.get("proof_sha256"):
                return None
            result = dict(result, certificate=text)
        return dict(result, budget=entry["budget"])

    def get(self, sfen: str, attacker: str, budget: int) -> Optional[Dict[str, object]]:
        """The stored result when it answers a solve with ``budget`` nodes: a settled one, or an
        open one of at least that budget."""
        result = self.best(sfen, attacker)
        if result is None:
            return None
        if is_settled(result) or int(result["budget"]) >= budget:  # type: ignore[call-overload]
            return result
        return None

    def put(self, result: Dict[str, object], budget: int) -> bool:
        """Stores ``result`` (a dict of ``minishogi.solve_subproblem``) solved with ``budget``
        nodes, unless the stored one is worth more; returns whether it was stored."""
        sfen, attacker = str(result["sfen"]), str(result["attacker"])
        old = self.best(sfen, attacker)
        if old is not None and (is_settled(old) or (not is_settled(result) and int(old["budget"]) >= budget)):  # type: ignore[call-overload]
            return False
        path = self._path(sfen, attacker)
        path.parent.mkdir(parents=True, exist_ok=True)
        stored = {k: v for k, v in result.items() if k not in ("certificate", "budget")}
        entry: Dict[str, object] = {"format": FORMAT, "budget": budget, "result": stored}
        text = result.get("certificate")
        if result.get("outcome") == "win":
            if not isinstance(text, str):
                raise ValueError(f"a win of {sfen} without its certificate")
            proof = path.with_suffix(".proof")
            write_atomic(proof, text.encode())
            entry["proof"] = proof.name
            entry["proof_sha256"] = hashlib.sha256(text.encode()).hexdigest()
        write_atomic(path, (json.dumps(entry, indent=1, sort_keys=True) + "\n").encode())
        return True
