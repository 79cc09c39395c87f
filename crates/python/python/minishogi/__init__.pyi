"""Type stubs of the native module ``minishogi._minishogi``."""

from os import PathLike
from typing import Dict, List, Optional, Sequence, Union

STARTPOS_SFEN: str
HANDICAPS: Dict[str, str]
"""The handicap starts by name (``bishop`` … ``naked-king``): their SFENs, gote to move."""

class Move:
    """A move in USI notation (``1e1b``, ``2e3d+``, ``G*1b``)."""

    def __init__(self, usi: str) -> None:
        """Parses a USI move (not checked against a position); ``ValueError`` if malformed."""
    @property
    def usi(self) -> str:
        """The move in USI notation."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Outcome:
    """How a game ended."""

    winner: Optional[str]
    """``"sente"``, ``"gote"``, or ``None`` for a draw."""
    reason: str
    """``"checkmate"``, ``"no_legal_moves"``, ``"repetition"``, ``"perpetual_check"`` or
    ``"move_limit"``."""

class Position:
    """A position with the moves that led to it (so the repetition rule applies)."""

    def __init__(
        self,
        sfen: Optional[str] = None,
        first_player: Optional[str] = None,
        rules: str = "standard",
    ) -> None:
        """The start position, or ``sfen``; ``ValueError`` on a bad SFEN.

        ``first_player`` (``"sente"``/``"gote"``) is who moved first in the game, by default the
        side to move; ``rules`` is ``"standard"`` or ``"draw300"``.
        """
    @staticmethod
    def startpos() -> Position:
        """The start position."""
    @staticmethod
    def handicap(name: str, rules: str = "standard") -> Position:
        """A handicap start (a key of ``HANDICAPS``, or an alias such as ``"2-piece"``), gote to
        move and gote the game's first player; ``ValueError`` for an unknown name."""
    @staticmethod
    def from_sfen(
        sfen: str, first_player: Optional[str] = None, rules: str = "standard"
    ) -> Position:
        """The position of an SFEN; ``ValueError`` saying what is wrong."""
    def sfen(self) -> str:
        """The current position as SFEN."""
    @property
    def side_to_move(self) -> str:
        """``"sente"`` or ``"gote"``."""
    @property
    def moves(self) -> List[Move]:
        """The moves played since the start."""
    def legal_moves(self) -> List[Move]:
        """The legal moves."""
    def push(self, move: Union[str, Move]) -> None:
        """Plays a move; ``ValueError`` if it is illegal or the game has ended."""
    def pop(self) -> Move:
        """Takes the last move back; ``IndexError`` at the start."""
    def is_check(self) -> bool:
        """Whether the side to move is in check."""
    def result(self) -> Optional[Outcome]:
        """How the game ended (mate, no legal move, repetition, perpetual check, move limit),
        or ``None`` while it goes on."""
    def perft(self, depth: int, parallel: bool = False) -> int:
        """Leaf count ``depth`` plies down; releases the GIL."""
    def kif(
        self, sente: str = "sente", gote: str = "gote", times: Optional[Sequence[float]] = None
    ) -> str:
        """The game from its start as a KIF record, with the result if it has ended; ``times``
        are the seconds each move took (default zero); ``ValueError`` on a wrong count."""
    def csa(
        self, sente: str = "sente", gote: str = "gote", times: Optional[Sequence[float]] = None
    ) -> str:
        """The game as a CSA (version 2.2) record, as ``kif``."""
    def svg(self, highlight: bool = True, move: Optional[Union[str, Move]] = None) -> str:
        """The board as SVG, shading the last move (or ``move``); ``highlight=False`` shades none."""
    def _repr_svg_(self) -> str:
        """The SVG that notebooks display."""
    def copy(self) -> Position:
        """A copy, with its history."""

class ProbeResult:
    """A table probe, as ``minishogi tb probe --json`` prints it."""

    result: str
    by: Optional[str]
    plies: Optional[int]
    best: Optional[str]
    line: List[str]
    material: str
    first_player: str
    sfen: str
    def to_dict(self) -> Dict[str, object]:
        """The object ``minishogi tb probe --json`` prints."""

class Tablebase:
    """A directory of endgame tables, opened lazily."""

    def __init__(self, dir: Union[str, PathLike[str]]) -> None: ...
    @property
    def dir(self) -> str: ...
    def probe(
        self, pos: Union[Position, str], first_player: str = "sente", rules: str = "standard"
    ) -> ProbeResult:
        """The exact verdict; ``FileNotFoundError`` naming ``minishogi tb gen`` if the table is
        missing, ``ValueError`` on a bad SFEN."""
    def probe_many(
        self, sfens: List[str], first_player: str = "sente", rules: str = "standard"
    ) -> List[ProbeResult]:
        """``probe`` of each SFEN with the GIL released for the batch."""

class MateResult:
    """What the mate solver proved, as ``minishogi mate --json`` prints it."""

    result: str
    """``"mate"``, ``"nomate"`` or ``"unknown"``."""
    plies: Optional[int]
    line: List[str]
    shortest: Optional[bool]
    nodes: int
    time_ms: int
    sfen: str
    def to_dict(self) -> Dict[str, object]:
        """The object ``minishogi mate --json`` prints."""

def mate(
    pos: Union[Position, str],
    nodes: Optional[int] = None,
    time_ms: Optional[int] = None,
    any_move: bool = False,
    max_plies: Optional[int] = None,
) -> MateResult:
    """df-pn: tsume by default, any forced mate within ``max_plies`` with ``any_move=True``.
    1,000,000 nodes when neither budget is given. Releases the GIL."""
