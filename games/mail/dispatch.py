"""Tasks called by name, for modules that games.tasks itself imports (the
outbox): naming the task instead of importing it keeps the imports one-way.

A signature runs the task object when this process has it registered (so
`task_always_eager`, as the tests set it, runs it in process) and otherwise
sends it to the broker by name, which is all a web process needs."""

from celery import signature

SEND_DUE = "games.send_due"


def send_due(*, game_id: int, version: int) -> None:
    """The e-mails a change to a game made due at once: see tasks.send_due."""
    signature(SEND_DUE, args=(game_id, version)).delay()
