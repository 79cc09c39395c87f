#!/usr/bin/env python3
"""Cross-check minishogi's legal-move generator against Fairy-Stockfish (pyffish).

Plays random games with pyffish from the start position and the six handicap starts (long games,
biased toward captures and promotions so that hands fill up, plus drops), and compares, at every
position reached, pyffish's legal-move list with `minishogi moves --stdin`. Any difference is
printed and makes the script exit with status 1.

    python3 tools/crosscheck_pyffish.py --positions 10000 --seed 1

It installs pyffish from PyPI (`pip install --user pyffish==0.0.90`) if it cannot import it, and
builds the binary with `cargo build --release -p minishogi-cli` unless `--binary` is given.

Two things differ between Fairy-Stockfish and the rules (see crates/minishogi/tests/data/README.md):

* Pawn-drop mate. pyffish lists a pawn drop that gives mate as a move (and scores it as a loss for
  the dropper). Under the rules it is illegal, so such drops are removed from pyffish's list: a
  pawn drop is removed when the opponent is in check afterwards and has no legal reply (replies
  filtered the same way).
* Notation. pyffish reads and writes Fairy-Stockfish FEN, `<board>[<hand>] w|b - - 0 1`, where the
  board string is the same as SFEN's but `w` means sente; and moves with files a-e from sente's
  left and ranks 1-5 from sente's side (`a1` is `5e`, `P@c3` is `P*3c`, `+` for promotion).
"""

import argparse
import importlib
import os
import random
import site
import subprocess
import sys
from collections import Counter

VARIANT = "minishogi"
PYFFISH = "pyffish==0.0.90"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The start position and the six handicap starts (docs/rules.md), in SFEN.
STARTS = {
    "startpos": "rbsgk/4p/5/P4/KGSBR b - 1",
    "handicap-bishop": "r1sgk/4p/5/P4/KGSBR w - 1",
    "handicap-rook": "1bsgk/4p/5/P4/KGSBR w - 1",
    "handicap-two-piece": "2sgk/4p/5/P4/KGSBR w - 1",
    "handicap-three-piece": "3gk/4p/5/P4/KGSBR w - 1",
    "handicap-four-piece": "4k/4p/5/P4/KGSBR w - 1",
    "handicap-naked-king": "4k/5/5/P4/KGSBR w - 1",
}


def import_pyffish():
    """Imports pyffish, installing it from PyPI first if needed."""
    try:
        return importlib.import_module("pyffish")
    except ImportError:
        pass
    print(f"pyffish not found: installing {PYFFISH} from PyPI", file=sys.stderr)
    attempts = [["--user"], ["--user", "--break-system-packages"], []]
    for extra in attempts:
        cmd = [sys.executable, "-m", "pip", "install", "--quiet", *extra, PYFFISH]
        if subprocess.run(cmd).returncode == 0:
            break
    else:
        sys.exit("could not install pyffish with pip; install it by hand: pip install --user pyffish")
    # A user site directory created just now is not on sys.path yet.
    user_site = site.getusersitepackages()
    if user_site not in sys.path:
        sys.path.append(user_site)
    importlib.invalidate_caches()
    return importlib.import_module("pyffish")


# ---------------------------------------------------------------- notation


def usi_square(fsf):
    """Fairy-Stockfish square (`a1`, files a-e from sente's left, ranks 1-5 up) to USI (`5e`)."""
    file = 5 - (ord(fsf[0]) - ord("a"))
    rank = chr(ord("a") + 5 - int(fsf[1:]))
    return f"{file}{rank}"


def usi_move(fsf):
    """`P@c3` -> `P*3c`, `b4c5+` -> `4b3a+`, `d1c2` -> `2e3d`."""
    if "@" in fsf:
        piece, square = fsf.split("@")
        return f"{piece.upper()}*{usi_square(square)}"
    promote = fsf.endswith("+")
    body = fsf.rstrip("+")
    # Squares are a letter and one digit on a 5x5 board.
    return usi_square(body[:2]) + usi_square(body[2:4]) + ("+" if promote else "")


