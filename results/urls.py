"""Organiser pages of results: a result, colours or a bye of a published round corrected."""

from django.urls import path

from results import views

ROUND = "events/<slug:event_slug>/<slug:section_slug>/rounds/<int:number>/"

urlpatterns = [
    path(ROUND + "boards/<int:board>/correct/", views.game_correct, name="game_correct"),
    path(ROUND + "byes/<int:rank>/correct/", views.bye_correct, name="bye_correct"),
]
