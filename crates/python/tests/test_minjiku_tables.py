"""The Minjiku endgame tables through Python (`minishogi.minjiku.Tablebase`), on the tables
`minishogi minjiku tb gen KGvK` builds: probes equal `minjiku tb probe`, and every value agrees
with the values of the moves the rules allow (played through `Position`)."""

import random
import subprocess

import pytest

from minishogi import Wdl
from minishogi import minjiku as mj


@pytest.fixture(scope="module")
def tables(cli, tmp_path_factory):
    """A directory with KGvK and the sets it needs (KvK, K+GvK), built by the CLI."""
    d = tmp_path_factory.mktemp("mjtb")
    subprocess.run([cli, "minjiku", "tb", "gen", "KGvK", "--dir", str(d)], check=True, capture_output=True)
    return d


def random_positions(n, seed, pieces=("K", "k", "G")):
    """`n` legal positions with these pieces on random board squares (either side to move)."""
    rng = random.Random(seed)
    squares = [f"{f}{r}" for f in "abcdefghij" for r in range(1, 11)]
    out = []
    while len(out) < n:
        placed = dict(zip(rng.sample(squares, len(pieces)), pieces))
        try:
            out.append(mj.Position.from_pieces(placed, side=rng.choice(["white", "black"])))
        except mj.FenError:
            continue  # the side not to move in check
    return out


def cli_probe(cli, fen, d):
    return subprocess.run(
        [cli, "minjiku", "tb", "probe", "--fen", fen, "--dir", str(d)], check=True, capture_output=True, text=True
    ).stdout.strip()


def test_probes_equal_the_command_line(cli, tables):
    tb = mj.Tablebase(tables)
    assert tb.materials == ["K+GvK", "KGvK", "KvK"]
    for pos in random_positions(12, seed=1) + random_positions(4, seed=2, pieces=("K", "k", "g")):
        result = tb.probe(pos)
        assert str(result) == cli_probe(cli, pos.fen(), tables), pos.fen()
        assert result.fen == pos.fen()
        assert result.material == "KGvK" or result.material == "KvKG"
        assert (result.best is None) == (pos.legal_moves() == [])
        if result.line:
            assert result.best == result.line[0]
        assert tb.probe(pos.fen(), line=False).line == []


def test_values_agree_with_the_moves_the_rules_allow(tables):
    """Each position's value against its children's, the children made by `Position.push`: a win
    in d has a move to a loss in d-1 and none quicker; a loss in d only moves to wins, one in
    d-1; a draw no move to a loss and one to a draw; no legal move is a loss in 0."""
    tb = mj.Tablebase(tables)
    seen = {"win": 0, "loss": 0, "draw": 0}
    for pos in random_positions(60, seed=3):
        result = tb.probe(pos, line=False)
        seen[result.result.label] += 1
        children = []
        for m in pos.legal_moves():
            pos.push(m)
            child = tb.probe(pos, line=False)
            children.append((m.coord, child.result, child.plies))
            pos.pop()
        if not children:
            assert (result.result, result.plies) == (Wdl.LOSS, 0), pos.fen()
            assert pos.result() is not None and pos.result().winner != pos.side_to_move
        elif result.result == Wdl.WIN:
            losses = [p for _, r, p in children if r == Wdl.LOSS]
            assert min(losses) == result.plies - 1, pos.fen()
            assert (result.best, Wdl.LOSS, result.plies - 1) in children, pos.fen()
        elif result.result == Wdl.LOSS:
            assert all(r == Wdl.WIN for _, r, _ in children), pos.fen()
            assert max(p for _, _, p in children) == result.plies - 1, pos.fen()
        else:
            assert all(r != Wdl.LOSS for _, r, _ in children), pos.fen()
            assert (result.best, Wdl.DRAW, None) in children, pos.fen()
    assert seen["win"] > 0 and seen["loss"] > 0


