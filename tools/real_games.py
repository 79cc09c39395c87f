#!/usr/bin/env python3
"""Real-game positions for `solve` against `mate --any-move` (docs/solutions.md, § Real games).

    python3 tools/real_games.py positions RECORDS.tsv... > data/proofs/real-games.txt
    python3 tools/real_games.py run data/proofs/real-games.txt --bin target/release/minishogi \
        [--nodes 10000000] [--time S] [--max-plies 21] --out results.tsv
    python3 tools/real_games.py table results.tsv

`positions` reads `minishogi match --records` files, keeps each distinct game that ended in
checkmate once (a match plays every opening with both colours, and a deterministic engine playing
itself repeats the game), and writes the positions 10, 20, 30 and 40 plies before the end, one SFEN
a line after a `# game …` comment (the SFENs come from `minishogi show`).

`run` answers each position twice, each with the same budget (`--nodes`, and `--time` seconds if given):
`solve --json`, and `mate --any-move --max-plies P --json`, which proves only wins of the side to
move within P plies, so a loss is proved the way a user would: a mate within P for the opponent
after every legal reply. Half the budget goes to the side to move's win and half, split evenly,
to the replies (solve too spends half on each side). `--mate-from OLD.tsv` reuses the `mate`
answers of an earlier run (after a change to `solve` alone); `--out FILE` appends to FILE and
skips the positions it already holds, so a stopped run resumes. Each line: the SFEN, solve's answer, nodes,
seconds and peak RSS, then mate's. `table` counts the proved shares by distance from the end and
lists any disagreement (a win one claims that the other refutes).
"""
import argparse
import json
import os
import re
import subprocess
import sys
import time

DISTANCES = (10, 20, 30, 40)


def sfen_after(binary: str, moves: list) -> str:
    out = subprocess.run([binary, "show", "startpos moves " + " ".join(moves)], check=True,
                         capture_output=True, text=True).stdout
    return re.search(r"^sfen: (.*)$", out, re.M).group(1)


def positions(args) -> None:
    seen = set()
    for path in args.records:
        with open(path) as f:
            for line in f:
                if line.startswith("#") or not line.strip():
                    continue
                cols = line.rstrip("\n").split("\t")
                game, result, ending, opening, moves = cols[0], cols[3], cols[4], cols[5], cols[6]
                if ending != "checkmate":
                    continue
                opening_moves = opening.split()[2:] if opening.startswith("startpos moves") else []
                if not opening.startswith("startpos"):
                    sys.exit(f"{path}: game {game}: only startpos openings are read")
                all_moves = opening_moves + moves.split()
                if tuple(all_moves) in seen:
                    continue
                seen.add(tuple(all_moves))
                for n in DISTANCES:
                    if len(all_moves) < n:
                        continue
                    sfen = sfen_after(args.bin, all_moves[: len(all_moves) - n])
                    print(f"# {path.split('/')[-1]} game {game}, {result} by checkmate after "
                          f"{len(all_moves)} plies: {n} plies before the end")
                    print(sfen)


def timed_json(cmd: list, stdin: str = None) -> tuple:
    """Runs `cmd` under /usr/bin/time, returning its JSON lines and its peak RSS in MB."""
    started = time.time()
    proc = subprocess.run(["/usr/bin/time", "-f", "RSS %M"] + cmd, input=stdin, capture_output=True,
                          text=True)
    rss = re.search(r"RSS (\d+)", proc.stderr)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)}: {proc.stderr.strip()}")
    answers = [json.loads(l) for l in proc.stdout.splitlines() if l.startswith("{")]
    return answers, int(rss.group(1)) // 1024 if rss else None, time.time() - started


