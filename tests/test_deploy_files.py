"""The Procfile, compose.yaml and the Dockerfile start the same processes
(no Docker daemon is at hand in CI, so they are checked as files: compose's
commands are the Procfile's, word for word, and the image's default command is
the Procfile's web process); together the workers take every queue, and one
beat runs."""

import json
import re
import shlex
from pathlib import Path

import yaml
from django.conf import settings

ROOT = Path(__file__).resolve().parent.parent


def procfile() -> dict[str, str]:
    lines = (ROOT / "Procfile").read_text().splitlines()
    return dict(line.split(": ", 1) for line in lines if line.strip() and not line.startswith("#"))


def with_defaults(command: str) -> list[str]:
    """The command as a shell runs it with none of its variables set."""
    return shlex.split(re.sub(r"\$\{\w+:-([^}]*)\}", r"\1", command))


def test_compose_runs_the_procfile_processes_with_the_same_commands():
    services = yaml.safe_load((ROOT / "compose.yaml").read_text())["services"]
    assert {name: services[name]["command"] for name in procfile()} == procfile()
    assert services["beat"]["deploy"]["replicas"] == 1


def test_the_image_starts_the_procfile_web_process_by_default():
    dockerfile = (ROOT / "Dockerfile").read_text()
    cmd = json.loads(re.search(r"^CMD (\[.*\])$", dockerfile, re.MULTILINE).group(1))
    assert cmd == with_defaults(procfile()["web"])
    assert "pip install --no-cache-dir -r requirements.txt" in dockerfile


def test_the_workers_take_every_queue_and_one_beat_runs():
    taken = []
    for command in procfile().values():
        words = with_defaults(command)
        if words[:4] == ["celery", "-A", "sequence_site", "worker"]:
            taken += words[words.index("-Q") + 1].split(",")
    assert sorted(taken) == sorted(settings.CELERY_QUEUE_NAMES)
    assert [name for name, command in procfile().items() if " beat " in command] == ["beat"]
