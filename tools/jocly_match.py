#!/usr/bin/env python3
"""Our Minjiku engine (`minishogi minjiku xboard`) against Jocly's AI (the headless
`opponent.js` of ../shared/tools/jocly-minjiku/, built as its README says; Jocly is not part of
this project).

Each pair of games starts from one random 4-ply opening (moves drawn from Jocly's legal list with
a generator seeded by --seed and the pair; drawn again until our depth-4 search scores it within
±300 cp, since random plies often leave a mate in one; both rule sets agree on them or the pair is
set aside) and is played with both colours. Every move is checked by both rule sets:

* our engine's session is the referee for our rules: Jocly's moves go to it in force mode, and it
  answers `Illegal move` or announces the end (`1-0 {...}`), as it does for its own moves;
* Jocly's `opponent.js` replays the whole game before each reply and answers `error ...` when a
  move is illegal under its rules, or `none RESULT` when its rules end the game.

A game where the two disagree (a move one side's rules refuse, an end one side does not see) is
set aside and counted, not scored. A game reaching --max-plies is adjudicated a draw; one where
our engine reports at least --adjudicate-score centipawns on --adjudicate-moves consecutive moves
is adjudicated to the side it favours (both recorded as such).

  python3 tools/jocly_match.py --engine target/release/minishogi --games 100 --workers 2 --resume \\
      --ours-ms 100 --level fast --out data/matches/minjiku-jocly-100ms-fast.jsonl
  python3 tools/jocly_match.py --report data/matches/minjiku-jocly-100ms-fast.jsonl

With --resume the games already in --out are skipped (the openings come from --seed, so the
same --seed and --games give the same games), so a long match can be stopped and picked up.
"""

import argparse
import json
import math
import os
import random
import subprocess
import sys
import threading
import time

JOCLY_TOOLS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared", "tools", "jocly-minjiku")


