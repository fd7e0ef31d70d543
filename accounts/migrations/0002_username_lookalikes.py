import django.contrib.auth.validators
from django.db import migrations, models

import accounts.usernames


def fill_skeletons(apps, schema_editor):
    User = apps.get_model("accounts", "User")
    users = list(User.objects.only("pk", "username"))
    for user in users:
        user.username_skeleton = accounts.usernames.skeleton(user.username)
    User.objects.bulk_update(users, ["username_skeleton"], batch_size=1000)


class Migration(migrations.Migration):

    dependencies = [
        ("accounts", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="user",
            name="username_skeleton",
            field=models.CharField(
                db_index=True,
                default="",
                editable=False,
                help_text="What the username looks like: sign-up refuses a name that looks like a taken one.",
                max_length=600,
            ),
            preserve_default=False,
        ),
        migrations.RunPython(fill_skeletons, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="user",
            name="username",
            field=models.CharField(
                error_messages={"unique": "A user with that username already exists."},
                help_text="Required. 150 characters or fewer. Letters of one alphabet, digits and @/./+/-/_ only.",
                max_length=150,
                unique=True,
                validators=[
                    accounts.usernames.validate_visible,
                    accounts.usernames.validate_normalised,
                    django.contrib.auth.validators.UnicodeUsernameValidator(),
                    accounts.usernames.validate_single_script,
                ],
                verbose_name="username",
            ),
        ),
    ]
