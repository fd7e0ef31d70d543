from django.db import migrations, models
from django.db.models import F, Q


def open_ones_change_when_they_lapse(apps, schema_editor):
    proposals = apps.get_model("games", "ResignationProposal").objects
    proposals.filter(status="open").update(changes_at=F("expires_at"))


class Migration(migrations.Migration):
    dependencies = [("games", "0024_answers_in_the_outbox")]

    operations = [
        migrations.AddField(
            model_name="resignationproposal",
            name="changes_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="changes at"),
        ),
        migrations.AddIndex(
            model_name="resignationproposal",
            index=models.Index(condition=Q(status="open"), fields=["changes_at"], name="resignation_due_idx"),
        ),
        migrations.RunPython(open_ones_change_when_they_lapse, migrations.RunPython.noop),
    ]
