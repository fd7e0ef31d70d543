"""A bot for the Sequence API, standard library only: it waits for events
and, whenever it is its move, plays the action the site's own bots choose
(games/bots, pure Python, read from this checkout; level 1, the greedy one,
unless --level says otherwise), or a random legal action when run away from
the checkout.

    python examples/bot_client.py --url http://127.0.0.1:8000 --token seq_…

Make the token on the settings page (scopes games:read and games:play; tick
"accept" below to also take the seats it is invited to). One request at a
time; on 429 it waits as long as Retry-After says; every move carries an
Idempotency-Key, so a retried POST never plays twice.
"""

import argparse
import json
import random
import sys
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the checkout: its pure games.bots
try:
    from games import bots
except ImportError:  # the script alone, without the checkout
    bots = None

WAIT = 25  # seconds the server may hold one events request (it allows up to 30)


class Api:
    def __init__(self, url: str, token: str):
        self.base = url.rstrip("/") + "/api/v1"
        self.token = token

    def call(self, method: str, path: str, body: dict | None = None, **headers) -> tuple[int, dict]:
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, method=method)
        request.add_header("Authorization", f"Bearer {self.token}")
        request.add_header("Content-Type", "application/json")
        for name, value in headers.items():
            request.add_header(name, value)
        while True:
            try:
                with urllib.request.urlopen(request, timeout=WAIT + 15) as response:
                    return response.status, json.load(response)
            except urllib.error.HTTPError as error:
                answer = json.load(error)
                if error.code == 429:  # as the server asks, then the same request again
                    time.sleep(int(error.headers.get("Retry-After", "60")))
                    continue
                return error.code, answer


def chosen(table: dict, actions: list[dict], rng: random.Random, level: int) -> dict:
    """The bot's action for what the seat sees (the API's table is the engine's player view)."""
    if bots is None or level is None:
        return rng.choice(actions)
    return bots.choose(table, actions, rng, level) or rng.choice(actions)


def play_turn(api: Api, game_id: int, rng: random.Random, level: int | None = 1) -> dict | None:
    """The bot's legal action if it is my move (never resign); the move played, or None."""
    status, game = api.call("GET", f"/games/{game_id}")
    table = game.get("table") or {}
    actions = [a for a in table.get("legal_actions", []) if a["kind"] != "resign"]
    if status != 200 or game["status"] != "active" or not actions:
        return None
    action = chosen(table, actions, rng, level)
    body = {"action": action, "version": game["version"]}
    status, answer = api.call("POST", f"/games/{game_id}/actions", body, **{"Idempotency-Key": str(uuid.uuid4())})
    if status == 200:
        return answer["move"]
    print(f"game {game_id}: {action['text']} refused: {answer['code']} {answer['message']}", file=sys.stderr)
    return None  # 409: the game moved on; the next event brings it again


def run(
    url: str,
    token: str,
    *,
    accept: bool = False,
    game: int | None = None,
    seed: int | None = None,
    level: int | None = 1,
    out=print,
):
    """Play until stopped, or (with `game`) until that game is over."""
    api, rng, cursor = Api(url, token), random.Random(seed), ""
    while True:
        status, answer = api.call("GET", f"/events?since={cursor}&wait={WAIT}")
        if status != 200:
            raise SystemExit(f"events refused: {answer['code']}: {answer['message']}")
        cursor = answer["cursor"]
        for event in answer["events"]:
            if game is not None and event["game"] != game:
                continue
            if not event["seated"] and accept:
                api.call("POST", f"/games/{event['game']}/invitation/accept")
            elif event["my_move"]:
                move = play_turn(api, event["game"], rng, level)
                if move:
                    out(f"game {event['game']}: played {move['text']} (version {move['version']})")
            if game is not None and event["status"] in ("finished", "aborted"):
                return event


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="http://127.0.0.1:8000")
    parser.add_argument("--token", required=True)
    parser.add_argument("--accept", action="store_true", help="take the seats the token's owner is invited to")
    parser.add_argument("--game", type=int, help="play only this game, and stop when it is over")
    parser.add_argument("--seed", type=int)
    parser.add_argument("--level", type=int, choices=(0, 1, 2), default=1, help="the bot's level (0: random)")
    args = parser.parse_args()
    run(args.url, args.token, accept=args.accept, game=args.game, seed=args.seed, level=args.level)


if __name__ == "__main__":
    main()
