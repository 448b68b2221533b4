from __future__ import annotations

from typing import Any

from allauth.account.app_settings import EmailVerificationMethod
from allauth.account.forms import (
    AddEmailForm,
    ChangeEmailForm,
    ChangePasswordForm,
    LoginForm,
    ReauthenticateForm,
    ResetPasswordForm,
    ResetPasswordKeyForm,
    SetPasswordForm,
)
from allauth.account.models import EmailAddress
from django import forms


class TokenCreateForm(forms.Form):
    name = forms.CharField(
        max_length=100, help_text="What the token is for, e.g. “results script”."
    )


class SignInForm(LoginForm):
    """allauth's sign-in form, for accounts made before sign-up existed too.

    An account made by an administrator has no email address on record, so it has none to
    confirm: mandatory confirmation would shut it out for good. It signs in with its password
    as it always did; an account that gave an address (every sign-up) must confirm it."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _relabel(self, {"login": "Username or email", "password": "Password"})
        self.fields["login"].widget.attrs["autocomplete"] = "username"
        self.fields["remember"].label = "Stay logged in on this device"
        _no_reset_link(self, "password")

    def clean(self) -> dict[str, Any]:
        cleaned_data: dict[str, Any] = super().clean()
        login = getattr(self, "_login", None)
        has_address = EmailAddress.objects.filter(user_id=getattr(self.user, "pk", None))
        if self.user is not None and login is not None and not has_address.exists():
            login.email_verification = EmailVerificationMethod.NONE
        return cleaned_data


def _no_reset_link(form: forms.Form, name: str) -> None:
    """No link to the forgotten password page under the field: our pages put it beside the
    form's button, in our words."""
    form.fields[name].help_text = ""


def _relabel(form: forms.Form, labels: dict[str, str]) -> None:
    """Our labels on allauth's fields, and no placeholder repeating the label in its own
    capitals."""
    for name, label in labels.items():
        form.fields[name].label = label
        form.fields[name].widget.attrs.pop("placeholder", None)


class PasswordChangeForm(ChangePasswordForm):
    """allauth's form, labelled as the rest of the site writes (no Title Case)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        labels = {
            "oldpassword": "Current password",
            "password1": "New password",
            "password2": "New password (again)",
        }
        _relabel(self, labels)
        _no_reset_link(self, "oldpassword")


class PasswordSetForm(SetPasswordForm):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _relabel(self, {"password1": "Password", "password2": "Password (again)"})


class PasswordResetForm(ResetPasswordForm):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _relabel(self, {"email": "Email address"})


class PasswordResetKeyForm(ResetPasswordKeyForm):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _relabel(self, {"password1": "New password", "password2": "New password (again)"})


class EmailChangeForm(ChangeEmailForm):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _relabel(self, {"email": "New email address"})


class EmailAddForm(AddEmailForm):
    """The form of the email page, which changes the account's one address."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _relabel(self, {"email": "New email address"})


class PasswordConfirmForm(ReauthenticateForm):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _relabel(self, {"password": "Password"})
        _no_reset_link(self, "password")
