"""Minjiku's rules through Python (`minishogi.minjiku.Position`), against Jocly's reference
figures (`data/minjiku/`, copied from the reference folder) and positions checked by hand."""

import pytest

from conftest import MINJIKU_DATA, read_tsv
from gil_probe import ticks_in_first_half
from minishogi import minjiku as mj


def playouts():
    return read_tsv("playouts.tsv", MINJIKU_DATA)


def reference_pieces(listing):
    """The reference's piece list (`wM@e0 bK@e11 w+D(r3)@c8 ...`) read here, not by the package:
    {square: symbol}, White upper case, Black lower case (`(rN)` is Jocly's jump rank, dropped)."""
    pieces = {}
    for item in listing.split():
        piece, square = item.split("@")
        symbol = piece[1:].split("(")[0]
        pieces[square] = symbol if piece[0] == "w" else symbol.lower()
    return pieces


def test_perft_from_the_start_matches_the_fixed_reading():
    rows = read_tsv("perft.tsv", MINJIKU_DATA)
    assert [int(r["nodes_fixed"]) for r in rows] == [24, 555, 16230]
    pos = mj.Position()
    for r in rows:
        assert pos.perft(int(r["depth"])) == int(r["nodes_fixed"])
        assert pos.perft(int(r["depth"]), parallel=True) == int(r["nodes_fixed"])
    assert pos.perft(0) == 1


def test_playouts_reach_the_reference_positions_with_the_reference_move_counts():
    rows = playouts()
    assert len(rows) == 20
    for r in rows:
        pos = mj.Position()
        tokens = r["coord_moves"].split()
        for token in tokens:
            pos.push(token)
        assert [m.coord for m in pos.moves] == tokens, r["id"]
        assert pos.pieces() == reference_pieces(r["pieces"]), r["id"]
        assert pos.side_to_move == {"w": "white", "b": "black"}[r["side_to_move"]], r["id"]
        moves = pos.legal_moves()
        # Rifle captures may promote on the rules page; Jocly never offers it (docs/minjiku.md).
        rifle_promotions = [m for m in moves if m.rifle_victim is not None and m.promotion]
        assert len(moves) - len(rifle_promotions) == int(r["fixed_legal"]), r["id"]
        assert pos.is_check() == (r["fixed_in_check"] == "1"), r["id"]
        assert len({m.coord for m in moves}) == len(moves), r["id"]


def test_playout_moves_read_back_and_describe_themselves():
    for r in playouts():
        pos = mj.Position()
        for token in r["coord_moves"].split():
            move = next(m for m in pos.legal_moves() if m.coord == token)
            rest = token[len(move.from_square + move.to_square) :]
            assert token.startswith(move.from_square + move.to_square) and rest[:1] in ("", "+", "x", "*")
            assert (move.rifle_victim is not None) == ("x" in token)
            assert move.promotion == ("+" in token)
            assert move.burned == token.split("*")[1:]
            pos.push(move)


def test_the_line_form_equals_pushing_the_moves():
    for r in playouts()[:6]:
        line = mj.Position("startpos moves " + r["coord_moves"])
        pushed = mj.Position()
        for token in r["coord_moves"].split():
            pushed.push(token)
        assert line.fen() == pushed.fen()
        assert [m.coord for m in line.moves] == [m.coord for m in pushed.moves]
        assert line.start_fen() == mj.STARTPOS_FEN
        same = mj.Position(f"{mj.STARTPOS_FEN} moves {r['coord_moves']}")
        assert same.fen() == line.fen()
        assert mj.Position(line.fen()).fen() == line.fen()


def test_pop_walks_back_through_the_same_positions():
    for r in playouts():
        pos = mj.Position()
        seen = [(pos.fen(), pos.zobrist)]
        for token in r["coord_moves"].split():
            pos.push(token)
            seen.append((pos.fen(), pos.zobrist))
        copy = pos.copy()
        for token in reversed(r["coord_moves"].split()):
            assert pos.pop().coord == token
            seen.pop()
            assert (pos.fen(), pos.zobrist) == seen[-1]
        assert pos.fen() == mj.STARTPOS_FEN and pos.moves == []
        with pytest.raises(IndexError):
            pos.pop()
        # The copy kept its own history.
        assert len(copy.moves) == len(r["coord_moves"].split())


def test_mate_and_no_legal_move_lose():
    # The Queen on i9, guarded by the King on h8, covers j10, i10 and j9: mate.
    mate = mj.Position.from_pieces({"j10": "k", "i9": "Q", "h8": "K"}, side="black")
    assert mate.is_check() and mate.legal_moves() == []
    assert (mate.result().winner, mate.result().reason) == ("white", "checkmate")
    # Rooks on file i and rank 9 take every square of the King in the corner, which is not in check.
    stuck = mj.Position.from_pieces({"j10": "k", "i1": "R", "a9": "R", "a1": "K"}, side="black")
    assert not stuck.is_check() and stuck.legal_moves() == []
    assert (stuck.result().winner, stuck.result().reason) == ("white", "no_legal_moves")
    assert mj.Position().result() is None


