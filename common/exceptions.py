"""Domain errors: raised by services, translated to HTTP by the API and views.

Each error has a stable `code` (used in API responses) and a human message. `field` names the
input that was wrong when there is one, so forms and the API can point at it.
"""

from __future__ import annotations


class DomainError(Exception):
    """Base of every error a user can cause; never a programming error."""

    code = "domain_error"
    status = 400

    def __init__(self, message: str, *, field: str | None = None, code: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field
        if code is not None:
            self.code = code

    def as_dict(self) -> dict[str, str]:
        data = {"code": self.code, "message": self.message}
        if self.field:
            data["field"] = self.field
        return data


class ValidationError(DomainError):
    """The input is malformed or inconsistent (a bad TRF line, a bad CSV column)."""

    code = "invalid"


class UploadTooLarge(ValidationError):
    """A file larger than the site takes for its kind (`common.limits.upload_limit`)."""

    code = "too_large"
    status = 413


class QuotaExceeded(DomainError):
    """An account, event or section holds as much as the site allows (`ROOKERY_QUOTAS`)."""

    code = "quota_exceeded"
    status = 403


class NotFound(DomainError):
    code = "not_found"
    status = 404


class PermissionDenied(DomainError):
    code = "permission_denied"
    status = 403


class StateError(DomainError):
    """The request is well formed but the object is in the wrong state for it."""

    code = "invalid_state"
    status = 409


class RetryLater(DomainError):
    """Nothing was changed, and the same request may be sent again later: the answer says
    when (`Retry-After`)."""

    retry_after = 30
    """Seconds a client should wait before sending the request again."""


class ServiceUnavailable(RetryLater):
    """A service the request needs (the task broker) cannot be reached, and nothing was
    changed: the same request may simply be sent again later."""

    code = "service_unavailable"
    status = 503


class EmailNotConfirmed(PermissionDenied):
    """The account gave an email address and has not opened the link sent to it: it may
    neither sign in nor hold anything until it does (`common.people`)."""

    code = "email_unconfirmed"


class TooManyRequests(RetryLater):
    """The account (or what it acts on) already has as much under way as the site takes at
    once; nothing was changed, and the same request may be sent again once some of it is
    done."""

    code = "too_many_requests"
    status = 429
