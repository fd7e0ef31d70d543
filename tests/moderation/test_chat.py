"""The table chat: who writes, who reads, escaping, limits, reports, hiding and muting."""

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import services
from games.errors import Conflict, GameNotFound, InvalidInput, NotAllowed, RateLimited
from games.models import ChatMessage, ChatMute, Report
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def post(client, game, text):
    return client.post(reverse("chat_post", args=[game.pk]), {"text": text})


def table(client, game) -> str:
    return client.get(reverse("game", args=[game.pk])).content.decode()


def test_a_player_posts_and_everyone_at_the_table_reads_it_escaped(client, started_game):
    game, users = started_game(2, 2, is_public=True)
    client.force_login(users[0])
    response = post(client, game, "<b>hello</b> & good luck")
    assert response.status_code == 303 and response["Location"].endswith("#chat")
    client.force_login(users[1])
    html = table(client, game)
    assert "&lt;b&gt;hello&lt;/b&gt; &amp; good luck" in html and "<b>hello</b>" not in html
    assert "everyone watching reads this chat" in html
    client.logout()
    assert "&lt;b&gt;hello&lt;/b&gt;" in table(client, game)  # a spectator reads it too
    assert f'action="/games/{game.pk}/chat/"' not in table(client, game)  # but cannot write


def test_spectators_and_outsiders_cannot_write(client, started_game):
    game, _ = started_game(2, 2, is_public=True)
    client.force_login(UserFactory())
    assert post(client, game, "hi").status_code == 403
    private, _ = started_game(2, 2)
    assert post(client, private, "hi").status_code == 404  # a private game does not exist for outsiders
    assert not ChatMessage.objects.exists()


@pytest.mark.parametrize(
    "text, status, says",
    [
        ("x" * 501, 400, "at most 500 fit"),
        ("   ", 400, "Write something first"),
        ("bell\x07", 400, "no control characters"),
    ],
)
def test_bad_messages_are_refused_clearly_and_change_nothing(client, started_game, text, status, says):
    game, users = started_game(2, 2)
    client.force_login(users[0])
    response = post(client, game, text)
    assert response.status_code == status
    assert says in response.content.decode()
    assert not ChatMessage.objects.exists()


def test_a_nul_byte_is_a_4xx(client, started_game):
    game, users = started_game(2, 2)
    client.force_login(users[0])
    assert 400 <= post(client, game, "a\x00b").status_code < 500
    assert not ChatMessage.objects.exists()


def test_500_characters_and_line_breaks_pass(started_game):
    game, users = started_game(2, 2)
    assert len(services.chat_post(game_id=game.pk, user=users[0], text="y" * 500).text) == 500
    assert services.chat_post(game_id=game.pk, user=users[0], text="two\r\nlines").text == "two\nlines"


def test_the_rate_limit(client, started_game, settings):
    settings.CHAT_MESSAGES_PER_MINUTE = 3
    game, users = started_game(2, 2)
    for n in range(3):
        services.chat_post(game_id=game.pk, user=users[0], text=f"message {n}")
    with pytest.raises(RateLimited):
        services.chat_post(game_id=game.pk, user=users[0], text="one too many")
    client.force_login(users[0])
    response = post(client, game, "one too many")
    assert response.status_code == 429 and "one too many" in response.content.decode()  # given back to edit
    services.chat_post(game_id=game.pk, user=users[1], text="others still may")
    assert ChatMessage.objects.count() == 4


def test_chat_never_shows_on_another_game(client, started_game):
    game, users = started_game(2, 2)
    other, other_users = started_game(2, 2)
    services.chat_post(game_id=game.pk, user=users[0], text="only-in-the-first-game")
    client.force_login(other_users[0])
    assert "only-in-the-first-game" not in table(client, other)
    client.force_login(users[1])
    assert "only-in-the-first-game" in table(client, game)


def test_a_hidden_message_shows_to_nobody(client, started_game, moderator):
    game, users = started_game(2, 2)
    message = services.chat_post(game_id=game.pk, user=users[0], text="partner, play the seven")
    services.chat_message_hide(message_id=message.pk, moderator=moderator, reason="table talk")
    client.force_login(users[1])
    html = table(client, game)
    assert "partner, play the seven" not in html
    assert "moderator: hid a chat message by" in html and "table talk" in html
    with pytest.raises(Conflict):
        services.chat_message_hide(message_id=message.pk, moderator=moderator, reason="again")


def test_muting_hides_a_players_messages_for_me_only(client, started_game):
    game, users = started_game(4, 2)
    services.chat_post(game_id=game.pk, user=users[1], text="noisy-message")
    client.force_login(users[0])
    response = client.post(reverse("chat_mute", args=[game.pk]), {"user": users[1].pk})
    assert response.status_code == 303
    assert ChatMute.objects.filter(user=users[0], muted=users[1]).exists()
    assert "noisy-message" not in table(client, game)
    client.force_login(users[2])
    assert "noisy-message" in table(client, game)
    client.force_login(users[0])
    client.post(reverse("chat_unmute", args=[game.pk]), {"user": users[1].pk})
    assert "noisy-message" in table(client, game)


def test_muting_oneself_or_nobody_is_refused(client, started_game):
    game, users = started_game(2, 2)
    client.force_login(users[0])
    assert client.post(reverse("chat_mute", args=[game.pk]), {"user": users[0].pk}).status_code == 400
    assert client.post(reverse("chat_mute", args=[game.pk]), {"user": "x"}).status_code == 404
    assert not ChatMute.objects.exists()


