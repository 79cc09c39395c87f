"""Solving split into subproblems on the local two-node Ray cluster (see conftest.py): the
four-piece handicap split at 2 plies is proved lost in 10 as `minishogi solve` proves it, with a
certificate checked on its own; a run stopped after two tasks resumes from the cache, and a third
run needs no task (and no cluster) at all; bad input fails before Ray starts."""

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import minishogi
from minishogi.distributed import SolveSettings, SubproblemCache, run_solve

ROOT = Path(__file__).resolve().parents[3]
DRIVER = [sys.executable, "-m", "minishogi.distributed", "solve"]
FOUR_PIECE = minishogi.HANDICAPS["four-piece"]
NAKED_KING = minishogi.HANDICAPS["naked-king"]
# Small budgets and tables: the four-piece subproblems need at most a few 100,000 nodes.
SMALL = ["--nodes", "400000", "--start-nodes", "50000", "--memory", "16"]


def drive(cluster, cache, *args):
    """The driver's ``--json`` run on ``cluster`` with ``cache``, which must succeed."""
    done = subprocess.run([*DRIVER, *args, "--cache", str(cache), "--address", cluster, "--json"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def check_with_shogiops(path):
    """The independent checker (tools/check_proof.mjs, lishogi's shogiops), when installed."""
    node = shutil.which("node")
    if node is None or not (ROOT / "tools" / "node_modules" / "shogiops").is_dir():
        return None
    done = subprocess.run([node, str(ROOT / "tools" / "check_proof.mjs"), str(path)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def load_certificate(path):
    """The certificate's root, value and plies, and its lines {position key: (move, count)}, read here."""
    lines = [line for line in Path(path).read_text().splitlines() if line and not line.startswith("#")]
    assert lines[0] == "minishogi-proof\t1"
    root = lines[1].split("\t")[1]
    _, value, plies = lines[2].split("\t")
    body = {}
    for line in lines[3:]:
        sfen, move, count = line.split("\t")
        body[" ".join(sfen.split()[:3])] = (move, int(count))
    return root, value, int(plies), body


def replay_check(path):
    """Every reply of the loser, from the root and after every line's move, reaches a line with a
    count at least 2 lower, or leaves the loser no move (with the package's move generation)."""
    root, value, plies, body = load_certificate(path)
    starts = []
    pos = minishogi.Position(root)
    if value == "loss":
        starts.append((pos, plies))
    for key, (move, count) in body.items():
        p = minishogi.Position(key + " 1")
        p.push(move)
        starts.append((p, count - 1))
    for pos, bound in starts:
        for reply in pos.legal_moves():
            after = pos.copy()
            after.push(reply)
            key = " ".join(after.sfen().split()[:3])
            assert key in body, f"no line for {key}"
            assert body[key][1] + 1 <= bound


def test_the_four_piece_split_at_two_plies_is_lost_in_ten_as_solve_says(cluster, cli, tmp_path):
    proof = tmp_path / "four-piece.proof"
    run = drive(cluster, tmp_path / "cache", "--handicap", "four-piece", "--plies", "2", *SMALL, "--proof", str(proof))
    direct = json.loads(subprocess.run([cli, "solve", "--handicap", "four-piece", "--json"], capture_output=True,
                                       text=True, check=True).stdout)
    assert (run["result"], run["plies"]) == (direct["result"], direct["plies"]) == ("loss", 10)
    assert run["tasks"] > 0 and run["cached"] == 0
    # Both sides' splits were made; the loss split was proved, and fewer subproblems solved than
    # it has (the rest no longer mattered).
    splits = {s["kind"]: s for s in run["splits"]}
    assert splits["loss"]["outcome"]["outcome"] == "win" and splits["loss"]["subproblems"] > run["tasks"] // 2
    root, value, plies, body = load_certificate(proof)
    assert (value, plies, run["proof_lines"]) == ("loss", 10, len(body))
    assert " ".join(root.split()[:3]) == " ".join(FOUR_PIECE.split()[:3])
    replay_check(proof)
    out = check_with_shogiops(proof)
    assert out is None or "ok" in out


def test_with_shortest_the_naked_king_is_shown_lost_in_eight_at_best(cluster, tmp_path):
    run = drive(cluster, tmp_path / "cache", "--handicap", "naked-king", "--prove", "loss", "--shortest", "--plies", "2",
                "--nodes", "200000", "--start-nodes", "50000", "--memory", "16")
    assert (run["result"], run["plies"], run["shortest"]) == ("loss", 8, True)
    assert run["text"] == "loss in 8 (shortest)"
    # Every subproblem that could have shortened the proof was solved: none is left.
    (split,) = run["splits"]
    assert split["outcome"]["shortest"] and run["tasks"] <= split["subproblems"]


def test_with_shortest_in_one_round_the_four_piece_is_shown_lost_in_ten_at_best(cluster, tmp_path):
    # One budget: the subproblems cancelled while the root was being proved (they stopped
    # mattering) must still be solved when shortening needs them.
    run = drive(cluster, tmp_path / "cache", "--handicap", "four-piece", "--prove", "loss", "--shortest", "--plies", "2",
                "--nodes", "800000", "--start-nodes", "800000", "--memory", "16")
    assert (run["result"], run["plies"], run["shortest"], run["rounds"]) == ("loss", 10, True, 1)
    # Tasks of seconds each: both nodes of the cluster ran some (the small ones of the test
    # above may all finish on the first node before the second has a worker).
    assert len(run["ray_nodes"]) == 2, "the tasks ran on both nodes of the cluster"


def test_a_stopped_run_resumes_from_the_cache(cluster, tmp_path):
    cache = tmp_path / "cache"
    settings = SolveSettings(sfen=NAKED_KING, prove="loss", plies=2, nodes=200_000, memory_mb=16)
    ray = pytest.importorskip("ray", reason="ray is not installed (ci.sh installs it)")
    try:
        # One task cannot prove the root: each of gote's two replies needs a proof of its own.
        first = run_solve(settings, cache, address=cluster, max_tasks=1, in_flight=1)
        assert first.stopped and first.tasks == 1 and first.result == "unknown"
        stored = sorted(cache.glob("*/*.json"))
        assert len(stored) == 1
        second = run_solve(settings, cache, address=cluster, proof=tmp_path / "a.proof")
    finally:
        ray.shutdown()
    assert second.cached >= 1 and not second.stopped
    assert (second.result, second.plies) == ("loss", 8)
    # Nothing already in the cache was solved again.
    assert len(list(cache.glob("*/*.json"))) == len(stored) + second.tasks
    # A third run finds everything it needs in the cache: no task, so no cluster (none listens
    # at this address).
    third = run_solve(settings, cache, address="127.0.0.1:9", proof=tmp_path / "b.proof")
    assert (third.result, third.plies, third.tasks) == ("loss", 8, 0)
    assert (tmp_path / "a.proof").read_text() == (tmp_path / "b.proof").read_text()
    replay_check(tmp_path / "b.proof")


def test_a_killed_driver_restarted_picks_up_from_the_cache(cluster, tmp_path):
    cache = tmp_path / "cache"
    args = [*DRIVER, "--handicap", "four-piece", "--plies", "2", *SMALL, "--in-flight", "1", "--cache", str(cache),
            "--address", cluster, "--json"]
    driver = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 300
    while not list(cache.glob("*/*.json")) and driver.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    os.kill(driver.pid, signal.SIGKILL)
    driver.communicate()
    kept = {p: p.stat().st_mtime_ns for p in cache.glob("*/*.json")}
    assert kept, "the driver stored nothing before it was killed"
    done = subprocess.run(args, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    run = json.loads(done.stdout)
    assert (run["result"], run["plies"]) == ("loss", 10)
    assert run["cached"] >= len(kept)
    # What the killed run stored was reused, not solved again.
    assert all(p.stat().st_mtime_ns == t for p, t in kept.items())


def test_the_cache_keeps_settled_results_and_drops_damaged_ones(tmp_path):
    cache = SubproblemCache(tmp_path)
    sfen = "4k/5/4P/5/K4 b G 1"
    win = minishogi.solve_subproblem(sfen, "sente", nodes=10_000, memory_mb=4)
    assert (win["outcome"], win["plies"]) == ("win", 1) and win["certificate"].startswith("minishogi-proof")
    assert cache.put(win, 10_000)
    # A settled result answers any budget, and an open one never replaces it.
    assert cache.get(sfen, "sente", 10**9)["plies"] == 1
    assert not cache.put(dict(win, outcome="open", plies=None, certificate=None), 10**9)
    assert cache.get(sfen, "gote", 1) is None
    # An open result answers budgets up to its own.
    other = "4k/5/5/5/K4 b G 1"
    open_result = {"sfen": other, "attacker": "sente", "outcome": "open", "plies": None, "shortest": None,
                   "no_win_within": 5, "nodes": 100, "time_ms": 1, "certificate": None}
    assert cache.put(open_result, 100)
    assert cache.get(other, "sente", 100)["no_win_within"] == 5
    assert cache.get(other, "sente", 101) is None
    # A changed certificate, or a damaged entry, counts as absent.
    (proof,) = tmp_path.glob("*/*.proof")
    proof.write_text(proof.read_text().replace("\t1\n", "\t3\n"))
    assert cache.best(sfen, "sente") is None
    for path in tmp_path.glob("*/*.json"):
        path.write_text(path.read_text()[:20])
    assert cache.best(other, "sente") is None


def test_a_win_not_shown_shortest_is_solved_again_with_more_nodes(tmp_path):
    cache = SubproblemCache(tmp_path)
    sfen = "4k/5/4P/5/K4 b G 1"
    win = minishogi.solve_subproblem(sfen, "sente", nodes=10_000, memory_mb=4)
    assert win["shortest"]

    def variant(plies, shortest, tag):
        # The certificate with a comment of its own, so each variant is a file of its own.
        return dict(win, plies=plies, shortest=shortest, certificate=f"# {tag}\n" + win["certificate"])

    assert cache.put(variant(3, False, "first"), 100)
    # It proves the win for any budget up to its own; a larger one solves it again.
    assert cache.get(sfen, "sente", 100)["plies"] == 3
    assert cache.get(sfen, "sente", 101) is None
    # An open result or a longer win never replaces it; a shorter win does, whatever its budget.
    assert not cache.put({"sfen": sfen, "attacker": "sente", "outcome": "open", "plies": None, "shortest": None,
                          "no_win_within": 9, "nodes": 1, "time_ms": 1, "certificate": None}, 10**6)
    assert not cache.put(variant(5, False, "longer"), 10**6)
    assert cache.put(variant(1, False, "shorter"), 50)
    assert cache.best(sfen, "sente")["certificate"].startswith("# shorter")
    # A win shown shortest is final: it answers any budget and nothing replaces it.
    assert cache.put(variant(1, True, "final"), 10)
    assert cache.get(sfen, "sente", 10**9)["certificate"].startswith("# final")
    assert not cache.put(variant(1, False, "later"), 10**9)
    # Each replaced certificate was deleted: one file is left, the final one's.
    (proof,) = tmp_path.glob("*/*.proof")
    assert proof.read_text().startswith("# final")


def test_split_bindings_check_their_input():
    split = minishogi.SolveSplit(NAKED_KING, "sente", 1)
    assert split.attacker == "sente" and split.plies == 1 and len(split.subproblems) > 1
    combined = split.combine([None] * len(split.subproblems))
    assert combined["outcome"] == "open" and sorted(combined["open"]) == list(range(len(split.subproblems)))
    with pytest.raises(ValueError, match="subproblem results expected"):
        split.combine([])
    wrong = minishogi.solve_subproblem(FOUR_PIECE, "sente", nodes=1000, memory_mb=4)
    with pytest.raises(ValueError, match="not of the subproblem"):
        split.combine([wrong] + [None] * (len(split.subproblems) - 1))
    with pytest.raises(ValueError, match="not win, no-win or open"):
        split.combine([{"outcome": "maybe"}] + [None] * (len(split.subproblems) - 1))
    with pytest.raises(ValueError, match="do not prove the root"):
        split.certificate([None] * len(split.subproblems))
    with pytest.raises(ValueError):
        minishogi.SolveSplit(NAKED_KING, "nobody", 1)
    with pytest.raises(ValueError):
        minishogi.solve_subproblem("not an sfen", "sente")


@pytest.mark.parametrize("args, message", [
    (["--handicap", "five-piece"], "five-piece"),
    (["4k/5/5/5/K4", "b"], "give one quoted SFEN"),
    (["9k/5/5/5/K4 b - 1"], "bad SFEN"),
    (["--handicap", "naked-king", "--plies", "9"], "plies must be 0 to 8"),
    (["--handicap", "naked-king", "--start-nodes", "5", "--nodes", "4"], "start_nodes"),
])
def test_bad_arguments_fail_before_ray_starts(tmp_path, args, message):
    done = subprocess.run([*DRIVER, *args, "--cache", str(tmp_path / "c"), "--address", "127.0.0.1:9"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 1 and message in done.stderr, done.stderr
    assert not list(tmp_path.glob("c/*/*.json"))
