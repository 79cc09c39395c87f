#!/usr/bin/env python3
"""Runs a list of `minishogi` invocations against two binaries and reports every difference in
stdout, stderr, exit status and the files each invocation writes. Exits 1 if there is one.

    python3 tools/compare_cli.py --old old/minishogi --new target/release/minishogi
    python3 tools/compare_cli.py --old A --new B --list tools/cli_invocations.txt --only tb

The list (default tools/cli_invocations.txt) holds one shell command per line, run by bash in
order in a fresh working directory per binary (so a `tb gen` line makes the tables the next
`tb probe` line reads); `minishogi` on a line is the binary under test. The working directory
holds `data`, a link to this checkout's data/. A line may end with `#mask: REGEX`: text matching
REGEX (timings, rates) is replaced by `<masked>` in both outputs, and in the text files the line
writes, before they are compared.
Blank lines and lines starting with `#` are skipped.
"""
import argparse
import difflib
import hashlib
import os
import pathlib
import re
import subprocess
import sys
import tempfile

REPO = pathlib.Path(__file__).resolve().parent.parent
MASK = "#mask:"


def parse_list(path: pathlib.Path) -> list:
    """The invocations of `path`: (line number, command, mask regex or None)."""
    entries = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        mask = None
        if MASK in line:
            line, mask = (part.strip() for part in line.split(MASK, 1))
            re.compile(mask, re.M)
        entries.append((number, line, mask))
    return entries


def files_of(work: pathlib.Path, mask) -> dict:
    """Every regular file under `work` (not following the data link): its SHA-256, and that of
    its text with `mask` applied (the same digest for a file that is not UTF-8 text)."""
    found = {}
    for root, dirs, files in os.walk(work):
        dirs[:] = [d for d in dirs if not (pathlib.Path(root) / d).is_symlink()]
        for name in files:
            path = pathlib.Path(root) / name
            if path.is_symlink():
                continue
            data = path.read_bytes()
            masked = data
            if mask:
                try:
                    masked = re.sub(mask, "<masked>", data.decode("utf-8"), flags=re.M).encode("utf-8")
                except UnicodeDecodeError:
                    pass
            digests = (hashlib.sha256(data).hexdigest(), hashlib.sha256(masked).hexdigest())
            found[str(path.relative_to(work))] = digests
    return found


def run_all(binary: pathlib.Path, entries: list, timeout: float) -> list:
    """Runs every entry with `binary` as `minishogi`; returns one outcome per entry."""
    base = pathlib.Path(tempfile.mkdtemp(prefix="compare-cli-"))
    bin_dir, work = base / "bin", base / "work"
    bin_dir.mkdir()
    work.mkdir()
    (bin_dir / "minishogi").symlink_to(binary.resolve())
    (work / "data").symlink_to(REPO / "data")
    env = dict(os.environ, PATH=f"{bin_dir}:{os.environ['PATH']}", NO_COLOR="1")
    outcomes = []
    before = {}
    for number, command, mask in entries:
        try:
            done = subprocess.run(["bash", "-c", command], cwd=work, env=env, capture_output=True,
                                  timeout=timeout)
            out, err, code = done.stdout, done.stderr, str(done.returncode)
        except subprocess.TimeoutExpired:
            out, err, code = b"", b"", f"timeout after {timeout} s"
        after = files_of(work, mask)
        written = {name: d[1] for name, d in after.items() if before.get(name, ("",))[0] != d[0]}
        before = after

        def clean(raw: bytes) -> str:
            text = raw.decode("utf-8", "replace").replace(str(base), "$BASE")
            return re.sub(mask, "<masked>", text, flags=re.M) if mask else text

        outcomes.append({"stdout": clean(out), "stderr": clean(err), "exit": code,
                         "files": "\n".join(f"{n} {d}" for n, d in sorted(written.items()))})
    return outcomes


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--old", type=pathlib.Path, required=True, help="the reference binary")
    parser.add_argument("--new", type=pathlib.Path, required=True, help="the binary under test")
    parser.add_argument("--list", type=pathlib.Path, default=REPO / "tools" / "cli_invocations.txt")
    parser.add_argument("--only", help="run only the lines containing this text")
    parser.add_argument("--timeout", type=float, default=600, help="seconds per invocation")
    args = parser.parse_args()
    for binary in (args.old, args.new):
        if not binary.is_file():
            sys.exit(f"compare_cli: no binary at {binary}")
    entries = parse_list(args.list)
    if args.only:
        entries = [e for e in entries if args.only in e[1]]
    old, new = run_all(args.old, entries, args.timeout), run_all(args.new, entries, args.timeout)
    differing = 0
    for (number, command, _), a, b in zip(entries, old, new):
        parts = [key for key in ("stdout", "stderr", "exit", "files") if a[key] != b[key]]
        if not parts:
            continue
        differing += 1
        print(f"line {number}: {command}")
        for key in parts:
            diff = difflib.unified_diff(a[key].splitlines(), b[key].splitlines(), f"old {key}",
                                        f"new {key}", lineterm="", n=1)
            print("\n".join("    " + line for line in list(diff)[:40]))
    print(f"{len(entries)} invocations, {differing} differ")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
