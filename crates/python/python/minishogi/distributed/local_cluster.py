"""A Ray cluster of several nodes on this machine (127.0.0.1), for tests and measurements: a
head started with ``ray start --head`` and further nodes joined with ``ray start --address``.
On exit only this cluster's processes are stopped: ``ray stop`` would stop every Ray instance
of the machine, a user's running jobs included."""

import contextlib
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Dict, Iterator, Set


# A Ray session's directory name, which every process of a cluster's nodes names.
SESSION = re.compile(r"session_\d{4}-\d\d-\d\d_\d\d-\d\d-\d\d_\d+_\d+")


def free_port() -> int:
    """A TCP port nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _processes() -> Dict[int, "tuple[int, str]"]:
    """Every process of the machine: pid -> (parent pid, command line), read from /proc."""
    out = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            # The parent pid is the second field after the command name in parentheses.
            ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        out[int(entry.name)] = (ppid, cmdline)
    return out


def _cluster_processes(port: int) -> Set[int]:
    """The processes of the cluster whose head listens on ``port``: those that name its GCS
    address or port, those of the Ray sessions these name, and all their descendants (the
    workers)."""
    table = _processes()
    gcs = re.compile(rf"(gcs[-_]address=\S+:|--gcs_server_port=|--port[= ]){port}\b")
    found = {pid for pid, (_, cmd) in table.items() if gcs.search(cmd)}
    sessions = {m for pid in found for m in SESSION.findall(table[pid][1])}
    found |= {pid for pid, (_, cmd) in table.items() if any(s in cmd for s in sessions)}
    while True:
        more = {pid for pid, (ppid, _) in table.items() if ppid in found and pid not in found}
        if not more:
            return found
        found |= more


def _stop(port: int, grace_s: float = 5.0) -> None:
    """SIGTERM to the cluster's processes, SIGKILL to those still there after ``grace_s``; the
    address `ray start` left for later drivers is removed when it is this cluster's."""
    current = Path(tempfile.gettempdir()) / "ray" / "ray_current_cluster"
    with contextlib.suppress(OSError):
        if current.read_text().strip().endswith(f":{port}"):
            current.unlink()
    pids = _cluster_processes(port)
    for sig in (signal.SIGTERM, signal.SIGKILL):
        for pid in pids:
            with contextlib.suppress(OSError):
                os.kill(pid, sig)
        deadline = time.monotonic() + grace_s
        while time.monotonic() < deadline:
            pids = {pid for pid in pids if Path(f"/proc/{pid}").exists()}
            if not pids:
                return
            time.sleep(0.1)


@contextlib.contextmanager
def local_cluster(nodes: int = 2, cpus_per_node: int = 1) -> Iterator[str]:
    """Starts ``nodes`` Ray nodes of ``cpus_per_node`` CPUs on 127.0.0.1 and yields the head's
    address (``127.0.0.1:PORT``); the cluster's processes, and only those, are stopped on exit
    (Linux: they are found through /proc)."""
    ray_bin = str(Path(sys.executable).with_name("ray"))
    common = ["--num-cpus", str(cpus_per_node), "--disable-usage-stats", "--node-ip-address", "127.0.0.1"]
    env = dict(os.environ, RAY_ENABLE_UV_RUN_RUNTIME_ENV="0")

    def ray_start(*args: str) -> str:
        """Runs ``ray start ARGS``; the error output when it fails, else ``""``."""
        done = subprocess.run([ray_bin, "start", *args, *common], capture_output=True, text=True, env=env)
        return "" if done.returncode == 0 else f"ray start {' '.join(args)} failed: {done.stderr.strip()[-2000:]}"

    # A free port may be taken between choosing it and the head binding it: a new port, twice.
    for _ in range(3):
        port = free_port()
        error = ray_start("--head", "--port", str(port), "--include-dashboard=false")
        if not error:
            break
        _stop(port)
    else:
        raise RuntimeError(error)
    address = f"127.0.0.1:{port}"
    try:
        for _ in range(nodes - 1):
            error = ray_start("--address", address)
            if error:
                raise RuntimeError(error)
        yield address
    finally:
        _stop(port)
