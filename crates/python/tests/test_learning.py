"""Learning inputs and self-play data: planes and feature indices against decoders written here
from the documented layouts, self-play files against the CLI's, datasets against replayed games."""

import re
import subprocess

import numpy as np
import pytest

import minishogi
from conftest import read_tsv
from gil_probe import ticks_in_first_half

KINDS = ["P", "S", "G", "B", "R", "K", "+P", "+S", "+B", "+R"]
HAND_KINDS = ["P", "S", "G", "B", "R"]


def parse_sfen(sfen):
    """Board {(row, col): piece like 'P', '+b'}, hands {(is_sente, letter): count}, side."""
    board_text, side, hands_text = sfen.split()[:3]
    board = {}
    for row, rank in enumerate(board_text.split("/")):
        col = 0
        for promoted, letter, digit in re.findall(r"(\+?)([A-Za-z])|(\d)", rank):
            if digit:
                col += int(digit)
            else:
                board[(row, col)] = promoted + letter
                col += 1
    hands = {}
    if hands_text != "-":
        for count, letter in re.findall(r"(\d*)([A-Za-z])", hands_text):
            hands[(letter.isupper(), letter.upper())] = int(count or 1)
    return board, hands, side


def decode_planes(planes):
    """What the documented plane layout says the position is, in parse_sfen's form."""
    assert planes.shape == (minishogi.PLANES, 5, 5) and planes.dtype == np.float32
    gote = bool(planes[30].all())
    assert gote or not planes[30].any()
    board, hands = {}, {}
    for channel in range(20):
        for row, col in zip(*np.nonzero(planes[channel])):
            assert planes[channel, row, col] == 1.0
            sente_owns = (channel < 10) != gote
            square = (int(row), int(col)) if not gote else (4 - int(row), 4 - int(col))
            kind = KINDS[channel % 10]
            assert square not in board
            board[square] = kind if sente_owns else kind.lower()
    for side in range(2):
        for k, letter in enumerate(HAND_KINDS):
            plane = planes[20 + side * 5 + k]
            assert (plane == plane[0, 0]).all()
            if plane[0, 0]:
                hands[((side == 0) != gote, letter)] = int(plane[0, 0])
    return board, hands, "w" if gote else "b"


def expected_indices(sfen, perspective_is_sente):
    """The active features of the network's documented formula (crates/engine nnue features)."""
    board, hands, _ = parse_sfen(sfen)

    def seat(square):
        return square if perspective_is_sente else (4 - square[0], 4 - square[1])

    king = next(sq for sq, p in board.items() if p == ("K" if perspective_is_sente else "k"))
    row, col = seat(king)
    mirror = col > 2
    bucket = row * 3 + (4 - col if mirror else col)
    out = []
    for square, piece in board.items():
        r, c = seat(square)
        c = 4 - c if mirror else c
        own = piece.lstrip("+").isupper() == perspective_is_sente
        kind = KINDS.index(piece.upper())
        out.append(bucket * 500 + ((0 if own else 10) + kind) * 25 + r * 5 + c)
    for (is_sente, letter), count in hands.items():
        side = 0 if is_sente == perspective_is_sente else 1
        out += [7500 + (side * 5 + HAND_KINDS.index(letter)) * 2 + n for n in range(min(count, 2))]
    return sorted(out)


def policy_of_usi(usi, gote):
    """The documented policy index of a USI move."""

    def square(text):
        row, col = ord(text[1]) - ord("a"), 5 - int(text[0])
        return (4 - row) * 5 + 4 - col if gote else row * 5 + col

    if usi[1] == "*":
        return 1250 + HAND_KINDS.index(usi[0]) * 25 + square(usi[2:4])
    return (square(usi[0:2]) * 25 + square(usi[2:4])) * 2 + usi.endswith("+")


SFENS = [r["sfen"] for r in read_tsv("positions.tsv")]


def test_planes_and_indices_follow_the_documented_layouts():
    for sfen in SFENS:
        f = minishogi.features(sfen)
        board, hands, side = parse_sfen(sfen)
        assert decode_planes(f["planes"]) == (board, hands, side), sfen
        indices = f["indices"]
        assert indices.shape == (2, minishogi.MAX_ACTIVE) and indices.dtype == np.int32
        stm_is_sente = side == "b"
        for row, perspective in zip(indices, [stm_is_sente, not stm_is_sente]):
            active = [int(i) for i in row if i >= 0]
            assert (row[len(active) :] == -1).all()
            assert all(0 <= i < minishogi.FEATURES for i in active)
            # One feature per piece: on the board, or one step of a hand count.
            assert len(active) == len(board) + sum(hands.values())
            assert active == expected_indices(sfen, perspective), sfen


