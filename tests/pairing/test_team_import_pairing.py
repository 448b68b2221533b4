"""An imported team file pairs on the site: the boards per match come from the file.

Each position of the team corpus is a TRF-2026 team file as the event stood before round K.
Imported into a section, round K is asked for as an organiser asks for it (`round_pair`, the
run carried out in-process), and the matches the site stores must be gacrux's.
"""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from common.exceptions import StateError
from pairing.models import RunStatus
from pairing.services import round_pair
from teams.models import TeamBye
from teams.models import TeamMatch
from teams.services import team_section_boards_set
from tests.chesscore.record.test_trf_boards import team_event
from tests.conftest import client_for
from tests.factories import EventFactory
from tests.factories import SectionFactory
from tests.factories import UserFactory
from tests.golden import team_corpus
from tournaments.models import LogAction
from tournaments.models import LogEntry
from tournaments.models import Section
from tournaments.services import do_event_import_trf
from tournaments.services import section_import_trf
from tournaments.services import section_trf_load

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


# A few positions of each colour model of the 192 code (C.04.6 1.7), each with what the
# section must carry through the import: a PAB (320), teams absent or on a half-point bye in
# the round (240), matches forfeited whole (330) or board by board, the last round, and a
# position with no legal pairing.
SAMPLE = [
    pytest.param("gx101e001_r1", id="type-B-round-1"),
    pytest.param("gx101e002_r9", id="type-A-FIDE_TEAM-last-round-pab"),
    pytest.param("gx101e005_r4", id="type-A-absent-and-half-point-bye"),
    pytest.param("gx101e011_r4", id="type-A-pab-absent-330"),
    pytest.param("gx101e006_r5", id="type-B-game-points-first"),
    pytest.param("gx101e007_r3", id="type-B-330-and-board-forfeits"),
    pytest.param("gx101e004_r8", id="type-B-no-pairing"),
    pytest.param("gx101e003_r3", id="no-preferences-pab-330"),
    pytest.param("gx101e009_r9", id="no-preferences-match-points-only-absent"),
    pytest.param("gx101e010_r3", id="no-preferences-pab-absent"),
]


@pytest.mark.parametrize("name", SAMPLE)
def test_an_imported_position_is_paired_on_the_site_as_the_reference_pairs_it(
    name, django_capture_on_commit_callbacks
):
    """Pairs and colours: the team with White on board 1, and the PAB team."""
    section, number, run = _import_and_pair(name, django_capture_on_commit_callbacks)
    answer = (team_corpus() / f"{name}.expected").read_text().strip()

    if answer == "NO_PAIRING":
        assert run.status == RunStatus.FAILED
        assert _site_pairing(section, number) == []
    else:
        assert run.status == RunStatus.DONE, run.error
        assert _site_pairing(section, number) == _expected(name)


def _text(name: str) -> str:
    return (team_corpus() / f"{name}.trf").read_text(encoding="utf-8")


def test_the_api_import_into_a_team_section_sets_its_boards_and_logs_the_change(
    django_capture_on_commit_callbacks,
):
    section = SectionFactory(system="team_swiss", boards_per_match=None, planned_rounds=5)
    organiser = section.event.organisers.create(username="organiser")
    upload = SimpleUploadedFile("team.trf", _text("gx101e002_r4").encode())

    response = client_for(organiser).post(
        f"/api/v1/sections/{section.pk}/import-trf/", {"file": upload}, format="multipart"
    )
    section.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        run = round_pair(section=section, number=4, user=organiser)
    run.refresh_from_db()

    assert response.status_code == 200
    assert section.boards_per_match == 6
    imported = LogEntry.objects.get(section=section, action=LogAction.IMPORT)
    assert imported.changes["boards_per_match"] == [None, 6]
    assert run.status == RunStatus.DONE, run.error
    assert _site_pairing(section, 4) == _expected("gx101e002_r4")


def test_a_new_event_from_a_team_file_has_the_file_s_boards_per_match() -> None:
    section = do_event_import_trf(text=_text("gx101e001_r2"), organisers=[UserFactory()])

    assert section.system == "team_swiss"
    assert section.boards_per_match == 4


def test_a_team_file_that_gives_no_number_keeps_the_section_s_own() -> None:
    section = SectionFactory(system="team_swiss", boards_per_match=5, planned_rounds=5)
    organiser = section.event.organisers.create(username="organiser")
    text = "".join(line + "\r" for line in team_event(0, 0))

    section = section_trf_load(section=section, user=organiser, text=text)

    assert Section.objects.get(pk=section.pk).boards_per_match == 5


def test_an_organiser_corrects_the_imported_boards_until_a_round_is_paired() -> None:
    organiser = UserFactory()
    event = EventFactory()
    event.organisers.add(organiser)
    before_round_1 = section_import_trf(
        event=event, name="Before", text=_text("gx101e001_r1"), user=organiser
    )
    after_round_2 = section_import_trf(
        event=event, name="After", text=_text("gx101e001_r3"), user=organiser
    )

    team_section_boards_set(section=before_round_1, user=organiser, boards=6)
    with pytest.raises(StateError):
        team_section_boards_set(section=after_round_2, user=organiser, boards=6)

    assert Section.objects.get(pk=before_round_1.pk).boards_per_match == 6
    assert Section.objects.get(pk=after_round_2.pk).boards_per_match == 4
