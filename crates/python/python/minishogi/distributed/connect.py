"""Joining a Ray cluster from a driver."""

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
            ray.init(num_cpus=num_cpus, include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=address, log_to_driver=False)
    return ray
