"""The same seeded random playouts through `minishogi` and `minishogilib` (PyPI), compared move by
move: legal-move sets (USI), SFENs (normalised, see below), check, and repetition.

minishogilib writes SFEN differently: the move number is always 1, and hands are written with
explicit counts in its own order (`2G1S2p` for our `2GS2p`). We compare board, side to move and
hand contents, and not the move number. Where the legal-move sets differ, the only difference
allowed is the one the rules settle: minishogilib lists pawn drops that give mate (uchifuzume),
which the rules forbid and we leave out; each such drop is checked to be mate in minishogilib
itself. See docs/python.md ("Switching from minishogilib").
"""

import random

import pytest

import minishogi
from conftest import read_tsv, sfen_pieces

msl = pytest.importorskip("minishogilib", reason="minishogilib is not installed (pip install minishogilib)")

PLAYOUTS = 300
MAX_PLIES = 150


def normalised(sfen):
    """Board, side to move and hand contents of an SFEN (no move number, hands as counts)."""
    board, side = sfen.split()[:2]
    return board, side, sfen_pieces(sfen)[1]


def pick(rng, pos, moves):
    """Half the time a capture, drop or promotion when there is one (they fill the hands and
    make pawn-drop mates possible), else any move."""
    board = sfen_pieces(pos.sfen())[0]
    lively = [u for u in moves if "*" in u or u.endswith("+") or u[2:4] in board]
    return rng.choice(lively if lively and rng.random() < 0.5 else moves)


def is_pawn_drop_mate(theirs, usi):
    theirs.do_move(theirs.sfen_to_move(usi))
    mate = theirs.is_in_check() and not theirs.generate_moves()
    theirs.undo_move()
    return usi.startswith("P*") and mate


def test_random_playouts_agree_ply_by_ply():
    rng = random.Random(20240601)
    # The even start and the six handicaps in turn.
    starts = [minishogi.Position] + [lambda h=h: minishogi.Position.handicap(h) for h in minishogi.HANDICAPS]
    plies = pawn_drop_mates = repetitions = mates = 0
    for game in range(PLAYOUTS):
        ours = starts[game % len(starts)]()
        theirs = msl.Position()
        theirs.set_sfen(ours.sfen())
        for ply in range(MAX_PLIES):
            where = f"game {game} ply {ply} {ours.sfen()}"
            assert normalised(theirs.sfen(False)) == normalised(ours.sfen()), where
            assert theirs.is_in_check() == ours.is_check(), where
            our_moves = sorted(m.usi for m in ours.legal_moves())
            their_moves = sorted(m.sfen() for m in theirs.generate_moves())
            extra = set(their_moves) - set(our_moves)
            assert set(our_moves) <= set(their_moves), where
            for usi in extra:
                assert is_pawn_drop_mate(theirs, usi), f"{where}: minishogilib's {usi}"
            pawn_drop_mates += len(extra)
            outcome = ours.result()
            repeated, my_checks, their_checks = theirs.is_repetition()
            assert repeated == (outcome is not None and outcome.reason in ("repetition", "perpetual_check")), where
            if repeated:
                repetitions += 1
                if my_checks or their_checks:
                    # minishogilib names the perpetual checker from the side to move's view.
                    checker = ours.side_to_move if my_checks else ("gote" if ours.side_to_move == "sente" else "sente")
                    assert outcome.reason == "perpetual_check" and outcome.winner != checker, where
                break
            if outcome is not None:
                assert outcome.reason in ("checkmate", "no_legal_moves"), where
                mates += 1
                break
            usi = pick(rng, ours, our_moves)
            ours.push(usi)
            theirs.do_move(theirs.sfen_to_move(usi))
            plies += 1
    # The comparison covered real games: many plies, mates and repetitions among them.
    assert plies > 10_000 and mates > 10, (plies, mates, repetitions, pawn_drop_mates)
    print(f"{plies} plies, {mates} mates, {repetitions} repetitions, {pawn_drop_mates} pawn-drop mates")


def test_the_reference_repetitions_end_both_games_at_the_same_ply():
    """Random playouts seldom repeat a position four times; the reference sequences do. Both
    packages end the game at the fourth occurrence and agree on who checked perpetually;
    minishogilib does not say who loses a plain repetition (we: the first player)."""
    for r in read_tsv("repetition.tsv"):
        ours = minishogi.Position(r["sfen"])
        theirs = msl.Position()
        theirs.set_sfen(r["sfen"])
        for usi in r["moves"].split():
            assert not theirs.is_repetition()[0] and ours.result() is None, r["name"]
            ours.push(usi)
            theirs.do_move(theirs.sfen_to_move(usi))
        repeated, my_checks, their_checks = theirs.is_repetition()
        outcome = ours.result()
        assert repeated and outcome is not None, r["name"]
        loser = {"b": "sente", "w": "gote", "draw": None}[r["loser"]]
        if my_checks or their_checks:
            checker = ours.side_to_move if my_checks else ("gote" if ours.side_to_move == "sente" else "sente")
            assert (outcome.reason, loser) == ("perpetual_check", checker), r["name"]
        else:
            assert outcome.reason == "repetition" and outcome.winner != loser, r["name"]
