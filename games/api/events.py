"""GET /api/v1/events: what changed in the token owner's games since the
cursor, waiting at most `wait` seconds for something to change (a bounded
long poll: it holds its worker that long and no longer).

The cursor is each live game's revision (every change to a game bumps it:
a move, a seat, a chat message, the start and the end), packed in an opaque
string. An empty cursor answers every live game at once, as lichess's
stream does on connect; a game that ended is answered once more, then left
out of the cursor. The events themselves are games/events.py's, which the
webhooks send too."""

import base64
import json
import time

from django.conf import settings

from games import events, inputs

CURSOR_MAX = 8000
CHECK_EVERY = 1.0  # seconds between two looks at the owner's games


def _read(cursor: str) -> dict[int, int]:
    """The revisions a cursor holds; one that cannot be read holds none (everything is new)."""
    try:
        pairs = json.loads(base64.urlsafe_b64decode(cursor.encode("ascii") + b"=="))
        # Only what _write writes: a revision is a JSON integer (1e400 is a float, and infinite).
        known = {int(game): revision for game, revision in pairs.items() if type(revision) is int}
        return {game: revision for game, revision in known.items() if inputs.is_game_id(game)}
    except (ValueError, TypeError, AttributeError, UnicodeError):
        return {}


def _write(revisions: dict[int, int]) -> str:
    packed = json.dumps({str(game): revision for game, revision in sorted(revisions.items())}, separators=(",", ":"))
    return base64.urlsafe_b64encode(packed.encode("ascii")).decode("ascii").rstrip("=")


def poll(*, user, since: str, wait: int) -> dict:
    known = _read(since) if since else {}
    deadline = time.monotonic() + min(wait, settings.API_EVENTS_MAX_WAIT)
    while True:
        games = events.of_user(user, set(known))
        changed = [event for game_id, event in games.items() if known.get(game_id) != event["revision"]]
        if changed or time.monotonic() + CHECK_EVERY > deadline:
            break
        time.sleep(CHECK_EVERY)
    cursor = {game_id: event["revision"] for game_id, event in games.items() if event["status"] in events.LIVE}
    return {"events": changed, "cursor": _write(cursor)}
