import pytest
from django.db import connection
from django.db.utils import OperationalError
from django.urls import reverse

from sequence_site.celery import app as celery_app
from sequence_site.health import heartbeat

pytestmark = pytest.mark.django_db


def test_healthy_when_database_broker_and_worker_answer(client):
    heartbeat()  # what the worker does every minute
    response = client.get(reverse("healthz"))
    body = response.json()
    assert response.status_code == 200, body
    assert body["status"] == "ok"
    assert body["checks"]["database"]["ok"] and body["checks"]["broker"]["ok"] and body["checks"]["worker"]["ok"]
    assert body["checks"]["worker"]["age_seconds"] < 5


def test_unhealthy_without_a_worker_heartbeat(client):
    response = client.get(reverse("healthz"))
    assert response.status_code == 503
    assert "no worker heartbeat" in response.json()["checks"]["worker"]["error"]


def test_stale_heartbeat_is_unhealthy(client, settings):
    heartbeat()
    settings.HEARTBEAT_MAX_AGE_SECONDS = -1
    response = client.get(reverse("healthz"))
    assert response.status_code == 503
    assert "last heartbeat" in response.json()["checks"]["worker"]["error"]


def test_database_down_is_reported_with_its_reason(client, monkeypatch):
    heartbeat()

    def refuse():
        raise OperationalError("connection refused")

    monkeypatch.setattr(connection, "ensure_connection", refuse)
    response = client.get(reverse("healthz"))
    body = response.json()
    assert response.status_code == 503
    assert body["checks"]["database"] == {"ok": False, "error": "OperationalError: connection refused"}


def test_broker_unreachable_is_reported_with_its_reason(client, monkeypatch):
    heartbeat()
    monkeypatch.setattr(celery_app.conf, "broker_url", "redis://127.0.0.1:9/0")
    monkeypatch.setitem(celery_app.conf, "broker_transport", None)  # the URL's scheme picks it
    response = client.get(reverse("healthz"))
    body = response.json()
    assert response.status_code == 503
    assert body["checks"]["broker"]["ok"] is False
    assert body["checks"]["broker"]["error"]
    assert body["checks"]["database"]["ok"] is True


def test_unsent_email_and_overdue_deadlines_are_reported(client, settings, started_game):
    heartbeat()
    started_game(2, 2)  # its first turn e-mail is due and unsent
    body = client.get(reverse("healthz")).json()
    backlog = body["checks"]["backlog"]
    assert backlog["ok"] and backlog["unsent_emails"] >= 1 and backlog["oldest_due_deadline_seconds"] == 0
    settings.BACKLOG_MAX_AGE_SECONDS = -1
    response = client.get(reverse("healthz"))
    assert response.status_code == 503
    assert "falling behind" in response.json()["checks"]["backlog"]["error"]


def test_the_host_says_its_role_and_what_waits_in_each_queue(client, settings):
    heartbeat()
    settings.SITE_ROLE = "web-2"
    body = client.get(reverse("healthz")).json()
    assert body["role"] == "web-2"
    assert body["checks"]["queues"]["ok"]
    assert set(body["checks"]["queues"]["waiting"]) == {"email", "deadlines", "bots", "inbound", "default"}
