"""Calls made at the same moment, for the tests of races."""

import threading

from django.db import connections


def at_once(*calls, timeout: float = 90) -> list:
    """Run the calls at the same moment, each in its own thread (and so on its
    own database connection): what each returned, or the exception it raised."""
    barrier = threading.Barrier(len(calls))
    outcomes: list = ["no answer"] * len(calls)

    def run(index, call):
        try:
            barrier.wait()
            outcomes[index] = call()
        except Exception as exc:
            outcomes[index] = exc
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=timeout)
    return outcomes
