"""The backup the fuzz runs mutate: an event made from every seed TRF file, one section
each, and a section that takes online entries and checks its players in, so that mutations
reach every member of the file."""

from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser

from archives.selectors import event_backup_get
from chesscore.record.people import PlayerDetails
from entries import services as entries
from entries.check_ins import services as check_ins
from tests.fuzz.mutations import seed_files
from tournaments import services


def _entered(section, last_name: str, **details):
    entry, _secret = entries.entry_submit(
        section=section,
        link_for=lambda secret: f"/entries/{secret}/",
        last_name=last_name,
        **details,
    )
    return entry


def seed_backup(user: AbstractBaseUser) -> bytes:
    """The backup of a new event organised by `user` (who must have no quotas: staff)."""
    files = [data for _name, data in seed_files(".trf")]
    event = services.do_event_import_trf(text=files[0], organisers=[user]).event
    for index, data in enumerate(files[1:], start=2):
        services.do_section_import_trf(event=event, name=f"Section {index}", text=data)
    section = services.section_create(event=event, user=user, name="Entries", planned_rounds=3)
    services.player_create(
        section=section, user=user, details=PlayerDetails(last_name="Hand", fide_rating=2000)
    )
    entries.entry_settings_save(
        section=section, user=user, is_open=True, max_players=3, waiting_list=True, phone="optional"
    )
    approved = _entered(section, "Approved", fide_id="1503014", email="a@example.org")
    approved = entries.entry_approve(entry=approved, user=user)
    entries.entry_refuse(
        entry=_entered(section, "Refused", birth_year=1990, email="r@example.org"), user=user
    )
    _entered(section, "Pending", phone="+31 20 000 0000", email="p@example.org")
    _entered(section, "Waiting", federation="NED", email="w@example.org")
    check_ins.section_check_in_settings_set(
        section=section, user=user, check_in="every", absent_players="ask", check_in_code="rook"
    )
    check_ins.check_in_set(player=approved.player, user=user, present=True)
    return event_backup_get(event=event)
