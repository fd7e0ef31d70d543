"""The API against its own OpenAPI schema (schemathesis): for inputs the
schema allows and inputs it does not, on a game the token's owner plays and
on ids that are no game, every answer is a status the schema lists, of the
content type and shape it gives, and never a server error."""

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from schemathesis.checks import negative_data_rejection, positive_data_acceptance

from accounts.api_tokens import token_create
from accounts.models import ApiToken

schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", get_wsgi_application())
# Not checked: that every input the schema allows is taken (a move the rules
# forbid, a name nobody has, an empty chat line are refused with a 400 and a
# refusal's code), nor that every input outside it is refused (a query's
# unknown parameters are ignored, as by most HTTP APIs).
NOT_CHECKED = [positive_data_acceptance, negative_data_rejection]


@pytest.fixture
def player(started_game):
    game, users = started_game(2, 2)
    _, secret = token_create(user=users[0], name="fuzz", scopes=list(ApiToken.SCOPES))
    # A request's start and end close the database connection, which holds the
    # test's own transaction here: kept open, as Django's test client keeps it.
    for signal in (request_started, request_finished):
        signal.disconnect(close_old_connections)
    yield game, {"Authorization": f"Bearer {secret}"}
    for signal in (request_started, request_finished):
        signal.connect(close_old_connections)


@pytest.mark.django_db
@schema.parametrize()
@schema.given(on_the_game=st.booleans())
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
def test_every_answer_is_one_the_schema_gives(case, on_the_game, player):
    game, auth = player
    if on_the_game and "game_id" in (case.path_parameters or {}):
        case.path_parameters["game_id"] = game.pk
    case.call_and_validate(headers=auth, excluded_checks=NOT_CHECKED)
