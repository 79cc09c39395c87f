#!/usr/bin/env python3
"""How often Minjiku games reach the tables: the share of games that reach at most 2 and at most 3
pieces besides the Kings, the fewest each game reaches, and the materials met at <= 2.

When few games reach two pieces, `--pairs-within N` ranks the two-piece sets the games come
closest to instead: for each game whose sparsest position has at most N pieces besides the Kings,
every pair of those pieces (on board squares) is a two-piece ending that trading the others off
would leave; a set counts once per game, the set and its colour swap as one. It prints the 50 most
frequent, as names for `minishogi minjiku tb gen`.

Reads game files of one game a line (`startpos moves m1 m2 ...`, what `minishogi minjiku
selfplay --games-out` writes) and replays them with the Python package (`pip install
./crates/python`):

  minishogi minjiku selfplay --games 1000 --seed 55 --weights tuned --out sp.txt --games-out games.txt
  python3 tools/minjiku_reach_stats.py games.txt
  python3 tools/minjiku_reach_stats.py --pairs-within 9 games.txt
"""

import collections
import itertools
import sys

import minishogi.minjiku as mj


def material(pieces):
    """The set's name: White's pieces, then Black's, each side's King first (`KJvKA`)."""
    white = sorted(p for p in pieces.values() if p.upper() == p and p != "K")
    black = sorted(p.upper() for p in pieces.values() if p.upper() != p and p != "k")
    return "K" + "".join(white) + "vK" + "".join(black)


def on_board(square):
    """False for the extra squares beyond the 10x10 board (`f0`, `e11`), which no table holds."""
    rank = int(square[1:])
    return 1 <= rank <= 10


def pair_name(a, b):
    """The set of two pieces (symbols as `Position.pieces` writes them), one name per colour swap."""
    name = material({"x": a, "y": b})
    white, black = name[1:].split("vK")
    return min(name, "K" + black + "vK" + white)


def pairs_within(games, limit):
    """The two-piece sets within the sparsest positions of the games with at most `limit` pieces."""
    counts = collections.Counter()
    closest = 0
    for tokens in games:
        pos = mj.Position("startpos")
        sparsest = pos.pieces()
        for move in tokens[2:]:
            pos.push(move)
            pieces = pos.pieces()
            if len(pieces) < len(sparsest):
                sparsest = pieces
        others = [p for sq, p in sparsest.items() if p not in ("K", "k") and on_board(sq)]
        if len(sparsest) - 2 > limit:
            continue
        closest += 1
        counts.update({pair_name(a, b) for a, b in itertools.combinations(others, 2)})
    print("games whose sparsest position has <= %d pieces besides the Kings: %d; two-piece sets "
          "within them: %d" % (limit, closest, len(counts)))
    for name, count in counts.most_common(50):
        print("%5d %s" % (count, name))


def main(paths):
    games = [line.split() for path in paths for line in open(path) if line.strip()]
    fewest = collections.Counter()
    sets = collections.Counter()
    for tokens in games:
        if tokens[:2] != ["startpos", "moves"]:
            sys.exit("minjiku_reach_stats: a line that is not `startpos moves ...`: %s" % " ".join(tokens[:4]))
        pos = mj.Position("startpos")
        low, seen = 99, set()
        for move in tokens[2:]:
            pos.push(move)
            pieces = pos.pieces()
            low = min(low, len(pieces) - 2)
            if len(pieces) - 2 <= 2:
                seen.add(material(pieces))
        fewest[low] += 1
        sets.update(seen)
    n = len(games)
    at_most = lambda k: sum(c for low, c in fewest.items() if low <= k)
    print("games %d; reaching <= 2 pieces besides the Kings: %d (%.1f %%); <= 3: %d (%.1f %%)"
          % (n, at_most(2), 100 * at_most(2) / n, at_most(3), 100 * at_most(3) / n))
    by_fives = collections.Counter()
    for low, c in fewest.items():
        by_fives[min(low // 5 * 5, 40)] += c
    print("fewest pieces besides the Kings a game reaches: "
          + ", ".join("%s: %d" % ("%d-%d" % (k, k + 4) if k < 40 else "40+", c) for k, c in sorted(by_fives.items())))
    print("materials met at <= 2 pieces: %d" % len(sets))
    for name, count in sets.most_common(50):
        print("%5d %s" % (count, name))


if __name__ == "__main__":
    args = sys.argv[1:]
    if args[:1] == ["--pairs-within"] and len(args) >= 3 and args[1].isdigit():
        pairs_within([line.split() for path in args[2:] for line in open(path) if line.strip()], int(args[1]))
    elif args and not args[0].startswith("-"):
        main(args)
    else:
        sys.exit(__doc__)
