"""The API's one NinjaAPI: /api/v1/, its schema at /api/v1/openapi.json and
its docs page at /api/v1/docs (Swagger UI from the pinned django-ninja's own
static files: no CDN, no inline script). Every refusal is answered as
`exc.as_dict()` with its status; a body or query that does not fit is
`api_request_invalid` (400) with where it did not."""

from functools import wraps

from django.core.exceptions import RequestDataTooBig
from django.urls import re_path
from django.utils import translation
from django.views.decorators.csrf import csrf_exempt
from ninja import NinjaAPI
from ninja.errors import AuthenticationError, HttpError, ValidationError

from games import refusals
from games.api.auth import Bearer
from games.api.views import router
from games.errors import GameError

api = NinjaAPI(
    title="Sequence API",
    version="1",
    description="Personal access tokens from the settings page: `Authorization: Bearer <token>`.",
    auth=Bearer(),
    urls_namespace="api",
    openapi_url="/openapi.json",
    docs_url="/docs",
)
api.add_router("", router)


def _answer(request, exc: GameError):
    response = api.create_response(request, exc.as_dict(), status=exc.status_code)
    if exc.status_code == 429 and "seconds" in exc.params:  # the token's limit, or the chat's
        response["Retry-After"] = str(exc.params["seconds"])
    if exc.status_code == 401:
        response["WWW-Authenticate"] = 'Bearer realm="api"'  # RFC 6750
    return response


@api.exception_handler(GameError)
def refused(request, exc: GameError):
    return _answer(request, exc)


@api.exception_handler(ValidationError)
def invalid(request, exc: ValidationError):
    where = sorted({".".join(str(part) for part in _place(error.get("loc", ()))) for error in exc.errors})
    return _answer(request, refusals.API_REQUEST_INVALID(where=where[:20]))


def _place(loc) -> tuple:
    """Where in the request: ninja places a body's field under the view's parameter
    too ("body", "body", "action"), which names nothing the client sent."""
    return (loc[0], *loc[2:]) if loc[:2] == ("body", "body") else tuple(loc)


@api.exception_handler(HttpError)  # ninja's own: a body it cannot parse
@api.exception_handler(RequestDataTooBig)
def unreadable(request, exc):
    return _answer(request, refusals.API_REQUEST_INVALID(where=["body"]))


@api.exception_handler(AuthenticationError)
def not_signed_in(request, exc):
    return _answer(request, refusals.API_TOKEN_MISSING())


def _not_allowed_as_json(view):
    """Ninja answers a method an address does not take with a plain-text 405:
    the API answers it as every other refusal, its Allow header kept."""

    @wraps(view)
    def answered(request, *args, **kwargs):
        response = view(request, *args, **kwargs)
        if response.status_code != 405:
            return response
        refused = _answer(request, refusals.API_METHOD_NOT_ALLOWED(method=request.method[:20]))
        refused["Allow"] = response["Allow"]
        return refused

    return answered


@csrf_exempt  # as ninja's own views: a token, never a cookie, signs a request in
def nowhere(request, rest: str = ""):
    """Any other address under the API's: a JSON 404, not the site's page."""
    return _answer(request, refusals.API_NOT_FOUND())


nowhere.reads_raw_body = True


def _language_kept(view):
    """The token owner's language (auth.bearer activates it) for this request only."""

    @wraps(view)
    def answered(request, *args, **kwargs):
        with translation.override(translation.get_language()):
            return view(request, *args, **kwargs)

    # The API reads its JSON bodies itself: a form read before it (the NUL
    # check's) would leave it no body to read, and takes no form anyway.
    answered.reads_raw_body = True
    return answered


def urls():
    patterns, app_name, namespace = api.urls
    for pattern in patterns:
        if pattern.name == "api-root":  # ninja's raises Http404 (the site's page): named for reverse() only
            pattern.callback = nowhere
        else:
            pattern.callback = _language_kept(_not_allowed_as_json(pattern.callback))
    anything = re_path(r"^(?P<rest>[\s\S]*)$", nowhere)  # any character, a newline (%0A) too
    return [*patterns, anything], app_name, namespace
