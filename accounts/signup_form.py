"""allauth's sign-up form, its e-mail field in the site's words ("e-mail",
as every page and e-mail writes it; allauth says "Email") (ACCOUNT_FORMS;
apart from accounts.forms, which allauth imports as this form's base while
its own forms module is still loading)."""

from allauth.account.forms import SignupForm as AllauthSignupForm
from django.utils.translation import gettext_lazy as _


class SignupForm(AllauthSignupForm):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["email"].label = _("E-mail")
        self.fields["email"].widget.attrs["placeholder"] = _("E-mail address")
