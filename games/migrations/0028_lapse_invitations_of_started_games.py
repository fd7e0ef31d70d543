"""Invitations left pending in games that had already started (before a game's
start made them lapse) lapse now, as they would have then."""

from django.db import migrations


def lapse(apps, schema_editor):
    Invitation = apps.get_model("games", "Invitation")
    Invitation.objects.filter(status="pending", game__started_at__isnull=False).update(status="lapsed")


class Migration(migrations.Migration):
    dependencies = [("games", "0027_game_paused_label")]

    operations = [migrations.RunPython(lapse, migrations.RunPython.noop)]
