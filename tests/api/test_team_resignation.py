"""A team game's resignation over the API: put to the team, shown to it, declined."""

import pytest

pytestmark = pytest.mark.django_db


def test_the_api_puts_it_to_the_team(started_game, api):
    game, users = started_game(4, 2)
    first, mate = api(users[0]), api(users[2])
    confirm = first("post", f"/games/{game.pk}/resign", {}).json()["confirm"]
    answer = first("post", f"/games/{game.pk}/resign", {"confirm": confirm}).json()
    assert answer["resigned"] is False and answer["waiting_for"] == [users[2].username]
    seen = mate("get", f"/games/{game.pk}").json()
    assert seen["resignation"]["proposed_by"] == users[0].username
    assert api(users[1])("get", f"/games/{game.pk}").json()["resignation"] is None  # an opponent sees nothing
    declined = mate("post", f"/games/{game.pk}/resign/decline")
    assert declined.status_code == 200 and declined.json()["status"] == "declined"
    again = mate("post", f"/games/{game.pk}/resign/decline")
    assert again.status_code == 409 and again.json()["code"] == "no_resignation_proposal"
