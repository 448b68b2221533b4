"""The language a page speaks, and the reader's choice of it.

A page is in, first that found:

1. the reader's own choice: for a signed-in user the language saved with their account
   (`accounts.Preferences`), for anyone else the one they picked in the switcher (a cookie);
2. the event's language (`Event.language`), on every page of an event;
3. the browser's ``Accept-Language``;
4. English.

`LanguageMiddleware` turns it on for the request, says it in ``Content-Language`` and has
caches keep one copy a language (``Vary``). The switcher posts to `language_set` (no
JavaScript needed), which saves the choice where rule 1 looks for it.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest
from django.http import HttpResponse
from django.utils import translation
from django.utils.cache import patch_vary_headers

from accounts.models import Preferences
from common.types import AnyUser
from common.types import User
from tournaments.models import Event

__all__ = [
    "LanguageMiddleware",
    "language_choice_load",
    "language_choice_save",
    "language_chosen",
    "language_of_event",
    "language_of_event_forget",
    "language_valid",
]

EVENT_KEY = "event-language:"
EVENT_SECONDS = 300

SESSION_KEY = "rookery_language"
"""A signed-in user's saved language in their session: ``"<user id>:<code>"``, the code
blank when they chose none. Read from the database as they sign in."""


def language_valid(code: str | None) -> str:
    """`code` when the site speaks it, else ``""``."""
    return code if code and code in dict(settings.LANGUAGES) else ""


def language_choice_load(sender: object, request: HttpRequest, user: User, **kwargs: object) -> str:
    """Read `user`'s saved language into their session (as they sign in: Django's
    ``user_logged_in`` signal) and answer it."""
    preferences = Preferences.objects.filter(user=user).first()
    code = preferences.language if preferences is not None else ""
    request.session[SESSION_KEY] = f"{user.pk}:{code}"
    return code


def _user_choice(request: HttpRequest) -> str:
    user = request.user
    if not user.is_authenticated:
        return ""
    owner, _, code = str(request.session.get(SESSION_KEY, "")).partition(":")
    if owner != str(user.pk) and isinstance(user, User):
        # A session begun before languages were saved.
        code = language_choice_load(None, request, user)
    return language_valid(code)


def language_of_event(slug: str) -> str:
    """The language of the event at `slug`, ``""`` when it has none (or there is none)."""
    # Kept in the cache, so that a kept page still costs its one query.
    code = cache.get_or_set(
        EVENT_KEY + slug,
        lambda: Event.objects.filter(slug=slug).values_list("language", flat=True).first() or "",
        EVENT_SECONDS,
    )
    return language_valid(code)


def language_of_event_forget(sender: object, instance: Event, **kwargs: object) -> None:
    """Drop the kept language of `instance` (Django's ``post_save`` of an event)."""
    cache.delete(EVENT_KEY + instance.slug)


def language_chosen(request: HttpRequest) -> str:
    """The reader's own choice of language (rule 1), ``""`` when they made none."""
    return _user_choice(request) or language_valid(
        request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
    )


def language_choice_save(
    request: HttpRequest, response: HttpResponse, code: str, *, user: AnyUser
) -> None:
    """Remember `code` as the reader's choice: with a signed-in `user`'s account, and in
    the cookie the switcher reads for everyone."""
    code = language_valid(code)
    if user.is_authenticated:
        Preferences.objects.update_or_create(user=user, defaults={"language": code})
        request.session[SESSION_KEY] = f"{user.pk}:{code}"
    if code:
        response.set_cookie(
            settings.LANGUAGE_COOKIE_NAME,
            code,
            max_age=settings.LANGUAGE_COOKIE_AGE,
            samesite="Lax",
            secure=settings.SESSION_COOKIE_SECURE,
        )
    else:
        response.delete_cookie(settings.LANGUAGE_COOKIE_NAME, samesite="Lax")


class LanguageMiddleware:
    """Answer every request by the rules of this module: the reader's choice, else the
    browser's, until the address names an event (`process_view`, once the address is
    resolved) whose language then comes before the browser's."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        code = (
            language_chosen(request)
            or translation.get_language_from_request(request)
            or settings.LANGUAGE_CODE
        )
        # Only for this request: work done outside one (tasks, commands) keeps its own.
        with translation.override(code):
            request.LANGUAGE_CODE = translation.get_language()
            response = self.get_response(request)
        patch_vary_headers(response, ("Accept-Language", "Cookie"))
        response.headers.setdefault("Content-Language", request.LANGUAGE_CODE)
        return response

    def process_view(
        self,
        request: HttpRequest,
        view_func: Callable[..., HttpResponse],
        view_args: tuple[object, ...],
        view_kwargs: dict[str, object],
    ) -> None:
        slug = view_kwargs.get("event_slug")
        if not isinstance(slug, str) or language_chosen(request):
            return
        code = language_of_event(slug)
        if code:
            translation.activate(code)  # undone with the request's override
            request.LANGUAGE_CODE = code
