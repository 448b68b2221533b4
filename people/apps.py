from django.apps import AppConfig


class PeopleConfig(AppConfig):
    name = "people"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in  # noqa: PLC0415 (apps ready)

        from people.languages import language_choice_load  # noqa: PLC0415 (models ready)

        # A signed-in user's language is read once, as they sign in.
        user_logged_in.connect(language_choice_load, dispatch_uid="people.language")
