"""Notifications on a device, in Chromium (issue 29): the settings page's
button asks permission only on a tap, subscribes, and the site lists the
device; the service worker shows a push and opens only this site's pages.
Chromium here has no push service to reach, so the browser's subscribe()
answers with a device made by the test; the worker's handlers get their
events dispatched inside it."""

import json

import pytest

from accounts.models import PushSubscription
from tests.e2e.conftest import axe_violations, signed_in
from tests.factories import UserFactory
from tests.games.push_service import Device, vapid_pair

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_player_subscribes_this_device_and_its_worker_shows_a_push(browser, live_server, settings, screenshot):
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = vapid_pair()
    settings.WEBHOOK_ALLOW_LOOPBACK = True
    user = UserFactory()
    subscription = Device().subscription("http://127.0.0.1:9/push/device-1")
    context = browser.new_context()
    context.grant_permissions(["notifications"], origin=live_server.url)
    context.add_init_script(
        "PushManager.prototype.subscribe = async function (options) {"
        "  window.pushKeyLength = options.applicationServerKey.byteLength;"
        f"  return {{ toJSON: () => ({json.dumps(subscription)}) }};"
        "};"
    )
    signed_in(context, live_server.url, user)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{live_server.url}/accounts/settings/#devices")
    button = page.locator("#push-subscribe")
    assert button.is_visible()
    assert page.evaluate("Notification.permission") == "granted"  # granted by the test; the page asked nothing yet
    with page.expect_navigation():
        button.click()
    assert page.locator(".devices li").count() == 1 and "Chrome" in page.inner_text(".devices")
    assert PushSubscription.objects.get().endpoint == subscription["endpoint"]
    screenshot(page, "settings-devices")
    assert axe_violations(page) == []

    worker = context.service_workers[0] if context.service_workers else context.wait_for_event("serviceworker")
    shown = worker.evaluate(
        """async (origin) => {
            const data = JSON.stringify({title: "Your turn in game 9", body: "Open the game",
                                         url: origin + "/games/9/", tag: "game-9"});
            try { self.dispatchEvent(new PushEvent("push", {data})); } catch (e) {}
            await new Promise((done) => setTimeout(done, 500));
            return (await self.registration.getNotifications()).map((n) => [n.title, n.data.url, n.tag]);
        }""",
        live_server.url,
    )
    assert shown == [["Your turn in game 9", f"{live_server.url}/games/9/", "game-9"]]
    after_click = worker.evaluate(
        """async (origin) => {
            const [notification] = await self.registration.getNotifications();
            try { self.dispatchEvent(new NotificationEvent("notificationclick", {notification})); } catch (e) {}
            await new Promise((done) => setTimeout(done, 300));
            return {
                left: (await self.registration.getNotifications()).length,
                ours: pageOf({data: {url: origin + "/games/9/"}}),
                elsewhere: pageOf({data: {url: "https://evil.example/phish"}}),
            };
        }""",
        live_server.url,
    )
    assert after_click == {"left": 0, "ours": f"{live_server.url}/games/9/", "elsewhere": f"{live_server.url}/"}
    assert errors == []
    context.close()
