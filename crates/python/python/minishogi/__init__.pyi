"""Type stubs of the package ``minishogi`` (the names of the native module ``minishogi._minishogi``
it re-exports), checked against the built module by mypy's ``stubtest`` in ``crates/python/ci.sh``."""

from os import PathLike
from typing import Any, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple, Union, final

import numpy as np
import numpy.typing as npt

__all__ = [
    "HANDICAPS",
    "STARTPOS_SFEN",
    "FEATURES",
    "MAX_ACTIVE",
    "PLANES",
    "POLICY_SIZE",
    "Batches",
    "Dataset",
    "Engine",
    "SearchResult",
    "features",
    "features_batch",
    "policy_index",
    "policy_move",
    "merge_datasets",
    "selfplay",
    "MateResult",
    "Move",
    "Outcome",
    "Position",
    "ProbeResult",
    "Wdl",
    "By",
    "Tablebase",
    "TablePartition",
    "build_table_from_values",
    "mate",
    "SolveSplit",
    "solve_subproblem",
]

STARTPOS_SFEN: str
HANDICAPS: Dict[str, str]
"""The handicap starts by name (``bishop`` … ``naked-king``): their SFENs, gote to move."""

@final
class Move:
    """A move in USI notation (``1e1b``, ``2e3d+``, ``G*1b``)."""

    def __new__(cls, usi: str) -> Move:
        """Parses a USI move (not checked against a position); ``ValueError`` if malformed."""
    @property
    def usi(self) -> str:
        """The move in USI notation."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Outcome:
    """How a game ended."""

    winner: Optional[str]
    """``"sente"``, ``"gote"``, or ``None`` for a draw."""
    reason: str
    """``"checkmate"``, ``"no_legal_moves"``, ``"repetition"``, ``"perpetual_check"`` or
    ``"move_limit"``."""

@final
class Position:
    """A position with the moves that led to it (so the repetition rule applies)."""

    def __new__(
        cls,
        sfen: Optional[str] = None,
        first_player: Optional[str] = None,
        rules: str = "standard",
    ) -> Position:
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
    def push(self, mv: Union[str, Move]) -> None:
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
    def svg(self, highlight: bool = True, move: Optional[Union[str, Move]] = ...) -> str:
        """The board as SVG, shading the last move (or ``move``); ``highlight=False`` shades none."""
    def _repr_svg_(self) -> str:
        """The SVG that notebooks display."""
    def copy(self) -> Position:
        """A copy, with its history."""

@final
class Wdl:
    """Win, draw or loss for the side to move."""

    WIN: Wdl
    DRAW: Wdl
    LOSS: Wdl
    @property
    def label(self) -> str:
        """``"win"``, ``"draw"`` or ``"loss"``, as ``minishogi tb probe`` prints it."""

@final
class By:
    """How a game is decided."""

    MATE: By
    REPETITION: By
    """Fourfold repetition, which the first player loses."""
    PERPETUAL_CHECK: By
    """Fourfold repetition in which a side checked with every move (a draw if both did)."""
    @property
    def label(self) -> str:
        """``"mate"``, ``"repetition"`` or ``"perpetual-check"``, as ``minishogi tb probe`` prints it."""

@final
class ProbeResult:
    """A table's answer about a position: verdict, how, distance, best move and line."""

    result: Wdl
    by: Optional[By]
    """``None`` for a draw under ``draw300``, or from a table that predates repetition values."""
    plies: Optional[int]
    """Plies to mate, for a result by mate."""
    best: Optional[str]
    """A best move in USI; ``None`` when there is no legal move."""
    line: List[str]
    material: str
    first_player: str
    """``"sente"`` or ``"gote"``."""
    sfen: str
    exact: bool
    """False only for a draw read from a table that predates repetition values."""
    def to_dict(self) -> Dict[str, object]:
        """The object ``minishogi tb probe --json`` prints."""

