"""Thin Celery wrappers for the webhooks' outbox (accounts/webhooks.py)."""

from celery import shared_task

from accounts import webhooks


@shared_task(name=webhooks.DELIVER, ignore_result=True)
def webhook_deliver(webhook_id: int) -> str:
    return webhooks.deliver(webhook_id)


@shared_task(name="accounts.webhook_sweep", ignore_result=True)
def webhook_sweep() -> int:
    """Every minute: deliveries that a lost task, a dead worker or a failure's wait left undone."""
    return webhooks.sweep()