def test_the_batch_form_stacks_the_single_form():
    positions = [minishogi.Position(s) for s in SFENS[:50]]
    batch = minishogi.features_batch(positions)
    assert batch["planes"].shape == (50, minishogi.PLANES, 5, 5)
    assert batch["indices"].shape == (50, 2, minishogi.MAX_ACTIVE)
    for i, sfen in enumerate(SFENS[:50]):
        one = minishogi.features(sfen)
        assert (batch["planes"][i] == one["planes"]).all() and (batch["indices"][i] == one["indices"]).all()
    assert minishogi.features_batch([])["planes"].shape == (0, minishogi.PLANES, 5, 5)
    with pytest.raises(ValueError, match="bad SFEN"):
        minishogi.features_batch([SFENS[0], "9/9 b - 1"])
    with pytest.raises(TypeError):
        minishogi.features(None)


def test_policy_indices_follow_the_documented_layout():
    for sfen in SFENS:
        pos = minishogi.Position(sfen)
        seen = set()
        for m in pos.legal_moves():
            index = minishogi.policy_index(pos, m)
            assert index == policy_of_usi(m.usi, pos.side_to_move == "gote"), (sfen, m)
            assert 0 <= index < minishogi.POLICY_SIZE and index not in seen
            seen.add(index)
            assert minishogi.policy_move(pos, index) == m
    with pytest.raises(ValueError, match="not legal"):
        minishogi.policy_index(minishogi.STARTPOS_SFEN, "5e5d")
    with pytest.raises(ValueError, match="no legal move"):
        minishogi.policy_move(minishogi.STARTPOS_SFEN, 0)


RUN = {"games": 4, "nodes": 150, "seed": 7}


@pytest.fixture(scope="module")
def cli_run(cli, tmp_path_factory):
    """The CLI's self-play file of RUN, one thread."""
    path = tmp_path_factory.mktemp("selfplay") / "cli.data"
    args = ["--games", "4", "--nodes", "150", "--seed", "7", "--threads", "1", "--out", str(path)]
    subprocess.run([cli, "selfplay", *args], check=True, capture_output=True)
    return path


def test_selfplay_writes_the_file_the_cli_writes(cli, cli_run, tmp_path):
    data = minishogi.selfplay(**RUN, threads=2, out=tmp_path / "py.data")
    assert (tmp_path / "py.data").read_bytes() == cli_run.read_bytes()
    assert len(data.games) == 4 and data.meta["seed"] == 7 and data.meta["weights"] == "linear"
    # A shard: the CLI's --first-game and Python's first_game play the same games, and the
    # shards of a run are its games.
    shard = tmp_path / "shard.data"
    subprocess.run(
        [cli, "selfplay", "--games", "2", "--first-game", "2", "--nodes", "150", "--seed", "7", "--out", str(shard)],
        check=True,
        capture_output=True,
    )
    second = minishogi.selfplay(2, first_game=2, nodes=150, seed=7, threads=1)
    assert minishogi.Dataset(shard).games == second.games
    first = minishogi.selfplay(2, nodes=150, seed=7, threads=1)
    assert first.games + second.games == data.games
    # --node-jitter is node_jitter: 0 searches exactly `nodes` and plays other games.
    fixed = tmp_path / "fixed.data"
    subprocess.run(
        [cli, "selfplay", *sum(([f"--{k}", str(v)] for k, v in RUN.items()), []), "--node-jitter", "0", "--out", str(fixed)],
        check=True,
        capture_output=True,
    )
    assert minishogi.Dataset(fixed).games == minishogi.selfplay(**RUN, node_jitter=0, threads=1).games
    assert minishogi.Dataset(fixed).games != data.games


