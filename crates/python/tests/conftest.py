"""Shared paths (the repository root, its test data, the built `minishogi` binary) and the
local two-node Ray cluster of the distributed tests."""

import os
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "crates" / "minishogi" / "tests" / "data"
# Jocly's Minjiku figures, copied from the reference folder (see its README.md).
MINJIKU_DATA = Path(__file__).resolve().parent / "data" / "minjiku"


def read_tsv(name, data=DATA):
    """The rows of a tab-separated file of the rules crate's test data (or of `data`), as dicts."""
    lines = (data / name).read_text().splitlines()
    header = lines[0].split("\t")
    return [dict(zip(header, line.split("\t"))) for line in lines[1:] if line]


@pytest.fixture(scope="session")
def cli():
    """The `minishogi` binary: $MINISHOGI_BIN, target/release/minishogi, or one on PATH."""
    candidates = [os.environ.get("MINISHOGI_BIN"), str(ROOT / "target" / "release" / "minishogi")]
    for c in candidates:
        if c and os.access(c, os.X_OK):
            return c
    found = shutil.which("minishogi")
    if found is None:
        pytest.skip("no minishogi binary: run 'cargo build --release -p minishogi-cli'")
    return found


@pytest.fixture(scope="session")
def cluster():
    """The address of a two-node Ray cluster on 127.0.0.1 (a head and a worker, one CPU each),
    started once for every distributed test and stopped at the end."""
    pytest.importorskip("ray", reason="ray is not installed (ci.sh installs it)")
    from minishogi.distributed.local_cluster import local_cluster

    with local_cluster(nodes=2, cpus_per_node=1) as address:
        yield address


def sfen_pieces(sfen):
    """The board and hands of an SFEN, read here and not by the package: `({square: letter},
    {"b": {letter: count}, "w": {...}})`, squares as USI (`5e`), letters as in SFEN (`+P`, `k`)."""
    board, _side, hands = sfen.split()[:3]
    squares = {}
    for row, rank in enumerate(board.split("/")):
        col, promoted = 0, ""
        for c in rank:
            if c == "+":
                promoted = "+"
            elif c.isdigit():
                col += int(c)
            else:
                squares[f"{5 - col}{'abcde'[row]}"] = promoted + c
                col, promoted = col + 1, ""
    held = {"b": {}, "w": {}}
    count = ""
    for c in "" if hands == "-" else hands:
        if c.isdigit():
            count += c
        else:
            side = "b" if c.isupper() else "w"
            held[side][c] = held[side].get(c, 0) + int(count or 1)
            count = ""
    return squares, held
