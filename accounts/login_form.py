"""allauth's log-in form, its labels in the site's words and sentence case
(ACCOUNT_FORMS; apart from accounts.forms, which allauth imports as the
sign-up form's base while its own forms module is still loading)."""

from allauth.account.forms import LoginForm as AllauthLoginForm
from django.utils.translation import gettext_lazy as _


class LoginForm(AllauthLoginForm):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["login"].label = _("Username or e-mail address")
        if "remember" in self.fields:
            self.fields["remember"].label = _("Remember me on this device")
