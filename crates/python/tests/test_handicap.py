"""`Position.handicap` against the reference perft and repetition data and the rules."""

import pytest

import minishogi
from conftest import read_tsv


def test_handicap_starts_have_the_reference_sfen_and_perft():
    rows = [r for r in read_tsv("perft-startpos.tsv") if r["name"].startswith("handicap-")]
    names = {r["name"][len("handicap-") :] for r in rows}
    assert names == set(minishogi.HANDICAPS) and len(names) == 6
    for r in rows:
        if int(r["depth"]) > 4:
            continue
        pos = minishogi.Position.handicap(r["name"][len("handicap-") :])
        assert pos.sfen() == r["sfen"] and pos.side_to_move == "gote"
        assert pos.perft(int(r["depth"])) == int(r["nodes"]), (r["name"], r["depth"])


def test_naked_king_starts_in_check_with_two_moves():
    pos = minishogi.Position.handicap("naked-king")
    assert pos.is_check()
    assert sorted(m.usi for m in pos.legal_moves()) == ["1a2a", "1a2b"]


def test_gote_is_the_first_player_and_loses_a_plain_repetition():
    rows = [r for r in read_tsv("repetition.tsv") if r["name"].startswith("handicap-bishop-plain")]
    assert len(rows) == 2
    for r in rows:
        assert r["loser"] == "w" and r["sfen"] == minishogi.HANDICAPS["bishop"]
        pos = minishogi.Position.handicap("bishop")
        # The same moves in a game that sente began: then sente loses the repetition.
        other = minishogi.Position(r["sfen"], first_player="sente")
        for usi in r["moves"].split():
            pos.push(usi)
            other.push(usi)
        assert (pos.result().winner, pos.result().reason) == ("sente", "repetition"), r["name"]
        assert (other.result().winner, other.result().reason) == ("gote", "repetition"), r["name"]


def test_aliases_and_bad_names():
    assert minishogi.Position.handicap("Two Piece").sfen() == minishogi.HANDICAPS["two-piece"]
    assert minishogi.Position.handicap("kaku-ochi").sfen() == "r1sgk/4p/5/P4/KGSBR w - 1"
    with pytest.raises(ValueError, match="'lance' is not a handicap: bishop, rook"):
        minishogi.Position.handicap("lance")
    with pytest.raises(ValueError):
        minishogi.Position.handicap("rook", rules="chess")
