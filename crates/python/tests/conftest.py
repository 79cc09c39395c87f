"""Shared paths (the repository root, its test data, the built `minishogi` binary) and the
local two-node Ray cluster of the distributed tests."""

import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "crates" / "minishogi" / "tests" / "data"


def read_tsv(name):
    """The rows of a tab-separated file of the rules crate's test data, as dicts."""
    lines = (DATA / name).read_text().splitlines()
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


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def cluster():
    """The address of a two-node Ray cluster on 127.0.0.1 (a head and a worker, one CPU each),
    started once for every distributed test and stopped at the end."""
    pytest.importorskip("ray", reason="ray is not installed (ci.sh installs it)")
    ray_bin = str(Path(sys.executable).with_name("ray"))
    port = free_port()
    common = ["--num-cpus", "1", "--disable-usage-stats", "--node-ip-address", "127.0.0.1"]
    env = dict(os.environ, RAY_ENABLE_UV_RUN_RUNTIME_ENV="0")
    subprocess.run([ray_bin, "start", "--head", "--port", str(port), "--include-dashboard=false", *common],
                   check=True, capture_output=True, env=env)
    try:
        address = f"127.0.0.1:{port}"
        subprocess.run([ray_bin, "start", "--address", address, *common], check=True, capture_output=True, env=env)
        yield address
    finally:
        subprocess.run([ray_bin, "stop", "--force"], capture_output=True)


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
