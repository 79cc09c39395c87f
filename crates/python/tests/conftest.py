"""Shared paths: the repository root, its test data and the built `minishogi` binary."""

import os
import shutil
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
