from django.apps import AppConfig


class TeamsConfig(AppConfig):
    name = "teams"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Round pages live in `tournaments`, which may not import this app: tell them how a
        # team section names its boards (`tournaments.extensions`).
        from teams.selectors import team_board_teams_get  # noqa: PLC0415
        from tournaments.extensions import board_teams_register  # noqa: PLC0415

        board_teams_register(team_board_teams_get)
