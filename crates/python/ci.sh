#!/usr/bin/env bash
# Builds and tests the Python package in a fresh virtual environment: maturin and pytest from
# PyPI, `pip install ./crates/python` (maturin's PEP 517 backend), then the tests, which compare
# against the CLI (and against minishogilib from PyPI, when it installs). Run from anywhere after
# `cargo build --release -p minishogi-cli`.
# PYTHON picks the interpreter (default python3); KEEP_VENV=1 keeps the environment.
set -euo pipefail

root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
bin="$root/target/release/minishogi"
if [[ ! -x "$bin" ]]; then
    echo "error: $bin is missing: run 'cargo build --release -p minishogi-cli' first" >&2
    exit 1
fi

work="$(mktemp -d)"
[[ "${KEEP_VENV:-0}" == 1 ]] || trap 'rm -rf "$work"' EXIT
"${PYTHON:-python3}" -m venv "$work/venv"
py="$work/venv/bin/python"
export PATH="$work/venv/bin:$PATH"  # the backend runs the `maturin` of this environment
"$py" -m pip install --quiet --upgrade pip
"$py" -m pip install --quiet "maturin>=1.5,<2" pytest
# Ray for the distributed self-play tests (a two-node cluster on this machine).
"$py" -m pip install --quiet "ray>=2.9,<3"
# minishogilib is only compared against (tests/test_minishogilib.py skips without it): a PyPI
# without it, or without a wheel for this platform, must not fail the build.
if ! "$py" -m pip install --quiet minishogilib; then
    echo "warning: could not install minishogilib from PyPI: the comparison tests will be skipped" >&2
fi
# The venv's maturin builds the wheel (no second download into an isolated build environment).
"$py" -m pip install --no-build-isolation ./crates/python
# Run from outside the source tree so the installed package, not crates/python/python, is imported.
cd "$work"
MINISHOGI_BIN="$bin" "$py" -m pytest -q -p no:cacheprovider "$root/crates/python/tests"
