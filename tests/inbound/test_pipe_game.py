"""Whole games played through `manage.py receive_email` alone: each reply
is built from the last e-mail the player got, and written to its Reply-To."""

import io
import random
import re
import sys

import pytest
from django.core import mail
from django.core.management import call_command

from games import engine
from games.models import Game, InboundMessage
from tests.gameplay import state_of
from tests.inbound.mail import ATTRIBUTION, latest_to, reply

pytestmark = pytest.mark.django_db


def pipe(raw: bytes, monkeypatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(raw)))
    call_command("receive_email", stdout=io.StringIO())


def answer_to(address: str):
    """The site's answer to the last reply of `address`."""
    return [m for m in mail.outbox if address in m.to and m.subject.startswith("Re:")][-1]


def test_one_move_by_reply(started_game, monkeypatch):
    game, users = started_game(2, 2, seed=3)
    first = latest_to(users[0].email)
    assert first.body.startswith("Reply with your move, e.g.")
    assert first.reply_to[0].startswith("play+") and first.reply_to[0].endswith("@in.example.org")
    move = engine.legal_moves(state_of(game), 0)[0]
    pipe(reply(first, move), monkeypatch)
    row = InboundMessage.objects.get()
    assert row.outcome == InboundMessage.Outcome.APPLIED, row.detail
    game.refresh_from_db()
    assert game.version == 1 and game.moves.get().door == "email"
    answer = answer_to(users[0].email)
    assert answer.body.startswith("Done:") and users[1].username in answer.body
    assert answer.extra_headers["In-Reply-To"]


def _choose(state, seat, rng) -> str:
    """A random legal move; a dead card is traded first, in the same reply."""
    moves = [m for m in engine.legal_moves(state, seat) if m != "resign"]
    dead = [m for m in moves if m.startswith("dead")]
    if dead:
        card = dead[0].split()[1]
        plays = [m for m in moves if not m.startswith(("dead", "pass")) and not m.startswith(card)]
        if plays:
            return f"{dead[0]}\n{rng.choice(plays)}"
    return rng.choice(moves)


def play_through(game, users, rng, send, *, resign_at: int, lose_draw_at: int | None = None) -> dict:
    """Each player replies to their latest e-mail with a random legal move
    (drawing when the draw is open, except once when one draw is let go)
    until the game ends; seat 1 resigns, with its code, at move `resign_at` (in a team game its
    teammate, asked by e-mail, agrees the same way).
    `send(raw)` is the door. Returns what happened along the way."""
    seen = {"dead": 0, "lost": 0, "resigned": 0, "agreed": 0}
    let_go = None  # the seat whose draw is let go
    for number in range(500):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            seen["lost"] = sum(
                e["type"] == "draw_lost" for events in game.moves.values_list("events", flat=True) for e in events
            )
            return seen
        state = state_of(game)
        drawing = [p for p in range(game.players) if state.pending[p] is not None]
        if let_go is None and drawing and lose_draw_at is not None and number >= lose_draw_at:
            let_go = drawing[0]  # its draw stays open: the next player's play and draw take it
        elif let_go is not None and let_go not in drawing:
            let_go = -1  # lost: the seat draws again from now on
        drawing = [p for p in drawing if p != let_go]
        seat = drawing[0] if drawing else state.turn
        user = users[seat]
        last = latest_to(user.email)
        if number >= resign_at and seat == 1 and not drawing:
            send(reply(last, "resign"))
            asked = answer_to(user.email)
            code = asked.body.split("resign ", 2)[-1].split()[0]
            send(reply(asked, f"resign {code}"))
            seen["resigned"] += 1
            game.refresh_from_db()
            if game.status == Game.Status.ACTIVE:  # a team game: the teammate is asked, and agrees by e-mail
                mate = users[(seat + game.teams) % game.players]
                send(reply(latest_to(mate.email), "resign"))
                code = answer_to(mate.email).body.split("resign ", 2)[-1].split()[0]
                send(reply(answer_to(mate.email), f"resign {code}"))
                seen["agreed"] += 1
            continue
        text = "draw" if drawing else _choose(state, seat, rng)
        seen["dead"] += text.startswith("dead")
        before = game.version
        send(reply(last, text))
        row = InboundMessage.objects.order_by("-pk").first()
        assert row.outcome == InboundMessage.Outcome.APPLIED, (text, row.detail, answer_to(user.email).body)
        game.refresh_from_db()
        assert game.version > before
    raise AssertionError("the game did not end")


