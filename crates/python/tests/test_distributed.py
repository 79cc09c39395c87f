"""Self-play on a local Ray cluster of two nodes (a head and a worker on this machine, one CPU
each), started and stopped here: shards equal the single-machine run byte for byte, a killed
worker's task is retried with nothing lost or duplicated, and a rerun resumes."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ray = pytest.importorskip("ray", reason="ray is not installed (ci.sh installs it)")

from minishogi.distributed import plan_shards  # noqa: E402

DRIVER = [sys.executable, "-m", "minishogi.distributed"]


def selfplay_args(address, out, games, nodes, shard_games, seed=5):
    return [*DRIVER, "selfplay", "--address", address, "--games", str(games), "--nodes", str(nodes),
            "--seed", str(seed), "--shard-games", str(shard_games), "--out", str(out)]


def single_machine(cli, tmp_path, games, nodes, seed=5):
    """The bytes `minishogi selfplay` writes for the same settings."""
    path = tmp_path / "single.data"
    subprocess.run([cli, "selfplay", "--games", str(games), "--nodes", str(nodes), "--seed", str(seed),
                    "--threads", "1", "--out", str(path)], check=True, capture_output=True)
    return path.read_bytes()


def attempts(out):
    log = out / "attempts.log"
    return [line.split() for line in log.read_text().splitlines()] if log.exists() else []


def manifest(out):
    return json.loads((out / "manifest.json").read_text())


def test_shards_cover_every_game_once():
    for games, size in [(1, 1), (10, 3), (12, 4), (7, 100)]:
        shards = plan_shards(games, size)
        numbers = [g for s in shards for g in range(s.first_game, s.first_game + s.games)]
        assert numbers == list(range(games))
        assert all(0 < s.games <= size for s in shards)
    with pytest.raises(ValueError):
        plan_shards(0, 3)
    with pytest.raises(ValueError):
        plan_shards(5, 0)


def test_two_workers_write_the_single_machine_dataset_and_a_rerun_skips(cluster, cli, tmp_path):
    out = tmp_path / "run"
    args = selfplay_args(cluster, out, games=12, nodes=300, shard_games=3)
    done = subprocess.run([*args, "--merge", str(tmp_path / "merged.data")], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    m = manifest(out)
    assert [s["first_game"] for s in m["shards"]] == [0, 3, 6, 9]
    assert all(s["seed"] == 5 and s["games"] == 3 for s in m["shards"])
    hosts = {a[2] for a in attempts(out)}
    assert len(attempts(out)) == 4 and hosts
    assert (tmp_path / "merged.data").read_bytes() == single_machine(cli, tmp_path, 12, 300)
    # The same command again plays nothing.
    again = subprocess.run(args, capture_output=True, text=True)
    assert again.returncode == 0, again.stderr
    assert len(attempts(out)) == 4
    # A shard file lost is played again, and only that one.
    (out / m["shards"][2]["file"]).unlink()
    assert subprocess.run(args, capture_output=True).returncode == 0
    assert [a[0] for a in attempts(out)] == [a[0] for a in attempts(out)][:4] + ["2"]
    merged = tmp_path / "again.data"
    assert subprocess.run([*DRIVER, "merge", str(out), "--out", str(merged)], capture_output=True).returncode == 0
    assert merged.read_bytes() == (tmp_path / "merged.data").read_bytes()
    # Other settings in the same directory are refused, naming what differs.
    other = subprocess.run(selfplay_args(cluster, out, 12, 301, 3), capture_output=True, text=True)
    assert other.returncode == 1 and "nodes" in other.stderr


def test_a_killed_worker_is_retried_and_no_shard_is_lost_or_duplicated(cluster, cli, tmp_path):
    out = tmp_path / "run"
    games, nodes, shard_games = 8, 20000, 2
    driver = subprocess.Popen(selfplay_args(cluster, out, games, nodes, shard_games), stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while not attempts(out) and time.monotonic() < deadline:
        time.sleep(0.05)
    first = attempts(out)[0]
    os.kill(int(first[1]), signal.SIGKILL)  # the worker process running shard first[0]
    _, stderr = driver.communicate(timeout=600)
    assert driver.returncode == 0, stderr
    m = manifest(out)
    indices = [s["index"] for s in m["shards"]]
    tried = attempts(out)
    expected = len(plan_shards(games, shard_games))
    print(f"shards expected {expected}, written {len(indices)}, attempts {len(tried)}, "
          f"retried {len(tried) - expected}, duplicated {len(indices) - len(set(indices))}")
    assert sorted(indices) == list(range(expected))
    assert len(tried) > expected, "the killed task was not run again"
    assert [a[0] for a in tried].count(first[0]) >= 2
    assert not list(out.glob("*.tmp"))
    merged = tmp_path / "merged.data"
    assert subprocess.run([*DRIVER, "merge", str(out), "--out", str(merged)], capture_output=True).returncode == 0
    assert merged.read_bytes() == single_machine(cli, tmp_path, games, nodes)


def test_the_training_loop_takes_its_selfplay_from_the_cluster(cluster, cli, tmp_path):
    loop = ["nnue", "loop", "--generations", "1", "--games", "6", "--nodes", "200", "--match-games", "2",
            "--match-nodes", "100", "--epochs", "1", "--threads", "1", "--seed", "3"]
    local = subprocess.run([cli, *loop, "--out-dir", str(tmp_path / "local")], capture_output=True, text=True)
    assert local.returncode == 0, local.stderr
    command = f"{sys.executable} -m minishogi.distributed selfplay --address {cluster} --shard-games 4"
    remote = subprocess.run([cli, *loop, "--out-dir", str(tmp_path / "ray"), "--selfplay-command", command],
                            capture_output=True, text=True)
    assert remote.returncode == 0, remote.stderr
    assert (tmp_path / "ray" / "gen01.data").read_bytes() == (tmp_path / "local" / "gen01.data").read_bytes()
    assert len(manifest(tmp_path / "ray" / "gen01.shards")["shards"]) == 2


def test_a_local_cluster_stops_only_its_own_processes(cluster):
    from minishogi.distributed.local_cluster import local_cluster

    probe = ("import ray, sys; ray.init(address=sys.argv[1], log_to_driver=False); "
             "print(ray.get(ray.remote(lambda: 42).remote()))")
    with local_cluster(nodes=1, cpus_per_node=1) as inner:
        assert inner != cluster
        done = subprocess.run([sys.executable, "-c", probe, inner], capture_output=True, text=True, timeout=120)
        assert done.stdout.strip() == "42", done.stderr
    # The session's cluster, started before and still in use, runs tasks as before.
    done = subprocess.run([sys.executable, "-c", probe, cluster], capture_output=True, text=True, timeout=120)
    assert done.stdout.strip() == "42", done.stderr
