from __future__ import annotations

from typing import Any
from typing import cast

from allauth.account.app_settings import EmailVerificationMethod
from allauth.account.forms import AddEmailForm
from allauth.account.forms import ChangeEmailForm
from allauth.account.forms import ChangePasswordForm
from allauth.account.forms import LoginForm
from allauth.account.forms import ReauthenticateForm
from allauth.account.forms import ResetPasswordForm
from allauth.account.forms import ResetPasswordKeyForm
from allauth.account.forms import SetPasswordForm
from allauth.account.models import EmailAddress
from django import forms


class TokenCreateForm(forms.Form):
    name = forms.CharField(
        max_length=100, help_text="What the token is for, e.g. “results script”."
    )


class _Labelled(forms.Form):
    """An allauth form labelled as the rest of the site writes (no Title Case): our `labels`,
    no placeholder repeating a label in its own capitals, and no link to the forgotten
    password page under the field `no_reset_link` (our pages put it beside the form's
    button, in our words)."""

    labels: dict[str, str] = {}
    no_reset_link = ""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name, label in self.labels.items():
            self.fields[name].label = label
            self.fields[name].widget.attrs.pop("placeholder", None)
        if self.no_reset_link:
            self.fields[self.no_reset_link].help_text = ""


class SignInForm(_Labelled, LoginForm):
    """allauth's sign-in form, for accounts made before sign-up existed too.

    An account made by an administrator has no email address on record, so it has none to
    confirm: mandatory confirmation would shut it out for good. It signs in with its password
    as it always did; an account that gave an address (every sign-up) must confirm it."""

    labels = {"login": "Username or email", "password": "Password"}
    no_reset_link = "password"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["login"].widget.attrs["autocomplete"] = "username"
        self.fields["remember"].label = "Stay logged in on this device"

    def clean(self) -> dict[str, Any]:
        cleaned_data = cast(dict[str, Any], super().clean())
        login = getattr(self, "_login", None)
        has_address = EmailAddress.objects.filter(user_id=getattr(self.user, "pk", None))
        if self.user is not None and login is not None and not has_address.exists():
            login.email_verification = EmailVerificationMethod.NONE
        return cleaned_data


class PasswordChangeForm(_Labelled, ChangePasswordForm):
    labels = {
        "oldpassword": "Current password",
        "password1": "New password",
        "password2": "New password (again)",
    }
    no_reset_link = "oldpassword"


class PasswordSetForm(_Labelled, SetPasswordForm):
    labels = {"password1": "Password", "password2": "Password (again)"}


class PasswordResetForm(_Labelled, ResetPasswordForm):
    labels = {"email": "Email address"}


class PasswordResetKeyForm(_Labelled, ResetPasswordKeyForm):
    labels = {"password1": "New password", "password2": "New password (again)"}


class EmailChangeForm(_Labelled, ChangeEmailForm):
    labels = {"email": "New email address"}


class EmailAddForm(_Labelled, AddEmailForm):
    """The form of the email page, which changes the account's one address."""

    labels = {"email": "New email address"}


class PasswordConfirmForm(_Labelled, ReauthenticateForm):
    labels = {"password": "Password"}
    no_reset_link = "password"
