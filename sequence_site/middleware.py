"""The site's own middleware: what every request and response goes through."""

from django.conf import settings
from django.http import HttpResponseBadRequest, UnreadablePostError

NUL = "\x00"


def _has_nul(fields) -> bool:
    """Whether any name or value of a QueryDict (GET, POST) holds a NUL."""
    return any(NUL in name or any(NUL in value for value in values) for name, values in fields.lists())


class RefuseNulBytesMiddleware:
    """Answer 400 to a request carrying a NUL byte in its path, query, form
    fields or cookies. PostgreSQL refuses NUL in text, so letting one reach a
    lookup turns a junk request into a 500; no real form or link has one.
    Placed before anything reads the session, the user or the database."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if self._carries_nul(request):
            return HttpResponseBadRequest(
                "Bad request: NUL characters are not allowed.", content_type="text/plain; charset=utf-8"
            )
        return self.get_response(request)

    @staticmethod
    def _carries_nul(request) -> bool:
        # Django has already percent-decoded all of these, so %00 shows as NUL.
        if NUL in request.path or _has_nul(request.GET):
            return True
        if any(NUL in name or NUL in value for name, value in request.COOKIES.items()):
            return True
        if request.method != "POST":
            return False
        try:
            return _has_nul(request.POST)
        except UnreadablePostError:  # the client went away; nothing to answer
            return False


class PermissionsPolicyMiddleware:
    """Send settings.PERMISSIONS_POLICY with every response (Django has no setting for it)."""

    def __init__(self, get_response):
        self.get_response = get_response
        self.policy = settings.PERMISSIONS_POLICY

    def __call__(self, request):
        response = self.get_response(request)
        response.headers.setdefault("Permissions-Policy", self.policy)
        return response
