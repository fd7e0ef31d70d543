"""What the moderation admins share: read-only rows, links between them,
and the pages where a moderator takes an action (a form with a reason,
one service call, its refusal shown as an admin message)."""

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from games.errors import GameError
from games.moderators import is_moderator
from games.services.audit import REASON_MAX_LENGTH


class ReadOnlyAdmin(admin.ModelAdmin):
    """Rows are seen here and changed only through services."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


def link(obj, label=None):
    """A link to `obj`'s admin page (empty for None)."""
    if obj is None:
        return "-"
    meta = obj._meta
    url = reverse(f"admin:{meta.app_label}_{meta.model_name}_change", args=[obj.pk])
    return format_html('<a href="{}">{}</a>', url, label if label is not None else obj)


def changelist_link(model, label, **filters):
    meta = model._meta
    url = reverse(f"admin:{meta.app_label}_{meta.model_name}_changelist")
    query = "&".join(f"{key}={value}" for key, value in filters.items())
    return format_html('<a href="{}?{}">{}</a>', url, query, label)


class ReasonForm(forms.Form):
    reason = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}),
        max_length=REASON_MAX_LENGTH,
        help_text=_("Why: kept in the audit trail and, unless private, shown to the players."),
    )
    private = forms.BooleanField(required=False, label=_("Keep the reason from the players"))


def action_page(modeladmin, request, obj, *, title: str, form_class, run, done, form_kwargs=None):
    """GET: the action's form. POST: run(form.cleaned_data) -> message,
    then back to the object's page; a refusal is an error message and the
    form again. Only moderators reach it (403 for other staff)."""
    if not is_moderator(request.user):
        raise PermissionDenied
    form_kwargs = form_kwargs or {}
    form = form_class(request.POST or None, **form_kwargs)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                message = run(form.cleaned_data)
            except GameError as exc:
                modeladmin.message_user(request, str(exc), messages.ERROR)
                status = exc.status_code
            else:
                modeladmin.message_user(request, message, messages.SUCCESS)
                return HttpResponseRedirect(done)
        else:
            status = 400
    context = {
        **modeladmin.admin_site.each_context(request),
        "title": title,
        "object": obj,
        "opts": modeladmin.model._meta,
        "form": form,
        "back": done,
    }
    return TemplateResponse(request, "admin/games/moderate.html", context, status=status)
