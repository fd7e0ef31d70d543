"""Whole pages for visitors who are not signed in, kept a few seconds (#15).

A public page (home, open games, a profile, a replay) is the same for every
visitor in one language and time zone, so a visitor gets the copy made for
the first of them in the last VISITOR_PAGE_SECONDS: a crowd or a crawler
costs one rendering every few seconds. What a visitor sees may be that many
seconds old; a player who is signed in always gets the page as it is now,
and so does a visitor with a message waiting (the copy has none). Only a
whole 200 page is kept; each response gets its own CSRF token
(games.web.csrf_stand_in)."""

from functools import wraps

from django.conf import settings
from django.contrib.messages import get_messages
from django.core.cache import cache
from django.http import HttpResponse
from django.middleware.csrf import get_token

from games.web.csrf_stand_in import STAND_IN, with_own_token
from games.web.fragments import visitor_page_key


def for_visitors(view):
    """Serve `view`'s page to visitors from the shared copy while it lasts."""

    @wraps(view)
    def shared(request, *args, **kwargs):
        seconds = settings.VISITOR_PAGE_SECONDS
        if not seconds or not _is_plain_visit(request):
            return view(request, *args, **kwargs)
        key = visitor_page_key(request)
        copy = cache.get(key)
        if copy is None:
            request.csrf_stand_in = True  # read by the context processor below
            try:
                response = view(request, *args, **kwargs)
            finally:
                del request.csrf_stand_in
            if response.status_code == 200 and not response.streaming and not response.cookies:
                cache.set(key, (response["Content-Type"], response.content), seconds)
        else:
            content_type, content = copy
            response = HttpResponse(content, content_type=content_type)
        if not response.streaming:
            response.content = with_own_token(response.content.decode(response.charset), lambda: get_token(request))
        return response

    return shared


def csrf_stand_in(request) -> dict:
    """A context processor: the stand-in for the token while a shared copy is made."""
    return {"csrf_token": STAND_IN} if getattr(request, "csrf_stand_in", False) else {}


def _is_plain_visit(request) -> bool:
    return (
        request.method in ("GET", "HEAD")
        and not request.user.is_authenticated
        and not len(get_messages(request))  # counted, not read: they stay for the page that shows them
    )
