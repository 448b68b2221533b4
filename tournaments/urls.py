from django.urls import path

from tournaments import views

urlpatterns = [
    path("", views.home, name="home"),
    path("events/<slug:event_slug>/", views.event_detail, name="event_detail"),
    path("events/<slug:event_slug>/import/", views.section_import, name="section_import"),
    path(
        "events/<slug:event_slug>/<slug:section_slug>/",
        views.section_detail,
        name="section_detail",
    ),
    path(
        "events/<slug:event_slug>/<slug:section_slug>/export/<str:dialect>/",
        views.section_export,
        name="section_export",
    ),
]