def test_the_line_of_a_win_ends_in_mate_at_the_table_distance(tables):
    tb = mj.Tablebase(tables)
    wins = [p for p in random_positions(30, seed=4) if tb.probe(p, line=False).result == Wdl.WIN]
    assert wins
    for pos in wins[:8]:
        result = tb.probe(pos)
        winner = pos.side_to_move
        assert len(result.line) == result.plies
        for token in result.line:
            assert pos.result() is None
            pos.push(token)
        assert pos.result() is not None and pos.result().winner == winner, result


def test_the_engine_with_the_tables_mates_within_the_table_distance(tables):
    """`Engine(tables=...)` plays the table's best moves for both sides: each of its moves keeps
    the table's value and distance, and the winner mates in exactly the table's plies."""
    tb = mj.Tablebase(tables)
    engine = mj.Engine(tables=tables)
    assert engine.table_sets == ["K+GvK", "KGvK", "KvK"]
    wins = [p for p in random_positions(30, seed=5) if tb.probe(p, line=False).result == Wdl.WIN]
    assert wins
    for pos in wins[:5]:
        start = tb.probe(pos, line=False)
        winner = pos.side_to_move
        found = engine.search(pos, depth=3)
        assert found.score_mate == start.plies, pos.fen()
        for ply in range(start.plies):
            before = tb.probe(pos, line=False)
            move = engine.search(pos, depth=3).best
            pos.push(move)
            after = tb.probe(pos, line=False)
            assert after.plies == before.plies - 1, (pos.fen(), ply)
        assert pos.result() is not None and pos.result().winner == winner, pos.fen()


def test_the_engine_refuses_a_missing_table_directory(tmp_path):
    with pytest.raises(FileNotFoundError, match="no table directory"):
        mj.Engine(tables=tmp_path / "missing")
    assert mj.Engine().table_sets == []


def test_positions_outside_every_table_give_none(tables):
    tb = mj.Tablebase(tables)
    # A King still on its extra square.
    assert tb.probe(mj.Position.from_pieces({"f0": "K", "e5": "G", "e9": "k"})) is None
    # More pieces than a table holds.
    assert tb.probe(mj.Position.from_pieces({"a1": "K", "b1": "G", "c1": "G", "d1": "G", "j10": "k"})) is None
    assert tb.probe(mj.STARTPOS_FEN) is None


def test_a_missing_table_names_the_command_that_builds_it(tables):
    tb = mj.Tablebase(tables)
    with pytest.raises(FileNotFoundError, match="minishogi minjiku tb gen KQvK --dir"):
        tb.probe(mj.Position.from_pieces({"a1": "K", "e4": "Q", "j10": "k"}))


def test_bad_directories_and_files_raise(tables, tmp_path):
    with pytest.raises(FileNotFoundError):
        mj.Tablebase(tmp_path / "missing")
    with pytest.raises(mj.FenError):
        mj.Tablebase(tables).probe("2/10 w")
    garbage = tmp_path / "garbage"
    garbage.mkdir()
    (garbage / "KGvK.mjtb").write_bytes(b"not a table" * 100)
    with pytest.raises(mj.TableError, match="magic"):
        mj.Tablebase(garbage)
    truncated = tmp_path / "truncated"
    truncated.mkdir()
    data = (tables / "KGvK.mjtb").read_bytes()
    (truncated / "KGvK.mjtb").write_bytes(data[: len(data) // 2])
    with pytest.raises(mj.TableError) as raised:
        mj.Tablebase(truncated)
    assert isinstance(raised.value, OSError)


def test_probe_many_answers_each_position_in_order(tables):
    tb = mj.Tablebase(tables)
    positions = random_positions(40, seed=5)
    batch = [p if i % 2 else p.fen() for i, p in enumerate(positions)] + [mj.STARTPOS_FEN]
    answers = tb.probe_many(batch)
    assert len(answers) == len(batch) and answers[-1] is None
    for pos, answer in zip(positions, answers):
        one = tb.probe(pos)
        assert (answer.fen, str(answer), answer.best) == (pos.fen(), str(one), one.best)
    assert all(a.line == [] for a in tb.probe_many(positions[:5], line=False))
    with pytest.raises(mj.FenError):
        tb.probe_many([positions[0], "not a position"])