class Engine:
    """Our engine over CECP."""

    def __init__(self, binary, ms):
        self.proc = subprocess.Popen([binary, "minjiku", "xboard"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)
        self.pings = 0
        self.send("xboard")
        self.send("protover 2")
        while "done=1" not in self.read():
            pass
        self.send("new")
        self.send("post")
        self.send("st %g" % (ms / 1000.0))
        self.send("force")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def read(self):
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("engine closed its output")
        return line.rstrip("\n")

    def sync(self):
        """Lines up to a pong: everything the engine said about the commands before."""
        self.pings += 1
        self.send("ping %d" % self.pings)
        lines = []
        while True:
            line = self.read()
            if line == "pong %d" % self.pings:
                return lines
            lines.append(line)

    def user_move(self, move):
        """Plays an opponent's move in force mode; (legal, result or None)."""
        self.send("force")
        self.send("usermove " + move)
        lines = self.sync()
        if any(l.startswith("Illegal move") or l.startswith("Error") for l in lines):
            return False, None
        return True, result_of(lines)

    def go(self):
        """Our move: (move, last score in centipawns, result or None)."""
        self.send("go")
        score = None
        while True:
            line = self.read()
            if line.startswith("move "):
                move = line[5:]
                break
            fields = line.split()
            if len(fields) >= 4 and fields[0].isdigit():
                score = int(fields[1])
        return move, score, result_of(self.sync())

    def close(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=10)
        except Exception:
            self.proc.kill()


def result_of(lines):
    for l in lines:
        for r in ("1-0", "0-1", "1/2-1/2"):
            if l.startswith(r + " "):
                return r, l[len(r) + 1:]
    return None


class Jocly:
    """Jocly's AI in line mode: one line of moves in, one reply out."""

    def __init__(self, tools, dist, level):
        env = dict(os.environ, JOCLY_DIST=dist)
        self.proc = subprocess.Popen(["node", os.path.join(tools, "opponent.js"), "--level", level],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1, env=env)

    def reply(self, moves):
        self.proc.stdin.write(("startpos " + " ".join(moves)).strip() + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("jocly closed its output")
        return line.strip()

    def close(self):
        self.proc.stdin.close()
        try:
            self.proc.wait(timeout=10)
        except Exception:
            self.proc.kill()


def legal_in_jocly(tools, dist, moves):
    env = dict(os.environ, JOCLY_DIST=dist)
    # One line on stdin: with no MOVE arguments the script reads its positions from stdin.
    out = subprocess.run(["node", os.path.join(tools, "opponent.js"), "--legal"],
                         input=("startpos " + " ".join(moves)).strip() + "\n",
                         capture_output=True, text=True, env=env).stdout.strip()
    if out.startswith("error") or out.startswith("none"):
        return []
    return out.split()


def opening_score(engine, moves, depth):
    """Our engine's score (side to move, centipawns) after the moves, from a shallow search."""
    out = subprocess.run([engine, "minjiku", "go", "--fen", "startpos moves " + " ".join(moves),
                          "--depth", str(depth)], capture_output=True, text=True).stdout
    for line in out.splitlines():
        f = line.split()
        if f and f[0] == "bestmove" and "score" in f:
            return int(f[f.index("score") + 1])
    return None  # no move: the game is over


def opening(args, pair):
    """The pair's opening: random plies from Jocly's legal lists (a generator seeded by --seed and
    the pair), drawn again until the game is not over inside them and our shallow search scores
    the position within --opening-balance. Random plies alone often leave a mate in one."""
    rng = random.Random("%d-%d" % (args.seed, pair))
    for _ in range(200):
        moves = []
        for _ in range(args.opening_plies):
            legal = sorted(legal_in_jocly(args.jocly_tools, args.jocly_dist, moves))
            if not legal:
                break
            moves.append(rng.choice(legal))
        if len(moves) < args.opening_plies:
            continue
        score = opening_score(args.engine, moves, args.opening_depth)
        if score is not None and abs(score) <= args.opening_balance:
            return moves
    sys.exit("jocly_match: no balanced opening for pair %d in 200 draws (is JOCLY_DIST a Jocly build?)" % pair)


def play_game(args, opening_moves, ours_white, index):
    """One game; returns its record (with the wall time it took)."""
    started = time.time()
    rec = play_moves(args, opening_moves, ours_white, index)
    rec["seconds"] = round(time.time() - started, 1)
    return rec


def play_moves(args, opening_moves, ours_white, index):
    """The moves of one game, refereed by both rule sets."""
    engine = Engine(args.engine, args.ours_ms)
    jocly = Jocly(args.jocly_tools, args.jocly_dist, args.level)
    moves = []
    record = {"game": index, "opening": opening_moves, "ours": "white" if ours_white else "black",
              "ours_ms": args.ours_ms, "level": args.level}
    scores = []  # our engine's score after each of its moves
    try:
        for m in opening_moves:
            ok, _ = engine.user_move(m)
            if not ok:
                return dict(record, moves=moves, status="disagreement", detail="opening move %s illegal for ours" % m)
            moves.append(m)
        jocly_move = None  # Jocly's reply, when it came with its check of our move
        while True:
            if len(moves) >= args.max_plies:
                result, status, detail = "1/2-1/2", "adjudicated", "move limit %d" % args.max_plies
                break
            ours_turn = (len(moves) % 2 == 0) == ours_white
            if ours_turn:
                move, score, ours_result = engine.go()
                moves.append(move)
                scores.append(score if score is not None else 0)
                # Jocly replays the game, our move included: it refuses it, ends the game, or replies.
                reply = jocly.reply(moves)
                if reply.startswith("error"):
                    return dict(record, moves=moves, status="disagreement",
                                detail="jocly refuses our move %s: %s" % (move, reply))
                if ours_result or reply.startswith("none "):
                    if ours_result and reply.startswith("none ") and reply.split()[1] == ours_result[0]:
                        result, status, detail = ours_result[0], "rules", ours_result[1]
                        break
                    return dict(record, moves=moves, status="disagreement",
                                detail="end of game: ours %s, jocly %s" % (ours_result, reply))
                last = scores[-args.adjudicate_moves:]
                if len(last) == args.adjudicate_moves and (min(last) >= args.adjudicate_score
                                                           or max(last) <= -args.adjudicate_score):
                    white_won = ours_white == (last[-1] > 0)
                    result = "1-0" if white_won else "0-1"
                    status = "adjudicated"
                    detail = "our score beyond %d for %d moves" % (args.adjudicate_score, args.adjudicate_moves)
                    break
                jocly_move = reply
                continue
            if jocly_move is None:
                jocly_move = jocly.reply(moves)
                if jocly_move.startswith("error") or jocly_move.startswith("none "):
                    return dict(record, moves=moves, status="disagreement", detail="jocly: " + jocly_move)
            ok, ours_result = engine.user_move(jocly_move)
            moves.append(jocly_move)
            jocly_move = None
            if not ok:
                return dict(record, moves=moves, status="disagreement", detail="ours refuses jocly's move " + moves[-1])
            if ours_result:
                check = jocly.reply(moves)
                if check.startswith("none ") and check.split()[1] == ours_result[0]:
                    result, status, detail = ours_result[0], "rules", ours_result[1]
                    break
                return dict(record, moves=moves, status="disagreement",
                            detail="end of game: ours %s, jocly %s" % (ours_result, check))
        return dict(record, moves=moves, result=result, status=status, detail=detail)
    finally:
        engine.close()
        jocly.close()


def points_for_ours(rec):
    r = rec.get("result")
    if rec.get("status") == "disagreement" or r is None:
        return None
    if r == "1/2-1/2":
        return 0.5
    white_won = r == "1-0"
    return 1.0 if white_won == (rec["ours"] == "white") else 0.0


def report(records):
    scored = [r for r in records if points_for_ours(r) is not None]
    aside = [r for r in records if r.get("status") == "disagreement"]
    w = sum(1 for r in scored if points_for_ours(r) == 1.0)
    d = sum(1 for r in scored if points_for_ours(r) == 0.5)
    l = sum(1 for r in scored if points_for_ours(r) == 0.0)
    adjudicated = sum(1 for r in scored if r.get("status") == "adjudicated")
    pairs = {}
    for r in scored:
        pairs.setdefault(r["pair"], []).append(points_for_ours(r))
    penta = [0] * 5
    pair_scores = []
    for p in pairs.values():
        if len(p) == 2:
            penta[int(round(2 * sum(p)))] += 1
            pair_scores.append(sum(p) / 2)
    n = len(scored)
    score = (w + 0.5 * d) / n if n else float("nan")
    lines = ["games %d: scored %d (W %d D %d L %d, %d adjudicated), set aside %d (rules disagree)"
             % (len(records), n, w, d, l, adjudicated, len(aside)),
             "score for ours %.1f %% (%.1f of %d)" % (100 * score, w + 0.5 * d, n),
             "pentanomial [LL, LD, WL+DD, WD, WW] over %d complete pairs: %s" % (sum(penta), penta)]
    if len(pair_scores) >= 2:
        mean = sum(pair_scores) / len(pair_scores)
        var = sum((s - mean) ** 2 for s in pair_scores) / (len(pair_scores) - 1)
        half = 1.96 * math.sqrt(var / len(pair_scores))
        lo, hi = max(0.0, mean - half), min(1.0, mean + half)
        elo = lambda s: float("inf") if s >= 1 else (-float("inf") if s <= 0 else -400 * math.log10(1 / s - 1))
        lines.append("pair score %.3f, 95 %% interval %.3f .. %.3f; Elo %+.0f (%+.0f .. %+.0f)"
                     % (mean, lo, hi, elo(mean), elo(lo), elo(hi)))
    kinds = {}
    for r in aside:
        d = r.get("detail", "")
        kind = ("jocly refuses our move" if d.startswith("jocly refuses") else
                "ours refuses jocly's move" if d.startswith("ours refuses") else
                "the rules see different ends" if d.startswith("end of game") or d.startswith("jocly ends") else "other")
        kinds[kind] = kinds.get(kind, 0) + 1
    if aside:
        lines.append("set aside by kind: " + ", ".join("%s %d" % kv for kv in sorted(kinds.items())))
    errors = [r for r in records if r.get("status") == "error"]
    if errors:
        lines.append("%d games stopped by a process error (not scored)" % len(errors))
    for r in aside:
        lines.append("set aside: game %d (%s): %s" % (r["game"], r["ours"], r.get("detail")))
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", default="target/release/minishogi")
    ap.add_argument("--jocly-tools", default=os.path.normpath(JOCLY_TOOLS))
    ap.add_argument("--jocly-dist", default=os.environ.get("JOCLY_DIST", "/tmp/jocly-dist"))
    ap.add_argument("--games", type=int, default=20, help="games (an even number: pairs of colours)")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--ours-ms", type=int, default=100)
    ap.add_argument("--level", default="fast")
    ap.add_argument("--opening-plies", type=int, default=4)
    ap.add_argument("--opening-depth", type=int, default=4, help="depth of the balance screen's search")
    ap.add_argument("--opening-balance", type=int, default=300,
                    help="largest |score| (centipawns) the screen accepts after the opening")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--adjudicate-score", type=int, default=3000)
    ap.add_argument("--adjudicate-moves", type=int, default=5)
    ap.add_argument("--out", default="jocly_match.jsonl")
    ap.add_argument("--report", help="only summarise this records file")
    ap.add_argument("--resume", action="store_true",
                    help="skip the games --out already holds (same --seed and --games: the same openings)")
    args = ap.parse_args()
    if args.report:
        with open(args.report) as f:
            print(report([json.loads(l) for l in f if l.strip()]))
        return
    for path, what in ((os.path.join(args.jocly_tools, "opponent.js"), "--jocly-tools"),
                       (args.jocly_dist, "--jocly-dist (or JOCLY_DIST)"), (args.engine, "--engine")):
        if not os.path.exists(path):
            sys.exit("jocly_match: %s not found: give %s" % (path, what))
    jobs = []
    for pair in range(args.games // 2):
        jobs.append((pair, True))
        jobs.append((pair, False))
    records = []
    openings = {}  # pair -> its opening, drawn by the first of its two games
    if args.resume and os.path.exists(args.out):
        with open(args.out) as f:
            records = [json.loads(l) for l in f if l.strip()]
        done = {r["game"] for r in records if r.get("status") != "error"}
        records = [r for r in records if r["game"] in done]
        jobs = [j for j in jobs if 2 * j[0] + (0 if j[1] else 1) not in done]
        openings.update({r["pair"]: r["opening"] for r in records if "pair" in r})
        print("resuming: %d games on record, %d to play" % (len(done), len(jobs)), flush=True)
    lock = threading.Lock()

    def worker():
        while True:
            with lock:
                if not jobs:
                    return
                pair, ours_white = jobs.pop(0)
                index = 2 * pair + (0 if ours_white else 1)
                if pair not in openings:
                    openings[pair] = opening(args, pair)
                op = openings[pair]
            try:
                rec = play_game(args, op, ours_white, index)
            except Exception as e:  # a crashed process: recorded, not scored
                rec = {"game": index, "opening": op, "ours": "white" if ours_white else "black",
                       "status": "error", "detail": str(e)}
            rec["pair"] = pair
            with lock:
                records.append(rec)
                with open(args.out, "a") as f:
                    f.write(json.dumps(rec) + "\n")
                print("game %d (%s) %s %s: %s, %d plies, %ss" % (index, rec["ours"], rec.get("status"),
                      rec.get("result", "-"), rec.get("detail"), len(rec.get("moves", [])), rec.get("seconds")), flush=True)

    threads = [threading.Thread(target=worker) for _ in range(args.workers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    print(report(records))


if __name__ == "__main__":
    main()