@final
class Tablebase:
    """A directory of endgame tables, opened lazily."""

    def __new__(cls, dir: Union[str, PathLike[str]]) -> Tablebase: ...
    @property
    def dir(self) -> str: ...
    def probe(
        self,
        pos: Union[Position, str],
        first_player: str = "sente",
        rules: str = "standard",
        line: bool = True,
    ) -> ProbeResult:
        """The exact verdict and a best move, and the line to the end when ``line`` (``False``:
        an empty line, several times faster); ``FileNotFoundError`` naming ``minishogi tb gen``
        if the table is missing, ``ValueError`` on a bad SFEN."""
    def probe_many(
        self, sfens: List[str], first_player: str = "sente", rules: str = "standard", line: bool = True
    ) -> List[ProbeResult]:
        """``probe`` of each SFEN, in parallel on every core with the GIL released, in order."""

@final
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

FEATURES: int
"""Input features per perspective of the shipped network (feature set ``HalfKAh-5x5``)."""
MAX_ACTIVE: int
"""The most features active at once from one perspective (12)."""
PLANES: int
"""Channels of ``features(pos)["planes"]`` (31); the layout is in docs/python.md."""
POLICY_SIZE: int
"""Policy indices (1375): board moves ``(from*25 + to)*2 + promote``, drops
``1250 + kind*25 + to`` (kinds P S G B R), squares from the side to move's view."""

@final
class SearchResult:
    """What ``Engine.search`` found, from the side to move's view."""

    best: Optional[Move]
    """The move to play; ``None`` when the side to move has no legal move."""
    score_cp: Optional[int]
    """Centipawns, or ``None`` when a mate was found."""
    score_mate: Optional[int]
    """Mate in this many plies (negative: the side to move is mated), else ``None``."""
    depth: int
    seldepth: int
    nodes: int
    time_ms: int
    pv: List[Move]

@final
class Engine:
    """The engine's search and evaluation, set up as ``minishogi usi`` sets itself up."""

    def __new__(
        cls,
        network: Optional[Union[str, PathLike[str]]] = ...,
        weights: Optional[Union[str, PathLike[str]]] = None,
        hash_mb: int = ...,
        threads: int = 1,
        tables: Optional[Union[str, PathLike[str]]] = None,
    ) -> Engine:
        """``network``: ``"embedded"`` (the shipped network, the default), a network file, or ``None`` /
        ``"linear"`` for the linear evaluation over ``weights`` (``"linear"``, the shipped ones, by
        default, ``"initial"`` or a weights file). ``hash_mb``: the transposition table (default 16).
        ``tables``: endgame tables probed in search.
        ``FileNotFoundError`` for a missing file, ``ValueError`` for a bad one."""
    @property
    def evaluation(self) -> str:
        """What evaluates (the network's description or the weights)."""
    def search(
        self,
        pos: Union[Position, str],
        nodes: Optional[int] = None,
        depth: Optional[int] = None,
        time_ms: Optional[int] = None,
    ) -> SearchResult:
        """Searches within the limits given (at least one); a ``Position``'s history decides
        repetitions. Deterministic at fixed ``nodes``/``depth`` with one thread, as
        ``minishogi usi``. Releases the GIL."""
    def evaluate(self, pos: Union[Position, str]) -> int:
        """The static evaluation in centipawns from the side to move."""
    def clear(self) -> None:
        """Empties the transposition table."""

def features(pos: Union[Position, str]) -> Dict[str, npt.NDArray[np.generic]]:
    """``planes`` (31, 5, 5) float32 and ``indices`` (2, 12) int32 (the network's active
    features from the side to move's then the opponent's perspective, sorted, -1 padded)."""

def features_batch(positions: Iterable[Union[Position, str]]) -> Dict[str, npt.NDArray[np.generic]]:
    """``planes`` (N, 31, 5, 5) and ``indices`` (N, 2, 12); releases the GIL."""

def policy_index(pos: Union[Position, str], move: Union[Move, str]) -> int:
    """The policy index of a legal move; ``ValueError`` if it is not legal."""

def policy_move(pos: Union[Position, str], index: int) -> Move:
    """The legal move with this policy index; ``ValueError`` if there is none."""

