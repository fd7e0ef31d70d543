"""sequence_site.db_writes writes the rows the ORM writes: an UPDATE of the
fields asked (and none when the row no longer matches), an INSERT that gives
each instance its key and the values the ORM would store (created_at from
auto_now_add too), and one that leaves out a row owed already; and nothing
listens on the models it writes, so skipping the ORM's signals loses nothing."""

from datetime import timedelta

import pytest
from django.db import models
from django.db.models import signals
from django.db.models.functions import Now
from django.test.utils import isolate_apps
from django.utils import timezone

from games.models import Game, Hand, Move, Notification
from sequence_site.db_writes import BATCH, Insert, Update
from tests.factories import UserFactory
from tests.loaded import loaded

pytestmark = pytest.mark.django_db

INSERTED = (Move, Notification)  # an UPDATE sends no signal through the ORM either


def _stored(model, pk, names):
    row = model.objects.get(pk=pk)
    return {name: getattr(row, name) for name in names}


def test_an_update_writes_what_the_orms_update_writes(started_game):
    ours, _ = started_game(2, 2)
    theirs, _ = started_game(2, 2)
    now = timezone.now().replace(microsecond=123456)
    values = {
        "version": 1,
        "revision": 40,
        "state": {"board": ["é", None, 3], "nested": {"a": [1.5, True]}},
        "status": Game.Status.FINISHED,
        "finished_at": now,
        "winner": "green",
        "result_reason": "sequences",
        "turn_position": 1,
        "turn_deadline": now + timedelta(hours=3),
        "next_deadline": None,
    }
    update = Update(Game, tuple(values), where=("pk", "version"))
    assert update.run(list(values.values()), (ours.pk, ours.version)) == 1
    assert Game.objects.filter(pk=theirs.pk, version=theirs.version).update(**values) == 1
    assert _stored(Game, ours.pk, values) == _stored(Game, theirs.pk, values) == values


def test_an_update_of_a_row_that_no_longer_matches_changes_nothing(started_game):
    game, _ = started_game(2, 2)
    before = loaded(Game.objects.get(pk=game.pk))
    update = Update(Game, ("version", "winner"), where=("pk", "version"))
    assert update.run([5, "blue"], (game.pk, game.version + 1)) == 0
    assert loaded(Game.objects.get(pk=game.pk)) == before


def test_an_update_by_key_writes_a_hand(started_game):
    game, _ = started_game(2, 2)
    seat = game.seats.order_by("position").first()
    assert Update(Hand, ("cards",), where=("pk",)).run([["AS", "10D"]], (seat.pk,)) == 1
    assert Hand.objects.get(pk=seat.pk).cards == ["AS", "10D"]


def test_an_insert_stores_what_the_orms_create_stores_and_gives_the_key(started_game):
    game, users = started_game(2, 2)
    fields = {"seq": 7, "seat": 1, "text": "play 7S J4", "actor": "player", "door": "web", "events": [{"type": "é"}]}
    ours = Move(game=game, entered_by=users[1], **fields)
    Insert(Move).run([ours])
    theirs = Move.objects.create(game=game, entered_by=users[1], **{**fields, "seq": 8})
    stored = Move.objects.get(pk=ours.pk)
    assert ours.pk is not None and not ours._state.adding and loaded(stored) == loaded(ours)
    assert ours.created_at is not None and timezone.now() - ours.created_at < timedelta(minutes=1)
    differ = {"id", "seq", "created_at"}
    assert {k: v for k, v in loaded(stored).items() if k not in differ} == {
        k: v for k, v in loaded(theirs).items() if k not in differ
    }


def test_an_insert_of_many_gives_each_its_own_key_in_order(started_game):
    game, _ = started_game(2, 2)
    moves = [Move(game=game, seq=n, seat=0, text=f"pass {n}", actor="player", door="web") for n in range(BATCH + 3)]
    Insert(Move).run(moves)
    assert [Move.objects.get(pk=move.pk).seq for move in moves] == list(range(BATCH + 3))


def test_rows_owed_already_are_left_out_as_bulk_create_leaves_them(started_game):
    game, _ = started_game(2, 2)
    users = UserFactory.create_batch(BATCH + 1)
    now = timezone.now()

    def owed(user, version):
        return Notification(
            recipient=user,
            to_email=user.email,
            game=game,
            version=version,
            kind=Notification.Kind.YOUR_TURN,
            due_at=now,
        )

    Notification.objects.bulk_create([owed(users[0], 1)], ignore_conflicts=True)
    Insert(Notification, ignore_conflicts=True).run([owed(user, 1) for user in users])
    Notification.objects.bulk_create([owed(user, 2) for user in users], ignore_conflicts=True)
    rows = Notification.objects.filter(game=game).order_by("version", "recipient_id")
    by_version = {v: [loaded(r) for r in rows if r.version == v] for v in (1, 2)}
    assert len(by_version[1]) == len(by_version[2]) == BATCH + 1
    differ = {"id", "version", "created_at"}
    assert [{k: v for k, v in row.items() if k not in differ} for row in by_version[1]] == [
        {k: v for k, v in row.items() if k not in differ} for row in by_version[2]
    ]


@pytest.mark.parametrize("signal", [signals.pre_save, signals.post_save])
def test_nothing_listens_on_the_models_inserted_without_the_orm(signal):
    assert [model.__name__ for model in INSERTED if signal.has_listeners(model)] == []


@isolate_apps("games")
def test_a_field_the_database_fills_is_refused():
    class Stamped(models.Model):
        stamped = models.DateTimeField(db_default=Now())

        class Meta:
            app_label = "games"

        def __str__(self):
            return str(self.stamped)

    with pytest.raises(ValueError, match="stamped"):
        Insert(Stamped).fields  # noqa: B018
