"""Endgame tables on the local two-node Ray cluster (see conftest.py): the partitioned rounds as
Ray actors write the file `minishogi tb gen` writes, byte for byte; a killed actor resumes from
its checkpoint (or, without checkpoints, fails clearly); bad arguments fail before Ray starts."""

import json
import os
import signal
import subprocess
import sys

import pytest

ray = pytest.importorskip("ray", reason="ray is not installed (ci.sh installs it)")

import minishogi  # noqa: E402
from minishogi.distributed import run_tables  # noqa: E402

DRIVER = [sys.executable, "-m", "minishogi.distributed", "tables"]


def tb_gen(cli, material, directory):
    """The bytes of the table `minishogi tb gen` writes."""
    subprocess.run([cli, "tb", "gen", material, "--dir", str(directory)], check=True, capture_output=True)
    (path,) = directory.glob("*.mstb")
    return path.read_bytes()


def test_three_actors_on_two_nodes_write_the_file_of_tb_gen(cluster, cli, tmp_path):
    report = tmp_path / "GS.json"
    done = subprocess.run([*DRIVER, "GS", "--partitions", "3", "--address", cluster, "--dir", str(tmp_path / "ray"),
                           "--report", str(report)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "3 partitions on 2 nodes" in done.stdout
    (path,) = (tmp_path / "ray").glob("*.mstb")
    assert path.read_bytes() == tb_gen(cli, "GS", tmp_path / "single")
    run = json.loads(report.read_text())
    rounds = run["rounds"]
    # Rounds are the levels 0, 1, … up to one past the longest mate; the last expands nothing.
    assert [r["level"] for r in rounds] == list(range(len(rounds)))
    assert rounds[-1]["expanded"] == 0 and rounds[-2]["expanded"] > 0
    assert run["longest"] == len(rounds) - 2
    assert len({p["node"] for p in run["placement"]}) == 2
    t = run["totals"]
    assert t["cross_bytes"] > 0 and t["local_bytes"] > 0
    # Partitions 0 and 2 share a node: some cross-partition bytes stay on it.
    assert 0 < t["across_nodes_bytes"] < t["cross_bytes"]
    assert all(r["cross"]["messages"] <= 3 * 2 and r["local"]["messages"] <= 3 for r in rounds)
    # About 1.2 bytes per slot listed, plus a 33-byte frame per message.
    slots = t["local_slots"] + t["cross_slots"]
    assert 1.0 < (t["local_bytes"] + t["cross_bytes"]) / slots < 1.6


def actor_pid(actors, p):
    return ray.get(actors[p].where.remote())["pid"]


def test_a_killed_actor_resumes_from_its_checkpoint(cluster, cli, tmp_path):
    killed = []

    def kill_once(report, actors):
        if report.level == 7 and not killed:
            killed.append(actor_pid(actors, 1))
            os.kill(killed[0], signal.SIGKILL)

    ray.init(address=cluster, log_to_driver=False)
    try:
        run = run_tables("GS", 3, tmp_path / "ray", address=cluster, checkpoint_every=5, on_round=kill_once)
    finally:
        ray.shutdown()
    assert killed and run.restarts == 1
    assert [r.level for r in run.rounds] == list(range(len(run.rounds)))
    assert open(run.path, "rb").read() == tb_gen(cli, "GS", tmp_path / "single")


def test_a_killed_actor_without_checkpoints_is_a_clear_error(cluster, tmp_path):
    def kill(report, actors):
        if report.level == 3:
            os.kill(actor_pid(actors, 0), signal.SIGKILL)

    ray.init(address=cluster, log_to_driver=False)
    try:
        with pytest.raises(RuntimeError, match="actor died in round 4"):
            run_tables("RG", 2, tmp_path / "ray", address=cluster, on_round=kill)
    finally:
        ray.shutdown()
    assert not list((tmp_path / "ray").glob("*.mstb"))


@pytest.mark.parametrize("material, parts, message", [
    ("GX", "3", "bad material set 'GX'"),
    ("GS", "0", "--partitions must be at least 1"),
    ("GS", "235", "235 partitions of 234 units"),
])
def test_bad_arguments_fail_before_ray_starts(tmp_path, material, parts, message):
    # No cluster listens at this address: the arguments are checked first.
    done = subprocess.run([*DRIVER, material, "--partitions", parts, "--address", "127.0.0.1:9", "--dir",
                           str(tmp_path)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and message in done.stderr, done.stderr
    assert not list(tmp_path.iterdir())


def test_partition_steps_check_their_input():
    with pytest.raises(ValueError, match="bad material set"):
        minishogi.TablePartition("GZ", 2, 0)
    with pytest.raises(ValueError, match="no partition 2"):
        minishogi.TablePartition("G", 2, 2)
    p = minishogi.TablePartition("G", [0, 100, 234], 1, threads=1)
    with pytest.raises(ValueError, match="expected expand"):
        p.apply(0, [])
    sent = p.expand(0)
    with pytest.raises(ValueError, match="bad message"):
        p.apply(0, [b"garbage"])
    state_error = pytest.raises(ValueError, match="state")
    with state_error:
        minishogi.TablePartition.from_bytes("G", b"RTP1 not a state")
    assert all(0 <= to < 2 for to, _ in sent)