@final
class Batches(Iterator[Dict[str, npt.NDArray[np.generic]]]):
    """The batches of ``Dataset.batches``."""

    def __iter__(self) -> Batches: ...
    def __next__(self) -> Dict[str, npt.NDArray[np.generic]]: ...
    def __len__(self) -> int: ...

@final
class Dataset:
    """A self-play dataset: its games and labelled positions as numpy batches."""

    def __new__(cls, path: Union[str, PathLike[str]]) -> Dataset:
        """``FileNotFoundError`` if missing; ``ValueError`` if truncated or corrupted."""
    def __len__(self) -> int:
        """The number of labelled (searched) positions."""
    @property
    def meta(self) -> Dict[str, object]:
        """``generator``, ``seed``, ``nodes``, ``weights``, ``ply_cap``."""
    @property
    def games(self) -> List[Dict[str, object]]:
        """Per game: ``start``, ``moves`` (USI), ``scores``, ``opening_plies``, ``winner``,
        ``termination``, ``rules``."""
    def batch(self, start: int, n: int) -> Dict[str, npt.NDArray[np.generic]]:
        """Positions ``start .. start+n``: ``planes``, ``indices``, ``score`` int16, ``result``
        float32, ``move`` uint16, ``policy`` int32, ``ply`` and ``game`` uint32."""
    def batches(
        self, batch_size: int, shuffle: bool = False, seed: int = 0, drop_last: bool = False
    ) -> Batches:
        """Every position once, in batches (shuffled reproducibly from ``seed``)."""
    def save(self, path: Union[str, PathLike[str]]) -> None:
        """Writes the file format of ``minishogi selfplay``."""

def selfplay(
    games: int,
    out: Optional[Union[str, PathLike[str]]] = None,
    nodes: int = 2000,
    threads: Optional[int] = None,
    seed: int = 1,
    first_game: int = 0,
    weights: Optional[Union[str, PathLike[str]]] = None,
    network: Optional[Union[str, PathLike[str]]] = None,
    opening_min: int = 2,
    opening_max: int = 6,
    opening_balance: int = 150,
    ply_cap: int = 300,
    name: Optional[str] = None,
    node_jitter: float = ...,
) -> Dataset:
    """Plays games ``first_game .. first_game+games`` of the seed's run on ``threads`` threads,
    each move searched to a budget drawn from ``nodes * (1 ± node_jitter)`` (default 0.25; 0: exactly
    ``nodes``; games from one opening then repeat), and returns them (also written to ``out``, the file ``minishogi selfplay`` writes). The
    linear ``weights`` play (``"linear"``, the shipped ones, by default) or a ``network``; ``name`` replaces the
    player's name in the file. Releases the GIL."""

def merge_datasets(paths: Sequence[Union[str, PathLike[str]]], out: Union[str, PathLike[str]]) -> int:
    """Concatenates the games of one run's dataset files (equal metadata), in order, into
    ``out`` and returns the number of games. Releases the GIL."""

@final
class TablePartition:
    """One partition (a run of whole king pairs) of a table's mate-only analysis, stepped round by
    round: ``expand(n)`` on every partition, the messages delivered, ``apply(n, messages)`` on
    every partition; stop after a round in which no partition expanded a slot, then
    ``finish()``. Bad input raises ``ValueError``; the analysis failing, ``RuntimeError``. The
    heavy calls release the GIL."""

    def __new__(
        cls, material: str, partitions: Union[int, List[int]], index: int, threads: Optional[int] = None
    ) -> TablePartition:
        """Partition ``index`` of ``partitions`` (a count, or king-pair bounds ``[0, …, 234]``),
        after the initial pass."""
    @staticmethod
    def bounds(material: str, partitions: Union[int, List[int]]) -> List[int]:
        """The slot bounds of the partitioning (checks the arguments; generates nothing)."""
    @staticmethod
    def from_bytes(material: str, state: bytes, threads: Optional[int] = None) -> "TablePartition":
        """A partition restored from ``to_bytes()``."""
    def expand(self, level: int) -> List[Tuple[int, bytes]]:
        """``[(destination, message)]`` of the round at ``level``."""
    def apply(self, level: int, messages: List[bytes]) -> int:
        """Applies the round's messages addressed here; returns the slots resolved."""
    def to_bytes(self) -> bytes:
        """The state between rounds (checksummed)."""
    def finish(self) -> bytes:
        """The value bytes of the partition's slots; the partition is then spent."""
    @property
    def expanded(self) -> int: ...
    @property
    def sent_slots(self) -> Dict[int, int]: ...
    @property
    def seeds_ahead(self) -> bool: ...
    @property
    def span(self) -> Optional[Tuple[int, int, int]]:
        """``(index, first slot, slots)``, ``None`` once finished."""
    @property
    def next_level(self) -> Optional[int]: ...
    @property
    def side_table(self) -> int: ...
    @property
    def material(self) -> str: ...

