import zoneinfo

from django.utils import timezone, translation


class UserTimeZoneMiddleware:
    """Shows every time in the signed-in user's own time zone."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            try:
                timezone.activate(zoneinfo.ZoneInfo(user.time_zone))
            except (zoneinfo.ZoneInfoNotFoundError, ValueError):
                timezone.deactivate()
        else:
            timezone.deactivate()
        return self.get_response(request)


class UserLanguageMiddleware:
    """Speaks the signed-in user's chosen language; without one, LocaleMiddleware's
    choice (the footer's cookie, else the browser's Accept-Language) stands."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated and user.language:
            translation.activate(user.language)
            request.LANGUAGE_CODE = user.language
        return self.get_response(request)
