"""The results of solved subproblems on disk, so that any later run reuses them and a killed run
picks up where it stopped.

One JSON file per subproblem, named by the SHA-256 of its position (the SFEN without the move
number) and the side that must win: ``DIR/<2 hex>/<64 hex>.json``, holding the result of
``minishogi.solve_subproblem`` and the node budget it was solved with; a win's certificate sits
beside it (``<64 hex>.<16 hex>.proof``, after its own SHA-256, which the JSON names). Both are
written atomically (temporary file, fsync, rename), the certificate first, so a driver killed at
any moment leaves the old entry or the new one, never half of one; a replaced certificate is
deleted after.

A final result (``no-win``, or a ``win`` shown shortest) is reused by every later run, whatever
its budget, and never replaced. A ``win`` not shown shortest proves the subproblem for every run,
but a request for a larger budget (to shorten it, or to show it shortest) solves it again; it is
replaced by a final result, or by a win at least as short of a larger budget. An ``open`` one
answers only a request for at most its budget, and is replaced by a win, or by an open result
of a larger budget. An entry that cannot be read,
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
    """A win or no win: the subproblem's side is known."""
    return result.get("outcome") in ("win", "no-win")


def is_final(result: Dict[str, object]) -> bool:
    """No win, or a win shown shortest: no budget can tell more."""
    return result.get("outcome") == "no-win" or (result.get("outcome") == "win" and bool(result.get("shortest")))


def is_better(new: Dict[str, object], new_budget: int, old: Dict[str, object]) -> bool:
    """Whether ``new``, solved with ``new_budget`` nodes, tells more than ``old`` (which holds its
    ``budget``): a final result over any other, a win over an open one, the shorter of two wins,
    and otherwise the one of the larger budget."""
    if is_final(old):
        return False
    if is_final(new) or (is_settled(new) and not is_settled(old)):
        return True
    if is_settled(old) and not is_settled(new):
        return False
    if new.get("outcome") == "win" and int(new["plies"]) != int(old["plies"]):  # type: ignore[call-overload]
        return int(new["plies"]) < int(old["plies"])  # type: ignore[call-overload]
    return new_budget > int(old["budget"])  # type: ignore[call-overload]


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
        """The stored result when it answers a solve with ``budget`` nodes: a final one, or
        another of at least that budget."""
        result = self.best(sfen, attacker)
        if result is None:
            return None
        if is_final(result) or int(result["budget"]) >= budget:  # type: ignore[call-overload]
            return result
        return None

    def put(self, result: Dict[str, object], budget: int) -> bool:
        """Stores ``result`` (a dict of ``minishogi.solve_subproblem``) solved with ``budget``
        nodes, unless the stored one is worth more; returns whether it was stored."""
        sfen, attacker = str(result["sfen"]), str(result["attacker"])
        old = self.best(sfen, attacker)
        if old is not None and not is_better(result, budget, old):
            return False
        path = self._path(sfen, attacker)
        path.parent.mkdir(parents=True, exist_ok=True)
        old_proof = self._proof_name(path)
        stored = {k: v for k, v in result.items() if k not in ("certificate", "budget")}
        entry: Dict[str, object] = {"format": FORMAT, "budget": budget, "result": stored}
        text = result.get("certificate")
        if result.get("outcome") == "win":
            if not isinstance(text, str):
                raise ValueError(f"a win of {sfen} without its certificate")
            digest = hashlib.sha256(text.encode()).hexdigest()
            # Named by its hash, so the old entry's certificate stands until the JSON is replaced.
            proof = path.with_name(f"{path.stem}.{digest[:16]}.proof")
            write_atomic(proof, text.encode())
            entry["proof"] = proof.name
            entry["proof_sha256"] = digest
        write_atomic(path, (json.dumps(entry, indent=1, sort_keys=True) + "\n").encode())
        if old_proof is not None and old_proof != entry.get("proof"):
            (path.parent / old_proof).unlink(missing_ok=True)
        return True

    @staticmethod
    def _proof_name(path: Path) -> Optional[str]:
        """The certificate file the entry at ``path`` names, if any."""
        try:
            name = json.loads(path.read_text()).get("proof")
        except (OSError, ValueError, AttributeError):
            return None
        # Only a file of this entry's own, never a path elsewhere.
        return name if isinstance(name, str) and name.startswith(path.stem) and "/" not in name else None
