"""Anymail's checks of its settings run though anymail is not an installed
app (sequence_site/anymail_checks.py): its debug output left on in
production is reported, as anymail's own app would report it."""

from django.core import checks


def test_anymails_own_check_reports_its_debug_output_in_production(settings):
    settings.DEBUG = False
    settings.ANYMAIL = {"DEBUG_API_REQUESTS": True}
    assert "anymail.W002" in [message.id for message in checks.run_checks(tags=["anymail"])]
    settings.ANYMAIL = {}
    assert [message.id for message in checks.run_checks(tags=["anymail"])] == []
