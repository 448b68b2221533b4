from django.apps import AppConfig

from pairing.systems import SYSTEMS
from tournaments.systems import systems_register


class PairingConfig(AppConfig):
    name = "pairing"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # The lower layers (forms, imports, exports) learn the systems from the registry.
        systems_register(system.info for system in SYSTEMS.values())
