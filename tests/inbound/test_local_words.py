"""The e-mail door in the players' own words (issue 23): commands, fillers,
rank and suit words in either order, reply prefixes, and a refusal that
names the word it did not understand, in the reader's language."""

import email
import email.policy

import pytest

from games import engine
from games.inbound import commands
from games.models import InboundMessage
from tests.gameplay import state_of
from tests.inbound.mail import answer_to, latest_to, pipe, reply

pytestmark = pytest.mark.django_db
Outcome = InboundMessage.Outcome


@pytest.mark.parametrize(
    "text, expected",
    [
        ("7h na c4", "7H C4"),
        ("hraju 7h na c4", "7H C4"),
        ("srdcová 7 na C4", "7H C4"),
        ("srdcovou sedmičku na C4", "7H C4"),
        ("srdce 7 c4", "7H C4"),
        ("7 trefy C4", "7C C4"),
        ("7 di cuori su C4", "7H C4"),
        ("il sette di cuori su C4", "7H C4"),
        ("l'asso di picche su A2", "AS A2"),
        ("re di cuori su C4", "KH C4"),
        ("7 cuore c4", "7H C4"),
        ("kőr 7 a C4-re", "7H C4"),
        ("kőr hetes a C4-re", "7H C4"),
        ("kor hetes a C3-ra", "7H C3"),
        ("kőr ászt az F2-re", "AH F2"),
        ("pikk dámát a C4-re", "QS C4"),
        ("treff tízest a C4-re", "TC C4"),
        ("DH C4", "QH C4"),
        ("pikk B az A2-re", "JS A2"),
        ("mrtvá 7H", "dead 7H"),
        ("morta 7H", "dead 7H"),
        ("halott 7H", "dead 7H"),
        ("pas 7H", "pass 7H"),
        ("passz 7H", "pass 7H"),
        ("beru", "draw"),
        ("pesco", "draw"),
        ("húzok", "draw"),
        ("trest 7H", "penalty 7H"),
        ("7H C4 sekvence C2-C6", "7H C4 seq C2-C6"),
        ("nápověda", "help"),
        ("napoveda", "help"),
        ("aiuto", "help"),
        ("súgó", "help"),
        ("plán", "board"),
        ("tábla", "board"),
        ("tabellone", "board"),
        ("vzdávám se", "resign"),
        ("mi ritiro", "resign"),
        ("feladom", "resign"),
    ],
)
def test_the_words_of_every_language(text, expected):
    command = commands.read_segment(text)
    assert (command.text or command.kind) == expected


@pytest.mark.parametrize(
    "language, word, says",
    [
        ("en", "hepl", "the commands are help, board, draw"),
        ("cs", "nápovda", "příkazy jsou nápověda, plán, beru"),
        ("it", "aiutami", "i comandi sono aiuto, tabellone, pesco"),
        ("hu", "súgót", "a parancsok: súgó, tábla, húzok"),
    ],
)
def test_an_unknown_word_is_named_with_the_commands_in_the_readers_language(
    started_game, monkeypatch, language, word, says
):
    game, users = started_game(2, 2, seed=3)
    users[0].language = language
    users[0].save(update_fields=["language"])
    pipe(reply(latest_to(users[0].email), word), monkeypatch)
    row = InboundMessage.objects.get()
    assert (row.outcome, row.detail) == (Outcome.REFUSED, "word_unknown")
    body = answer_to(users[0].email).body
    assert word in body and says in body and "has no place in a move" not in body
    assert not game.moves.exists()


@pytest.mark.parametrize(
    "language, word, listed", [("cs", "nápověda", "nápověda (help)"), ("hu", "súgó", "súgó (help)")]
)
def test_help_in_the_readers_words_lists_their_commands(started_game, monkeypatch, language, word, listed):
    _game, users = started_game(2, 2, seed=3)
    users[0].language = language
    users[0].save(update_fields=["language"])
    pipe(reply(latest_to(users[0].email), word), monkeypatch)
    assert InboundMessage.objects.get().outcome == Outcome.ANSWERED
    body = answer_to(users[0].email).body
    assert "dead 7H" in body and listed in body


@pytest.mark.parametrize("prefix", ["Vá:", "Válasz:", "RIF:", "I:", "PŘ:", "Odp: Vá:"])
def test_the_move_in_a_subject_under_local_reply_prefixes(started_game, monkeypatch, prefix):
    game, users = started_game(2, 2, seed=3)
    move = next(m for m in engine.legal_moves(state_of(game), 0) if " " in m and not m.startswith("pass"))
    message = latest_to(users[0].email)
    raw = email.message_from_bytes(reply(message, ""), policy=email.policy.default)
    raw.replace_header("Subject", f"{prefix} {move}")
    pipe(raw.as_bytes(), monkeypatch)
    row = InboundMessage.objects.get()
    assert (row.outcome, row.detail) == (Outcome.APPLIED, move), answer_to(users[0].email).body


def test_a_hungarian_players_notices_from_the_door_decide_the_article(started_game):
    """ "A(z)" stands in the catalog before a game's number; the door's own
    e-mails decide it, as the site's e-mails do ("Az 5. játszma", "A 2.")."""
    from games.inbound import replies
    from games.models import InboundMessage

    game, users = started_game(2, 2)
    users[0].language = "hu"
    users[0].save()
    row = InboundMessage.objects.create(
        message_key="k", door="pipe", raw=b"", game=game, user=users[0], sender="someone@example.org"
    )
    notice = replies.mismatch_notice(row)
    assert "(z)" not in notice.subject and "(z)" not in notice.body
    from games.articles import article

    assert notice.subject.startswith(f"{article(str(game.pk)).capitalize()} {game.pk}.")  # 1, 5: az; 2, 10: a