def test_a_whole_two_player_game(started_game, monkeypatch):
    game, users = started_game(2, 2, seed=2)  # a deal whose game has a dead card
    seen = play_through(game, users, random.Random(2), lambda raw: pipe(raw, monkeypatch), resign_at=10_000)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert set(game.moves.values_list("door", flat=True)) == {"email"}
    assert seen["dead"] >= 1
    assert game.moves.filter(text__startswith="dead").exists()


def test_a_two_by_two_tabletop_game_with_a_lost_draw_and_a_resignation(started_game, monkeypatch):
    game, users = started_game(4, 2, seed=7, draw_mode=Game.DrawMode.TABLETOP)
    seen = play_through(game, users, random.Random(7), lambda raw: pipe(raw, monkeypatch), resign_at=30, lose_draw_at=3)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.result_reason
    assert seen["resigned"] == 1 and seen["agreed"] == 1 and seen["lost"] == 1
    assert set(game.moves.values_list("door", flat=True)) == {"email"}
    assert game.moves.filter(text="resign", seat=3).exists()  # the teammate's agreement resigned the team


def test_a_play_then_the_draw_in_one_reply(started_game, monkeypatch):
    game, users = started_game(2, 2, seed=3, draw_mode=Game.DrawMode.TABLETOP)
    move = next(m for m in engine.legal_moves(state_of(game), 0) if not m.startswith(("dead", "pass", "resign")))
    pipe(reply(latest_to(users[0].email), f"play {move.lower()}; draw"), monkeypatch)
    assert list(game.moves.values_list("text", flat=True)) == [move, "draw"]
    assert answer_to(users[0].email).body.startswith(f"Done: {move}, then draw.")


EMOJI = {"S": "♠\ufe0f", "H": "♥\ufe0f", "D": "♦\ufe0f", "C": "♣\ufe0f"}  # as phone keyboards insert them


def _with_emoji(text: str) -> str:
    """7H C4 -> 7♥️ C4 (each line's card)."""
    lines = []
    for line in text.split("\n"):
        words = line.split()
        card = next(i for i, w in enumerate(words) if w[-1] in EMOJI and w[:-1].isalnum() and len(w) <= 3)
        words[card] = words[card][:-1] + EMOJI[words[card][-1]]
        lines.append(" ".join(words))
    return "\n".join(lines)


def _and_draw(state, seat, text: str) -> str:
    """The reply's moves, with "; draw" after the last when it opens a draw
    (tabletop), and after a winning play (the player writes it all the same)."""
    for move in text.split("\n"):
        state, _events = engine.apply(state, seat, move)
    return f"{text}; draw" if state.pending[seat] is not None or state.result else text


def test_a_tabletop_game_won_by_a_play_sent_with_its_draw(started_game, monkeypatch):
    """Every play is sent with its draw, as the help suggests, some bottom-posted
    and some with emoji suits; the winning play's draw is dropped."""
    game, users = started_game(2, 2, seed=5, draw_mode=Game.DrawMode.TABLETOP)
    rng = random.Random(5)
    seen = {"bottom": 0, "emoji": 0}
    for number in range(400):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        state = state_of(game)
        seat = state.turn
        text = _choose(state, seat, rng)
        if text == "resign" or text.startswith("pass"):
            continue  # nothing else to do: the next loop chooses again (never resign)
        text = _and_draw(state, seat, text)
        if number % 3 == 1:
            text, seen["emoji"] = _with_emoji(text), seen["emoji"] + 1
        bottom = number % 4 == 2
        seen["bottom"] += bottom
        pipe(reply(latest_to(users[seat].email), text, bottom=bottom, attribution=ATTRIBUTION), monkeypatch)
        row = InboundMessage.objects.order_by("-pk").first()
        assert row.outcome == InboundMessage.Outcome.APPLIED, (text, row.detail, answer_to(users[seat].email).body)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.result_reason != "resign"
    last = InboundMessage.objects.order_by("-pk").first()
    assert last.commands[-1]["text"] == "draw" and not last.detail.endswith("draw")  # sent, and dropped
    assert game.moves.order_by("-seq").first().text == last.detail.split("; ")[-1]
    assert "You won!" in answer_to(last.sender).body
    assert seen["bottom"] >= 5 and seen["emoji"] >= 5
    assert set(game.moves.values_list("door", flat=True)) == {"email"}


