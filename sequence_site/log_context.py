"""Who and what a log line is about: the request's id (or the task's), the
user's and the game's, kept in context variables for the request or task and
added to every log record (LOG_FORMAT=json prints them as JSON fields).

A request's id is the X-Request-ID it came with (from the proxy in front),
else a new one; the response carries it back, and one line per request is
logged with its status and duration."""

import inspect
import logging
import re
import time
import uuid
from contextvars import ContextVar

from celery.signals import task_postrun, task_prerun
from django.conf import settings
from django.utils.functional import SimpleLazyObject, empty

request_id: ContextVar[str] = ContextVar("request_id", default="")
user_id: ContextVar[int | None] = ContextVar("user_id", default=None)
game_id: ContextVar[int | None] = ContextVar("game_id", default=None)
GIVEN_ID = re.compile(r"^[\w.:-]{1,64}$")  # a proxy's id is kept only if it is a plain token
log = logging.getLogger("sequence.request")


class AddContext(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = request_id.get()
        record.user_id = user_id.get()
        record.game_id = game_id.get()
        record.role = settings.SITE_ROLE
        return True


class RequestContextMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        given = request.headers.get("X-Request-ID", "")
        rid = given if GIVEN_ID.match(given) else uuid.uuid4().hex
        tokens = (request_id.set(rid), user_id.set(None), game_id.set(None))
        started = time.perf_counter()
        try:
            response = self.get_response(request)
            user_id.set(_known_user_id(request))
            response["X-Request-ID"] = rid
            log.info(
                "%s %s %s %.0f ms",
                request.method,
                request.path,
                response.status_code,
                (time.perf_counter() - started) * 1000,
                extra={"status": response.status_code},
            )
            return response
        finally:
            for variable, token in zip((request_id, user_id, game_id), tokens, strict=True):
                variable.reset(token)

    def process_view(self, request, view_func, view_args, view_kwargs):
        given = str(view_kwargs.get("game_id", ""))  # an int from the site's URLs, a string from the API's
        if given.isascii() and given.isdigit():
            game_id.set(int(given))


def _known_user_id(request) -> int | None:
    """The signed-in user's id if the request looked them up; never a query of its own
    (a page served from the cache to a visitor reads no session)."""
    user = request.__dict__.get("user")
    if user is None or (isinstance(user, SimpleLazyObject) and user._wrapped is empty):
        return None
    return user.pk if user.is_authenticated else None


def _argument(task, args, kwargs, name: str):
    try:
        return inspect.signature(task.run).bind_partial(*(args or ()), **(kwargs or {})).arguments.get(name)
    except TypeError:
        return None


@task_prerun.connect
def _task_started(task_id=None, task=None, args=None, kwargs=None, **_):
    request_id.set(task_id or "")
    game_id.set(_argument(task, args, kwargs, "game_id"))
    user_id.set(None)


@task_postrun.connect
def _task_finished(**_):
    request_id.set("")
    game_id.set(None)
