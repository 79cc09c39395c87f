"""Type stubs of ``minishogi.minjiku`` (the names of the native submodule
``minishogi._minishogi.minjiku`` it re-exports), checked against the built module by mypy's
``stubtest`` in ``crates/python/ci.sh``."""

from os import PathLike
from typing import Dict, Iterable, List, Optional, Sequence, Union, final

import numpy as np
import numpy.typing as npt

from minishogi import Wdl

__all__ = [
    "FEATURES",
    "STARTPOS_FEN",
    "Engine",
    "FenError",
    "IllegalMoveError",
    "Move",
    "Outcome",
    "Position",
    "ProbeResult",
    "SearchResult",
    "TableError",
    "Tablebase",
    "features",
    "features_batch",
    "weight_names",
]

STARTPOS_FEN: str
"""The start position in the crate's notation (``Position(STARTPOS_FEN)`` = ``Position()``)."""
FEATURES: int
"""Features of a position = weights of the linear evaluation (383)."""

class FenError(ValueError):
    """A position that cannot be read or is not legal."""

class IllegalMoveError(ValueError):
    """A move that is malformed, not legal in the position, or played after the game ended."""

class TableError(OSError):
    """A table file that cannot be used: truncated, corrupted, another game's, or not the set its
    name says."""

@final
class Move:
    """A move in coordinate notation (``h2a9+``, ``c7c7xd7``, ``b10b4*a3*c3``), written in the
    position it belongs to (the burnt squares depend on it). Made by ``Position``, not by hand:
    ``push`` also takes the notation as a string."""

    @property
    def coord(self) -> str:
        """The move in coordinate notation, burnt squares included."""
    @property
    def from_square(self) -> str:
        """The square the piece leaves (or stays on, for a rifle capture)."""
    @property
    def to_square(self) -> str:
        """The square the piece ends on (the from square, for a rifle capture)."""
    @property
    def promotion(self) -> bool:
        """Whether the moving piece promotes."""
    @property
    def rifle_victim(self) -> Optional[str]:
        """The square of the piece a rifle capture removes, else ``None``."""
    @property
    def burned(self) -> List[str]:
        """The squares of the enemy pieces a Fire Dragon's move burns."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Outcome:
    """How a game ended."""

    winner: Optional[str]
    """``"white"``, ``"black"``, or ``None`` for a draw."""
    reason: str
    """``"checkmate"``, ``"no_legal_moves"``, ``"repetition"`` or ``"perpetual_check"``."""

@final
class Position:
    """A Minjiku game: the position with the moves that led to it (so the repetition rule
    applies and ``pop`` takes moves back)."""

    def __new__(cls, fen: Optional[str] = None) -> Position:
        """The start position, or ``fen``: the crate's notation or ``startpos``, optionally
        followed by ``moves`` and moves (kept as the game's history). ``FenError`` for a bad
        position, ``IllegalMoveError`` for a bad move (named by its index)."""
    @staticmethod
    def startpos() -> Position:
        """The start position."""
    @staticmethod
    def from_fen(fen: str) -> Position:
        """As ``Position(fen)``."""
    @staticmethod
    def from_pieces(pieces: Dict[str, str], side: str = "white") -> Position:
        """The position with ``pieces`` (square -> symbol, e.g. ``{"e5": "K", "e7": "k"}``) and
        ``side`` to move; ``FenError`` if it is not legal, ``ValueError`` for a bad square,
        symbol or side."""
    def fen(self) -> str:
        """The current position in the crate's notation."""
    def start_fen(self) -> str:
        """The position the game started from."""
    @property
    def side_to_move(self) -> str:
        """``"white"`` or ``"black"``."""
    @property
    def moves(self) -> List[Move]:
        """The moves played since the start."""
    @property
    def zobrist(self) -> int:
        """The hash of the board and side to move (what the repetition rule compares)."""
    def legal_moves(self) -> List[Move]:
        """The legal moves, in generation order."""
    def push(self, mv: Union[str, Move]) -> None:
        """Plays a move; ``IllegalMoveError`` if it is malformed, illegal or the game has ended."""
    def pop(self) -> Move:
        """Takes the last move back; ``IndexError`` at the start."""
    def is_check(self) -> bool:
        """Whether the side to move is in check."""
    def result(self) -> Optional[Outcome]:
        """How the game ended (mate, no legal move, repetition, perpetual check), or ``None``."""
    def perft(self, depth: int, parallel: bool = False) -> int:
        """Leaf count ``depth`` plies down; releases the GIL."""
    def piece_at(self, square: str) -> Optional[str]:
        """The symbol of the piece on ``square`` (``"K"``, ``"+d"``, ``"L*"``) or ``None``;
        ``ValueError`` for a name that is no square."""
    def pieces(self) -> Dict[str, str]:
        """Every piece, square -> symbol, in square index order."""
    def exists(self, square: str) -> bool:
        """Whether ``square`` exists now (an extra square vanishes once vacated)."""
    def copy(self) -> Position:
        """A copy, with its history."""

@final
class ProbeResult:
    """A table's answer: value, plies to mate, a best move and the line that keeps the value."""

    result: Wdl
    """Win, draw or loss for the side to move."""
    plies: Optional[int]
    """Plies to mate for a win or a loss, ``None`` for a draw."""
    best: Optional[str]
    """A move that keeps the value (the first in move order); ``None`` without a legal move."""
    line: List[str]
    """The quickest mate for a win, the longest defence for a loss; empty for a draw."""
    material: str
    fen: str

@final
class Tablebase:
    """A directory of Minjiku endgame tables (``*.mjtb``)."""

    def __new__(cls, dir: Union[str, PathLike[str]]) -> Tablebase:
        """``FileNotFoundError`` for a missing directory, ``TableError`` for a bad file."""
    @property
    def dir(self) -> str: ...
    @property
    def materials(self) -> List[str]:
        """The sets whose tables the directory holds."""
    def probe(self, pos: Union[Position, str], line: bool = True) -> Optional[ProbeResult]:
        """The table's answer, or ``None`` when no table covers the position (a piece on an extra
        square, more than two pieces besides the Kings); ``FileNotFoundError`` naming
        ``minishogi minjiku tb gen`` if the set's table is missing. Releases the GIL."""
    def probe_many(
        self, positions: Iterable[Union[Position, str]], line: bool = True
    ) -> List[Optional[ProbeResult]]:
        """``probe`` of each position, in parallel on every core with the GIL released, in order."""

@final
class SearchResult:
    """What ``Engine.search`` found, from the side to move's view."""

    best: Optional[Move]
    """The move to play; ``None`` when the side to move has no legal move."""
    score: int
    """The engine's score: centipawns, mates ``±(100000 - plies)``, wins by the repetition rule
    ``±(50000 - plies)``, as ``minishogi minjiku go`` prints it."""
    score_cp: Optional[int]
    """Centipawns, ``None`` for a mate or a win by rule."""
    score_mate: Optional[int]
    """Mate in this many plies (negative: the side to move is mated), else ``None``."""
    depth: int
    seldepth: int
    nodes: int
    time_ms: int
    pv: List[Move]

@final
class Engine:
    """The Minjiku engine's search and linear evaluation."""

    def __new__(
        cls,
        weights: Optional[Union[str, PathLike[str], Sequence[float], npt.NDArray[np.floating]]] = None,
        hash_mb: int = ...,
        tables: Optional[Union[str, PathLike[str]]] = None,
    ) -> Engine:
        """``weights``: ``None``/``"tuned"`` (the shipped ones, as ``minishogi minjiku go``),
        ``"initial"`` (the hand-set ones), a JSON weights file, or ``FEATURES`` numbers in the
        order of ``weight_names()``; ``hash_mb``: the transposition table (default 16);
        ``tables``: a directory of Minjiku endgame tables probed in search (with at most two
        pieces besides the Kings the engine plays the table's best move). ``FileNotFoundError``
        for a missing file or directory, ``ValueError`` for a bad file or vector, ``TableError``
        for a bad table."""
    @property
    def table_sets(self) -> List[str]:
        """The table sets probed (sorted); empty without tables."""
    @property
    def evaluation(self) -> str:
        """Where the weights came from."""
    @property
    def weights(self) -> npt.NDArray[np.float64]:
        """The weights in use, in the order of ``weight_names()``."""
    def search(
        self,
        pos: Union[Position, str],
        nodes: Optional[int] = None,
        depth: Optional[int] = None,
        movetime: Optional[int] = None,
    ) -> SearchResult:
        """Searches within the limits given (at least one; ``movetime`` in milliseconds); a
        ``Position``'s history decides repetitions. Releases the GIL."""
    def evaluate(self, pos: Union[Position, str]) -> int:
        """The static evaluation in centipawns from the side to move: ``weights @ features(pos)``."""
    def clear(self) -> None:
        """Empties the transposition table and the move-ordering history."""

def weight_names() -> List[str]:
    """The name of every weight, in feature order."""

def features(pos: Union[Position, str]) -> npt.NDArray[np.float32]:
    """The features of the position from the side to move, ``(FEATURES,)`` float32."""

def features_batch(positions: Iterable[Union[Position, str]]) -> npt.NDArray[np.float32]:
    """``features`` of many positions, ``(N, FEATURES)`` float32; releases the GIL."""
