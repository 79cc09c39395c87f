"""The rules through Python, against the rules crate's own reference data."""


import pytest

import minishogi
from conftest import read_tsv
from gil_probe import ticks_in_first_half


def test_perft_from_the_start_matches_the_reference_file():
    rows = [r for r in read_tsv("perft-startpos.tsv") if r["name"] == "startpos" and int(r["depth"]) <= 4]
    assert [int(r["nodes"]) for r in rows] == [14, 181, 2512, 35401]
    pos = minishogi.Position()
    for r in rows:
        assert pos.perft(int(r["depth"])) == int(r["nodes"])
        assert pos.perft(int(r["depth"]), parallel=True) == int(r["nodes"])


def test_reference_positions_legal_moves_check_perft_and_result():
    rows = read_tsv("positions.tsv")
    assert len(rows) == 200
    for r in rows:
        pos = minishogi.Position.from_sfen(r["sfen"])
        moves = sorted(m.usi for m in pos.legal_moves())
        expected = sorted(r["legal_moves"].split()) if r["legal_moves"] else []
        assert moves == expected, r["id"]
        assert pos.is_check() == (r["in_check"] == "true"), r["id"]
        assert pos.perft(2) == int(r["perft2"]), r["id"]
        outcome = pos.result()
        if r["result"] == "none":
            assert outcome is None, r["id"]
        else:
            assert outcome is not None and outcome.reason == r["result"], r["id"]
            assert outcome.winner == ("gote" if pos.side_to_move == "sente" else "sente")


def test_fourfold_repetition_loses_for_the_reference_games():
    for r in read_tsv("repetition.tsv"):
        pos = minishogi.Position.from_sfen(r["sfen"])
        for usi in r["moves"].split():
            assert pos.result() is None, r["name"]
            pos.push(usi)
        outcome = pos.result()
        loser = "sente" if r["loser"] == "b" else "gote"
        assert outcome is not None, r["name"]
        assert outcome.winner is not None and outcome.winner != loser, r["name"]
        with pytest.raises(ValueError):
            pos.push(pos.legal_moves()[0])


def test_push_pop_round_trip():
    pos = minishogi.Position.startpos()
    start = pos.sfen()
    played = []
    for _ in range(12):
        moves = pos.legal_moves()
        if not moves:
            break
        m = moves[len(played) % len(moves)]
        pos.push(m if len(played) % 2 else m.usi)
        played.append(m)
    assert pos.moves == played
    for m in reversed(played):
        assert pos.pop() == m
    assert pos.sfen() == start
    with pytest.raises(IndexError):
        pos.pop()


def test_a_position_with_moves_keeps_the_moves():
    pos = minishogi.Position.from_sfen("startpos moves 5d5c 1b1c")
    # Each side's pawn one step forward, written out by hand.
    assert pos.sfen() == "rbsgk/5/P3p/5/KGSBR b - 3"
    assert [m.usi for m in pos.moves] == ["5d5c", "1b1c"]
    assert minishogi.Position.from_sfen("startpos moves").sfen() == minishogi.STARTPOS_SFEN
    with pytest.raises(ValueError, match='move 2 "1a1b": illegal'):
        minishogi.Position.from_sfen("startpos moves 5d5c 1a1b")


def test_moves_compare_and_hash_by_value():
    a, b = minishogi.Move("G*1b"), minishogi.Move("G*1b")
    assert a == b and hash(a) == hash(b) and str(a) == "G*1b" and a.usi == "G*1b"
    assert len({a, b, minishogi.Move("1e1b")}) == 2
    assert repr(a) == "Move('G*1b')"


@pytest.mark.parametrize("sfen", ["", "rbsgk/4p/5/P4 b - 1", "rbsgk/4p/5/P4/KGSBX b - 1", "rbsgk/4p/5/P4/KGSBR x - 1", "x" * 1000])
def test_bad_sfen_raises_value_error(sfen):
    with pytest.raises(ValueError, match="bad SFEN"):
        minishogi.Position.from_sfen(sfen)


@pytest.mark.parametrize("usi", ["1e1a", "5e5d", "zz", "", "G*1b", "1e1b+"])
def test_illegal_or_malformed_move_raises_value_error(usi):
    pos = minishogi.Position()
    with pytest.raises(ValueError):
        pos.push(usi)
    assert pos.sfen() == minishogi.STARTPOS_SFEN


def test_bad_arguments_raise_not_crash():
    with pytest.raises(ValueError):
        minishogi.Move("nonsense")
    with pytest.raises(TypeError):
        minishogi.Position().push(42)
    with pytest.raises(ValueError):
        minishogi.Position(first_player="nobody")
    with pytest.raises(ValueError):
        minishogi.Position(rules="chess")


def test_perft_releases_the_gil():
    nodes, during = ticks_in_first_half(lambda: minishogi.Position().perft(6))
    assert nodes == 8276188
    # Ticks in the first half of the call: with the GIL held, the main thread could only run
    # after perft returned (between the return and the worker's next line), never in there.
    assert during > 100, f"{during} Python iterations in the first half of perft(6)"


def test_push_and_pop_in_any_order_keep_the_legal_moves_of_a_fresh_position():
    # Legal moves are cached per ply: popping below a cached ply and pushing another move must
    # not reuse them. A Position made from the SFEN has no cache to compare against.
    pos = minishogi.Position()
    for step in range(400):
        moves = pos.legal_moves()
        fresh = sorted(m.usi for m in minishogi.Position(pos.sfen()).legal_moves())
        assert sorted(m.usi for m in moves) == fresh, pos.sfen()
        if pos.moves and (step % 3 == 0 or not moves or pos.result() is not None):
            before = pos.legal_moves()
            pos.pop()
            if pos.moves and step % 2:
                pos.pop()
            # A move legal before the pops but not now is refused.
            for m in before:
                if m.usi not in {x.usi for x in pos.legal_moves()}:
                    with pytest.raises(ValueError):
                        pos.push(m)
                    break
        else:
            pos.push(moves[(step * 7) % len(moves)])
