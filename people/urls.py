"""A person's pages: their profile, their API tokens, the invitations they send and accept."""

from django.urls import path

from people import views

urlpatterns = [
    path("accounts/profile/", views.profile, name="profile"),
    path("language/", views.language_set, name="language_set"),
    path("accounts/tokens/", views.token_list, name="token_list"),
    path("accounts/tokens/<int:pk>/revoke/", views.token_revoke, name="token_revoke"),
    path(
        "events/<slug:event_slug>/people/invite/",
        views.invitation_create,
        name="invitation_create",
    ),
    path(
        "events/<slug:event_slug>/invitations/<int:pk>/withdraw/",
        views.invitation_revoke,
        name="invitation_revoke",
    ),
    path("invitations/<str:secret>/", views.invitation_accept, name="invitation_accept"),
]
