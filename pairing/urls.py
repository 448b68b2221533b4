"""Organiser pages of the pairing app: a round changed by hand, published, taken back, paired
again in memory."""

from django.urls import path

from pairing import views

ROUND = "events/<slug:event_slug>/<slug:section_slug>/rounds/<int:number>/"

urlpatterns = [
    path(ROUND + "manage/", views.round_manage, name="round_manage"),
    path(ROUND + "draft/", views.round_draft, name="round_draft"),
    path(ROUND + "draft/<slug:action>/", views.round_draft_edit, name="round_draft_edit"),
    path(ROUND + "publish/", views.round_publish, name="round_publish"),
    path(ROUND + "replay/", views.round_replay, name="round_replay"),
    path(ROUND + "pair-again/", views.round_pair_again, name="round_pair_again"),
    path(ROUND + "unpublish/", views.round_unpublish, name="round_unpublish"),
    path(ROUND + "delete/", views.round_delete, name="round_delete"),
]
