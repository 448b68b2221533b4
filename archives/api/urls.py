"""Routes under /api/v1/ for backups; mounted before the events' own routes, whose
`events/{id}/` would otherwise take `events/restore/`."""

from django.urls import path

from archives.api import views

urlpatterns = [
    path("events/restore/", views.EventRestoreView.as_view(), name="api-event-restore"),
    path("events/<int:pk>/backup/", views.EventBackupView.as_view(), name="api-event-backup"),
]
