from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0005_seat_last_seen_at"),
    ]

    operations = [
        migrations.AddIndex(
            model_name="notification",
            index=models.Index(fields=["game", "version"], name="notification_game_version_idx"),
        ),
    ]