def test_reporting_a_message_and_a_game(client, started_game):
    game, users = started_game(2, 2)
    message = services.chat_post(game_id=game.pk, user=users[0], text="you are all idiots")
    client.force_login(users[1])
    form = client.get(reverse("game_report", args=[game.pk]) + f"?message={message.pk}")
    assert form.status_code == 200 and "you are all idiots" in form.content.decode()
    url = reverse("game_report", args=[game.pk])
    response = client.post(url, {"message": message.pk, "reason": "abuse", "text": "rude"})
    assert response.status_code == 303
    report = Report.objects.get()
    assert (report.message, report.reported_user, report.reason, report.text) == (message, users[0], "abuse", "rude")
    again = client.post(url, {"message": message.pk, "reason": "abuse"})
    assert again.status_code == 409 and Report.objects.count() == 1
    assert client.post(url, {"reason": "stalling"}).status_code == 303
    assert Report.objects.filter(message=None, reason="stalling").exists()


@pytest.mark.parametrize(
    "data, status",
    [
        ({"reason": "nonsense"}, 400),
        ({"reason": "other", "message": "99999"}, 404),
        ({"reason": "other", "message": "1x"}, 404),
        ({"reason": "other", "text": "z" * 1001}, 400),
    ],
)
def test_bad_reports_are_refused(client, started_game, data, status):
    game, users = started_game(2, 2)
    client.force_login(users[1])
    assert client.post(reverse("game_report", args=[game.pk]), data).status_code == status
    assert not Report.objects.exists()


def test_a_message_of_another_game_cannot_be_reported_here(started_game):
    game, users = started_game(2, 2)
    other, other_users = started_game(2, 2)
    message = services.chat_post(game_id=other.pk, user=other_users[0], text="elsewhere")
    with pytest.raises(GameNotFound) as refused:
        services.report_create(game_id=game.pk, reporter=users[0], reason="abuse", message_id=message.pk)
    assert refused.value.code == "no_such_message"


def test_the_table_page_queries_do_not_grow_with_the_chat(client, started_game, django_assert_num_queries):
    """The chat costs the same whatever it holds, and nothing when it is
    empty; a reader who muted nobody (nearly all) skips the query of whom they
    muted, and one who did reads them once, however many."""
    game, users = started_game(2, 2)
    client.force_login(users[1])
    table(client, game)  # the presence stamp is written once, then not for 30 s
    cache.clear()  # each page built anew: what it reads, not a cached copy
    with CaptureQueriesContext(connection) as empty:
        table(client, game)
    ChatMessage.objects.create(game=game, author=users[0], name="first", text="hello")
    cache.clear()
    with CaptureQueriesContext(connection) as few:
        table(client, game)
    assert len(few.captured_queries) == len(empty.captured_queries) + 1
    for n in range(10):
        ChatMessage.objects.create(game=game, author=users[n % 2], name=f"n{n}", text=f"line {n}")
    cache.clear()
    with django_assert_num_queries(len(few.captured_queries)):
        table(client, game)
    for _ in range(3):
        ChatMute.objects.create(user=users[1], muted=UserFactory())
        cache.clear()
        with django_assert_num_queries(len(few.captured_queries) + 1):
            table(client, game)


def test_a_suspended_player_cannot_chat(started_game, moderator):
    game, users = started_game(2, 2)
    services.player_suspend(user_id=users[0].pk, moderator=moderator, reason="abuse")
    with pytest.raises(NotAllowed):
        services.chat_post(game_id=game.pk, user=users[0], text="hello")


@pytest.mark.parametrize(
    "text",
    [
        "gg \u202eevil",  # the right-to-left override: "gg live" would show reversed
        "a\u202bb\u202c",  # an embedding
        "\u2067hidden\u2069",  # an isolate
    ],
)
def test_a_message_that_reorders_its_own_text_is_refused(started_game, text):
    game, users = started_game(2, 2)
    with pytest.raises(InvalidInput) as refused:
        services.chat_post(game_id=game.pk, user=users[0], text=text)
    assert refused.value.code == "text_direction_control"
    assert not ChatMessage.objects.exists()


@pytest.mark.parametrize("text", ["\u200b", "\u200b\u200c\u200d\u2060\ufeff", " \u3000 \u200b "])
def test_a_message_with_nothing_to_see_is_refused_as_empty(started_game, text):
    game, users = started_game(2, 2)
    with pytest.raises(InvalidInput) as refused:
        services.chat_post(game_id=game.pk, user=users[0], text=text)
    assert refused.value.code == "chat_empty" and not ChatMessage.objects.exists()


def test_each_message_keeps_its_own_direction_on_the_page_and_in_the_email(client, started_game):
    from games.mail import emails
    from games.models import Notification

    game, users = started_game(2, 2)
    services.chat_post(game_id=game.pk, user=users[1], text="שלום, good luck")  # Hebrew, then Latin
    client.force_login(users[0])
    html = table(client, game)
    assert '<span class="chat-text" dir="auto">שלום, good luck</span>' in html
    assert f"<bdi>{users[1].username}</bdi>" in html
    turn = Notification.objects.filter(game=game, kind=Notification.Kind.YOUR_TURN).latest("version")
    mail = emails.build(turn)
    assert mail is not None and '<span dir="auto">שלום, good luck</span>' in mail.alternatives[0].content


@pytest.mark.parametrize(
    ("players", "teams", "public", "readers", "talk"),
    [
        (2, 2, True, "everyone watching reads this chat", False),  # alone: no partner to advise
        (4, 2, False, "and so can the moderators", True),  # private: nobody else watches
    ],
)
def test_the_chat_says_who_reads_it_and_warns_of_table_talk_only_where_there_are_partners(
    client, started_game, players, teams, public, readers, talk
):
    game, users = started_game(players, teams, is_public=public)
    client.force_login(users[0])
    page = client.get(reverse("game", args=[game.pk])).content.decode()
    assert readers in page
    assert ("Table talk (telling your partner" in page) == talk
