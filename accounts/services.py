"""Writes on accounts: signing in for a token, making and revoking tokens."""

from __future__ import annotations

import logging
import secrets
import smtplib
from datetime import timedelta

from allauth.account.internal.flows.email_verification import consume_email_verification_rate_limit
from allauth.account.models import EmailAddress
from django.conf import settings
from django.contrib.auth import authenticate
from django.contrib.auth.signals import user_logged_in
from django.db import transaction
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import ApiToken
from accounts.models import token_digest
from common.exceptions import DomainError
from common.exceptions import EmailNotConfirmed
from common.exceptions import NotFound
from common.people import email_unconfirmed_expression
from common.people import user_email_unconfirmed
from common.types import User

logger = logging.getLogger(__name__)

# A sign-in that made a token gives it this name unless the client names it.
SIGN_IN_TOKEN_NAME = "API sign-in"


class InvalidCredentials(DomainError):
    code = "invalid_credentials"


class SignInLockedOut(DomainError):
    """Too many failed sign-ins for this username from this address: no password is checked
    until the cool-off time has passed."""

    code = "locked_out"
    status = 429


def api_token_create(
    *, user: User, name: str, lifetime: timedelta | None = None
) -> tuple[ApiToken, str]:
    """Make a token for `user` and return it with its secret, which is stored only as a hash:
    the caller shows it once. It expires after `lifetime` (`API_TOKEN_LIFETIME` by default)."""
    secret = secrets.token_hex(20)
    now = timezone.now()
    token = ApiToken.objects.create(
        user=user,
        name=name.strip() or SIGN_IN_TOKEN_NAME,
        prefix=secret[:8],
        digest=token_digest(secret),
        created_at=now,
        expires_at=now + (lifetime or settings.API_TOKEN_LIFETIME),
    )
    return token, secret


def api_token_sign_in(
    *, request: HttpRequest, username: str, password: str, name: str = ""
) -> tuple[ApiToken, str]:
    """Check a username and password as the login form does (so failures count towards the
    lockout and a success clears them) and make a new token for the user.

    Raises SignInLockedOut while the username is locked out from this address,
    InvalidCredentials for a wrong username or password, and EmailNotConfirmed for an
    account whose address is not confirmed yet (`common.people`): as the login form does,
    the link is sent to it again (at most once in three minutes) and no token is made.
    """
    user = authenticate(request=request, username=username, password=password)
    if user is None:
        if getattr(request, "axes_locked_out", False):
            minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
            raise SignInLockedOut(
                f"Too many failed sign-ins for this username from this address; "
                f"try again in {minutes} minutes."
            )
        raise InvalidCredentials("Unable to sign in with the username and password given.")
    if user_email_unconfirmed(user):
        address = EmailAddress.objects.filter(user_id=user.pk).order_by("-primary", "pk").first()
        if address is not None:
            _confirmation_send(request, address)
        raise EmailNotConfirmed(
            _(
                "Confirm your email address before signing in: open the link we sent to it. "
                "It has been sent again, unless it was sent in the last few minutes."
            ),
            field="username",
        )
    # A sign-in like the login form's, without a session: the lockout forgets earlier
    # failures and the user's last login is noted.
    user_logged_in.send(sender=user.__class__, request=request, user=user)
    return api_token_create(user=user, name=name)


def _confirmation_send(request: HttpRequest, address: EmailAddress) -> None:
    """Send `address` its confirmation link again, under the limit the login form's
    sending counts against too (allauth's `confirm_email`, per address)."""
    if not consume_email_verification_rate_limit(request, address.email):
        return
    try:
        address.send_confirmation(request, signup=False)
    except (OSError, smtplib.SMTPException, ValueError):
        # The answer says to confirm the address either way; the link sent before works.
        logger.warning("Confirmation link for %s not sent", address.email, exc_info=True)


@transaction.atomic
def api_token_revoke(*, user: User, token_id: int) -> ApiToken:
    """Revoke one of `user`'s own tokens; revoking it again changes nothing.

    A token of anyone else is NotFound, exactly like one that does not exist, so nobody learns
    which tokens others hold.
    """
    token = ApiToken.objects.select_for_update().filter(user=user, pk=token_id).first()
    if token is None:
        raise NotFound("No such token.")
    if token.revoked_at is None:
        token.revoked_at = timezone.now()
        token.save(update_fields=["revoked_at"])
    return token


class TokenOfUnconfirmedAccount(EmailNotConfirmed):
    """A token of an account whose address is not confirmed (made before the rule, or
    before an address was put on record): refused until the address is confirmed."""


def api_token_use(*, secret: str) -> ApiToken | None:
    """The active token with this secret, its last use noted; None for an unknown, expired or
    revoked one, or one whose user is inactive.

    `TokenOfUnconfirmedAccount` for a token whose account has an address on record and has
    confirmed none (`common.people`), read in the same query as the token."""
    now = timezone.now()
    token = (
        ApiToken.objects.select_related("user")
        .annotate(unconfirmed=email_unconfirmed_expression("user"))
        .filter(digest=token_digest(secret), revoked_at__isnull=True, expires_at__gt=now)
        .first()
    )
    if token is None or not token.user.is_active:
        return None
    if getattr(token, "unconfirmed", False):
        raise TokenOfUnconfirmedAccount(
            _("Confirm your email address before using the API: open the link sent to it.")
        )
    # One write a minute at most per token, not one per request.
    if token.last_used_at is None or now - token.last_used_at > timedelta(minutes=1):
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
        token.last_used_at = now
    return token
