"""Joining a Ray cluster from a driver."""

import os
from typing import Optional


def connect(address: str, num_cpus: Optional[int]):
    """Joins the cluster at ``address`` (``auto``: the running one; ``local``: a new one in this
    process with ``num_cpus`` CPUs; else ``host:port`` or ``ray://...``)."""
    try:
        import ray
    except ImportError as e:
        raise RuntimeError("the distributed path needs Ray: pip install 'ray>=2.9'") from e
    if not ray.is_initialized():
        if address == "local":
            # Ray ≥ 2.5x would otherwise write a token to ~/.ray/auth_token for the instance, and
            # every later `ray start` on this machine (local_cluster, the tests) would then fail
            # to join its head. The instance only listens on this machine.
            os.environ.setdefault("RAY_AUTH_MODE", "disabled")
            # "local" starts a new instance even where `ray start` left a cluster's address.
            ray.init(address="local", num_cpus=num_cpus, include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=address, log_to_driver=False)
    return ray
