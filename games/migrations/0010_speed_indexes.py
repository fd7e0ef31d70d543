from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0009_invitation_lapsed"),
    ]

    operations = [
        migrations.AddIndex(
            model_name="notification",
            index=models.Index(fields=["game", "version"], name="notification_game_version_idx"),
        ),
    ]
