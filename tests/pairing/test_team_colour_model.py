"""A team Swiss section keeps its colour model (C.04.6 1.7) through TRF export and import.

The model travels in the 192 code.  A section made on the site pairs by the defaults (Type
A, match points, game points for colours) and writes them out in full,
``FIDE_TEAM_TYPEA_MP_GP``, which reads back as the same; a section imported from a file keeps
the file's code, so a code naming the scores but no type (no colour preferences) pairs and
exports as such.
"""

from __future__ import annotations

import pytest

from chesscore.pairing.team import PreferenceType
from chesscore.pairing.team import TeamPairingOptions
from chesscore.pairing.team import TeamSwissRules
from chesscore.pairing.team import pair_team_round
from pairing.models import RunStatus
from pairing.selectors import pairing_input_get
from pairing.services import round_pair
from public.selectors import section_trf_export_get
from tests.factories import EventFactory
from tests.factories import UserFactory
from tests.golden import team_corpus
from tests.pairing.test_team_import_pairing import _expected
from tests.pairing.test_team_import_pairing import _site_pairing
from tests.pairing.test_team_pairing import make_team_section
from tournaments.models import Round
from tournaments.services import do_section_import_trf
from tournaments.services import section_import_trf

pytestmark = pytest.mark.django_db


def _rules(section, number: int) -> TeamSwissRules:
    """The rules the engine reads from the record the site pairs round `number` with."""
    return pairing_input_get(section=section, number=number).record.team_rules


def _code(text: str) -> str:
    return next(line[4:].strip() for line in text.splitlines() if line.startswith("192"))


def test_a_site_made_team_swiss_exports_type_a_and_reads_back_the_same_rules() -> None:
    section = make_team_section(4, boards=2, rounds=3)
    text = section_trf_export_get(section=section, dialect="trf26")
    copy = do_section_import_trf(event=EventFactory(), name="Copy", text=text)

    assert _code(text) == "FIDE_TEAM_TYPEA_MP_GP"
    assert copy.system == "team_swiss"
    assert _rules(section, 1) == _rules(copy, 1) == TeamSwissRules()
    assert _rules(copy, 1).preferences is PreferenceType.A


def test_an_imported_code_without_a_type_keeps_pairing_without_colour_preferences() -> None:
    """gx101e031_r3 (FIDE_TEAM_MP_GP, two rounds played): the record the site pairs round 3
    from is paired as gacrux does, and the file the site writes names the same model."""
    folder = team_corpus()
    text = (folder / "gx101e031_r3.trf").read_text(encoding="utf-8")
    section = do_section_import_trf(event=EventFactory(), name="Imported", text=text)

    record = pairing_input_get(section=section, number=3).record
    result = pair_team_round(record, TeamPairingOptions(round_to_pair=3))
    made = [(m.white, m.black) for m in result.matches]
    if result.bye is not None:
        made.append((result.bye, 0))
    lines = (folder / "gx101e031_r3.expected").read_text().split("\n")
    expected = sorted(
        (int(w), int(b)) for w, b in (line.split() for line in lines[1 : 1 + int(lines[0])])
    )

    assert sorted(made) == expected
    assert _rules(section, 3).preferences is PreferenceType.NONE
    assert _code(section_trf_export_get(section=section, dialect="trf26")) == "FIDE_TEAM_MP_GP"


@pytest.mark.usefixtures("eager_tasks")
def test_an_imported_code_without_a_type_pairs_without_colour_preferences_through_the_site(
    django_capture_on_commit_callbacks,
) -> None:
    """gx101e031_r3 imported by an organiser and paired as the site pairs (request, run,
    planner): gacrux's matches, and the round says which rules it was paired by."""
    organiser = UserFactory()
    event = EventFactory()
    event.organisers.add(organiser)
    text = (team_corpus() / "gx101e031_r3.trf").read_text(encoding="utf-8")
    section = section_import_trf(event=event, name="Imported", text=text, user=organiser)

    with django_capture_on_commit_callbacks(execute=True):
        run = round_pair(section=section, number=3, user=organiser)
    run.refresh_from_db()

    assert run.status == RunStatus.DONE, run.error
    assert _site_pairing(section, 3) == _expected("gx101e031_r3")
    assert Round.objects.get(section=section, number=3).explanation["rules"] == "FIDE_TEAM_MP_GP"