def mate_answer(args, sfen: str) -> tuple:
    """`mate --any-move` proving a win of the side to move, or a loss reply by reply."""
    legal = subprocess.run([args.bin, "moves", sfen], check=True, capture_output=True,
                           text=True).stdout.split()
    base = [args.bin, "mate", "--any-move", "--max-plies", str(args.max_plies), "--json"]
    half_nodes = args.nodes // 2
    # Half the budget for the side to move's win, half shared by the replies (also of the time cap).
    half_ms = None if args.time is None else int(args.time * 500)
    cap = lambda ms: [] if ms is None else ["--time", str(ms)]
    (own,), rss, secs = timed_json(base + ["--nodes", str(half_nodes), *cap(half_ms), sfen])
    nodes, peak = own["nodes"], rss
    if own["result"] == "mate":
        return f"win {own['plies']}", nodes, secs, peak
    if not legal:
        return "loss 0", nodes, secs, peak
    each_nodes = max(1, half_nodes // len(legal))
    each_ms = None if half_ms is None else max(1, half_ms // len(legal))
    children = [sfen + " moves " + m for m in legal]
    replies, rss, more = timed_json(base + ["--nodes", str(each_nodes), *cap(each_ms)],
                                    "\n".join(children) + "\n")
    nodes += sum(r["nodes"] for r in replies)
    secs += more
    peak = max(peak or 0, rss or 0)
    if len(replies) == len(legal) and all(r["result"] == "mate" for r in replies):
        return f"loss {1 + max(r['plies'] for r in replies)}", nodes, secs, peak
    # What it did establish: no win within the bound (the side to move's search completed).
    return ("unknown (no win within %d)" % args.max_plies if own["result"] == "nomate" else "unknown",
            nodes, secs, peak)


def earlier_mate_answers(path: str) -> dict:
    """`mate`'s columns of an earlier `run`'s output, by SFEN (`--mate-from`)."""
    answers = {}
    if path:
        with open(path) as f:
            for line in f:
                c = line.rstrip("\n").split("\t")
                if not line.startswith("#") and len(c) >= 9:
                    answers[c[0]] = (c[5], int(c[6]), float(c[7]), int(c[8]))
    return answers


def done_rows(path: str) -> dict:
    """The rows of an earlier `run --out` (resumed: their positions are not run again), by SFEN."""
    rows = {}
    if path and os.path.exists(path):
        with open(path) as f:
            for line in f:
                if not line.startswith("#") and line.strip():
                    rows[line.split("\t")[0]] = line
    return rows


def run(args) -> None:
    earlier = earlier_mate_answers(args.mate_from)
    done = done_rows(args.out)
    out = open(args.out, "a") if args.out else sys.stdout
    if not done:
        print("# sfen\tsolve\tnodes\ts\trss_mb\tmate\tnodes\ts\trss_mb\twhere", file=out, flush=True)
    cap = [] if args.time is None else ["--time", str(args.time)]
    comment = ""
    with open(args.positions) as f:
        for line in f:
            line = line.strip()
            if line.startswith("#"):
                comment = line[1:].strip()
                continue
            if not line or line in done:
                continue
            cmd = [args.bin, "solve", "--json", "--nodes", str(args.nodes), *cap, "--memory", str(args.memory), line]
            (s,), s_rss, s_secs = timed_json(cmd)
            if s["result"] == "unknown":
                known = [f"no win within {s['no_win_within']}" if s["no_win_within"] else "",
                         "no win" if s["no_win"] else "",
                         f"no loss within {s['no_loss_within']}" if s["no_loss_within"] else ""]
                solve = "unknown" + ("" if not any(known) else " (" + ", ".join(k for k in known if k) + ")")
            else:
                solve = f"{s['result']} {s['plies']}" + ("" if s["shortest"] else "+")
            mate, m_nodes, m_secs, m_rss = earlier.get(line) or mate_answer(args, line)
            print(f"{line}\t{solve}\t{s['nodes']}\t{s_secs:.1f}\t{s_rss}\t{mate}\t{m_nodes}\t{m_secs:.1f}"
                  f"\t{m_rss}\t{comment}", file=out, flush=True)


def table(args) -> None:
    rows = []
    with open(args.results) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            c = line.rstrip("\n").split("\t")
            found = re.search(r"(\d+) plies before the end", c[9] if len(c) > 9 else "")
            n = int(found.group(1)) if found else None
            rows.append((n, c[1], c[5], c))
    print("| plies before the end | positions | `solve` proved | `mate --any-move` proved | only `solve` | only `mate` |")
    print("| --- | --- | --- | --- | --- | --- |")
    for n in DISTANCES + (None,):
        sel = [r for r in rows if n is None or (r[0] is not None and r[0] == n)]
        if not sel:
            continue
        s = sum(not r[1].startswith("unknown") for r in sel)
        m = sum(not r[2].startswith("unknown") for r in sel)
        only_s = sum(not r[1].startswith("unknown") and r[2].startswith("unknown") for r in sel)
        only_m = sum(r[1].startswith("unknown") and not r[2].startswith("unknown") for r in sel)
        label = "all" if n is None else str(n)
        print(f"| {label} | {len(sel)} | {s} ({100 * s / len(sel):.0f} %) | {m} ({100 * m / len(sel):.0f} %) "
              f"| {only_s} | {only_m} |")
    both = [r[3] for r in rows]
    for name, at in (("solve", 1), ("mate --any-move", 5)):
        proved = [c for c in both if not c[at].startswith("unknown")]
        print(f"{name}: {len(proved)} proved, {sum(int(c[at + 1]) for c in proved):,} nodes and "
              f"{sum(float(c[at + 2]) for c in proved):.1f} s on them; {sum(int(c[at + 1]) for c in both):,} "
              f"nodes and {sum(float(c[at + 2]) for c in both):.1f} s in all; peak RSS at most "
              f"{max(int(c[at + 3]) for c in both)} MB")
    for n, s, m, c in rows:
        sw, mw = s.split()[0], m.split()[0]
        if "unknown" not in (sw, mw) and sw != mw:
            print(f"DISAGREEMENT: {c[0]}: solve {s}, mate {m}")
        # A solve bound that a mate contradicts.
        nw = re.search(r"no win within (\d+)", s)
        if nw and mw == "win" and int(m.split()[1]) <= int(nw.group(1)):
            print(f"DISAGREEMENT: {c[0]}: solve {s}, mate {m}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("positions")
    p.add_argument("records", nargs="+")
    p.add_argument("--bin", default="target/release/minishogi")
    r = sub.add_parser("run")
    r.add_argument("positions")
    r.add_argument("--bin", default="target/release/minishogi")
    r.add_argument("--nodes", type=int, default=10_000_000)
    r.add_argument("--time", type=float, help="seconds a position, for each program (default: no cap, "
                   "only --nodes)")
    r.add_argument("--max-plies", type=int, default=21)
    r.add_argument("--memory", type=int, default=256)
    r.add_argument("--out", help="append the rows to this file, skipping the positions it already has "
                   "(a stopped run resumes)")
    r.add_argument("--mate-from", help="reuse the mate answers of an earlier run's output (after a "
                   "change to solve only)")
    t = sub.add_parser("table")
    t.add_argument("results")
    args = parser.parse_args()
    {"positions": positions, "run": run, "table": table}[args.command](args)


if __name__ == "__main__":
    main()
