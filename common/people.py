"""Which accounts count as confirmed: the one rule read by the sign-in form, the API's
sign-in and tokens, and the services that let an account hold something (events).

An account that gave an email address (every sign-up does) must confirm it, by opening the
link sent to it, before it signs in or holds anything: otherwise one person could make as
many accounts as they like, each with the quotas of one (`ROOKERY_QUOTAS`). Accounts made by
an administrator before sign-up existed have no address on record (no allauth
`EmailAddress` row; a `User.email` typed in /admin/ is not one): there is nothing to confirm,
and they work as they always did.
"""

from __future__ import annotations

from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.db.models import BooleanField
from django.db.models import Exists
from django.db.models import ExpressionWrapper
from django.db.models import OuterRef
from django.db.models import Q
from django.utils.translation import gettext as _

from common.exceptions import EmailNotConfirmed
from common.types import AnyUser
from common.types import User

__all__ = [
    "email_unconfirmed_expression",
    "user_by_username",
    "user_email_confirmed_require",
    "user_email_unconfirmed",
]


def user_by_username(username: str) -> User | None:
    """The account called `username`, whatever the case it is typed in; None for none.

    A username names one account whatever its case (the database keeps it so:
    accounts/migrations/0004); should two still differ only by case, the one spelled exactly
    so is meant, else none."""
    users = get_user_model()._default_manager
    found = list(users.filter(username__iexact=username.strip())[:2])
    if len(found) == 1:
        return found[0]
    return next((user for user in found if user.get_username() == username.strip()), None)


def user_email_unconfirmed(user: AnyUser | None) -> bool:
    """True when `user` has an address on record and has confirmed none; False for an
    anonymous user, an account with a confirmed address and one with no address at all.
    One query."""
    if user is None or not getattr(user, "is_authenticated", False):
        return False
    verified = list(EmailAddress.objects.filter(user_id=user.pk).values_list("verified", flat=True))
    return bool(verified) and not any(verified)


def email_unconfirmed_expression(user_ref: str) -> ExpressionWrapper[Q]:
    """`user_email_unconfirmed` as a boolean expression over the user named by `user_ref`
    (an `OuterRef` path such as "user"), to be read in the same query as the row."""
    addresses = EmailAddress.objects.filter(user=OuterRef(user_ref))
    condition = Exists(addresses) & ~Exists(addresses.filter(verified=True))
    return ExpressionWrapper(condition, output_field=BooleanField())


def user_email_confirmed_require(*, user: AnyUser | None, doing: str) -> None:
    """`EmailNotConfirmed` when `user` must confirm their address before `doing` ("create
    an event"): see the module's docstring."""
    if user_email_unconfirmed(user):
        raise EmailNotConfirmed(
            _(
                "Confirm your email address before you %(doing)s: open the link we sent to "
                "it (signing in again sends it once more)."
            )
            % {"doing": doing}
        )
