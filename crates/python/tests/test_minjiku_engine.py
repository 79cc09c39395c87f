"""The Minjiku engine through Python: search against `minishogi minjiku go`, mates checked by the
rules, the evaluation against its features and against material counted here."""

import json
import subprocess

import numpy as np
import pytest

from conftest import MINJIKU_DATA, read_tsv
from gil_probe import ticks_in_first_half
from minishogi import minjiku as mj


def playout_positions(every=3):
    """Positions along the reference playouts (every `every`th ply), as games with history."""
    out = []
    for r in read_tsv("playouts.tsv", MINJIKU_DATA):
        pos = mj.Position()
        for i, token in enumerate(r["coord_moves"].split()):
            pos.push(token)
            if i % every == 0:
                out.append(pos.copy())
    return out


def cli_go(cli, fen, depth, weights="tuned"):
    """The last `info` line and the `bestmove` line of `minishogi minjiku go`, split in words."""
    out = subprocess.run(
        [cli, "minjiku", "go", "--fen", fen, "--depth", str(depth), "--weights", weights],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split("\n")
    info = [line.split() for line in out if line.startswith("info")]
    best = next(line.split() for line in out if line.startswith("bestmove"))
    return info[-1], best


def test_search_equals_the_command_line_engine(cli):
    fens = [mj.STARTPOS_FEN] + [p.fen() for p in playout_positions(every=7)[:5]]
    for fen in fens:
        engine = mj.Engine(hash_mb=64)  # the table of `minjiku go`
        ours = engine.search(fen, depth=4)
        info, best = cli_go(cli, fen, 4)
        word = lambda line, key: line[line.index(key) + 1]
        assert ours.best.coord == best[1], fen
        assert (ours.score, ours.depth, ours.nodes) == (int(word(best, "score")), 4, int(word(best, "nodes"))), fen
        assert ours.seldepth == int(word(info, "seldepth")), fen
        assert [m.coord for m in ours.pv] == info[info.index("pv") + 1 :], fen
        assert ours.score_cp == ours.score and ours.score_mate is None


def test_a_mate_in_one_is_found_and_the_rules_agree():
    # The Queen to i9, guarded by the King on h8, mates the King in the corner.
    pos = mj.Position.from_pieces({"j10": "k", "i5": "Q", "h8": "K"})
    found = mj.Engine().search(pos, depth=3)
    assert found.score_mate == 1 and found.score_cp is None and found.best is not None
    pos.push(found.best)
    assert pos.result().reason == "checkmate" and pos.result().winner == "white"
    mated = mj.Engine().search(pos, depth=3)
    assert mated.best is None and mated.pv == [] and mated.score_mate == 0


def test_evaluate_is_the_weights_times_the_features():
    engine = mj.Engine()
    names = mj.weight_names()
    assert len(names) == len(set(names)) == mj.FEATURES == len(engine.weights)
    positions = playout_positions()
    assert len(positions) > 50
    batch = mj.features_batch(positions)
    assert batch.shape == (len(positions), mj.FEATURES) and batch.dtype == np.float32
    for pos, row in zip(positions, batch):
        single = mj.features(pos)
        assert single.shape == (mj.FEATURES,)
        assert np.array_equal(single, row)
        assert engine.evaluate(pos) == int(np.dot(engine.weights, single.astype(np.float64)))
        assert engine.evaluate(pos.fen()) == engine.evaluate(pos)


def test_a_material_weight_alone_counts_the_material_difference():
    names = mj.weight_names()
    # Weight names and the piece letters of docs/minjiku.md.
    letters = {"material.pawn": "P", "material.queen": "Q", "material.fire_dragon": "F", "material.lion": "+D"}
    for pos in playout_positions(every=5):
        pieces = pos.pieces().values()
        us = pos.side_to_move == "white"
        for name, letter in letters.items():
            weights = np.zeros(mj.FEATURES)
            weights[names.index(name)] = 7
            own = sum(1 for p in pieces if p == (letter if us else letter.lower()))
            theirs = sum(1 for p in pieces if p == (letter.lower() if us else letter))
            assert mj.Engine(weights).evaluate(pos) == 7 * (own - theirs), (name, pos.fen())
    tempo = np.zeros(mj.FEATURES)
    tempo[names.index("tempo")] = 5
    assert mj.Engine(list(tempo)).evaluate(mj.Position()) == 5


def weights_json(values):
    """The engine's JSON weights file (the fields of `minjiku_engine::Weights`) of a vector in the
    order of `weight_names()`, laid out here from the names: `material.pawn` goes to
    `material[0]`, `rank.pawn.3` to `rank[0][3]`, `tempo` to `tempo`."""
    fields, kinds = {}, []
    for name, value in zip(mj.weight_names(), values):
        parts = name.split(".")
        if len(parts) == 1:
            fields[parts[0]] = int(value)
        elif parts[0] in ("material", "mobility", "king_attacks"):
            fields.setdefault(parts[0], []).append(int(value))
        else:
            if parts[1] not in kinds:
                kinds.append(parts[1])
            rows = fields.setdefault(parts[0], [])
            if len(rows) <= kinds.index(parts[1]):
                rows.append([])
            rows[kinds.index(parts[1])].append(int(value))
    return json.dumps(fields)


def test_weights_from_a_file_and_from_a_vector_agree(tmp_path):
    values = np.random.default_rng(7).integers(-300, 300, mj.FEATURES).astype(np.float64)
    path = tmp_path / "w.json"
    path.write_text(weights_json(values))
    from_file = mj.Engine(path)
    assert np.array_equal(from_file.weights, values)
    assert np.array_equal(mj.Engine(str(path)).weights, values)
    from_vector = mj.Engine(values)
    for pos in playout_positions(every=11):
        assert from_file.evaluate(pos) == from_vector.evaluate(pos) == int(values @ mj.features(pos))
    # Non-integers are rounded, as the engine's weights are integers.
    assert np.array_equal(mj.Engine(values + 0.25).weights, values)
    assert mj.Engine("initial").evaluation == "linear weights initial"
    assert np.array_equal(mj.Engine(None).weights, mj.Engine("tuned").weights)
    assert not np.array_equal(mj.Engine().weights, mj.Engine("initial").weights)


def test_bad_weight_files_raise(tmp_path):
    with pytest.raises(FileNotFoundError):
        mj.Engine(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(ValueError, match="not a Minjiku weights file"):
        mj.Engine(bad)
    bad.write_text(json.dumps({"material": [1, 2]}))
    with pytest.raises(ValueError):
        mj.Engine(str(bad))


def test_bad_arguments_raise():
    engine = mj.Engine()
    with pytest.raises(ValueError, match="nodes, depth or movetime"):
        engine.search(mj.STARTPOS_FEN)
    with pytest.raises(ValueError, match="depth"):
        engine.search(mj.STARTPOS_FEN, depth=0)
    with pytest.raises(mj.FenError):
        engine.search("not a position", depth=1)
    with pytest.raises(mj.FenError):
        mj.features("km/10 w")
    with pytest.raises(TypeError):
        engine.evaluate(3)
    with pytest.raises(ValueError, match="expected 383 weights, found 2"):
        mj.Engine([1.0, 2.0])
    with pytest.raises(ValueError, match="out of range"):
        mj.Engine([1e9] * mj.FEATURES)
    with pytest.raises(TypeError):
        mj.Engine(weights=3)
    with pytest.raises(ValueError):
        mj.Engine(hash_mb=0)


def test_limits_stop_the_search():
    by_nodes = mj.Engine().search(mj.STARTPOS_FEN, nodes=3000)
    # The limit is read every 1,024 nodes (docs/minjiku-engine.md); the search stops inside an
    # iteration and reports the last completed one, the same as a search to that depth.
    assert 3000 <= by_nodes.nodes <= 3000 + 1024
    to_depth = mj.Engine().search(mj.STARTPOS_FEN, depth=by_nodes.depth)
    assert (by_nodes.best, by_nodes.pv, by_nodes.score) == (to_depth.best, to_depth.pv, to_depth.score)
    assert to_depth.nodes < by_nodes.nodes
    timed = mj.Engine().search(mj.Position(), movetime=50)
    assert timed.best is not None and timed.depth >= 1


def test_the_search_releases_the_gil():
    engine = mj.Engine()
    result, ticks = ticks_in_first_half(lambda: engine.search(mj.STARTPOS_FEN, depth=5))
    assert result.depth == 5
    assert ticks > 100
