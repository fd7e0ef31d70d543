"""NUL bytes are refused at the edge: PostgreSQL cannot store or compare them,
so without the guard a lookup of one is a 500 instead of a 400."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client():
    client = Client()
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    return client


def assert_refused(response):
    assert response.status_code == 400, response.content[:300]
    assert response["Content-Type"].startswith("text/plain")
    assert b"NUL" in response.content and len(response.content) < 200


@pytest.mark.parametrize(
    "url",
    [
        "/players/%00/",
        "/players/al%00ice/",
        "/games/1%00/",
        "/?next=%00",
        "/games/open/?%00=1",
        "/accounts/login/?next=/%00",
        "/healthz?x=%00",
    ],
)
def test_a_nul_in_the_path_or_the_query_is_refused(client, url):
    assert_refused(client.get(url))


def test_a_nul_in_an_admin_filter_is_refused(staff_client):
    assert_refused(staff_client.get("/admin/games/game/?status__exact=%00"))
    assert_refused(staff_client.get("/admin/accounts/user/?q=ali%00ce"))
    assert staff_client.get("/admin/games/game/?status__exact=active").status_code == 200


def test_a_nul_in_a_posted_value_or_name_is_refused(client, staff_client):
    login = reverse("account_login")
    assert_refused(client.post(login, {"login": "ali\x00ce", "password": "x"}))  # multipart
    assert_refused(client.post(login, "login=ali%00ce&password=x", content_type="application/x-www-form-urlencoded"))
    assert_refused(client.post(login, {"login\x00": "alice", "password": "x"}))
    assert_refused(staff_client.post("/admin/games/game/", {"action": "abort_games", "_selected_action": ["1\x00"]}))


def test_a_nul_in_a_cookie_is_refused(client):
    assert_refused(client.get("/", HTTP_COOKIE="sessionid=abcdefgh12345678\x00"))
    assert_refused(client.get("/", HTTP_COOKIE="other\x00=1"))


def test_ordinary_requests_pass(client, staff_client):
    assert client.get("/players/nobody/").status_code == 404
    assert client.get("/?next=%2500").status_code == 200  # a literal "%00" is text, not a NUL
    assert staff_client.get("/admin/").status_code == 200
    response = client.post(reverse("account_login"), {"login": "nobody", "password": "x"})
    assert response.status_code == 200  # the form re-rendered with its error


@pytest.mark.parametrize("url", ["/players/%FF/", "/players/%C3%28/", "/?next=%FF", "/games/open/?%FE=%FF"])
def test_broken_utf8_is_handled_by_django_without_an_error(client, url):
    # Django re-percent-encodes a broken path and decodes a query with
    # replacement characters, so such requests need no guard of ours.
    assert client.get(url).status_code in (200, 404)


def test_broken_utf8_in_an_admin_filter_is_no_error(staff_client):
    assert staff_client.get("/admin/games/game/?status__exact=%FF").status_code in (200, 302)


@pytest.mark.parametrize(
    ("url", "cookie", "where"),
    [
        ("/api/v1/games/1/moves?%C2%BE%00=1", "", "query"),
        ("/api/v1/games/1%00/moves", "", "path"),
        ("/api/v1/me", "other\x00=1", "cookies"),
    ],
)
def test_the_api_refuses_a_nul_as_it_refuses_everything_else(client, url, cookie, where):
    """As JSON, with the refusal's code, as its schema says (schemathesis found the plain text)."""
    response = client.get(url, HTTP_COOKIE=cookie) if cookie else client.get(url)
    assert response.status_code == 400 and response["Content-Type"] == "application/json"
    assert response.json()["code"] == "api_request_invalid" and response.json()["params"] == {"where": [where]}
