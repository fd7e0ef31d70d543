"""The embedded file-system broker never hands a worker half a message."""

import os
import subprocess
import sys
from pathlib import Path
from queue import Empty

import pytest
from kombu import Connection
from kombu.exceptions import ChannelError

from sequence_site.broker import Transport

ROOT = Path(__file__).resolve().parents[2]


def channel(folder: Path):
    options = {"data_folder_in": str(folder), "data_folder_out": str(folder)}
    return Connection("filesystem://", transport=Transport, transport_options=options).default_channel


class PollsWhileWritten:
    """A message body whose writing lets a worker poll the queue: the moment
    when kombu's own transport has made the message file but not filled it."""

    def __init__(self, worker):
        self.worker, self.seen = worker, []

    def __json__(self):
        try:
            self.seen.append(self.worker._get("tasks"))
        except Empty:
            self.seen.append("nothing yet")
        except Exception as exc:
            self.seen.append(f"{type(exc).__name__}: {exc}")
        return "the body"


def test_a_worker_polling_while_a_message_is_written_finds_nothing_yet(tmp_path):
    web, worker = channel(tmp_path), channel(tmp_path)
    body = PollsWhileWritten(worker)
    web._put("tasks", {"body": body})
    assert body.seen == ["nothing yet"]
    assert worker._get("tasks") == {"body": "the body"}
    assert os.listdir(tmp_path) == []  # nothing staged is left behind


def test_a_missing_folder_is_a_channel_error(tmp_path):
    with pytest.raises(ChannelError):
        channel(tmp_path / "gone")._put("tasks", {"body": 1})


@pytest.mark.parametrize(
    ("redis_url", "transport"),
    [("", "sequence_site.broker.Transport"), ("redis://127.0.0.1:6379/15", "kombu.transport.redis.Transport")],
)
def test_celery_uses_it_unless_redis_is_configured(tmp_path, redis_url, transport):
    env = {**os.environ, "VAR_DIR": str(tmp_path), "REDIS_URL": redis_url}
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    code = "from sequence_site.celery import app; t = type(app.connection_for_write().transport); "
    code += "print(f'{t.__module__}.{t.__name__}')"
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == transport
