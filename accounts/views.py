from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core import signing
from django.http import HttpRequest
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext
from django.views.decorators.csrf import csrf_exempt

from accounts.forms import SettingsForm
from accounts.models import Delivery, EmailKind, EmailOptOut
from accounts.push_views import push_context
from accounts.token_views import token_context
from accounts.unsubscribe import read_unsubscribe_token
from accounts.vacation import vacation_context


@login_required
def settings_page(request):
    form = SettingsForm(request.POST or None, user=request.user)
    if request.method == "POST":
        if form.is_valid():
            user = form.save()
            # The page this redirects to speaks the language just chosen (UserLanguageMiddleware;
            # with none chosen, LocaleMiddleware's cookie or browser choice), and so must its message.
            with translation.override(user.language or _browser_language(request)):
                messages.success(request, gettext("Your settings are saved."))
            return _remembering_language(redirect("account_settings"), user.language)
        context = {"form": form, **token_context(request), **push_context(request), **vacation_context(request.user)}
        return render(request, "account/settings.html", context, status=400)
    context = {"form": form, **token_context(request), **push_context(request), **vacation_context(request.user)}
    return render(request, "account/settings.html", context)


def _browser_language(request) -> str:
    """The language the browser asks for, as the next page reads it once the
    language cookie is forgotten (the cookie still comes with this request)."""
    asking = HttpRequest()
    asking.META = {"HTTP_ACCEPT_LANGUAGE": request.META.get("HTTP_ACCEPT_LANGUAGE", "")}
    return translation.get_language_from_request(asking)


def _remembering_language(response, language: str):
    """The browser keeps the language chosen, as the footer's switcher (Django's
    set_language) has it keep one: signed out, the site still speaks it. "As my
    browser asks" forgets it."""
    if not language:
        response.delete_cookie(
            settings.LANGUAGE_COOKIE_NAME,
            path=settings.LANGUAGE_COOKIE_PATH,
            domain=settings.LANGUAGE_COOKIE_DOMAIN,
            samesite=settings.LANGUAGE_COOKIE_SAMESITE,
        )
        return response
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )
    return response


def _kind_label(kind: str) -> str:
    return dict(EmailKind.choices).get(kind) or gettext("Daily digest")


@csrf_exempt  # RFC 8058 one-click: mail clients POST here without a session; the signed token is the proof
def unsubscribe(request, token: str):
    try:
        payload = read_unsubscribe_token(token)
    except signing.BadSignature:
        return render(request, "account/unsubscribe.html", {"invalid": True}, status=400)
    kind = payload.get("k", "")
    label = _kind_label(kind)
    if request.method != "POST":
        return render(request, "account/unsubscribe.html", {"label": label})
    if "u" in payload:
        user = get_user_model().objects.filter(pk=payload["u"]).first()
        if user is not None:
            delivery = dict(user.email_delivery)
            if kind == "digest":  # the digest itself: everything it gathered goes off
                delivery.update({k: Delivery.OFF for k, v in delivery.items() if v == Delivery.DIGEST})
            elif kind in EmailKind.values:
                delivery[kind] = Delivery.OFF
            user.email_delivery = delivery
            user.save(update_fields=["email_delivery"])
    elif payload.get("e"):
        EmailOptOut.objects.get_or_create(email=payload["e"].lower())
    return render(request, "account/unsubscribe.html", {"label": label, "done": True})
