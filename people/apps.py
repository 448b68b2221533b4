from django.apps import AppConfig


class PeopleConfig(AppConfig):
    name = "people"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in  # noqa: PLC0415 (apps ready)
        from django.db.models.signals import post_save  # noqa: PLC0415 (apps ready)

        from people.languages import language_choice_load  # noqa: PLC0415 (models ready)
        from people.languages import language_of_event_forget  # noqa: PLC0415 (models ready)
        from tournaments.models import Event  # noqa: PLC0415 (models ready)

        # A signed-in user's language is read once, as they sign in.
        user_logged_in.connect(language_choice_load, dispatch_uid="people.language")
        # An event's language is kept in the cache until the event changes.
        post_save.connect(language_of_event_forget, sender=Event, dispatch_uid="people.event")