def fen_from_sfen(sfen):
    """SFEN to the Fairy-Stockfish FEN that pyffish reads."""
    board, side, hands = sfen.split()[:3]
    letters = ""
    count = 1
    for c in "" if hands == "-" else hands:
        if c.isdigit():
            count = int(c)
        else:
            letters += c * count
            count = 1
    fsf_side = "w" if side == "b" else "b"
    return f"{board}[{letters}] {fsf_side} - - 0 1"


def sfen_from_fen(fen, move_number):
    """Fairy-Stockfish FEN to SFEN (lishogi form: hands in the order R B G S P, sente first)."""
    head, rest = fen.split("[", 1)
    hand, rest = rest.split("]", 1)
    side = "b" if rest.split()[0] == "w" else "w"
    counts = Counter(c for c in hand if c.isalpha())
    out = ""
    for letters in ("RBGSP", "rbgsp"):
        for c in letters:
            n = counts.get(c, 0)
            out += ("" if n < 2 else str(n)) + (c if n else "")
    return f"{head} {side} {out or '-'} {move_number}"


def board_squares(fen):
    """The pieces of a FEN's board by Fairy-Stockfish square name (`+` of promoted pieces dropped)."""
    board = fen.split("[", 1)[0]
    squares = {}
    for row, rank in enumerate(board.split("/")):
        col = 0
        for c in rank:
            if c.isdigit():
                col += int(c)
            elif c.isalpha():
                squares[f"{chr(ord('a') + col)}{5 - row}"] = c
                col += 1
    return squares


def pawn_check_square(fen):
    """The one square where a pawn of the side to move would attack the enemy king (or None).

    A pawn attacks only the square straight ahead of it, so only a drop there can give check:
    pyffish (about 3 ms a call) is asked about that drop alone.
    """
    sente_to_move = fen.split("]", 1)[1].split()[0] == "w"
    enemy_king = "k" if sente_to_move else "K"
    for square, piece in board_squares(fen).items():
        if piece == enemy_king:
            rank = int(square[1:]) + (-1 if sente_to_move else 1)
            return f"{square[0]}{rank}" if 1 <= rank <= 5 else None
    return None


# ---------------------------------------------------------------- the oracle


class Oracle:
    """pyffish's legal moves with pawn-drop mates removed (the standard rules)."""

    def __init__(self, sf):
        self.sf = sf
        self.pawn_drop_mates = 0

    def legal(self, fen):
        """Legal moves in Fairy-Stockfish notation."""
        moves = self.sf.legal_moves(VARIANT, fen, [])
        check_drop = f"P@{pawn_check_square(fen)}"
        return [m for m in moves if m != check_drop or not self.is_pawn_drop_mate(fen, m)]

    def is_pawn_drop_mate(self, fen, move):
        if not self.sf.gives_check(VARIANT, fen, [move]):
            return False
        after = self.sf.get_fen(VARIANT, fen, [move])
        # Each level of this recursion uses up a pawn from a hand, so it ends.
        if self.legal(after):
            return False
        self.pawn_drop_mates += 1
        return True

    def play(self, fen, move):
        return self.sf.get_fen(VARIANT, fen, [move])


def choose(rng, fen, moves):
    """Half the time a capture or promotion (else a board move), a quarter of the time any
    capture, promotion or drop, otherwise any move: games keep pieces changing hands."""
    occupied = board_squares(fen)
    board = [m for m in moves if "@" not in m]
    lively_board = [m for m in board if m.endswith("+") or m[2:4] in occupied]
    drops = [m for m in moves if "@" in m]
    r = rng.random()
    if r < 0.5:
        pool = lively_board or board or moves
    elif r < 0.75:
        pool = lively_board + drops or moves
    else:
        pool = moves
    return rng.choice(pool)


