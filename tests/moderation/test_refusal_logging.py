"""A refused admin permission is an answer, not an error: one line in the
log, no traceback, so the real errors stay easy to see."""

import logging

import pytest
from django.urls import reverse


@pytest.mark.django_db
def test_a_refused_permission_is_one_line_without_a_traceback(staff_client, started_game, caplog, settings):
    settings.DEBUG = False
    game, _users = started_game(2, 2)
    urls = [reverse("admin:games_game_pause", args=[game.pk]), reverse("admin:games_game_abort", args=[game.pk])]
    with caplog.at_level(logging.INFO):
        for url in urls:
            assert staff_client.post(url, {"reason": "r"}).status_code == 403
    refusals = [r for r in caplog.records if r.name == "django.request"]
    assert [r.getMessage() for r in refusals] == [f"Forbidden (Permission denied): {url}" for url in urls]
    assert all(r.exc_info is None and r.levelno == logging.WARNING for r in refusals)
    assert "Traceback" not in caplog.text
