"""The settings page's vacation (accounts never import games, so its POSTs
come here): plan one, from a day or from now, until the day the player is
back (midnight in their time zone), or end the one planned."""

from datetime import date, datetime, time
from zoneinfo import ZoneInfo

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from accounts.forms import SettingsForm, VacationForm
from accounts.token_views import token_context
from accounts.vacation import vacation_context
from games import services
from games.errors import GameError


def _midnight(day: date, zone: str) -> datetime:
    return datetime.combine(day, time(0), tzinfo=ZoneInfo(zone))


@require_POST
@login_required
def vacation_plan(request):
    form = VacationForm(request.POST)
    if form.is_valid():
        user, starts = request.user, form.cleaned_data["starts"]
        try:
            services.vacation_plan(
                user=user,
                starts_at=_midnight(starts, user.time_zone) if starts else None,
                ends_at=_midnight(form.cleaned_data["back"], user.time_zone),
            )
        except GameError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(request, gettext("Your vacation is planned: your clocks stop while you are away."))
            return redirect("account_settings")
    context = {"form": SettingsForm(user=request.user), **token_context(request)}
    context |= vacation_context(request.user, form=form)
    return render(request, "account/settings.html", context, status=400)


@require_POST
@login_required
def vacation_end(request):
    if services.vacation_end(user=request.user):
        messages.success(request, gettext("Your vacation is over: your clocks run again."))
    return redirect("account_settings")
