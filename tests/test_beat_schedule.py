"""Every task beat schedules is one the worker knows: a worker that does not
import a task's module would drop its messages as unregistered."""

from django.conf import settings

from sequence_site.celery import app


def test_every_scheduled_task_is_registered_with_the_worker():
    app.loader.import_default_modules()
    scheduled = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert scheduled <= set(app.tasks), scheduled - set(app.tasks)


def test_a_second_beat_sends_nothing_in_a_slot_the_first_took(tmp_path, monkeypatch):
    from celery import beat
    from django.core.cache import cache

    from sequence_site.beat import OneRunPerSlot

    cache.clear()
    sent = []
    monkeypatch.setattr(beat.Scheduler, "apply_async", lambda self, entry, **kwargs: sent.append(entry.name))
    beats = [OneRunPerSlot(app=app, schedule_filename=str(tmp_path / f"beat-{n}"), lazy=True) for n in range(2)]
    entry = beats[0].Entry(
        name="enforce-deadlines",
        task="games.enforce_deadlines",
        schedule=app.conf.beat_schedule["enforce-deadlines"]["schedule"],
        app=app,
    )
    for scheduler in beats:
        scheduler.apply_entry(entry)
    assert sent == ["enforce-deadlines"]


def test_a_run_is_claimed_once_per_slot_of_its_schedule():
    from django.core.cache import cache

    from sequence_site.beat import claim_run

    cache.clear()
    every_minute = settings.CELERY_BEAT_SCHEDULE["enforce-deadlines"]["schedule"]
    assert claim_run("sweep", every_minute, now=6000.0)
    assert not claim_run("sweep", every_minute, now=6059.0)  # the second beat, later in the same minute
    assert claim_run("sweep", every_minute, now=6060.0)  # the next minute's run
    hourly = settings.CELERY_BEAT_SCHEDULE["leagues-tick"]["schedule"]  # a crontab: its runs are whole minutes
    assert claim_run("tick", hourly, now=6000.0) and not claim_run("tick", hourly, now=6030.0)
