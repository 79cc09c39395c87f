#!/usr/bin/env bash
# Builds and tests the Python package in a fresh virtual environment: maturin, pytest and mypy
# from PyPI, `pip install ./crates/python` (maturin's PEP 517 backend; it must leave the checkout
# clean), mypy's stubtest of the stub `minishogi/__init__.pyi` against the built module, then the
# tests, which compare against the CLI (and against minishogilib from PyPI, when it installs). Run
# from anywhere after `cargo build --release -p minishogi-cli`.
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
# mypy's stubtest compares the hand-written stub with the built module.
"$py" -m pip install --quiet "mypy>=1.18,<3"
# The venv's maturin builds the wheel (no second download into an isolated build environment).
# The build must leave the checkout as it found it (the workspace's one Cargo.lock, `locked`).
checkout() { git status --porcelain --untracked-files=all && git diff | sha256sum; }
before="$(checkout 2>/dev/null || true)"
"$py" -m pip install --no-build-isolation ./crates/python
after="$(checkout 2>/dev/null || true)"
if [[ "$before" != "$after" ]]; then
    echo "error: 'pip install ./crates/python' changed the checkout:" >&2
    diff <(echo "$before") <(echo "$after") >&2 || true
    exit 1
fi
# Run from outside the source tree so the installed package, not crates/python/python, is imported.
cd "$work"
# Every public name and signature of the stub against the module (exit 1 on any difference).
"$py" -m mypy.stubtest minishogi --mypy-config-file "$root/crates/python/pyproject.toml"
MINISHOGI_BIN="$bin" "$py" -m pytest -q -p no:cacheprovider "$root/crates/python/tests"
