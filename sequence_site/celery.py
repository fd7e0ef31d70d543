"""The Celery app. Tasks are found in each installed app's tasks.py; the
periodic schedule is static, in settings (CELERY_BEAT_SCHEDULE)."""

import os
from pathlib import Path

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "sequence_site.settings")

app = Celery("sequence_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
# Autodiscovery finds only <app>.tasks; the log context and the metrics listen to every task.
app.conf.imports = ["sequence_site.health", "games.inbound.tasks", "sequence_site.log_context", "sequence_site.metrics"]
app.autodiscover_tasks()

# The embedded file-system broker needs its folders before the first message.
for folder_option in ("data_folder_in", "data_folder_out", "control_folder"):
    folder = (app.conf.broker_transport_options or {}).get(folder_option)
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
