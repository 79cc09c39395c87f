#!/usr/bin/env python3
"""How often Minjiku games reach the tables: the share of games that reach at most 2 and at most 3
pieces besides the Kings, the fewest each game reaches, and the materials met at <= 2.

Reads game files of one game a line (`startpos moves m1 m2 ...`, what `minishogi minjiku
selfplay --games-out` writes) and replays them with the Python package (`pip install
./crates/python`):

  minishogi minjiku selfplay --games 1000 --seed 55 --weights tuned --out sp.txt --games-out games.txt
  python3 tools/minjiku_reach_stats.py games.txt
"""

import collections
import sys

import minishogi.minjiku as mj


def material(pieces):
    """The set's name: White's pieces, then Black's, each side's King first (`KJvKA`)."""
    white = sorted(p for p in pieces.values() if p.upper() == p and p != "K")
    black = sorted(p.upper() for p in pieces.values() if p.upper() != p and p != "k")
    return "K" + "".join(white) + "vK" + "".join(black)


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
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
