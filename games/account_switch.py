"""An account switched off or on (`is_active`, in the admin): its player can
no longer answer, or can again, so its teams' open resignation proposals are
read again as after a suspension. Model signals, because the admin's user
page belongs to the accounts app, which knows nothing of games. The games
change once the account's save has committed, each in its own locked
transaction: holding the user's row while locking a game's would take the
two in the opposite order to the deadline sweep (a game, then its player's
vacation days). A queryset's update() sends no signal: switch accounts with save()."""

from django.conf import settings
from django.db import transaction
from django.db.models.signals import post_save, pre_save
from django.utils import timezone

from games.services.resignations import player_may_answer_changed

_WAS_ACTIVE = "_games_was_active"  # the stored value, kept on the instance from pre_save to post_save


def _remember(sender, instance, update_fields=None, raw=False, **kwargs):
    instance.__dict__.pop(_WAS_ACTIVE, None)  # left by a save that failed
    if raw or instance.pk is None or (update_fields is not None and "is_active" not in update_fields):
        return  # a fixture, a new account, or a save that cannot switch it (a log-in writes last_login alone)
    stored = sender.objects.filter(pk=instance.pk).values_list("is_active", flat=True).first()
    setattr(instance, _WAS_ACTIVE, stored)


def _react(sender, instance, **kwargs):
    was_active = instance.__dict__.pop(_WAS_ACTIVE, None)
    if was_active is not None and was_active != instance.is_active:
        transaction.on_commit(lambda: player_may_answer_changed(user=instance, now=timezone.now()))


def connect() -> None:
    pre_save.connect(_remember, sender=settings.AUTH_USER_MODEL, dispatch_uid="games.account_switch.remember")
    post_save.connect(_react, sender=settings.AUTH_USER_MODEL, dispatch_uid="games.account_switch.react")
