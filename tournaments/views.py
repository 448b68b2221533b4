"""Public and organiser pages for events and sections."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments import selectors


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "tournaments/event_list.html", {"events": selectors.event_list()})