def test_a_fourth_occurrence_is_a_draw_and_pop_undoes_it():
    pos = mj.Position.from_pieces({"a1": "K", "j10": "k"})
    for _ in range(3):
        for token in ["a1a2", "j10j9", "a2a1", "j9j10"]:
            assert pos.result() is None
            pos.push(token)
    outcome = pos.result()
    assert (outcome.winner, outcome.reason) == (None, "repetition")
    with pytest.raises(mj.IllegalMoveError, match="ended"):
        pos.push("a1a2")
    pos.pop()
    assert pos.result() is None
    pos.push("j9j10")
    assert pos.result() == outcome


def test_the_side_that_checks_with_every_move_loses_the_repetition():
    # White's Rook gives check on rank 10 or 9 with every move; Black's King steps between j10
    # and j9 out of each check.
    pos = mj.Position.from_pieces({"a1": "K", "a9": "R", "j10": "k"})
    for _ in range(3):
        for token in ["a9a10", "j10j9", "a10a9", "j9j10"]:
            assert pos.result() is None
            pos.push(token)
            assert pos.is_check() == (pos.side_to_move == "black")
    outcome = pos.result()
    assert (outcome.winner, outcome.reason) == ("black", "perpetual_check")


def test_board_access():
    pos = mj.Position()
    assert pos.piece_at("f0") == "K" and pos.piece_at("e11") == "k" and pos.piece_at("a9") == "l*"
    assert pos.piece_at("e5") is None
    assert len(pos.pieces()) == 64 and list(pos.pieces())[:2] == ["e0", "f0"]
    # An extra square exists while occupied and vanishes once vacated.
    pos = mj.Position.from_pieces({"e0": "K", "j10": "k"})
    assert pos.exists("e0") and pos.exists("a1") and not pos.exists("f0")
    pos.push("e0e1")
    assert not pos.exists("e0") and pos.piece_at("e0") is None and pos.piece_at("e1") == "K"
    assert str(pos).splitlines()[-1] == pos.fen()
    with pytest.raises(ValueError):
        pos.piece_at("k5")
    with pytest.raises(ValueError):
        pos.exists("a0")


def test_bad_positions_raise_fen_error():
    for fen in ["", "xx", "km/10/10 w", mj.STARTPOS_FEN.replace(" w", " x"), mj.STARTPOS_FEN.replace("MK", "MQ")]:
        with pytest.raises(mj.FenError):
            mj.Position(fen)
    assert issubclass(mj.FenError, ValueError) and issubclass(mj.IllegalMoveError, ValueError)
    # White's Rook on j1 attacks Black's King on j10 with White to move.
    with pytest.raises(mj.FenError, match="in check"):
        mj.Position.from_pieces({"a1": "K", "j1": "R", "j10": "k"}, side="white")
    with pytest.raises(mj.FenError, match="kings"):
        mj.Position.from_pieces({"a1": "K"})
    with pytest.raises(ValueError, match="not a piece"):
        mj.Position.from_pieces({"a1": "K", "j10": "k", "e5": "Z"})
    with pytest.raises(ValueError, match="side"):
        mj.Position.from_pieces({"a1": "K", "j10": "k"}, side="red")


def test_bad_moves_raise_illegal_move_error():
    pos = mj.Position()
    for text in ["", "h2", "z9z9", "h2a9+x", "a1a5", "h2a9*b9"]:
        with pytest.raises(mj.IllegalMoveError):
            pos.push(text)
    assert pos.fen() == mj.STARTPOS_FEN and pos.moves == []
    with pytest.raises(mj.IllegalMoveError, match="move 2"):
        mj.Position("startpos moves h2a9+ h2a9+")
    with pytest.raises(mj.FenError):
        mj.Position("w moves h2a9+")
    with pytest.raises(TypeError):
        pos.push(12)
    # A move of another position is checked against this one.
    other = mj.Position.from_pieces({"a1": "K", "j10": "k"})
    with pytest.raises(mj.IllegalMoveError):
        pos.push(other.legal_moves()[0])


def test_perft_releases_the_gil():
    pos = mj.Position()
    nodes, ticks = ticks_in_first_half(lambda: pos.perft(4))
    below = 0
    for m in pos.legal_moves():
        pos.push(m)
        below += pos.perft(3)
        pos.pop()
    assert nodes == below
    assert ticks > 100
