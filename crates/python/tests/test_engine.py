"""The engine through Python, against `minishogi usi` searching the same positions."""

import re
import subprocess

import pytest

import minishogi
from conftest import ROOT, read_tsv
from gil_probe import ticks_in_first_half

SFENS = [
    minishogi.STARTPOS_SFEN,
    "rbsgk/4p/5/P4/KGSBR w - 1",
    "2k2/5/2P2/5/2K2 b G 1",
    "r1sgk/4p/5/P4/KGSBR w - 1",
    *(r["sfen"] for r in read_tsv("positions.tsv")[100:102]),
]


def usi_search(cli, position, go, options=()):
    """The last `info` line's depth, score, nodes and pv, and the `bestmove`, of `go` after
    `position ...` in a fresh `minishogi usi`."""
    lines = ["usi", *(f"setoption name {n} value {v}" for n, v in options), "isready", position, go]
    with subprocess.Popen([cli, "usi"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True) as p:
        p.stdin.write("\n".join(lines) + "\n")
        p.stdin.flush()
        out = []
        # Read until the search answers; `quit` only then, so it cannot cut the search short.
        for line in p.stdout:
            out.append(line.split())
            if line.startswith("bestmove"):
                break
        p.stdin.write("quit\n")
        p.stdin.close()
    info = [w for w in out if w[:2] == ["info", "depth"]]
    assert info and out[-1][0] == "bestmove", out
    last = info[-1]
    at = last.index("score")
    return {
        "depth": int(last[2]),
        "score": (last[at + 1], int(last[at + 2])),
        "nodes": int(last[last.index("nodes") + 1]),
        "pv": last[last.index("pv") + 1 :],
        "best": out[-1][1],
    }


def summary(r):
    score = ("mate", r.score_mate) if r.score_mate is not None else ("cp", r.score_cp)
    return {"depth": r.depth, "score": score, "nodes": r.nodes, "pv": [m.usi for m in r.pv], "best": r.best.usi}


@pytest.mark.parametrize("sfen", SFENS)
def test_fixed_depth_search_equals_usi(cli, sfen):
    expected = usi_search(cli, f"position sfen {sfen}", "go depth 7")
    assert summary(minishogi.Engine().search(sfen, depth=7)) == expected
    # The linear evaluation, as `EvalFile linear` selects it.
    expected = usi_search(cli, f"position sfen {sfen}", "go depth 6", [("EvalFile", "linear")])
    assert summary(minishogi.Engine(network=None).search(sfen, depth=6)) == expected


def test_fixed_nodes_search_equals_usi(cli):
    for sfen in SFENS:
        expected = usi_search(cli, f"position sfen {sfen}", "go nodes 5000")
        got = summary(minishogi.Engine().search(minishogi.Position(sfen), nodes=5000))
        # USI's last info line is the last completed iteration; the result counts every node
        # (exactly the limit, unless a found mate ended the search first).
        assert got.pop("nodes") in (5000, expected.pop("nodes"))
        assert got == expected


def test_a_mate_is_reported_in_plies():
    # A gold drop ends the game at once (G*1b mates; G*3b leaves the king no move, which loses).
    pos = minishogi.Position("4k/5/4P/5/K4 b G 1")
    r = minishogi.Engine().search(pos, depth=4)
    assert (r.score_mate, r.score_cp, r.pv) == (1, None, [r.best])
    pos.push(r.best)
    assert pos.legal_moves() == [] and pos.result().winner == "sente"
    r = minishogi.Engine().search(pos, depth=3)
    assert r.best is None and r.pv == []


def test_the_history_goes_to_the_search_as_usi_moves_do(cli):
    # Rooks shuffling twice: the start position has occurred three times, so a fourth (which
    # sente, the first player, loses) is one cycle away and the search must know it.
    moves = ["1e1d", "5a5b", "1d1e", "5b5a"] * 2
    pos = minishogi.Position()
    for m in moves:
        pos.push(m)
    expected = usi_search(cli, "position startpos moves " + " ".join(moves), "go depth 7")
    assert summary(minishogi.Engine().search(pos, depth=7)) == expected


def test_evaluate_is_symmetric_and_the_network_file_loads():
    net_file = ROOT / "crates" / "engine" / "data" / "network.nnue"
    embedded, from_file, linear = minishogi.Engine(), minishogi.Engine(network=net_file), minishogi.Engine(network=None)
    assert "network" in embedded.evaluation and "linear" in linear.evaluation
    for sfen in SFENS:
        board, side, hands, n = sfen.split()
        # The colour flip: the board turned by 180° with the owners swapped, the other side to move.
        flipped_board = "/".join(rank[::-1].swapcase() for rank in board.split("/")[::-1])
        flipped_board = re.sub(r"([A-Za-z])\+", r"+\1", flipped_board)
        flipped = f"{flipped_board} {'w' if side == 'b' else 'b'} {hands.swapcase()} {n}"
        for engine in (embedded, linear):
            assert engine.evaluate(sfen) == engine.evaluate(flipped), sfen
        assert embedded.evaluate(sfen) == from_file.evaluate(sfen)
    assert embedded.evaluate(SFENS[0]) != linear.evaluate(SFENS[0])


def test_search_releases_the_gil():
    engine = minishogi.Engine()
    result, during = ticks_in_first_half(lambda: engine.search(minishogi.STARTPOS_SFEN, time_ms=400))
    assert result.best is not None and result.time_ms >= 300
    assert during > 100, f"{during} Python iterations in the first half of a 400 ms search"


def test_bad_input_raises(tmp_path):
    with pytest.raises(FileNotFoundError):
        minishogi.Engine(network=tmp_path / "missing.nnue")
    with pytest.raises(FileNotFoundError):
        minishogi.Engine(network=None, weights=tmp_path / "missing.bin")
    (tmp_path / "junk").write_bytes(b"not a network")
    with pytest.raises(ValueError, match="not a valid network file"):
        minishogi.Engine(network=tmp_path / "junk")
    with pytest.raises(FileNotFoundError):
        minishogi.Engine(tables=tmp_path / "no-tables")
    with pytest.raises(ValueError):
        minishogi.Engine(hash_mb=0)
    engine = minishogi.Engine()
    with pytest.raises(ValueError, match="nodes, depth or time_ms"):
        engine.search(minishogi.STARTPOS_SFEN)
    with pytest.raises(ValueError, match="bad SFEN"):
        engine.search("rbsgk/4p/5 b - 1", depth=2)
    with pytest.raises(ValueError, match="depth"):
        engine.search(minishogi.STARTPOS_SFEN, depth=0)
    with pytest.raises(TypeError):
        engine.evaluate(42)
