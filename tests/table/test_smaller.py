"""Smaller things of #23 item 9: a moderator's extension in the largest whole
unit, the admin's sidebar naming each app once."""

import re

import pytest
from django.urls import reverse

from games import services
from games.viewmodels.chat import notes_for
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_an_extension_of_a_day_says_one_day(started_game, moderator):
    game, _users = started_game(2, 2)
    services.deadline_extend(game_id=game.pk, moderator=moderator, minutes=1440, reason="travel")
    services.deadline_extend(game_id=game.pk, moderator=moderator, minutes=90, reason="late")
    whats = [note.what for note in notes_for(game=game)]
    assert whats == ["gave 1 day more to the turn", "gave 90 minutes more to the turn"]


def test_the_admin_sidebar_names_each_app_once(client):
    client.force_login(UserFactory(is_staff=True, is_superuser=True))  # sees every app
    html = client.get(reverse("admin:games_game_changelist")).content.decode()
    sidebar = html.split('id="nav-sidebar"')[1].split("</nav>")[0]
    captions = [c.strip().upper() for c in re.findall(r"<caption>\s*<a[^>]*>([^<]+)</a>", sidebar)]
    assert captions and len(captions) == len(set(captions)), captions
