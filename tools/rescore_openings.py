#!/usr/bin/env python3
"""Re-scores the openings a match played with a deeper search, and splits the match's pairs by
whether that search still calls the opening level: did the pairs that split 1-1 start from
openings a deeper screen would have dropped?

    python3 tools/rescore_openings.py --engine FAIRY_STOCKFISH --option Use_NNUE=false \
        --depth 18 --max-score 60 --engine-name minishogi records.tsv [more.tsv ...]

Each records file is one `minishogi match --records` run; games 2i+1 and 2i+2 play the same
opening with colours swapped. Every distinct opening is searched once (`usinewgame` first; a
Fairy-Stockfish score still depends on the searches its process made before, docs/match.md) and
its score is taken from sente's side. The report gives,
for the openings within --max-score and for those beyond it, the pentanomial of --engine-name's
pairs (0, 0.5, 1, 1.5, 2 points) and its split rate, and the mean score from sente's side of the
pairs that split with sente winning both games and with gote winning both.

    python3 tools/rescore_openings.py --engine FAIRY_STOCKFISH --option Use_NNUE=false \
        --depth 20 --max-score 60 --book data/openings/fs-screened.txt --out deeper.txt

With --book, the openings of a book (an openings file) are scored instead, and those within
--max-score are written to --out in the book's order, each with its score as the book's lines
have it (`# sente +12 NAME depth=20`, NAME the engine program's file name).
"""

import argparse
import os
import subprocess
import sys

from match_times import pair_points, pairs, pentanomial, read


class Usi:
    """A USI engine on a pipe."""

    def __init__(self, command, options):
        try:
            self.proc = subprocess.Popen(command.split(), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        except OSError as e:
            sys.exit(f"cannot start '{command}': {e}")
        self.send("usi")
        self.until("usiok")
        for option in options:
            name, _, value = option.partition("=")
            self.send(f"setoption name {name} value {value}")
        self.send("isready")
        self.until("readyok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def until(self, token):
        """Reads up to the line starting with `token`; returns the last line with a score."""
        scored = None
        for line in self.proc.stdout:
            if " score " in line:
                scored = line
            if line.startswith(token):
                return scored
        sys.exit(f"the engine closed its output before '{token}'")

    def score(self, position, depth):
        """The score of `position` (a `startpos moves ...` line) from the side to move."""
        self.send("usinewgame")
        self.send("position " + position)
        self.send(f"go depth {depth}")
        line = self.until("bestmove")
        words = (line or "").split()
        try:
            kind, value = words[words.index("score") + 1], int(words[words.index("score") + 2])
        except (ValueError, IndexError):
            sys.exit(f"no score for {position}: {line!r}")
        if kind == "mate":
            return 100_000 if value > 0 else -100_000
        return value

    def quit(self):
        self.send("quit")
        self.proc.wait()


def sente_to_move(position):
    """Whether sente moves in a `startpos [moves ...]` or `sfen B S H N [moves ...]` line."""
    words = position.split()
    sente = words[0] == "startpos" or words[2] == "b"
    plies = len(words) - words.index("moves") - 1 if "moves" in words else 0
    return sente == (plies % 2 == 0)


def read_pairs(paths, engine_name):
    """Pairs (opening, engine's points, games sente won) of every records file."""
    result = []
    for path in paths:
        for pair in pairs(read(path)):
            sente_wins = sum(g.result == "1-0" for g in pair)
            result.append((pair[0].opening, pair_points(pair, engine_name), sente_wins))
    return result


def report(label, pairs, scores):
    penta = pentanomial(points for _, points, _ in pairs)
    n = len(pairs)
    split = penta[2] / n if n else 0.0
    print(f"{label}: {n} pairs, pentanomial {penta}, split {100 * split:.0f} %")
    for side, wins in (("sente", 2), ("gote", 0)):
        values = [scores[o] for o, points, s in pairs if points == 1.0 and s == wins]
        if values:
            print(f"  split, {side} won both: {len(values)} pairs, mean score {sum(values) / len(values):+.1f} (sente's side)")


def sente_score(usi, opening, depth):
    """The score of `opening` at `depth` from sente's side."""
    from_mover = usi.score(opening, depth)
    return from_mover if sente_to_move(opening) else -from_mover


def read_book(path):
    """The openings of an openings file: one `startpos moves ...` line each, `#` comments."""
    try:
        with open(path, encoding="utf-8") as f:
            lines = [line.split("#")[0].strip() for line in f]
    except OSError as e:
        sys.exit(f"cannot read {path}: {e}")
    openings = [line for line in lines if line]
    bad = [o for o in openings if not (o.startswith("startpos") or o.startswith("sfen "))]
    if bad:
        sys.exit(f"{path}: not an opening line: {bad[0][:60]!r}")
    return openings


def rescore_book(args):
    """Scores a book's openings and writes those within --max-score to --out."""
    openings = read_book(args.book)
    if not openings:
        sys.exit(f"{args.book}: no opening")
    usi = Usi(args.engine, args.option)
    name = os.path.basename(args.engine.split()[0])
    kept = []
    for opening in openings:
        score = sente_score(usi, opening, args.depth)
        if abs(score) <= args.max_score:
            kept.append(f"{opening}  # sente {score:+d} {name} depth={args.depth}")
    usi.quit()
    header = (
        f"# Openings of {os.path.basename(args.book)} that {name} at depth {args.depth} scores within "
        f"{args.max_score} cp (tools/rescore_openings.py --book):\n# {len(kept)} of {len(openings)}, in the book's order.\n"
    )
    try:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(header + "".join(line + "\n" for line in kept))
    except OSError as e:
        sys.exit(f"cannot write {args.out}: {e}")
    print(f"{len(kept)} of {len(openings)} openings within {args.max_score} cp written to {args.out}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records", nargs="*")
    parser.add_argument("--book", help="score this book's openings instead of a match's")
    parser.add_argument("--out", help="with --book: the openings file to write")
    parser.add_argument("--engine", required=True, help="the scoring engine's command line")
    parser.add_argument("--option", action="append", default=[], help="NAME=VALUE (repeatable)")
    parser.add_argument("--depth", type=int, default=18)
    parser.add_argument("--max-score", type=int, default=60)
    parser.add_argument("--engine-name", help="the engine whose points the pentanomial counts")
    args = parser.parse_args()
    if args.book:
        if not args.out or args.records:
            parser.error("--book takes --out and no records")
        return rescore_book(args)
    if not args.records or not args.engine_name:
        parser.error("records and --engine-name are needed (or --book and --out)")

    pairs = read_pairs(args.records, args.engine_name)
    if not pairs:
        sys.exit("no complete pair in the records")
    usi = Usi(args.engine, args.option)
    scores = {}
    for opening, _, _ in pairs:
        if opening not in scores:
            scores[opening] = sente_score(usi, opening, args.depth)
    usi.quit()
    level = [p for p in pairs if abs(scores[p[0]]) <= args.max_score]
    beyond = [p for p in pairs if abs(scores[p[0]]) > args.max_score]
    report("all openings", pairs, scores)
    report(f"within {args.max_score} cp at depth {args.depth}", level, scores)
    report(f"beyond {args.max_score} cp", beyond, scores)


if __name__ == "__main__":
    main()
