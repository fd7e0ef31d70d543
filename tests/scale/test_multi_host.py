"""The site on several hosts across a real (virtual) network: two web hosts,
two worker hosts and a beat on one PostgreSQL behind PgBouncer and one Redis
(tests/scale/site.py). Each test's requests leave from the load host."""

import itertools
import json
import random
import re
import time
from email import message_from_bytes
from pathlib import Path

import requests

from examples import bot_client
from tests.scale.site import CHAT_PER_MINUTE, OUTBOX_LEASE_SECONDS, SWEEP_SECONDS, WEB_HOSTS, WEB_PORT

WEB = [f"http://10.231.0.{number}:{WEB_PORT}" for number in (11, 12)]


def wait_until(condition, timeout: float, what: str):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.5)
    raise AssertionError(f"not within {timeout} s: {what}")


def settled(site, emails: list[str]) -> bool:
    """Nothing owed to these addresses is due and unsent, or held by a worker."""
    (waiting,) = site.sql(
        "SELECT count(*) FROM games_notification WHERE to_email = ANY(%s)"
        " AND status IN ('pending', 'sending') AND due_at <= now() AND NOT digest",
        emails,
    )[0]
    return waiting == 0


def sent_rows(site, emails: list[str]) -> int:
    return site.sql("SELECT count(*) FROM games_notification WHERE to_email = ANY(%s) AND status = 'sent'", emails)[0][
        0
    ]


def kept_for(site, emails: list[str]) -> list:
    """The sink's messages to these addresses, parsed, with the host that sent each."""
    kept = [(host, message_from_bytes(raw)) for host, raw in site.emails()]
    return [(host, message) for host, message in kept if message["To"] in emails]


def assert_each_sent_once(site, emails: list[str]) -> list:
    wait_until(lambda: settled(site, emails), 90, "the outbox settles")
    kept = kept_for(site, emails)
    ids = [message["Message-ID"] for _, message in kept]
    assert len(ids) == len(set(ids))
    assert len(kept) == sent_rows(site, emails), "the sink got exactly the e-mails marked sent"
    failed = site.sql("SELECT count(*) FROM games_notification WHERE to_email = ANY(%s) AND status = 'failed'", emails)
    assert failed[0][0] == 0
    return kept


class Alternating(bot_client.Api):
    """The example bot's API client, each request to the next web host in turn."""

    def __init__(self, token: str, turns: itertools.count, hosts: list[str]):
        super().__init__(WEB[0], token)
        self.turns, self.hosts = turns, hosts

    def call(self, method, path, body=None, **headers):
        self.base = WEB[next(self.turns) % 2] + "/api/v1"
        self.hosts.append(self.base)
        return super().call(method, path, body, **headers)


def test_a_whole_game_alternating_web_hosts_sends_each_turn_email_once(site):
    (game,) = site.seed("games", "g", "1")
    players = game["players"]
    emails = [player["email"] for player in players]
    turns, hosts = itertools.count(), []
    apis = [Alternating(player["token"], turns, hosts) for player in players]

    def play() -> dict:
        rng = random.Random(5)
        for _ in range(1000):
            for api in apis:
                bot_client.play_turn(api, game["game"], rng)
            status, detail = apis[0].call("GET", f"/games/{game['game']}")
            assert status == 200
            if detail["status"] != "active":
                return detail
        raise AssertionError("the game did not end in 1000 rounds")

    final = site.network.inside("load", play)
    assert final["status"] == "finished"
    assert {host.split("/api")[0] for host in hosts} == set(WEB)
    moves = site.sql("SELECT count(*) FROM games_move WHERE game_id = %s AND actor = 'player'", game["game"])[0][0]
    assert moves > 10
    kept = assert_each_sent_once(site, emails)
    turn_emails = [message for _, message in kept if "turn" in message["Subject"]]
    assert len(turn_emails) >= 5, [message["Subject"] for _, message in kept]
    assert {host for host, _ in kept} <= {"10.231.0.21", "10.231.0.22"}  # sent by the worker hosts
    logged = [
        json.loads(line)
        for host in WEB_HOSTS
        for line in (site.logs / f"{host}.log").read_text().splitlines()
        if line.startswith("{")
    ]
    about_it = [line for line in logged if line.get("game_id") == game["game"]]
    assert {line["role"] for line in about_it} == set(WEB_HOSTS)
    assert all(line["request_id"] and line["user_id"] for line in about_it)


def test_a_log_in_on_one_web_host_is_valid_on_the_other(site):
    (game,) = site.seed("games", "s", "1")
    player = game["players"][0]

    def log_in_on_web1_then_visit_web2():
        browser = requests.Session()
        form = browser.get(f"{WEB[0]}/accounts/login/", timeout=30)
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form.text).group(1)
        answer = browser.post(
            f"{WEB[0]}/accounts/login/",
            data={"login": player["username"], "password": player["password"], "csrfmiddlewaretoken": token},
            allow_redirects=False,
            timeout=30,
        )
        assert answer.status_code == 302, answer.text[:500]
        elsewhere = requests.Session()  # the same browser's cookies, at the other host's address
        for cookie in browser.cookies:
            elsewhere.cookies.set(cookie.name, cookie.value)
        return elsewhere.get(f"{WEB[1]}/accounts/settings/", allow_redirects=False, timeout=30)

    page = site.network.inside("load", log_in_on_web1_then_visit_web2)
    assert page.status_code == 200
    assert player["username"] in page.text


