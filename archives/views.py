"""Pages: an event's backup download, and restoring an event from a backup."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest
from django.http import HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import redirect
from django.shortcuts import render
from django.views.decorators.cache import never_cache

from archives import services
from archives.forms import RestoreForm
from archives.selectors import event_backup_get
from common.downloads import download_response
from common.downloads import json_download
from common.exceptions import DomainError
from common.types import AuthedRequest
from tournaments.views.base import event_for_manager
from tournaments.views.base import form_domain_error


@never_cache
@login_required
def event_backup(request: HttpRequest, event_slug: str) -> HttpResponseBase:
    """The whole event as one file, for its organisers and arbiters (403 for others who see
    it, 404 for those who do not)."""
    event = event_for_manager(request, event_slug)
    backup = json_download(f"{event.slug}-backup.json", event_backup_get(event=event))
    return download_response(backup)


@login_required
def event_restore(request: AuthedRequest) -> HttpResponse:
    """Any signed-in user restores a backup as a new event, which they organise."""
    form = RestoreForm(request.POST or None, request.FILES or None)
    if form.is_valid():
        data = form.cleaned_data
        try:
            event = services.event_restore(data=data["file"], user=request.user, slug=data["slug"])
        except DomainError as exc:
            form_domain_error(form, exc)
        else:
            return redirect("event_detail", event_slug=event.slug)
    return render(request, "archives/event_restore.html", {"form": form})
