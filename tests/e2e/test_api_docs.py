"""The API's docs page works under the site's Content-Security-Policy: its
scripts and styles come from the site (no CDN), and the browser reports no
violation (a violation is a console error)."""

import pytest

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_api_docs_page_shows_the_operations(browser, live_server):
    context = browser.new_context()
    page = context.new_page()
    errors, hosts = [], set()
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("request", lambda request: hosts.add(request.url.split("/")[2]))
    page.goto(f"{live_server.url}/api/v1/docs")
    page.get_by_text("/api/v1/games/{game_id}/actions", exact=True).first.wait_for(timeout=15_000)
    assert errors == []
    assert hosts == {live_server.url.split("/")[2]}
    context.close()
