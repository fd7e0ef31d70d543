"""Every task beat schedules is one the worker knows: a worker that does not
import a task's module would drop its messages as unregistered."""

from django.conf import settings

from sequence_site.celery import app


def test_every_scheduled_task_is_registered_with_the_worker():
    app.loader.import_default_modules()
    scheduled = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert scheduled <= set(app.tasks), scheduled - set(app.tasks)