def test_a_chat_rate_limit_counts_across_both_web_hosts(site):
    (game,) = site.seed("games", "c", "1")
    token = game["players"][0]["token"]

    def chat_on_both_hosts() -> list:
        answers = []
        for number in range(CHAT_PER_MINUTE + 1):
            answer = requests.post(
                f"{WEB[number % 2]}/api/v1/games/{game['game']}/chat",
                json={"text": f"message {number}"},
                headers={"Authorization": f"Bearer {token}"},
                timeout=30,
            )
            answers.append((answer.status_code, answer.json().get("code")))
        return answers

    answers = site.network.inside("load", chat_on_both_hosts)
    assert [status for status, _ in answers[:-1]] == [200] * CHAT_PER_MINUTE
    assert answers[-1] == (429, "chat_rate_limited")


def test_a_worker_cut_off_mid_batch_loses_nothing_and_sends_nothing_twice(site):
    pause = site.root / "sink-pause"
    pause.write_text("0.2")  # the sink takes 0.2 s a message: a batch lasts seconds
    try:
        # Each game's turn e-mail is due 4 s after it starts: the sweep sends them together.
        games = site.seed("games", "w", "16", TURN_EMAIL_GRACE_SECONDS="4")
        emails = [player["email"] for game in games for player in game["players"]]
        kept = wait_until(lambda: len(kept_for(site, emails)) >= 8 and kept_for(site, emails), 90, "sending starts")
        sender = {"10.231.0.21": "wk1", "10.231.0.22": "wk2"}[kept[-1][0]]
        site.network.cut(sender)
        held = len(kept_for(site, emails))
        time.sleep(5)
        assert site.workers[sender].poll() is None
        site.network.mend(sender)
    finally:
        pause.unlink()
    kept = assert_each_sent_once(site, emails)
    assert len(kept) > held  # the rest were sent after the cut
    assert sum("turn" in message["Subject"] for _, message in kept) == len(games)


def turn_rows(site, emails: list[str], status: str) -> set[str]:
    rows = site.sql(
        "SELECT to_email FROM games_notification WHERE to_email = ANY(%s) AND kind = 'your_turn' AND status = %s",
        emails,
        status,
    )
    return {to for (to,) in rows}


def test_a_worker_cut_off_for_good_mid_batch_leaves_the_rest_to_the_other_after_its_lease(site):
    """At least once, never lost: the other worker sends the batch once the
    lease has run out, and the e-mails sent twice are exactly the ones the
    cut worker had sent and not yet marked (at most MARK_EVERY)."""
    from games.mail.outbox import MARK_EVERY

    workers = {"10.231.0.21": "wk1", "10.231.0.22": "wk2"}
    pause = site.root / "sink-pause"
    pause.write_text("0.3")
    sender = None
    try:
        games = site.seed("games", "f", "24", TURN_EMAIL_GRACE_SECONDS="4")
        emails = [player["email"] for game in games for player in game["players"]]

        def turns() -> list:
            return [(host, message) for host, message in kept_for(site, emails) if "turn" in message["Subject"]]

        # Past the first mark (MARK_EVERY sent), and some sent since.
        sending = wait_until(lambda: len(turns()) >= MARK_EVERY + 2 and turns(), 90, "the batch is under way")
        sender = workers[sending[-1][0]]
        site.network.cut(sender)  # and never mended during the test
        time.sleep(2)  # the message in flight, if the sink had it whole, is kept by now
        unmarked = {message["To"] for host, message in turns() if workers[host] == sender} & turn_rows(
            site, emails, "sending"
        )
        assert len(unmarked) <= MARK_EVERY
        assert site.workers[sender].poll() is None  # cut off, not dead
        wait_until(lambda: settled(site, emails), OUTBOX_LEASE_SECONDS + 90, "the other worker sends the rest")
        received = [message["To"] for _, message in turns()]
        twice = {to for to in received if received.count(to) > 1}
        assert set(received) == turn_rows(site, emails, "sent") and len(set(received)) == len(games)  # none lost
        assert twice == unmarked
        assert all(received.count(to) <= 2 for to in twice)
    finally:
        pause.unlink()
        if sender:
            site.network.mend(sender)


def system_moves(site, game_id: int) -> int:
    return site.sql("SELECT count(*) FROM games_move WHERE game_id = %s AND actor = 'system'", game_id)[0][0]


def enforced_once(site, game_id: int) -> None:
    site.seed("overdue", str(game_id))
    wait_until(lambda: system_moves(site, game_id), 60, "the deadline is enforced")
    time.sleep(3 * SWEEP_SECONDS)  # more sweeps, from every beat running
    assert system_moves(site, game_id) == 1


def test_the_beat_host_stopped_and_a_second_beat_elsewhere_enforce_each_deadline_once(site):
    first, second, third = site.seed("games", "d", "3")
    enforced_once(site, first["game"])
    site.network.stop(site.beats["beat"])  # the beat host goes away
    site.start_beat("wk2")
    enforced_once(site, second["game"])
    site.start_beat("beat")  # and comes back: two beats now
    enforced_once(site, third["game"])
    skipped = sum(
        "sent by another beat" in line
        for log in site.logs.glob("beat-*.log")
        for line in Path(log).read_text().splitlines()
    )
    assert skipped > 0, "with two beats, one of them skips each run"


def test_each_host_reports_its_role_and_the_queues(site):
    def health(url):
        return requests.get(f"{url}/healthz", timeout=30).json()

    for host, url in zip(WEB_HOSTS, WEB, strict=True):
        body = site.network.inside("load", health, url)
        assert body["role"] == host
        assert set(body["checks"]["queues"]["waiting"]) == {"email", "deadlines", "bots", "inbound", "default"}
