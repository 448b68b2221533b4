"""Organiser pages of the pairing app: a draft round changed by hand."""

from django.urls import path

from pairing import views

ROUND = "events/<slug:event_slug>/<slug:section_slug>/rounds/<int:number>/"

urlpatterns = [
    path(ROUND + "draft/", views.round_draft, name="round_draft"),
    path(ROUND + "draft/<slug:action>/", views.round_draft_edit, name="round_draft_edit"),
]
