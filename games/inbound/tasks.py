"""The beat task of the IMAP door: every minute when INBOUND_IMAP_URL is set.
A lock in the cache keeps two polls from reading one mailbox at once."""

from celery import shared_task
from django.conf import settings
from django.core.cache import cache

from games.inbound import imap

LOCK = "inbound-imap-poll"


@shared_task(name="games.inbound_imap_poll", ignore_result=True)
def inbound_imap_poll() -> int:
    url = settings.INBOUND_IMAP_URL
    if not url or not cache.add(LOCK, 1, timeout=300):
        return 0
    try:
        return imap.poll(url)
    finally:
        cache.delete(LOCK)
