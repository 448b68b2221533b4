"""An imported team file pairs on the site: the boards per match come from the file.

Each position of the team corpus is a TRF-2026 team file as the event stood before round K.
Imported into a section, round K is asked for as an organiser asks for it (`round_pair`, the
run carried out in-process), and the matches the site stores must be gacrux's.
"""

from __future__ import annotations

import pytest

from pairing.models import RunStatus
from pairing.services import round_pair
from teams.models import TeamBye, TeamMatch
from tests.factories import EventFactory, UserFactory
from tests.golden import team_corpus
from tournaments.services import section_import_trf

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]


def _expected(name: str) -> list[tuple[int, int]]:
    """gacrux's matches of the position, ``(white, black)``, the PAB team as ``(team, 0)``."""
    lines = (team_corpus() / f"{name}.expected").read_text().split("\n")
    return sorted(
        (int(w), int(b)) for w, b in (line.split() for line in lines[1 : 1 + int(lines[0])])
    )


def _site_pairing(section, number: int) -> list[tuple[int, int]]:
    """The matches and the PAB team the site stored for round `number`."""
    made = [
        (m.white_team.starting_rank, m.black_team.starting_rank)
        for m in TeamMatch.objects.filter(
            round__section=section, round__number=number
        ).select_related("white_team", "black_team")
    ]
    made += [
        (b.team.starting_rank, 0)
        for b in TeamBye.objects.filter(
            round__section=section, round__number=number
        ).select_related("team")
    ]
    return sorted(made)


def _import_and_pair(name: str, capture):
    """Import position `name` as a new section of an organiser's event and pair its round."""
    organiser = UserFactory()
    event = EventFactory()
    event.organisers.add(organiser)
    text = (team_corpus() / f"{name}.trf").read_text(encoding="utf-8")
    section = section_import_trf(event=event, name="Imported", text=text, user=organiser)
    number = int(name.rsplit("_r", 1)[1])
    with capture(execute=True):
        run = round_pair(section=section, number=number, user=organiser)
    run.refresh_from_db()
    return section, number, run


def test_an_imported_team_file_pairs_its_next_round_on_the_site(
    django_capture_on_commit_callbacks,
):
    section, number, run = _import_and_pair("gx101e001_r3", django_capture_on_commit_callbacks)

    assert run.status == RunStatus.DONE, run.error
    assert section.boards_per_match == 4
    assert _site_pairing(section, number) == _expected("gx101e001_r3")
