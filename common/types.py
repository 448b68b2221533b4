"""Type aliases shared by every app: who is asking, and decoded JSON.

`User` is the site's account model, an account that has signed in; `AnyUser` is whoever sent a
request, possibly no one. Services take `AnyUser` and refuse those who may not do what they ask;
a view behind a sign-in takes an `AuthedRequest` (a page) or an `AuthedApiRequest` (the API),
whose `user` is a `User`. The request classes only describe: Django and DRF make the requests.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.contrib.auth.models import User
from django.http import HttpRequest
from rest_framework.request import Request

__all__ = ["AnyUser", "AuthedApiRequest", "AuthedRequest", "JSONObject", "JSONValue", "User"]

AnyUser = User | AnonymousUser


class AuthedRequest(HttpRequest):
    """A page's request once `login_required` has let it through."""

    user: User


class AuthedApiRequest(Request):
    """An API request once `IsAuthenticated` has let it through."""

    user: User


# A JSON value as `json.loads` returns it, and a JSON object: their contents are checked where
# they are read.
JSONValue = dict[str, Any] | list[Any] | str | int | float | bool | None
JSONObject = dict[str, Any]
