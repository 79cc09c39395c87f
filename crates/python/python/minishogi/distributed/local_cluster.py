"""A Ray cluster of several nodes on this machine (127.0.0.1), for tests and measurements: a
head started with ``ray start --head`` and further nodes joined with ``ray start --address``,
stopped with ``ray stop`` at the end."""

import contextlib
import os
import socket
import subprocess
import sys
from pathlib import Path
from typing import Iterator


def free_port() -> int:
    """A TCP port nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def local_cluster(nodes: int = 2, cpus_per_node: int = 1) -> Iterator[str]:
    """Starts ``nodes`` Ray nodes of ``cpus_per_node`` CPUs on 127.0.0.1 and yields the head's
    address (``127.0.0.1:PORT``); every Ray process of the machine is stopped on exit."""
    ray_bin = str(Path(sys.executable).with_name("ray"))
    port = free_port()
    common = ["--num-cpus", str(cpus_per_node), "--disable-usage-stats", "--node-ip-address", "127.0.0.1"]
    env = dict(os.environ, RAY_ENABLE_UV_RUN_RUNTIME_ENV="0")
    address = f"127.0.0.1:{port}"
    try:
        subprocess.run([ray_bin, "start", "--head", "--port", str(port), "--include-dashboard=false", *common],
                       check=True, capture_output=True, env=env)
        for _ in range(nodes - 1):
            subprocess.run([ray_bin, "start", "--address", address, *common],
                           check=True, capture_output=True, env=env)
        yield address
    finally:
        subprocess.run([ray_bin, "stop", "--force"], capture_output=True)
