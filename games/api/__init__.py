"""The JSON API (/api/v1/), the door for programs: apps, scripts and bots run
by players. Built on django-ninja; it calls games.services (door="api") and
games.selectors like every other door and imports no other door.

    urls.py     the NinjaAPI: its routes, OpenAPI schema and docs, refusals as JSON
    auth.py     personal access tokens (Bearer), scopes, the per-token rate limit, the owner's language
    schemas.py  the request bodies
    views.py    the endpoints: what each reads, calls and returns (lists, history, chat, seats)
    shown.py    a game as one seat or a spectator sees it (the engine's player_view, legal actions, clocks)
    actions.py  moves with an Idempotency-Key, and resigning with its confirmation
    events.py   the bounded long poll on the revisions of the owner's games
"""

PATH = "/api/v1/"  # where the site mounts it (sequence_site/urls.py)