def test_dataset_batches_are_the_replayed_games(cli_run):
    data = minishogi.Dataset(cli_run)
    rows = []
    for gi, g in enumerate(data.games):
        pos = minishogi.Position(g["start"])
        for ply, (move, score) in enumerate(zip(g["moves"], g["scores"])):
            if ply >= g["opening_plies"]:
                side = pos.side_to_move
                result = 0.5 if g["winner"] is None else float(g["winner"] == side)
                rows.append((pos.sfen(), move, score, result, ply, gi))
            else:
                assert score is None
            pos.push(move)
        outcome = pos.result()
        assert (outcome.winner if outcome else None) == g["winner"]
    assert len(data) == len(rows) > 0
    b = data.batch(0, len(data))
    assert b["planes"].shape == (len(rows), minishogi.PLANES, 5, 5)
    assert b["score"].dtype == np.int16 and b["result"].dtype == np.float32
    assert b["move"].dtype == np.uint16 and b["policy"].dtype == np.int32
    for i, (sfen, move, score, result, ply, gi) in enumerate(rows):
        assert decode_planes(b["planes"][i]) == parse_sfen(sfen)
        assert (b["indices"][i] == minishogi.features(sfen)["indices"]).all()
        assert (int(b["score"][i]), float(b["result"][i]), int(b["ply"][i]), int(b["game"][i])) == (score, result, ply, gi)
        assert minishogi.policy_move(sfen, int(b["policy"][i])).usi == move
    # The packed moves: one value per distinct move.
    packed = {}
    for i, row in enumerate(rows):
        assert packed.setdefault(row[1], int(b["move"][i])) == int(b["move"][i])
    assert len(set(packed.values())) == len(packed)


def test_batches_cover_every_position_once(cli_run):
    data = minishogi.Dataset(cli_run)
    n = len(data)
    key = lambda b: list(zip(b["game"].tolist(), b["ply"].tolist()))
    everything = key(data.batch(0, n))
    in_order = [k for b in data.batches(7) for k in key(b)]
    assert in_order == everything and len(data.batches(7)) == -(-n // 7)
    shuffled = [k for b in data.batches(7, shuffle=True, seed=3) for k in key(b)]
    assert sorted(shuffled) == sorted(everything) and shuffled != everything
    assert shuffled == [k for b in data.batches(7, shuffle=True, seed=3) for k in key(b)]
    assert all(len(b["score"]) == 7 for b in data.batches(7, drop_last=True))
    assert len(data.batch(n - 2, 10)["score"]) == 2 and len(data.batch(n, 1)["score"]) == 0
    with pytest.raises(IndexError):
        data.batch(n + 1, 1)
    with pytest.raises(ValueError):
        data.batches(0)


def test_damaged_or_missing_files_raise(cli_run, tmp_path):
    raw = cli_run.read_bytes()
    for cut in [0, 10, len(raw) // 2, len(raw) - 1]:
        (tmp_path / "cut.data").write_bytes(raw[:cut])
        with pytest.raises(ValueError, match="truncated|magic"):
            minishogi.Dataset(tmp_path / "cut.data")
    flipped = bytearray(raw)
    flipped[-5] ^= 0x40
    (tmp_path / "flip.data").write_bytes(bytes(flipped))
    with pytest.raises(ValueError, match="checksum"):
        minishogi.Dataset(tmp_path / "flip.data")
    with pytest.raises(FileNotFoundError):
        minishogi.Dataset(tmp_path / "missing.data")
    with pytest.raises(ValueError, match="opening_min"):
        minishogi.selfplay(1, opening_min=8)
    with pytest.raises(ValueError, match="threads"):
        minishogi.selfplay(1, threads=0)
    with pytest.raises(ValueError, match="node_jitter"):
        minishogi.selfplay(1, node_jitter=1.5)
    with pytest.raises(FileNotFoundError):
        minishogi.selfplay(1, weights=tmp_path / "missing.bin")
    with pytest.raises(ValueError, match="not both"):
        minishogi.selfplay(1, weights="initial", network="embedded")


def test_selfplay_releases_the_gil():
    data, during = ticks_in_first_half(lambda: minishogi.selfplay(3, nodes=300, threads=1, seed=2))
    assert len(data.games) == 3
    assert during > 100, f"{during} Python iterations in the first half of self-play"


def test_a_network_can_play(tmp_path):
    data = minishogi.selfplay(2, nodes=100, threads=1, network="embedded", out=tmp_path / "n.data")
    assert data.meta["weights"] == "network embedded" and len(minishogi.Dataset(tmp_path / "n.data")) == len(data)
    linear = minishogi.selfplay(2, nodes=100, threads=1)
    assert data.games != linear.games
