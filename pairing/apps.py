from django.apps import AppConfig


class PairingConfig(AppConfig):
    name = "pairing"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Here, not at the top: these modules define or use models, which Django loads only
        # once every app is registered.
        from pairing import tasks  # noqa: F401, PLC0415  (registers the app's Celery tasks)
        from pairing.services.replays import replayer  # noqa: PLC0415
        from tournaments.extensions import replayer_register  # noqa: PLC0415

        # The tournament layer asks the pairing app to replay a round in play after a
        # correction of its own (`tournaments.extensions`).
        replayer_register(replayer)