# How each player writes a move in their own words.
_RANKS = {
    "cs": dict(
        zip(
            "23456789TJQKA",
            [
                "dvojka",
                "trojka",
                "čtyřka",
                "pětka",
                "šestka",
                "sedmička",
                "osmička",
                "devítka",
                "desítka",
                "kluk",
                "dáma",
                "král",
                "eso",
            ],
            strict=True,
        )
    ),
    "it": dict(
        zip(
            "23456789TJQKA",
            [
                "due",
                "tre",
                "quattro",
                "cinque",
                "sei",
                "sette",
                "otto",
                "nove",
                "dieci",
                "fante",
                "donna",
                "re",
                "asso",
            ],
            strict=True,
        )
    ),
    "hu": dict(
        zip(
            "23456789TJQKA",
            [
                "kettes",
                "hármas",
                "négyes",
                "ötös",
                "hatos",
                "hetes",
                "nyolcas",
                "kilences",
                "tízes",
                "bubi",
                "dáma",
                "király",
                "ász",
            ],
            strict=True,
        )
    ),
}
_SUITS = {
    "cs": dict(zip("SHDC", ["pikov", "srdcov", "károv", "křížov"], strict=True)),
    "it": dict(zip("SHDC", ["picche", "cuori", "quadri", "fiori"], strict=True)),
    "hu": dict(zip("SHDC", ["pikk", "kőr", "káró", "treff"], strict=True)),
}
_COMMANDS = {"en": ("dead", "pass"), "cs": ("mrtvá", "pas"), "it": ("morta", "passo"), "hu": ("halott", "passz")}
DONE = {"en": "Done: ", "cs": "Hotovo: ", "it": "Fatto: ", "hu": "Kész: "}


def _card_words(card: str, language: str) -> str:
    rank, suit = card[0], card[1]
    if language == "cs":  # the adjective agrees with the rank: srdcová sedmička, srdcový král, srdcové eso
        ending = "ý" if rank in "JK" else "é" if rank == "A" else "á"
        return f"{_SUITS['cs'][suit]}{ending} {_RANKS['cs'][rank]}"
    if language == "it":
        return f"{_RANKS['it'][rank]} di {_SUITS['it'][suit]}"
    return f"{_SUITS['hu'][suit]} {_RANKS['hu'][rank]}"


def in_words(move: str, language: str) -> str:
    """A move as a player of `language` writes it: "play 7 of hearts on C4",
    "srdcová sedmička na C4", "sette di cuori su C4", "kőr hetes a C4-re"."""
    words = move.split()
    if words[0] in ("dead", "pass"):
        return f"{_COMMANDS[language][words[0] == 'pass']} {words[1]}"
    card, cell = words[0], words[1]
    if language == "en":
        return f"play {card} on {cell}"
    if language == "cs":
        return f"{_card_words(card, 'cs')} na {cell}"
    if language == "it":
        return f"{_card_words(card, 'it')} su {cell}"
    ending = "ra" if cell[1:] in ("3", "6", "8") else "re"  # három, hat, nyolc: -ra
    return f"{_card_words(card, 'hu')} a {cell}-{ending}"


def test_a_whole_game_in_four_languages(started_game, monkeypatch):
    """Four players, each writing in their own words and answered in their
    language: en, cs, it, hu."""
    languages = ["en", "cs", "it", "hu"]
    game, users = started_game(4, 2, seed=4)
    for user, language in zip(users, languages, strict=True):
        user.language = language
        user.save(update_fields=["language"])
    rng = random.Random(4)
    for _number in range(300):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        state = state_of(game)
        seat = state.turn
        language = languages[seat]
        moves = [m for m in engine.legal_moves(state, seat) if m != "resign" and " seq " not in m]
        text = in_words(rng.choice(moves), language)
        pipe(reply(latest_to(users[seat].email), text), monkeypatch)
        row = InboundMessage.objects.order_by("-pk").first()
        answer = answer_to(users[seat].email).body
        assert row.outcome == InboundMessage.Outcome.APPLIED, (text, row.detail, answer)
        assert answer.startswith(DONE[language]), answer
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.result_reason != "resign"
    assert set(game.moves.values_list("door", flat=True)) == {"email"}


def test_at_a_tabletop_game_the_example_reply_takes_the_draw_too(started_game, monkeypatch):
    game, users = started_game(2, 2, seed=3, draw_mode="tabletop")
    first = latest_to(users[0].email)
    example = re.search(r'Reply with your move, e\.g\. "([^"]+)"', first.body).group(1)
    assert example.endswith(", draw")  # a play alone would leave the draw open, and the card could be lost
    pipe(reply(first, example), monkeypatch)
    game.refresh_from_db()
    assert [move.text for move in game.moves.order_by("seq")] == [example.removesuffix(", draw"), "draw"]
