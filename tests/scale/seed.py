"""What the multi-host test needs in its database, made by the site's own
services from the load host (through PgBouncer, like any host). Prints JSON.

    python -m tests.scale.seed games TAG COUNT   COUNT started two-player games, new players named TAG…
    python -m tests.scale.seed overdue GAME_ID…  the games' turn deadlines passed a minute ago"""

import json
import random
import sys
from datetime import timedelta

import django

django.setup()

from allauth.account.models import EmailAddress  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.contrib.auth.hashers import make_password  # noqa: E402
from django.utils import timezone  # noqa: E402

from accounts.api_tokens import token_create  # noqa: E402
from accounts.models import ApiToken  # noqa: E402
from games import services  # noqa: E402
from games.models import Game  # noqa: E402
from tests.factories import PASSWORD  # noqa: E402

User = get_user_model()


def player(username: str, password_hash: str):
    user = User.objects.create(username=username, email=f"{username}@example.org", password=password_hash)
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    return user


def started_game(tag: str, number: int, password_hash: str) -> dict:
    users = [player(f"{tag}{number}x{seat}", password_hash) for seat in range(2)]
    game = services.game_create(creator=users[0], players=2, teams=2, start_mode=Game.StartMode.MANUAL)
    invitation = services.invitation_create(game_id=game.pk, inviter=users[0], invitee=users[1].username)
    services.invitation_accept(invitation_id=invitation.pk, user=users[1])
    game = services.game_start(game_id=game.pk, user=users[0], rng=random.Random(number))
    players = []
    for user in users:
        _, secret = token_create(user=user, name="scale", scopes=list(ApiToken.SCOPES))
        players.append({"username": user.username, "email": user.email, "password": PASSWORD, "token": secret})
    return {"game": game.pk, "players": players}


def overdue(game_ids: list[int]) -> dict:
    past = timezone.now() - timedelta(minutes=1)
    return {"overdue": Game.objects.filter(pk__in=game_ids).update(turn_deadline=past, next_deadline=past)}


if __name__ == "__main__":
    command, *args = sys.argv[1:]
    if command == "games":
        password_hash = make_password(PASSWORD)  # once: the hasher takes a second on purpose
        print(json.dumps([started_game(args[0], n, password_hash) for n in range(int(args[1]))]))
    elif command == "overdue":
        print(json.dumps(overdue([int(game_id) for game_id in args])))
    else:
        raise SystemExit(__doc__)