def collect(oracle, rng, total, max_plies):
    """Random games until `total` positions: a list of (sfen, start name, sorted USI moves)."""
    positions = []
    names = list(STARTS)
    games = 0
    while len(positions) < total:
        # Each start in turn, so the handicap starts get as many games as the even start.
        name = names[games % len(names)]
        games += 1
        fen = fen_from_sfen(STARTS[name])
        plies = rng.randint(1, max_plies)
        for ply in range(plies + 1):
            moves = oracle.legal(fen)
            sfen = sfen_from_fen(fen, ply + 1)
            positions.append((sfen, name, sorted(usi_move(m) for m in moves)))
            if not moves or len(positions) >= total:
                break
            fen = oracle.play(fen, choose(rng, fen, moves))
    return positions


# ---------------------------------------------------------------- minishogi


def build_binary():
    """Builds the CLI with cargo (a no-op when up to date) and returns its path."""
    cmd = ["cargo", "build", "--release", "--quiet", "-p", "minishogi-cli"]
    if subprocess.run(cmd, cwd=ROOT).returncode != 0:
        sys.exit("cargo build failed")
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
    return os.path.join(target, "release", "minishogi")


def minishogi_moves(binary, sfens):
    """`minishogi moves --stdin` on all SFENs at once: one list of moves per SFEN (or an error)."""
    proc = subprocess.run(
        [binary, "moves", "--stdin"], input="\n".join(sfens) + "\n", capture_output=True, text=True
    )
    lines = proc.stdout.split("\n")
    if len(lines) < len(sfens):
        sys.exit(f"minishogi answered {len(lines)} lines for {len(sfens)} positions: {proc.stderr.strip()}")
    return [line if line.startswith("error:") else line.split() for line in lines[: len(sfens)]]


# ---------------------------------------------------------------- main


def hand_size(sfen):
    hands = sfen.split()[2]
    if hands == "-":
        return 0
    total, count = 0, 1
    for c in hands:
        if c.isdigit():
            count = int(c)
        else:
            total += count
            count = 1
    return total


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=10000, help="positions to compare (default 10000)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--max-plies", type=int, default=250, help="longest game in plies (default 250)")
    parser.add_argument("--binary", help="the minishogi binary (default: build it with cargo)")
    parser.add_argument("--show", type=int, default=10, help="disagreements to print in full (default 10)")
    args = parser.parse_args()

    sf = import_pyffish()
    binary = args.binary or build_binary()
    oracle = Oracle(sf)
    rng = random.Random(args.seed)
    positions = collect(oracle, rng, args.positions, args.max_plies)
    answers = minishogi_moves(binary, [sfen for sfen, _, _ in positions])

    disagreements = 0
    for (sfen, name, expected), ours in zip(positions, answers):
        if ours == expected:
            continue
        disagreements += 1
        if disagreements <= args.show:
            print(f"DISAGREEMENT ({name}) {sfen}")
            if isinstance(ours, str):
                print(f"  minishogi: {ours}")
            else:
                print(f"  only pyffish:   {sorted(set(expected) - set(ours))}")
                print(f"  only minishogi: {sorted(set(ours) - set(expected))}")

    starts = Counter(name for _, name, _ in positions)
    print(f"pyffish {'.'.join(map(str, sf.version()))}, seed {args.seed}, max {args.max_plies} plies per game")
    print(f"positions compared: {len(positions)} ({', '.join(f'{n} {c}' for n, c in sorted(starts.items()))})")
    print(f"moves compared: {sum(len(e) for _, _, e in positions)}")
    print(f"  with no legal move: {sum(1 for _, _, e in positions if not e)}")
    print(f"  with pieces in hand: {sum(1 for s, _, _ in positions if hand_size(s) > 0)}")
    print(f"  with 6+ pieces in hand: {sum(1 for s, _, _ in positions if hand_size(s) >= 6)}")
    print(f"  with promoted pieces: {sum(1 for s, _, _ in positions if '+' in s.split()[0])}")
    print(f"  pawn-drop mates removed from pyffish's lists: {oracle.pawn_drop_mates}")
    print(f"disagreements: {disagreements}")
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
