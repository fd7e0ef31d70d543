"""The "Moderators" group, with exactly what moderating needs: to see the
games and the people in the admin (read-only: every change is a service),
to take moderator actions, and to see a game's hands and deck there."""

from django.contrib.auth.management import create_permissions
from django.db import migrations

GROUP = "Moderators"
PERMISSIONS = [
    ("games", "moderate"),
    ("games", "view_game_state"),
    ("games", "view_game"),
    ("games", "view_seat"),
    ("games", "view_move"),
    ("games", "view_invitation"),
    ("games", "view_notification"),
    ("games", "view_inboundmessage"),
    ("games", "view_chatmessage"),
    ("games", "view_report"),
    ("games", "view_moderationaction"),
    ("games", "view_playersuspension"),
    ("accounts", "view_user"),
]


def create_group(apps, schema_editor):
    # Permissions are made after the last migration (post_migrate); this one needs them now.
    for app_config in apps.get_app_configs():
        app_config.models_module = True
        create_permissions(app_config, apps=apps, verbosity=0)
        app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group, _ = Group.objects.get_or_create(name=GROUP)
    wanted = [Permission.objects.get(content_type__app_label=app, codename=code) for app, code in PERMISSIONS]
    group.permissions.set(wanted)


def remove_group(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name=GROUP).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0007_moderation"),
        ("accounts", "0002_username_lookalikes"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(create_group, remove_group)]
