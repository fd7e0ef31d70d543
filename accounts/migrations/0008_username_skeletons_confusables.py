from django.db import migrations, models

import accounts.usernames


def fill_skeletons(apps, schema_editor):
    """Every name's skeletons by Unicode's full confusables table (ICU), as new names get them."""
    User = apps.get_model("accounts", "User")
    users = list(User.objects.only("pk", "username"))
    for user in users:
        user.username_skeleton = accounts.usernames.skeleton(user.username)
        user.username_skeleton_capitals = accounts.usernames.capitals_skeleton(user.username)
        user.username_skeleton_written = accounts.usernames.written_skeleton(user.username)
    fields = ["username_skeleton", "username_skeleton_capitals", "username_skeleton_written"]
    User.objects.bulk_update(users, fields, batch_size=1000)


def _skeleton_field(verbose_name: str, help_text: str) -> models.CharField:
    return models.CharField(
        db_index=True, default="", editable=False, help_text=help_text, max_length=600, verbose_name=verbose_name
    )


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0007_rate_buckets"),
    ]

    operations = [
        migrations.AddField(
            model_name="user",
            name="username_skeleton_capitals",
            field=_skeleton_field(
                "look-alike key in capitals",
                "What the username looks like in capitals (capital I looks like l, small i does not).",
            ),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="user",
            name="username_skeleton_written",
            field=_skeleton_field("look-alike key as written", "What the username looks like as it is written."),
            preserve_default=False,
        ),
        migrations.RunPython(fill_skeletons, migrations.RunPython.noop),
    ]
