"""The web door: pages for people, over the services.

    urls.py            every page's address
    views.py           the lists, a game's page (forming or the table), moves, invitations, replays, records
    chat.py            the table's chat: write, mute, report
    rules.py           "How to play", with rules_diagrams.py (its boards, computed by the engine)
    reply_addresses.py "New reply addresses" (the e-mail door's tokens, from the settings page)
    vacation.py        plan or end a vacation (from the settings page)
    ratings.py         the leaderboards, one per format
    leagues.py         the leagues and a season's divisions; signing up
    find.py            "Find me a game" (services.game_find)
    installable.py     the web manifest and the service worker (Web Push, an installable site)
    forms.py           strict forms (games.inputs checks the values)
    refused.py         a refusal as a page: its sentence and its HTTP status, or a 404
    fragments.py       the keys of cached pages and fragments (a game's revision, the viewer)
    visitor_pages.py   a visitor's public page, shared for a few seconds
    csrf_stand_in.py   each request's own CSRF token in a shared copy
    header.py          the header's count of games waiting for the viewer's move

It reads through games.selectors and games.viewmodels and changes games only
through games.services; it imports no other door (tests/test_layers.py).
"""
