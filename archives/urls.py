from django.urls import path

from archives import views

urlpatterns = [
    # Under "new", which no event may take as its address (`tournaments.services.free_slug`).
    path("events/new/restore/", views.event_restore, name="event_restore"),
    path("events/<slug:event_slug>/backup.json", views.event_backup, name="event_backup"),
]
