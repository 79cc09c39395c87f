#!/usr/bin/env python3
"""Checks that docs/architecture.md names every crate of the workspace and its workspace
dependencies exactly as `cargo metadata` has them. Exits 1, naming each difference, if a crate or
a dependency edge is missing from the doc or is there but not in the workspace.

    python3 tools/check_architecture.py                      # docs/architecture.md against cargo
    python3 tools/check_architecture.py --doc D --metadata M # a doc against saved metadata JSON

The doc holds one Markdown table whose header row is

    | crate | directory | depends on | dev-dependencies |

(more columns after these may follow; cells are matched by their header, case and spacing
aside). Each row names one package in backticks (`minishogi-engine`), its directory (`crates/engine`),
and the workspace packages it depends on, each in backticks, in any order, separated by anything
(commas, "and"); a cell without a backticked name (`—`, empty) means none. "depends on" is the
normal and build dependencies; "dev-dependencies" the dev-only ones (a package that is also a
normal dependency is listed under "depends on" only). Dependencies outside the workspace are not
listed.
"""
import argparse
import json
import pathlib
import re
import subprocess
import sys

COLUMNS = ("crate", "directory", "depends on", "dev-dependencies")
NAME = re.compile(r"`([^`]+)`")


def cells(line: str) -> list:
    """The cells of a Markdown table row, stripped (`| a | b |` gives `["a", "b"]`)."""
    line = line.strip()
    if line.startswith("|"):
        line = line[1:]
    if line.endswith("|"):
        line = line[:-1]
    return [cell.strip() for cell in line.split("|")]


def normalise(header: str) -> str:
    return " ".join(header.lower().replace("*", "").replace("`", "").split())


def doc_table(text: str, doc: str) -> dict:
    """The crates table of the doc: {package: (directory, deps, dev_deps)}. Exits on a
    malformed table with the line at fault."""
    lines = text.splitlines()
    start = None
    for i, line in enumerate(lines):
        if line.lstrip().startswith("|") and tuple(map(normalise, cells(line)))[: len(COLUMNS)] == COLUMNS:
            if start is not None:
                sys.exit(f"{doc}:{i + 1}: a second crates table (the first is at line {start + 1})")
            start = i
    if start is None:
        sys.exit(f"{doc}: no crates table (a header row `| {' | '.join(COLUMNS)} |`)")
    rows = {}
    for i in range(start + 2, len(lines)):
        line = lines[i]
        if not line.lstrip().startswith("|"):
            break
        row = cells(line)
        if len(row) < len(COLUMNS):
            sys.exit(f"{doc}:{i + 1}: a crates-table row with {len(row)} cells, {len(COLUMNS)} needed")
        names = NAME.findall(row[0])
        if len(names) != 1:
            sys.exit(f"{doc}:{i + 1}: the crate cell must hold one name in backticks: {row[0]!r}")
        directory = NAME.findall(row[1])
        if len(directory) != 1:
            sys.exit(f"{doc}:{i + 1}: the directory cell must hold one path in backticks: {row[1]!r}")
        if names[0] in rows:
            sys.exit(f"{doc}:{i + 1}: `{names[0]}` has a second row")
        rows[names[0]] = (directory[0].rstrip("/"), set(NAME.findall(row[2])), set(NAME.findall(row[3])))
    return rows


def workspace(metadata: dict) -> dict:
    """The workspace as `cargo metadata --no-deps` has it: {package: (directory, deps, dev_deps)}."""
    root = pathlib.Path(metadata["workspace_root"])
    members = set(metadata["workspace_members"])
    packages = [p for p in metadata["packages"] if p["id"] in members]
    names = {p["name"] for p in packages}
    crates = {}
    for p in packages:
        directory = pathlib.Path(p["manifest_path"]).parent.relative_to(root).as_posix()
        deps = {d["name"] for d in p["dependencies"] if d["name"] in names and d["kind"] in (None, "build")}
        dev = {d["name"] for d in p["dependencies"] if d["name"] in names and d["kind"] == "dev"} - deps
        crates[p["name"]] = (directory, deps, dev)
    return crates


def differences(doc: dict, actual: dict) -> list:
    problems = []
    for name in sorted(actual.keys() - doc.keys()):
        problems.append(f"`{name}` ({actual[name][0]}) is a workspace crate but has no row")
    for name in sorted(doc.keys() - actual.keys()):
        problems.append(f"`{name}` has a row but is not a workspace crate")
    for name in sorted(doc.keys() & actual.keys()):
        (doc_dir, doc_deps, doc_dev), (dir_, deps, dev) = doc[name], actual[name]
        if doc_dir != dir_:
            problems.append(f"`{name}`: the doc says directory `{doc_dir}`, cargo says `{dir_}`")
        for column, said, has in (("depends on", doc_deps, deps), ("dev-dependencies", doc_dev, dev)):
            for dep in sorted(has - said):
                problems.append(f"`{name}` {column} `{dep}`: missing from the doc")
            for dep in sorted(said - has):
                problems.append(f"`{name}` {column} `{dep}`: in the doc, not in Cargo.toml")
    return problems


def main() -> int:
    root = pathlib.Path(__file__).resolve().parent.parent
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--doc", default=str(root / "docs/architecture.md"))
    parser.add_argument("--metadata", help="a saved `cargo metadata --format-version 1 --no-deps`")
    args = parser.parse_args()
    if args.metadata:
        metadata = json.loads(pathlib.Path(args.metadata).read_text())
    else:
        out = subprocess.run(
            ["cargo", "metadata", "--format-version", "1", "--no-deps"],
            cwd=root, check=True, capture_output=True, text=True,
        ).stdout
        metadata = json.loads(out)
    doc = doc_table(pathlib.Path(args.doc).read_text(encoding="utf-8"), args.doc)
    problems = differences(doc, workspace(metadata))
    for problem in problems:
        print(f"{args.doc}: {problem}", file=sys.stderr)
    if problems:
        print(f"{args.doc} disagrees with `cargo metadata` ({len(problems)} differences): "
              "update the crates table", file=sys.stderr)
        return 1
    print(f"{args.doc}: {len(doc)} crates and their workspace dependencies match `cargo metadata`")
    return 0


if __name__ == "__main__":
    sys.exit(main())
