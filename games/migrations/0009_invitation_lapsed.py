from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0008_moderators_group"),
    ]

    operations = [
        migrations.AlterField(
            model_name="invitation",
            name="status",
            field=models.CharField(
                choices=[
                    ("pending", "Pending"),
                    ("accepted", "Accepted"),
                    ("declined", "Declined"),
                    ("lapsed", "Lapsed"),
                ],
                default="pending",
                max_length=10,
            ),
        ),
    ]
