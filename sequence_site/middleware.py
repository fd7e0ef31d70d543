"""The site's own middleware: what every request and response goes through."""

from django.conf import settings
from django.http import HttpResponseBadRequest, JsonResponse, UnreadablePostError
from django.http.multipartparser import MultiPartParserError
from django.shortcuts import render

from games import refusals
from games.api import PATH as API_PATH

NUL = "\x00"


def _has_nul(fields) -> bool:
    """Whether any name or value of a QueryDict (GET, POST) holds a NUL."""
    return any(NUL in name or any(NUL in value for value in values) for name, values in fields.lists())


class RefuseNulBytesMiddleware:
    """Answer 400 to a request carrying a NUL byte in its path, query, form
    fields or cookies. PostgreSQL refuses NUL in text, so letting one reach a
    lookup turns a junk request into a 500; no real form or link has one.
    Placed before anything reads the session, the user or the database. The
    form fields are read just before the view (nothing before it reads them),
    and not for a view marked `reads_raw_body`: the inbound webhook and the
    JSON API, whose parsers need the raw body, which Django cannot give once
    the form was read."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if NUL in request.path:
            return _refused(request, "path")
        if _has_nul(request.GET):
            return _refused(request, "query")
        if any(NUL in name or NUL in value for name, value in request.COOKIES.items()):
            return _refused(request, "cookies")
        return self.get_response(request)

    def process_view(self, request, view_func, view_args, view_kwargs):
        if request.method != "POST" or getattr(view_func, "reads_raw_body", False):
            return None
        try:
            return _refused(request, "body") if _has_nul(request.POST) else None
        except UnreadablePostError:  # the client went away; nothing to answer
            return None
        except MultiPartParserError:  # no form sends this (a boundary missing or wrong): no traceback
            return HttpResponseBadRequest(
                "Bad request: the form could not be read.", content_type="text/plain; charset=utf-8"
            )


def _refused(request, where: str) -> HttpResponseBadRequest | JsonResponse:
    # Django has already percent-decoded the path, the query and the form, so %00 shows as NUL.
    if request.path.startswith(API_PATH):  # the API answers every refusal as JSON, as its schema says
        refusal = refusals.API_REQUEST_INVALID(where=[where])
        return JsonResponse(refusal.as_dict(), status=refusal.status_code)
    return HttpResponseBadRequest(
        "Bad request: NUL characters are not allowed.", content_type="text/plain; charset=utf-8"
    )


class PermissionsPolicyMiddleware:
    """Send settings.PERMISSIONS_POLICY with every response (Django has no setting for it)."""

    def __init__(self, get_response):
        self.get_response = get_response
        self.policy = settings.PERMISSIONS_POLICY

    def __call__(self, request):
        response = self.get_response(request)
        response.headers.setdefault("Permissions-Policy", self.policy)
        return response


class FormAddressPageMiddleware:
    """A form's address opened as a page (typed, bookmarked, or reloaded from
    the history) gets a page that says so, with a way back, instead of an
    empty 405 that the browser shows as its own error. The status and its
    Allow header stay; an answer with a body of its own (the JSON API's) is kept."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if response.status_code != 405 or request.method != "GET" or response.streaming or response.content:
            return response
        if "POST" not in {method.strip() for method in response.get("Allow", "").split(",")}:
            return response  # an address that takes no form
        if request.get_preferred_type(["application/json", "text/html"]) != "text/html":
            return response  # a program (curl, fetch) asking for anything: the plain answer
        page = render(request, "405.html", status=405)
        page["Allow"] = response["Allow"]
        return page