def build_table_from_values(
    material: str,
    values: Union[bytes, List[bytes]],
    dir: Union[str, PathLike[str]],
    longest: int,
    passes: int,
    side_table: int = 0,
    level: Optional[int] = None,
    threads: Optional[int] = None,
) -> Dict[str, object]:
    """Writes the table of ``material`` into ``dir`` from its mate-only value bytes (the
    partitions' ``finish()`` in order), byte for byte the file of ``minishogi tb gen``. Returns
    ``path``, ``file_bytes``, ``legal_positions``, ``draws``. Releases the GIL."""

def solve_subproblem(
    pos: Union[Position, str],
    attacker: str,
    nodes: Optional[int] = None,
    time_ms: Optional[int] = None,
    memory_mb: int = 256,
) -> Dict[str, Any]:
    """Whether ``attacker`` (``"sente"`` or ``"gote"``) wins from ``pos`` by force, by the game
    solver of ``minishogi solve`` within ``nodes`` and ``time_ms`` (10,000,000 nodes when neither
    is given) and a table of ``memory_mb`` MB: ``{"sfen", "attacker", "outcome"`` (``"win"``,
    ``"no-win"`` or ``"open"``), ``"plies", "shortest", "no_win_within", "nodes", "time_ms",
    "certificate"}`` (the certificate's text for a win). Releases the GIL."""

@final
class SolveSplit:
    """The tree of the first ``plies`` plies from a position for a win of ``attacker``, whose
    frontier positions (``subproblems``) are solved apart by ``solve_subproblem`` and combined
    back: the root's answer (``combine``) and, when proved, its certificate (``certificate``).
    Positions repeated on their own path are no win; transpositions share a subproblem."""

    def __new__(cls, pos: Union[Position, str], attacker: str, plies: int) -> SolveSplit:
        """``ValueError`` on a bad position or side, or a tree too large."""
    @property
    def root(self) -> str:
        """The root's SFEN."""
    @property
    def attacker(self) -> str:
        """``"sente"`` or ``"gote"``."""
    @property
    def plies(self) -> int: ...
    @property
    def tree_nodes(self) -> int:
        """The nodes of the tree, frontier included."""
    @property
    def repetitions(self) -> int:
        """The nodes where a position of their own path came back."""
    @property
    def subproblems(self) -> List[str]:
        """The frontier's positions (SFENs), each once."""
    def combine(self, results: List[Optional[Dict[str, Any]]]) -> Dict[str, Any]:
        """The root's answer from one result (``solve_subproblem``'s dict) or ``None`` per
        subproblem: ``{"outcome", "plies", "shortest", "no_win_within", "open", "shorter"}``,
        ``open`` the unsettled subproblems that could still change it, in the order to solve
        them, ``shorter`` (once it is proved, not shown shortest) those not shown shortest (not
        yet proved, or proved without a bound below their win) that could still shorten it or
        show it shortest."""
    def certificate(
        self, results: List[Optional[Dict[str, Any]]], path: Optional[Union[str, PathLike[str]]] = None
    ) -> Dict[str, Any]:
        """The root's certificate from the results, checked: ``{"value", "plies", "lines"}``
        with the text as ``"text"``, or written to ``path`` (zstd when it ends in ``.zst``).
        ``ValueError`` when the results prove nothing or a certificate is bad."""
