"""A check that a call releases the GIL: the main thread must keep running Python meanwhile."""

import threading
import time


def ticks_in_first_half(call):
    """Runs `call()` in a thread; returns its value and how many times the main thread ran a
    Python loop iteration during the first half of the call (with the GIL held it cannot run
    until the call returns, so the count is then ~0)."""
    span = {}

    def work():
        span["start"] = time.perf_counter()
        span["value"] = call()
        span["end"] = time.perf_counter()

    thread = threading.Thread(target=work)
    ticks = []
    thread.start()
    while thread.is_alive():
        ticks.append(time.perf_counter())
    thread.join()
    half = span["start"] + (span["end"] - span["start"]) / 2
    return span["value"], len([t for t in ticks if span["start"] < t < half])
